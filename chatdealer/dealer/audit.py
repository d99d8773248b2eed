"""`chatdealer audit`: bank balances plus chips on tables must equal every chip ever granted."""

from __future__ import annotations

from chatdealer.dealer.record import chips_of
from chatdealer.store import AuditReport, Community, RedisConnection, Store


async def audit(url: str | None = None, community: Community | None = None) -> list[AuditReport]:
    """Audits one community, or every one, on `url`, `$REDIS_URL` or the embedded Redis.

    Each table's stored record is also read back, so a state that made chips up or lost them
    shows as a mismatch even when the sums agree.
    """
    async with RedisConnection(url) as client:
        return await Store.on(client).bank.audit(community, chips_of)


def describe(report: AuditReport) -> list[str]:
    """One line for the community, then one per table that disagrees with the bank."""
    verdict = "ok" if report.ok else "MISMATCH"
    lines = [
        f"{report.community}: balances {report.balances:,} + on tables {report.on_tables:,} "
        f"= {report.balances + report.on_tables:,}, granted {report.granted:,} "
        f"({report.accounts} accounts, {report.tables} tables): {verdict}"
    ]
    lines += [
        f"  table {m.table}: the bank counts {m.recorded:,} chips there, its state holds "
        f"{m.in_state:,}"
        for m in report.mismatches
    ]
    return lines
