"""`chatdealer audit`: bank balances plus chips on tables must equal every chip ever granted.

The house account (which bots buy in from) is a bank balance like any other and may be below
0: that is what people have won from bots. One community that cannot be audited, a table whose
state cannot be read or a balance that is not a number never stops the audit of the rest: each
is reported where it is found.
"""

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
    """One line for the community, then one per table or account that needs a look."""
    if report.error is not None:
        return [f"{report.community}: could not be audited ({report.error}): MISMATCH"]
    verdict = "ok" if report.ok else "MISMATCH"
    parked = f" + set aside for the night {report.parked:,}" if report.parked else ""
    total = report.balances + report.parked + report.on_tables
    lines = [
        f"{report.community}: balances {report.balances:,}{parked} + on tables "
        f"{report.on_tables:,} = {total:,}, granted {report.granted:,} "
        f"({report.accounts} accounts, {report.tables} tables; house {report.house:,}): {verdict}"
    ]
    for m in report.mismatches:
        if m.in_state is not None and m.in_state != m.recorded:
            lines.append(
                f"  table {m.table}: the bank counts {m.recorded:,} chips there, its state holds "
                f"{m.in_state:,}"
            )
        if m.held is not None and m.held != m.recorded:
            lines.append(
                f"  table {m.table}: the bank counts {m.recorded:,} chips there, its chip records "
                f"{m.held:,}"
            )
    lines += [
        f"  account {account}: its balance is not a whole number, left out of the sums"
        for account in report.damaged_accounts
    ]
    lines += [
        f"  table {table}: damaged, {problem}; its chips are counted from the bank's record "
        "(a reset from chat pays them back)"
        for table, problem in report.damaged
    ]
    return lines
