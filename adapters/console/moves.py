"""What the player typed, read into a dealer action: parsing only, the rules stay in the dealer.

`raise 300` and `bet 300` are "raise to" totals; `r 3x` is three times the current bet (the big
blind when nobody has bet); `pot` is a pot-sized raise; both are kept inside the legal range the
table message shows. Anything unreadable is a `BadInput` with a one-line reason, and nothing is
sent to the dealer.
"""

from __future__ import annotations

from dataclasses import dataclass

from chatdealer.dealer import ActionName, TableView, TurnView

HELP = """\
fold (f) · check (k) · call (c) · raise 300 (r 300, bet 300: raise to 300)
r 3x (three times the bet) · pot (pot-sized raise) · allin (a)
table (t) · cards · balance · help (h, ?) · quit (q)"""

FOLD = frozenset({"fold", "f"})
CHECK = frozenset({"check", "k", "x"})
CALL = frozenset({"call", "c"})
RAISE = frozenset({"raise", "r", "bet", "b"})
POT = frozenset({"pot", "p"})
ALL_IN = frozenset({"allin", "all-in", "all", "a", "shove", "jam"})
QUIT = frozenset({"quit", "q", "exit", "leave"})
HELP_WORDS = frozenset({"help", "h", "?"})
TABLE = frozenset({"table", "t"})
CARDS = frozenset({"cards", "hand"})
BALANCE = frozenset({"balance", "bank"})
BETTING = FOLD | CHECK | CALL | RAISE | POT | ALL_IN


class BadInput(ValueError):
    """A line that cannot become an action; its text is shown as is."""


@dataclass(frozen=True, slots=True)
class Move:
    action: ActionName
    amount: int | None = None


def is_betting(word: str) -> bool:
    return word in BETTING


def read_move(line: str, view: TableView, turn: TurnView) -> Move:
    """The action a betting command asks for on this turn."""
    words = line.lower().split()
    word, rest = words[0], words[1:]
    if word in FOLD:
        return Move("fold")
    if word in CHECK:
        return Move("check")
    if word in CALL:
        return Move("call")
    if word in ALL_IN:
        return Move("allin")
    if word in POT:
        return Move("raise", _clamp(pot_raise_to(view, turn), turn))
    if not rest:
        raise BadInput("Raise to how much? For example: raise 300, r 3x, pot or allin")
    if len(rest) > 1:
        raise BadInput(f"One amount, please: raise {rest[0]}")
    amount = rest[0]
    if amount.endswith("x") and _is_number(amount[:-1]):
        times = float(amount[:-1])
        if times <= 0:
            raise BadInput("The multiple must be more than 0, like r 3x")
        base = current_bet(view) or _big_blind(view)
        return Move("raise", _clamp(round(times * base), turn))
    if not amount.isdigit():
        raise BadInput(f"{amount!r} is not an amount: type raise 300, r 3x, pot or allin")
    return Move("raise", int(amount))


def current_bet(view: TableView) -> int:
    return max((seat.bet for seat in view.seats), default=0)


def pot_raise_to(view: TableView, turn: TurnView) -> int:
    """Call, then raise by the whole pot as it would be after the call."""
    pot = sum(p.amount for p in view.pots) + sum(seat.bet for seat in view.seats)
    return current_bet(view) + pot + turn.to_call


def _clamp(amount: int, turn: TurnView) -> int:
    if turn.min_raise_to is None or turn.max_raise_to is None:
        raise BadInput("You can't raise now: call, check or fold")
    return max(turn.min_raise_to, min(amount, turn.max_raise_to))


def _big_blind(view: TableView) -> int:
    return view.settings.posted_big_blind if view.settings is not None else 1


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True
