"""Writing the table to the terminal: the shared renderer's text, with colour where it helps.

Colour is ANSI, used only when the output is a terminal and `NO_COLOR` is not set
(https://no-color.org). The words come from `chatdealer.render`, in the table's language.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import TextIO

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
        tty = hasattr(stream, "isatty") and stream.isatty()
        return cls(colour=tty and not os.environ.get("NO_COLOR"))

    def paint(self, text: str, colour: str | None) -> str:
        if not self.colour or colour is None:
            return text
        return f"\x1b[{CODES[colour]}m{text}\x1b[0m"


class Text:
    def __init__(self, out: TextIO, painter: Painter) -> None:
        self.out = out
        self.painter = painter
        self.language: Language = language("en")

    def say(self, text: str, colour: str | None = None) -> None:
        self.out.write(self.painter.paint(text, colour) + "\n")
        self.out.flush()

    def table(self, view: TableView) -> None:
        if view.settings is not None:
            self.language = language(view.settings.language)
        self.say(table_text(view, self.language, time.time()), "cyan")

    def private(self, view: PrivateView) -> None:
        self.say(private_text(view, self.language), "yellow")

    def payload(self, payload: AnyPayload, colour: str | None) -> None:
        line = payload_text(payload, self.language, time.time())
        if line:
            self.say(line, colour)

    def hand_over(self, payload: HandOver, me: str) -> None:
        _ = self.language.text
        mine = [share.chips for share in payload.stacks if share.player_id == me]
        if mine:
            text = _("prompt", "Hand #{number} is over: you have {chips}.").format(
                number=payload.hand_number, chips=self.language.chips(mine[0])
            )
        else:
            text = _("event", "Hand #{number} is over").format(number=payload.hand_number)
        self.say(text, "dim")

    def your_turn(self, view: TableView, turn: TurnView) -> None:
        """The prompt: the moves open, in the table message's words, and under them what each
        number means."""
        lang = self.language
        options = " · ".join(turn_options(turn, lang))
        prompt = lang.text("prompt", "Your turn ({token}): {options}")
        self.say(prompt.format(token=turn.token, options=options), "yellow")
        for line in turn_explained(view, turn, lang):
            self.say("  " + line, "dim")
