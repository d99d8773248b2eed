"""Hole cards stay secret: only their owner is sent them, until they are shown at a showdown.

Many random hands are played through `handle`; every event sent to the channel is serialised to
JSON, as an adapter would send it on, and searched for any card of a hand that was not shown.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator

import msgspec
import pytest

from chatdealer.dealer import Create, Join, LastHand, MyCards, Outgoing, Start, TopUp
from chatdealer.dealer.outgoing import HandOver, HandStarted, HoleCards, Shown

from .harness import ANN, BOB, CID, DEE, Harness, payloads, random_play, refusals
from .test_play import SETTINGS

CARDS = re.compile(r"(?<![0-9A-Za-z])((?:[2-9TJQKA][cdhs])+)(?![0-9A-Za-z])")


def cards_in(text: str) -> set[str]:
    found: set[str] = set()
    for run in CARDS.findall(text):
        found.update(run[i : i + 2] for i in range(0, len(run), 2))
    return found


def strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def channel_cards(out: Outgoing) -> set[str]:
    found: set[str] = set()
    for text in strings(msgspec.json.decode(msgspec.json.encode(out))):
        found |= cards_in(text)
    return found


def by_hand(log: list[Outgoing]) -> list[list[Outgoing]]:
    """The log cut at each deal: every hand's events, up to the next deal."""
    hands: list[list[Outgoing]] = []
    for event in log:
        if isinstance(event.payload, HandStarted):
            hands.append([])
        if hands:
            hands[-1].append(event)
    return hands


async def test_no_channel_event_holds_a_hole_card_that_was_not_shown(
    game: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    await game.do(ANN, Create(settings=SETTINGS))
    for user in (ANN, BOB, CID, DEE):
        await game.do(user, Join(buy_in=200))
    await game.do(CID, Start())
    for _ in range(40):
        await game.play_hand(random_play)
        await game.do(BOB, LastHand())
        await game.do(DEE, MyCards())
        for seat in game.view().seats:
            if seat.stack == 0:
                await game.do(game.users[seat.player_id], TopUp(amount=200))
        view = game.view()
        assert view.next_hand_at is not None
        await game.fire(view.next_hand_at - game.clock.now)

    hands = by_hand(game.log)
    assert len(hands) == 41
    scanned = 0
    for events in hands:
        dealt = {o.to: set(p.view.cards) for o in events if isinstance(p := o.payload, HoleCards)}
        private = [o for o in events if isinstance(o.payload, HoleCards)]
        assert all(channel_cards(o) >= dealt[o.to] for o in private)  # the scan does see cards
        started = payloads(events, HandStarted)[0]
        assert set(dealt) == {player.player_id for player in started.players}
        shown = set().union(*(set(s.cards) for s in payloads(events, Shown)))
        secret = set().union(*dealt.values()) - shown
        for event in events:
            if event.to is None:
                scanned += 1
                leaked = channel_cards(event) & secret
                assert not leaked, (event.kind, leaked)
    assert all(payloads(events, HandOver) for events in hands[:-1])
    assert scanned > 1_000
    for record in caplog.records:
        assert not cards_in(record.getMessage()), record.getMessage()


async def test_my_cards_go_to_me_alone(game: Harness) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(ANN, Join(buy_in=200))
    await game.do(BOB, Join(buy_in=200))
    dealt = await game.do(ANN, Start())
    mine = next(o for o in dealt if isinstance(o.payload, HoleCards) and o.to == BOB.id)
    out = await game.do(BOB, MyCards())
    assert [o.to for o in out] == [BOB.id]
    assert isinstance(out[0].payload, HoleCards) and isinstance(mine.payload, HoleCards)
    assert out[0].payload.view.cards == mine.payload.view.cards
    assert [r.code for r in refusals(await game.do(CID, MyCards()))] == ["no_cards"]


def test_a_stored_record_printed_in_a_log_shows_no_card_and_no_seed() -> None:
    from chatdealer.cards import Deck, format_cards
    from chatdealer.dealer.record import DeckSecret, new_record
    from chatdealer.table import Table, TableSettings

    table = Table.open(TableSettings(small_blind=1, big_blind=2, seat_count=3))
    for number in range(3):
        table.sit(f"p{number}", f"P{number}", 200)
    deck = Deck.STANDARD.cards()
    table.deal(deck, draw=list(reversed(deck)))
    record = new_record("p0", 0.0, cash=table)
    record.deck = DeckSecret(hand=1, seed="f" * 64, root="a" * 64)
    text = repr(record) + str(record)
    assert "f" * 16 not in text
    assert table.hand is not None
    for hole in table.hand.holes:
        for card in format_cards(hole).split():
            assert f"'{card}'" not in text and card not in text.split()
