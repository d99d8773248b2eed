"""Issue 19: pre-flop all-in chances are worked out in another process, not on the event loop.

Played through the `Dealer` on the embedded Redis: the channel is shown the chances once,
before the run-out, as sampled figures that add up to the whole pot, and the hand plays on as
before. The pool's answer is the one sampling in place gives with the same seed. A chat worker
answers the all-in at once and tells the chances, the run-out and the pots once the pool has
answered.
"""

from __future__ import annotations

import asyncio

import pytest
from redis.asyncio import Redis

from chatdealer.cards import parse_cards
from chatdealer.dealer import Create, Join, Start, User
from chatdealer.dealer.entry import CHAT_EVENTS_MAXLEN
from chatdealer.dealer.equities import EquityPool, EquityQuestion, answer
from chatdealer.dealer.outgoing import AllInEquity, BoardDealt, HandOver, Outgoing, TableShown
from chatdealer.dealer.showdown import _quick
from chatdealer.engine.config import BettingStructure, Variant
from chatdealer.equity import EquityResult, all_in_equity
from chatdealer.evaluator import HOLDEM, SHORT_DECK
from chatdealer.store import Store, TableId
from chatdealer.table import TableSettings

from .conftest import BANK
from .harness import ANN, BOB, CID, DEE, EVE, Clock, Harness, all_in, refusals

SETTINGS = TableSettings(small_blind=1, big_blind=2, seat_count=6, time_bank_seconds=0)


async def all_in_until_told(game: Harness) -> list[AllInEquity]:
    """Everyone moves all in; the chances the channel was told, once the hand has played out."""
    for _ in range(20):
        turn = game.view().turn
        if turn is None:
            break
        action, amount = all_in(turn, game.random)
        assert not refusals(await game.act(game.users[turn.player_id], action, amount))
    return [o.payload for o in game.log if isinstance(o.payload, AllInEquity) and o.to is None]


def questions_asked(game: Harness) -> list[EquityQuestion]:
    """Every question the game's dealer sends to its pool from now on, in order."""
    asked: list[EquityQuestion] = []
    pooled = game.dealer.equities.answer

    async def recorded(question: EquityQuestion, seed: int) -> EquityResult:
        asked.append(question)
        return await pooled(question, seed)

    game.dealer.equities.answer = recorded  # type: ignore[method-assign]
    return asked


@pytest.mark.parametrize("players", [(ANN, BOB), (ANN, BOB, CID)])
async def test_all_in_chances_are_shown_before_the_run_out_and_after_the_flop_and_turn(
    store: Store, clock: Clock, players: tuple[User, ...]
) -> None:
    game = Harness(store, clock, TableId("discord", f"offloop{len(players)}", "poker"))
    assert not refusals(await game.do(ANN, Create(settings=SETTINGS)))
    for user in players:
        assert not refusals(await game.do(user, Join(buy_in=100)))
    await game.do(ANN, Start())
    told = await all_in_until_told(game)
    assert [len(chances.board) for chances in told] == [0, 3, 4]
    assert [chances.again for chances in told] == [False, True, True]
    assert told[0].exact is (len(players) == 2)  # two hands: from the heads-up table
    assert told[1].exact and told[2].exact
    assert len(told[0].players) == len(players)
    assert sum(share.equity for share in told[0].players) == pytest.approx(1.0)
    channel = [o.payload for o in game.log if o.to is None]
    after = channel[channel.index(told[0]) :]
    assert any(isinstance(p, BoardDealt) and len(p.board) == 5 for p in after)  # run out
    assert any(isinstance(p, HandOver) for p in after)
    await game.assert_chips_conserved()
    game.dealer.equities.close()


async def test_a_five_way_all_in_asks_the_pool_only_before_the_flop(
    store: Store, clock: Clock
) -> None:
    """The flop's and the turn's chances are worked out in the step, exact, at any number of
    hands (issue 19): one question leaves the loop per run-out, and the figures are those of
    every board to come."""
    game = Harness(store, clock, TableId("discord", "offloop-five", "poker"))
    assert not refusals(await game.do(ANN, Create(settings=SETTINGS)))
    for user in (ANN, BOB, CID, DEE, EVE):
        assert not refusals(await game.do(user, Join(buy_in=100)))
    asked = questions_asked(game)
    await game.do(ANN, Start())
    told = await all_in_until_told(game)
    assert [len(question.board) for question in asked] == [0]
    assert [len(chances.board) for chances in told] == [0, 3, 4]
    assert [chances.again for chances in told] == [False, True, True]
    assert len(asked[0].holes) == len(told[0].players) == 5
    for chances in told[1:]:
        holes = [parse_cards(" ".join(share.cards)) for share in chances.players]
        exact = all_in_equity(holes, parse_cards(" ".join(chances.board)))
        assert chances.exact and exact.exact
        assert [share.equity for share in chances.players] == [h.equity for h in exact.hands]
    await game.assert_chips_conserved()
    game.dealer.equities.close()


