"""The `/poker` tree as Discord receives it is the command catalog: every entry a command with
its options and choices, every bad argument answered with what was wrong and the right form,
through the real discord.py client against the fake Discord."""

from __future__ import annotations

from typing import Any

from adapters.common.catalog import entries, entry, missing_entries
from adapters.discord.commands import suggested
from adapters.discord.slash import choice_suggestions
from chatdealer.dealer.record import decode_record
from chatdealer.table.schedule import BlindSchedule

from .conftest import Launch
from .fake_discord import ANN, BOB, CID, FakeDiscord, Reply
from .helpers import TABLE, answer, view_of

SUBCOMMAND, GROUP = 1, 2


def published_paths(fake: FakeDiscord) -> dict[str, dict[str, Any]]:
    """Every command the bot published, by its catalog words (`join` under `/poker`,
    `host bank` for `/host bank`)."""
    paths: dict[str, dict[str, Any]] = {}
    for top in fake.commands:
        above = "" if top["name"] == "poker" else top["name"] + " "
        for option in top["options"]:
            if option["type"] == SUBCOMMAND:
                paths[above + option["name"]] = option
            elif option["type"] == GROUP:
                for sub in option["options"]:
                    assert sub["type"] == SUBCOMMAND
                    paths[f"{above}{option['name']} {sub['name']}"] = sub
    return paths


async def test_every_catalog_entry_is_a_command_with_its_options(
    fake: FakeDiscord, launch: Launch
) -> None:
    await launch()
    paths = published_paths(fake)
    assert missing_entries(paths) == []
    assert len(paths) == len(entries())
    for item in entries():
        published = paths[item.key]
        assert published["description"] == item.summary
        options = {option["name"]: option for option in published.get("options", [])}
        assert set(options) == {param.name for param in item.params}, item.key
        for param in item.params:
            option = options[param.name]
            assert option["description"] == param.help
            assert option["required"] == param.required
            shown = [choice["value"] for choice in option.get("choices", [])]
            if suggested(param):  # offered as the member types, not listed
                assert shown == [] and option["autocomplete"] is True, param.name
            else:
                assert shown == [choice.word for choice in param.choices]
    tournament = {option["name"] for option in paths["tournament open"]["options"]}
    assert {"buy_in", "starting_stack", "schedule", "minutes", "hands", "levels"} <= tournament
    assert {"rebuys", "rebuy_until"} <= tournament


async def test_names_descriptions_and_choices_are_published_in_russian_and_bulgarian(
    fake: FakeDiscord, launch: Launch
) -> None:
    await launch()
    poker = fake.command()
    assert poker["name_localizations"]["ru"] == "покер"
    paths = published_paths(fake)
    join = paths["join"]
    assert join["name_localizations"]["ru"] == "сесть"
    assert join["description_localizations"]["bg"] == "Седни на масата"
    schedule = next(o for o in paths["tournament open"]["options"] if o["name"] == "schedule")
    assert schedule["name_localizations"]["ru"] != "schedule"
    assert schedule["description_localizations"]["bg"] != schedule["description"]
    turbo = next(choice for choice in schedule["choices"] if choice["value"] == "turbo")
    assert turbo["name_localizations"]["ru"] != turbo["name"]


async def test_a_bad_amount_is_answered_with_the_right_form_and_nothing_changes(
    fake: FakeDiscord, launch: Launch
) -> None:
    running = await launch()
    await answer(fake, await fake.slash(ANN, "create"))
    await answer(fake, await fake.slash(ANN, "join", buy_in="150"))
    before = await view_of(running)
    for typed, said in (("abc", "not an amount"), ("-5", "more than 0"), ("1.5", "whole")):
        reply = await answer(fake, await fake.slash(ANN, "topup", amount=typed))
        assert reply.ephemeral, typed
        assert said in reply.content and "`/poker topup [amount]`" in reply.content, reply.content
    assert (await view_of(running)).seats == before.seats
    grown = await answer(fake, await fake.slash(ANN, "topup", amount="0.05k"))
    assert "50" in grown.content
    assert (await view_of(running)).seats[0].stack == before.seats[0].stack + 50


