"""Showing after the hand through the dealer (docs/rules.md §7): from the hand's end until the
next is dealt, its uncontested winner and the players who folded may show a card or all of
them. The channel is told the cards, the hand's stored history is written again with them as
a PHH `sm` action, and its public proof opens exactly those cards' positions.

The finished hand waits in the table's record (`AfterHand`), as the rabbit hunt's does in its
history: the history is made again from it whole, so its copies and proofs stay what the hand's
end would have written had the cards been shown then, and nothing else opens."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from chatdealer.cards import format_card
from chatdealer.dealer.commands import ShowCards, User
from chatdealer.dealer.outgoing import ShownAfter
from chatdealer.dealer.proofs import hand_proofs
from chatdealer.dealer.record import AfterHand, DeckSecret, TableRecord
from chatdealer.dealer.refusals import DealerRefusal
from chatdealer.dealer.stored_hands import stored_hand
from chatdealer.engine import show_after
from chatdealer.engine.hand import Hand
from chatdealer.engine.refusals import IllegalAction
from chatdealer.store import HandRecord, TableId

if TYPE_CHECKING:
    from chatdealer.dealer.step import Step


def open_window(
    record: TableRecord,
    number: int,
    hand: Hand,
    players: list[str],
    secret: DeckSecret | None,
    *,
    rabbit: bool,
) -> None:
    """At a hand's end: keeps it while someone may show, until the next hand is dealt."""
    after = AfterHand(number=number, hand=hand, players=players, secret=secret, rabbit=rabbit)
    record.after = after if after.may else None


def show(step: Step, args: ShowCards, user: User) -> None:
    """A player's card, or all their cards, shown to the channel and written into the history."""
    after = step.record.after
    if after is None:
        raise DealerRefusal("no_show_window")
    if args.hand and args.hand != after.number:
        raise DealerRefusal("stale_token")
    if user.id not in after.players:
        raise IllegalAction("not_in_hand")
    if user.id not in after.may:
        raise DealerRefusal("showed_at_showdown")
    if user.id in after.shown:
        raise DealerRefusal("already_shown")
    seat = after.players.index(user.id)
    hand = after.hand
    indexes = show_after.chosen_cards(hand, seat, args.card)
    after.shown[user.id] = indexes
    cards = tuple(format_card(hand.holes[seat][index]) for index in indexes)
    step.channel(
        ShownAfter(
            hand_number=after.number, player_id=user.id, name=step.name_of(user.id), cards=cards
        )
    )
    step.hands.append(history_with_shows(step.context.table_id, after))


def history_with_shows(table_id: TableId, after: AfterHand) -> HandRecord:
    """The hand's stored record made again with every show so far: each an `sm` action at the
    end of the log (``p2 sm Ks??`` for one card of two), a hand shown whole dealt face up as a
    showdown's shown hand is, and the proof opening the cards shown."""
    hand = after.hand
    actions = list(hand.actions)
    shown = list(hand.shown)
    single: list[int] = []
    for player, indexes in after.shown.items():
        seat = after.players.index(player)
        holes = hand.holes[seat]
        written = "".join(
            format_card(card) if index in indexes else "??" for index, card in enumerate(holes)
        )
        actions.append(f"p{seat + 1} sm {written}")
        if len(indexes) == len(holes):
            shown[seat] = True
        else:
            single += show_after.shown_positions(hand, seat, indexes)
    told = msgspec.structs.replace(hand, actions=actions, shown=shown)
    secret = after.secret
    proofs = None
    if secret is not None:
        proofs = hand_proofs(
            secret,
            told,
            str(table_id),
            open_deck=secret.open_deck,
            rabbit=after.rabbit,
            shown_after=single,
        )
    return stored_hand(table_id, after.number, told, after.players, proofs, secret)
