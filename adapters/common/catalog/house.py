"""The `house` group (table options past `/poker create`'s room) and the host's seating words.

Discord gives `house` its own top-level command, `/house seating`; Telegram and the terminal
type `house seating key=value ...`. The host's answers to who sits (approve, decline, invite,
uninvite) sit in the `host` group, which is handed in so this module imports no other entry.
"""

from __future__ import annotations

from adapters.common.catalog.errors import ArgumentError
from adapters.common.catalog.members import resolve
from adapters.common.catalog.settings import choices
from adapters.common.catalog.spec import (
    Access,
    Build,
    Entry,
    Group,
    Kind,
    Outcome,
    Param,
    Situation,
    Values,
)
from chatdealer.dealer import Answer, HouseSeating, Invite
from chatdealer.dealer.commands import JoinPolicy

HOUSE = Group(
    "house", "The table's house rules: who sits, sitting out, the time bank, the showdown", True
)
POLICIES: dict[str, JoinPolicy] = {"open": "open", "approval": "approval", "invite": "invite"}
MOST_SECONDS = 600

SEATING_PARAMS = (
    Param(
        "join",
        Kind.CHOICE,
        "Who sits: open, on approval or invite-only",
        choices=choices(tuple(POLICIES)),
        positional=False,
    ),
    Param(
        "away",
        Kind.MINUTES,
        "Minutes sitting out before the seat is left (0: never)",
        minimum=0,
        maximum=24 * 60,
        positional=False,
    ),
    Param(
        "refill",
        Kind.SECONDS,
        "Seconds added to the time bank",
        minimum=0,
        maximum=MOST_SECONDS,
        positional=False,
    ),
    Param("every", Kind.COUNT, "Hands between refills", minimum=1, maximum=1000, positional=False),
    Param(
        "cap",
        Kind.SECONDS,
        "Most a time bank holds (0: the table's)",
        minimum=0,
        maximum=MOST_SECONDS,
        positional=False,
    ),
)
WHO = Param("member", Kind.MEMBER, "Who: mention or name", required=True)


def _seating(values: Values, situation: Situation) -> Outcome:
    return HouseSeating(
        policy=POLICIES.get(values.word("join") or ""),
        auto_leave_minutes=values.number("away"),
        refill_seconds=values.number("refill"),
        refill_hands=values.number("every"),
        refill_cap=values.number("cap"),
    )


def _about(kind: type[Answer] | type[Invite], yes: bool) -> Build:
    def build(values: Values, situation: Situation) -> Outcome:
        member = values.member("member")
        if member is None:
            raise ArgumentError("no_member")
        player = resolve(member, situation.view)
        if kind is Answer:
            return Answer(player_id=player, yes=yes)
        return Invite(player_id=player, on=yes, name=member.name or "")

    return build


def house_entries(host: Group) -> tuple[Entry, ...]:
    def _about_member(
        name: str, summary: str, kind: type[Answer] | type[Invite], yes: bool = False
    ) -> Entry:
        return Entry(
            name,
            summary,
            _about(kind, yes),
            (WHO,),
            group=host,
            access=Access.HOST,
            examples=("@bob",),
            verbs=(kind,),
            needs_view=True,
        )

    return (
        Entry(
            "seating",
            "Who sits, sitting out and the time bank's refill (host)",
            _seating,
            SEATING_PARAMS,
            group=HOUSE,
            access=Access.HOST,
            examples=("", "join=approval", "join=invite away=15", "refill=10 every=5 cap=60"),
            verbs=(HouseSeating,),
            details=("With nothing given, it shows the table's seating rules.",),
            public=True,
        ),
        _about_member(
            "approve", "Let a player who asked sit down (host or co-hosts)", Answer, True
        ),
        _about_member("decline", "Turn down a player's request to sit (host or co-hosts)", Answer),
        _about_member("invite", "Put a player on the invite list (host or co-hosts)", Invite, True),
        _about_member("uninvite", "Take a player off the invite list (host or co-hosts)", Invite),
    )
