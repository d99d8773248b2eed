"""Everything the Discord adapter shows, in Russian and Bulgarian: the `/poker` tree as Discord
receives it (names, descriptions, choices), the adapter's own words (buttons, the raise form,
notices), and every message, reply, label and DM of an evening played at a Russian and at a
Bulgarian table, searched for English left untranslated."""

from __future__ import annotations

import re
from typing import Any

import pytest

from adapters.discord.texts import UI, ui

from .conftest import Launch
from .fake_discord import ANN, BOB, CHANNEL_ID, CID, FakeDiscord
from .helpers import actor, answer, buttons_for, next_turn
from .test_play import _moved

SAME_IN_EVERY_LANGUAGE = {"English", "Русский", "Български"}
"""A language's own name is shown the same to everyone."""
LOCALES = ("ru", "bg")


def walk(options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found = []
    for option in options:
        found.append(option)
        found += walk(option.get("options", []))
    return found


async def test_the_published_tree_is_translated_whole(fake: FakeDiscord, launch: Launch) -> None:
    await launch()
    poker = fake.command()
    untranslated = []
    for item in [poker, *walk(poker["options"])]:
        for field in ("name", "description"):
            said = item.get(f"{field}_localizations") or {}
            untranslated += [(item[field], code) for code in LOCALES if not said.get(code)]
        for choice in item.get("choices", []):
            if choice["name"] in SAME_IN_EVERY_LANGUAGE:
                continue
            said = choice.get("name_localizations") or {}
            untranslated += [(choice["name"], code) for code in LOCALES if not said.get(code)]
    assert untranslated == []


@pytest.mark.parametrize("code", LOCALES)
def test_every_word_of_the_adapter_is_translated(code: str) -> None:
    params = {"amount": "1", "low": "1", "high": "2", "channel": "#c", "name": "Ann"}
    untranslated = [key for key in UI if ui(code, key, **params) == ui("en", key, **params)]
    assert untranslated == []


ENGLISH_WORD = re.compile(r"\b[A-Za-z][a-z]{2,}\b")
NOT_WORDS = [
    re.compile(pattern)
    for pattern in (
        r"\b[0-9a-f]{12,}\b",  # a deck commitment
        r"<[#@!&]?\d+>|<t:\d+:[a-zA-Z]>",  # mentions, channels, timestamps
        r"\b(Ann|Bob|Cid|Ada)\b",  # the players' names (Ada is a bot)
        r"\babc\b",  # what was typed
        r"\b\w+\.(png|phh)\b",  # file names
        r"\bPHH\b",
    )
]


def english_in(text: str) -> list[str]:
    for pattern in NOT_WORDS:
        text = pattern.sub(" ", text)
    return ENGLISH_WORD.findall(text)


def labels(components: list[dict[str, Any]]) -> list[str]:
    found = []
    for component in walk_components(components):
        for key in ("label", "placeholder", "title", "content"):
            if isinstance(component.get(key), str):
                found.append(component[key])
        found += [option["label"] for option in component.get("options", [])]
    return found


def walk_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found = []
    for component in components:
        found.append(component)
        found += walk_components(component.get("components", []))
        if isinstance(component.get("component"), dict):
            found += walk_components([component["component"]])
    return found


@pytest.mark.parametrize("code", LOCALES)
async def test_an_evening_at_a_table_shows_no_english(
    fake: FakeDiscord, launch: Launch, code: str
) -> None:
    fake.blocked_dms.add(CID.id)
    running = await launch()
    await answer(fake, await fake.slash(ANN, "create", language=code, blinds="5/10"))
    for user in (ANN, BOB, CID):
        await answer(fake, await fake.slash(user, "join"))
    await answer(fake, await fake.slash(ANN, "start"))
    asked: list[str] = []
    view = await next_turn(running)
    message = await buttons_for(fake, running, view)
    assert view.turn is not None
    raise_id = f"cd:act:{CHANNEL_ID}:{view.turn.token}:raise"
    asked.append(await fake.click(actor(view), message, raise_id))
    await fake.wait_for(lambda: [r for r in fake.replies if r.type == 9], what="the form")
    asked.append(await fake.click(CID, message, f"cd:cards:{CHANNEL_ID}"))
    for _ in range(3):  # the hand played on with the buttons, a stale press among them
        view = await next_turn(running)
        message = await buttons_for(fake, running, view)
        assert view.turn is not None
        action = "check" if view.turn.can_check else "call"
        asked.append(
            await fake.click(
                actor(view), message, f"cd:act:{CHANNEL_ID}:{view.turn.token}:{action}"
            )
        )
        await _moved(running, view.turn.token)
        stale = f"cd:act:{CHANNEL_ID}:{view.turn.token}:fold"
        asked.append(await fake.click(actor(view), message, stale))
    for command, options in (
        ("addbot", {"style": "tight"}),
        ("balance", {}),
        ("daily", {}),
        ("leaderboard", {}),
        ("night", {}),
        ("history", {}),
        ("cards", {}),
        ("sitout", {}),
        ("back", {}),
        ("topup", {"amount": "abc"}),
        ("topup", {"amount": "10"}),
        ("seed", {"text": "слон"}),
        ("straddle", {}),
        ("settings", {"clock": "20"}),
        ("kick", {"member": CID}),
        ("tournament rebuy", {}),
        ("help", {}),
        ("help", {"command": "join"}),
    ):
        await answer(fake, await fake.slash(BOB, command, **options))
    await answer(fake, asked[1])  # My cards, with the notice that Cid's DMs are closed
    await running.poker.idle()
    shown = [m.content for _, m in fake.channel_log]
    shown += [label for _, m in fake.channel_log for label in labels(m.components)]
    shown += [reply.content for reply in fake.replies]
    shown += [label for reply in fake.replies for label in labels([reply.data])]
    shown += [text for _, text, _ in fake.dms]
    english = {word for text in shown for word in english_in(text)}
    assert english == set(), [line for t in shown for line in t.split("\n") if english_in(line)]
