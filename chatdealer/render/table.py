"""The public table as one chat message, and one player's private view of their hand.

The table message is edited in place on every action, so it must stay short (well under the
2,000 characters of a Discord message for ten seats): one line per seat, long names cut.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from chatdealer.dealer.views import (
    PrivateView,
    SeatState,
    SeatView,
    ShowdownView,
    TableView,
    TurnView,
)
from chatdealer.engine.config import BettingStructure, Variant
from chatdealer.render.cards import cards_text
from chatdealer.render.hands import translate_hand_name
from chatdealer.render.language import Language
from chatdealer.render.names import player_name
from chatdealer.render.prompt import turn_options
from chatdealer.table.settings import TableSettings

Countdown = Callable[[float], str]
"""A deadline (unix time) as the chat counts it down itself."""

NAME_WIDTH = 16
STATES = {
    SeatState.FOLDED: "folded",
    SeatState.ALL_IN: "all-in",
    SeatState.SITTING_OUT: "sitting out",
    SeatState.WAITING: "waiting",
    SeatState.BUSTED: "out of chips",
}
STRUCTURES = {
    BettingStructure.NO_LIMIT: "No-limit",
    BettingStructure.POT_LIMIT: "Pot-limit",
    BettingStructure.FIXED_LIMIT: "Fixed-limit",
}
VARIANTS = {
    Variant.HOLDEM: "Hold'em",
    Variant.SHORT_DECK: "Short deck",
    Variant.OMAHA: "Omaha",
    Variant.OMAHA_FIVE: "Five-card Omaha",
    Variant.OMAHA_HI_LO: "Omaha hi-lo",
}


def short_name(name: str, width: int = NAME_WIDTH) -> str:
    return name if len(name) <= width else name[: width - 1] + "…"


def table_text(
    view: TableView,
    language: Language,
    now: float,
    *,
    markdown: bool = False,
    countdown: Countdown | None = None,
) -> str:
    """The table message. `markdown` puts the seats in a code block, aligned, for chats that
    show one in a monospaced font (Discord, Telegram); `countdown` writes a deadline as the
    chat's own counting-down time ("in 20 seconds", Discord's `<t:…:R>`) instead of the
    seconds left now."""
    _ = language.text
    lines = [_header(view, language)]
    if view.hand_running:
        board = cards_text(view.board) if view.board else _("table", "pre-flop")
        lines.append(_("table", "Board: {cards}").format(cards=board))
        pots = _pots(view, language)
        if pots:
            lines.append(pots)
    if view.seats:
        seat_lines = _seat_lines(view.seats, language, markdown)
        lines += ["```", *seat_lines, "```"] if markdown else seat_lines
    else:
        lines.append(_("table", "Nobody is seated yet"))
    lines += _footer(view, language, now, countdown)
    return "\n".join(lines)


def _header(view: TableView, language: Language) -> str:
    _ = language.text
    parts = []
    if view.hand_number:
        parts.append(_("table", "Hand #{number}").format(number=view.hand_number))
    if view.settings is not None:
        parts.append(_stakes(view.settings, language))
    if view.tournament is not None:
        tournament = view.tournament
        parts.append(_("table", "Level {level}").format(level=tournament.level))
        prize = language.number(tournament.prize_pool)
        parts.append(_("table", "Prize pool {amount}").format(amount=prize))
    return " · ".join(parts) or _("table", "Poker table")


def _stakes(settings: TableSettings, language: Language) -> str:
    _ = language.text
    game = _("table", "{structure} {variant}").format(
        structure=_("structure", STRUCTURES[settings.structure]),
        variant=_("variant", VARIANTS[settings.variant]),
    )
    if settings.structure is BettingStructure.FIXED_LIMIT:
        low, high = settings.small_bet, settings.big_bet
    else:
        low, high = settings.small_blind, settings.big_blind
    text = f"{game} {language.number(low)}/{language.number(high)}"
    if settings.ante:
        text += ", " + _("table", "ante {amount}").format(amount=language.number(settings.ante))
    if settings.open_deck:
        text += ", " + _("table", "whole deck opened after each hand")
    return text


def _pots(view: TableView, language: Language) -> str:
    _ = language.text
    if len(view.pots) == 1:
        return _("table", "Pot {amount}").format(amount=language.number(view.pots[0].amount))
    parts = []
    for index, pot in enumerate(view.pots):
        amount = language.number(pot.amount)
        if index == 0:
            parts.append(_("table", "Main pot {amount}").format(amount=amount))
        else:
            parts.append(_("table", "Side pot {n}: {amount}").format(n=index, amount=amount))
    return " · ".join(parts)


def _markers(seat: SeatView, language: Language) -> str:
    flags = ((seat.button, "D"), (seat.small_blind, "SB"), (seat.big_blind, "BB"))
    return " ".join(language.text("marker", mark) for on, mark in flags if on)


def _notes(seat: SeatView, language: Language) -> list[str]:
    _ = language.text
    notes = []
    if seat.bet:
        notes.append(_("table", "bet {amount}").format(amount=language.number(seat.bet)))
    state = STATES.get(seat.state)
    if state:
        notes.append(_("seat state", state))
    if seat.leaving:
        notes.append(_("seat state", "leaving"))
    return notes


def _seat_lines(seats: Iterable[SeatView], language: Language, markdown: bool) -> list[str]:
    rows = []
    for seat in seats:
        shown = player_name(language, seat.name, in_code=markdown)
        name = short_name(shown.replace("`", "'") if markdown else shown)
        rows.append(
            (
                "▶" if seat.to_act else " ",
                str(seat.seat + 1),
                name,
                _markers(seat, language),
                language.number(seat.stack),
                _notes(seat, language),
            )
        )
    if not markdown:
        lines = []
        for arrow, number, name, markers, stack, notes in rows:
            head = f"{arrow}{number:>2}. {name}" + (f" ({markers})" if markers else "")
            lines.append(" · ".join([f"{head} {stack}", *notes]))
        return lines
    name_width = max(len(row[2]) for row in rows)
    marker_width = max(len(row[3]) for row in rows)
    stack_width = max(len(row[4]) for row in rows)
    return [
        " ".join(
            [
                f"{arrow}{number:>2}",
                name.ljust(name_width),
                markers.ljust(marker_width),
                stack.rjust(stack_width),
                " · ".join(notes),
            ]
        ).rstrip()
        for arrow, number, name, markers, stack, notes in rows
    ]


def _footer(
    view: TableView, language: Language, now: float, countdown: Countdown | None = None
) -> list[str]:
    return deck_lines(view, language) + _state_line(view, language, now, countdown)


def _state_line(
    view: TableView, language: Language, now: float, countdown: Countdown | None
) -> list[str]:
    _ = language.text
    if view.turn is not None:
        return [_turn_line(view, view.turn, language, now, countdown)]
    if view.showdown is not None:
        return [showdown_line(view.showdown, language, now, countdown)]
    if not view.started:
        return [_("table", "The game hasn't started")]
    if not view.hand_running and view.next_hand_at is not None:
        if countdown is not None:
            return [_("table", "Next hand {when}").format(when=countdown(view.next_hand_at))]
        seconds = language.count("seconds", language.seconds_left(view.next_hand_at, now))
        return [_("table", "Next hand in {seconds}").format(seconds=seconds)]
    return []


def showdown_line(
    waiting: ShowdownView, language: Language, now: float, countdown: Countdown | None
) -> str:
    """Whose show or muck the showdown waits for, and how long their clock has."""
    _ = language.text
    line = _("table", "▶ {name}: show or muck").format(
        name=short_name(player_name(language, waiting.name))
    )
    if waiting.deadline is not None and countdown is not None:
        line += " · " + _("table", "⏱ {when}").format(when=countdown(waiting.deadline))
    elif waiting.deadline is not None:
        seconds = language.count("seconds", language.seconds_left(waiting.deadline, now))
        line += " · " + _("table", "⏱ {seconds}").format(seconds=seconds)
    return line


def deck_lines(view: TableView, language: Language) -> list[str]:
    """The decks' commitments, whole: the hand being played's, and the next hand's, which a
    seed added now goes into (with who has added one)."""
    _ = language.text
    lines = []
    if view.deck_commitment:
        lines.append(_("table", "Deck {commitment}").format(commitment=view.deck_commitment))
    if view.next_deck_commitment:
        root = view.next_deck_commitment
        if view.next_deck_seeds:
            names = ", ".join(short_name(name) for name in view.next_deck_seeds)
            line = _("table", "Next deck {commitment} · seeds from {names}")
            lines.append(line.format(commitment=root, names=names))
        else:
            line = _("table", "Next deck {commitment} · cut it: seed <any text>")
            lines.append(line.format(commitment=root))
    return lines


def _turn_line(
    view: TableView,
    turn: TurnView,
    language: Language,
    now: float,
    countdown: Countdown | None = None,
) -> str:
    _ = language.text
    line = _("table", "▶ {name} to act: {options}").format(
        name=short_name(player_name(language, turn.name)),
        options=" · ".join(turn_options(turn, language)),
    )
    deadline = turn.deadline if turn.deadline is not None else view.deadline
    if deadline is not None and countdown is not None:
        clock = "⏱ time bank runs out {when}" if turn.time_bank else "⏱ {when}"
        line += " · " + _("table", clock).format(when=countdown(deadline))
    elif deadline is not None:
        seconds = language.count("seconds", language.seconds_left(deadline, now))
        clock = "⏱ time bank {seconds}" if turn.time_bank else "⏱ {seconds}"
        line += " · " + _("table", clock).format(seconds=seconds)
    return line


def private_text(view: PrivateView, language: Language) -> str:
    """One player's cards and best hand, for their eyes only."""
    _ = language.text
    text = _("private", "Your cards: {cards}").format(cards=cards_text(view.cards))
    if view.best:
        text += " — " + translate_hand_name(language, view.best)
    if view.low:
        text += "; " + _("hand", "Low, {ranks}").format(ranks="-".join(view.low))
    return text
