"""Provably fair dealing: the commitment shown at the start holds every card shown at the end.

The proofs here are made the way the dealer makes them: a deck committed first, cut by seeds,
the shown cards opened at the committed positions they were cut from. `verify` must accept
them and refuse every proof a dealer could forge: a deck of the wrong size, a card twice, a
salt of the wrong size, an opening where the dealer never deals a shown card.
"""

from __future__ import annotations

import hashlib
import itertools
from collections import Counter
from collections.abc import Sequence

import msgspec
import pytest

from chatdealer import cut
from chatdealer.cards import Card, Deck, parse_card, parse_cards, shuffled
from chatdealer.cut import (
    CUT_SCHEME,
    committed_order,
    cut_material,
    cut_of,
    dealt_order,
    fisher_yates,
    seed_digest,
)
from chatdealer.fairness import (
    Opening,
    Proof,
    VerificationError,
    board_positions,
    burn_positions,
    commit,
    hole_positions,
    shown_positions,
    verify,
)

TABLE = "discord:guild:chan"


def dealt_proof(
    players: int = 3,
    board: int = 5,
    shown: Sequence[int] = (0, 2),
    seeds: Sequence[str] = (),
    deck: Deck = Deck.STANDARD,
    committed: Sequence[Card] | None = None,
) -> tuple[Proof, list[Card]]:
    """A proof as the dealer makes one, and the deck as it was dealt."""
    cards = list(committed) if committed is not None else shuffled(deck)
    commitment = commit(cards)
    cut = cut_of(TABLE, 7, len(cards), seeds)
    dealt = dealt_order(cards, cut)
    opened = commitment.open_dealt(dealt, shown_positions(players, board, shown), cut)
    proof = Proof(
        commitment.root,
        commitment.positions,
        tuple(opened),
        scheme=CUT_SCHEME,
        table=TABLE,
        hand=7,
        players=players,
        seeds=tuple(sorted(seeds)),
    )
    return proof, dealt


def test_the_shown_cards_open_where_they_were_dealt() -> None:
    proof, dealt = dealt_proof(seeds=[seed_digest("Ann's seed")])
    verified = verify(proof)
    board = [dealt[p] for p in board_positions(3, 5)]
    assert verified.board == board
    assert verified.hole(0) == (dealt[0], dealt[3]) and verified.hole(2) == (dealt[2], dealt[5])
    assert verified.hole(1) is None and not verified.whole_deck
    assert verified.opened_seats == [0, 2]


def test_the_layout_of_a_deal() -> None:
    assert shown_positions(2, 5, []) == [5, 6, 7, 9, 11]
    assert burn_positions(2) == [4, 8, 10]
    assert hole_positions(3, 1) == (1, 4)
    for n in (2, 3, 9, 10):
        dealt = {*board_positions(n, 5), *burn_positions(n)}
        dealt |= {p for seat in range(n) for p in hole_positions(n, seat)}
        assert dealt == set(range(2 * n + 8))  # every card up to the river, each once


def test_the_position_commitments_are_the_hashes_cut_apart() -> None:
    for deck in (Deck.STANDARD.cards(), Deck.SHORT.cards(), [7], [7, 9], []):
        commitment = commit(deck)
        hashes = commitment.hashes
        cut = tuple(hashes[i : i + 64] for i in range(0, len(hashes), 64))
        assert commitment.positions == cut and len(cut) == len(deck)


def test_a_card_changed_after_the_start_fails() -> None:
    proof, _ = dealt_proof()
    real = proof.openings[0]
    other = next(card for card in ("As", "Kd") if card != real.card)
    forged = msgspec.structs.replace(
        proof, openings=(Opening(real.position, other, real.salt), *proof.openings[1:])
    )
    with pytest.raises(VerificationError, match="changed after the commitment"):
        verify(forged)


def test_a_swapped_position_list_fails() -> None:
    proof, _ = dealt_proof()
    positions = list(proof.positions)
    positions[3], positions[4] = positions[4], positions[3]
    with pytest.raises(VerificationError, match="do not hash"):
        verify(msgspec.structs.replace(proof, positions=tuple(positions)))


def test_unopened_positions_reveal_nothing_but_salted_hashes() -> None:
    """The same card at the same position commits differently under fresh salts."""
    deck = parse_cards("As Kd Qh") + [
        c for c in Deck.STANDARD.cards() if c not in parse_cards("As Kd Qh")
    ]
    assert commit(deck).positions[0] != commit(deck).positions[0]


def forged(deck: Sequence[Card], opened: Sequence[int], players: int = 2) -> Proof:
    """A dealer's forgery: any list of cards committed to, and positions of it opened."""
    commitment = commit(deck)
    return Proof(
        commitment.root,
        commitment.positions,
        tuple(commitment.open(deck, opened)),
        players=players,
    )


