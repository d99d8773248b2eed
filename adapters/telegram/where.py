"""Where an update came from and who sent it, as Telegram says (never as a payload claims).

A table lives in a group, or in one forum topic of it; a private chat has none. The sender is
the update's user with a name made safe to show; an anonymous group admin (the message is
sent as the group) or a post sent as a channel has no person behind it the dealer could seat,
so it is no player at all (`sender_of` returns None and the adapter asks them to post as
themselves).
"""

from __future__ import annotations

from telegram import Message
from telegram import User as TelegramUser
from telegram.constants import ChatType

from adapters.telegram.callbacks import b36, from_b36
from adapters.telegram.tables import chat_of
from chatdealer.dealer import User
from chatdealer.dealer.checks import shown_name
from chatdealer.store import TableId

NAME_LIMIT = 32
"""A Telegram name is shown at most this long (a seat line has room for no more)."""
GROUP_CHATS = (ChatType.GROUP, ChatType.SUPERGROUP)


def table_of(message: Message | None) -> TableId | None:
    """The table of a group (or of one forum topic in it); None outside groups."""
    if message is None or message.chat.type not in GROUP_CHATS:
        return None
    topic = message.message_thread_id if message.is_topic_message else None
    return TableId("telegram", str(message.chat.id), str(topic or 0))


def faceless(message: Message | None) -> bool:
    """Sent as the group (an anonymous admin) or as a channel: nobody the dealer can seat."""
    return message is not None and message.sender_chat is not None


def player_name(user: TelegramUser) -> str:
    """The user's name without control or bidirectional characters, at most `NAME_LIMIT`."""
    cleaned = shown_name(user.full_name or "")
    if cleaned == "?":
        cleaned = shown_name(user.username or "") if user.username else str(user.id)
    if len(cleaned) > NAME_LIMIT:
        cleaned = cleaned[: NAME_LIMIT - 1].rstrip() + "…"
    return cleaned


def user_of(user: TelegramUser, *, manager: bool = False) -> User:
    """The dealer's user; a group's administrators manage its tables and, the group being the
    community, its bank too."""
    return User(id=str(user.id), name=player_name(user), manager=manager, admin=manager)


def deep_link_payload(table: TableId) -> str:
    chat_id, topic = chat_of(table)
    return f"t{b36(chat_id)}_{b36(topic or 0)}"


def table_of_payload(payload: str) -> TableId | None:
    if not payload.startswith("t"):
        return None
    chat, _, topic = payload[1:].partition("_")
    try:
        return TableId("telegram", str(from_b36(chat)), str(from_b36(topic or "0")))
    except ValueError:
        return None
