"""The Telegram side of the dealer's events: each where it belongs.

The table goes to the group's one table message (with the event lines under it), showdowns,
results and histories as their own group posts, the asker's own things back to the handler
that asked (`commands`, `presses`), hole cards privately: in a popup only the presser sees, or
by private message to players who started a chat with the bot. Hole cards never go into the
group. Commands come in through `commands.Commands`, presses through `presses.Presses`.
"""

from __future__ import annotations

import html
import time
from collections import defaultdict
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup

from adapters.common.delivery import Delivery
from adapters.common.events import Showdown
from adapters.common.payloads import hand_title, showdown_lines
from adapters.common.pictures import in_time
from adapters.common.replay_links import (
    last_hand_link,
    mini_app_link,
    night_link,
    replay_link,
    start_web_pages,
)
from adapters.telegram.callbacks import table_keyboard, with_url_row
from adapters.telegram.images import board_png, hand_png, showdown_png
from adapters.telegram.outbox import Outbox
from adapters.telegram.posts import (
    POPUP_LIMIT,
    Post,
    cut,
    group_post,
    mini_app_post,
    own_post,
    send_to_table,
)
from adapters.telegram.private import PrivateMessages
from adapters.telegram.seat_requests import request_keyboard
from adapters.telegram.tables import ChatTable, Screen, TableMessages
from adapters.telegram.texts import ui
from adapters.telegram.where import deep_link_payload
from chatdealer.dealer import Command, Dealer, Outgoing, ShowTable, TableView, User
from chatdealer.dealer.outgoing import (
    AnyPayload,
    History,
    HoleCards,
    NightShown,
    Notice,
    TableShown,
)
from chatdealer.dealer.seated_bots import is_bot
from chatdealer.dealer.supervision import Supervisor
from chatdealer.render import Language, language, payload_text, private_text, table_text
from chatdealer.store import TableId

ANNOUNCED = frozenset(
    {
        "level",
        "tournament_started",
        "bank_changed",
        "bank_rules",
        "bank_rules_no_daily",
        "night_started",
        "night_ended",
    }
)
"""Notices posted in the group as messages of their own, besides the table message's line:
a new blind level is news for everyone, not only for whoever looks at the table, and a change
of the community's bank is news even where no table is open."""
WATCHER = User(id="telegram-watcher", name="telegram")
"""Who asks for a table's view on the adapter's own account (never seated)."""


