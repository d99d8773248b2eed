"""The service's own refusals and announcements, in the shape of the engine's `IllegalAction`.

Refusals the hand or the table make (`IllegalAction`, `TableError`) pass through unchanged; the
ones here are about what only the service knows: who hosts the table, the bank, the action
token, Redis being away. Announcements (`notice`) use the same shape, a stable code with its
parameters and an English default, so that a renderer can translate both the same way. No text
here ever names a hole card.
"""

from __future__ import annotations

from typing import Any

from chatdealer.engine.refusals import IllegalAction

REFUSALS = {
    "no_table": "There's no table in this channel yet: create one first",
    "table_exists": "This channel already has a table",
    "not_host": "Only the table's host, a co-host or a channel manager can do that",
    "not_in_game": "Only the host, a channel manager or a player at the table can start the game",
    "stale_token": "That button is out of date: the hand has moved on",
    "not_asked_run_twice": "Only the players all-in in this hand choose whether to run it twice",
    "answered_run_twice": "You've already said twice: waiting for the others",
    "insufficient_balance": "You have {balance} chips in the bank: not enough for {amount}",
    "no_account": "You have no chips in this community yet",
    "no_cards": "You have no cards: you're not in a hand",
    "no_history": "No hand has been finished at this table yet",
    "no_such_hand": "Hand {number} isn't in this table's history",
    "no_show_window": "Cards are shown after a hand only until the next one is dealt",
    "showed_at_showdown": "Your hand went to the showdown: it was shown or mucked there",
    "already_shown": "You've already shown your cards from this hand",
    "no_rabbit": "No rabbit to hunt: the last hand reached the river, or this table doesn't "
    "hunt rabbits",
    "daily_too_soon": "You've had your daily chips: come back in {wait}",
    "daily_off": "This community gives no daily chips",
    "admins_only": "Only the server's admins can change the community's bank",
    "host_only": "Only the table's host or a channel manager can name co-hosts",
    "already_cohost": "They already run this table",
    "not_cohost": "They aren't a co-host of this table",
    "bot_cohost": "A bot can't be a co-host",
    "too_many_cohosts": "A table has at most {most} co-hosts",
    "invite_only": "This table is invite-only: ask the host to invite you",
    "already_requested": "You've asked to sit already: the host will answer",
    "too_many_requests": "Too many players are waiting for the host's answer: try later",
    "already_invited": "They're on the invite list already",
    "not_invited": "They aren't on the invite list",
    "too_many_invited": "The invite list holds at most {most} players",
    "no_request": "They haven't asked to sit at this table",
    "already_paused": "The game is already paused",
    "not_paused": "The game isn't paused",
    "table_paused": "The host has paused the game: it goes on when they resume it",
    "reason_needed": "Say why: the reason goes in the ledger",
    "night_admins_only": "Only the server's admins can start or end a night",
    "night_running": "A night is on already: everyone plays {chips} chips",
    "no_night": "No night is on: an admin starts one with host night start",
    "night_seated": "Players still have chips at a table: a night starts or ends once "
    "everyone has left the tables",
    "no_night_yet": "No night has been played here yet",
    "night_daily": "No daily chips during a night: everyone plays the night's chips",
    "no_account_of": "{player} has no chips in this community yet",
    "take_short": "{player} has only {balance} chips in the bank",
    "cash_only": "This is a tournament table: {what} is for cash tables",
    "tournament_only": "This isn't a tournament table",
    "not_away": "You're already in the game",
    "unavailable": "The table is unavailable right now: try again in a moment",
    "busy": "The table is busy: try again",
    "seed_empty": "A seed needs some text: seed, then anything you like",
    "seed_too_long": "A seed is at most {limit} characters",
    "seed_not_playing": "Only players at the table can add a seed to the cut",
    "no_bot_style": "There's no bot style called {style}: try tight, balanced or loose",
    "no_bot_available": "No bot has the chips to sit down right now",
    "damaged_table": "This table's record is damaged, so it can't be played: the host or a "
    "channel manager can reset it, which gives every chip on it back to its owner",
    "newer_table": "This table was saved by a newer version of the dealer: it can't be played "
    "or reset until this bot is updated",
    "table_not_damaged": "This table isn't damaged: to close it, stop it",
    "damaged_account": "Your chips record in this community is damaged: the bot's operator can "
    "look into it",
    "damaged_history": "That hand's history is damaged and can't be shown",
    "bad_command": "I can't read that command: nothing was done",
    "bad_value": "That command has a value I can't use ({field}): nothing was done",
    "amount_range": "Amounts are whole numbers of chips, from 0 to {maximum}",
    "failed": "Something went wrong: nothing was done, try again",
    "all_in_pot_limit": "The pot limit lets you {what} to {maximum}: all-in would be {all_in}",
    "all_in_fixed_limit": "In fixed-limit you can {what} to exactly {amount}: all-in would be "
    "{all_in}",
}

