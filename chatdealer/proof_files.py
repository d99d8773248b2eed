"""A hand's proof as a player holds it, read and checked whole: what `chatdealer verify` says.

A player has a hand's `.phh` history — the public copy posted to the channel, or their own copy
— which carries the proof as user fields (`dealer.histories`), or the proof alone as JSON
(`fairness.Proof`). `check` verifies the proof (`fairness.verify`) and, for a history, that the
cards it shows (the board, the hands shown, the player's own) are exactly the cards the proof
opens where the dealer deals them; with a player's seed, that it is one of those that cut the
deck. The report is a list of lines, each a code and its parameters (English in `LINES`,
translated by `chatdealer.render.proofs`), saying what was checked and what holds.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import NamedTuple

import msgspec

from chatdealer import phh
from chatdealer.cards import Card, Deck, format_cards
from chatdealer.cut import seed_digest
from chatdealer.dealer.histories import proof_of
from chatdealer.fairness import (
    Proof,
    VerificationError,
    Verified,
    burn_positions,
    hole_positions,
    verify,
)

LINES = {
    "hand_standard": "Hand #{hand} at table {table}: {players} players dealt in, from the "
    "standard deck of 52 cards",
    "hand_short": "Hand #{hand} at table {table}: {players} players dealt in, from the short "
    "deck of 36 cards",
    "committed": "✔ The deck was committed before the first card: its {size} position "
    "commitments hash to the commitment shown when the hand was dealt, {root}",
    "cut": "✔ The order it was dealt in follows from the seeds players added ({count}), the "
    "table and the hand number: the cut is recomputed here, and the dealer committed to its "
    "deck before the seeds were taken",
    "cut_unseeded": "✔ The cut follows from the table and the hand number; no player added a "
    "seed to this hand, so the order is the dealer's own shuffle",
    "uncut": "This hand was dealt in the committed order, before players could cut the deck",
    "board": "✔ The board, {cards}, is the cards committed to before the first card",
    "no_board": "The hand ended before the flop: no board was dealt",
    "shown": "✔ So are the hands shown: {hands}",
    "own": "✔ Your hole cards too: {hands}",
    "opened_hands": "✔ So are the hands it opens: {hands}",
    "whole_deck": "✔ The whole deck is opened: {size} different cards, each where it was "
    "committed. Every hand dealt: {hands}. Burned: {burns}",
    "sound": "✔ No card appears twice, every card belongs to the deck, every salt is 16 bytes, "
    "and every card opened lies where the dealer deals it for {players} players",
    "closed": "Positions left closed: {count} (folded and mucked hands, burns, cards never "
    "dealt); they show only salted hashes",
    "seed_found": "✔ Your seed is one of those that cut the deck",
    "holds": "HOLDS",
    "fails": "DOES NOT HOLD: {problem}",
}
"""Each line of a report, as English templates (context ``verify``)."""

PROBLEMS = {
    "board_differs": "the board in the history, {history}, is not the board the proof opens, "
    "{opened}",
    "hand_differs": "{player}'s cards in the history, {history}, are not the cards the proof "
    "opens for that hand, {opened}",
    "hand_not_opened": "the history shows {player}'s cards, {cards}, and the proof does not "
    "open them",
    "hidden_opened": "the proof opens {player}'s cards, which the history keeps hidden",
    "seed_missing": "your seed is not one of the {count} that cut this hand's deck",
}
"""What a history or a seed can contradict in a proof that holds by itself."""

UNREADABLE = {
    "unreadable": "cannot read {path}: {problem}",
    "no_proof": "{path} carries no proof of the deal: it is not a hand history the dealer wrote",
    "no_positions": "{path} has no position commitments: give the public copy of the same hand "
    "beside it (chatdealer verify {path} hand-{hand}.phh)",
    "variant": "{path} is a hand of {variant}, which the dealer does not deal",
}


class Line(NamedTuple):
    code: str
    params: dict[str, str]


class Unreadable(ValueError):
    """A file that is not a proof, or not a history carrying one."""

    def __init__(self, code: str, **params: str) -> None:
        self.line = Line(code, params)
        super().__init__(UNREADABLE[code].format(**params))


class Held(msgspec.Struct, frozen=True):
    """One file as read: its proof (positions may be missing from an old player's copy) and
    the history it came in, if any."""

    path: str
    proof: Proof
    history: phh.HandHistory | None
    complete: bool


class Report(msgspec.Struct, frozen=True):
    path: str
    holds: bool
    lines: tuple[Line, ...]


_VARIANT_DECKS = {"NT": Deck.STANDARD, "FT": Deck.STANDARD, "NS": Deck.SHORT}


def read(path: str, text: str) -> Held:
    """A proof as JSON, or a history carrying one."""
    if text.lstrip().startswith("{"):
        try:
            alone = msgspec.json.decode(text, type=Proof)
        except (msgspec.DecodeError, msgspec.ValidationError) as problem:
            raise Unreadable("unreadable", path=path, problem=str(problem)) from problem
        return Held(path, alone, None, True)
    try:
        history = phh.loads(text)
    except (phh.PHHError, ValueError) as problem:
        raise Unreadable("unreadable", path=path, problem=str(problem)) from problem
    if history.variant not in _VARIANT_DECKS:
        raise Unreadable("variant", path=path, variant=history.variant)
    complete = "_deck_positions" in history.user_fields
    proof = proof_of(history, positions=None if complete else ())
    if proof is None:
        raise Unreadable("no_proof", path=path)
    return Held(path, proof, history, complete)


def read_files(paths: Sequence[str], texts: Sequence[str]) -> list[Held]:
    """Every file read; a player's copy without positions borrows them from a public copy of
    the same hand among the files (an older dealer handed out such copies)."""
    held = [read(path, text) for path, text in zip(paths, texts, strict=True)]
    positions = {one.proof.root: one.proof.positions for one in held if one.complete}
    found = []
    for one in held:
        if not one.complete:
            borrowed = positions.get(one.proof.root)
            if borrowed is None:
                hand = one.history.hand if one.history is not None else "N"
                raise Unreadable("no_positions", path=one.path, hand=str(hand))
            proof = msgspec.structs.replace(one.proof, positions=borrowed)
            one = Held(one.path, proof, one.history, True)
        found.append(one)
    return found


def check_paths(paths: Sequence[str], seeds: Sequence[str] = ()) -> list[Report]:
    """Reads and checks files (``-``: standard input); raises Unreadable for the first that
    cannot be read."""
    texts = []
    for path in paths:
        try:
            texts.append(sys.stdin.read() if path == "-" else Path(path).read_text("utf-8"))
        except (OSError, UnicodeDecodeError) as problem:
            raise Unreadable("unreadable", path=path, problem=str(problem)) from problem
    return [check(one, seeds) for one in read_files(paths, texts)]


def check(held: Held, seeds: Sequence[str] = ()) -> Report:
    """What holds of one proof, and the first thing that does not."""
    history = held.history
    deck = _VARIANT_DECKS[history.variant] if history is not None else None
    lines: list[Line] = []
    try:
        verified = verify(held.proof, deck)
        _what_holds(lines, held.proof, verified, history)
        lines += _seeds_found(verified, seeds)
    except VerificationError as problem:
        return Report(held.path, False, (*lines, _fails(problem.code, problem.params)))
    except _Contradiction as problem:
        return Report(held.path, False, (*lines, problem.line))
    return Report(held.path, True, (*lines, Line("holds", {})))


class _Contradiction(Exception):
    def __init__(self, code: str, **params: str) -> None:
        self.line = _fails(code, params)


def _fails(code: str, params: Mapping[str, object]) -> Line:
    """The failing line: its problem is a code and parameters too, kept apart for translation."""
    return Line("fails", {"problem": code, **{key: str(value) for key, value in params.items()}})


def _what_holds(
    lines: list[Line], proof: Proof, verified: Verified, history: phh.HandHistory | None
) -> None:
    """Adds to `lines` what holds, as it is found: a contradiction found later stops it."""
    names = list(history.players or []) if history is not None else []

    def who(seat: int) -> str:
        return f"{names[seat]} (p{seat + 1})" if seat < len(names) else f"p{seat + 1}"

    def hands(seats: Iterable[int]) -> str:
        return ", ".join(f"{who(s)} {_cards(verified.hole(s) or ())}" for s in seats) or "—"

    kind = "hand_short" if verified.deck is Deck.SHORT else "hand_standard"
    lines += [
        Line(
            kind,
            {
                "hand": str(proof.hand or "?"),
                "table": proof.table or "?",
                "players": str(verified.players),
            },
        ),
        Line("committed", {"size": str(verified.size), "root": proof.root}),
    ]
    if not verified.cut_by_seeds:
        lines.append(Line("uncut", {}))
    elif verified.seeds:
        lines.append(Line("cut", {"count": str(len(verified.seeds))}))
    else:
        lines.append(Line("cut_unseeded", {}))
    own: list[int] = []
    board = verified.board
    if history is not None:
        own, board = _against_history(verified, history, who)
    if board:
        lines.append(Line("board", {"cards": _cards(board)}))
    elif history is not None or not verified.whole_deck:
        lines.append(Line("no_board", {}))
    if verified.whole_deck:
        burns = [verified.cards[p] for p in burn_positions(verified.players, verified.hole_cards)]
        every = hands(range(verified.players))
        lines.append(
            Line("whole_deck", {"size": str(verified.size), "hands": every, "burns": _cards(burns)})
        )
    elif history is None:
        if verified.opened_seats:
            lines.append(Line("opened_hands", {"hands": hands(verified.opened_seats)}))
    else:
        shown = [seat for seat in verified.opened_seats if seat not in own]
        if shown:
            lines.append(Line("shown", {"hands": hands(shown)}))
        if own:
            lines.append(Line("own", {"hands": hands(own)}))
    lines.append(Line("sound", {"players": str(verified.players)}))
    if not verified.whole_deck:
        lines.append(Line("closed", {"count": str(verified.size - len(verified.cards))}))


def _against_history(
    verified: Verified, history: phh.HandHistory, who: Callable[[int], str]
) -> tuple[list[int], list[Card]]:
    """Checks the cards the history shows against the openings; returns the seats whose hole
    cards the history shows as dealt without their being shown at the showdown (a player's
    own copy shows theirs), and the board as dealt."""
    board: list[Card | None] = []
    dealt: dict[int, list[Card]] = {}
    shown: dict[int, list[Card]] = {}
    for action in history.actions:
        if isinstance(action, phh.DealBoard):
            board += action.cards
        elif isinstance(action, phh.DealHole) and None not in action.cards:
            dealt[action.player] = [card for card in action.cards if card is not None]
        elif isinstance(action, phh.ShowOrMuck) and action.cards and None not in action.cards:
            shown[action.player] = [card for card in action.cards if card is not None]
        elif isinstance(action, phh.ShowOrMuck) and action.cards:
            _part_opened(verified, action.player, action.cards, who)
    opened_board = verified.board[: len(board)] if verified.whole_deck else verified.board
    if board != opened_board:
        raise _Contradiction(
            "board_differs", history=_cards(board) or "—", opened=_cards(opened_board) or "—"
        )
    for seat, cards in [*dealt.items(), *shown.items()]:
        opened = verified.hole(seat)
        if opened is None:
            raise _Contradiction("hand_not_opened", player=who(seat), cards=_cards(cards))
        as_dealt = seat in dealt and cards is dealt[seat]
        if (list(opened) != cards) if as_dealt else (sorted(opened) != sorted(cards)):
            raise _Contradiction(
                "hand_differs", player=who(seat), history=_cards(cards), opened=_cards(opened)
            )
    if not verified.whole_deck:
        for seat in verified.opened_seats:
            if seat not in dealt and seat not in shown:
                raise _Contradiction("hidden_opened", player=who(seat))
    return [seat for seat in sorted(dealt) if seat not in shown], opened_board


def _part_opened(
    verified: Verified, seat: int, cards: Sequence[Card | None], who: Callable[[int], str]
) -> None:
    """Cards shown after the hand, some of a hand (``p2 sm Ks??``): each is the card the
    proof opens where that hole card was dealt (docs/rules.md §7)."""
    holes = hole_positions(verified.players, seat, verified.hole_cards)
    for position, card in zip(holes, cards, strict=False):
        if card is None:
            continue
        opened = verified.cards.get(position)
        if opened is None:
            raise _Contradiction("hand_not_opened", player=who(seat), cards=_cards([card]))
        if opened != card:
            raise _Contradiction(
                "hand_differs", player=who(seat), history=_cards([card]), opened=_cards([opened])
            )


def _seeds_found(verified: Verified, seeds: Sequence[str]) -> list[Line]:
    lines = []
    for text in seeds:
        if seed_digest(text) not in verified.seeds:
            raise _Contradiction("seed_missing", count=str(len(verified.seeds)))
        lines.append(Line("seed_found", {}))
    return lines


def _cards(cards: Iterable[Card | None]) -> str:
    return format_cards([card for card in cards if card is not None], symbols=True)
