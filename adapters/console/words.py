"""The terminal's own sentences, in the player's language (`terminal.po`, context "terminal").

Everything else the terminal prints comes from the renderer (the table, events, refusals, the
bank) or the command catalog (help, argument errors), which have catalogs of their own. Every
sentence the terminal itself says is here, by a short key, so that the translation test can
walk them all.
"""

from __future__ import annotations

import re

from chatdealer.render.language import Language

CONTEXT = "terminal"

MESSAGES: dict[str, str] = {
    "bank": "{name}, you have {chips} in the bank.",
    "type_help": "Type help for the commands, quit to leave.",
    "no_table": "There's no table called {table} to join: one opens with "
    "chatdealer --table {table}",
    "goodbye": "You have {chips} in the bank. Goodbye!",
    "not_your_turn": "It's not your turn",
    "raise_how_much": "Raise to how much? For example: raise 300, r 3x, pot or allin",
    "over_stack": "{typed} is more than you have: that's all-in for {amount}",
    "over_limit": "{typed} is over this table's limit: raising to {amount}, the most allowed",
    "lost_table": "(lost the table for a moment: {problem})",
    "your_turn": "Your turn, {seconds} left: {options}",
    "clock": "{seconds} left to act",
    "clock_out": "Your clock ran out",
    "busted_rebuy": "You're out of chips. Type topup to buy in again from your bank ({balance}): "
    "up to {most}, or topup {minimum} for the least",
    "busted_wait": "You're out of chips, and your bank has {balance}: not enough for this "
    "table's {minimum}. Your daily chips come in {wait}: type daily then, and topup. "
    "Meanwhile you can watch, or quit",
    "short_wait": "Your bank has {balance}: not enough for this table's {minimum}. Your daily "
    "chips come in {wait}: type daily then, and join. Meanwhile you can watch, or quit",
    "watching": "You're watching: type join to sit down, or quit",
    "sitting_out": "You're sitting out: type back to play again",
    "leaving": "You leave the table when this hand ends…",
    "leaving_now": "Leaving the table…",
    "quit_help": "quit (q): leave the table and close the terminal",
    "registered_start": "Type tournament start when everyone is in (tournament status shows "
    "who is), or addbot to add a bot",
    "tournament_away": "You're sitting out of the tournament: your hands are folded until you "
    "type back",
    "entrants": "Registered ({count}): {names} · buy-in {buy_in} · {stack} each · prize pool "
    "{pool}",
    "rebuy_hint": "Type rebuy to buy the starting stack again before the next hand",
    "tournament_done": "The tournament is over: type quit to leave",
    "no_cards": "You have no cards: you're not in a hand",
    "hand_over": "Hand #{number} is over: you have {chips}.",
    "hand_over_watching": "Hand #{number} is over",
    "history_saved": "Hand #{number} as a hand history (PHH), yours with your cards:",
    "opening_tournament": "Opening a sit-and-go: {arguments}",
}

_WAIT = re.compile(r"(\d+) (h|min|s)\b")


class Words:
    """The terminal's sentences in one language."""

    def __init__(self, lang: Language) -> None:
        self.language = lang

    def __call__(self, key: str, **params: object) -> str:
        english = MESSAGES[key]
        shown = {
            name: self.language.number(value)
            if isinstance(value, int) and not isinstance(value, bool)
            else str(value)
            for name, value in params.items()
        }
        return self.language.text(CONTEXT, english).format(**shown)

    def chips(self, amount: int) -> str:
        return self.language.chips(amount)

    def seconds(self, count: int) -> str:
        return self.language.count("seconds", count)

    def wait(self, english: str) -> str:
        """A wait the dealer wrote in English ("3 h 12 min"), its units translated."""
        unit = self.language.text
        return _WAIT.sub(lambda m: f"{m[1]} {unit('unit', m[2])}", english)