NOTICES = {
    "run_twice_asked": "Everyone is all-in: run it twice? {names}, answer within {seconds} s "
    "(no answer: once)",
    "run_twice_yes": "{name} wants to run it twice; waiting for {waiting}",
    "run_twice_declined": "{name} says once: the board is run once",
    "run_twice_agreed": "Everyone agreed: the board is run twice",
    "run_twice_no_answer": "No answer from {names}: the board is run once",
    "table_stopped": "The table is closing: everyone leaves with their chips",
    "table_created": "{name} opened a table: {small_blind}/{big_blind}, buy-in {min_buy_in} "
    "to {max_buy_in}",
    "tournament_created": "{name} opened a sit-and-go: buy-in {buy_in}, {starting_stack} chips",
    "welcome": "Welcome! You get {grant} chips to play with",
    "bank_rules": "The bank: newcomers get {grant} chips, daily chips {daily} chips every "
    "{hours} hours; the leaderboard shows {board}",
    "bank_rules_no_daily": "The bank: newcomers get {grant} chips, no daily chips; the "
    "leaderboard shows {board}",
    "bank_changed": "{name} changed the community's bank",
    "cohost_added": "{name} is now a co-host of this table",
    "cohost_removed": "{name} is no longer a co-host",
    "host_passed": "{name} is now the table's host",
    "join_requested": "{name} asks to sit down: the host or a co-host approves or declines",
    "join_approved": "{host} let {name} sit down",
    "join_declined": "{host} declined {name}'s request to sit down",
    "invited": "{name} is on the invite list",
    "sat_out_too_long": "{name} sat out longer than {minutes} minutes and leaves the seat",
    "uninvited": "{name} is off the invite list",
    "seating_rules": "Seating: {policy}; sitting out leaves the seat after {minutes} minutes "
    "(0: never); the time bank gains {seconds} seconds every {hands} hands, up to {cap}",
    "paused": "{name} paused the game: no new hand until it resumes",
    "resumed": "{name} resumed the game",
    "chips_given": "{name} gives {player} {amount} chips: {reason}",
    "night_started": "{name} starts a night: everyone plays {chips} chips from the night's bank",
    "night_ended": "{name} ends the night: everyone's bank is as it was before it",
    "chips_taken": "{name} takes {amount} chips from {player}: {reason}",
    "deck_committed": "The deck for hand #{hand} is committed: {commitment}. Cut it with a "
    "seed of your own: seed <any text>",
    "seed_added": "{name} adds a seed to the cut of hand #{hand} ({count} so far), whose deck "
    "is committed as {commitment}",
    "seed_again": "Your seed was not used: the deck for hand #{hand} was only committed now. "
    "Send it again",
    "seeds_dropped": "Hand #{hand} needs the other deck: the seeds added for the old one are "
    "not used",
    "seated": "{name} sits down in seat {seat} with {chips}",
    "left": "{name} leaves with {chips}",
    "leave_queued": "{name} leaves when this hand ends",
    "top_up_queued": "{name} adds {amount} when this hand ends",
    "topped_up": "{name} adds {amount}: {stack} now",
    "top_up_refunded": "{refunded} of {name}'s top-up went back to the bank: the table maximum",
    "sit_out_queued": "{name} sits out after this hand",
    "sat_out": "{name} sits out",
    "sat_in": "{name} is back",
    "busted": "{name} is out of chips",
    "blind_missed": "{name} missed the {blind} blind",
    "straddle_queued": "{name} straddles next hand",
    "straddle_dropped": "{name}'s straddle is off: not under the gun",
    "settings_changed": "New settings: {small_blind}/{big_blind}",
    "settings_queued": "New settings from the next hand: {small_blind}/{big_blind}",
    "time_bank": "{name} is using the time bank: {seconds} seconds",
    "timed_out": "{name} ran out of time",
    "show_timed_out": "{name} ran out of time: their show-or-muck default decides",
    "show_default": "Your show-or-muck default at the showdown is now: {default}",
    "sat_out_timeouts": "{name} timed out twice in a row and sits out",
    "away": "{name} timed out twice in a row: their hands are folded until they come back",
    "waiting_for_players": "Waiting for players: a hand needs two with chips",
    "registered": "{name} registered ({entrants} in)",
    "unregistered": "{name} unregistered ({entrants} in)",
    "tournament_started": "The tournament starts: {entrants} players, {starting_stack} chips "
    "each, prize pool {prize_pool}",
    "level": "Level {level}: blinds {small_blind}/{big_blind}, ante {ante}",
    "rebuy_offered": "{name} can rebuy before the next hand ({rebuys_left} left)",
    "rebought": "{name} rebuys: prize pool {prize_pool}",
    "eliminated": "{name} finishes in place {place}",
    "table_damaged": "This table's record is damaged and the table has stopped: the host or a "
    "channel manager can reset it, which gives every chip on it back to its owner",
    "table_reset": "{name} reset the table: every chip on it went back to its owner's bank",
}


class DealerRefusal(IllegalAction):
    """A request the service refuses; nothing was written."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        ValueError.__init__(self, REFUSALS[code].format(**{k: _show(v) for k, v in params.items()}))


def notice_text(code: str, params: dict[str, Any]) -> str:
    return NOTICES[code].format(**{k: _show(v) for k, v in params.items()})


def _show(value: Any) -> str:
    return f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else str(value)


def wait_text(seconds: float) -> str:
    """A wait as a player reads it: "3 h 12 min", "5 min", "40 s"."""
    whole = max(0, int(seconds + 0.999))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours} h {minutes} min"
    if minutes:
        return f"{minutes} min"
    return f"{secs} s"
