"""The web pages' link buttons the chat adapters put under a hand ("Replay": the public page to
the channel, a player's own page with their cards only to them) and under the night's results.
None when the web pages are off."""

from __future__ import annotations

import asyncio
from functools import lru_cache

from chatdealer.dealer.supervision import Supervisor
from chatdealer.dealer.views import TableView
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


def last_hand_link(
    web: WebSettings | None, lang: Language, table: TableId, view: TableView
) -> tuple[str, str] | None:
    """The table message's button to the public replay of the last finished hand, however it
    ended: a hand won by a fold has no showdown post to carry a Replay button of its own."""
    last = view.hand_number - 1 if view.hand_running else view.hand_number
    if web is None or last < 1:
        return None
    label = lang.text("review", "Replay hand #{number}").format(number=last)
    return label, _signed_replay(web, str(table), last, lang.code)


@lru_cache(maxsize=4096)
def _signed_replay(web: WebSettings, table: str, hand: int, code: str) -> str:
    """One link a hand and language: the table message is drawn again on every change, and a
    link signed anew each time (a new expiry) would make every drawing differ."""
    return web.link(web.signer.token("replay", table, hand, language=code))


def night_link(
    web: WebSettings | None,
    lang: Language,
    table: TableId,
    first_hand: int,
    *,
    mini_app: bool = False,
) -> tuple[str, str] | None:
    """The button's label and address of the night's page (from its first hand on); with
    `mini_app`, the page as a Telegram Mini App opens it."""
    if web is None:
        return None
    token = web.signer.token("night", str(table), first_hand, language=lang.code)
    page = "app/night" if mini_app else "night"
    return lang.text("night page", "Tonight's page"), web.link(token, page)


def mini_app_link(
    web: WebSettings | None, lang: Language, table: TableId, hand: int
) -> tuple[str, str] | None:
    """A Telegram Mini App's label and address for a hand's replay: Telegram's initData says
    who opened it, so the page adds that player's own cards (see `chatdealer.web.webapp`)."""
    if web is None:
        return None
    token = web.signer.token("replay", str(table), hand, language=lang.code)
    return lang.text("review", "Your replay (with your cards)"), web.link(token, "app/replay")


def start_web_pages(
    supervisor: Supervisor, store: Store, web: WebSettings | None, telegram_token: str = ""
) -> None:
    """Serves the web pages from this worker, supervised, when they are on; the Telegram
    worker gives its bot's token, which checks its Mini Apps' initData."""
    if web is None:
        return
    from chatdealer.web.server import serve  # aiohttp's server, only where pages are served

    stop = asyncio.Event()  # never set: the supervisor's cancel stops the server
    supervisor.start("web pages", lambda: serve(store, web.signer, web.port, stop, telegram_token))
