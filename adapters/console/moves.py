"""What the player typed at their turn, read into a dealer action: parsing only, the rules stay
in the dealer.

The amounts are the catalog's (`adapters.common.catalog.amounts`), as on every platform:
`raise 300`, `bet 1k`, `r 2.5k` and `r 1 000` are "raise to" totals; `r 3x` is three times the
bet (the big blind when nobody has bet), `r 3bb` three big blinds; `pot` and `half` a pot-sized
or half-pot raise; `allin` every chip. Sizes are kept inside the legal range the table message
shows, and a size beyond the player's chips says it is all-in. The betting words are understood
in English and in the table's language (`фолд`, `колл`). An unreadable amount is the catalog's
`ArgumentError` with the reason, and nothing is sent to the dealer.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import msgspec

from adapters.common.catalog import MAX_CHIPS, read_bet, size_to
from chatdealer.dealer import ActionName, TableView, TurnView
from chatdealer.render.language import LANGUAGES, language

WORD_CONTEXT = "terminal betting word"
"""The gettext context of a betting word typed in a table's language."""

BETTING_WORDS: dict[str, tuple[str, ...]] = {
    "fold": ("fold", "f"),
    "check": ("check", "k", "x"),
    "call": ("call", "c"),
    "raise": ("raise", "r", "bet", "b"),
    "pot": ("pot", "p"),
    "half": ("half",),
    "allin": ("allin", "all-in", "a", "shove", "jam"),
}
"""Each move and the English words for it; the first word of each is translated too."""
TRANSLATED_WORDS = ("fold", "check", "call", "raise", "bet", "pot", "half", "allin")


class NoAmount(ValueError):
    """`raise` with no amount: the terminal says how to give one."""


@dataclass(frozen=True, slots=True)
class Move:
    action: ActionName
    amount: int | None = None
    capped: int | None = None
    """The size asked for was more than allowed: this much was asked (the move says what is
    done instead)."""


@cache
def _words() -> dict[str, str]:
    """Every word typed for a move, English and translated, to the move."""
    found: dict[str, str] = {}
    for move, typed in BETTING_WORDS.items():
        for word in typed:
            found[word] = move
    for code in LANGUAGES:
        lang = language(code)
        for english in TRANSLATED_WORDS:
            said = lang.text(WORD_CONTEXT, english).casefold()
            move = "raise" if english == "bet" else english
            found.setdefault(said, move)
    return found


def betting_move(word: str) -> str | None:
    """The move a first word asks for (`fold`, `raise`, ...), or None: not a betting word."""
    return _words().get(word.casefold())


def read_move(line: str, view: TableView, turn: TurnView) -> Move:
    """The action a betting line asks for on this turn."""
    words = line.split()
    move = betting_move(words[0])
    rest = words[1:]
    if move in ("fold", "check", "call"):
        return Move(move)  # type: ignore[arg-type]
    if move == "allin":
        return Move("allin")
    if move in ("pot", "half"):
        rest = [move]
    if not rest:
        raise NoAmount(line)
    return _sized(" ".join(rest), view, turn)


def _sized(typed: str, view: TableView, turn: TurnView) -> Move:
    size = read_bet(typed)
    if size.named == "allin":
        return Move("allin")
    amount = size_to(size, view, turn)
    free = msgspec.structs.replace(turn, max_raise_to=MAX_CHIPS)
    wanted = size_to(size, view, free)
    high = turn.max_raise_to
    if high is not None and wanted > high:
        if high >= turn.all_in_to:
            return Move("allin", capped=wanted)
        return Move("raise", high, capped=wanted)
    return Move("raise", amount)
