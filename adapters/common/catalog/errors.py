"""What can be wrong with a command's arguments: a stable code, its parameters, and the English
message each code is shown with (a gettext message id of `catalog.po`, context
"catalog error"). The adapters answer with the message, then the command's right form
(`texts.error_text`) unless the error is about the table as it is now (`SituationError`), and send
nothing to the dealer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from adapters.common.catalog.spec import Entry, Param

MESSAGES: dict[str, str] = {
    "unknown_command": "There's no command {value}",
    "missing": "Missing: {param} ({help})",
    "not_an_amount": "{value} is not an amount of chips: write it like 500, 1,000 or 2.5k",
    "not_a_number": "{value} is not a number",
    "not_whole": "{value} is not a whole number: chips are whole",
    "not_positive": "{value} won't do: it must be more than 0",
    "too_small": "{value} is too little: it must be at least {minimum}",
    "too_large": "{value} is too much: it can be at most {maximum}",
    "bad_choice": "{value} is not one of the choices: {choices}",
    "bad_flag": "{value} is neither on nor off",
    "unknown_name": "There's no {value} here: try {names}",
    "house_option": "{value} is a house rule: give it in a settings line of its own, without "
    "the table's settings",
    "extra": "I don't know what {value} is for here",
    "repeated": "The {param} is given twice",
    "too_long": "That is too long: at most {maximum} characters",
    "no_showdown": "Nobody is asked to show or muck now",
    "no_member": "Say whom: reply to one of their messages, mention them, or give their seat",
    "unknown_member": "Nobody called {value} is at the table",
    "ambiguous_member": "More than one player is called {value}: give their seat number",
    "bad_blinds": "{value} is not a pair of blinds: write them like 5/10",
    "bad_levels": "{value} is not a list of levels: write them like 10/20,15/30,25/50/5",
    "too_many_levels": "At most {maximum} levels, please",
    "not_seconds": "{value} is not a time: write it like 30, 45s or 2m",
    "not_minutes": "{value} is not a number of minutes: write it like 10 or 10m",
    "minutes_and_hands": "A level lasts a number of minutes or a number of hands, not both",
    "custom_needs_levels": "A custom schedule needs its levels, like levels=10/20,15/30,25/50/5",
    "levels_need_custom": "Levels are for a custom schedule: say schedule=custom, or leave it out",
    "no_raise": "You can't raise now: call, check or fold",
    "full_stack": "You have the table maximum already",
}


class ArgumentError(ValueError):
    """A command's arguments cannot be read; nothing was sent to the dealer.

    `entry` and `param` are filled in by the parser (what the error is about); `code` and
    `params` make the message (`MESSAGES`), translated when shown.
    """

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = params
        self.entry: Entry | None = None
        self.param: Param | None = None
        shown = {name: str(value) for name, value in params.items()}
        super().__init__(_english(code, shown))

    def about(self, entry: Entry | None = None, param: Param | None = None) -> ArgumentError:
        """Names the command and the parameter, unless a closer caller named them already."""
        if self.entry is None:
            self.entry = entry
        if self.param is None:
            self.param = param
        return self


def _english(code: str, params: dict[str, str]) -> str:
    template = MESSAGES.get(code, code)
    try:
        return template.format(**{"param": "value", **params})
    except (KeyError, IndexError):
        return template


class SituationError(ArgumentError):
    """The command is well written but the table as it is now has nothing for it (no showdown,
    no raise this turn, a full stack): shown without the command's usage, which would read as
    if the syntax were wrong."""
