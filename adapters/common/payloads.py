"""Texts for the payloads `chatdealer.render.payload_text` leaves to adapters (leaderboards,
the night's table, tournament results, a player's bank), and for showdowns, the same on every
platform. Only the wrapping (bold, mentions, files, messages) is the platform's."""

from __future__ import annotations

from collections.abc import Callable

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


def hand_title(lang: Language, number: int) -> str:
    return lang.text("table", "Hand #{number}").format(number=number)


def public_text(
    payload: AnyPayload, lang: Language, name: Callable[[str], str] = str
) -> str | None:
    """The text of a table-wide payload the renderer leaves to adapters, or None; `name`
    writes a player id (a mention, where the platform has them)."""
    number = lang.number
    if isinstance(payload, LeaderboardShown):
        rows = [f"{row.rank}. {name(row.player_id)}  {row.net:+,}" for row in payload.rows]
        return "🏆\n" + ("\n".join(rows) or "—")
    if isinstance(payload, NightShown):
        rows = [
            f"{line.name}: {number(line.bought_in)} → {number(line.cashed_out + line.at_table)}"
            f" ({line.net:+,})"
            for line in payload.lines
        ]
        return "📒\n" + ("\n".join(rows) or "—")
    if isinstance(payload, TournamentOver):
        rows = [f"{p.place}. {p.name} {number(p.prize)}" for p in payload.placings]
        return "🏆 " + payload.winner + "\n" + "\n".join(rows)
    return None


def own_text(payload: AnyPayload, lang: Language) -> str | None:
    """The text of a player's own bank payload (balance, daily bonus, ledger), or None."""
    number = lang.number
    if isinstance(payload, BalanceShown):
        return (
            f"💰 {lang.chips(payload.balance)} · {payload.hands_won}/{payload.hands_played}"
            f" · {payload.net:+,}"
        )
    if isinstance(payload, DailyClaimed):
        return f"🎁 +{number(payload.amount)} → {lang.chips(payload.balance)}"
    if isinstance(payload, BankLedger):
        rows = [f"{move.kind} {move.amount:+,} → {number(move.balance)}" for move in payload.moves]
        return "🏦\n" + ("\n".join(rows) or "—")
    return None


def showdown_lines(showdown: Showdown, lang: Language, now: float) -> list[str]:
    """The lines of a showdown's result message under its title: hands shown, pots won."""
    events: list[AnyPayload] = [*showdown.shown, *showdown.pots]
    return [text for p in events if (text := payload_text(p, lang, now))]
