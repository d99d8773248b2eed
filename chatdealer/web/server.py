"""The web server a worker runs when ``CHATDEALER_WEB_URL`` is set: the hand replayer behind
signed links, and its script and style. Every page reads the store as the dealer wrote it; a
link that does not check (edited, forged, expired) opens nothing, and says so."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

from aiohttp import web

from chatdealer.dealer.supervision import described
from chatdealer.render import language
from chatdealer.store import Store, TableId
from chatdealer.web.links import LinkRefused, Signer, Target
from chatdealer.web.replay_page import refused_html, replay_html

log = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"
STORE: web.AppKey[Store] = web.AppKey("store", Store)
SIGNER: web.AppKey[Signer] = web.AppKey("signer", Signer)


def web_app(store: Store, signer: Signer) -> web.Application:
    app = web.Application()
    app[STORE] = store
    app[SIGNER] = signer
    app.router.add_get("/replay/{token}", replay)
    app.router.add_static("/static", STATIC)
    return app


def _refused(request: web.Request) -> web.Response:
    asked = request.headers.get("Accept-Language", "")
    code = next((c for c in ("ru", "bg") if asked.lower().startswith(c)), "en")
    return web.Response(status=403, text=refused_html(language(code)), content_type="text/html")


def _target(request: web.Request, page: str) -> Target | None:
    try:
        target = request.app[SIGNER].target(request.match_info["token"])
    except LinkRefused:
        return None
    return target if target.page == page else None


async def replay(request: web.Request) -> web.Response:
    target = _target(request, "replay")
    if target is None:
        return _refused(request)
    try:
        table = TableId.parse(target.table)
    except ValueError:
        return _refused(request)
    record = await request.app[STORE].history.get(table, target.hand)
    if record is None:
        return _refused(request)
    copy = record.public if not target.viewer else record.private.get(target.viewer)
    if copy is None:
        return _refused(request)
    try:
        page = replay_html(copy.decode(), language(target.language), target.hand)
    except ValueError as problem:  # a damaged history: said in the log, not on the page
        log.warning("replay of %s hand %s: %s", table, target.hand, described(problem))
        return _refused(request)
    return web.Response(text=page, content_type="text/html")


async def serve(store: Store, signer: Signer, port: int, stop: asyncio.Event) -> None:
    """Serves until `stop` is set (run it under the worker's `Supervisor`)."""
    runner = web.AppRunner(web_app(store, signer), access_log=None)
    await runner.setup()
    try:
        await web.TCPSite(runner, port=port).start()
        await stop.wait()
    finally:
        await runner.cleanup()
