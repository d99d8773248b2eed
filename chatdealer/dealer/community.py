"""The verbs that run a community rather than a table: its bank settings, chips an admin gives
or takes (issue 17).

Only the community's admins (`User.admin`, which the adapter learns from the platform) change
them; anyone may read them. A change is one write of the community's settings hash, which the
bank scripts read when they next grant, so no chip moves here and the audit holds as it was.
"""

from __future__ import annotations

from chatdealer.dealer.commands import BankRules, GiveChips, TakeChips, User
from chatdealer.dealer.outgoing import Notice, Outgoing, notice
from chatdealer.dealer.reads import to
from chatdealer.dealer.refusals import DealerRefusal
from chatdealer.store import BankSettings, BoardPeriod, Store, TableId
from chatdealer.store.adjustments import Adjustment, AdjustOutcome, adjust

HOUR = 3_600
BOARD_WORDS = {
    BoardPeriod.ALL: "all time",
    BoardPeriod.MONTH: "this month",
    BoardPeriod.WEEK: "this week",
}
"""How each leaderboard period is named in a notice (translated in the context "param")."""


async def bank_rules(
    store: Store, table_id: TableId, user: User, args: BankRules
) -> list[Outgoing]:
    """Shows the community's bank settings to the asker, or changes them (admins only) and
    tells the channel."""
    community = table_id.home
    if not args.changes():
        return [to(table_id, user.id, rules_notice(await store.bank.settings(community)))]
    if not user.admin:
        raise DealerRefusal("admins_only")
    settings = await store.bank.change_settings(
        community,
        starting_grant=args.starting_grant,
        daily_amount=args.daily_amount,
        daily_period=None if args.daily_hours is None else float(args.daily_hours * HOUR),
        board=None if args.leaderboard is None else BoardPeriod(args.leaderboard),
    )
    return [
        to(table_id, None, notice("bank_changed", name=user.name)),
        to(table_id, None, rules_notice(settings)),
    ]


def rules_notice(settings: BankSettings) -> Notice:
    board = BOARD_WORDS[settings.board]
    if settings.daily_amount == 0:
        return notice("bank_rules_no_daily", grant=settings.starting_grant, board=board)
    hours = max(1, round(settings.daily_period / HOUR))
    return notice(
        "bank_rules",
        grant=settings.starting_grant,
        daily=settings.daily_amount,
        hours=hours,
        board=board,
    )


async def adjust_chips(
    store: Store, table_id: TableId, user: User, args: GiveChips | TakeChips, now: float
) -> list[Outgoing]:
    """An admin gives or takes a player's bank chips, with a reason; the channel is told."""
    if not user.admin:
        raise DealerRefusal("admins_only")
    if args.amount <= 0:
        raise DealerRefusal("bad_value", field="amount")
    reason = " ".join(args.reason.split())
    if not reason:
        raise DealerRefusal("reason_needed")
    community = table_id.home
    player = args.player_id
    named = await store.bank.names(community, [player])
    shown = named.get(player, player)
    giving = isinstance(args, GiveChips)
    if giving:
        await store.bank.open_account(community, player, now)
    result = await adjust(
        store.client,
        community,
        player,
        Adjustment.GIVEN if giving else Adjustment.TAKEN,
        args.amount,
        by=user.id,
        reason=reason,
        now=now,
        ledger_maxlen=store.bank.config.ledger_maxlen,
        replicas=store.bank.replicas,
    )
    if result.outcome is AdjustOutcome.NO_ACCOUNT:
        raise DealerRefusal("no_account_of", player=shown)
    if result.outcome is AdjustOutcome.SHORT:
        raise DealerRefusal("take_short", player=shown, balance=result.balance or 0)
    code = "chips_given" if giving else "chips_taken"
    said = notice(code, name=user.name, player=shown, amount=args.amount, reason=reason)
    return [to(table_id, None, said)]
