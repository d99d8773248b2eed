"""Building and running the Telegram worker: long polling, or a webhook behind a load balancer.

Several workers may serve one bot in webhook mode: Telegram posts each update to the one URL,
the balancer hands it to any worker, and the dealer serialises every table in Redis. Each
worker runs the dealer's clock too; a deadline is claimed by one of them only.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import time

from telegram import Update
from telegram.error import InvalidToken, TelegramError
from telegram.ext import (
    AIORateLimiter,
    Application,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    filters,
)

from adapters.common.pictures import close_pictures, start_pictures
from adapters.telegram.commands import Commands
from adapters.telegram.config import TelegramSettings
from adapters.telegram.menu import HELP_WORDS, MENU_LANGUAGES, command_names, menu
from adapters.telegram.poker import Poker
from adapters.telegram.presses import Presses
from adapters.telegram.restart import bring_up_to_date
from chatdealer.dealer import Dealer, open_dealer
from chatdealer.dealer.collection import tune_for_serving
from chatdealer.dealer.entry import CHAT_EVENTS_MAXLEN
from chatdealer.metrics import metrics_port, serving_metrics

log = logging.getLogger(__name__)

UPDATES = [Update.MESSAGE, Update.CALLBACK_QUERY]
FLUSH_SECONDS = 10.0
"""At SIGTERM or SIGINT, what is pending is sent within this long."""


def build_application(settings: TelegramSettings) -> Application:  # type: ignore[type-arg]
    limiter = AIORateLimiter(
        group_max_rate=settings.group_rate, group_time_period=60, max_retries=settings.max_retries
    )
    return (
        Application.builder()
        .token(settings.token)
        .base_url(settings.api_base)
        .base_file_url(settings.file_base)
        .rate_limiter(limiter)
        .concurrent_updates(True)
        .build()
    )


def attach(
    application: Application,  # type: ignore[type-arg]
    dealer: Dealer,
    settings: TelegramSettings,
) -> Poker:
    """Puts the dealer on the application: every command of the catalog and the buttons."""
    poker = Poker(application.bot, dealer, edit_interval=settings.edit_interval)
    commands = Commands(poker)
    presses = Presses(poker)
    groups = filters.ChatType.GROUPS
    private = filters.ChatType.PRIVATE
    names = [*command_names(), *HELP_WORDS]
    application.add_handler(CommandHandler(names, commands.on_group, groups))
    application.add_handler(CommandHandler("start", commands.on_private_start, private))
    application.add_handler(CommandHandler(list(command_names()), commands.on_private, private))
    application.add_handler(CallbackQueryHandler(presses.on_press))
    application.add_error_handler(on_error)
    return poker


async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    log.warning("update %s failed: %r", getattr(update, "update_id", "?"), context.error)


async def publish_commands(application: Application) -> None:  # type: ignore[type-arg]
    """The command menu from the catalog, described in English (the default), Russian and
    Bulgarian."""
    bot = application.bot
    for code in (None, *MENU_LANGUAGES):
        await bot.set_my_commands(menu(code or "en"), language_code=code)


class Worker:
    """One process's bot: start() connects (polling or webhook), stop() lets go."""

    def __init__(
        self, settings: TelegramSettings, dealer: Dealer, *, clock_interval: float = 0.5
    ) -> None:
        self.settings = settings
        self.dealer = dealer
        self.clock_interval = clock_interval
        self.application = build_application(settings)
        self.poker = attach(self.application, dealer, settings)
        self._stop = asyncio.Event()
        self._clock: asyncio.Task[None] | None = None
        self._stopped = False

    async def start(self) -> None:
        app, settings = self.application, self.settings
        await app.initialize()
        if settings.set_commands:
            try:
                await publish_commands(app)
            except TelegramError as problem:
                log.warning("command menu not published: %s", problem)
        updater = app.updater
        assert updater is not None
        if settings.webhook_url:
            await updater.start_webhook(
                listen=settings.listen,
                port=settings.port,
                url_path=settings.webhook_path,
                webhook_url=settings.webhook_url,
                secret_token=settings.secret,
                allowed_updates=UPDATES,
            )
        else:
            await updater.start_polling(timeout=int(settings.poll_timeout), allowed_updates=UPDATES)
        await app.start()
        supervisor = self.poker.supervisor
        self._clock = supervisor.start(
            "telegram clock",
            lambda: self.dealer.run_timers(
                self._stop,
                self.clock_interval,
                deliver=self.poker.deliver_events,
                platforms={"telegram"},  # another platform's timers wait for its own worker
            ),
            self._stop,
        )
        supervisor.start("telegram tables after start", lambda: bring_up_to_date(self.poker))

    async def stop(self, timeout: float = FLUSH_SECONDS) -> None:
        """Stops taking updates, stops the clock, then sends what is pending (table edits,
        posts, private messages) within `timeout` before letting go."""
        if self._stopped:
            return
        self._stopped = True
        deadline = time.monotonic() + timeout
        app = self.application
        if app.updater is not None and app.updater.running:
            await app.updater.stop()
        if app.running:
            await app.stop()  # the updates being handled are finished first
        self._stop.set()
        if self._clock is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(self._clock), self._left(deadline))
        await self.poker.close(self._left(deadline))
        await app.shutdown()

    @staticmethod
    def _left(deadline: float) -> float:
        return max(0.1, deadline - time.monotonic())


async def serve(settings: TelegramSettings) -> None:
    """Runs until SIGINT or SIGTERM."""
    async with (
        open_dealer(settings.redis_url, events_maxlen=CHAT_EVENTS_MAXLEN) as dealer,
        serving_metrics(dealer.metrics, metrics_port()),
    ):
        start_pictures()
        dealer.work_off_loop()
        worker = Worker(settings, dealer)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(signum, stop.set)
        await worker.start()
        tune_for_serving(dealer.supervisor)
        mode = f"webhook on :{settings.port}" if settings.webhook_url else "long polling"
        log.info("telegram worker running (%s)", mode)
        try:
            await stop.wait()
        finally:
            await worker.stop()
            close_pictures()


def run(settings: TelegramSettings) -> int:
    """`chatdealer telegram`: runs the worker until interrupted."""
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    logging.getLogger("httpx").setLevel(logging.WARNING)
    try:
        asyncio.run(serve(settings))
    except KeyboardInterrupt:
        pass
    except InvalidToken as problem:
        log.error("Telegram refused the token: %s", problem)
        return 2
    return 0
