"""Card pictures as PNG, drawn off the event loop (20–65 ms each), the board ones cached."""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict

from chatdealer.dealer import PrivateView, TableView
from chatdealer.dealer.outgoing import PotWon, Shown
from chatdealer.render import Language, translate_hand_name
from chatdealer.render.images import board_image, hand_image, showdown_image, to_png

log = logging.getLogger(__name__)

CACHED = 256
_boards: OrderedDict[tuple[tuple[str, ...], tuple[int, ...], str], bytes] = OrderedDict()


async def board_png(view: TableView, language: Language, code: str) -> bytes | None:
    """The board and the pots while a hand is played; None between hands."""
    if not view.hand_running:
        return None
    pots = tuple(pot.amount for pot in view.pots)
    key = (view.board, pots, code)
    cached = _boards.get(key)
    if cached is not None:
        _boards.move_to_end(key)
        return cached
    try:
        png = await asyncio.to_thread(lambda: to_png(board_image(view.board, pots, language)))
    except (ValueError, OSError) as problem:
        log.warning("board image failed: %s", problem)
        return None
    _boards[key] = png
    while len(_boards) > CACHED:
        _boards.popitem(last=False)
    return png


async def hand_png(view: PrivateView, language: Language) -> bytes | None:
    caption = translate_hand_name(language, view.best) if view.best else None
    try:
        return await asyncio.to_thread(lambda: to_png(hand_image(view.cards, caption)))
    except (ValueError, OSError) as problem:
        log.warning("hand image failed: %s", problem)
        return None


async def showdown_png(
    board: tuple[str, ...], shown: list[Shown], pots: list[PotWon], language: Language
) -> bytes | None:
    hands = [(s.name, s.cards, s.hand_name) for s in shown]
    amounts = [pot.amount for pot in pots]
    winners = {share.name for pot in pots for share in pot.winners}
    try:
        return await asyncio.to_thread(
            lambda: to_png(showdown_image(board, hands, amounts, language, winners=winners))
        )
    except (ValueError, OSError) as problem:
        log.warning("showdown image failed: %s", problem)
        return None
