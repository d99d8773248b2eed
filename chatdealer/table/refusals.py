"""Why the table refused a request, in words a chat player understands.

`TableError` has the shape of the hand engine's `IllegalAction` (a stable code, its parameters
and an English default message) and is a subclass of it, so the service catches every refusal,
from the table or from the hand, in one place. A refusal never changes the table.
"""

from __future__ import annotations

from typing import Any

from chatdealer.engine.refusals import IllegalAction

MESSAGES = {
    # settings
    "seat_count_range": "A table has 2 to 10 seats, not {count}",
    "seat_count_game": "One deck deals this game to at most {most} players, not {count}",
    "hi_lo_structure": "Omaha hi-lo is played fixed-limit or pot-limit",
    "blinds_invalid": "The blinds must be at least 1 and the small blind no more than the big "
    "blind: {small_blind}/{big_blind} won't do",
    "small_bet_too_small": "In fixed-limit the small bet must be at least 2, so the small blind "
    "(half of it) is a whole chip",
    "big_bet_twice_small": "In fixed-limit the big bet is twice the small bet: "
    "{small_bet}/{expected}",
    "ante_invalid": "The ante must be between 0 and the big blind ({big_blind})",
    "bomb_pot_every_range": "A bomb pot comes every 1 to {most} hands, or never (0)",
    "bomb_pot_ante_range": "A bomb pot's ante must be between 1 and the largest buy-in ({most})",
    "seven_deuce_range": "The 7-2 bounty must be between 0 and the largest buy-in ({most})",
    "short_deck_only": "Ranking a straight above three of a kind is a short-deck option",
    "straddle_structure": "Straddles are for no-limit and pot-limit tables",
    "buy_in_range": "Buy-ins run from {lowest} to {highest} big blinds, and the minimum can't be "
    "above the maximum",
    "clock_range": "The action clock must be {lowest} to {highest} seconds",
    "time_bank_range": "The time bank must be {lowest} to {highest} seconds",
    "unknown_language": "I don't speak {language}: choose one of {choices}",
    "seats_occupied": "Seat {seat} is taken: the table can't shrink to {count} seats",
    "buy_in_too_high": "A buy-in can be at most {maximum} chips: lower the blinds or the "
    "buy-in in big blinds",
    "tournament_table": "This is a tournament table: {what} is run by the tournament",
    # seating
    "already_seated": "You're already at this table, in seat {seat}",
    "no_such_seat": "There's no seat {seat}: this table has seats 1 to {count}",
    "seat_taken": "Seat {seat} is taken",
    "table_full": "The table is full",
    "buy_in_too_small": "The minimum buy-in is {minimum}",
    "buy_in_too_large": "The maximum buy-in is {maximum}",
    "not_seated": "You're not at this table",
    "top_up_too_large": "You can add at most {most}: the maximum at this table is {maximum}",
    "at_maximum": "You already have the table maximum of {maximum}",
    "top_up_not_positive": "A top-up must be at least 1 chip",
    "already_leaving": "You're already leaving when this hand ends",
    "already_sitting_out": "You're already sitting out",
    "already_sitting_in": "You're already in the game",
    "no_chips": "You have no chips: top up to play again",
    # straddle
    "straddles_off": "Straddles aren't allowed at this table",
    "not_under_the_gun": "Only the player under the gun may straddle: next hand that's {player}",
    "straddle_too_few": "A straddle needs three or more players in the hand",
    # hands
    "hand_running": "A hand is being played: wait for it to end",
    "no_hand": "No hand is being played right now",
    "not_dealt_in": "You're not in this hand: you'll be dealt in next time",
    "waiting_for_big_blind": "You're not in this hand: you're waiting for the big blind",
    "not_enough_players": "A hand needs two players with chips who are in; {count} ready",
    "draw_deck_needed": "The first button is decided by a high-card draw: it needs a deck",
    # tournaments
    "registration_closed": "Registration is closed: the tournament has started",
    "late_registration_over": (
        "Late registration is over: it was open for the first {levels} levels"
    ),
    "tournament_full": "The tournament is full ({count} seats)",
    "already_registered": "You're already registered",
    "not_registered": "You're not registered for this tournament",
    "too_few_entrants": "A tournament needs at least 2 players; {count} registered",
    "tournament_not_running": "The tournament isn't running",
    "tournament_over": "The tournament is over",
    "not_busted": "You can rebuy only when you've lost all your chips",
    "rebuys_closed": "Rebuys are over: they were open for the first {levels} levels",
    "rebuy_limit": "You've used all {limit} of your rebuys",
    "eliminated": "You're out of this tournament",
    "schedule_invalid": "A blind schedule needs levels, each with 1 ≤ small blind ≤ big blind and "
    "a non-negative ante, and a length in minutes or in hands",
    "starting_stack_too_small": "The starting stack must be at least {minimum}: twice the first "
    "big blind",
    "buy_in_not_positive": "The tournament buy-in can't be negative",
}


class TableError(IllegalAction):
    """A request the table refuses; the table is left exactly as it was."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        shown = {key: _show(value) for key, value in params.items()}
        ValueError.__init__(self, MESSAGES[code].format(**shown))


def _show(value: Any) -> str:
    return f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else str(value)
