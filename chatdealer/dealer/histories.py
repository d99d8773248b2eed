"""Finished hands as PHH: one public copy, and one copy per player with their own hole cards.

The fairness proof travels inside the histories as user fields: the public copy carries the
root shown at the deal (`_deck_commitment`), every position's commitment (`_deck_positions`),
what the cut was made of (`_deck_scheme`, `_deck_seeds`; the table and hand number are the
history's own fields) and the openings of the cards shown (`_openings`); a player's copy carries
the same but the openings that player may see, their own two cards included, and borrows the
positions from the public copy of the same hand, which keeps a hand's stored history at one
list of 52 hashes rather than one per player. A player is handed their copy with the positions
put back (`handed_copy`), so that it verifies on its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from chatdealer import phh
from chatdealer.engine.hand import Hand
from chatdealer.fairness import Opening, Proof
from chatdealer.history import phh_text, to_phh
from chatdealer.store import HandRecord, TableId

from .proofs import HandProofs

Deal = tuple[str, str]
"""A deal line as the public copy shows it (``d dh p2 ????``) and as it was dealt."""


def hand_record(
    table_id: TableId,
    number: int,
    hand: Hand,
    players: Sequence[str],
    proofs: HandProofs | None,
) -> HandRecord:
    """The public copy and each player's copy of a finished hand; `players` by position.

    The engine's action log is already PHH text, so the copies are written from it directly
    (`history.phh_text`); only the hole-card deals are read, to hide the
    cards nobody showed. A player's copy is the public text with their own deal line swapped in
    (a hand has one copy per player), and every copy of a shown hand is the same text."""
    table = str(table_id)
    written = public_body(table, number, hand)
    if written is None:
        return written_in_full(table, number, hand, players, proofs)
    body, dealt = written
    return copies_of(number, body, dealt, players, proofs) or written_in_full(
        table, number, hand, players, proofs
    )


def public_body(table: str, number: int, hand: Hand) -> tuple[str, dict[int, Deal]] | None:
    """The public text but the proofs, and each unshown hand's deal line (hidden and as dealt)
    by position; None when the log is not as the engine deals."""
    dealt = _dealt(hand)
    if dealt is None:
        return None
    hidden = hand.actions
    if dealt:
        hidden = list(hidden)
        for position, (line, _) in dealt.items():
            hidden[position] = line
    body = phh_text(hand, hidden, number=number, table=table)
    if dealt and body.count('"d dh ') != len(hand.shown):  # a deal not where the engine deals
        return None
    return body, dealt


def copies_of(
    number: int,
    body: str,
    dealt: dict[int, Deal],
    players: Sequence[str],
    proofs: HandProofs | None,
) -> HandRecord | None:
    """The copies from the public body: each player's with their own deal swapped in and the
    proof fields they may see; None when a deal line is not found in the body."""
    if proofs is None:
        public, seen = body, [""] * len(players)
    else:
        shown, seen = _proof_fields(proofs)
        public = body + shown
    private: dict[str, bytes] = {}
    alike: tuple[str, bytes] | None = None  # the fields and the copy of the last shown hand
    for position, player in enumerate(players):
        fields, deal = seen[position], dealt.get(position)
        if deal is None:  # shown: the public body, with fields every shown hand shares
            if alike is None or alike[0] is not fields:
                alike = (fields, (body + fields).encode())
            private[player] = alike[1]
            continue
        own = _swapped(body, *deal)
        if own is None:
            return None
        private[player] = (own + fields).encode()
    return HandRecord(number, public.encode(), private)


def _dealt(hand: Hand) -> dict[int, Deal] | None:
    """Each unshown hand's deal line, hidden and as dealt, by position; None when the log is not
    as the engine deals (the ``d dh`` lines first, one per position, in position order)."""
    actions = hand.actions
    dealt: dict[int, tuple[str, str]] = {}
    for position, was_shown in enumerate(hand.shown):
        if was_shown:
            continue
        text = actions[position] if position < len(actions) else ""
        who = f"d dh p{position + 1} "
        if not text.startswith(who):
            return None
        dealt[position] = (who + "?" * (len(text) - len(who)), text)
    return dealt


def deals_found(body: str, dealt: dict[int, Deal]) -> bool:
    """Every hidden deal line is in the body as `copies_of` looks for it."""
    return all(f'\n  "{hidden}",\n' in body for hidden, _ in dealt.values())


def _swapped(body: str, hidden: str, text: str) -> str | None:
    """The body with one hidden deal line dealt face up; None if the line is not found as
    written (the first such line is the action's: the fields before the actions hold no text)."""
    line = f'\n  "{hidden}",\n'
    at = body.find(line)
    if at < 0:
        return None
    return f'{body[:at]}\n  "{text}",\n{body[at + len(line) :]}'


def written_in_full(
    table: str,
    number: int,
    hand: Hand,
    players: Sequence[str],
    proofs: HandProofs | None,
) -> HandRecord:
    """Every copy written by the generic writer, every unshown deal hidden wherever it is: for
    a log not as the engine deals."""
    history = to_phh(hand, actions=False)
    history.hand, history.table = number, table
    public = phh.dumps(history, action_texts=_hidden(hand, None), check=False)
    copies = [
        public
        if hand.shown[position]
        else phh.dumps(history, action_texts=_hidden(hand, position), check=False)
        for position in range(len(players))
    ]
    if proofs is not None:
        shown, seen = _proof_fields(proofs)
        public += shown
        copies = [own + fields for own, fields in zip(copies, seen, strict=True)]
    private = {player: own.encode() for player, own in zip(players, copies, strict=True)}
    return HandRecord(number, public.encode(), private)


def proof_of(history: phh.HandHistory, positions: Sequence[str] | None = None) -> Proof | None:
    """The fairness proof a stored history carries; a player's stored copy needs the public
    positions (a copy as handed to the player, `handed_copy`, has them)."""
    fields = history.user_fields
    root = fields.get("_deck_commitment")
    stored = fields.get("_deck_positions", positions)
    if not isinstance(root, str) or stored is None:
        return None
    hand = history.hand
    return Proof(
        root=root,
        positions=tuple(str(p) for p in stored),
        openings=tuple(
            Opening(int(o["position"]), str(o["card"]), str(o["salt"]))
            for o in fields.get("_openings", [])
        ),
        scheme=str(fields.get("_deck_scheme", "")),
        table=str(history.table) if history.table is not None else "",
        hand=hand if isinstance(hand, int) else 0,
        players=history.player_count,
        seeds=tuple(str(seed) for seed in fields.get("_deck_seeds", [])),
        hole_cards=_hole_cards_dealt(history),
    )


def _hole_cards_dealt(history: phh.HandHistory) -> int:
    """How many hole cards each player was dealt, read off the deal itself: the proof's layout
    follows it (two for hold'em, four or five for Omaha)."""
    dealt = [len(a.cards) for a in history.actions if isinstance(a, phh.DealHole)]
    return max(dealt, default=2)


_POSITIONS = "\n_deck_positions = "
_ROOT = "\n_deck_commitment = "


def handed_copy(own: str, public: str) -> str:
    """A player's copy as it is handed to them: with the position commitments that the stored
    copy borrows from the public one, so that it verifies on its own (`chatdealer verify`).
    A key starts a line: a newline inside a TOML string is written escaped."""
    at = public.find(_POSITIONS)
    root = own.find(_ROOT)
    if at < 0 or root < 0 or _POSITIONS in own:
        return own
    line = public[at + 1 : public.index("\n", at + 1) + 1]
    end = own.index("\n", root + 1) + 1
    return own[:end] + line + own[end:]


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
    ones and their own two (the public proof itself when their hand was shown, whose fields are
    then one shared text), so each opening is written once. A player's copy leaves out the
    position commitments, the same for every copy (`handed_copy` puts them back)."""
    public = proofs.public
    root = f'_deck_commitment = "{public.root}"\n'
    cut = _cut_text(public)
    texts = [_opening_text(opening) for opening in public.openings]
    shown = f"_openings = [{', '.join(texts)}]\n"
    alike = root + cut + shown  # every shown hand's: one text, so its copies are written once
    written: dict[int, str] | None = None
    private: list[str] = []
    for seen in proofs.private:
        if seen is public:
            private.append(alike)
            continue
        if written is None:
            written = {
                opening.position: text for opening, text in zip(public.openings, texts, strict=True)
            }
        opened = ", ".join([written.get(o.position) or _opening_text(o) for o in seen.openings])
        private.append(f"{root}{cut}_openings = [{opened}]\n")
    hashes = '", "'.join(public.positions)
    positions = f'_deck_positions = ["{hashes}"]\n' if hashes else "_deck_positions = []\n"
    return root + positions + cut + shown, private


def _cut_text(proof: Proof) -> str:
    """What the cut was made of (the table and hand are the history's own fields)."""
    if not proof.scheme:
        return ""
    seeds = '", "'.join(proof.seeds)
    listed = f'["{seeds}"]' if seeds else "[]"
    return f'_deck_scheme = "{proof.scheme}"\n_deck_seeds = {listed}\n'


def _opening_text(opening: Opening) -> str:
    return f'{{position = {opening.position}, card = "{opening.card}", salt = "{opening.salt}"}}'
