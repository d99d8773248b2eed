"""Amounts as people type them: every adapter reads chips (and the terminal its bet sizes)
through these two functions."""

from __future__ import annotations

from decimal import Decimal

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from adapters.common.catalog import MAX_CHIPS, ArgumentError, read_bet, read_chips, size_to
from adapters.common.catalog.amounts import BetSize

from .support import seat, turn, view


@pytest.mark.parametrize(
    ("typed", "chips"),
    [
        ("500", 500),
        ("1,000", 1000),
        ("12,500,000", 12_500_000),
        ("1 000", 1000),
        ("1\u00a0000", 1000),
        ("1\u202f000", 1000),
        ("1'000", 1000),
        ("1_000", 1000),
        ("1k", 1000),
        ("1K", 1000),
        ("2.5k", 2500),
        ("2,5к", 2500),
        ("2.5 k", 2500),
        ("1m", 1_000_000),
        ("1.25M", 1_250_000),
        ("3kk", 3_000_000),
        ("3кк", 3_000_000),
        (" +750 ", 750),
        ("1,000.0", 1000),
    ],
)
def test_amounts_are_read_as_people_type_them(typed: str, chips: int) -> None:
    assert read_chips(typed) == chips


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("abc", "not_an_amount"),
        ("", "not_an_amount"),
        ("k", "not_an_amount"),
        ("1..5", "not_an_amount"),
        ("1,00,0", "not_an_amount"),
        ("-5", "not_positive"),
        ("−5", "not_positive"),
        ("0", "not_positive"),
        ("1.5", "not_whole"),
        ("2,5", "not_whole"),
        ("1.2345k", "not_whole"),
        ("1000000000001", "too_large"),
        ("2000b", "not_an_amount"),
        ("1001000000k", "too_large"),
        ("9" * 400, "too_large"),
    ],
)
def test_what_is_not_an_amount_is_refused_with_what_was_wrong(typed: str, code: str) -> None:
    with pytest.raises(ArgumentError) as refused:
        read_chips(typed)
    assert refused.value.code == code
    assert typed.strip() in str(refused.value) or code in ("not_an_amount", "too_large")


def test_the_absurd_is_refused_and_the_largest_amount_is_not() -> None:
    assert read_chips(f"{MAX_CHIPS:,}") == MAX_CHIPS
    with pytest.raises(ArgumentError) as refused:
        read_chips(str(MAX_CHIPS + 1))
    assert refused.value.code == "too_large" and refused.value.params["maximum"] == MAX_CHIPS


def test_bounds_of_a_parameter_hold() -> None:
    assert read_chips("0", minimum=0) == 0
    with pytest.raises(ArgumentError) as refused:
        read_chips("5", minimum=10)
    assert refused.value.code == "too_small" and refused.value.params["minimum"] == 10
    with pytest.raises(ArgumentError) as refused:
        read_chips("2k", maximum=1000)
    assert refused.value.code == "too_large"


@given(st.integers(min_value=1, max_value=MAX_CHIPS), st.sampled_from([",", " ", "_", "\u00a0"]))
def test_any_amount_written_with_grouped_thousands_reads_back(chips: int, group: str) -> None:
    assert read_chips(f"{chips:,}".replace(",", group)) == chips
    assert read_chips(str(chips)) == chips


@given(st.integers(min_value=1, max_value=999_999), st.sampled_from(["k", "к", "K"]))
def test_thousands_with_a_suffix_read_back(thousandths: int, suffix: str) -> None:
    chips = Decimal(thousandths) / 1000
    text = f"{chips}{suffix}"
    assert read_chips(text) == thousandths


@pytest.mark.parametrize(
    ("typed", "size"),
    [
        ("pot", BetSize(named="pot")),
        ("half", BetSize(named="half")),
        ("½", BetSize(named="half")),
        ("min", BetSize(named="min")),
        ("allin", BetSize(named="allin")),
        ("all-in", BetSize(named="allin")),
        ("max", BetSize(named="max")),
        ("3x", BetSize(times=Decimal(3))),
        ("x2.5", BetSize(times=Decimal("2.5"))),
        ("3bb", BetSize(times=Decimal(3), of_big_blind=True)),
        ("1.2k", BetSize(chips=1200)),
        ("300", BetSize(chips=300)),
    ],
)
def test_bet_sizes_are_read(typed: str, size: BetSize) -> None:
    assert read_bet(typed) == size


def test_bet_sizes_are_sized_against_the_turn() -> None:
    # Blinds 1/2, Ann to act with 2 to call into a pot of 3 (the blinds): a pot raise is
    # 2 (the bet) + 3 (pot) + 2 (the call) = 7; half the pot 2 + 2.5 -> 4 (the minimum).
    at = turn(to_call=2, low=4, high=200)
    table = view(
        seat(0, "1", "Ann", 200),
        seat(1, "2", "Bob", 199, bet=1),
        seat(2, "3", "Cy", 198, bet=2),
        turn=at,
    )
    assert size_to(read_bet("pot"), table, at) == 7
    assert size_to(read_bet("half"), table, at) == 4
    assert size_to(read_bet("min"), table, at) == 4
    assert size_to(read_bet("allin"), table, at) == 200
    assert size_to(read_bet("max"), table, at) == 200
    capped = msgspec.structs.replace(turn(to_call=2, low=4, high=9), all_in_to=200)  # a cap of 9
    assert size_to(read_bet("max"), table, capped) == 9
    assert size_to(read_bet("allin"), table, capped) == 200  # refused by the dealer, not shrunk
    assert size_to(read_bet("3x"), table, at) == 6
    assert size_to(read_bet("5bb"), table, at) == 10
    assert size_to(read_bet("1k"), table, at) == 1000  # the dealer refuses it, in its words
    assert size_to(read_bet("500x"), table, at) == 200  # a multiple stays in the range
    no_raise = turn(to_call=2, low=None, high=None)
    with pytest.raises(ArgumentError) as refused:
        size_to(read_bet("pot"), table, no_raise)
    assert refused.value.code == "no_raise"


@pytest.mark.parametrize("typed", ["0x", "-2x", "x0"])
def test_a_multiple_must_be_positive(typed: str) -> None:
    with pytest.raises(ArgumentError) as refused:
        read_bet(typed)
    assert refused.value.code in ("not_positive", "not_an_amount")
