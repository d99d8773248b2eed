"""The web server a worker runs when ``CHATDEALER_WEB_URL`` is set: the hand replayer behind
signed links, and its script and style. Every page reads the store as the dealer wrote it; a
link that does not check (edited, forged, expired) opens nothing, and says so."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import msgspec
from aiohttp import web

from chatdealer.dealer.record import decode_record
from chatdealer.dealer.supervision import described
from chatdealer.render import language
from chatdealer.store import HandRecord, Store, TableId
from chatdealer.table.ledger import NightLine
from chatdealer.web.links import LinkRefused, Signer, Target
from chatdealer.web.night_page import hands_phhs, ledger_csv, night_html, night_of
from chatdealer.web.replay_page import refused_html, replay_html
from chatdealer.web.webapp import InitDataRefused, verified_user

log = logging.getLogger(__name__)

MINI_APP = """<!doctype html>
<html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<script src="https://telegram.org/js/telegram-web-app.js"></script>
</head><body><script src="/static/mini_app.js"></script></body></html>
"""

STATIC = Path(__file__).parent / "static"
STORE: web.AppKey[Store] = web.AppKey("store", Store)
SIGNER: web.AppKey[Signer] = web.AppKey("signer", Signer)
BOT_TOKEN: web.AppKey[str] = web.AppKey("telegram bot token", str)


def web_app(store: Store, signer: Signer, telegram_token: str = "") -> web.Application:
    """The pages, and the replay and the night page as Telegram Mini Apps (with the Telegram
    bot's token, the replay's adds the cards of the player Telegram names)."""
    app = web.Application()
    app[STORE] = store
    app[SIGNER] = signer
    app[BOT_TOKEN] = telegram_token
    app.router.add_get("/replay/{token}", replay)
    app.router.add_get("/app/replay/{token}", mini_app)
    app.router.add_post("/app/replay/{token}", mini_app_replay)
    app.router.add_get("/night/{token}", night)
    app.router.add_get("/app/night/{token}", mini_app_night)
    app.router.add_post("/app/night/{token}", night)
    app.router.add_get("/night/{token}/hands.phhs", night_hands)
    app.router.add_get("/night/{token}/ledger.csv", night_ledger)
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
    return await _replay(request, target)


async def mini_app(request: web.Request) -> web.Response:
    """The Mini App's shell: it hands Telegram's initData back to `mini_app_replay`."""
    if _target(request, "replay") is None:
        return _refused(request)
    return web.Response(text=MINI_APP, content_type="text/html")


async def mini_app_night(request: web.Request) -> web.Response:
    """The night page as a Mini App: the same shell, whose POST the night page answers (the
    night shows no cards, so it asks Telegram for nobody's name)."""
    if _target(request, "night") is None:
        return _refused(request)
    return web.Response(text=MINI_APP, content_type="text/html")


async def mini_app_replay(request: web.Request) -> web.Response:
    """The replay a Mini App opened: the public page, or with initData Telegram signed, the
    page with the cards of the player Telegram names (when they played the hand)."""
    target = _target(request, "replay")
    if target is None or target.viewer:
        return _refused(request)
    init_data = (await request.text()).strip()
    if init_data:
        bot_token = request.app[BOT_TOKEN]
        if not bot_token:  # no bot to vouch for anyone here: an empty key signs nothing
            return _refused(request)
        try:
            user = verified_user(init_data, bot_token)
        except InitDataRefused:
            return _refused(request)
        target = msgspec.structs.replace(target, viewer=str(user.id))
    return await _replay(request, target, fall_back_to_public=True)


async def _replay(
    request: web.Request, target: Target, *, fall_back_to_public: bool = False
) -> web.Response:
    try:
        table = TableId.parse(target.table)
    except ValueError:
        return _refused(request)
    record = await request.app[STORE].history.get(table, target.hand)
    if record is None:
        return _refused(request)
    copy = record.public if not target.viewer else record.private.get(target.viewer)
    if copy is None and fall_back_to_public:  # the Mini App's reader did not play this hand
        copy = record.public
    if copy is None:
        return _refused(request)
    # A hand's players are stored by position, so the viewer's place among them is their seat.
    seat = list(record.private).index(target.viewer) if target.viewer in record.private else None
    try:
        page = replay_html(copy.decode(), language(target.language), target.hand, seat)
    except ValueError as problem:  # a damaged history: said in the log, not on the page
        log.warning("replay of %s hand %s: %s", table, target.hand, described(problem))
        return _refused(request)
    return web.Response(text=page, content_type="text/html")


async def _night_of(
    request: web.Request,
) -> tuple[Target, list[NightLine], list[HandRecord]] | None:
    """The night a link opens: its ledger lines, and its hands from the history, oldest first."""
    target = _target(request, "night")
    if target is None:
        return None
    try:
        table = TableId.parse(target.table)
    except ValueError:
        return None
    store = request.app[STORE]
    loaded = await store.tables.load(table)
    state = decode_record(loaded[1]).table if loaded is not None else None
    if state is None:
        return None
    records = await store.history.last(table, store.history.cap)
    hands = sorted((r for r in records if r.number >= target.hand), key=lambda r: r.number)
    return target, state.night(), hands


async def night(request: web.Request) -> web.Response:
    found = await _night_of(request)
    if found is None:
        return _refused(request)
    target, lines, hands = found
    lang = language(target.language)
    signer = request.app[SIGNER]
    night = await asyncio.to_thread(night_of, hands)  # a night's hands: off the event loop
    links = {
        pot.number: "/replay/"
        + signer.token("replay", target.table, pot.number, language=target.language)
        for pot in night.pots
    }
    token = request.match_info["token"]
    exports = (f"/night/{token}/hands.phhs", f"/night/{token}/ledger.csv")
    page = night_html(lines, night, lang, replay_links=links, exports=exports)
    return web.Response(text=page, content_type="text/html")


async def night_hands(request: web.Request) -> web.Response:
    found = await _night_of(request)
    if found is None:
        return _refused(request)
    disposition = 'attachment; filename="night.phhs"'
    return web.Response(
        text=hands_phhs(found[2]),
        content_type="text/plain",
        headers={"Content-Disposition": disposition},
    )


async def night_ledger(request: web.Request) -> web.Response:
    found = await _night_of(request)
    if found is None:
        return _refused(request)
    disposition = 'attachment; filename="ledger.csv"'
    return web.Response(
        text=ledger_csv(found[1]),
        content_type="text/csv",
        headers={"Content-Disposition": disposition},
    )


async def serve(
    store: Store, signer: Signer, port: int, stop: asyncio.Event, telegram_token: str = ""
) -> None:
    """Serves until `stop` is set (run it under the worker's `Supervisor`)."""
    runner = web.AppRunner(web_app(store, signer, telegram_token), access_log=None)
    await runner.setup()
    try:
        await web.TCPSite(runner, port=port).start()
        await stop.wait()
    finally:
        await runner.cleanup()
