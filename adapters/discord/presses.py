"""Presses on the table message: the betting buttons, "My cards" and the raise form.

A press is taken at the table Discord says it came from; the table in its custom id must be
that one, else it is refused (`pressed_at`). A stale press (the turn has moved on) is answered
with why and the table as it is now with its working buttons. The raise form is read from the
submitted interaction by its custom id (`buttons.submit_raise`), so a form opened before a
restart still works.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from adapters.discord import seat_requests
from adapters.discord.buttons import RaiseForm, chosen_amount, form_values, table_buttons
from adapters.discord.posts import NO_MENTIONS, Post, fit, relative_time
from adapters.discord.texts import not_in_a_server, ui
from chatdealer.dealer import (
    Act,
    ActionName,
    ActionToken,
    Command,
    MyCards,
    Outgoing,
    PrivateView,
    RunTwiceAnswer,
    ShowTable,
    User,
)
from chatdealer.dealer import Answer as AnswerRequest
from chatdealer.dealer.commands import ShowCards
from chatdealer.dealer.outgoing import AnyPayload, HoleCards, Refused, TableShown
from chatdealer.render import payload_text, table_text
from chatdealer.store import TableId

if TYPE_CHECKING:
    from adapters.discord.poker import Poker

log = logging.getLogger(__name__)


class Presses:
    """The buttons' and the raise form's service (`press_buttons.Service`), for one bot's
    `Poker`."""

    def __init__(self, poker: Poker) -> None:
        self.poker = poker

    async def pressed_at(
        self, interaction: discord.Interaction[Any], channel: int
    ) -> TableId | None:
        """The table a button or form was used at, when its custom id names that same table;
        otherwise the press is refused (only to the presser) and None returned."""
        if await self.poker.refused_while_closing(interaction):
            return None
        try:
            table = self.poker.table_of(interaction)
        except LookupError:
            await not_in_a_server(interaction)
            return None
        if table.channel != str(channel):
            log.info("a press in %s named another channel's table: refused", table)
            code = self.poker.answer_language(interaction)
            await interaction.response.send_message(ui(code, "elsewhere"), ephemeral=True)
            return None
        return table

    async def act(
        self,
        interaction: discord.Interaction[Any],
        channel: int,
        token: ActionToken,
        action: ActionName,
        amount: int | None = None,
    ) -> None:
        """A betting button (or the raise form): acknowledged at once, the table edited."""
        table = await self.pressed_at(interaction, channel)
        if table is None:
            return
        await interaction.response.defer()
        args = Act(action=action, token=token, amount=amount)
        user = self.poker.user_of(interaction)
        out = await self.poker.dealer.handle(Command(table=table, user=user, args=args))
        stale = [event for event in out if _stale(event, user.id)]
        await self.poker.deliver([event for event in out if event not in stale], interaction)
        if stale:
            await self.show_current(interaction, table, user, stale[0].payload)

    async def show_current(
        self,
        interaction: discord.Interaction[Any],
        table: TableId,
        user: User,
        refusal: AnyPayload,
    ) -> None:
        """A stale press's answer: why it was refused, and the table as it is now with its
        working buttons, to the presser; the table message is brought up to date too."""
        view = await self.poker.view(table, user)
        code = self.poker.answer_language(interaction)
        if view is not None and view.settings is not None:
            code = view.settings.language
        lang = self.poker.speak(code)
        said = payload_text(refusal, lang, self.poker.clock()) or ""
        if view is None:
            await self.poker.followup(interaction, Post(said), ephemeral=True)
            return
        self.poker.tables.update(table, view=view)
        table_now = table_text(
            view, lang, self.poker.clock(), markdown=True, countdown=relative_time
        )
        text = f"{said}\n{table_now}"
        buttons = table_buttons(int(table.channel), view, code)
        try:
            if buttons is not None:
                await interaction.followup.send(
                    fit(text), view=buttons, ephemeral=True, allowed_mentions=NO_MENTIONS
                )
            else:
                await interaction.followup.send(
                    fit(text), ephemeral=True, allowed_mentions=NO_MENTIONS
                )
        except discord.HTTPException as problem:
            log.warning("interaction reply failed: %s", problem)

    async def submit_raise(
        self, interaction: discord.Interaction[Any], channel: int, token: ActionToken
    ) -> None:
        """The raise form sent back, found by its custom id (so a form opened before a
        restart still works): the amount typed, else the quick size picked."""
        typed, quick = form_values(interaction.data)
        amount = chosen_amount(typed, quick)
        if amount is None:
            if await self.pressed_at(interaction, channel) is None:
                return
            code = self.poker.answer_language(interaction)
            await interaction.response.send_message(ui(code, "bad_amount"), ephemeral=True)
            return
        await self.act(interaction, channel, token, "raise", amount)

    async def open_raise(
        self, interaction: discord.Interaction[Any], channel: int, token: ActionToken
    ) -> None:
        """The Raise button: the form, if this click is still the player's turn."""
        table = await self.pressed_at(interaction, channel)
        if table is None:
            return
        user = self.poker.user_of(interaction)
        out = await self.poker.dealer.handle(Command(table=table, user=user, args=ShowTable()))
        view = next((e.payload.view for e in out if isinstance(e.payload, TableShown)), None)
        lang = self.poker.language_of(table)
        if view is not None and view.settings is not None:
            lang = view.settings.language
        turn = view.turn if view is not None else None
        if view is None or turn is None or turn.token != token or turn.player_id != user.id:
            # Not this player's live turn: let the dealer say why, without a form.
            await interaction.response.defer()
            act = Act(action="raise", token=token, amount=None)
            if view is not None and turn is not None and turn.token == token:
                out = await self.poker.dealer.handle(Command(table=table, user=user, args=act))
            else:
                out = [e for e in out if not isinstance(e.payload, TableShown)]
                stale = Refused(code="stale_token", params={}, text="")
                out.append(Outgoing(table=table, to=user.id, payload=stale))
            await self.poker.deliver(out, interaction)
            return
        if turn.min_raise_to is None:
            await interaction.response.defer()
            out = await self.poker.dealer.handle(
                Command(table=table, user=user, args=Act(action="raise", token=token, amount=0))
            )
            await self.poker.deliver(out, interaction)
            return
        form = RaiseForm(channel, token, view, lang, await self.own_cards(table, user))
        await interaction.response.send_modal(form)
        form.stop()  # its answer is taken by custom id (`submit_raise`), before a restart or after

    async def own_cards(self, table: TableId, user: User) -> PrivateView | None:
        """The presser's hole cards and board, for the raise form only they see."""
        out = await self.poker.dealer.handle(Command(table=table, user=user, args=MyCards()))
        found = (
            e.payload.view for e in out if e.to == user.id and isinstance(e.payload, HoleCards)
        )
        return next(found, None)

    async def show_cards(self, interaction: discord.Interaction[Any], channel: int) -> None:
        """The "My cards" button: the player's cards, ephemerally."""
        table = await self.pressed_at(interaction, channel)
        if table is None:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        out = await self.poker.dealer.handle(
            Command(table=table, user=self.poker.user_of(interaction), args=MyCards())
        )
        await self.poker.deliver(out, interaction, reply=True, asked_cards=True)

    async def answer_request(
        self, interaction: discord.Interaction[Any], channel: int, player: str, yes: bool
    ) -> None:
        """Approve or Decline under a join request: the answer to the presser, ephemerally, and
        the request's message closed (who answered and how, no buttons). A request answered
        some other way is closed too, and the presser told so."""
        table = await self.pressed_at(interaction, channel)
        if table is None:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = self.poker.user_of(interaction)
        args = AnswerRequest(player_id=player, yes=yes)
        out = await self.poker.dealer.handle(Command(table=table, user=user, args=args))
        code = self.poker.language_of(table)
        line = seat_requests.answered_line(out, code)
        if seat_requests.gone(out, user.id):
            out = [event for event in out if not isinstance(event.payload, Refused)]
            await self.poker.deliver(out)
            await self.poker.followup(interaction, Post(ui(code, "request_gone")), ephemeral=True)
            await seat_requests.close(interaction.message, None)
            return
        await self.poker.deliver(out, interaction, reply=True)
        if line is not None:
            await seat_requests.close(interaction.message, line)

    async def answer_run_twice(
        self, interaction: discord.Interaction[Any], channel: int, token: ActionToken, twice: bool
    ) -> None:
        """Once or Twice while the all-in players are asked: a refusal to the presser only."""
        await self._answer(interaction, channel, RunTwiceAnswer(token=token, twice=twice))

    async def show_after(
        self, interaction: discord.Interaction[Any], channel: int, hand: int, card: int
    ) -> None:
        """A Show button between hands: the presser's card (or all), for the hand it was shown
        for; a refusal to the presser only."""
        await self._answer(interaction, channel, ShowCards(card=card, hand=hand))

    async def _answer(
        self,
        interaction: discord.Interaction[Any],
        channel: int,
        args: RunTwiceAnswer | ShowCards,
    ) -> None:
        table = await self.pressed_at(interaction, channel)
        if table is None:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = self.poker.user_of(interaction)
        out = await self.poker.dealer.handle(Command(table=table, user=user, args=args))
        await self.poker.deliver(out, interaction, reply=True)


def _stale(event: Outgoing, user_id: str) -> bool:
    payload = event.payload
    return event.to == user_id and isinstance(payload, Refused) and payload.code == "stale_token"
