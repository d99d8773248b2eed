"""The dealer in Telegram groups (python-telegram-bot 22): commands, one table message per
group edited in place with an inline keyboard, hole cards in popups or private messages.

    chatdealer telegram     # TELEGRAM_TOKEN; optional TELEGRAM_WEBHOOK_URL (+ PORT,
                            # TELEGRAM_WEBHOOK_SECRET), TELEGRAM_API_BASE, REDIS_URL

Imported as `adapters.telegram`; it never shadows the `telegram` library itself.
"""

from adapters.telegram.app import Worker, attach, build_application, run, serve
from adapters.telegram.config import ConfigError, TelegramSettings, settings_from_env

__all__ = [
    "ConfigError",
    "TelegramSettings",
    "Worker",
    "attach",
    "build_application",
    "run",
    "serve",
    "settings_from_env",
]