async def test_a_tournament_is_opened_with_every_option_and_played_by_commands(
    fake: FakeDiscord, launch: Launch
) -> None:
    running = await launch()
    opened = await answer(
        fake,
        await fake.slash(
            ANN,
            "tournament open",
            buy_in="50",
            starting_stack="2k",
            schedule="turbo",
            hands=4,
            rebuys=2,
            rebuy_until=3,
            seats=6,
        ),
    )
    assert opened.ephemeral, opened.content
    stored = await running.poker.dealer.store.tables.load(TABLE)
    assert stored is not None
    record = decode_record(stored[1])
    assert record.tournament is not None
    settings = record.tournament.settings
    assert (settings.buy_in, settings.starting_stack, settings.seat_count) == (50, 2000, 6)
    assert settings.schedule.hands_per_level == 4
    assert settings.schedule.levels == BlindSchedule.turbo(by_hands=True).levels
    assert (settings.max_rebuys, settings.rebuy_levels) == (2, 3)
    for user in (ANN, BOB, CID):
        await answer(fake, await fake.slash(user, "tournament register"))
    await answer(fake, await fake.slash(CID, "tournament unregister"))
    registered = (await view_of(running)).tournament
    assert registered is not None and registered.entrants == ("Ann", "Bob")
    status = await answer(fake, await fake.slash(BOB, "tournament status"))
    assert status.ephemeral
    refused = await answer(
        fake, await fake.slash(BOB, "tournament open", schedule="turbo", levels="10/20")
    )
    assert "custom schedule" in refused.content and refused.ephemeral
    custom = await answer(
        fake, await fake.slash(BOB, "tournament open", schedule="custom", minutes="x")
    )
    assert "minutes" in custom.content


async def test_help_is_the_catalogs_and_only_the_asker_sees_it(
    fake: FakeDiscord, launch: Launch
) -> None:
    await launch()
    token = await fake.slash(ANN, "help")
    footer = "explains one command"  # the last line: help longer than a message comes in parts

    def whole_help() -> list[Reply] | None:
        parts = fake.answered(token)
        return parts if parts and footer in parts[-1].content else None

    parts = await fake.wait_for(whole_help, what="the whole help")
    assert all(part.ephemeral for part in parts)
    assert "`/tournament open`" in "\n".join(part.content for part in parts)
    one = await answer(fake, await fake.slash(ANN, "help", command="tournament open"))
    assert one.ephemeral and entry("tournament open").summary in one.content
    assert "rebuy_until" in one.content


COMMAND_LIMIT = 4000
"""Discord refuses a command whose names, descriptions and choices (its subcommands' and
options' included) come to more characters than this, in any one language."""


def characters(item: dict[str, Any], code: str | None) -> int:
    def said(node: dict[str, Any], field: str) -> str:
        shown = (node.get(f"{field}_localizations") or {}).get(code) if code else None
        return str(shown or node.get(field, ""))

    count = len(said(item, "name")) + len(said(item, "description"))
    for choice in item.get("choices", []):
        count += len(said(choice, "name")) + len(str(choice["value"]))
    return count + sum(characters(option, code) for option in item.get("options", []))


async def test_the_tree_fits_discords_limit_in_every_language(
    fake: FakeDiscord, launch: Launch
) -> None:
    await launch()
    assert {command["name"] for command in fake.commands} == {
        "poker",
        "host",
        "house",
        "showdown",
        "tournament",
    }
    for top in fake.commands:  # each top-level command has the limit to itself
        sizes = {code: characters(top, code) for code in (None, "ru", "bg")}
        assert all(size <= COMMAND_LIMIT for size in sizes.values()), (top["name"], sizes)
    poker = {code: characters(fake.command(), code) for code in (None, "ru", "bg")}
    assert min(poker.values()) > COMMAND_LIMIT // 2  # counted over the whole tree


def test_the_games_are_suggested_as_the_member_types_in_their_language() -> None:
    (variant,) = [p for p in entry("create").params if p.name == "variant"]
    assert suggested(variant)
    every = [choice.value for choice in choice_suggestions(variant, "en", "")]
    assert every == ["holdem", "short", "omaha", "omaha5", "omaha8"]
    omahas = choice_suggestions(variant, "en", "omaha")
    assert [choice.value for choice in omahas] == ["omaha", "omaha5", "omaha8"]
    assert [choice.value for choice in choice_suggestions(variant, "en", "o8")] == ["omaha8"]
    english = [choice.name for choice in choice_suggestions(variant, "en", "")]
    russian = [choice.name for choice in choice_suggestions(variant, "ru", "")]
    assert russian != english


async def test_a_game_typed_instead_of_picked_is_checked_like_any_argument(
    fake: FakeDiscord, launch: Launch
) -> None:
    running = await launch()
    reply = await answer(fake, await fake.slash(ANN, "create", variant="chess"))
    assert reply.ephemeral and "`/poker create" in reply.content, reply.content
    assert not running.poker.tables.states  # no table was opened
    reply = await answer(fake, await fake.slash(ANN, "create", variant="omaha"))
    assert "opened a table" in reply.content, reply.content
    view = await view_of(running)
    assert view.settings is not None and view.settings.variant.omaha
