"""The night verb: an admin starts a fresh night (everyone plays N chips from a night bank) or
ends it; anyone reads its results (issue 17). The chips move in `store/nights.py`."""

from __future__ import annotations

from chatdealer.dealer import reads
from chatdealer.dealer.commands import Night, User
from chatdealer.dealer.outgoing import LeaderboardRow, LeaderboardShown, Outgoing, notice
from chatdealer.dealer.reads import to
from chatdealer.dealer.refusals import DealerRefusal
from chatdealer.store import Store, TableId
from chatdealer.store.nights import NightChange, NightOutcome, NightRow

SHOWN = 50
"""Rows of a night's results shown."""


async def night(
    store: Store, table_id: TableId, user: User, args: Night, now: float
) -> list[Outgoing]:
    if args.action is None:
        return [await results(store, table_id)]
    if not user.admin:
        raise DealerRefusal("night_admins_only")
    community = table_id.home
    if args.action == "start":
        chips = args.chips
        if chips is None:
            chips = (await store.bank.settings(community)).starting_grant
        if chips <= 0:
            raise DealerRefusal("bad_value", field="chips")
        _refuse(await store.nights.start(community, chips, by=user.id, now=now))
        return [to(table_id, None, notice("night_started", name=user.name, chips=chips))]
    _refuse(await store.nights.end(community, now=now))
    return [
        to(table_id, None, notice("night_ended", name=user.name)),
        await results(store, table_id),
    ]


async def leaderboard(store: Store, table_id: TableId, top: int, now: float) -> list[Outgoing]:
    """While a night runs, the leaderboard is the night's results; otherwise the bank's."""
    if await store.nights.running(table_id.home) is not None:
        return [await results(store, table_id, top)]
    return await reads.leaderboard(store, table_id, top, now)


async def results(store: Store, table_id: TableId, top: int = SHOWN) -> Outgoing:
    """The running night's results so far, else the last night's, to the channel."""
    community = table_id.home
    running = await store.nights.running(community)
    if running is not None:
        rows = await store.nights.standing(community, running)
    else:
        rows = await store.nights.last_results(community)
        if not rows:
            raise DealerRefusal("no_night_yet")
    rows = rows[: max(1, min(top, SHOWN))]
    names = await store.bank.names(community, [row.player for row in rows])
    shown = LeaderboardShown(
        rows=tuple(_row(rank, row, names) for rank, row in enumerate(rows, start=1)),
        night="tonight" if running is not None else "last",
    )
    return to(table_id, None, shown)


def _row(rank: int, row: NightRow, names: dict[str, str]) -> LeaderboardRow:
    return LeaderboardRow(
        rank=rank, player_id=row.player, name=names.get(row.player, row.player), net=row.result
    )


def _refuse(change: NightChange) -> None:
    if change.outcome is NightOutcome.RUNNING:
        raise DealerRefusal("night_running", chips=change.chips)
    if change.outcome is NightOutcome.NO_NIGHT:
        raise DealerRefusal("no_night")
    if change.outcome is NightOutcome.SEATED:
        raise DealerRefusal("night_seated")
