"""Decks readied ahead of their deal: fresh, committed to, dealt once, and proven like any other.

A worker shuffles and commits to the next decks while its commits travel to Redis; a deal takes
one ready. Players must not be able to tell: every hand still gets its own random deck, the
root shown at the deal is that deck's, and the proofs at the end verify.
"""

from __future__ import annotations

from chatdealer.cards import Card, Deck, format_card, shuffled
from chatdealer.dealer import Dealer, Start
from chatdealer.dealer.decks import READY_DECKS, DeckSupply
from chatdealer.dealer.outgoing import HandOver, HandProof, HandStarted, HoleCards
from chatdealer.dealer.proofs import new_secret, salts_from
from chatdealer.fairness import commit, verify

from .harness import ANN, Harness, payloads
from .test_fairness_and_history import play_one


def test_ready_decks_are_fresh_shuffles_committed_to_ahead() -> None:
    supply = DeckSupply(shuffled)
    first = supply.take(Deck.SHORT)  # nothing ready yet: shuffled there and then
    for _ in range(READY_DECKS + 2):
        supply.prepare()
    assert supply.ready(Deck.SHORT) == READY_DECKS  # readied up to the mark, no further
    assert supply.ready(Deck.STANDARD) == 0  # a kind nobody dealt from is not readied
    decks = [first] + [supply.take(Deck.SHORT) for _ in range(READY_DECKS)]
    assert supply.ready(Deck.SHORT) == 0
    for cards, seed in decks:
        assert sorted(cards) == Deck.SHORT.cards()
        # The root a deal shows is the commitment to this very deck under its seed's salts.
        salts = salts_from(bytes.fromhex(seed), len(cards))
        assert new_secret(7, cards, seed).root == commit(cards, salts).root
    assert len({tuple(cards) for cards, _ in decks}) == len(decks)
    assert len({seed for _, seed in decks}) == len(decks)


def test_an_injected_shuffle_is_only_called_when_a_deal_asks() -> None:
    calls: list[Deck] = []

    def stacked(deck: Deck) -> list[Card]:
        calls.append(deck)
        return deck.cards()[::-1]

    supply = DeckSupply(stacked)
    supply.take(Deck.STANDARD)
    for _ in range(3):
        supply.prepare()
    assert calls == [Deck.STANDARD]  # a test's or a replay's decks come in deal order
    assert supply.take(Deck.STANDARD).cards == Deck.STANDARD.cards()[::-1]
    assert calls == [Deck.STANDARD, Deck.STANDARD]


async def test_hands_dealt_from_ready_decks_prove_as_any_other(game: Harness) -> None:
    game.dealer = Dealer(game.store, clock=game.clock)  # the worker's own cryptographic decks
    first = await play_one(game)
    assert game.dealer.decks.ready(Deck.STANDARD) > 0  # readied while the first hand's commits ran
    roots = {payloads(first, HandStarted)[0].deck_commitment}
    for _ in range(3):
        out = await game.do(ANN, Start()) + await game.play_hand()
        root = payloads(out, HandStarted)[0].deck_commitment
        over = payloads(out, HandOver)[0]
        assert over.proof is not None and over.proof.root == root
        verify(over.proof)
        proofs = {o.to: o.payload.proof for o in out if isinstance(o.payload, HandProof)}
        for dealt in (o for o in out if isinstance(o.payload, HoleCards)):
            assert isinstance(dealt.payload, HoleCards)
            opened = {format_card(card) for _, card in verify(proofs[dealt.to])}
            assert set(dealt.payload.view.cards) <= opened  # each player's own cards open
        roots.add(root)
    assert len(roots) == 4  # every hand its own deck
    await game.assert_chips_conserved()
