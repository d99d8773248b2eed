"""The words players type or pick for a game, the same on every platform."""

from __future__ import annotations

from chatdealer.engine.config import BettingStructure, Variant

VARIANTS = {"holdem": Variant.HOLDEM, "short": Variant.SHORT_DECK}
STRUCTURES = {
    "nl": BettingStructure.NO_LIMIT,
    "pl": BettingStructure.POT_LIMIT,
    "fl": BettingStructure.FIXED_LIMIT,
}
