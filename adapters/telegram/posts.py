"""Messages other than the table message: what a post is, how a dealer payload becomes one,
and sending it to a group (or its topic) or as a reply. A failed send is logged, never raised:
one message that Telegram refuses stops nothing else."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from telegram import (
    Bot,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputFile,
    Message,
    WebAppInfo,
)
from telegram.error import TelegramError

from adapters.common.payloads import hand_title, own_text, public_text
from adapters.common.review import story_text
from adapters.telegram.tables import chat_of
from chatdealer.dealer.outgoing import AnyPayload, History, HoleCards
from chatdealer.render import Language, payload_text, private_text
from chatdealer.store import TableId

log = logging.getLogger(__name__)

POPUP_LIMIT = 200
TEXT_LIMIT = 4096
CAPTION_LIMIT = 1024


@dataclass(slots=True)
class Post:
    """One message: text and perhaps a picture or a file. `secret`: it shows the reader's own
    hole cards, so it may only go to them privately. `html`: the text is Telegram HTML."""

    text: str
    image: bytes | None = None
    document: tuple[str, bytes] | None = None
    secret: bool = False
    html: bool = False
    link: tuple[str, str] | None = None
    """A URL button under the message (its label and address): a hand's replay."""
    mini_app: bool = False
    """The link opens as a Telegram Mini App (private chats only), signed in by Telegram."""
    keyboard: InlineKeyboardMarkup | None = None
    """Buttons of its own under the message (a join request's answers)."""

    @property
    def markup(self) -> InlineKeyboardMarkup | None:
        if self.keyboard is not None:
            return self.keyboard
        if self.link is None:
            return None
        label, url = self.link
        if self.mini_app:
            button = InlineKeyboardButton(label, web_app=WebAppInfo(url))
        else:
            button = InlineKeyboardButton(label, url=url)
        return InlineKeyboardMarkup([[button]])


def cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def captioned(text: str) -> tuple[str | None, str]:
    """A file's caption and, when the text is longer than a caption may be (a long hand's
    story), the whole text as a message of its own before the file, captioned by its title."""
    if len(text) <= CAPTION_LIMIT:
        return None, text
    return cut(text, TEXT_LIMIT), cut(text.partition("\n")[0], CAPTION_LIMIT)


def group_post(payload: AnyPayload, lang: Language) -> Post | None:
    """The group payloads the text renderer leaves to adapters."""
    if isinstance(payload, History):
        title = hand_title(lang, payload.hand_number)
        story = story_text(payload.phh, lang, title)
        return Post(story, document=(f"hand-{payload.hand_number}.phh", payload.phh.encode()))
    text = public_text(payload, lang)
    return Post(text) if text is not None else None


def mini_app_post(link: tuple[str, str] | None) -> Post | None:
    """A Mini App's button, sent to the asker privately (Telegram opens Mini Apps from inline
    buttons in private chats only); its label is its text."""
    if link is None:
        return None
    return Post(link[0], link=link, mini_app=True, secret=True)


def own_post(payload: AnyPayload, lang: Language, now: float) -> Post:
    """One player's own payload, as the answer to what they asked."""
    if isinstance(payload, HoleCards):
        return Post(private_text(payload.view, lang), secret=True)
    if isinstance(payload, History) and payload.private:
        title = f"{hand_title(lang, payload.hand_number)} 🔒"
        story = story_text(payload.phh, lang, title)
        name = f"hand-{payload.hand_number}-mine.phh"
        return Post(story, document=(name, payload.phh.encode()), secret=True)
    text = own_text(payload, lang)
    if text is not None:
        return Post(text)
    post = group_post(payload, lang)
    if post is not None:
        return post
    return Post(payload_text(payload, lang, now) or payload.kind)


async def send_to_table(bot: Bot, table: TableId, post: Post) -> bool:
    """Posts in the table's group (and topic), quietly; False when Telegram refused it."""
    chat_id, topic = chat_of(table)
    mode = "HTML" if post.html else None
    try:
        if post.image is not None:
            await bot.send_photo(
                chat_id,
                post.image,
                caption=cut(post.text, CAPTION_LIMIT),
                parse_mode=mode,
                message_thread_id=topic,
                disable_notification=True,
                reply_markup=post.markup,
            )
        elif post.document is not None:
            name, data = post.document
            before, caption = captioned(post.text)
            if before is not None:
                await bot.send_message(
                    chat_id,
                    before,
                    parse_mode=mode,
                    message_thread_id=topic,
                    disable_notification=True,
                )
            await bot.send_document(
                chat_id,
                InputFile(data, filename=name),
                caption=caption,
                parse_mode=mode,
                message_thread_id=topic,
                disable_notification=True,
                reply_markup=post.markup,
            )
        else:
            await bot.send_message(
                chat_id,
                cut(post.text, TEXT_LIMIT),
                parse_mode=mode,
                message_thread_id=topic,
                disable_notification=True,
                reply_markup=post.markup,
            )
    except TelegramError as problem:
        log.warning("message to %s failed: %s", table, problem)
        return False
    return True


async def reply(
    message: Message,
    text: str,
    *,
    parse_mode: str | None = None,
    markup: InlineKeyboardMarkup | None = None,
    image: bytes | None = None,
    document: tuple[str, bytes] | None = None,
) -> None:
    """Answers `message` in its chat (and topic)."""
    try:
        if image is not None:
            await message.reply_photo(
                image, caption=cut(text, CAPTION_LIMIT), parse_mode=parse_mode, reply_markup=markup
            )
        elif document is not None:
            name, data = document
            before, caption = captioned(text)
            if before is not None:
                await message.reply_text(before, parse_mode=parse_mode)
            await message.reply_document(
                InputFile(data, filename=name),
                caption=caption,
                parse_mode=parse_mode,
                reply_markup=markup,
            )
        else:
            await message.reply_text(
                cut(text, TEXT_LIMIT), parse_mode=parse_mode, reply_markup=markup
            )
    except TelegramError as problem:
        log.warning("reply in %s failed: %s", message.chat.id, problem)
