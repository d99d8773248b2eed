"""Every command, built from the catalog: one handler reads the words with the catalog's parser
and runs the verb they make, so each command and each argument error is what it is on every
platform. `/poker` opens a table, or runs the command its first word names (`/poker join 500`);
a group's command takes its entry as the first word (`/tournament open 100 1500 turbo`).

A bad argument is answered with what was wrong and the right form, and nothing reaches the
dealer. A command sent as the group (an anonymous admin) or as a channel is answered with a
request to post as oneself: nobody behind it could be seated.
"""

from __future__ import annotations

import html
from collections.abc import Mapping

from telegram import Message, MessageEntity, Update
from telegram import User as TelegramUser
from telegram.constants import ChatMemberStatus, ParseMode
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from adapters.common.catalog import (
    MARKUP,
    Access,
    ArgumentError,
    Group,
    HelpWanted,
    MemberRef,
    Parsed,
    Platform,
    Situation,
    chunks,
    error_text,
    find_entry,
    find_group,
    parse_arguments,
    parse_command,
    topic_help,
)
from adapters.telegram.menu import HELP_WORDS, command_names
from adapters.telegram.poker import Poker
from adapters.telegram.posts import TEXT_LIMIT, Post, reply
from adapters.telegram.texts import pick_language, ui
from adapters.telegram.where import faceless, table_of, table_of_payload, user_of
from chatdealer.dealer import Command, Join, MyCards, Register, ShowTable, User
from chatdealer.dealer.outgoing import AnyPayload, HoleCards, Refused, TableShown
from chatdealer.store import TableId

MANAGERS = (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)
MARKED = MARKUP[Platform.TELEGRAM]
Context = ContextTypes.DEFAULT_TYPE


def command_word(text: str) -> tuple[str, str]:
    """`/join@DealerBot 500 2` → ("join", "500 2")."""
    first, _, rest = text.strip().partition(" ")
    return first[1:].split("@")[0].lower(), rest.strip()


def read(word: str, rest: str, language: str, given: Mapping[str, object]) -> Parsed:
    """The command a Telegram command word and its arguments make."""
    if word in HELP_WORDS:
        return parse_command("help", language=language)
    named = command_names().get(word)
    if named is None:
        raise ArgumentError("unknown_command", value="/" + word)
    if isinstance(named, Group):
        return parse_command(f"{named.name} {rest}", language=language, given=given)
    if named.telegram == "poker" and rest:
        first = rest.split()[0]
        if find_entry(first, language) is not None or find_group(first, language) is not None:
            return parse_command(rest, language=language, given=given)
    return parse_arguments(named, rest, language=language, given=given)


def member_given(message: Message) -> dict[str, object]:
    """Whom a command names by Telegram's own means: a reply to one of their messages, or a
    mention of a user without a username."""
    for entity in message.entities:
        if entity.type == MessageEntity.TEXT_MENTION and entity.user is not None:
            return {"member": _member(entity.user)}
    target = message.reply_to_message
    if target is None or target.forum_topic_created is not None:
        return {}
    author = target.from_user
    if author is None or author.is_bot or target.sender_chat is not None:
        return {}
    return {"member": _member(author)}


def _member(user: TelegramUser) -> MemberRef:
    return MemberRef(player_id=str(user.id), name=user_of(user).name)


