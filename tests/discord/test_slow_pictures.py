"""A hole-card picture that is slow to draw (a cold process pool, a deal at many tables at
once) never keeps a player from their cards: the DM goes as text once the picture is late."""

from __future__ import annotations

import asyncio
import time

import pytest

import adapters.discord.poker
from adapters.common.pictures import PRIVATE_PICTURE_WAIT
from chatdealer.dealer import PrivateView

from .conftest import Launch
from .fake_discord import ANN, BOB, CID, FakeDiscord
from .helpers import hole_cards, hole_text, next_turn
from .test_play import seat_three


async def test_the_cards_go_as_text_when_their_picture_is_late(
    fake: FakeDiscord, launch: Launch, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def stuck_picture(view: PrivateView, lang: str) -> bytes | None:
        await asyncio.sleep(60)
        return None

    monkeypatch.setattr(adapters.discord.poker, "dm_hand_png", stuck_picture)
    running = await launch()
    await seat_three(fake, running)
    await next_turn(running)
    dealt = time.monotonic()
    for user in (ANN, BOB, CID):
        cards = await hole_cards(running, user)
        assert cards is not None
        while not any(u == user.id and hole_text(cards) in text for u, text, _ in fake.dms):
            assert time.monotonic() - dealt < PRIVATE_PICTURE_WAIT + 10, "no DM of the cards"
            await asyncio.sleep(0.05)
        files = [f for u, text, f in fake.dms if u == user.id and hole_text(cards) in text]
        assert files == [[]], "the DM went without its picture, once"
