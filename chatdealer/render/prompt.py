"""What the player to act may do, in one betting language: the table message's turn line and
the terminal's prompt say it the same way.

"bet" when nobody has bet on this street, "raise to" otherwise (amounts are always the total
bet for the street, as the dealer takes them), one range format ("raise to 40–1,000"), and
where pot-limit or fixed-limit caps the biggest raise below the player's chips, that it does.
"""

from __future__ import annotations

from chatdealer.dealer.views import TableView, TurnView
from chatdealer.engine.config import BettingStructure
from chatdealer.render.language import Language

_FIXED_LIMIT = BettingStructure.FIXED_LIMIT


def raise_option(turn: TurnView, language: Language) -> str | None:
    """ "raise to 40–1,000", "bet 40–1,000", "raise to 40" (one size), or None when the
    player may not raise."""
    low, high = turn.min_raise_to, turn.max_raise_to
    if low is None or high is None:
        return None
    number = language.number
    if low == high:
        template = "raise to {amount}" if turn.raising else "bet {amount}"
        return language.text("option", template).format(amount=number(low))
    template = "raise to {low}–{high}" if turn.raising else "bet {low}–{high}"
    return language.text("option", template).format(low=number(low), high=number(high))


def turn_options(turn: TurnView, language: Language) -> list[str]:
    """The moves open to the player to act: check or call, bet or raise, fold."""
    _ = language.text
    options = []
    if turn.can_check:
        options.append(_("option", "check"))
    if turn.can_call:
        options.append(_("option", "call {amount}").format(amount=language.number(turn.to_call)))
    raised = raise_option(turn, language)
    if raised is not None:
        options.append(raised)
    if turn.can_fold and not turn.can_check:
        options.append(_("option", "fold"))
    return options


def turn_explained(view: TableView, turn: TurnView, language: Language) -> list[str]:
    """What each number of the prompt means, one line per move, for a player new to it."""
    _ = language.text
    number = language.number
    lines = []
    if turn.can_check:
        lines.append(_("prompt", "check: stay in without betting"))
    if turn.can_call:
        bet = _bet_of(view, turn)
        if bet + turn.to_call < turn.all_in_to:
            template = "call {amount}: put in {amount} more to match the bet of {bet}"
        elif bet + turn.to_call < turn.current_bet:
            template = "call {amount}: all your chips, short of the bet of {bet}"
        else:
            template = "call {amount}: all your chips, to match the bet of {bet}"
        lines.append(
            _("prompt", template).format(amount=number(turn.to_call), bet=number(turn.current_bet))
        )
    raised = raise_option(turn, language)
    if raised is not None:
        assert turn.min_raise_to is not None and turn.max_raise_to is not None
        low, high = number(turn.min_raise_to), number(turn.max_raise_to)
        if turn.min_raise_to == turn.max_raise_to:
            template = "{option}: the one size allowed (type {word} {low})"
        elif turn.raising:
            template = (
                "{option}: your whole bet this street, from {low} to {high} (type {word} {low})"
            )
        else:
            template = (
                "{option}: the first bet this street, from {low} to {high} (type {word} {low})"
            )
        word = "raise" if turn.raising else "bet"
        lines.append(_("prompt", template).format(option=raised, low=low, high=high, word=word))
        lines.append(_top_line(view, turn, language))
    if turn.can_fold and not turn.can_check:
        lines.append(_("prompt", "fold: give up the hand and what you have bet"))
    return lines


def _top_line(view: TableView, turn: TurnView, language: Language) -> str:
    """What the biggest raise is: all the player's chips, or the cap and what all-in would be."""
    _ = language.text
    number = language.number
    high, all_in = turn.max_raise_to or 0, turn.all_in_to
    if turn.all_in_allowed:
        return _("prompt", "{amount} is all your chips: type allin").format(amount=number(all_in))
    structure = view.settings.structure if view.settings is not None else None
    if structure is _FIXED_LIMIT:
        template = "fixed-limit: {high} is this street's size; all-in ({all_in}) is not a bet here"
    else:
        template = "pot-limit: {high} is the size of the pot; all-in ({all_in}) is over the limit"
    return _("prompt", template).format(high=number(high), all_in=number(all_in))


def _bet_of(view: TableView, turn: TurnView) -> int:
    return next((seat.bet for seat in view.seats if seat.seat == turn.seat), 0)