class LaterTelling:
    """A chat worker's game: no event stream, the rest of a step told to `deliver` after its
    commit, and the pool's answers held back until `answer_now` is set (or failing)."""

    def __init__(self, client: Redis, clock: Clock, name: str, *, pool_fails: bool) -> None:
        store = Store.on(client, bank=BANK, lease=30.0, events_maxlen=CHAT_EVENTS_MAXLEN)
        self.game = Harness(store, clock, TableId("discord", name, "poker"))
        self.later: list[list[Outgoing]] = []
        self.told_later = asyncio.Event()
        self.answer_now = asyncio.Event()
        self.game.dealer.tell_later = self.deliver
        pooled = self.game.dealer.equities.answer

        async def held(question: EquityQuestion, seed: int) -> EquityResult:
            await self.answer_now.wait()
            if pool_fails:
                raise RuntimeError("the pool's process died")
            return await pooled(question, seed)

        self.game.dealer.equities.answer = held  # type: ignore[method-assign]

    async def deliver(self, out: list[Outgoing]) -> None:
        self.later.append(out)
        self.game.log += out
        self.told_later.set()

    async def all_in_answered(self, players: tuple[User, ...] = (ANN, BOB, CID)) -> list[Outgoing]:
        """Every player moves all in; what the last move was answered with at once."""
        game = self.game
        assert not refusals(await game.do(ANN, Create(settings=SETTINGS)))
        for user in players:
            assert not refusals(await game.do(user, Join(buy_in=100)))
        await game.do(ANN, Start())
        for _ in players:
            turn = game.view().turn
            assert turn is not None
            action, amount = all_in(turn, game.random)
            out = await game.act(game.users[turn.player_id], action, amount)
            assert not refusals(out)
        return out


@pytest.mark.parametrize("pool_fails", [False, True])
async def test_a_chat_worker_answers_an_all_in_at_once_and_tells_its_run_out_after(
    client: Redis, clock: Clock, pool_fails: bool
) -> None:
    """The call is answered before the pool has worked the chances out; the chances come
    first in what follows, with figures (sampled on the loop if the pool fails), then the
    board, the pots and the table."""
    worker = LaterTelling(client, clock, f"offloop-later-{pool_fails}", pool_fails=pool_fails)
    answered = await asyncio.wait_for(worker.all_in_answered(), 30)  # not held by the pool
    kinds = {type(o.payload) for o in answered}
    assert answered and not kinds & {AllInEquity, BoardDealt, HandOver, TableShown}
    assert not worker.later
    worker.answer_now.set()
    await asyncio.wait_for(worker.told_later.wait(), 30)
    [rest] = worker.later
    chances = [o.payload for o in rest if isinstance(o.payload, AllInEquity)]
    assert rest[0].payload == chances[0] and not chances[0].exact
    assert sum(share.equity for share in chances[0].players) == pytest.approx(1.0)
    assert [len(told.board) for told in chances] == [0, 3, 4]
    channel = [o.payload for o in rest]
    assert any(isinstance(p, BoardDealt) and len(p.board) == 5 for p in channel)
    assert any(isinstance(p, HandOver) for p in channel)
    assert isinstance(channel[-1], TableShown) and not channel[-1].view.hand_running
    await worker.game.assert_chips_conserved()
    worker.game.dealer.equities.close()


async def test_the_pool_answers_as_sampling_in_place_would() -> None:
    question = EquityQuestion(
        (tuple(parse_cards("As Ad")), tuple(parse_cards("Kc Kd"))), (), HOLDEM
    )
    pool = EquityPool()
    try:
        pooled = await pool.answer(question, 7)
    finally:
        pool.close()
    assert pooled == answer(question, 7)
    assert 0.78 < pooled.hands[0].equity < 0.85  # aces against kings: about 82 %


