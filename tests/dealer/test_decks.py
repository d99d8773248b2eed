"""Decks readied ahead of their deal: fresh, committed to, dealt once, and proven like any other.

A worker shuffles and commits to the next decks while its commits travel to Redis; a table
takes one ready as its next hand's deck. Players must not be able to tell: every hand still gets
its own random deck, the root shown for it is that deck's, and the proofs at the end verify.
"""

from __future__ import annotations

from chatdealer.cards import Card, Deck, format_card, shuffled
from chatdealer.cut import deck_from_seed
from chatdealer.dealer import Dealer, Start
from chatdealer.dealer.decks import READY_DECKS, DeckSupply
from chatdealer.dealer.outgoing import HandOver, HandProof, HandStarted, HoleCards
from chatdealer.dealer.proofs import committed_cards, salts_from
from chatdealer.fairness import commit, verify

from .harness import ANN, Harness, payloads
from .test_fairness_and_history import play_one


def test_ready_decks_are_fresh_shuffles_committed_to_ahead() -> None:
    supply = DeckSupply(shuffled)
    first = supply.commit_next(Deck.SHORT, 1)  # nothing ready yet: made there and then
    for _ in range(READY_DECKS + 2):
        supply.prepare()
    assert supply.ready(Deck.SHORT) == READY_DECKS  # readied up to the mark, no further
    assert supply.ready(Deck.STANDARD) == 0  # a kind nobody dealt from is not readied
    secrets = [first] + [supply.commit_next(Deck.SHORT, n) for n in range(2, READY_DECKS + 2)]
    assert supply.ready(Deck.SHORT) == 0
    for secret in secrets:
        cards = committed_cards(secret)
        assert sorted(cards) == Deck.SHORT.cards()
        assert not secret.order  # the order is the seed's own, not kept beside it
        assert cards == deck_from_seed(bytes.fromhex(secret.seed), Deck.SHORT.cards())
        # The root a table shows is the commitment to this very deck under its seed's salts.
        salts = salts_from(bytes.fromhex(secret.seed), len(cards))
        assert secret.root == commit(cards, salts).root
    assert len({tuple(committed_cards(s)) for s in secrets}) == len(secrets)
    assert len({secret.seed for secret in secrets}) == len(secrets)


def test_an_injected_shuffle_is_only_called_when_a_table_asks() -> None:
    calls: list[Deck] = []

    def stacked(deck: Deck) -> list[Card]:
        calls.append(deck)
        return deck.cards()[::-1]

    supply = DeckSupply(stacked)
    supply.commit_next(Deck.STANDARD, 1)
    for _ in range(3):
        supply.prepare()
    assert calls == [Deck.STANDARD]  # a test's or a replay's decks come in deal order
    secret = supply.commit_next(Deck.STANDARD, 2)
    assert committed_cards(secret) == Deck.STANDARD.cards()[::-1]  # kept whole in the secret
    assert calls == [Deck.STANDARD, Deck.STANDARD]


async def test_hands_dealt_from_ready_decks_prove_as_any_other(game: Harness) -> None:
    game.dealer = Dealer(game.store, clock=game.clock)  # the worker's own cryptographic decks
    first = await play_one(game)
    assert game.dealer.decks.ready(Deck.STANDARD) > 0  # readied while the first hand's commits ran
    roots = {payloads(first, HandStarted)[0].deck_commitment}
    following = payloads(first, HandStarted)[0].next_deck_commitment
    for _ in range(3):
        out = await game.do(ANN, Start()) + await game.play_hand()
        started = payloads(out, HandStarted)[0]
        assert started.deck_commitment == following  # the deck committed at the last deal
        following = started.next_deck_commitment
        over = payloads(out, HandOver)[0]
        assert over.proof is not None and over.proof.root == started.deck_commitment
        verify(over.proof)
        proofs = {o.to: o.payload.proof for o in out if isinstance(o.payload, HandProof)}
        for dealt in (o for o in out if isinstance(o.payload, HoleCards)):
            assert isinstance(dealt.payload, HoleCards)
            opened = {format_card(card) for _, card in verify(proofs[dealt.to]).opened}
            assert set(dealt.payload.view.cards) <= opened  # each player's own cards open
        roots.add(started.deck_commitment)
    assert len(roots) == 4  # every hand its own deck
    await game.assert_chips_conserved()
