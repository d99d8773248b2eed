"""Text for chat: the table message, a player's private view and one line per event, in the
table's language (English, Russian or Bulgarian, from gettext catalogs).

Everything here is a pure function of the payload, the language and, for clocks, `now`; an
adapter picks the language from the table's settings: ``language(settings.language)``. The
payloads posted as messages of their own (the bank, the leaderboard, the night, a tournament's
result) are said by `chatdealer.render.accounts`; the prompt of the player to act by
`chatdealer.render.prompt`, in the same words as the table message's turn line.
"""

from chatdealer.render.cards import cards_text
from chatdealer.render.codes import notice_text, refusal_text, untranslated
from chatdealer.render.events import payload_text, pot_won_text
from chatdealer.render.hands import (
    hand_text,
    made_hand_text,
    parse_hand_name,
    translate_hand_name,
)
from chatdealer.render.language import Language, language
from chatdealer.render.names import player_name
from chatdealer.render.table import private_text, table_text

__all__ = [
    "Language",
    "cards_text",
    "hand_text",
    "language",
    "made_hand_text",
    "notice_text",
    "parse_hand_name",
    "payload_text",
    "player_name",
    "pot_won_text",
    "private_text",
    "refusal_text",
    "table_text",
    "translate_hand_name",
    "untranslated",
]
