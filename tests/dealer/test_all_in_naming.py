"""Issue 22: no event of an all-in run-out names a hand before the board it is named on is out.

Many all-in hands are played through the `Dealer` on the embedded Redis with seeded decks
(heads-up to four-handed, all-in before the flop, on the flop and on the turn); the channel's
events are walked in order, the board kept as it is dealt, and every hand named anywhere (a
hand shown, a run-out's final name, a pot's winning hand) is checked against the cards shown
and the board dealt so far: named only from three board cards on, made of those cards only,
and exactly the best hand they make.
"""

from __future__ import annotations

from collections.abc import Sequence

from chatdealer.cards import parse_cards
from chatdealer.dealer import Create, Join, Outgoing, Start, TopUp
from chatdealer.dealer.outgoing import (
    AllInEquity,
    BoardDealt,
    HandNamed,
    HandOver,
    HandStarted,
    MadeHand,
    PotWon,
    Shown,
)
from chatdealer.evaluator import HOLDEM, evaluate
from chatdealer.render import language, payload_text
from chatdealer.store import Store, TableId
from chatdealer.table import TableSettings

from .harness import PLAYERS, Clock, Harness, all_in, check_or_call, refusals

SETTINGS = TableSettings(small_blind=1, big_blind=2, seat_count=6, time_bank_seconds=0)
HANDS_PER_TABLE = 6


def assert_named_on(hand: MadeHand, hole: Sequence[str], board: Sequence[str]) -> None:
    assert len(board) >= 3, f"{hand.name} named before the flop"
    dealt = {*hole, *board}
    assert set(hand.cards) <= dealt, f"{hand.name} of {hand.cards} before {board}"
    best = evaluate(parse_cards([*hole, *board]), HOLDEM)
    assert (hand.kind, hand.ranks) == (best.category, best.ranks), (hand, hole, board)


def walk(channel: Sequence[Outgoing]) -> int:
    """Checks every hand name in the channel's events against the board dealt so far; the
    number of run-outs seen (hands shown before the river)."""
    board: tuple[str, ...] = ()
    shown: dict[str, tuple[str, ...]] = {}
    early: set[str] = set()
    named: set[str] = set()
    run_outs = 0
    for event in channel:
        payload = event.payload
        text = payload_text(payload, language("en"), 0.0)
        if isinstance(payload, HandStarted):
            board, shown, early, named = (), {}, set(), set()
        elif isinstance(payload, BoardDealt):
            assert payload.board[: len(board)] == board
            board = payload.board
        elif isinstance(payload, AllInEquity):
            assert payload.board == board
        elif isinstance(payload, Shown):
            shown[payload.player_id] = payload.cards
            if len(board) < 5:
                early.add(payload.player_id)
            if payload.hand is None:
                assert len(board) < 3, text
            else:
                assert_named_on(payload.hand, payload.cards, board)
        elif isinstance(payload, HandNamed):
            assert len(board) == 5 and payload.player_id in early, text
            assert payload.player_id not in named
            named.add(payload.player_id)
            assert_named_on(payload.hand, payload.cards, board)
        elif isinstance(payload, PotWon):
            assert named == early, "every hand shown early is named with the river, before a pot"
            if payload.hand is not None:
                winner = payload.winners[0].player_id
                assert_named_on(payload.hand, shown[winner], board)
        elif isinstance(payload, HandOver) and early:
            run_outs += 1
    return run_outs


async def play_table(store: Store, clock: Clock, seed: int, players: int, street: int) -> int:
    """One table of `players`, everyone all-in once `street` board cards are out (checking
    and calling until then), for a few hands; the run-outs the channel saw."""
    game = Harness(store, clock, TableId("discord", f"allin{seed}", "poker"), seed=seed)
    assert not refusals(await game.do(PLAYERS[0], Create(settings=SETTINGS)))
    for user in PLAYERS[:players]:
        assert not refusals(await game.do(user, Join(buy_in=100)))
    await game.do(PLAYERS[0], Start())
    for _ in range(HANDS_PER_TABLE):
        for _ in range(200):
            view = game.view()
            turn = view.turn
            if turn is None:
                break
            strategy = all_in if len(view.board) >= street else check_or_call
            action, amount = strategy(turn, game.random)
            out = await game.act(game.users[turn.player_id], action, amount)
            assert not refusals(out), refusals(out)
        for seat in game.view().seats:  # the busted buy in again, so the table plays on
            if seat.stack == 0:
                assert not refusals(await game.do(game.users[seat.player_id], TopUp(amount=100)))
        view = await game.fresh_view()
        if view.next_hand_at is None:
            break
        clock.advance(view.next_hand_at - clock.now)
        game.log += await game.dealer.fire_table(game.table)  # this table's clock only
    await game.assert_chips_conserved()
    return walk([o for o in game.log if o.to is None])


async def test_no_hand_is_named_before_its_board_is_out(store: Store, clock: Clock) -> None:
    run_outs = 0
    seed = 0
    for players in (2, 3, 4):
        for street in (0, 3, 4):
            for _ in range(2):
                seed += 1
                run_outs += await play_table(store, clock, seed, players, street)
    assert run_outs >= 80  # most of the hands were run out with the hands face up
