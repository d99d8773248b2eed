"""The raise form shows its presser their own cards and the board, and nobody else's cards,
within Discord's limits, in hold'em and in five-card Omaha."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from chatdealer.dealer import PrivateView, TableView
from chatdealer.render import cards_text

from .conftest import Launch, Running
from .fake_discord import ANN, BOB, CHANNEL_ID, CID, FakeDiscord
from .helpers import actor, answer, buttons_for, hole_cards, next_turn, unshown_lines, view_of

TITLE_LIMIT, LABEL_LIMIT, PLACEHOLDER_LIMIT, TEXT_LIMIT, TOP_LEVEL_LIMIT = 45, 45, 100, 4000, 5


async def open_form(fake: FakeDiscord, running: Running, view: TableView) -> dict[str, Any]:
    """The player to act presses Raise; the form Discord is asked to show them."""
    assert view.turn is not None and view.turn.min_raise_to is not None
    message = await buttons_for(fake, running, view)
    token = await fake.click(actor(view), message, f"cd:act:{CHANNEL_ID}:{view.turn.token}:raise")
    forms = await fake.wait_for(
        lambda: [r for r in fake.replies_to(token) if r.type == 9], what="the raise form"
    )
    return forms[0].data  # type: ignore[no-any-return]


def components(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Every component of a form, however deep (rows, labels)."""
    found, stack = [], list(data["components"])
    while stack:
        component = stack.pop()
        found.append(component)
        stack += component.get("components", [])
        if isinstance(component.get("component"), dict):
            stack.append(component["component"])
    return found


def assert_within_limits(data: dict[str, Any]) -> None:
    assert 0 < len(data["title"]) <= TITLE_LIMIT
    assert len(data["components"]) <= TOP_LEVEL_LIMIT
    for component in components(data):
        assert len(component.get("label", "")) <= LABEL_LIMIT, component
        assert len(component.get("placeholder", "")) <= PLACEHOLDER_LIMIT, component
        assert len(component.get("content", "")) <= TEXT_LIMIT, component


async def assert_form_shows_own_cards(
    fake: FakeDiscord, running: Running, view: TableView, hole_count: int
) -> str:
    """The form for the player to act: their cards and the board in a text display, no other
    player's card anywhere in it. Returns the shown text."""
    data = await open_form(fake, running, view)
    assert_within_limits(data)
    (shown,) = [c["content"] for c in components(data) if c["type"] == 10]
    presser = actor(view)
    own = await hole_cards(running, presser)
    assert own is not None and len(own.cards) == hole_count
    assert f"Your cards: {cards_text(own.cards)}" in shown
    board = cards_text(view.board) if view.board else "pre-flop"
    assert f"Board: {board}" in shown
    everything = json.dumps(data, ensure_ascii=False)
    for user in (ANN, BOB, CID):
        if user.id != presser.id:
            theirs = await hole_cards(running, user)
            assert theirs is not None
            assert not [card for card in _symbols(theirs) if card in everything], user.name
    return str(shown)


def _symbols(cards: PrivateView) -> list[str]:
    return cards_text(cards.cards).split()


async def _called_to_the_flop(fake: FakeDiscord, running: Running, first: TableView) -> TableView:
    view = first
    while not view.board:
        assert view.turn is not None and view.hand_number == first.hand_number
        message = await buttons_for(fake, running, view)
        action = "check" if view.turn.can_check else "call"
        custom_id = f"cd:act:{CHANNEL_ID}:{view.turn.token}:{action}"
        await fake.click(actor(view), message, custom_id)
        view = await _after(running, view)
    return view


async def _after(running: Running, view: TableView) -> TableView:
    assert view.turn is not None
    for _ in range(300):
        now = await view_of(running)
        if now.turn is not None and now.turn.token != view.turn.token:
            return now
        await asyncio.sleep(0.02)
    raise AssertionError("the hand did not move on to the next turn")


@pytest.mark.parametrize(("variant", "hole_count"), [("holdem", 2), ("omaha5", 5)])
async def test_the_raise_form_shows_the_pressers_cards_and_the_board(
    fake: FakeDiscord, launch: Launch, variant: str, hole_count: int
) -> None:
    running = await launch()
    reply = await answer(fake, await fake.slash(ANN, "create", variant=variant))
    assert "opened a table" in reply.content, reply.content
    for user in (ANN, BOB, CID):
        await answer(fake, await fake.slash(user, "join"))
    await answer(fake, await fake.slash(ANN, "start"))
    first = await next_turn(running)
    assert first.settings is not None
    assert first.settings.variant.omaha == (variant != "holdem")
    pre_flop = await assert_form_shows_own_cards(fake, running, first, hole_count)
    # On the flop the form shows the three board cards, and the best hand made with them.
    flop = await _called_to_the_flop(fake, running, first)
    assert len(flop.board) == 3
    on_flop = await assert_form_shows_own_cards(fake, running, flop, hole_count)
    assert " — " in on_flop.split("\n")[0]  # the best hand is named after the cards
    # Forms are private: what they showed never reached the channel.
    lines = unshown_lines(fake)
    for shown in (pre_flop, on_flop):
        cards_line = shown.split("\n")[0]
        assert not [line for line in lines if cards_line in line]
