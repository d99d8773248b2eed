"""Card images for chat: the board with its pots, a player's hand, and the showdown.

Drawn by the project with Pillow (no image assets), sized for a phone: the board is 800 pixels
wide with cards 190 pixels tall, so a chat client that shows it at half size still shows a rank
taller than a line of text. The same input gives the same pixels, and `to_png` the same bytes,
which lets the tests keep reference images of the board and the showdown.

An adapter passes the strings of a payload as they come (``board_image(view.board, [pot.amount
for pot in view.pots], language(settings.language))``); hand names from payloads are in English
and are said in the table's language here.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw, ImageFont

from chatdealer.cards import Card, parse_card
from chatdealer.render.hands import translate_hand_name
from chatdealer.render.images.cards import Palette, card_height, palette, placed_tile
from chatdealer.render.images.colours import (
    DIM_TEXT,
    FELT,
    GOLD,
    PANEL,
    POT_FILL,
    RGB,
    SHADOW,
    TEXT,
)
from chatdealer.render.images.encode import to_png
from chatdealer.render.images.fonts import writable
from chatdealer.render.language import Language, language

__all__ = [
    "BOARD_CARD_WIDTH",
    "IMAGE_WIDTH",
    "ShownHand",
    "board_image",
    "hand_image",
    "showdown_image",
    "to_png",
]

IMAGE_WIDTH = 800
BOARD_CARD_WIDTH = 136
SHOWN_CARD_WIDTH = 100
BOARD_SLOTS = 5
CARD_GAP = 16
MARGIN = 24
POT_SIZE = 30
SMALLEST_POT_SIZE = 22
NAME_SIZE = 28
CAPTION_SIZE = 30
SHADOW_DROP = 4

CardLike = str | Card
ENGLISH = language("en")


class ShownHand(NamedTuple):
    """A hand shown down: the player's name, their cards and the hand's (English) name."""

    name: str
    cards: Sequence[CardLike]
    hand_name: str | None = None


def _card(card: CardLike) -> Card:
    return parse_card(card) if isinstance(card, str) else card


def board_image(
    cards: Sequence[CardLike],
    pots: Sequence[int] = (),
    language: Language = ENGLISH,
    *,
    four_colour: bool = False,
) -> Image.Image:
    """The community cards (up to five, the rest as empty places) with the pots under them.

    The image is the same size from the deal to the river, so a message edited in place does
    not jump; it grows only when the pots need a second row of labels.
    """
    height = _board_height(pots, language)
    canvas = _felt(IMAGE_WIDTH, height)
    _draw_board(canvas, 0, cards, pots, language, palette(four_colour))
    return canvas


def hand_image(
    cards: Sequence[CardLike], caption: str | None = None, *, four_colour: bool = False
) -> Image.Image:
    """A player's cards, large, with an optional line under them such as their best hand."""
    width = BOARD_CARD_WIDTH
    row = len(cards) * width + max(0, len(cards) - 1) * CARD_GAP
    widest = IMAGE_WIDTH - 2 * MARGIN
    lines, font = _wrap(caption or "", CAPTION_SIZE, widest, max_lines=2)
    needed = max((round(font.getlength(line)) for line in lines), default=0)
    image_width = max(row, min(needed, widest)) + 2 * MARGIN
    line_height = round(CAPTION_SIZE * 1.3)
    height = MARGIN + card_height(width) + SHADOW_DROP + MARGIN
    if lines:
        height += len(lines) * line_height + MARGIN // 2
    canvas = _felt(image_width, height)
    _draw_cards(canvas, cards, (image_width - row) // 2, MARGIN, width, palette(four_colour))
    draw = ImageDraw.Draw(canvas)
    y = MARGIN + card_height(width) + SHADOW_DROP + MARGIN // 2 + line_height // 2
    for line in lines:
        _say(draw, (image_width / 2, y), line, font, TEXT)
        y += line_height
    return canvas


def showdown_image(
    board: Sequence[CardLike],
    shown: Sequence[ShownHand | tuple[str, Sequence[CardLike], str | None]],
    pots: Sequence[int] = (),
    language: Language = ENGLISH,
    *,
    winners: Collection[str] = (),
    four_colour: bool = False,
    second_board: Sequence[CardLike] = (),
) -> Image.Image:
    """The board and pots (a board run twice: the second run's board under the first), then
    each shown hand with its player's name and the hand it makes.

    Names in `winners` are framed in gold. Hands are laid out three to a row, or two when they
    hold four or five cards (Omaha), so the cards stay large enough to read.
    """
    colours = palette(four_colour)
    hands = [ShownHand(*entry) for entry in shown]
    board_height = _board_height(pots, language)
    second_height = MARGIN + card_height(BOARD_CARD_WIDTH) + SHADOW_DROP if second_board else 0
    columns = shown_columns(hands)
    block_width = (IMAGE_WIDTH - 2 * MARGIN - (columns - 1) * CARD_GAP) // columns
    block_height = _shown_height()
    rows = (len(hands) + columns - 1) // columns
    height = board_height + rows * (block_height + CARD_GAP) + (MARGIN - CARD_GAP if rows else 0)
    canvas = _felt(IMAGE_WIDTH, height + second_height)
    if second_board:
        _draw_board(canvas, 0, board, (), language, colours)
        _draw_board(canvas, second_height, second_board, pots, language, colours)
        board_height += second_height
    else:
        _draw_board(canvas, 0, board, pots, language, colours)
    for row in range(rows):
        in_row = hands[row * columns : (row + 1) * columns]
        span = len(in_row) * block_width + (len(in_row) - 1) * CARD_GAP
        x = (IMAGE_WIDTH - span) // 2
        y = board_height + row * (block_height + CARD_GAP)
        for hand in in_row:
            _draw_shown(canvas, hand, x, y, block_width, hand.name in winners, language, colours)
            x += block_width + CARD_GAP
    return canvas


def shown_columns(hands: Sequence[ShownHand]) -> int:
    """Hands a row of the showdown image holds: three of two cards, two of four or five."""
    return 3 if max((len(hand.cards) for hand in hands), default=2) <= 2 else 2


def shown_card_width(count: int, columns: int) -> int:
    """How wide each of a shown hand's `count` cards is drawn, `columns` hands to a row."""
    block_width = (IMAGE_WIDTH - 2 * MARGIN - (columns - 1) * CARD_GAP) // columns
    inner = block_width - MARGIN
    return min(SHOWN_CARD_WIDTH, (inner - max(0, count - 1) * CARD_GAP // 2) // max(1, count))


def _felt(width: int, height: int) -> Image.Image:
    return Image.new("RGB", (width, height), FELT)


def _draw_cards(
    canvas: Image.Image,
    cards: Sequence[CardLike | None],
    x: int,
    y: int,
    width: int,
    colours: Palette,
) -> None:
    """Cards left to right from (x, y) on the felt; None is an empty place."""
    for card in cards:
        face = None if card is None else _card(card)
        canvas.paste(placed_tile(face, width, colours, FELT, SHADOW, SHADOW_DROP), (x, y))
        x += width + CARD_GAP


def _pot_labels(pots: Sequence[int], language: Language) -> list[str]:
    """The pots as the table message says them: "Pot 1,200", or main and side pots."""
    if len(pots) == 1:
        return [language.text("table", "Pot {amount}").format(amount=language.number(pots[0]))]
    labels = []
    for index, amount in enumerate(pots):
        number = language.number(amount)
        if index == 0:
            labels.append(language.text("table", "Main pot {amount}").format(amount=number))
        else:
            labels.append(
                language.text("table", "Side pot {n}: {amount}").format(n=index, amount=number)
            )
    return labels


class _Pill(NamedTuple):
    text: str
    font: ImageFont.FreeTypeFont
    width: int


def _pot_rows(pots: Sequence[int], language: Language) -> list[list[_Pill]]:
    """The pot labels as pills: in one row at the largest size that fits, else several rows."""
    return _laid_pots(tuple(pots), language)


@lru_cache(maxsize=4096)
def _laid_pots(pots: tuple[int, ...], language: Language) -> list[list[_Pill]]:
    """`_pot_rows`, remembered: measuring text is most of a board's drawing time."""
    room = IMAGE_WIDTH - 2 * MARGIN
    labels = _pot_labels(pots, language)
    for size in range(POT_SIZE, SMALLEST_POT_SIZE - 1, -2):
        pills = [_pill(label, size, room) for label in labels]
        if sum(pill.width for pill in pills) + (len(pills) - 1) * CARD_GAP <= room:
            return [pills]
    rows: list[list[_Pill]] = [[]]
    used = 0
    for pill in pills:
        needed = pill.width + (CARD_GAP if rows[-1] else 0)
        if rows[-1] and used + needed > room:
            rows.append([])
            used, needed = 0, pill.width
        rows[-1].append(pill)
        used += needed
    return rows


def _pill(label: str, size: int, room: int) -> _Pill:
    padding = size // 2 * 2
    text, font = _fit(label, size, room - padding)
    return _Pill(text, font, round(font.getlength(text)) + padding)


def _pill_height() -> int:
    return round(POT_SIZE * 1.6)


def _board_height(pots: Sequence[int], language: Language) -> int:
    rows = max(1, len(_pot_rows(pots, language)))
    cards = MARGIN + card_height(BOARD_CARD_WIDTH) + SHADOW_DROP
    return cards + MARGIN + rows * _pill_height() + (rows - 1) * CARD_GAP // 2 + MARGIN


def _draw_board(
    canvas: Image.Image,
    top: int,
    cards: Sequence[CardLike],
    pots: Sequence[int],
    language: Language,
    colours: Palette,
) -> None:
    if len(cards) > BOARD_SLOTS:
        raise ValueError(f"a board has at most {BOARD_SLOTS} cards, not {len(cards)}")
    width = BOARD_CARD_WIDTH
    row = BOARD_SLOTS * width + (BOARD_SLOTS - 1) * CARD_GAP
    places: list[CardLike | None] = [*cards, *[None] * (BOARD_SLOTS - len(cards))]
    _draw_cards(canvas, places, (IMAGE_WIDTH - row) // 2, top + MARGIN, width, colours)
    y = top + MARGIN + card_height(width) + SHADOW_DROP + MARGIN
    draw = ImageDraw.Draw(canvas)
    height = _pill_height()
    for pills in _pot_rows(pots, language) if pots else []:
        span = sum(pill.width for pill in pills) + (len(pills) - 1) * CARD_GAP
        x = (IMAGE_WIDTH - span) // 2
        for pill in pills:
            draw.rounded_rectangle(
                [(x, y), (x + pill.width - 1, y + height - 1)], radius=height // 2, fill=POT_FILL
            )
            _say(draw, (x + pill.width / 2, y + height / 2), pill.text, pill.font, GOLD)
            x += pill.width + CARD_GAP
        y += height + CARD_GAP // 2


def _shown_height() -> int:
    line = round(NAME_SIZE * 1.25)
    return MARGIN // 2 + line + card_height(SHOWN_CARD_WIDTH) + SHADOW_DROP + 2 * line + MARGIN // 2


def _draw_shown(
    canvas: Image.Image,
    hand: ShownHand,
    x: int,
    y: int,
    width: int,
    won: bool,
    language: Language,
    colours: Palette,
) -> None:
    """One shown hand in its panel: the name, the cards, then the hand's name in two lines."""
    height = _shown_height()
    draw = ImageDraw.Draw(canvas)
    draw.rounded_rectangle(
        [(x, y), (x + width - 1, y + height - 1)],
        radius=14,
        fill=PANEL,
        outline=GOLD if won else None,
        width=3,
    )
    line = round(NAME_SIZE * 1.25)
    inner = width - MARGIN
    name, font = _fit(hand.name, NAME_SIZE, inner)
    top = y + MARGIN // 2
    _say(draw, (x + width / 2, top + line / 2), name, font, GOLD if won else TEXT)
    count = len(hand.cards)
    card_width = min(SHOWN_CARD_WIDTH, (inner - max(0, count - 1) * CARD_GAP // 2) // max(1, count))
    gap = CARD_GAP // 2
    row = count * card_width + max(0, count - 1) * gap
    cards_top = top + line
    cx = x + (width - row) // 2
    for card in hand.cards:
        tile = placed_tile(_card(card), card_width, colours, PANEL, SHADOW, SHADOW_DROP)
        canvas.paste(tile, (cx, cards_top))
        cx += card_width + gap
    if hand.hand_name:
        said = translate_hand_name(language, hand.hand_name)
        lines, font = _wrap(said, NAME_SIZE - 4, inner, max_lines=2)
        text_top = cards_top + card_height(SHOWN_CARD_WIDTH) + SHADOW_DROP
        for index, text in enumerate(lines):
            _say(draw, (x + width / 2, text_top + line * index + line / 2), text, font, DIM_TEXT)


def _say(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    text: str,
    font: ImageFont.FreeTypeFont,
    fill: RGB,
) -> None:
    """Text centred on a point."""
    draw.text(centre, text, font=font, fill=fill, anchor="mm")


def _fit(text: str, size: int, room: int) -> tuple[str, ImageFont.FreeTypeFont]:
    """The text in one line no wider than `room`: a smaller size first, then cut with "…"."""
    smallest = max(10, round(size * 0.75))
    for tried in range(size, smallest - 1, -2):
        cleaned, font = writable(text, tried)
        if font.getlength(cleaned) <= room:
            return cleaned, font
    cleaned, font = writable(text, smallest)
    return _cut(cleaned, font, room), font


def _cut(text: str, font: ImageFont.FreeTypeFont, room: int) -> str:
    """The text shortened with "…" until it is no wider than `room`."""
    if font.getlength(text) <= room:
        return text
    while text and font.getlength(text.rstrip() + "…") > room:
        text = text[:-1]
    return text.rstrip() + "…"


def _wrap(
    text: str, size: int, room: int, *, max_lines: int
) -> tuple[list[str], ImageFont.FreeTypeFont]:
    """The text broken at spaces into at most `max_lines` lines no wider than `room`."""
    cleaned, font = writable(text, size)
    lines: list[str] = []
    for word in cleaned.split():
        if lines and font.getlength(f"{lines[-1]} {word}") <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    if len(lines) > max_lines:
        lines = [*lines[: max_lines - 1], " ".join(lines[max_lines - 1 :])]
    return [_cut(line, font, room) for line in lines], font
