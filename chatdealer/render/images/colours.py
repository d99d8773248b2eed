"""The table's colours around the cards: felt, shadows, panels, pot pills and their text."""

from __future__ import annotations

RGB = tuple[int, int, int]

FELT: RGB = (20, 86, 50)
SHADOW: RGB = (11, 52, 29)
PANEL: RGB = (15, 70, 40)
POT_FILL: RGB = (9, 42, 24)
TEXT: RGB = (246, 246, 240)
DIM_TEXT: RGB = (200, 226, 208)
GOLD: RGB = (244, 196, 64)
