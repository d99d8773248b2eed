"""Texts of the payloads posted as messages of their own: a player's bank (balance and stats,
daily chips, ledger), the community's leaderboard, the night at a table, a tournament's result.

Players are named by their display names, every figure has its label, and a ledger row says in
words what moved ("bought in 1,000"), in the table's language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from chatdealer.dealer.outgoing import (
    BalanceShown,
    BankLedger,
    BankMove,
    DailyClaimed,
    LeaderboardShown,
    NightShown,
    TournamentOver,
)
from chatdealer.render.language import Language
from chatdealer.render.names import player_name
from chatdealer.settlement import settle
from chatdealer.table.ledger import NightLine

MINUS = "−"
# A bank movement's kind, in words: "grant" is a new player's starting chips.
MOVES = {
    "grant": "starting chips {amount}",
    "daily": "daily chips {amount}",
    "buy_in": "bought in {amount}",
    "cash_out": "cashed out {amount}",
    "given": "given by an admin {amount}",
    "taken": "taken by an admin {amount}",
    "night": "the night's chips {amount}",
    "night_end": "the night ended with {amount}",
}
NIGHT_TITLES = {"tonight": "Tonight's results so far", "last": "The last night's results"}
"""The leaderboard's title when it shows a night (`LeaderboardShown.night`)."""
TableName = Callable[[str], str]
"""How a platform names a table from its channel (a Discord channel mention, say)."""


def signed(language: Language, amount: int) -> str:
    """A net result with its sign: "+1,200", "−340", "0"."""
    if amount > 0:
        return "+" + language.number(amount)
    if amount < 0:
        return MINUS + language.number(-amount)
    return "0"


def balance_text(payload: BalanceShown, language: Language) -> str:
    """ "💰 900 chips · hands 12 · won 3 · biggest pot 1,240 · net +340"."""
    _ = language.text
    number = language.number
    parts = [
        language.chips(payload.balance),
        _("stats", "hands {count}").format(count=number(payload.hands_played)),
        _("stats", "won {count}").format(count=number(payload.hands_won)),
        _("stats", "biggest pot {amount}").format(amount=number(payload.biggest_pot)),
        _("stats", "net {amount}").format(amount=signed(language, payload.net)),
    ]
    return "💰 " + " · ".join(parts)


def daily_text(payload: DailyClaimed, language: Language) -> str:
    """ "🎁 Daily chips: +500 · 1,500 chips in the bank"."""
    return "🎁 " + language.text("bank", "Daily chips: +{amount} · {balance} in the bank").format(
        amount=language.number(payload.amount), balance=language.chips(payload.balance)
    )


def move_text(move: BankMove, language: Language, table_name: TableName | None = None) -> str:
    """One bank movement in words, with the balance after it: "bought in 1,000 · bank 4,000";
    a buy-in or cash-out at another table than this one says where."""
    _ = language.text
    what = MOVES.get(move.kind)
    amount = language.number(move.amount)
    text = _("ledger", what).format(amount=amount) if what else f"{move.kind} {amount}"
    if move.table and not move.here:
        if table_name is None:
            text += " " + _("ledger", "at another table")
        else:
            text += " " + _("ledger", "at {table}").format(table=table_name(move.channel))
    balance = _("ledger", "bank {amount}").format(amount=language.number(move.balance))
    return f"{text} · {balance}"


def ledger_text(
    payload: BankLedger, language: Language, table_name: TableName | None = None
) -> str:
    """A player's latest bank movements, newest first, under a title."""
    _ = language.text
    rows = [move_text(move, language, table_name) for move in payload.moves]
    title = "🏦 " + _("ledger", "Your bank, latest first")
    return "\n".join([title, *rows] if rows else [title, _("ledger", "No bank movements yet")])


def leaderboard_text(payload: LeaderboardShown, language: Language) -> str:
    """ "🏆 Biggest winners" and a row per player: "1. Ann +1,200"."""
    _ = language.text
    title = "🏆 " + _("leaderboard", NIGHT_TITLES.get(payload.night, "Biggest winners"))
    rows = [
        f"{row.rank}. {player_name(language, row.name)} {signed(language, row.net)}"
        for row in payload.rows
    ]
    return "\n".join([title, *rows] if rows else [title, _("leaderboard", "Nobody has won yet")])


def night_line_text(line: NightLine, language: Language) -> str:
    """ "Ann: bought in 1,000 · cashed out 1,450 · net +450" (what is still at the table too,
    while the player sits)."""
    _ = language.text
    number = language.number
    parts = [_("night", "bought in {amount}").format(amount=number(line.bought_in))]
    if line.cashed_out:
        parts.append(_("night", "cashed out {amount}").format(amount=number(line.cashed_out)))
    if line.at_table:
        parts.append(_("night", "at the table {amount}").format(amount=number(line.at_table)))
    parts.append(_("night", "net {amount}").format(amount=signed(language, line.net)))
    return f"{player_name(language, line.name)}: " + " · ".join(parts)


def night_text(payload: NightShown, language: Language) -> str:
    _ = language.text
    title = "📒 " + _("night", "Tonight at this table, biggest winner first")
    rows = [night_line_text(line, language) for line in payload.lines]
    if not rows:
        return "\n".join([title, _("night", "Nobody has played yet")])
    return "\n".join([title, *rows, *settlement_lines(payload.lines, language)])


def settlement_lines(lines: Sequence[NightLine], language: Language) -> list[str]:
    """ "Who pays whom", then "Bo pays Ann 300" per transfer, fewest transfers (chips still at
    the table count as their holder's); nothing when nobody owes anybody."""
    _ = language.text
    names = {line.player_id: line.name for line in lines}
    transfers = settle({line.player_id: line.net for line in lines})
    said = [
        _("settlement", "{payer} pays {payee} {amount}").format(
            payer=player_name(language, names[t.payer]),
            payee=player_name(language, names[t.payee]),
            amount=language.number(t.amount),
        )
        for t in transfers
    ]
    return ["🤝 " + _("settlement", "Who pays whom"), *said] if said else []


def tournament_over_text(payload: TournamentOver, language: Language) -> str:
    """The winner, the prize pool, and every place with its prize."""
    _ = language.text
    title = "🏆 " + _("tournament", "{name} wins the tournament · prize pool {amount}").format(
        name=player_name(language, payload.winner_name),
        amount=language.number(payload.prize_pool),
    )
    rows = []
    for placing in payload.placings:
        row = _("tournament", "{place}. {name}").format(
            place=placing.place, name=player_name(language, placing.name)
        )
        if placing.prize:
            prize = _("tournament", "prize {amount}").format(amount=language.number(placing.prize))
            row += " — " + prize
        rows.append(row)
    return "\n".join([title, *rows])
