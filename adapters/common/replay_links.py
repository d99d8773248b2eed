"""The web pages' link buttons the chat adapters put under a hand ("Replay": the public page to
the channel, a player's own page with their cards only to them) and under the night's results.
None when the web pages are off."""

from __future__ import annotations

import asyncio

from chatdealer.dealer.supervision import Supervisor
from chatdealer.render import Language
from chatdealer.store import Store, TableId
from chatdealer.web.settings import WebSettings


def replay_link(
    web: WebSettings | None, lang: Language, table: TableId, hand: int, viewer: str = ""
) -> tuple[str, str] | None:
    """The button's label and address of a hand's replay: public, or `viewer`'s own."""
    if web is None:
        return None
    token = web.signer.token("replay", str(table), hand, viewer, language=lang.code)
    label = lang.text("review", "Your replay (with your cards)" if viewer else "Replay")
    return label, web.link(token)


def night_link(
    web: WebSettings | None, lang: Language, table: TableId, first_hand: int
) -> tuple[str, str] | None:
    """The button's label and address of the night's page (from its first hand on)."""
    if web is None:
        return None
    token = web.signer.token("night", str(table), first_hand, language=lang.code)
    return lang.text("night page", "Tonight's page"), web.link(token, "night")


def start_web_pages(supervisor: Supervisor, store: Store, web: WebSettings | None) -> None:
    """Serves the web pages from this worker, supervised, when they are on."""
    if web is None:
        return
    from chatdealer.web.server import serve  # aiohttp's server, only where pages are served

    supervisor.start("web pages", lambda: serve(store, web.signer, web.port, asyncio.Event()))
