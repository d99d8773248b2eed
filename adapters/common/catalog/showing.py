"""`showdown show` and `showdown muck`: at the showdown, a player's own answer; `showdown show
always|losing|auto`, their default for the showdowns to come (docs/rules.md §7). A group of its
own, a top-level `/showdown` on Discord: `/poker` has no room left."""

from __future__ import annotations

from adapters.common.catalog.errors import ArgumentError
from adapters.common.catalog.settings import choices
from adapters.common.catalog.spec import Entry, Group, Kind, Outcome, Param, Situation, Values
from chatdealer.dealer import Act
from chatdealer.dealer.commands import ShowSetting
from chatdealer.engine.show_choice import ShowDefault

SHOWDOWN_GROUP = Group("showdown", "Show or muck your hand at the showdown", discord_root=True)
DEFAULTS = tuple(default.value for default in ShowDefault)


def _answer(action: str, situation: Situation) -> Act:
    """The showdown's own token: the dealer refuses it from anyone but the player it waits for."""
    view = situation.view
    waiting = view.showdown if view is not None else None
    if waiting is None:
        raise ArgumentError("no_showdown")
    return Act(action="show" if action == "show" else "muck", token=waiting.token)


def _show(values: Values, situation: Situation) -> Outcome:
    default = values.word("default")
    if default:
        return ShowSetting(default=default)
    return _answer("show", situation)


def _muck(values: Values, situation: Situation) -> Outcome:
    return _answer("muck", situation)


SHOW = Entry(
    "show",
    "Show your hand, or set your showdown default",
    _show,
    (Param("default", Kind.CHOICE, "always, losing or auto", choices=choices(DEFAULTS)),),
    examples=("always", "losing", "auto"),
    group=SHOWDOWN_GROUP,
    verbs=(ShowSetting, Act),
    needs_view=True,
    details=(
        "always: asked, and shown when your clock runs out; losing: asked, and a beaten hand "
        "is mucked when it runs out; auto: never asked, the dealer shows a hand that can win.",
    ),
)
MUCK = Entry(
    "muck",
    "Muck your hand at the showdown",
    _muck,
    group=SHOWDOWN_GROUP,
    verbs=(Act,),
    needs_view=True,
    examples=(),
)
