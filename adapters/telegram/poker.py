"""The Telegram side of the dealer: commands and button presses in, the dealer's events out.

Every handler has the same shape: parse, build a `Command`, let the dealer decide, deliver its
events — the table to the group's one table message, the asker's own things as a reply (or, for
a button, in the answer to the callback query), hole cards privately: in a popup only the
presser sees, or by private message to players who started a chat with the bot. Hole cards
never go into the group.
"""

from __future__ import annotations

import contextlib
import html
import logging
import time
from collections import defaultdict
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from telegram import (
    Bot,
    CallbackQuery,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputFile,
    Message,
    Update,
)
from telegram import User as TelegramUser
from telegram.constants import ChatMemberStatus, ChatType, ParseMode
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from adapters.common.delivery import Delivery
from adapters.common.events import Showdown
from adapters.common.payloads import hand_title, own_text, public_text, showdown_lines
from adapters.telegram.callbacks import b36, from_b36, parse_press, table_keyboard
from adapters.telegram.images import board_png, hand_png, showdown_png
from adapters.telegram.private import PrivateMessages
from adapters.telegram.settings import SettingsError, parse_settings
from adapters.telegram.tables import ChatTable, Screen, TableMessages, chat_of
from adapters.telegram.texts import help_text, kick_help, pick_language, ui
from chatdealer.dealer import (
    Act,
    AddBot,
    Balance,
    Command,
    Configure,
    Create,
    Daily,
    Dealer,
    Join,
    Kick,
    LastHand,
    Leaderboard,
    Leave,
    Ledger,
    MyCards,
    Outgoing,
    ShowTable,
    SitIn,
    SitOut,
    Start,
    Stop,
    Straddle,
    TableView,
    TopUp,
    User,
    Verb,
)
from chatdealer.dealer.outgoing import AnyPayload, History, HoleCards, Refused, TableShown
from chatdealer.dealer.seated_bots import is_bot
from chatdealer.render import Language, language, payload_text, private_text, table_text
from chatdealer.store import TableId
from chatdealer.table import TableSettings

log = logging.getLogger(__name__)

POPUP_LIMIT = 200
TEXT_LIMIT = 4096
CAPTION_LIMIT = 1024
MANAGERS = (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)
Context = ContextTypes.DEFAULT_TYPE


@dataclass(slots=True)
class Post:
    """One message: plain text and perhaps a picture or a file. `secret`: it shows the
    reader's own hole cards, so it may only go to them privately."""

    text: str
    image: bytes | None = None
    document: tuple[str, bytes] | None = None
    secret: bool = False


@dataclass(slots=True)
class Sorted:
    views: dict[TableId, TableView] = field(default_factory=dict)
    lines: dict[TableId, list[str]] = field(default_factory=lambda: defaultdict(list))
    group_posts: list[tuple[TableId, Coroutine[Any, Any, Post | None]]] = field(
        default_factory=list
    )
    mine: list[tuple[AnyPayload, Post]] = field(default_factory=list)
    dealt: list[tuple[TableId, str, HoleCards]] = field(default_factory=list)


def table_of(message: Message | None) -> TableId | None:
    """The table of a group (or of one forum topic in it); None outside groups."""
    if message is None or message.chat.type not in (ChatType.GROUP, ChatType.SUPERGROUP):
        return None
    topic = message.message_thread_id if message.is_topic_message else None
    return TableId("telegram", str(message.chat.id), str(topic or 0))


def user_of(user: TelegramUser, *, manager: bool = False) -> User:
    return User(id=str(user.id), name=user.full_name[:32] or str(user.id), manager=manager)


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


def cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Poker(Delivery[TableMessages]):
    """One per worker: the dealer, the table messages and the private messages."""

    def __init__(
        self,
        bot: Bot,
        dealer: Dealer,
        *,
        edit_interval: float = 3.0,
        clock: Callable[[], float] = time.time,
    ) -> None:
        super().__init__(dealer, clock)
        self.bot = bot
        redis = dealer.store.client
        self.tables = TableMessages(bot, redis, self.screen, interval=edit_interval)
        self.private = PrivateMessages(bot, redis, clock=clock)

    # -- commands --------------------------------------------------------------------------------

    async def on_command(self, update: Update, context: Context) -> None:
        """Every group command: /poker, /join, ... (PTB drops those addressed to other bots)."""
        message = update.effective_message
        sender = update.effective_user
        table = table_of(message)
        if message is None or sender is None or table is None or not message.text:
            return
        name = message.text.split()[0][1:].split("@")[0].lower()
        args = list(context.args or [])
        lang = self.language_of(table)
        user = user_of(sender)
        if name in ("help", "start") or (name == "poker" and args[:1] == ["help"]):
            await self._reply(message, help_text(lang), parse_mode=ParseMode.HTML)
            return
        if name == "table":
            await self._repost(message, table, user)
            return
        try:
            verb = await self._verb(name, args, table, sender, message)
        except SettingsError as problem:
            await self._reply(
                message, ui(lang, "bad_setting", what=problem.what, names=problem.names)
            )
            return
        except ValueError:
            await self._reply(message, help_text(lang), parse_mode=ParseMode.HTML)
            return
        if verb is None:
            return
        if isinstance(verb, Configure | Kick | Stop):
            user = user_of(sender, manager=await self._may_configure(message, sender))
        out = await self.dealer.handle(Command(table=table, user=user, args=verb))
        mine = await self.deliver(out, actor=user.id)
        await self._answer_command(message, table, user, mine)
        refused = any(isinstance(payload, Refused) for payload, _ in mine)
        if isinstance(verb, Join) and not refused:
            await self._offer_private(message, table, sender.id)

    async def _verb(
        self, name: str, args: list[str], table: TableId, sender: TelegramUser, message: Message
    ) -> Verb | None:
        if name == "poker":
            if args[:1] == ["create"]:
                args = args[1:]
            base = TableSettings(language=pick_language(sender.language_code))
            return Create(settings=parse_settings(args, base))
        if name == "join":
            buy_in = int(args[0]) if args else None
            seat = int(args[1]) - 1 if len(args) > 1 else None
            return Join(buy_in=buy_in, seat=seat)
        if name == "leave":
            return Leave()
        if name == "sitout":
            return SitOut()
        if name == "back":
            return SitIn(wait_for_big_blind=args[:1] == ["wait"])
        if name == "topup" and args and args[0].isdigit():
            return TopUp(amount=int(args[0]))
        if name == "straddle":
            return Straddle()
        if name == "kick":
            target = message.reply_to_message
            if target is None or target.from_user is None:
                await self._reply(message, kick_help(self.language_of(table)))
                return None
            return Kick(player_id=str(target.from_user.id))
        if name == "stop":
            return Stop()
        if name == "start_game":
            return Start()
        if name == "cards":
            return MyCards()
        if name == "history":
            return LastHand(number=int(args[0]) if args else None)
        if name == "balance":
            return Balance()
        if name == "daily":
            return Daily()
        if name == "top":
            return Leaderboard(top=max(1, min(25, int(args[0]))) if args else 10)
        if name == "ledger":
            return Ledger()
        if name == "addbot":
            return AddBot(style=args[0].lower() if args else "balanced")
        if name == "settings":
            view = await self._view(table, user_of(sender))
            current = view.settings if view is not None and view.settings else TableSettings()
            if not args:
                await self._reply(
                    message, help_text(self.language_of(table)), parse_mode=ParseMode.HTML
                )
                return None
            return Configure(settings=parse_settings(args, current))
        return None

    async def _may_configure(self, message: Message, sender: TelegramUser) -> bool:
        try:
            member = await self.bot.get_chat_member(message.chat.id, sender.id)
        except TelegramError:
            return False
        return member.status in MANAGERS

    async def _view(self, table: TableId, user: User) -> TableView | None:
        out = await self.dealer.handle(Command(table=table, user=user, args=ShowTable()))
        return next((e.payload.view for e in out if isinstance(e.payload, TableShown)), None)

    async def _repost(self, message: Message, table: TableId, user: User) -> None:
        """/table: the table message again, at the bottom of the chat."""
        out = await self.dealer.handle(Command(table=table, user=user, args=ShowTable()))
        for event in out:
            if isinstance(event.payload, TableShown):
                self.tables.update(table, view=event.payload.view, repost=True)
        rest = [e for e in out if not isinstance(e.payload, TableShown)]
        mine = await self.deliver(rest, actor=user.id)
        await self._answer_command(message, table, user, mine)

    async def _answer_command(
        self, message: Message, table: TableId, user: User, mine: list[tuple[AnyPayload, Post]]
    ) -> None:
        lang = self.language_of(table)
        for payload, post in mine:
            if post.secret:
                if isinstance(payload, HoleCards):
                    sent = await self._send_cards(table, int(user.id), payload)
                else:
                    sent = await self.private.send(
                        int(user.id), html.escape(post.text, quote=False), document=post.document
                    )
                text = ui(lang, "sent_private") if sent else ui(lang, "no_private")
                markup = None if sent else self._private_button(table, lang)
                await self._reply(message, text, markup=markup)
            else:
                await self._reply(message, post.text, image=post.image, document=post.document)

    async def _offer_private(self, message: Message, table: TableId, user_id: int) -> None:
        """At join: the deep link that opens a private chat, unless one is open already."""
        if await self.private.reachable(user_id):
            return
        lang = self.language_of(table)
        await self._reply(
            message, ui(lang, "private_link"), markup=self._private_button(table, lang)
        )

    def _private_button(self, table: TableId, lang: str) -> InlineKeyboardMarkup | None:
        username = self.bot.username
        if not username:
            return None
        link = f"https://t.me/{username}?start={deep_link_payload(table)}"
        return InlineKeyboardMarkup([[InlineKeyboardButton(ui(lang, "open_private"), url=link)]])

    async def on_private_start(self, update: Update, context: Context) -> None:
        """/start in a private chat (the deep link from a group): cards may now come here."""
        message = update.effective_message
        sender = update.effective_user
        if message is None or sender is None:
            return
        await self.private.opened(sender.id)
        args = list(context.args or [])
        table = table_of_payload(args[0]) if args else None
        lang = self.language_of(table) if table is not None else pick_language(sender.language_code)
        if table is None:
            await self._reply(message, ui(lang, "groups_only") if not args else ui(lang, "started"))
            return
        await self._reply(message, ui(lang, "started"))
        out = await self.dealer.handle(Command(table=table, user=user_of(sender), args=MyCards()))
        for event in out:
            if isinstance(event.payload, HoleCards):
                await self._send_cards(table, sender.id, event.payload)

    async def on_private_help(self, update: Update, context: Context) -> None:
        message = update.effective_message
        sender = update.effective_user
        if message is not None and sender is not None:
            lang = pick_language(sender.language_code)
            await self._reply(message, help_text(lang), parse_mode=ParseMode.HTML)

    # -- buttons ---------------------------------------------------------------------------------

    async def on_press(self, update: Update, context: Context) -> None:
        """A button on the table message. Every callback query is answered, once."""
        query = update.callback_query
        if query is None:
            return
        answered = False

        async def answer(text: str | None = None, *, alert: bool = False) -> None:
            nonlocal answered
            if answered:
                return
            answered = True
            with contextlib.suppress(TelegramError):
                await query.answer(cut(text, POPUP_LIMIT) if text else None, show_alert=alert)

        try:
            await self._press(query, answer)
        finally:
            await answer()

    async def _press(self, query: CallbackQuery, answer: Callable[..., Any]) -> None:
        press = parse_press(query.data)
        message = query.message
        if press is None or (message is not None and message.chat.id != press.chat_id):
            await answer(ui("en", "stale"))
            return
        table = press.table()
        lang = self.language_of(table)
        user = user_of(query.from_user)
        if press.action is None:
            out = await self.dealer.handle(Command(table=table, user=user, args=MyCards()))
            lang = self.language_of(table)
            popup = None
            for event in out:
                if isinstance(event.payload, HoleCards):
                    popup = self.popup_text(event.payload, language(lang))
                elif isinstance(event.payload, Refused) and event.to == user.id:
                    popup = payload_text(event.payload, language(lang), self.clock())
            await answer(popup or ui(lang, "stale"), alert=True)
            return
        assert press.token is not None
        args = Act(action=press.action, token=press.token, amount=press.amount)
        out = await self.dealer.handle(Command(table=table, user=user, args=args))
        refusals = [e.payload for e in out if isinstance(e.payload, Refused) and e.to == user.id]
        if refusals:
            now = self.clock()
            texts = [payload_text(r, language(lang), now) or r.text for r in refusals]
            await answer("\n".join(texts))
        else:
            await answer()
        mine = await self.deliver(
            [e for e in out if not isinstance(e.payload, Refused)], actor=user.id
        )
        for payload, _ in mine:
            if isinstance(payload, HoleCards):
                self._spawn(self._deal_privately(table, user.id, payload))

    @staticmethod
    def popup_text(cards: HoleCards, lang: Language) -> str:
        title = hand_title(lang, cards.view.hand_number)
        return cut(f"{title}\n{private_text(cards.view, lang)}", POPUP_LIMIT)

    # -- events out ------------------------------------------------------------------------------

    async def deliver(
        self, out: list[Outgoing], *, actor: str | None = None
    ) -> list[tuple[AnyPayload, Post]]:
        """Sends a batch of the dealer's events where each belongs; returns the actor's own
        (refusals, balances, their cards when they asked) for the caller to answer with."""
        batch = self._sort(out, actor)
        for table in {*batch.views, *batch.lines}:
            self.tables.update(table, view=batch.views.get(table), lines=batch.lines.get(table))
        for table, post in batch.group_posts:
            self._spawn(self._post_later(table, post))
        for table, player, cards in batch.dealt:
            self._spawn(self._deal_privately(table, player, cards))
        return batch.mine

    async def deliver_events(self, out: list[Outgoing]) -> None:
        """For the dealer's clock: what happened when nobody asked."""
        await self.deliver(out)

    def _sort(self, out: list[Outgoing], actor: str | None) -> Sorted:
        batch = Sorted(views=self.tables.views_in(out))
        now = self.clock()
        for event, lang, showdown in self._events(out):
            payload, table = event.payload, event.table
            if event.to is None:
                if showdown is not None:
                    batch.group_posts.append((table, self._showdown(showdown, lang)))
                text = payload_text(payload, lang, now)
                if text is not None:
                    batch.lines[table].append(text)
                else:
                    post = _group_post(payload, lang)
                    if post is not None:
                        batch.group_posts.append((table, _ready(post)))
            elif event.to == actor:
                batch.mine.append((payload, _own_post(payload, lang, now)))
            elif isinstance(payload, HoleCards):
                batch.dealt.append((table, event.to, payload))
        return batch

    async def _showdown(self, showdown: Showdown, lang: Language) -> Post:
        title = hand_title(lang, showdown.over.hand_number)
        lines = [title, *showdown_lines(showdown, lang, self.clock())]
        shown, pots = list(showdown.shown), list(showdown.pots)
        image = await showdown_png(showdown.board, shown, pots, lang)
        return Post("\n".join(lines), image=image)

    async def _post_later(self, table: TableId, post: Coroutine[Any, Any, Post | None]) -> None:
        ready = await post
        if ready is None or ready.secret:
            return
        chat_id, topic = chat_of(table)
        try:
            if ready.image is not None:
                await self.bot.send_photo(
                    chat_id,
                    ready.image,
                    caption=cut(ready.text, CAPTION_LIMIT),
                    message_thread_id=topic,
                    disable_notification=True,
                )
            elif ready.document is not None:
                name, data = ready.document
                await self.bot.send_document(
                    chat_id,
                    InputFile(data, filename=name),
                    caption=cut(ready.text, CAPTION_LIMIT),
                    message_thread_id=topic,
                    disable_notification=True,
                )
            else:
                await self.bot.send_message(
                    chat_id,
                    cut(ready.text, TEXT_LIMIT),
                    message_thread_id=topic,
                    disable_notification=True,
                )
        except TelegramError as problem:
            log.warning("message to %s failed: %s", table, problem)

    async def _deal_privately(self, table: TableId, player: str, cards: HoleCards) -> None:
        """At the deal: the cards and their picture to a player who can get private messages."""
        if is_bot(player) or not player.isdigit():
            return
        await self._send_cards(table, int(player), cards)

    async def _send_cards(self, table: TableId, user_id: int, cards: HoleCards) -> bool:
        lang = language(self.language_of(table))
        title = ui(
            self.language_of(table),
            "your_cards_at",
            table=hand_title(lang, cards.view.hand_number),
        )
        said = private_text(cards.view, lang)
        text = f"<b>{html.escape(title, quote=False)}</b>\n{html.escape(said, quote=False)}"
        if await self.private.reachable(user_id) is False:
            return False
        image = await hand_png(cards.view, lang)
        return await self.private.send(user_id, text, image=image)

    async def _reply(
        self,
        message: Message,
        text: str,
        *,
        parse_mode: str | None = None,
        markup: InlineKeyboardMarkup | None = None,
        image: bytes | None = None,
        document: tuple[str, bytes] | None = None,
    ) -> None:
        try:
            if image is not None:
                await message.reply_photo(
                    image,
                    caption=cut(text, CAPTION_LIMIT),
                    parse_mode=parse_mode,
                    reply_markup=markup,
                )
            elif document is not None:
                name, data = document
                await message.reply_document(
                    InputFile(data, filename=name),
                    caption=cut(text, CAPTION_LIMIT),
                    parse_mode=parse_mode,
                    reply_markup=markup,
                )
            else:
                await message.reply_text(
                    cut(text, TEXT_LIMIT), parse_mode=parse_mode, reply_markup=markup
                )
        except TelegramError as problem:
            log.warning("reply in %s failed: %s", message.chat.id, problem)

    async def on_error(self, update: object, context: Context) -> None:
        log.warning("update %s failed: %r", getattr(update, "update_id", "?"), context.error)

    # -- the table message -----------------------------------------------------------------------

    async def screen(self, state: ChatTable) -> Screen:
        view = state.view
        assert view is not None
        lang = language(state.language)
        table = table_text(view, lang, self.clock(), markdown=True)
        image = await board_png(view, lang, state.language)
        if image is None and state.photo:
            image = None  # between hands the last board stays; the caption is edited
        keyboard = table_keyboard(state.table, view, state.language)
        return Screen(table=table, lines=list(state.lines), keyboard=keyboard, image=image)


async def _ready(post: Post) -> Post:
    return post


def _group_post(payload: AnyPayload, lang: Language) -> Post | None:
    """The group payloads the text renderer leaves to adapters."""
    if isinstance(payload, History):
        title = hand_title(lang, payload.hand_number)
        return Post(title, document=(f"hand-{payload.hand_number}.phh", payload.phh.encode()))
    text = public_text(payload, lang)
    return Post(text) if text is not None else None


def _own_post(payload: AnyPayload, lang: Language, now: float) -> Post:
    """One player's own payload, as the answer to what they asked."""
    if isinstance(payload, HoleCards):
        return Post(private_text(payload.view, lang), secret=True)
    if isinstance(payload, History) and payload.private:
        title = hand_title(lang, payload.hand_number)
        name = f"hand-{payload.hand_number}-mine.phh"
        return Post(f"{title} 🔒", document=(name, payload.phh.encode()), secret=True)
    text = own_text(payload, lang)
    if text is not None:
        return Post(text)
    post = _group_post(payload, lang)
    if post is not None:
        return post
    return Post(payload_text(payload, lang, now) or payload.kind)


__all__ = ["Poker", "Post", "deep_link_payload", "table_of", "table_of_payload"]