class Commands:
    """The command handlers of one worker."""

    def __init__(self, poker: Poker) -> None:
        self.poker = poker
        self.dealer = poker.dealer
        self.bot = poker.bot

    # -- in a group ------------------------------------------------------------------------------

    async def on_group(self, update: Update, context: Context) -> None:
        """Every group command (PTB drops those addressed to other bots)."""
        message = update.effective_message
        sender = update.effective_user
        table = table_of(message)
        if message is None or sender is None or table is None or not message.text:
            return
        lang = await self.poker.table_language(table)
        if faceless(message):
            await reply(message, ui(lang, "post_as_yourself"))
            return
        word, rest = command_word(message.text)
        try:
            parsed = read(word, rest, lang, member_given(message))
            entry = parsed.entry
            view = await self.poker.view(table) if entry.needs_view else None
            situation = Situation(
                language=pick_language(sender.language_code), view=view, user_id=str(sender.id)
            )
            outcome = parsed.build(situation)
        except ArgumentError as problem:
            text = error_text(problem, Platform.TELEGRAM, lang, MARKED)
            await reply(message, text, parse_mode=ParseMode.HTML)
            return
        if isinstance(outcome, HelpWanted):
            await self.help(message, outcome.topic, lang)
            return
        manager = entry.access is not Access.ANYONE and await self._manages(message, sender)
        user = user_of(sender, manager=manager)
        if entry.reposts:
            await self._repost(message, table, user)
            return
        out = await self.dealer.handle(Command(table=table, user=user, args=outcome))
        mine = await self.poker.deliver(out, actor=user.id)
        if not isinstance(outcome, MyCards):  # cards dealt to the asker go as everyone's do
            for payload, _ in mine:
                if isinstance(payload, HoleCards):
                    self.poker.outbox.put(self.poker.deal_privately(table, user.id, payload))
            mine = [(payload, post) for payload, post in mine if not isinstance(payload, HoleCards)]
        await self.answer(message, table, user, mine)
        refused = any(isinstance(payload, Refused) for payload, _ in mine)
        if isinstance(outcome, Join | Register) and not refused:
            await self._offer_private(message, table, sender.id)

    async def help(self, message: Message, topic: str | None, lang: str) -> None:
        for text in chunks(topic_help(topic, Platform.TELEGRAM, lang, MARKED), TEXT_LIMIT):
            await reply(message, text, parse_mode=ParseMode.HTML)

    async def _manages(self, message: Message, sender: TelegramUser) -> bool:
        try:
            member = await self.bot.get_chat_member(message.chat.id, sender.id)
        except TelegramError:
            return False
        return member.status in MANAGERS

    async def _repost(self, message: Message, table: TableId, user: User) -> None:
        """The table message again, at the bottom of the chat."""
        out = await self.dealer.handle(Command(table=table, user=user, args=ShowTable()))
        for event in out:
            if isinstance(event.payload, TableShown):
                self.poker.tables.update(table, view=event.payload.view, repost=True)
        rest = [e for e in out if not isinstance(e.payload, TableShown)]
        mine = await self.poker.deliver(rest, actor=user.id)
        await self.answer(message, table, user, mine)

    async def answer(
        self, message: Message, table: TableId, user: User, mine: list[tuple[AnyPayload, Post]]
    ) -> None:
        """The asker's own things: in the group, or privately when they show their cards."""
        lang = self.poker.language_of(table)
        for payload, post in mine:
            if not post.secret:
                await reply(
                    message, post.text, image=post.image, document=post.document, markup=post.markup
                )
                continue
            if isinstance(payload, HoleCards):
                sent = await self.poker.send_cards(table, int(user.id), payload)
            else:
                text = html.escape(post.text, quote=False)
                sent = await self.poker.private.send(
                    int(user.id), text, document=post.document, markup=post.markup
                )
            text = ui(lang, "sent_private") if sent else ui(lang, "no_private")
            markup = None if sent else self.poker.private_button(table, lang)
            await reply(message, text, markup=markup)

    async def _offer_private(self, message: Message, table: TableId, user_id: int) -> None:
        """At join: the deep link that opens a private chat, unless one is open already."""
        if await self.poker.private.reachable(user_id):
            return
        if not await self.poker.private.offer_due(user_id):
            return
        lang = self.poker.language_of(table)
        markup = self.poker.private_button(table, lang)
        await reply(message, ui(lang, "private_link"), markup=markup)

    # -- in a private chat -----------------------------------------------------------------------

    async def on_private_start(self, update: Update, context: Context) -> None:
        """/start in a private chat (the deep link from a group): cards may now come here."""
        message = update.effective_message
        sender = update.effective_user
        if message is None or sender is None:
            return
        await self.poker.private.opened(sender.id)
        args = list(context.args or [])
        table = table_of_payload(args[0]) if args else None
        if table is None:
            lang = pick_language(sender.language_code)
            await reply(message, ui(lang, "groups_only") if not args else ui(lang, "started"))
            return
        lang = await self.poker.table_language(table)
        await reply(message, ui(lang, "started"))
        out = await self.dealer.handle(Command(table=table, user=user_of(sender), args=MyCards()))
        for event in out:
            if isinstance(event.payload, HoleCards):
                await self.poker.send_cards(table, sender.id, event.payload)

    async def on_private(self, update: Update, context: Context) -> None:
        """Any other command in a private chat: tables live in groups, so the help says how."""
        message = update.effective_message
        sender = update.effective_user
        if message is None or sender is None:
            return
        lang = pick_language(sender.language_code)
        await reply(message, ui(lang, "groups_only"))
        await self.help(message, None, lang)
