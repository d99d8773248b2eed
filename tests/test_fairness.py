"""Provably fair dealing: the commitment shown at the start holds every card shown at the end."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from chatdealer.cards import Deck, parse_cards, shuffled
from chatdealer.cli import main
from chatdealer.fairness import (
    Opening,
    Proof,
    VerificationError,
    commit,
    hole_positions,
    shown_positions,
    verify,
)


def test_openings_of_the_shown_cards_verify_against_the_root() -> None:
    deck = shuffled(Deck.STANDARD)
    commitment = commit(deck)
    positions = shown_positions(3, 5, shown_seats=[0, 2])
    proof = Proof(commitment.root, commitment.positions, tuple(commitment.open(deck, positions)))
    opened = verify(proof)
    assert [card for _, card in opened] == [deck[p] for p in positions]


def test_the_board_positions_skip_the_burns() -> None:
    assert shown_positions(2, 5, []) == [5, 6, 7, 9, 11]
    assert hole_positions(3, 1) == (1, 4)


def test_the_position_commitments_are_the_hashes_cut_apart() -> None:
    for deck in (Deck.STANDARD.cards(), Deck.SHORT.cards(), [7], [7, 9], []):
        commitment = commit(deck)
        hashes = commitment.hashes
        cut = tuple(hashes[i : i + 64] for i in range(0, len(hashes), 64))
        assert commitment.positions == cut and len(cut) == len(deck)
    for n in (1, 2, 3):
        assert shown_positions(n, 3, [n - 1]) == sorted(
            [2 * n + 1, 2 * n + 2, 2 * n + 3, *hole_positions(n, n - 1)]
        )


def test_a_card_changed_after_the_start_fails() -> None:
    deck = shuffled(Deck.STANDARD)
    commitment = commit(deck)
    real = commitment.open(deck, [5])[0]
    other = next(c for c in ("As", "Kd") if c != real.card)
    forged = Proof(commitment.root, commitment.positions, (Opening(5, other, real.salt),))
    with pytest.raises(VerificationError, match="changed after the commitment"):
        verify(forged)


def test_a_swapped_position_list_fails() -> None:
    deck = shuffled(Deck.STANDARD)
    commitment = commit(deck)
    positions = list(commitment.positions)
    positions[3], positions[4] = positions[4], positions[3]
    with pytest.raises(VerificationError, match="do not hash"):
        verify(Proof(commitment.root, tuple(positions), ()))


def test_unopened_positions_reveal_nothing_but_salted_hashes() -> None:
    """The same card at the same position commits differently under fresh salts."""
    deck = parse_cards("As Kd Qh") + [
        c for c in Deck.STANDARD.cards() if c not in parse_cards("As Kd Qh")
    ]
    assert commit(deck).positions[0] != commit(deck).positions[0]


def test_the_verify_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = shuffled(Deck.STANDARD)
    commitment = commit(deck)
    proof = Proof(commitment.root, commitment.positions, tuple(commitment.open(deck, [0, 6])))
    good = tmp_path / "proof.json"
    good.write_bytes(msgspec.json.encode(proof))
    assert main(["verify", str(good)]) == 0
    assert capsys.readouterr().out.startswith("verified: 2 cards")
    bad = tmp_path / "bad.json"
    forged = Proof("0" * 64, proof.positions, proof.openings)
    bad.write_bytes(msgspec.json.encode(forged))
    assert main(["verify", str(bad)]) == 1
    assert "NOT VERIFIED" in capsys.readouterr().out
    (tmp_path / "junk.json").write_text("{")
    assert main(["verify", str(tmp_path / "junk.json")]) == 2
