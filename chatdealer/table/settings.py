"""A cash table's settings, checked before they are used (RULES.md §1, §3, §5, §8).

Stakes are kept the way players say them: small and big blind for no-limit and pot-limit, small
and big bet for fixed-limit, where the big blind is the small bet and the small blind half of it,
rounded down (RULES.md §3 [001]). Buy-ins are in big blinds so a change of stakes keeps them
sensible.
"""

from __future__ import annotations

import msgspec

from chatdealer.engine.config import BettingStructure, Variant
from chatdealer.engine.show_choice import ShowDefault
from chatdealer.table.limits import MAX_AMOUNT, Chips, Word
from chatdealer.table.refusals import TableError
from chatdealer.table.run_twice import RunTwice

LANGUAGES = ("en", "ru", "bg")
MIN_SEATS, MAX_SEATS = 2, 10
CLOCK_SECONDS = (5, 600)
TIME_BANK_SECONDS = (0, 3600)
BUY_IN_BIG_BLINDS = (1, 1000)
BOMB_POT_EVERY = 100
_FIXED_LIMIT = BettingStructure.FIXED_LIMIT  # read off its class, a member goes through a hook


class TableSettings(msgspec.Struct, gc=False, frozen=True, kw_only=True, omit_defaults=True):
    """How a table plays; change it with `Table.change_settings`, between hands.

    Stored without the fields that hold their defaults, so a changed default is a schema change.
    """

    variant: Variant = Variant.HOLDEM
    straight_beats_trips: bool = False  # short deck only: the straight outranks three of a kind
    structure: BettingStructure = BettingStructure.NO_LIMIT
    small_blind: Chips = 1  # no-limit and pot-limit
    big_blind: Chips = 2  # no-limit and pot-limit
    small_bet: Chips = 2  # fixed-limit; it is also the big blind
    big_bet: Chips = 4  # fixed-limit
    ante: Chips = 0  # 0: no ante
    big_blind_ante: bool = False  # the big blind posts the ante for the table, as dead money
    straddles: bool = False
    seat_count: int = 9
    min_buy_in_big_blinds: int = 40
    max_buy_in_big_blinds: int = 100
    action_seconds: int = 30
    time_bank_seconds: int = 60
    language: Word = "en"
    open_deck: bool = False
    """Open the whole deck after every hand (mucked and folded hands, burns, the cards not dealt),
    so anyone can check the entire order; off, only the cards shown are opened."""
    rabbit_hunt: bool = False
    """After a hand ends before the river, the cards that would have come are opened in its
    proof and shown to whoever asks (docs/rules.md §14)."""
    bomb_pot_every: int = 0
    """Every this many hands a bomb pot (docs/rules.md §14): 0, never."""
    bomb_pot_ante: Chips = 0
    """What each player dealt into a bomb pot antes."""
    seven_deuce: Chips = 0
    """The 7-2 game's bounty (docs/rules.md §14): 0, off."""
    run_twice: RunTwice = RunTwice.OFF
    """Whether an all-in hand's board is run twice, each run paying half of every pot."""
    show_default: ShowDefault = ShowDefault.AUTO
    """What the showdown does for a player who chose no `show` default (docs/rules.md §7)."""

    @property
    def blinds(self) -> tuple[int, int]:
        """The small and the big blind as posted."""
        if self.structure is _FIXED_LIMIT:
            return self.small_bet // 2, self.small_bet
        return self.small_blind, self.big_blind

    @property
    def posted_big_blind(self) -> int:
        return self.blinds[1]

    @property
    def min_buy_in(self) -> int:
        return self.min_buy_in_big_blinds * self.posted_big_blind

    @property
    def max_buy_in(self) -> int:
        return self.max_buy_in_big_blinds * self.posted_big_blind

    def validate(self, *, cash: bool = True) -> None:
        """Refuse settings a table cannot be played with, naming the first thing wrong.

        A cash table's buy-ins are bank chips, at most `MAX_AMOUNT`; a tournament's table
        plays with chips of its own (`cash` False)."""
        if not MIN_SEATS <= self.seat_count <= MAX_SEATS:
            raise TableError("seat_count_range", count=self.seat_count)
        if self.seat_count > self.variant.max_players:
            raise TableError(
                "seat_count_game", most=self.variant.max_players, count=self.seat_count
            )
        if self.structure not in self.variant.structures:
            raise TableError("hi_lo_structure")
        if self.straight_beats_trips and self.variant is not Variant.SHORT_DECK:
            raise TableError("short_deck_only")
        if self.structure is BettingStructure.FIXED_LIMIT:
            if self.small_bet < 2:
                raise TableError("small_bet_too_small")
            if self.big_bet != 2 * self.small_bet:
                raise TableError(
                    "big_bet_twice_small", small_bet=self.small_bet, expected=2 * self.small_bet
                )
            if self.straddles:
                raise TableError("straddle_structure")
        elif not 1 <= self.small_blind <= self.big_blind:
            raise TableError(
                "blinds_invalid", small_blind=self.small_blind, big_blind=self.big_blind
            )
        if not 0 <= self.ante <= self.posted_big_blind:
            raise TableError("ante_invalid", big_blind=self.posted_big_blind)
        lowest, highest = BUY_IN_BIG_BLINDS
        if not lowest <= self.min_buy_in_big_blinds <= self.max_buy_in_big_blinds <= highest:
            raise TableError("buy_in_range", lowest=lowest, highest=highest)
        if cash and self.max_buy_in > MAX_AMOUNT:
            raise TableError("buy_in_too_high", maximum=MAX_AMOUNT)
        if not CLOCK_SECONDS[0] <= self.action_seconds <= CLOCK_SECONDS[1]:
            raise TableError("clock_range", lowest=CLOCK_SECONDS[0], highest=CLOCK_SECONDS[1])
        if not TIME_BANK_SECONDS[0] <= self.time_bank_seconds <= TIME_BANK_SECONDS[1]:
            raise TableError(
                "time_bank_range", lowest=TIME_BANK_SECONDS[0], highest=TIME_BANK_SECONDS[1]
            )
        if not 0 <= self.bomb_pot_every <= BOMB_POT_EVERY:
            raise TableError("bomb_pot_every_range", most=BOMB_POT_EVERY)
        if self.bomb_pot_every and not 1 <= self.bomb_pot_ante <= self.max_buy_in:
            raise TableError("bomb_pot_ante_range", most=self.max_buy_in)
        if not 0 <= self.seven_deuce <= self.max_buy_in:
            raise TableError("seven_deuce_range", most=self.max_buy_in)
        if self.language not in LANGUAGES:
            raise TableError(
                "unknown_language", language=self.language, choices=", ".join(LANGUAGES)
            )
