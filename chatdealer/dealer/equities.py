"""Pre-flop all-in equity off the event loop: sampled in another process, the step run again.

From the flop on, hold'em's chances are exact and take about a millisecond (at most 1,081
boards, valued in arrays: `equity_vector`), so the step works them out itself. Before the flop
they are sampled: a few milliseconds in arrays (40-150 ms before issue 19), which on the event
loop would still stall every table of the worker. So a step run by the service does not work
those out: it stops with `EquityNeeded`, the service has a process pool answer the question
while the loop serves other tables, and runs the same step again on the same state with the
answer in its context. A worker that tells the platform from the commit's own events (a chat
worker, `Dealer.tell_later`) does not even wait: the step says the chances with no figures
(`ChancesToCome`) and commits, the action is answered at once, and the rest of the hand's
telling, from those chances on, follows once the pool has answered (`filled`). Even a chat
worker keeps the flop's and the turn's chances in the step: sent to the pool as well, they were
a thousand questions a second at 10,000 busy tables, the two processes (which also draw the
pictures) fell seconds behind, and the players acted on tables they had not yet been shown.
A step run anywhere else (replays, tests) is handed no answers and samples in place. Omaha's
questions (four or five cards, high or split high-low) travel the same way: before the turn
they cost more than a hold'em flop, as each hand is valued over six or ten pairs of its cards.
"""

from __future__ import annotations

import random
from typing import Literal, NamedTuple

import msgspec

from chatdealer.cards import Card
from chatdealer.dealer.equity_cache import EquityCache
from chatdealer.dealer.outgoing import AllInEquity
from chatdealer.equity import EquityResult, all_in_equity
from chatdealer.equity_omaha import omaha_equity
from chatdealer.evaluator import HOLDEM, SHORT_DECK, Ranking
from chatdealer.process_pool import ProcessPool

OmahaGame = Literal["", "high", "hi_lo"]


class EquityQuestion(NamedTuple):
    """The hands still in, the board so far and the game: all the chances depend on."""

    holes: tuple[tuple[Card, ...], ...]
    board: tuple[Card, ...]
    ranking: Ranking
    omaha: OmahaGame = ""
    """"" for hold'em and short deck; "high" or "hi_lo" for Omaha of four or five cards."""


class EquityNeeded(Exception):
    """Raised by a step that must show chances it may not work out on the event loop."""

    def __init__(self, question: EquityQuestion) -> None:
        super().__init__("all-in equity is worked out off the event loop")
        self.question = question


class ChancesToCome(NamedTuple):
    """Chances said before they were worked out: the payload, its figures all 0, and the
    question whose answer fills them in."""

    told: AllInEquity
    question: EquityQuestion


def filled(told: AllInEquity, result: EquityResult) -> AllInEquity:
    """The chances said, with the answer's figures."""
    players = tuple(
        msgspec.structs.replace(share, equity=chances.equity)
        for share, chances in zip(told.players, result.hands, strict=True)
    )
    return msgspec.structs.replace(told, players=players, exact=result.exact)


def answer(question: EquityQuestion, seed: int) -> EquityResult:
    """The chances, sampled with a generator seeded by `seed` (run in the pool's process)."""
    return worked_out(question, random.Random(seed))


def worked_out(question: EquityQuestion, rng: random.Random) -> EquityResult:
    """The chances of the question's game: hold'em's or Omaha's (high, or split high-low)."""
    if question.omaha:
        return omaha_equity(
            question.holes, question.board, hi_lo=question.omaha == "hi_lo", rng=rng
        )
    return all_in_equity(question.holes, question.board, ranking=question.ranking, rng=rng)


def warm() -> None:
    """Loads both decks' ranking tables, and their arrays, in a new process before its first
    question: one question on the turn and one before the flop."""
    for ranking in (HOLDEM, SHORT_DECK):
        cards = ranking.deck.cards()
        all_in_equity([cards[0:2], cards[2:4]], cards[4:8], ranking=ranking)
        all_in_equity([cards[0:2], cards[2:4]], ranking=ranking, rng=random.Random(0))


class EquityPool:
    """Processes, started when first needed, that answer equity questions; a question asked
    before, in the same or other suits, is answered from `cache` at once."""

    def __init__(self, processes: int | None = None) -> None:
        self.pool = ProcessPool(processes, warm=warm)
        self.cache = EquityCache()

    @property
    def processes(self) -> int:
        return self.pool.processes

    def start(self) -> None:
        """Spawns the processes ahead of the first all-in, so it does not wait for them."""
        self.pool.start()

    async def answer(self, question: EquityQuestion, seed: int) -> EquityResult:
        known = self.cache.get(question)
        if known is not None:
            return known
        result = await self.pool.run(answer, question, seed)
        self.cache.put(question, result)
        return result

    def close(self) -> None:
        self.pool.close()
