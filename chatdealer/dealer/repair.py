"""A damaged table, seen from chat: its channel told, and `Reset` by the host or a manager.

A table is damaged when its record cannot be read (`record.decode_record`), when its hash has
no state or no version, or when a step on it raised something no verb raises (an `IndexError`
from positions that point nowhere, say). The first worker to find it out quarantines it
(`store.repair`): every verb is then refused with `damaged_table`, no worker claims its
deadline, and its channel is told once that the host or a channel manager can reset it.

A table saved by a newer version of the dealer is not damaged: it is refused with
`newer_table` and never touched, reset included, so the newer worker finds it as it left it.
"""

from __future__ import annotations

import logging

from chatdealer.dealer.commands import User
from chatdealer.dealer.outgoing import Outgoing, notice
from chatdealer.dealer.record import TableRecord, decode_record, held_by_account, host_of
from chatdealer.dealer.refusals import DealerRefusal
from chatdealer.store import DamagedTable, NewerRecord, Store, TableId
from chatdealer.store.damage import whole_number

log = logging.getLogger(__name__)


async def quarantine(store: Store, table_id: TableId, damage: DamagedTable) -> list[Outgoing]:
    """Quarantines the table; the channel's notice, the first time only."""
    why = damage.problem[:200]
    if not await store.repairs.quarantine(table_id, why):
        return []
    log.error("table %s is damaged (%s): quarantined until it is reset", table_id, why)
    return [Outgoing(table=table_id, to=None, payload=notice("table_damaged"))]


async def reset(store: Store, table_id: TableId, user: User, now: float) -> list[Outgoing]:
    """Deletes a damaged table and pays every chip it held back to its owner's bank."""
    seen = await store.repairs.inspect(table_id)
    if seen.absent:
        raise DealerRefusal("no_table")
    record: TableRecord | None = None
    host: str | None = None
    if seen.state is not None:
        try:
            record = decode_record(seen.state)
        except NewerRecord:
            raise DealerRefusal("newer_table") from None
        except DamagedTable:
            record = None
        host = record.host if record is not None else host_of(seen.state)
    readable = seen.version is not None and whole_number(seen.version) is not None
    if record is not None and readable and seen.quarantined is None:
        raise DealerRefusal("table_not_damaged")
    if not (user.manager or (host is not None and user.id == host)):
        raise DealerRefusal("not_host")
    fallback = None
    if record is not None and not seen.has_records:
        try:
            fallback = held_by_account(record)
        except Exception:  # a record too damaged to say: the house keeps what is unplaced
            fallback = None
    result = await store.repairs.reset(table_id, seen.version, now, fallback)
    if not result.ok:
        raise DealerRefusal("busy")
    paid = sum(result.paid.values())
    log.warning(
        "table %s reset by %s: %d chips back to %d accounts",
        table_id,
        user.id,
        paid,
        len(result.paid),
    )
    told = notice("table_reset", name=user.name, chips=paid, players=len(result.paid))
    return [Outgoing(table=table_id, to=None, payload=told)]