def test_a_deck_of_one_position_is_refused() -> None:
    with pytest.raises(VerificationError, match="dealer's decks hold 52 or 36"):
        verify(forged([parse_card("As")], [0]))
    with pytest.raises(VerificationError, match="dealer's decks hold 52 or 36"):
        verify(forged(Deck.STANDARD.cards()[:51], []))


def test_a_card_twice_is_refused() -> None:
    """A deck whose flop holds the ace of spades twice: each opening hashes, but no deck does."""
    deck = Deck.STANDARD.cards()
    ace = parse_card("As")
    flop = board_positions(2, 3)
    deck[flop[1]] = ace
    deck[flop[0]] = ace
    with pytest.raises(VerificationError, match="As twice"):
        verify(forged(deck, flop))


def test_a_salt_that_is_empty_or_short_is_refused() -> None:
    proof, _ = dealt_proof()
    first = proof.openings[0]
    for salt in ("", first.salt[:30], first.salt + "00", first.salt.upper()):
        bad = msgspec.structs.replace(
            proof, openings=(Opening(first.position, first.card, salt), *proof.openings[1:])
        )
        with pytest.raises(VerificationError, match="a salt is 16 bytes"):
            verify(bad)


def test_openings_where_the_dealer_deals_no_shown_card_are_refused() -> None:
    deck = shuffled(Deck.STANDARD)
    flop = board_positions(3, 3)
    cases = {
        "a burn card": [burn_positions(3)[0], *flop],
        "nobody was dealt": [40, *flop],
        "not the flop, turn and river": board_positions(3, 5)[1:],
        "not the flop, turn and river ": [*flop, board_positions(3, 5)[4]],
    }
    for problem, opened in cases.items():
        with pytest.raises(VerificationError, match=problem.strip()):
            verify(forged(deck, opened, players=3))
    verify(forged(deck, [*flop, *hole_positions(3, 1)], players=3))  # the same, as dealt
    one = verify(forged(deck, [*flop, hole_positions(3, 1)[0]], players=3))  # shown after
    assert one.opened_seats == [] and one.hole(1) is None  # the hand, one card of it only


def test_a_cut_proof_opened_at_the_uncut_positions_fails() -> None:
    """Openings where the cards would lie without the seeds' cut are not where they were cut
    from: a dealer cannot skip the cut."""
    deck = shuffled(Deck.STANDARD)
    commitment = commit(deck)
    opened = commitment.open(deck, board_positions(3, 5))
    proof = Proof(
        commitment.root,
        commitment.positions,
        tuple(opened),
        scheme=CUT_SCHEME,
        table=TABLE,
        hand=7,
        players=3,
        seeds=(seed_digest("x"),),
    )
    with pytest.raises(VerificationError):
        verify(proof)


def test_the_player_count_and_the_deck_kind_must_fit() -> None:
    proof, _ = dealt_proof(players=3)
    for players in (0, 1, 11):
        with pytest.raises(VerificationError, match="cannot be dealt"):
            verify(msgspec.structs.replace(proof, players=players))
    with pytest.raises(VerificationError, match="played with 36 cards"):
        verify(proof, Deck.SHORT)
    short = Deck.SHORT.cards()
    short[board_positions(2, 3)[0]] = parse_card("2c")  # a two in a short deck
    with pytest.raises(VerificationError, match="short deck"):
        verify(forged(short, board_positions(2, 3)))
    proof, _ = dealt_proof(deck=Deck.SHORT)
    assert verify(proof, Deck.SHORT).deck is Deck.SHORT


def test_a_proof_that_opens_the_whole_deck_shows_every_card_once() -> None:
    deck = shuffled(Deck.STANDARD)
    verified = verify(forged(deck, range(52), players=4))
    assert verified.whole_deck and sorted(verified.cards.values()) == Deck.STANDARD.cards()


def test_the_cut_and_its_seeds_must_be_what_the_verifier_knows() -> None:
    proof, _ = dealt_proof(seeds=[seed_digest("a")])
    with pytest.raises(VerificationError, match="not one this verifier knows"):
        verify(msgspec.structs.replace(proof, scheme="chatdealer-cut-9"))
    with pytest.raises(VerificationError, match="name its table"):
        verify(msgspec.structs.replace(proof, table=""))
    with pytest.raises(VerificationError, match="hand number"):
        verify(msgspec.structs.replace(proof, hand=0))
    with pytest.raises(VerificationError, match="listed twice"):
        verify(msgspec.structs.replace(proof, seeds=proof.seeds * 2))
    with pytest.raises(VerificationError, match="other than a SHA-256"):
        verify(msgspec.structs.replace(proof, seeds=("hello",)))


# -- the cut ------------------------------------------------------------------------------


