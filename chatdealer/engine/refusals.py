"""Why an action was refused, in words a player understands.

A refusal carries a stable code and its parameters so that the renderer can translate it; the
English text is the default message. Refusals never mention hole cards.
"""

from __future__ import annotations

from typing import Any

MESSAGES = {
    "hand_over": "The hand is over",
    "not_your_turn": "It's {player}'s turn",
    "not_in_hand": "You're not in this hand",
    "showdown_now": "It's the showdown: show or muck",
    "not_showdown": "There's nothing to show yet",
    "must_show": "You bet last and were called (or yours is the last hand left): it is shown",
    "cannot_check": "You can't check: {to_call} to call",
    "nothing_to_call": "There's nothing to call: you can check",
    "no_need_to_fold": "There's no bet to you: you can check",
    "minimum_bet": "The minimum bet is {minimum}",
    "minimum_raise": "The minimum raise is to {minimum}",
    "maximum_stack": "You can bet at most {maximum}: that's all your chips",
    "maximum_pot": "The pot limit is {maximum}",
    "fixed_amount": "In fixed-limit the {what} is to exactly {amount}",
    "capped": "Betting is capped this round",
    "not_reopened": "You can only call or fold: the all-in was less than a full raise",
    "nobody_to_raise": "Everyone else is all-in: you can only call or fold",
    "covered": "You can only call: your chips don't cover more than the call",
    "not_more_than_bet": "A raise must be more than the current bet of {current}",
    "unknown_action": "I don't know the action {action}",
    "no_run_twice_question": "Nobody is being asked to run it twice now",
    "no_such_card": "You have cards 1 to {most}: show one of them, or all",
}


class IllegalAction(ValueError):
    """An action the rules refuse; the hand is left exactly as it was."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(MESSAGES[code].format(**{k: _show(v) for k, v in params.items()}))


def _show(value: Any) -> str:
    return f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else str(value)
