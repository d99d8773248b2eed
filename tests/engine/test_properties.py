"""Properties of every hand, over random tables and random legal play (hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chatdealer.cards import shuffled
from chatdealer.engine.config import BettingStructure, HandConfig, Variant
from chatdealer.engine.hand import Hand, deal_hand
from chatdealer.engine.refusals import IllegalAction


@st.composite
def tables(draw: st.DrawFn) -> HandConfig:
    variant = draw(st.sampled_from(list(Variant)))
    count = draw(st.integers(2, min(9, variant.max_players)))
    big = draw(st.sampled_from([2, 10, 100]))
    structure = draw(st.sampled_from(list(BettingStructure)))
    stacks = draw(st.lists(st.integers(1, 300 * big), min_size=count, max_size=count))
    blinds = [big // 2, big] + [0] * (count - 2)
    if count > 3 and draw(st.booleans()):
        blinds[2] = 2 * big
    if count == 2:
        blinds = blinds[::-1]
    antes = draw(st.sampled_from([(), (max(1, big // 10),) * count]))
    return HandConfig(
        variant=variant,
        straight_beats_trips=draw(st.booleans()),
        structure=structure,
        starting_stacks=tuple(stacks),
        antes=antes,
        ante_trimming=draw(st.booleans()),
        blinds_or_straddles=tuple(blinds),
        min_bet=big,
        small_bet=big,
        big_bet=2 * big,
    )


def copy(hand: Hand) -> Hand:
    return Hand.from_json(hand.to_json())


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=tables(), data=st.data())
def test_random_legal_play_conserves_chips_ends_and_round_trips(
    config: HandConfig, data: st.DataObject
) -> None:
    hand, _ = deal_hand(config, shuffled(config.variant.deck))
    total = sum(config.starting_stacks)
    steps = 0
    while not hand.is_complete:
        assert hand.chips_in_play() == total
        assert Hand.from_json(hand.to_json()) == hand
        legal = hand.legal_actions()
        choices = ["fold"] if legal.can_fold else []
        choices += ["check"] if legal.can_check else ["call"]
        if legal.can_raise:
            choices.append("raise")
        action = data.draw(st.sampled_from(choices))
        amount = None
        if action == "raise":
            assert legal.min_raise_to is not None and legal.max_raise_to is not None
            amount = data.draw(st.integers(legal.min_raise_to, legal.max_raise_to))
        hand.act(legal.seat, action, amount)
        steps += 1
        assert steps < 200, "a hand must end"
    assert sum(hand.stacks) == total
    assert all(stack >= 0 for stack in hand.stacks)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=tables(), data=st.data())
def test_every_amount_inside_the_raise_bounds_is_accepted_and_every_other_refused(
    config: HandConfig, data: st.DataObject
) -> None:
    hand, _ = deal_hand(config, shuffled(config.variant.deck))
    while not hand.is_complete:
        legal = hand.legal_actions()
        if legal.can_raise:
            assert legal.min_raise_to is not None and legal.max_raise_to is not None
            inside = data.draw(st.integers(legal.min_raise_to, legal.max_raise_to))
            copy(hand).raise_to(legal.seat, inside)
            outside = data.draw(
                st.one_of(
                    st.integers(0, legal.min_raise_to - 1),
                    st.integers(legal.max_raise_to + 1, legal.max_raise_to + 10_000),
                )
            )
            before = hand.to_json()
            with pytest.raises(IllegalAction):
                hand.raise_to(legal.seat, outside)
            assert hand.to_json() == before
        else:
            with pytest.raises(IllegalAction):
                hand.raise_to(legal.seat, legal.current_bet + 10**6)
        hand.act(legal.seat, "check" if legal.can_check else "call")