def test_a_seed_changes_the_order_and_the_order_of_seeds_does_not() -> None:
    deck = Deck.STANDARD.cards()
    plain = dealt_order(deck, cut_of(TABLE, 1, 52, []))
    ann, bob = seed_digest("Ann"), seed_digest("Bob")
    with_ann = dealt_order(deck, cut_of(TABLE, 1, 52, [ann]))
    assert with_ann != plain and sorted(with_ann) == deck
    assert cut_of(TABLE, 1, 52, [ann, bob]) == cut_of(TABLE, 1, 52, [bob, ann])
    assert cut_of(TABLE, 1, 52, [ann]) != cut_of(TABLE, 2, 52, [ann])  # each hand its own
    assert cut_of(TABLE, 1, 52, [ann]) != cut_of(TABLE + "x", 1, 52, [ann])  # each table too
    assert committed_order(with_ann, cut_of(TABLE, 1, 52, [ann])) == deck
    assert seed_digest("  Ann ") == ann  # the spaces around a seed do not count


def reimplemented_cut(table: str, hand: int, size: int, seeds: Sequence[str]) -> list[int]:
    """docs/fairness.md's recipe, written out again as a reader would: the words one by one."""
    material = "\n".join(["chatdealer-cut-1", table, str(hand), str(size), *sorted(set(seeds))])
    xof = hashlib.shake_256(material.encode())
    order, read = list(range(size)), 0
    for top in range(size - 1, 0, -1):
        while True:
            read += 4
            word = int.from_bytes(xof.digest(read)[-4:], "big")
            if word < 2**32 - 2**32 % (top + 1):
                break
        pick = word % (top + 1)
        order[top], order[pick] = order[pick], order[top]
    return order


def test_the_cut_is_the_documented_recipe() -> None:
    for hand in range(1, 30):
        seeds = [seed_digest(str(n)) for n in range(hand % 4)]
        for size in (36, 52):
            assert list(cut_of(TABLE, hand, size, seeds)) == reimplemented_cut(
                TABLE, hand, size, seeds
            )


def test_the_cut_reads_on_when_its_first_words_run_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rejections are rare; a cut that had to read past its first output stays the recipe's."""
    expected = [cut_of(TABLE, hand, 52, []) for hand in range(1, 6)]
    monkeypatch.setattr(cut, "_SPARE", -4 * 52 + 4)  # one word at first: read on at every swap
    cut._cut.cache_clear()
    assert [cut_of(TABLE, hand, 52, []) for hand in range(1, 6)] == expected
    cut._cut.cache_clear()


def test_the_cut_deals_every_order_equally_often() -> None:
    """Fisher-Yates with rejection: over many materials each of the 24 orders of 4 comes up
    about as often (fixed materials, so the counts are the same every run)."""
    counts = Counter(tuple(fisher_yates(f"m{n}".encode(), 4)) for n in range(24_000))
    assert set(counts) == set(itertools.permutations(range(4)))
    assert max(counts.values()) < 1_150 and min(counts.values()) > 850  # 1,000 expected


def test_the_cut_material_names_the_scheme_table_hand_size_and_sorted_seeds() -> None:
    b, a = seed_digest("b"), seed_digest("a")
    assert cut_material(TABLE, 3, 52, [b, a]) == (
        f"chatdealer-cut-1\n{TABLE}\n3\n52\n{min(a, b)}\n{max(a, b)}".encode()
    )


def test_an_omaha_proof_finds_the_board_after_four_rounds_of_hole_cards() -> None:
    """Three players of four-card Omaha: hole cards at 0..11, one card at a time, the flop after
    the burn at 12. The shown hand opens whole; the two-card layout's board would be a hand."""
    deck = shuffled(Deck.STANDARD)
    assert hole_positions(3, 1, 4) == (1, 4, 7, 10)
    assert board_positions(3, 5, 4) == [13, 14, 15, 17, 19]
    opened = [*board_positions(3, 5, 4), *hole_positions(3, 1, 4)]
    proof = msgspec.structs.replace(forged(deck, opened, players=3), hole_cards=4)
    verified = verify(proof)
    assert verified.board == [deck[p] for p in board_positions(3, 5, 4)]
    assert verified.hole(1) == tuple(deck[p] for p in (1, 4, 7, 10))
    assert verified.opened_seats == [1]
    with pytest.raises(VerificationError, match="a burn card"):
        verify(msgspec.structs.replace(proof, hole_cards=2))  # read as hold'em, it is no deal


def test_an_omaha_proof_opening_part_of_a_hand_verifies_and_an_odd_count_is_refused() -> None:
    deck = shuffled(Deck.STANDARD)
    three_of_four = hole_positions(3, 2, 4)[:3]
    proof = msgspec.structs.replace(forged(deck, three_of_four, players=3), hole_cards=4)
    part = verify(proof)  # cards a player showed after the hand (docs/rules.md §7)
    assert part.opened_seats == [] and len(part.cards) == 3
    with pytest.raises(VerificationError, match="deals 3 hole cards a player"):
        verify(msgspec.structs.replace(proof, hole_cards=3))
    with pytest.raises(VerificationError, match="cannot be dealt"):
        verify(msgspec.structs.replace(proof, openings=(), hole_cards=5, players=10))
