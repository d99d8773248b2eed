"""Omaha tables through the whole dealer (`handle` only): four- and five-card hands dealt
privately, hands played to the end with chips conserved, all-ins told with their chances and
hi-lo pots told by halves, in every language the dealer speaks."""

from __future__ import annotations

import random

import pytest

from chatdealer.cards import format_card
from chatdealer.dealer import Create, Join, Start
from chatdealer.dealer.outgoing import AllInEquity, HandOver, HandProof, HoleCards, PotWon, Shown
from chatdealer.dealer.views import TurnView
from chatdealer.engine.config import BettingStructure, Variant
from chatdealer.fairness import verify
from chatdealer.render import language, payload_text
from chatdealer.table import TableSettings

from .harness import ANN, BOB, CID, Choice, Harness, check_or_call, payloads, random_play, refusals


def varied(turn: TurnView, rng: random.Random) -> Choice:
    """`random_play`, but a pot-limit all-in is asked for as the pot-sized raise it is."""
    action, amount = random_play(turn, rng)
    if action == "allin":
        return all_in(turn, rng)
    return action, amount


def all_in(turn: TurnView, rng: random.Random) -> Choice:
    """The biggest bet the table allows (the pot, in pot-limit), until everyone is all in."""
    if turn.max_raise_to is None:
        return check_or_call(turn, rng)
    return ("raise", turn.max_raise_to)


async def open_table(game: Harness, variant: Variant, structure: BettingStructure) -> None:
    settings = TableSettings(
        variant=variant,
        structure=structure,
        small_blind=1,
        big_blind=2,
        small_bet=2,
        big_bet=4,
        seat_count=6,
        time_bank_seconds=0,
    )
    assert not refusals(await game.do(ANN, Create(settings=settings)))
    for user in (ANN, BOB, CID):
        assert not refusals(await game.do(user, Join(buy_in=200)))


@pytest.mark.parametrize(
    ("variant", "structure"),
    [
        (Variant.OMAHA, BettingStructure.POT_LIMIT),
        (Variant.OMAHA_FIVE, BettingStructure.POT_LIMIT),
        (Variant.OMAHA_HI_LO, BettingStructure.FIXED_LIMIT),
        (Variant.OMAHA_HI_LO, BettingStructure.POT_LIMIT),
    ],
)
async def test_an_omaha_table_plays_hands_to_the_end(
    game: Harness, variant: Variant, structure: BettingStructure
) -> None:
    await open_table(game, variant, structure)
    out = await game.do(BOB, Start())
    dealt = [(o.to, o.payload) for o in out if isinstance(o.payload, HoleCards)]
    assert sorted(to for to, _ in dealt if to) == sorted(u.id for u in (ANN, BOB, CID))
    assert all(len(cards.view.cards) == variant.hole_cards for _, cards in dealt)
    told: list[str] = []
    for hand in range(1, 7):
        played = await game.play_hand(varied if hand % 2 else all_in)
        over = payloads(played, HandOver)
        assert over and over[0].hand_number == hand
        await game.assert_chips_conserved()
        for code in ("en", "ru", "bg"):
            told += [
                text
                for o in played
                if o.to is None and (text := payload_text(o.payload, language(code), 0.0))
            ]
        view = game.view()
        if view.next_hand_at is None:
            break
        await game.fire(view.next_hand_at - game.clock.now)
    assert any(" wins " in line or " split " in line for line in told)
    # Every shown hand is told with the cards it was dealt: four or five of them.
    shown = [o.payload for o in game.log if isinstance(o.payload, Shown)]
    assert all(len(s.cards) == variant.hole_cards for s in shown)


async def test_an_omaha_all_in_is_told_with_its_chances(game: Harness) -> None:
    await open_table(game, Variant.OMAHA, BettingStructure.POT_LIMIT)
    await game.do(ANN, Start())
    for _ in range(6):
        played = await game.play_hand(all_in)
        chances = payloads(played, AllInEquity)
        if chances:
            shares = chances[0].players
            assert all(len(share.cards) == 4 for share in shares)
            assert abs(sum(share.equity for share in shares) - 1) < 1e-9
            return
        view = game.view()
        if view.next_hand_at is None:
            break
        await game.fire(view.next_hand_at - game.clock.now)
    pytest.fail("no all-in was told with chances")


async def test_hi_lo_pots_are_told_by_halves(game: Harness) -> None:
    await open_table(game, Variant.OMAHA_HI_LO, BettingStructure.POT_LIMIT)
    await game.do(ANN, Start())
    halves: list[PotWon] = []
    for _ in range(20):
        played = await game.play_hand(check_or_call)  # every hand to a showdown
        halves += [pot for pot in payloads(played, PotWon) if pot.half]
        await game.assert_chips_conserved()
        view = game.view()
        if halves or view.next_hand_at is None:
            break
        await game.fire(view.next_hand_at - game.clock.now)
    assert {pot.half for pot in halves} == {"high", "low"}
    low = next(pot for pot in halves if pot.half == "low")
    assert low.low is not None
    assert "the low half" in (payload_text(low, language("en"), 0.0) or "")
    assert "лоу" in (payload_text(low, language("ru"), 0.0) or "")


@pytest.mark.parametrize("variant", [Variant.OMAHA, Variant.OMAHA_FIVE])
async def test_an_omaha_proof_opens_the_hands_shown_and_keeps_the_mucked_ones_secret(
    game: Harness, variant: Variant
) -> None:
    """The proof lays out four or five hole cards a player: the public one opens the board and
    every hand shown, never a card of a hand not shown; each player's own opens their cards."""
    await open_table(game, variant, BettingStructure.POT_LIMIT)
    dealt = await game.do(ANN, Start())
    opened_and_kept = [0, 0]
    for _ in range(12):
        played = dealt + await game.play_hand(varied)
        holes = {o.to: o.payload.view.cards for o in played if isinstance(o.payload, HoleCards)}
        (over,) = payloads(played, HandOver)
        assert over.proof is not None
        public = verify(over.proof)
        assert public.hole_cards == variant.hole_cards
        opened = {format_card(card) for _, card in public.opened}
        shown = {s.player_id: s.cards for s in payloads(played, Shown)}
        assert len(public.opened_seats) == len(shown)
        for player, cards in holes.items():
            assert len(cards) == variant.hole_cards
            if player in shown:
                assert set(cards) <= opened
            else:
                assert not set(cards) & opened
            opened_and_kept[player not in shown] += 1
        for own in played:
            if isinstance(own.payload, HandProof):
                mine = verify(own.payload.proof)
                assert {format_card(card) for _, card in mine.opened} >= set(holes[own.to])
        await game.assert_chips_conserved()
        view = game.view()
        if view.next_hand_at is None:
            break
        dealt = await game.fire(view.next_hand_at - game.clock.now)
    assert all(opened_and_kept)  # hands both shown and kept secret were checked
