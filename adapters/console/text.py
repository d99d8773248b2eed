"""Writing the table to the terminal: the shared renderer's text, with colour where it helps.

Colour is ANSI, used only when the output is a terminal and `NO_COLOR` is not set
(https://no-color.org). The words come from `chatdealer.render`, the catalog and the terminal's
own `words`, in the player's language (`--language`) or else the table's. A terminal that can
no longer be written to (closed, hung up) is noticed once and told to `on_dead`, so the session
leaves its seat instead of failing on the next line.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TextIO

from adapters.console.words import Words
from chatdealer.dealer import PrivateView, TableView, TurnView
from chatdealer.dealer.outgoing import AnyPayload, HandOver
from chatdealer.render import Language, language, payload_text, private_text, table_text
from chatdealer.render.prompt import turn_explained, turn_options

CODES = {
    "bold": "1",
    "dim": "2",
    "red": "31",
    "green": "32",
    "yellow": "1;33",
    "cyan": "36",
}


@dataclass(frozen=True, slots=True)
class Painter:
    colour: bool

    @classmethod
    def for_stream(cls, stream: TextIO) -> Painter:
        try:
            tty = stream.isatty()
        except (AttributeError, OSError, ValueError):
            tty = False
        return cls(colour=tty and not os.environ.get("NO_COLOR"))

    def paint(self, text: str, colour: str | None) -> str:
        if not self.colour or colour is None:
            return text
        return f"\x1b[{CODES[colour]}m{text}\x1b[0m"


class Text:
    def __init__(self, out: TextIO, painter: Painter, code: str | None = None) -> None:
        self.out = out
        self.painter = painter
        self.fixed = code
        """The player's language, when they chose one; otherwise the table's is spoken."""
        self.language: Language = language(code or "en")
        self.words = Words(self.language)
        self.dead = False
        self.on_dead: Callable[[], None] | None = None

    @property
    def code(self) -> str:
        return self.language.code

    def speak(self, code: str) -> None:
        """The table's language, unless the player chose theirs."""
        if self.fixed is None and code != self.language.code:
            self.language = language(code)
            self.words = Words(self.language)

    def say(self, text: str, colour: str | None = None) -> None:
        if self.dead:
            return
        try:
            self.out.write(self.painter.paint(text, colour) + "\n")
            self.out.flush()
        except (OSError, ValueError):
            self.dead = True
            if self.on_dead is not None:
                self.on_dead()

    def tell(self, key: str, colour: str | None = None, **params: object) -> None:
        """One of the terminal's own sentences."""
        self.say(self.words(key, **params), colour)

    def table(self, view: TableView) -> None:
        if view.settings is not None:
            self.speak(view.settings.language)
        self.say(table_text(view, self.language, time.time()), "cyan")

    def private(self, view: PrivateView) -> None:
        self.say(private_text(view, self.language), "yellow")

    def payload(self, payload: AnyPayload, colour: str | None) -> None:
        line = payload_text(payload, self.language, time.time())
        if line:
            self.say(line, colour)

    def hand_over(self, payload: HandOver, me: str) -> None:
        mine = [share.chips for share in payload.stacks if share.player_id == me]
        if mine:
            chips = self.language.chips(mine[0])
            self.tell("hand_over", "dim", number=str(payload.hand_number), chips=chips)
        else:
            self.tell("hand_over_watching", "dim", number=str(payload.hand_number))

    def your_turn(self, view: TableView, turn: TurnView, now: float) -> None:
        """The prompt: the moves open, in the table message's words, the time left, and under
        them what each number means."""
        lang = self.language
        options = " · ".join(turn_options(turn, lang))
        self.tell("your_turn", "yellow", seconds=self.left(turn, now), options=options)
        for line in turn_explained(view, turn, lang):
            self.say("  " + line, "dim")

    def left(self, turn: TurnView, now: float) -> str:
        """ "25 seconds" of the player's clock (their time bank, once it runs)."""
        if turn.deadline is None:
            return self.words.seconds(0)
        return self.words.seconds(self.language.seconds_left(turn.deadline, now))
