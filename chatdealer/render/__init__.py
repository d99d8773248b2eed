"""Text for chat: the table message, a player's private view and one line per event, in the
table's language (English, Russian or Bulgarian, from gettext catalogs).

Everything here is a pure function of the payload, the language and, for clocks, `now`; an
adapter picks the language from the table's settings: ``language(settings.language)``.
"""

from chatdealer.render.cards import cards_text
from chatdealer.render.codes import notice_text, refusal_text, untranslated
from chatdealer.render.events import payload_text, pot_won_text
from chatdealer.render.hands import hand_text, parse_hand_name, translate_hand_name
from chatdealer.render.language import Language, language
from chatdealer.render.table import private_text, table_text

__all__ = [
    "Language",
    "cards_text",
    "hand_text",
    "language",
    "notice_text",
    "parse_hand_name",
    "payload_text",
    "pot_won_text",
    "private_text",
    "refusal_text",
    "table_text",
    "translate_hand_name",
    "untranslated",
]
