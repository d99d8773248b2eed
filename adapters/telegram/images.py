"""Card pictures as PNG for Telegram, from the worker's shared `Pictures` (cached by content
across tables, drawn off the event loop)."""

from __future__ import annotations

from adapters.common.pictures import picture
from chatdealer.dealer import PrivateView, TableView
from chatdealer.dealer.outgoing import PotWon, Shown
from chatdealer.render import Language, translate_hand_name


async def board_png(view: TableView, language: Language, code: str) -> bytes | None:
    """The board and the pots while a hand is played; None between hands."""
    if not view.hand_running:
        return None
    pots = tuple(pot.amount for pot in view.pots)
    return await picture(lambda drawn: drawn.board(view.board, pots, code), "board")


async def hand_png(view: PrivateView, language: Language) -> bytes | None:
    caption = translate_hand_name(language, view.best) if view.best else None
    return await picture(lambda drawn: drawn.hand(view.cards, caption), "hand")


async def showdown_png(
    board: tuple[str, ...],
    shown: list[Shown],
    pots: list[PotWon],
    language: Language,
    second_board: tuple[str, ...] = (),
) -> bytes | None:
    hands = [(s.name, s.cards, s.hand_name) for s in shown]
    amounts = [pot.amount for pot in pots]
    winners = {share.name for pot in pots for share in pot.winners}
    return await picture(
        lambda drawn: drawn.showdown(
            board, hands, amounts, language.code, winners=winners, second_board=second_board
        ),
        "showdown",
    )