@pytest.mark.parametrize(
    ("players", "board", "in_the_step"),
    [
        (2, "", True),  # heads-up: read from the table
        (3, "", False),  # sampled: 40,000 boards
        (6, "", False),
        (2, "2c 7d Jh", True),  # 990 boards, exact
        (3, "2c 7d Jh", True),  # 2,700 hands valued in arrays: about a millisecond
        (6, "2c 7d Jh", True),  # 4,000 hands valued in arrays
        (6, "2c 7d Jh 9s", True),  # the turn: one card to come
    ],
)
def test_only_quick_exact_chances_are_worked_out_in_the_step(
    players: int, board: str, in_the_step: bool
) -> None:
    holes = tuple(tuple(parse_cards(f"{r}s {r}h")) for r in "AKQT65"[:players])
    question = EquityQuestion(holes, tuple(parse_cards(board)) if board else (), HOLDEM)
    assert _quick(question) is in_the_step
    short_deck = EquityQuestion(holes, question.board, SHORT_DECK)
    assert _quick(short_deck) is (in_the_step and bool(board))


async def test_a_chat_worker_tells_a_heads_up_all_in_s_exact_chances_with_the_commit(
    client: Redis, clock: Clock
) -> None:
    """Two hands before the flop are read from the heads-up table in the step: no question
    leaves the loop, and the call is answered with the exact chances, the run-out and the pots."""
    worker = LaterTelling(client, clock, "offloop-heads-up", pool_fails=False)
    asked = questions_asked(worker.game)
    answered = await asyncio.wait_for(worker.all_in_answered((ANN, BOB)), 30)
    chances = [o.payload for o in answered if isinstance(o.payload, AllInEquity)]
    assert [len(told.board) for told in chances] == [0, 3, 4]
    assert all(told.exact for told in chances) and not asked and not worker.later
    holes = [parse_cards(" ".join(share.cards)) for share in chances[0].players]
    assert [share.equity for share in chances[0].players] == [
        hand.equity for hand in all_in_equity(holes).hands
    ]
    assert any(isinstance(o.payload, HandOver) for o in answered)
    await worker.game.assert_chips_conserved()
    worker.game.dealer.equities.close()


OMAHA = TableSettings(
    variant=Variant.OMAHA,
    structure=BettingStructure.NO_LIMIT,  # so the first to act can move all in pre-flop
    small_blind=1,
    big_blind=2,
    seat_count=6,
    time_bank_seconds=0,
)


async def test_pre_flop_omaha_all_in_chances_are_asked_of_the_pool(
    store: Store, clock: Clock
) -> None:
    game = Harness(store, clock, TableId("discord", "offloop-omaha", "poker"))
    assert not refusals(await game.do(ANN, Create(settings=OMAHA)))
    for user in (ANN, BOB):
        assert not refusals(await game.do(user, Join(buy_in=100)))
    asked = questions_asked(game)
    await game.do(ANN, Start())
    told = await all_in_until_told(game)
    assert asked and all(q.omaha == "high" and len(q.holes[0]) == 4 for q in asked)
    assert [len(chances.board) for chances in told] == [0, 3, 4] and not told[0].exact
    assert sum(share.equity for share in told[0].players) == pytest.approx(1.0)
    assert all(len(share.cards) == 4 for share in told[0].players)
    await game.assert_chips_conserved()
    game.dealer.equities.close()


async def test_the_pool_answers_omaha_hi_lo_as_sampling_in_place_would() -> None:
    question = EquityQuestion(
        (tuple(parse_cards("As 2s 3d Kd")), tuple(parse_cards("Kc Kh Qc Jh"))),
        (),
        HOLDEM,
        "hi_lo",
    )
    pool = EquityPool()
    try:
        pooled = await pool.answer(question, 7)
    finally:
        pool.close()
    assert pooled == answer(question, 7)
    assert pooled.hands[0].equity > 0.5  # A-2-3 takes most lows and some highs


def test_omaha_chances_before_the_turn_leave_the_step() -> None:
    holes = tuple(tuple(parse_cards(h)) for h in ("As Ah Kd Qd", "Jc Tc 9h 8h"))
    flop = tuple(parse_cards("2c 7d 3h"))
    assert not _quick(EquityQuestion(holes, (), HOLDEM, "high"))
    assert _quick(EquityQuestion(holes, (*flop, *parse_cards("9s")), HOLDEM, "high"))