@dataclass(slots=True)
class Sorted:
    views: dict[TableId, TableView] = field(default_factory=dict)
    lines: dict[TableId, list[str]] = field(default_factory=lambda: defaultdict(list))
    group_posts: list[tuple[TableId, Coroutine[Any, Any, Post | None]]] = field(
        default_factory=list
    )
    mine: list[tuple[AnyPayload, Post]] = field(default_factory=list)
    dealt: list[tuple[TableId, str, HoleCards]] = field(default_factory=list)


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
        self.supervisor = Supervisor()
        self.outbox = Outbox(self.supervisor)
        self.tables = TableMessages(bot, redis, self.screen, interval=edit_interval)
        self.private = PrivateMessages(bot, redis, clock=clock)
        start_web_pages(self.supervisor, dealer.store, self.web, bot.token)

    # -- background work -----------------------------------------------------------------------

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Posts and private messages go out through the supervised outbox."""
        self.outbox.put(work)

    async def idle(self, timeout: float = 10.0) -> None:
        """Waits, within `timeout`, for pending posts, private messages and table edits."""
        deadline = time.monotonic() + timeout
        await self.outbox.drain(timeout)
        await self.tables.idle(max(0.0, deadline - time.monotonic()))

    async def close(self, timeout: float = 5.0) -> None:
        """Flushes what is pending (within `timeout`), then stops the background work."""
        await self.idle(timeout)
        self.outbox.discard()
        await self.tables.close()
        await self.supervisor.close()

    # -- what a table is now -------------------------------------------------------------------

    async def view(self, table: TableId, user: User = WATCHER) -> TableView | None:
        """The table as it is (None when there is none); its language is noted."""
        out = await self.dealer.handle(Command(table=table, user=user, args=ShowTable()))
        view = next((e.payload.view for e in out if isinstance(e.payload, TableShown)), None)
        if view is not None and view.settings is not None:
            self.tables.state(table).language = view.settings.language
        return view

    async def table_language(self, table: TableId) -> str:
        """The table's language, looked up once when this worker has not seen the table yet."""
        if self.tables.state(table).view is None:
            await self.view(table)
        return self.language_of(table)

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
            self._spawn(self.deal_privately(table, player, cards))
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
                    batch.group_posts.append((table, self._showdown(table, showdown, lang)))
                text = payload_text(payload, lang, now)
                if text is not None:
                    batch.lines[table].append(text)
                    if isinstance(payload, Notice) and payload.code in ANNOUNCED:
                        batch.group_posts.append((table, _ready(Post(text))))
                    elif isinstance(payload, Notice) and payload.code == "join_requested":
                        keyboard = request_keyboard(str(payload.params["asker"]), lang.code)
                        batch.group_posts.append((table, _ready(Post(text, keyboard=keyboard))))
                else:
                    post = group_post(payload, lang)
                    if post is not None:
                        if isinstance(payload, History):
                            post.link = replay_link(self.web, lang, table, payload.hand_number)
                        elif isinstance(payload, NightShown):
                            first = payload.first_hand
                            post.link = night_link(self.web, lang, table, first)
                            app = night_link(self.web, lang, table, first, mini_app=True)
                            if actor is not None and (own := mini_app_post(app)) is not None:
                                batch.mine.append((payload, own))
                        batch.group_posts.append((table, _ready(post)))
            elif event.to == actor:
                own = own_post(payload, lang, now)
                if isinstance(payload, History) and payload.private:  # sent privately
                    own.link = mini_app_link(self.web, lang, table, payload.hand_number)
                    own.mini_app = True
                batch.mine.append((payload, own))
            elif isinstance(payload, HoleCards):
                batch.dealt.append((table, event.to, payload))
        return batch

    async def _showdown(self, table: TableId, showdown: Showdown, lang: Language) -> Post:
        number = showdown.over.hand_number
        lines = [hand_title(lang, number), *showdown_lines(showdown, lang, self.clock())]
        shown, pots = list(showdown.shown), list(showdown.pots)
        image = await showdown_png(showdown.board, shown, pots, lang, showdown.second_board)
        link = replay_link(self.web, lang, table, number)
        return Post("\n".join(lines), image=image, link=link)

    async def _post_later(self, table: TableId, post: Coroutine[Any, Any, Post | None]) -> None:
        ready = await post
        if ready is not None and not ready.secret:
            await send_to_table(self.bot, table, ready)

    # -- hole cards ------------------------------------------------------------------------------

    async def deal_privately(self, table: TableId, player: str, cards: HoleCards) -> None:
        """At the deal: the cards and their picture to a player who can get private messages."""
        if is_bot(player) or not player.isdigit():
            return
        await self.send_cards(table, int(player), cards)

    async def send_cards(self, table: TableId, user_id: int, cards: HoleCards) -> bool:
        code = self.language_of(table)
        lang = language(code)
        title = ui(code, "your_cards_at", table=hand_title(lang, cards.view.hand_number))
        said = private_text(cards.view, lang)
        text = f"<b>{html.escape(title, quote=False)}</b>\n{html.escape(said, quote=False)}"
        if await self.private.reachable(user_id) is False:
            return False
        image = await in_time(hand_png(cards.view, lang))
        return await self.private.send(user_id, text, image=image)

    @staticmethod
    def popup_text(cards: HoleCards, lang: Language) -> str:
        title = hand_title(lang, cards.view.hand_number)
        return cut(f"{title}\n{private_text(cards.view, lang)}", POPUP_LIMIT)

    def private_button(self, table: TableId, code: str) -> InlineKeyboardMarkup | None:
        """The deep link that opens a private chat with the bot, for this table."""
        username = self.bot.username
        if not username:
            return None
        link = f"https://t.me/{username}?start={deep_link_payload(table)}"
        return InlineKeyboardMarkup([[InlineKeyboardButton(ui(code, "open_private"), url=link)]])

    # -- the table message -----------------------------------------------------------------------

    async def screen(self, state: ChatTable) -> Screen:
        view = state.view
        assert view is not None
        lang = language(state.language)
        table = table_text(view, lang, self.clock(), markdown=True)
        image = await board_png(view, lang, state.language)
        keyboard = table_keyboard(state.table, view, state.language)
        keyboard = with_url_row(keyboard, last_hand_link(self.web, lang, state.table, view))
        return Screen(table=table, lines=list(state.lines), keyboard=keyboard, image=image)


async def _ready(post: Post) -> Post:
    return post


__all__ = ["Poker", "Post"]
