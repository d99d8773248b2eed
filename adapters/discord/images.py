"""Card pictures for Discord messages, from `chatdealer.render.images` (drawn with Pillow).

The table's and the showdown's pictures, and the cards sent by DM, come from the worker's shared
`Pictures` (cached by content across tables, drawn off the event loop); an ephemeral "My cards"
answer draws its small picture at once (`hand_png`). Without the renderer (or Pillow) messages go
out as text.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable
from typing import Any

from adapters.common.pictures import picture
from chatdealer.dealer import PrivateView, TableView
from chatdealer.dealer.outgoing import PotWon, Shown
from chatdealer.render import language, translate_hand_name

log = logging.getLogger(__name__)


def _renderer() -> Any | None:
    try:
        return importlib.import_module("chatdealer.render.images")
    except ImportError:
        return None


def _png(draw: Callable[[Any], Any]) -> bytes | None:
    module = _renderer()
    if module is None:
        return None
    try:
        return bytes(module.to_png(draw(module)))
    except (AttributeError, TypeError, ValueError, OSError) as problem:
        log.warning("card image failed: %s", problem)
        return None


def board_key(view: TableView, lang: str) -> tuple[object, ...] | None:
    """What the board picture shows; the same key, the same picture (not uploaded again)."""
    if not view.hand_running:
        return None
    return (view.board, tuple(pot.amount for pot in view.pots), lang)


async def board_png(view: TableView, lang: str) -> bytes | None:
    pots = [pot.amount for pot in view.pots]
    return await picture(lambda drawn: drawn.board(view.board, pots, lang), "board")


def hand_png(view: PrivateView, lang: str) -> bytes | None:
    caption = translate_hand_name(language(lang), view.best) if view.best else None
    return _png(lambda images: images.hand_image(view.cards, caption))


async def dm_hand_png(view: PrivateView, lang: str) -> bytes | None:
    caption = translate_hand_name(language(lang), view.best) if view.best else None
    return await picture(lambda drawn: drawn.hand(view.cards, caption), "hand")


async def showdown_png(
    board: tuple[str, ...],
    shown: list[Shown],
    pots: list[PotWon],
    lang: str,
    second_board: tuple[str, ...] = (),
) -> bytes | None:
    if not shown:
        return None
    hands = [(hand.name, hand.cards, hand.hand_name) for hand in shown]
    winners = {share.name for pot in pots for share in pot.winners}
    amounts = [pot.amount for pot in pots]
    return await picture(
        lambda drawn: drawn.showdown(
            board, hands, amounts, lang, winners=winners, second_board=second_board
        ),
        "showdown",
    )
