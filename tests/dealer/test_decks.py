"""Decks readied ahead of their deal: fresh, committed to, dealt once, and proven like any other.

A worker shuffles and commits to the next decks while its commits travel to Redis; a table
takes one ready as its next hand's deck. Players must not be able to tell: every hand still gets
its own random deck, the root shown for it is that deck's, and the proofs at the end verify.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pytest

from chatdealer.cards import Card, Deck, format_card, shuffled
from chatdealer.cut import deck_from_seed
from chatdealer.dealer import Dealer, Start, decks
from chatdealer.dealer.decks import POOL_BATCH, POOL_READY, READY_DECKS, DeckSupply
from chatdealer.dealer.outgoing import HandOver, HandProof, HandStarted, HoleCards
from chatdealer.dealer.proofs import committed_cards, salts_from
from chatdealer.fairness import commit, verify
from chatdealer.process_pool import ProcessPool

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


def not_on_the_loop(seed: str, kind: Deck) -> list[Card]:
    raise AssertionError("a deck was drawn on the event loop")


def assert_committed_to_its_own_seed(secret_root: str, seed: str, cards: list[Card]) -> None:
    assert cards == deck_from_seed(bytes.fromhex(seed), Deck.STANDARD.cards())
    assert secret_root == commit(cards, salts_from(bytes.fromhex(seed), len(cards))).root


async def test_a_serving_worker_has_its_decks_made_in_another_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pool = ProcessPool(1)
    supply = DeckSupply(shuffled)
    supply.make_in(pool)
    try:
        await supply.fill()
        assert supply.ready(Deck.STANDARD) >= POOL_READY - POOL_BATCH // 2
        monkeypatch.setattr(decks, "seeded_deck", not_on_the_loop)
        secrets = [supply.commit_next(Deck.STANDARD, n) for n in range(POOL_BATCH)]
    finally:
        pool.close()
    for secret in secrets:
        assert not secret.order
        assert_committed_to_its_own_seed(secret.root, secret.seed, committed_cards(secret))
    assert len({secret.seed for secret in secrets}) == len(secrets)
    assert len({tuple(committed_cards(s)) for s in secrets}) == len(secrets)


async def test_hands_dealt_from_decks_made_in_another_process_prove_as_any_other(
    game: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    game.dealer = Dealer(game.store, clock=game.clock)
    game.dealer.work_off_loop()
    try:
        await game.dealer.decks.fill()
        monkeypatch.setattr(decks, "seeded_deck", not_on_the_loop)
        first = await play_one(game)
        following = payloads(first, HandStarted)[0].next_deck_commitment
        for _ in range(2):
            out = await game.do(ANN, Start()) + await game.play_hand()
            started = payloads(out, HandStarted)[0]
            assert started.deck_commitment == following
            following = started.next_deck_commitment
            over = payloads(out, HandOver)[0]
            assert over.proof is not None and over.proof.root == started.deck_commitment
            verify(over.proof)
    finally:
        game.dealer.equities.close()
    await game.assert_chips_conserved()


class FailingPool(ProcessPool):
    """A pool whose every job fails, as one that cannot start a process at all."""

    def start(self) -> None:
        pass

    @property
    def ready(self) -> bool:
        return True

    async def run(self, function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        raise OSError(f"no process: {args}")


async def test_a_failing_deck_process_leaves_the_decks_to_the_loop(
    caplog: pytest.LogCaptureFixture,
) -> None:
    supply = DeckSupply(shuffled)
    supply.make_in(FailingPool(1))
    with caplog.at_level(logging.WARNING, logger="chatdealer.dealer.decks"):
        await supply.fill()
        secret = supply.commit_next(Deck.STANDARD, 1)  # none ready: made there and then
        supply.prepare()  # the process failed a moment ago: readied on the loop meanwhile
    assert supply.ready(Deck.STANDARD) == 1
    assert_committed_to_its_own_seed(secret.root, secret.seed, committed_cards(secret))
    [warning] = [r for r in caplog.records if r.name == "chatdealer.dealer.decks"]
    assert "OSError" in warning.getMessage() and "no process" not in warning.getMessage()
