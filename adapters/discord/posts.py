"""What the Discord adapter sends, as messages: a post (text and perhaps a file), a batch of
the dealer's events sorted by where each goes, and how texts are fitted into Discord's
messages (the table message's log, a hand's result between hands, the 2,000-character limit).
"""

from __future__ import annotations

import io
import math
from collections import defaultdict
from dataclasses import dataclass, field

import discord

from adapters.common.events import Showdown
from adapters.common.payloads import hand_title, own_text, public_text
from adapters.common.review import story_text
from adapters.discord.images import hand_png
from adapters.discord.tables import HandResult
from chatdealer.dealer import TableView
from chatdealer.dealer.outgoing import AnyPayload, History, HoleCards
from chatdealer.render import Language, cards_text, payload_text, private_text
from chatdealer.store import TableId

MESSAGE_LIMIT = 2000
NO_MENTIONS = discord.AllowedMentions.none()


@dataclass(slots=True)
class Post:
    """One message: text and, perhaps, a file."""

    content: str
    file: tuple[str, bytes] | None = None
    link: tuple[str, str] | None = None
    """A link button under the message (its label and address): a hand's replay."""
    buttons: discord.ui.View | None = None
    """Buttons of its own under the message (a join request's answers)."""

    def link_view(self) -> discord.ui.View | None:
        if self.buttons is not None:
            return self.buttons
        if self.link is None:
            return None
        label, url = self.link
        view = discord.ui.View(timeout=None)
        view.add_item(discord.ui.Button(style=discord.ButtonStyle.link, label=label, url=url))
        return view

    def discord_file(self) -> discord.File | None:
        if self.file is None:
            return None
        name, data = self.file
        return discord.File(io.BytesIO(data), filename=name)


@dataclass(slots=True)
class Sorted:
    """A batch of the dealer's events, sorted by where each goes."""

    views: dict[TableId, TableView] = field(default_factory=dict)
    lines: dict[TableId, list[str]] = field(default_factory=lambda: defaultdict(list))
    channel_posts: list[tuple[TableId, Post]] = field(default_factory=list)
    mine: list[Post] = field(default_factory=list)
    dealt: list[tuple[TableId, str, HoleCards]] = field(default_factory=list)
    showdowns: list[tuple[TableId, Showdown]] = field(default_factory=list)
    results: dict[TableId, HandResult] = field(default_factory=dict)
    boards: dict[TableId, tuple[str, ...]] = field(default_factory=dict)
    won: dict[TableId, list[str]] = field(default_factory=lambda: defaultdict(list))


def relative_time(deadline: float) -> str:
    """A deadline as Discord counts it down in each reader's language ("in 20 seconds")."""
    return f"<t:{math.ceil(deadline)}:R>"


def with_result(table: str, result: HandResult, lang: Language) -> str:
    """The table message between hands: the last hand's board and who won, under the header."""
    header, _, rest = table.partition("\n")
    shown = []
    if result.board:
        board = lang.text("table", "Board: {cards}").format(cards=cards_text(result.board))
        shown.append(board)
    shown += result.lines
    return "\n".join([header, *shown, rest]) if shown else table


def merged(posts: list[Post]) -> list[Post]:
    """As few messages as will hold the posts: the texts together, one file each."""
    if len(posts) < 2:
        return posts
    files = [post.file for post in posts if post.file is not None]
    content = "\n".join(post.content for post in posts if post.content)
    merged = [Post(fit(content), files[0] if files else None)]
    return merged + [Post("", file) for file in files[1:]]


def with_log(table: str, lines: list[str]) -> str:
    while lines:
        content = table + "\n" + "\n".join(f"> {line}" for line in lines)
        if len(content) <= MESSAGE_LIMIT:
            return content
        lines = lines[1:]
    return fit(table)


def fit(text: str) -> str:
    return text if len(text) <= MESSAGE_LIMIT else text[: MESSAGE_LIMIT - 1] + "…"


def channel_mention(channel: str) -> str:
    """A table in another channel of the server, as Discord names it."""
    return f"<#{channel}>" if channel.isdigit() else channel


def public_post(payload: AnyPayload, lang: Language) -> Post | None:
    """The channel payloads the text renderer leaves to adapters."""
    if isinstance(payload, History):
        story = story_text(payload.phh, lang, f"**{hand_title(lang, payload.hand_number)}**")
        return Post(fit(story), (f"hand-{payload.hand_number}.phh", payload.phh.encode()))
    text = public_text(payload, lang)
    return Post(text) if text is not None else None


def private_post(payload: AnyPayload, lang: Language, now: float, code: str) -> Post:
    """One player's own payload, for an ephemeral reply."""
    if isinstance(payload, HoleCards):
        image = hand_png(payload.view, code)
        return Post(private_text(payload.view, lang), ("cards.png", image) if image else None)
    if isinstance(payload, History):
        title = f"**{hand_title(lang, payload.hand_number)}** 🔒"
        name = f"hand-{payload.hand_number}-mine.phh"
        return Post(fit(story_text(payload.phh, lang, title)), (name, payload.phh.encode()))
    text = own_text(payload, lang, channel_mention) or payload_text(payload, lang, now)
    return Post(text or payload.kind)
