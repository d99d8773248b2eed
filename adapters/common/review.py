"""A finished hand's story in words, in the table's language: who sat where with what, each
street with its board, its pot and its actions, the hands shown, who won which pot with what,
and what each player ended up with. The same on every platform; a player's own copy of the
history adds their hole cards (it is the only copy that holds them, and it is sent privately).

The lines are the dealer's own (`chatdealer.render.payload_text`), so a story says an action
exactly as the table said it while the hand was played.
"""

from __future__ import annotations

import logging

from chatdealer import phh
from chatdealer.dealer.outgoing import BoardDealt, PotWon, Shown
from chatdealer.render import Language, cards_text, payload_text
from chatdealer.render.accounts import signed
from chatdealer.render.events import board_text
from chatdealer.render.names import player_name
from chatdealer.render.runs import in_run
from chatdealer.web.played import PlayedHand, Street, play

log = logging.getLogger(__name__)


def story_text(history: str, lang: Language, title: str) -> str:
    """The story of the hand a `.phh` text holds, under `title`; only the title when the text
    does not play again (a damaged history is still attached as a file, never half told)."""
    try:
        played = play(phh.loads(history))
    except ValueError as problem:  # PHHError, ReplayError and bad cards are all ValueErrors
        log.warning("a history that does not play again is not told: %s", problem)
        return title
    return "\n".join([title, *story_lines(played, lang)])


def story_lines(played: PlayedHand, lang: Language) -> list[str]:
    _ = lang.text
    seats = " · ".join(
        f"{_('position', seat.position)} {player_name(lang, seat.name)} {lang.number(seat.stack)}"
        for seat in played.seats
    )
    lines = [_("review", "Seats: {seats}").format(seats=seats)]
    shown = {
        step.payload.name
        for street in played.streets
        for step in street.steps
        if isinstance(step.payload, Shown)
    }
    for seat in played.seats:
        if seat.cards and seat.name not in shown:  # the reader's own cards, in their own copy
            lines.append(
                _("review", "Dealt to {name}: {cards}").format(
                    name=player_name(lang, seat.name), cards=cards_text(seat.cards)
                )
            )
    for street in played.streets:
        lines += _street_lines(street, lang)
    nets = " · ".join(
        f"{player_name(lang, seat.name)} {signed(lang, seat.finish - seat.stack)}"
        for seat in sorted(played.seats, key=lambda seat: seat.stack - seat.finish)
    )
    lines.append(_("review", "Result: {nets}").format(nets=nets))
    return lines


def _street_lines(street: Street, lang: Language) -> list[str]:
    _ = lang.text
    said = [
        text
        for step in street.steps
        if not isinstance(step.payload, BoardDealt | PotWon)
        and (text := payload_text(step.payload, lang, 0.0))
    ]
    pots = [  # a board run twice: the second run's whole board before the pots it pays
        text
        for step in street.steps
        if _paid_or_second_board(step.payload) and (text := payload_text(step.payload, lang, 0.0))
    ]
    dealt = next((s.payload for s in street.steps if isinstance(s.payload, BoardDealt)), None)
    if street.name == "preflop":
        head = _("review", "Pre-flop")
    elif street.name == "showdown":
        head = _("review", "Showdown")
    elif dealt is not None:
        pot = _("review", "pot {amount}").format(amount=lang.number(street.pot))
        head = in_run(lang, dealt.run, f"{board_text(dealt, lang)} · {pot}")
    else:  # a street is opened by its board: not reached
        head = ""
    if said:
        return [f"{head}: {', '.join(said)}", *pots]
    if street.name == "showdown":  # a hand won without a showdown only tells its pot
        return pots
    return [head, *pots]  # a street of an all-in run-out


def _paid_or_second_board(payload: object) -> bool:
    if isinstance(payload, BoardDealt):
        return payload.run == 2 and len(payload.board) == 5  # its river: the whole board
    return isinstance(payload, PotWon)
