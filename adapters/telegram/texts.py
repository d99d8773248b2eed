"""The adapter's own words: button labels and the few replies Telegram needs around the
dealer's messages. Each is a gettext message id of `telegram.po` (context "telegram"),
translated in the table's language; the commands, their help and their argument errors are
the catalog's, and everything the dealer says (the table, events, refusals) is
`chatdealer.render`'s.
"""

from __future__ import annotations

from chatdealer.render import language

LANGUAGES = ("en", "ru", "bg")
CONTEXT = "telegram"

WORDS: dict[str, str] = {
    "fold": "Fold",
    "check": "Check",
    "call": "Call {amount}",
    "cards": "🂠 My cards",
    "show": "Show",
    "muck": "Muck",
    "run_once": "1️⃣ Run once",
    "run_twice": "2️⃣ Run it twice",
    "show_first": "👁 Card 1",
    "show_second": "👁 Card 2",
    "show_all": "👁 Show all",
    "stale": "That button is out of date",
    "private_link": "Tap to get your cards by private message at every deal",
    "open_private": "🔒 Cards by private message",
    "no_private": (
        "I can't message you privately yet: press 🂠 My cards on the table, or start a chat with me"
    ),
    "sent_private": "Sent to you privately",
    "approve": "✅ Let them sit",
    "decline": "✖ Decline",
    "answered": "Done",
    "approved_by": "Approved by {name}",
    "declined_by": "Declined by {name}",
    "request_gone": "This request was already answered",
    "started": (
        "Done: I will send your cards here at every deal. Your cards never go to the group."
    ),
    "groups_only": "Poker tables live in groups: add me to one and type /poker",
    "your_cards_at": "Your cards · {table}",
    "post_as_yourself": (
        "Post as yourself to play: a message sent as the group or as a channel cannot take a seat"
    ),
}
"""Each key's English message id."""


def ui(code: str, key: str, **params: object) -> str:
    """A label or reply in the table's language (English where it has none)."""
    text = language(code).text(CONTEXT, WORDS[key])
    return text.format(**params) if params else text


def pick_language(code: str | None) -> str:
    """The table language for a Telegram user's `language_code` ("ru", "bg-BG", ...)."""
    short = (code or "").split("-")[0].lower()
    return short if short in LANGUAGES else "en"
