"""A finished hand at the terminal: told street by street, as the chats and the web replayer
tell it, then its hand history (PHH) for saving; the player's own copy has their cards."""

from __future__ import annotations

from adapters.common.payloads import hand_title
from adapters.common.review import story_text
from adapters.console.text import Text
from chatdealer.dealer.outgoing import History


def show_history(text: Text, history: History) -> None:
    title = hand_title(text.language, history.hand_number)
    text.say(story_text(history.phh, text.language, title), "bold")
    text.tell("history_saved", "dim", number=str(history.hand_number))
    text.say(history.phh.rstrip())
