"""The words players type or pick for a game, the same on every platform, with the English label
each is shown with (a gettext message id of `catalog.po`, context "catalog choice": a word
added here needs its label translated there, which the translation test checks).

A variant added to `VARIANTS` without a label in `LABELS` is shown by its word.
"""

from __future__ import annotations

from chatdealer.engine.config import BettingStructure, Variant

VARIANTS = {
    "holdem": Variant.HOLDEM,
    "short": Variant.SHORT_DECK,
    "omaha": Variant.OMAHA,
    "omaha5": Variant.OMAHA_FIVE,
    "omaha8": Variant.OMAHA_HI_LO,
}
STRUCTURES = {
    "nl": BettingStructure.NO_LIMIT,
    "pl": BettingStructure.POT_LIMIT,
    "fl": BettingStructure.FIXED_LIMIT,
}
SCHEDULES = ("regular", "turbo", "custom")
LANGUAGES = ("en", "ru", "bg")
BOT_STYLES = ("balanced", "tight", "loose")

LABELS: dict[str, str] = {
    "holdem": "Texas Hold'em",
    "short": "Short deck (6+)",
    "omaha": "Omaha (four cards)",
    "omaha5": "Five-card Omaha",
    "omaha8": "Omaha hi-lo (eight or better)",
    "nl": "No-limit",
    "pl": "Pot-limit",
    "fl": "Fixed-limit",
    "regular": "Regular (10-minute levels)",
    "turbo": "Turbo (5-minute levels)",
    "custom": "Custom levels",
    "en": "English",
    "ru": "Русский",
    "bg": "Български",
    "balanced": "Balanced",
    "tight": "Tight",
    "loose": "Loose",
    "all": "All time",
    "month": "This month",
    "week": "This week",
    "open": "Open to anyone",
    "approval": "On approval",
    "invite": "Invite only",
    "always": "Always",
    "losing": "Muck losing hands",
    "auto": "Automatic (not asked)",
    "start": "Start a night",
    "end": "End the night",
    "off": "Off: the board runs once",
    "ask": "Ask the players each time",
}
ALIASES: dict[str, tuple[str, ...]] = {
    "holdem": ("hold'em", "texas", "nlhe"),
    "short": ("shortdeck", "short-deck", "6+", "sixplus"),
    "omaha": ("plo", "omaha4", "plo4"),
    "omaha5": ("plo5", "5-card", "fivecard"),
    "omaha8": ("o8", "plo8", "hilo", "hi-lo", "omaha-hi-lo"),
    "nl": ("nolimit", "no-limit"),
    "pl": ("potlimit", "pot-limit"),
    "fl": ("fixed", "limit", "fixedlimit", "fixed-limit"),
}


def label(word: str) -> str:
    return LABELS.get(word, word)
