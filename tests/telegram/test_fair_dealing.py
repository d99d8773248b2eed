"""The deck commitment in a Telegram group: the whole root in the table message's caption once
a hand is dealt, with the next hand's deck, through the real python-telegram-bot worker."""

from __future__ import annotations

from .conftest import Launch
from .fake_bot_api import ANN, FakeBotApi
from .test_game import Players, open_table, view_of
from .test_translations import said


async def test_the_caption_shows_the_whole_commitment_of_the_hand_and_the_next(
    fake: FakeBotApi, launch: Launch
) -> None:
    worker = await launch()
    players = Players(fake, worker)
    await open_table(fake, worker, players)
    view = await view_of(worker)
    assert view.hand_running and len(view.deck_commitment) == 64
    assert len(view.next_deck_commitment) == 64

    def captioned() -> str | None:
        message = fake.table_message()
        if message is None or message.photo is None or not message.caption:
            return None
        caption = message.caption
        return caption if view.deck_commitment in caption else None

    caption = await fake.wait_for(captioned, "the commitment in the caption")
    assert f"Deck {view.deck_commitment}" in caption
    assert f"Next deck {view.next_deck_commitment}" in caption
    started = [text for text in fake.group_texts() if "deck commitment" in text]
    assert any(f"deck commitment {view.deck_commitment}" in text for text in started)


async def test_the_host_opens_the_whole_deck_at_create_and_closes_it_in_settings(
    fake: FakeBotApi, launch: Launch
) -> None:
    worker = await launch()
    await said(fake, ANN, "/poker 5/10 open_deck=on")
    settings = (await view_of(worker)).settings
    assert settings is not None and settings.open_deck and settings.big_blind == 10
    await said(fake, ANN, "/settings open_deck=off")
    settings = (await view_of(worker)).settings
    assert settings is not None and not settings.open_deck
