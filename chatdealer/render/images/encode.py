"""PNG bytes of a picture, quickly: its colours are known before it is drawn.

Every pixel of a card picture is one of a few colours (felt, paper, inks, gold...) or an
antialiased blend of two that touch, so the palette is built once from those pairs instead of
searched for in each image (median cut took most of the time), and the image is compressed
once at a middling zlib level instead of trying every filter (`optimize`, the other slow part).
"""

from __future__ import annotations

import io
from functools import cache

from PIL import Image

from chatdealer.render.images.cards import (
    BLACK,
    BLUE,
    EDGE,
    GREEN,
    PAPER,
    RED,
    SLOT_EDGE,
    SLOT_FILL,
)
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

COMPRESS_LEVEL = 3
"""zlib's level: 3 keeps a board under 10 KB in about a millisecond; 9 saves a tenth for 20x."""
BLEND_STEPS = 12
"""Shades between two colours that meet: an error of at most a few levels a channel."""

TOUCHING: tuple[tuple[RGB, RGB], ...] = (
    (FELT, SHADOW),
    (FELT, EDGE),
    (SHADOW, EDGE),
    (PANEL, SHADOW),
    (PANEL, EDGE),
    (EDGE, PAPER),
    (FELT, SLOT_EDGE),
    (SLOT_EDGE, SLOT_FILL),
    (FELT, POT_FILL),
    (POT_FILL, GOLD),
    (FELT, PANEL),
    (FELT, TEXT),
    (PANEL, TEXT),
    (PANEL, DIM_TEXT),
    (PANEL, GOLD),
    (FELT, GOLD),
    *((PAPER, ink) for ink in (RED, BLACK, BLUE, GREEN)),
)
"""Pairs of colours drawn next to each other with antialiasing between them."""


def palette_colours() -> list[RGB]:
    """The colours of every card picture: each touching pair and the shades between them."""
    colours: list[RGB] = []
    for start, end in TOUCHING:
        for step in range(BLEND_STEPS + 1):
            shade = tuple(
                round(a + (b - a) * step / BLEND_STEPS) for a, b in zip(start, end, strict=True)
            )
            if shade not in colours:
                colours.append(shade)  # type: ignore[arg-type]
    if len(colours) > 256:
        raise RuntimeError(f"{len(colours)} colours do not fit a PNG palette")
    return colours


@cache
def _palette() -> Image.Image:
    holder = Image.new("P", (1, 1))
    colours = palette_colours()
    flat = [value for colour in colours for value in colour]
    holder.putpalette(flat + [0] * (768 - len(flat)))
    return holder


def to_png(image: Image.Image) -> bytes:
    """The image as a small PNG for upload: in the pictures' own palette, compressed once.

    No dithering, so flat felt stays flat and compresses to little; the same image gives the
    same bytes.
    """
    reduced = image.convert("RGB").quantize(palette=_palette(), dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    reduced.save(buffer, format="PNG", compress_level=COMPRESS_LEVEL)
    return buffer.getvalue()
