"""The verbs that only read: a player's bank, the community's leaderboard, hand histories.

Each reads what it needs straight from the store and answers the asker; a record that cannot
be read is a refusal saying so (`damaged_account`, `damaged_history`), never an exception, and
a ledger entry that cannot be read is left out of the ledger.
"""

from __future__ import annotations

import logging

from chatdealer import phh
from chatdealer.dealer.commands import User
from chatdealer.dealer.histories import handed_copy, proof_of
from chatdealer.dealer.outgoing import (
    AnyPayload,
    BalanceShown,
    BankLedger,
    BankMove,
    DailyClaimed,
    History,
    LeaderboardRow,
    LeaderboardShown,
    Outgoing,
    notice,
)
from chatdealer.dealer.refusals import DealerRefusal, wait_text
from chatdealer.dealer.supervision import described
from chatdealer.fairness import Proof
from chatdealer.store import DailyOutcome, DamagedHistory, HandRecord, Store, TableId
from chatdealer.store.bank import ledger_entry
from chatdealer.store.keys import bank_keys
from chatdealer.store.scripts import text

log = logging.getLogger(__name__)

LEDGER_SCAN = 500
"""How far back in the community's ledger stream to look for one player's movements."""
LEDGER_SHOWN = 20
LEADERBOARD_MOST = 100


def to(table_id: TableId, player: str | None, payload: AnyPayload) -> Outgoing:
    return Outgoing(table=table_id, to=player, payload=payload)


async def account(
    store: Store, table_id: TableId, user: User, now: float
) -> tuple[int, list[Outgoing]]:
    """Opens the player's account on first sight (the starting grant); their balance."""
    opened = await store.bank.open_account(table_id.home, user.id, now)
    await store.bank.remember_name(table_id.home, user.id, user.name)
    out: list[Outgoing] = []
    if opened.opened:
        out.append(to(table_id, user.id, notice("welcome", grant=opened.balance)))
    return opened.balance, out


async def balance(store: Store, table_id: TableId, user: User, now: float) -> list[Outgoing]:
    held, out = await account(store, table_id, user, now)
    stats = await store.bank.stats(table_id.home, user.id)
    shown = BalanceShown(
        balance=held,
        hands_played=stats.hands_played,
        hands_won=stats.hands_won,
        biggest_pot=stats.biggest_pot,
        net=stats.net,
    )
    return [*out, to(table_id, user.id, shown)]


async def daily(store: Store, table_id: TableId, user: User, now: float) -> list[Outgoing]:
    _, out = await account(store, table_id, user, now)
    result = await store.bank.claim_daily(table_id.home, user.id, now)
    if result.outcome is DailyOutcome.TOO_SOON:
        assert result.next_at is not None
        raise DealerRefusal("daily_too_soon", wait=wait_text(result.next_at - now))
    if result.outcome is DailyOutcome.NO_ACCOUNT:
        raise DealerRefusal("no_account")
    if result.outcome is DailyOutcome.OFF:
        raise DealerRefusal("daily_off")
    if result.outcome is DailyOutcome.NIGHT:
        raise DealerRefusal("night_daily")
    assert result.balance is not None and result.next_at is not None
    claimed = DailyClaimed(amount=result.amount, balance=result.balance, next_at=result.next_at)
    return [*out, to(table_id, user.id, claimed)]


async def leaderboard(store: Store, table_id: TableId, top: int, now: float) -> list[Outgoing]:
    """The best players of the period the community chose (all time, the month, the week)."""
    bank = store.bank
    board = (await bank.settings(table_id.home)).board
    most = max(1, min(top, LEADERBOARD_MOST))
    rows = await bank.leaderboard(table_id.home, most, board=board, now=now)
    names = await bank.names(table_id.home, [player for player, _ in rows])
    shown = LeaderboardShown(
        rows=tuple(
            LeaderboardRow(rank=rank, player_id=player, name=names.get(player, player), net=net)
            for rank, (player, net) in enumerate(rows, start=1)
        )
    )
    return [to(table_id, None, shown)]


async def bank_ledger(store: Store, table_id: TableId, user: User) -> Outgoing:
    """The asker's latest bank movements, newest first; a damaged entry is left out."""
    key = bank_keys(table_id.home).ledger
    rows = await store.client.xrevrange(key, count=LEDGER_SCAN)
    moves = []
    for entry_id, fields in rows or []:
        entry = ledger_entry(text(entry_id), fields)
        if entry is None:
            log.warning("ledger of %s: entry %s is damaged, left out", table_id.home, entry_id)
            continue
        if entry.player != user.id:
            continue
        moves.append(
            BankMove(
                kind=entry.kind,
                amount=entry.amount,
                table=entry.table,
                time=entry.time,
                balance=entry.balance,
                here=entry.table == str(table_id),
            )
        )
        if len(moves) >= LEDGER_SHOWN:
            break
    return to(table_id, user.id, BankLedger(moves=tuple(moves)))


async def last_hand(
    store: Store, table_id: TableId, user: User, number: int | None
) -> list[Outgoing]:
    """A finished hand's history: the public copy to the channel, the asker's own to them."""
    history = store.history
    if number is None:
        found = await history.last(table_id, 1)
        record = found[0] if found else None
        if record is None:
            raise DealerRefusal("no_history")
    else:
        record = await history.get(table_id, number)
        if record is None:
            raise DealerRefusal("no_such_hand", number=number)
    try:
        return _told(table_id, user, record)
    except Exception as problem:  # whatever a damaged history makes the readers raise
        log.warning("history of %s hand %s: %s", table_id, record.number, described(problem))
        raise DamagedHistory("hands", "a record that does not read", record.number) from None


def _told(table_id: TableId, user: User, record: HandRecord) -> list[Outgoing]:
    public = record.public.decode()
    proof = proof_of(phh.loads(public))
    out = [to(table_id, None, _history(record.number, public, proof, private=False))]
    own = record.private.get(user.id)
    if own is not None:
        mine = handed_copy(own.decode(), public)
        seen = proof_of(phh.loads(mine))
        out.append(to(table_id, user.id, _history(record.number, mine, seen, private=True)))
    return out


def _history(number: int, written: str, proof: Proof | None, *, private: bool) -> History:
    return History(hand_number=number, phh=written, proof=proof, private=private)
