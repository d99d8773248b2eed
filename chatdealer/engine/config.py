"""What one hand is played with: the variant, the betting structure and the forced bets.

Seats in a hand are positions, as in PHH: seat 0 sits left of the button and the last seat is
the button. Heads-up, seat 0 is the big blind and seat 1 the button, which posts the small blind
(RULES.md §3); the table layer maps its physical seats onto these positions.
"""

from __future__ import annotations

from enum import Enum

import msgspec

from chatdealer.cards import Deck
from chatdealer.evaluator import Ranking, ranking_for


class ConfigError(ValueError):
    """A hand configuration that cannot be played; the message says which setting is wrong."""


class BettingStructure(Enum):
    NO_LIMIT = "no_limit"
    POT_LIMIT = "pot_limit"
    FIXED_LIMIT = "fixed_limit"


class Variant(Enum):
    """The games the dealer deals: hold'em, short deck and three Omahas (docs/rules.md)."""

    HOLDEM = "holdem"
    SHORT_DECK = "short_deck"
    OMAHA = "omaha"  # four hole cards
    OMAHA_FIVE = "omaha_five"  # five hole cards
    OMAHA_HI_LO = "omaha_hi_lo"  # four hole cards, the pot split with an eight-or-better low

    @property
    def deck(self) -> Deck:
        return _SHORT if self is _SHORT_DECK else _STANDARD

    @property
    def hole_cards(self) -> int:
        """How many hole cards each player is dealt."""
        return _HOLE_CARDS[self._value_]

    @property
    def omaha(self) -> bool:
        """Whether a hand plays exactly two hole cards and three board cards."""
        return _HOLE_CARDS[self._value_] > 2

    @property
    def hi_lo(self) -> bool:
        """Whether each pot is split between the best high and the best eight-or-better low."""
        return self is _OMAHA_HI_LO

    @property
    def default_structure(self) -> BettingStructure:
        """The betting a table of this game plays unless told: pot-limit for Omaha, fixed-limit
        for Omaha hi-lo (the standard's FO/8), no-limit for hold'em and short deck."""
        if self is _OMAHA_HI_LO:
            return BettingStructure.FIXED_LIMIT
        return BettingStructure.POT_LIMIT if self.omaha else BettingStructure.NO_LIMIT

    @property
    def structures(self) -> tuple[BettingStructure, ...]:
        """The betting structures the game is dealt with: hi-lo is not played no-limit."""
        if self is _OMAHA_HI_LO:
            return (BettingStructure.FIXED_LIMIT, BettingStructure.POT_LIMIT)
        return tuple(BettingStructure)

    @property
    def max_players(self) -> int:
        """The most players one deck serves: every hole card, three burns and five board cards."""
        return min(10, (len(self.deck.cards()) - BURNS - BOARD_CARDS) // self.hole_cards)


BURNS = 3
BOARD_CARDS = 5
# Read off their classes, members go through a slow class hook: every deal asks for the deck.
_SHORT, _STANDARD = Deck.SHORT, Deck.STANDARD
_SHORT_DECK = Variant.SHORT_DECK
_OMAHA_HI_LO = Variant.OMAHA_HI_LO
_HOLE_CARDS = {"holdem": 2, "short_deck": 2, "omaha": 4, "omaha_five": 5, "omaha_hi_lo": 4}


class HandConfig(msgspec.Struct, gc=False, frozen=True, kw_only=True, omit_defaults=True):
    """Everything about a hand that is fixed before the first card.

    `antes` are dead money; with `ante_trimming` they count towards what each player has in the
    pots (uniform antes), without it they all go to the main pot (a big-blind ante). `dead` is
    dead money owed by a player (a missed small blind, RULES.md §8) and always goes to the main
    pot. `blinds_or_straddles` are live positional bets that set the order of action;
    `live_posts` are live bets posted out of position (an entry or returning big blind) that do
    not. The small and big bet are used by fixed-limit; `min_bet` by no-limit and pot-limit.

    Stored without the fields that hold their defaults, so a changed default is a schema change.
    """

    variant: Variant = Variant.HOLDEM
    straight_beats_trips: bool = False
    structure: BettingStructure = BettingStructure.NO_LIMIT
    starting_stacks: tuple[int, ...]
    antes: tuple[int, ...] = ()
    ante_trimming: bool = True
    blinds_or_straddles: tuple[int, ...] = ()
    live_posts: tuple[int, ...] = ()
    dead: tuple[int, ...] = ()
    min_bet: int = 0
    small_bet: int = 0
    big_bet: int = 0
    names: tuple[str, ...] = ()
    bomb_pot: bool = False
    """Everyone antes and nobody bets pre-flop: the hand starts on the flop (docs/rules.md)."""
    seven_deuce: int = 0
    """The 7-2 game's bounty each player dealt in pays a pot won with seven-deuce shown; 0: off."""

    @property
    def seat_count(self) -> int:
        return len(self.starting_stacks)

    @property
    def ranking(self) -> Ranking:
        return ranking_for(self.variant.deck, self.straight_beats_trips)

    def name_of(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else f"Seat {seat + 1}"

    def per_seat(self, values: tuple[int, ...]) -> tuple[int, ...]:
        """A per-seat setting padded with zeros, so an empty tuple means "none"."""
        return values + (0,) * (self.seat_count - len(values))

    def validate(self) -> None:
        count = self.seat_count
        if not 2 <= count <= 10:
            raise ConfigError(f"a hand needs 2 to 10 players, not {count}")
        if count > self.variant.max_players:
            raise ConfigError(
                f"{self.variant.value} deals to at most {self.variant.max_players} players, "
                f"not {count}"
            )
        for field in ("antes", "blinds_or_straddles", "live_posts", "dead"):
            values: tuple[int, ...] = getattr(self, field)
            if len(values) > count:
                raise ConfigError(f"{field} has {len(values)} entries for {count} players")
            if values and min(values) < 0:
                raise ConfigError(f"{field} cannot be negative")
        if len(self.names) not in (0, count):
            raise ConfigError(f"names has {len(self.names)} entries for {count} players")
        if self.bomb_pot and (
            any(self.blinds_or_straddles) or any(self.live_posts) or not any(self.antes)
        ):
            raise ConfigError("a bomb pot is antes only: no blinds, straddles or posts")
        if self.seven_deuce < 0:
            raise ConfigError("seven_deuce cannot be negative")
        if min(self.starting_stacks) <= 0:
            raise ConfigError("every player dealt in needs chips")
        if self.structure is BettingStructure.FIXED_LIMIT:
            if self.small_bet <= 0 or self.big_bet < self.small_bet:
                raise ConfigError("fixed-limit needs a small bet and a big bet at least as large")
        elif self.min_bet <= 0:
            raise ConfigError("no-limit and pot-limit need a minimum bet")
