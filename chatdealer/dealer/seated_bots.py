"""Bot players seated at a table: who they are, and their turn played by the dealer itself.

A bot is an ordinary seat whose player id says it is a bot and which style it plays
(`bot:balanced:2`). It buys in from its own bank account like anyone else, so the chip audit
holds. Its turn is a short deadline (`Context.bot_delay`) that the timer loop fires through the
same atomic step as a timeout, so every bot move is one commit, and players see it happen.
"""

from __future__ import annotations

import random

from chatdealer.bots import STYLES, Bot, Style
from chatdealer.table import Table

BOT_PREFIX = "bot:"
BOT_SUFFIX = " (bot)"
"""Ends a bot's name; renderers say it in the table's language."""
BOT_NAMES = ("Ada", "Bix", "Cleo", "Dex", "Eno", "Fay", "Gus", "Hale", "Ivo", "Juno")
MAX_BOTS = 1_000
"""How many bot accounts the dealer tries when choosing the next one to seat."""


def bot_id(style: Style, number: int) -> str:
    return f"{BOT_PREFIX}{style.name}:{number}"


def bot_name(taken: set[str]) -> str:
    """The first bot name nobody at the table has."""
    for number in range(1, MAX_BOTS + 1):
        name = BOT_NAMES[(number - 1) % len(BOT_NAMES)]
        if number > len(BOT_NAMES):
            name = f"{name} {number}"
        name += BOT_SUFFIX
        if name not in taken:
            return name
    return "Bot"


def is_bot(player_id: str) -> bool:
    return player_id.startswith(BOT_PREFIX)


def style_of(player_id: str) -> Style | None:
    """The style a bot plays, or None for a person."""
    if not is_bot(player_id):
        return None
    name = player_id[len(BOT_PREFIX) :].partition(":")[0]
    return STYLES.get(name)


def style_named(name: str) -> Style:
    """The style called `name`; a `ValueError` names the styles there are."""
    style = STYLES.get(name)
    if style is None:
        raise ValueError(f"no bot style {name!r}: try {', '.join(sorted(STYLES))}")
    return style


def bot_move(table: Table, player_id: str, rng: random.Random) -> tuple[str, int | None]:
    """The bot's action on its turn, from the hand as stored; always a legal one."""
    style = style_of(player_id)
    hand = table.hand
    seat = table.seat_of(player_id)
    assert style is not None and hand is not None and seat is not None
    move = Bot(style).decide(hand, table.hand_seats.index(seat), rng)
    return move.action, move.amount


def bots_seated(table: Table) -> list[str]:
    return [player.player_id for _, player in table.players() if is_bot(player.player_id)]


def humans_seated(table: Table) -> list[str]:
    return [player.player_id for _, player in table.players() if not is_bot(player.player_id)]
