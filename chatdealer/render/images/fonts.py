"""Fonts: Pillow's built-in scalable font first, a system font only for what it cannot write.

The built-in font (Aileron, shipped inside Pillow) writes Latin text and every card, so the
board and the fixtures look the same on every machine. It has no Cyrillic, so a string it cannot
write (a Russian pot label, a player called Борис) is drawn in the first font found among
`CHATDEALER_FONT` (a path), Roboto (installed with the project from the `font-roboto` package, so
every machine has Cyrillic) and common system fonts. Characters no font has (emoji in a name) are
dropped rather than drawn as empty boxes. No font is ever downloaded at run time.
"""

from __future__ import annotations

import os
from functools import cache

from PIL import Image, ImageDraw, ImageFont

BUILTIN = ""
"""The source name of Pillow's built-in font."""

SYSTEM_FONTS = (
    "DejaVuSans.ttf",
    "NotoSans-Regular.ttf",
    "LiberationSans-Regular.ttf",
    "Arial.ttf",
    "arial.ttf",
)
"""Regular weights, as the built-in font is; looked up in the system's font folders."""
_PROBE_SIZE = 24
_SURELY_MISSING = "\U0010fffd"  # a private-use character: every font draws its "missing" box


@cache
def font(source: str, size: int) -> ImageFont.FreeTypeFont:
    """The font from `source` (BUILTIN, a file name or a path) at `size` pixels."""
    if source == BUILTIN:
        loaded = ImageFont.load_default(size)
        if not isinstance(loaded, ImageFont.FreeTypeFont):
            raise RuntimeError("card images need Pillow >= 10.1 built with FreeType")
        return loaded
    return ImageFont.truetype(source, size, layout_engine=ImageFont.Layout.BASIC)


def _bundled_fonts() -> tuple[str, ...]:
    try:
        import font_roboto  # type: ignore[import-untyped]
    except ImportError:
        return ()
    return (str(font_roboto.Roboto),)


@cache
def system_font() -> str | None:
    """The first fallback font this machine has, or None."""
    configured = os.environ.get("CHATDEALER_FONT")
    for source in ((configured,) if configured else ()) + _bundled_fonts() + SYSTEM_FONTS:
        try:
            font(source, _PROBE_SIZE)
        except OSError:
            continue
        return source
    return None


def _glyph(source: str, char: str) -> bytes:
    probe = font(source, _PROBE_SIZE)
    image = Image.new("L", (_PROBE_SIZE * 3, _PROBE_SIZE * 2), 0)
    ImageDraw.Draw(image).text((_PROBE_SIZE // 2, 4), char, font=probe, fill=255)
    return image.tobytes()


@cache
def has_glyph(source: str, char: str) -> bool:
    return _glyph(source, char) != _glyph(source, _SURELY_MISSING)


def _writes(source: str, text: str) -> bool:
    return all(has_glyph(source, char) for char in text)


def writable(text: str, size: int) -> tuple[str, ImageFont.FreeTypeFont]:
    """The text as it can be drawn, and the font to draw it in.

    Spaces a font lacks (the narrow no-break space Russian groups thousands with) become plain
    spaces; other characters that neither font has are dropped.
    """
    best: tuple[int, str, str] | None = None
    for source in (BUILTIN, system_font()):
        if source is None:
            continue
        cleaned = _clean(source, text)
        missing = sum(not has_glyph(source, char) for char in cleaned)
        if best is None or missing < best[0]:
            best = (missing, source, cleaned)
    assert best is not None
    missing, source, cleaned = best
    if missing:
        cleaned = " ".join("".join(c for c in cleaned if has_glyph(source, c)).split())
    return cleaned, font(source, size)


def _clean(source: str, text: str) -> str:
    return "".join(" " if char.isspace() and not has_glyph(source, char) else char for char in text)
