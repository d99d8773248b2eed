"""PHH action strings (``d dh p1 AsKd``, ``p2 cbr 300 # min-raise``) as small typed records.

Every record carries the commentary written after ``#`` (stripped), or None when there is no
``#`` at all. ``player`` is always 0-based: the file's ``p1`` is player 0.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from typing import TypeAlias

import msgspec

from chatdealer.cards import RANKS, SUITS, Card, format_card, make_card
from chatdealer.phh_errors import PHHError

Number: TypeAlias = int | float
"""A chip amount as the file writes it: ``10000`` stays an int and ``10162.5`` a float."""


class DealHole(msgspec.Struct, tag=True):
    """``d dh p1 AsKd``: hole cards to a player; ``None`` is a card the record does not know."""

    player: int
    cards: list[Card | None]
    comment: str | None = None


class DealBoard(msgspec.Struct, tag=True):
    """``d db JcQh3s``: community cards."""

    cards: list[Card | None]
    comment: str | None = None


class PostBringIn(msgspec.Struct, tag=True):
    """``p1 pb``: the stud bring-in (no hold'em game uses it)."""

    player: int
    comment: str | None = None


class Fold(msgspec.Struct, tag=True):
    """``p3 f``."""

    player: int
    comment: str | None = None


class CheckOrCall(msgspec.Struct, tag=True):
    """``p1 cc``: one record for both, as the amount to call decides which it is."""

    player: int
    comment: str | None = None


class CompleteBetOrRaiseTo(msgspec.Struct, tag=True):
    """``p2 cbr 300``: `amount` is the player's total bet for the street, not the increment."""

    player: int
    amount: Number
    comment: str | None = None


class StandPatOrDiscard(msgspec.Struct, tag=True):
    """``p1 sd`` (stand pat, no cards) or ``p1 sd AsQs`` (discard): draw games only."""

    player: int
    cards: list[Card | None] = msgspec.field(default_factory=list)
    comment: str | None = None


class ShowOrMuck(msgspec.Struct, tag=True):
    """``p1 sm AsKd`` shows, ``p1 sm`` mucks, ``p1 sm -`` shows the cards dealt in ``dh``.

    Shown cards may be unknown (``p1 sm ????``): a cash-game player kept the hand without
    showing it.
    """

    player: int
    cards: list[Card | None] | None = None
    as_dealt: bool = False
    comment: str | None = None

    @property
    def mucks(self) -> bool:
        return self.cards is None and not self.as_dealt


class NoOp(msgspec.Struct, tag=True):
    """An empty string (``comment`` None) or a standalone commentary like ``# Burn card 6s``."""

    comment: str | None = None


Action: TypeAlias = (
    DealHole
    | DealBoard
    | PostBringIn
    | Fold
    | CheckOrCall
    | CompleteBetOrRaiseTo
    | StandPatOrDiscard
    | ShowOrMuck
    | NoOp
)
PlayerAction: TypeAlias = (
    DealHole
    | PostBringIn
    | Fold
    | CheckOrCall
    | CompleteBetOrRaiseTo
    | StandPatOrDiscard
    | ShowOrMuck
)
PLAYER_ACTIONS = (
    DealHole,
    PostBringIn,
    Fold,
    CheckOrCall,
    CompleteBetOrRaiseTo,
    StandPatOrDiscard,
    ShowOrMuck,
)
_ACTIONS = (*PLAYER_ACTIONS, DealBoard, NoOp)


_PLAYER = re.compile(r"p([1-9][0-9]*)")
_INTEGER = re.compile(r"[0-9]+")
_DECIMAL = re.compile(r"(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|[0-9]+[eE][+-]?[0-9]+")
_CARD_HELP = "cards are written like As, Td or 9c, and ?? when unknown"


def _parse_cards(word: str) -> list[Card | None]:
    cards: list[Card | None] = []
    for start in range(0, len(word), 2):
        token = word[start : start + 2]
        if token == "??":
            cards.append(None)
            continue
        rank = RANKS.find(token[0])
        suit = SUITS.find(token[1]) if len(token) == 2 else -1
        if rank < 0 or suit < 0:
            if "?" in token:
                raise PHHError(f'"{token}" is not a card: an unknown card is written ?? as a whole')
            raise PHHError(f'"{token}" is not a card ({_CARD_HELP})')
        cards.append(make_card(rank, suit))
    return cards


_CARD_TEXTS = tuple(format_card(card) for card in range(52))


def _format_cards(cards: Iterable[Card | None]) -> str:
    parts: list[str] = []
    for card in cards:
        if card is None:
            parts.append("??")
        elif type(card) is int and 0 <= card < 52:
            parts.append(_CARD_TEXTS[card])
        else:
            raise PHHError(f"{card!r} is not a card (an int 0..51, or None when unknown)")
    return "".join(parts)


def _parse_player(word: str) -> int:
    match = _PLAYER.fullmatch(word)
    if match is None:
        raise PHHError(f'"{word}" is not an actor (d for the dealer, p1, p2, ... for players)')
    return int(match.group(1)) - 1


def _parse_amount(word: str) -> Number:
    amount: Number
    if _INTEGER.fullmatch(word):
        amount = int(word)
    elif _DECIMAL.fullmatch(word):
        amount = float(word)
    else:
        raise PHHError(f'"{word}" is not an amount')
    if not 0 < amount < math.inf:
        raise PHHError(f"the amount {word} is not positive")
    return amount


def _format_amount(amount: object) -> str:
    if isinstance(amount, bool) or not isinstance(amount, int | float) or not 0 < amount < math.inf:
        raise PHHError(f"{amount!r} is not a positive amount")
    return repr(amount)


def _expect(kind: str, args: list[str], count: int | tuple[int, int], usage: str) -> None:
    low, high = count if isinstance(count, tuple) else (count, count)
    if not low <= len(args) <= high:
        raise PHHError(f"{kind} is written {usage}")


def read_action(text: str) -> Action:
    """The record of one action string; its errors leave the string to the caller to name."""
    body, hash_sign, rest = text.partition("#")
    comment = rest.strip() if hash_sign else None
    words = body.split()
    if not words:
        return NoOp(comment)
    actor, *args = words
    if actor == "d":
        if not args:
            raise PHHError("the dealer's action is missing (db or dh)")
        kind, *args = args
        if kind == "db":
            _expect(kind, args, 1, '"d db JcQh3s"')
            return DealBoard(_parse_cards(args[0]), comment)
        if kind == "dh":
            _expect(kind, args, 2, '"d dh p1 AsKd"')
            return DealHole(_parse_player(args[0]), _parse_cards(args[1]), comment)
        raise PHHError(f'"{kind}" is not a dealer action (db, dh)')
    player = _parse_player(actor)
    if not args:
        raise PHHError(f"the action of {actor} is missing (f, cc, cbr, pb, sd, sm)")
    kind, *args = args
    if kind in ("f", "cc", "pb"):
        _expect(kind, args, 0, f'"{actor} {kind}", with nothing after it')
        if kind == "f":
            return Fold(player, comment)
        return CheckOrCall(player, comment) if kind == "cc" else PostBringIn(player, comment)
    if kind == "cbr":
        _expect(kind, args, 1, f'"{actor} cbr 300", with the amount bet or raised to')
        return CompleteBetOrRaiseTo(player, _parse_amount(args[0]), comment)
    if kind == "sd":
        _expect(kind, args, (0, 1), f'"{actor} sd" (stand pat) or "{actor} sd AsQs" (discard)')
        return StandPatOrDiscard(player, _parse_cards(args[0]) if args else [], comment)
    if kind == "sm":
        _expect(kind, args, (0, 1), f'"{actor} sm AsKd" (show), "{actor} sm -" or "{actor} sm"')
        if not args:
            return ShowOrMuck(player, None, False, comment)
        if args[0] == "-":
            return ShowOrMuck(player, None, True, comment)
        return ShowOrMuck(player, _parse_cards(args[0]), False, comment)
    raise PHHError(f'"{kind}" is not a player action (f, cc, cbr, pb, sd, sm)')


def parse_action(text: str) -> Action:
    """Read one action string (``"p2 cbr 300 # min-raise"``) into its record."""
    try:
        return read_action(text)
    except PHHError as error:
        raise PHHError(f'"{text}": {error}') from None


def format_action(action: Action) -> str:
    """The PHH string of an action record, so the engine can write what it played."""
    body: str
    if isinstance(action, NoOp):
        body = ""
    elif isinstance(action, DealBoard):
        body = f"d db {_format_board_or_hole(action.cards)}"
    elif isinstance(action, PLAYER_ACTIONS):
        if not _is_int(action.player) or action.player < 0:
            raise PHHError(f"{action.player!r} is not a player index (0-based)")
        actor = f"p{action.player + 1}"
        if isinstance(action, DealHole):
            body = f"d dh {actor} {_format_board_or_hole(action.cards)}"
        elif isinstance(action, Fold):
            body = f"{actor} f"
        elif isinstance(action, CheckOrCall):
            body = f"{actor} cc"
        elif isinstance(action, PostBringIn):
            body = f"{actor} pb"
        elif isinstance(action, CompleteBetOrRaiseTo):
            body = f"{actor} cbr {_format_amount(action.amount)}"
        elif isinstance(action, StandPatOrDiscard):
            body = f"{actor} sd {_format_cards(action.cards)}".rstrip()
        elif action.cards is None:
            body = f"{actor} sm -" if action.as_dealt else f"{actor} sm"
        elif action.as_dealt or not action.cards:
            raise PHHError("a show names its cards, or sets as_dealt with cards None; None mucks")
        else:
            body = f"{actor} sm {_format_cards(action.cards)}"
    else:
        raise PHHError(f"{action!r} is not an action record")
    comment = action.comment
    if comment is None:
        return body
    if not isinstance(comment, str):
        raise PHHError(f"the comment {comment!r} is not a string")
    hash_part = f"# {comment.strip()}" if comment.strip() else "#"
    return f"{body} {hash_part}" if body else hash_part


def _format_board_or_hole(cards: list[Card | None]) -> str:
    if not cards:
        raise PHHError("a dealing action deals at least one card")
    return _format_cards(cards)


# --- checking a hand ----------------------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
