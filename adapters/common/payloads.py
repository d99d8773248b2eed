"""Texts for the payloads `chatdealer.render.payload_text` leaves to adapters (leaderboards,
the night's table, tournament results, a player's bank), and for showdowns, the same on every
platform. Only the wrapping (bold, mentions, files, messages) is the platform's; the words are
`chatdealer.render.accounts`', in the table's language."""

from __future__ import annotations

from adapters.common.events import Showdown
from chatdealer.dealer.outgoing import (
    AnyPayload,
    BalanceShown,
    BankLedger,
    DailyClaimed,
    LeaderboardShown,
    NightShown,
    TournamentOver,
)
from chatdealer.render import Language, payload_text
from chatdealer.render.accounts import (
    TableName,
    balance_text,
    daily_text,
    leaderboard_text,
    ledger_text,
    night_text,
    tournament_over_text,
)


def hand_title(lang: Language, number: int) -> str:
    return lang.text("table", "Hand #{number}").format(number=number)


def public_text(payload: AnyPayload, lang: Language) -> str | None:
    """The text of a table-wide payload the renderer leaves to adapters, or None."""
    if isinstance(payload, LeaderboardShown):
        return leaderboard_text(payload, lang)
    if isinstance(payload, NightShown):
        return night_text(payload, lang)
    if isinstance(payload, TournamentOver):
        return tournament_over_text(payload, lang)
    return None


def own_text(
    payload: AnyPayload, lang: Language, table_name: TableName | None = None
) -> str | None:
    """The text of a player's own bank payload (balance, daily bonus, ledger), or None;
    `table_name` names another table of the community from its channel, where the platform
    can (otherwise the ledger says "at another table")."""
    if isinstance(payload, BalanceShown):
        return balance_text(payload, lang)
    if isinstance(payload, DailyClaimed):
        return daily_text(payload, lang)
    if isinstance(payload, BankLedger):
        return ledger_text(payload, lang, table_name)
    return None


def showdown_lines(showdown: Showdown, lang: Language, now: float) -> list[str]:
    """The lines of a showdown's result message under its title: hands shown (with their final
    names), pots won."""
    events: list[AnyPayload] = [*showdown.shown, *showdown.pots]
    return [text for p in events if (text := payload_text(p, lang, now))]
