"""Finding the player a command names: on Discord the member option says whom, on Telegram a
reply or a text mention does; otherwise what was typed (`@bob`, `Bob`, `3`, `#3`) is looked up
among the players at the table, by seat number or by name (whole, then as the start of one)."""

from __future__ import annotations

from adapters.common.catalog.errors import ArgumentError
from adapters.common.catalog.spec import MemberRef
from chatdealer.dealer import TableView


def resolve(ref: MemberRef, view: TableView | None) -> str:
    """The player id `ref` names; an `ArgumentError` when nobody (or several) at the table
    answer to it."""
    if ref.player_id is not None:
        return ref.player_id
    typed = (ref.typed or "").strip()
    wanted = typed.removeprefix("@").removeprefix("#").strip().casefold()
    if not wanted:
        raise ArgumentError("no_member")
    seats = view.seats if view is not None else ()
    if wanted.isdigit():
        found = [seat for seat in seats if seat.seat + 1 == int(wanted)]
        if found:
            return found[0].player_id
    exact = [seat for seat in seats if seat.name.casefold() == wanted]
    named = exact or [seat for seat in seats if seat.name.casefold().startswith(wanted)]
    if not named:
        raise ArgumentError("unknown_member", value=typed)
    if len(named) > 1:
        raise ArgumentError("ambiguous_member", value=typed)
    return named[0].player_id
