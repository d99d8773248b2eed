"""Finished hands as PHH: one public copy, and one copy per player with their own hole cards.

The fairness proof travels inside the histories as user fields: the public copy carries the
root shown at the deal (`_deck_commitment`), every position's commitment (`_deck_positions`) and
the openings of the cards shown (`_openings`); a player's copy carries the root and the openings
that player may see, their own two cards included, and borrows the positions from the public
copy of the same hand (`proof_of(own, positions=...)`), which keeps a hand's history at one list
of 52 hashes rather than one per player.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from chatdealer import phh
from chatdealer.engine.hand import Hand
from chatdealer.fairness import Opening, Proof
from chatdealer.history import to_phh
from chatdealer.store import HandRecord, TableId

from .proofs import HandProofs


def hand_record(
    table_id: TableId,
    number: int,
    hand: Hand,
    players: Sequence[str],
    proofs: HandProofs | None,
) -> HandRecord:
    """The public copy and each player's copy of a finished hand; `players` by position.

    The engine's action log is already PHH text, so the copies are written from it directly;
    only the hole-card deals are read, to hide the cards nobody showed. The engine's hand keeps
    the standard, so it is written without checking it again."""
    base = msgspec.structs.replace(to_phh(hand, actions=False), hand=number, table=str(table_id))
    public = phh.dumps(base, action_texts=_hidden(hand, None), check=False)
    copies = [_with_own_cards(public, base, hand, position) for position in range(len(players))]
    if proofs is not None:
        shown, seen = _proof_fields(proofs)
        public += shown
        copies = [own + fields for own, fields in zip(copies, seen, strict=True)]
    private = {player: own.encode() for player, own in zip(players, copies, strict=True)}
    return HandRecord(number, public.encode(), private)


def proof_of(history: phh.HandHistory, positions: Sequence[str] | None = None) -> Proof | None:
    """The fairness proof a stored history carries; a player's copy needs the public positions."""
    fields = history.user_fields
    root = fields.get("_deck_commitment")
    stored = fields.get("_deck_positions", positions)
    if not isinstance(root, str) or stored is None:
        return None
    return Proof(
        root=root,
        positions=tuple(str(p) for p in stored),
        openings=tuple(
            Opening(int(o["position"]), str(o["card"]), str(o["salt"]))
            for o in fields.get("_openings", [])
        ),
    )


def _with_own_cards(public: str, base: phh.HandHistory, hand: Hand, position: int) -> str:
    """The public text with one player's hole cards dealt face up.

    Only their deal line differs, so it is swapped in the written text rather than the whole
    hand written again (a hand has one copy per player); if the line is not found as written,
    the copy is written in full.
    """
    if hand.shown[position]:
        return public
    deal = f"d dh p{position + 1} "
    dealt = next((text for text in hand.actions if text.startswith(deal)), None)
    if dealt is not None:
        line = f'\n  "{_hidden_deal(dealt, hand.shown, None)}",\n'
        if public.count(line) == 1:
            return public.replace(line, f'\n  "{dealt}",\n')
    return phh.dumps(base, action_texts=_hidden(hand, position), check=False)


def _hidden(hand: Hand, keep: int | None) -> list[str]:
    """The action log with every hole card not shown at the showdown hidden, but those of
    position `keep`. The engine writes a deal as ``d dh p3 AsKd``, two characters a card."""
    shown = hand.shown
    return [
        _hidden_deal(text, shown, keep) if text.startswith("d dh ") else text
        for text in hand.actions
    ]


def _hidden_deal(text: str, shown: list[bool], keep: int | None) -> str:
    who, _, cards = text[5:].partition(" ")
    player = int(who[1:]) - 1
    if player == keep or shown[player]:
        return text
    return f"d dh {who} {'?' * len(cards)}"


def _proof_fields(proofs: HandProofs) -> tuple[str, list[str]]:
    """The proofs as TOML lines after the hand's own fields: the public copy's, and each
    player's by position. Hex and card names need no quoting beyond plain double quotes, so
    they are written directly rather than field by field. A player's openings are the public
    ones and their own two (the public proof itself when their hand was shown), so each opening
    is written once."""
    public = proofs.public
    root = f'_deck_commitment = "{public.root}"\n'
    written: dict[int, str] = {}
    shown = _openings_field(public.openings, written)
    private = [
        root + (shown if seen is public else _openings_field(seen.openings, written))
        for seen in proofs.private
    ]
    hashes = '", "'.join(public.positions)
    positions = f'_deck_positions = ["{hashes}"]\n' if hashes else "_deck_positions = []\n"
    return root + positions + shown, private


def _openings_field(openings: Sequence[Opening], written: dict[int, str]) -> str:
    """`written` keeps each opening's text by deck position, for the next copy of the hand."""
    opened = ", ".join([_opening_text(opening, written) for opening in openings])
    return f"_openings = [{opened}]\n"


def _opening_text(opening: Opening, written: dict[int, str]) -> str:
    position = opening.position
    text = written.get(position)
    if text is None:
        text = f'{{position = {position}, card = "{opening.card}", salt = "{opening.salt}"}}'
        written[position] = text
    return text
