"""Presses of the table message's buttons: a betting action, or "My cards" (a popup only the
presser sees). Every callback query is answered, once."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable

from telegram import CallbackQuery, Message, Update
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from adapters.telegram import seat_requests
from adapters.telegram.callbacks import parse_press
from adapters.telegram.poker import Poker
from adapters.telegram.posts import POPUP_LIMIT, cut
from adapters.telegram.run_twice_buttons import parse_run_twice
from adapters.telegram.seat_requests import parse_answer
from adapters.telegram.show_after_buttons import parse_show_after
from adapters.telegram.texts import ui
from adapters.telegram.where import table_of, user_of
from chatdealer.dealer import Act, Command, MyCards, Outgoing, RunTwiceAnswer, User
from chatdealer.dealer import Answer as AnswerArgs
from chatdealer.dealer.commands import ShowCards
from chatdealer.dealer.outgoing import HoleCards, Refused
from chatdealer.render import language, payload_text
from chatdealer.store import TableId

Context = ContextTypes.DEFAULT_TYPE
STALE = "stale_token"
"""The dealer's refusal of a press made for a turn that has passed."""
Answer = Callable[..., Awaitable[None]]


class Presses:
    def __init__(self, poker: Poker) -> None:
        self.poker = poker
        self.dealer = poker.dealer

    async def on_press(self, update: Update, context: Context) -> None:
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

    async def _press(self, query: CallbackQuery, answer: Answer) -> None:
        """The table is the one of the message pressed (its chat and topic), as Telegram says;
        data naming another table, or a press with no message to say where, is refused."""
        message = query.message
        table = table_of(message) if isinstance(message, Message) else None
        if table is None:
            await answer(ui("en", "stale"))
            return
        lang = await self.poker.table_language(table)
        request = parse_answer(query.data)
        if request is not None and isinstance(message, Message):
            await self._answer_request(
                message, table, user_of(query.from_user), request, lang, answer
            )
            return
        answered = parse_run_twice(query.data) or parse_show_after(query.data)
        if answered is not None:
            await self._answer(table, user_of(query.from_user), answered, lang, answer)
            return
        press = parse_press(query.data)
        if press is None or press.table() != table:
            await answer(ui(lang, "stale"))
            return
        user = user_of(query.from_user)
        if press.action is None:
            out = await self.dealer.handle(Command(table=table, user=user, args=MyCards()))
            popup = None
            for event in out:
                if isinstance(event.payload, HoleCards):
                    popup = self.poker.popup_text(event.payload, language(lang))
                elif isinstance(event.payload, Refused) and event.to == user.id:
                    popup = payload_text(event.payload, language(lang), self.poker.clock())
            await answer(popup or ui(lang, "stale"), alert=True)
            return
        assert press.token is not None
        args = Act(action=press.action, token=press.token, amount=press.amount)
        out = await self.dealer.handle(Command(table=table, user=user, args=args))
        refusals = [e.payload for e in out if isinstance(e.payload, Refused) and e.to == user.id]
        if refusals:
            now = self.poker.clock()
            texts = [payload_text(r, language(lang), now) or r.text for r in refusals]
            await answer("\n".join(texts))
            if any(refusal.code == STALE for refusal in refusals):
                await self._bring_up_to_date(table)
        else:
            await answer()
        mine = await self.poker.deliver(
            [e for e in out if not isinstance(e.payload, Refused)], actor=user.id
        )
        for payload, _ in mine:
            if isinstance(payload, HoleCards):
                self.poker.outbox.put(self.poker.deal_privately(table, user.id, payload))

    async def _answer_request(
        self,
        message: Message,
        table: TableId,
        user: User,
        args: AnswerArgs,
        lang: str,
        answer: Answer,
    ) -> None:
        """Approve or Decline under a join request, pressed by whom Telegram says; once
        answered, the request's message says who answered and how, and keeps no buttons. A
        request answered some other way is closed too, and the presser told so."""
        out = await self.dealer.handle(Command(table=table, user=user, args=args))
        if seat_requests.gone(out, user.id):
            await answer(ui(lang, "request_gone"), alert=True)
            self.poker.outbox.put(seat_requests.close(message, None))
            await self.poker.deliver([e for e in out if not isinstance(e.payload, Refused)])
            return
        line = seat_requests.answered_line(out, lang)
        await self._answered(out, user, lang, answer)
        if line is not None:
            self.poker.outbox.put(seat_requests.close(message, line))

    async def _answer(
        self,
        table: TableId,
        user: User,
        args: RunTwiceAnswer | ShowCards,
        lang: str,
        answer: Answer,
    ) -> None:
        """Once or Twice when asked to run it twice, or Show after a hand, pressed by whom
        Telegram says."""
        out = await self.dealer.handle(Command(table=table, user=user, args=args))
        await self._answered(out, user, lang, answer)

    async def _answered(self, out: list[Outgoing], user: User, lang: str, answer: Answer) -> None:
        """The presser's refusals in a popup (else "Done"), the rest where it belongs."""
        refusals = [e.payload for e in out if isinstance(e.payload, Refused) and e.to == user.id]
        now = self.poker.clock()
        texts = [payload_text(r, language(lang), now) or r.text for r in refusals]
        await answer("\n".join(texts) if texts else ui(lang, "answered"), alert=bool(texts))
        await self.poker.deliver([e for e in out if not isinstance(e.payload, Refused)])

    async def _bring_up_to_date(self, table: TableId) -> None:
        """A press on buttons out of date (an earlier street, or kept across a restart): the
        table message is made to show the table as it is, with buttons that work."""
        shown = self.poker.tables.state(table).view
        view = await self.poker.view(table)
        if view is not None and view != shown:
            self.poker.tables.update(table, view=view)
