"""The Discord side of the dealer: interactions in, the dealer's events out to Discord.

Every handler has the same shape: answer the interaction at once (`defer`, so the 3-second
window is never missed), build a `Command`, let the dealer decide, and deliver its events —
the table to the channel's one table message, a player's own things (refusals, their cards)
ephemerally to them, hole cards at the deal by DM when the player takes DMs. Hole cards never
go into a channel message.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

import discord

from adapters.common.delivery import Delivery
from adapters.common.events import Showdown
from adapters.common.payloads import hand_title, showdown_lines
from adapters.common.pictures import in_time
from adapters.common.replay_links import last_hand_link, night_link, replay_link, start_web_pages
from adapters.discord.buttons import table_buttons, with_link
from adapters.discord.dms import DirectMessages
from adapters.discord.images import board_key, board_png, dm_hand_png, showdown_png
from adapters.discord.names import discord_language
from adapters.discord.posts import (
    NO_MENTIONS,
    Post,
    Sorted,
    fit,
    merged,
    private_post,
    public_post,
    relative_time,
    with_log,
    with_result,
)
from adapters.discord.press_buttons import serve
from adapters.discord.presses import Presses
from adapters.discord.seat_requests import request_buttons
from adapters.discord.tables import ChannelTable, HandResult, Screen, TableMessages
from adapters.discord.texts import locale_language, not_in_a_server, ui
from chatdealer.dealer import (
    Command,
    Dealer,
    MyCards,
    Outgoing,
    ShowTable,
    TableView,
    User,
    Verb,
)
from chatdealer.dealer.outgoing import (
    AnyPayload,
    BoardDealt,
    HandOver,
    History,
    HoleCards,
    NightShown,
    Notice,
    PotWon,
    TableShown,
)
from chatdealer.dealer.seated_bots import is_bot
from chatdealer.dealer.supervision import Supervisor
from chatdealer.render import (
    Language,
    payload_text,
    private_text,
    table_text,
)
from chatdealer.store import TableId

PLATFORM = "discord"  # the platform part of every table id this worker serves
ANSWER_SECONDS = 1.5
"""How long a public command waits for the dealer before deferring its reply (Discord wants
an interaction acknowledged within 3 seconds)."""

log = logging.getLogger(__name__)


class Poker(Delivery[TableMessages]):
    """One per bot: the dealer, the table messages and the DMs."""

    def __init__(
        self,
        client: discord.Client,
        dealer: Dealer,
        *,
        edit_interval: float = 1.0,
        clock: Callable[[], float] = time.time,
    ) -> None:
        super().__init__(dealer, clock)
        self.client = client
        redis = dealer.store.client
        self.supervisor = Supervisor()
        self.tables = TableMessages(
            client, redis, self.screen, interval=edit_interval, supervisor=self.supervisor
        )
        self.dms = DirectMessages(client, redis, clock=clock)
        self.supervisor.start("discord DMs", self.dms.run)
        start_web_pages(self.supervisor, dealer.store, self.web)
        self.closing = False
        """Set at shutdown: new presses and commands are answered "restarting" and not run."""
        serve(client, Presses(self))

    # -- who and where -----------------------------------------------------------------------

    @staticmethod
    def table_of(interaction: discord.Interaction[Any]) -> TableId:
        """The table of the server and channel (or thread) Discord says the interaction came
        from; never what a custom id says."""
        guild = interaction.guild_id
        where = interaction.channel_id
        if guild is None or where is None:
            raise LookupError("not in a server channel")
        return TableId(PLATFORM, str(guild), str(where))

    async def refused_while_closing(self, interaction: discord.Interaction[Any]) -> bool:
        """During shutdown nothing new is taken: the user is asked to try again shortly."""
        if not self.closing:
            return False
        code = self.answer_language(interaction)
        await interaction.response.send_message(ui(code, "restarting"), ephemeral=True)
        return True

    def speak(self, code: str) -> Language:
        return discord_language(code)

    @staticmethod
    def user_of(interaction: discord.Interaction[Any]) -> User:
        return User(
            id=str(interaction.user.id),
            name=interaction.user.display_name,
            manager=interaction.permissions.manage_channels,
            admin=interaction.permissions.manage_guild,
        )

    async def view(self, table: TableId, user: User) -> TableView | None:
        """The table as it is now (None when there is none), for a build or a suggestion."""
        out = await self.dealer.handle(Command(table=table, user=user, args=ShowTable()))
        return next((e.payload.view for e in out if isinstance(e.payload, TableShown)), None)

    # -- handlers ----------------------------------------------------------------------------

    async def command(
        self, interaction: discord.Interaction[Any], args: Verb, *, public: bool = False
    ) -> None:
        """A slash command: run, deferred (ephemeral unless `public`), answered. A public
        command whose answer is for the asker alone (the dealer refused it, or it only showed
        them something) is answered ephemerally, with no "Done" for the channel: the dealer is
        given `ANSWER_SECONDS` to answer before the deferral must say who sees the reply; one
        slower than that is deferred as `public` says."""
        if await self.refused_while_closing(interaction):
            return
        try:
            table = self.table_of(interaction)
        except LookupError:
            await not_in_a_server(interaction)
            return
        user = self.user_of(interaction)
        handled = asyncio.ensure_future(
            self.dealer.handle(Command(table=table, user=user, args=args))
        )
        if public:
            await asyncio.wait({handled}, timeout=ANSWER_SECONDS)
            answered = handled.done() and handled.exception() is None
            if answered and for_the_asker(handled.result(), user.id):
                public = False
        await interaction.response.defer(ephemeral=not public, thinking=True)
        out = await handled
        await self.deliver(
            out, interaction, reply=True, public=public, asked_cards=isinstance(args, MyCards)
        )

    async def repost(self, interaction: discord.Interaction[Any]) -> None:
        """`/poker table`: the table message again, at the bottom of the channel."""
        try:
            table = self.table_of(interaction)
        except LookupError:
            await not_in_a_server(interaction)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = self.user_of(interaction)
        out = await self.dealer.handle(Command(table=table, user=user, args=ShowTable()))
        for event in out:
            if isinstance(event.payload, TableShown):
                self.tables.update(table, view=event.payload.view, repost=True)
        await self.deliver(
            [event for event in out if not isinstance(event.payload, TableShown)],
            interaction,
            reply=True,
        )

    async def idle(self, timeout: float = 10.0) -> None:
        """Waits for pending posts, DMs and table edits (tests, shutdown), `timeout` in all."""
        deadline = time.monotonic() + timeout
        if self._background:
            await asyncio.wait(list(self._background), timeout=timeout)
        await self.dms.flush(max(0.0, deadline - time.monotonic()))
        await self.tables.idle(max(0.0, deadline - time.monotonic()))

    async def close(self) -> None:
        await self.idle(5.0)
        await self.tables.close()
        await self.supervisor.close()

    # -- events out --------------------------------------------------------------------------

    async def deliver(
        self,
        out: list[Outgoing],
        interaction: discord.Interaction[Any] | None = None,
        *,
        reply: bool = False,
        public: bool = False,
        asked_cards: bool = False,
    ) -> None:
        """Sends a batch of the dealer's events where each belongs.

        `reply`: the interaction was deferred with "thinking" and must be answered; `public`:
        that answer is for the channel (then the asker's own things follow ephemerally).
        """
        actor = str(interaction.user.id) if interaction is not None else None
        batch = self._sort(out, actor)
        for table in {*batch.views, *batch.lines, *batch.results}:
            self.tables.state(table).take(batch.views.get(table), batch.results.get(table))
            self.tables.update(table, view=batch.views.get(table), lines=batch.lines.get(table))
        for table, post in batch.channel_posts:
            if not (reply and public):
                self._spawn(self._post(table, post))
        for showdown in batch.showdowns:
            self._spawn(self._showdown(*showdown))
        if not asked_cards:
            for table, player, cards in batch.dealt:
                self._spawn(self._deal_by_dm(table, player, cards))
        if interaction is None:
            return
        code = self.answer_language(interaction)
        if not asked_cards and await self.dms.take_notice(interaction.user.id):
            batch.mine.append(Post(ui(code, "dm_closed")))
        if reply and public:
            posts = [post for _, post in batch.channel_posts]
            if not posts:
                lines = [line for table_lines in batch.lines.values() for line in table_lines]
                posts = [Post("\n".join(lines) or ui(code, "done"))]
            for post in posts:
                await self.followup(interaction, post, ephemeral=False)
            for post in batch.mine:
                await self.followup(interaction, post, ephemeral=True)
            return
        if reply:
            lines = [line for table_lines in batch.lines.values() for line in table_lines]
            if lines or not batch.mine:
                batch.mine.append(Post("\n".join(lines[-8:]) or ui(code, "done")))
        for post in merged(batch.mine):
            await self.followup(interaction, post, ephemeral=True)

    def answer_language(self, interaction: discord.Interaction[Any]) -> str:
        """The language of the table the interaction came from, else of the asker's client."""
        try:
            table = self.table_of(interaction)
        except LookupError:
            return locale_language(interaction)
        state = self.tables.states.get(table)
        return state.language if state is not None else locale_language(interaction)

    def _sort(self, out: list[Outgoing], actor: str | None) -> Sorted:
        batch = Sorted(views=self.tables.views_in(out))
        now = self.clock()
        for event, lang, showdown in self._events(out):
            payload, table = event.payload, event.table
            if isinstance(payload, HoleCards) and event.to is not None:
                batch.dealt.append((table, event.to, payload))
            if event.to is None:
                text = payload_text(payload, lang, now)
                self._note_result(batch, table, payload, text)
                if showdown is not None:
                    batch.showdowns.append((table, showdown))
                if text is not None:
                    batch.lines[table].append(text)
                    if isinstance(payload, Notice) and payload.code == "join_requested":
                        asker = str(payload.params["asker"])
                        buttons = request_buttons(int(table.channel), asker, lang.code)
                        batch.channel_posts.append((table, Post(text, buttons=buttons)))
                else:
                    post = public_post(payload, lang)
                    if post is not None:
                        if isinstance(payload, History):
                            post.link = replay_link(self.web, lang, table, payload.hand_number)
                        elif isinstance(payload, NightShown):
                            post.link = night_link(self.web, lang, table, payload.first_hand)
                        batch.channel_posts.append((table, post))
            elif event.to == actor:
                post = private_post(payload, lang, now, self.language_of(table))
                if isinstance(payload, History) and payload.private:
                    number = payload.hand_number
                    post.link = replay_link(self.web, lang, table, number, event.to)
                batch.mine.append(post)
        return batch

    def _note_result(
        self, batch: Sorted, table: TableId, payload: AnyPayload, text: str | None
    ) -> None:
        """Gathers the board and the pots won, to keep on the table message once the hand is
        over."""
        if isinstance(payload, BoardDealt):
            batch.boards[table] = payload.board
        elif isinstance(payload, PotWon) and text is not None:
            batch.won[table].append(text)
        elif isinstance(payload, HandOver):
            board = batch.boards.get(table) or self.tables.last_board(table)
            lines = tuple(batch.won.pop(table, ()))
            batch.results[table] = HandResult(payload.hand_number, board, lines)

    async def _showdown(self, table: TableId, showdown: Showdown) -> None:
        """The hand's result as its own message, with the picture of the shown hands."""
        code = self.language_of(table)
        lang = self.speak(code)
        title = hand_title(lang, showdown.over.hand_number)
        lines = [f"**{title}**", *showdown_lines(showdown, lang, self.clock())]
        shown, pots = showdown.shown, showdown.pots
        image = await showdown_png(showdown.board, shown, pots, code, showdown.second_board)
        link = replay_link(self.web, lang, table, showdown.over.hand_number)
        file = ("showdown.png", image) if image else None
        await self._post(table, Post("\n".join(lines), file, link))

    async def followup(
        self, interaction: discord.Interaction[Any], post: Post, *, ephemeral: bool
    ) -> None:
        file = post.discord_file()
        content = fit(post.content)
        view = post.link_view() or discord.utils.MISSING
        try:
            if file is not None:
                await interaction.followup.send(
                    content,
                    file=file,
                    ephemeral=ephemeral,
                    allowed_mentions=NO_MENTIONS,
                    view=view,
                )
            else:
                await interaction.followup.send(
                    content, ephemeral=ephemeral, allowed_mentions=NO_MENTIONS, view=view
                )
        except discord.HTTPException as problem:
            log.warning("interaction reply failed: %s", problem)

    async def _post(self, table: TableId, post: Post) -> None:
        channel = self.client.get_partial_messageable(int(table.channel))
        file = post.discord_file()
        view = post.link_view() or discord.utils.MISSING
        try:
            if file is not None:
                await channel.send(
                    fit(post.content), file=file, allowed_mentions=NO_MENTIONS, view=view
                )
            else:
                await channel.send(fit(post.content), allowed_mentions=NO_MENTIONS, view=view)
        except discord.HTTPException as problem:
            log.warning("message to %s failed: %s", table, problem)

    async def _deal_by_dm(self, table: TableId, player: str, cards: HoleCards) -> None:
        if is_bot(player) or not player.isdigit():
            return
        lang_code = self.language_of(table)
        lang = self.speak(lang_code)
        title = ui(lang_code, "dm_title", channel=f"<#{table.channel}>")
        hand = hand_title(lang, cards.view.hand_number)
        content = f"**{title}** · {hand}\n{private_text(cards.view, lang)}"
        image = await in_time(dm_hand_png(cards.view, lang_code))
        self.dms.post(int(player), content, image)

    # -- the table message -------------------------------------------------------------------

    def screen(self, state: ChannelTable) -> Screen:
        view = state.view
        assert view is not None
        lang = self.speak(state.language)
        table = table_text(view, lang, self.clock(), markdown=True, countdown=relative_time)
        if state.result is not None and not view.hand_running:
            table = with_result(table, state.result, lang)
        lines = list(state.lines)
        content = with_log(table, lines)
        buttons = table_buttons(int(state.table.channel), view, state.language)
        buttons = with_link(buttons, last_hand_link(self.web, lang, state.table, view))
        key = board_key(view, state.language)
        code = state.language
        return Screen(content, buttons, key, lambda: board_png(view, code))

    async def run_clock(self, stop: asyncio.Event, interval: float = 0.5) -> None:
        """The dealer's timer loop, its events delivered here."""
        await self.dealer.run_timers(stop, interval, deliver=self.deliver, platforms={PLATFORM})


def for_the_asker(out: list[Outgoing], asker: str) -> bool:
    """Whether the dealer's whole answer is for the asker alone (a refusal, their own view of
    something): nothing for the channel."""
    return bool(out) and all(event.to == asker for event in out)
