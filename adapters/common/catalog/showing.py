"""`showdown show` and `showdown muck`: at the showdown, a player's own answer; `showdown show
always|losing|auto`, their default for the showdowns to come; after the hand, `showdown show
[1|2]`, a card (or all) shown by its uncontested winner or a player who folded (docs/rules.md
§7). A group of its
own, a top-level `/showdown` on Discord: `/poker` has no room left."""

from __future__ import annotations

from adapters.common.catalog.errors import SituationError
from adapters.common.catalog.settings import choices
from adapters.common.catalog.spec import Entry, Group, Kind, Outcome, Param, Situation, Values
from chatdealer.dealer import Act
from chatdealer.dealer.commands import ShowCards, ShowSetting
from chatdealer.engine.show_choice import ShowDefault

SHOWDOWN_GROUP = Group("showdown", "Show or muck your hand at the showdown", discord_root=True)
DEFAULTS = tuple(default.value for default in ShowDefault)


def _answer(action: str, situation: Situation) -> Act:
    """The showdown's own token: the dealer refuses it from anyone but the player it waits for."""
    view = situation.view
    waiting = view.showdown if view is not None else None
    if waiting is None:
        raise SituationError("no_showdown")
    return Act(action="show" if action == "show" else "muck", token=waiting.token)


def _show(values: Values, situation: Situation) -> Outcome:
    """A default; at the showdown, the hand; after a hand won uncontested or folded, the card
    numbered (1 first) or all of them, until the next hand is dealt."""
    default = values.word("default")
    if default:
        return ShowSetting(default=default)
    view = situation.view
    if view is not None and view.showdown is None and view.show_after is not None:
        return ShowCards(card=values.number("card") or 0)
    return _answer("show", situation)


def _muck(values: Values, situation: Situation) -> Outcome:
    return _answer("muck", situation)


SHOW = Entry(
    "show",
    "Show your hand, or set your showdown default",
    _show,
    (
        Param("default", Kind.CHOICE, "always, losing or auto", choices=choices(DEFAULTS)),
        Param("card", Kind.COUNT, "After the hand: card 1 or 2 (none: all)", minimum=1, maximum=5),
    ),
    examples=("always", "losing", "auto"),
    group=SHOWDOWN_GROUP,
    verbs=(ShowSetting, Act, ShowCards),
    needs_view=True,
    details=(
        "always: asked, and shown when your clock runs out; losing: asked, and a beaten hand "
        "is mucked when it runs out; auto: never asked, the dealer shows a hand that can win.",
        "After a hand you won uncontested or folded, until the next is dealt: show 1 or show 2 "
        "shows that card, show alone all of them.",
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
