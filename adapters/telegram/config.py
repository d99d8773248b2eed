"""The worker's settings, from the environment."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit


class ConfigError(ValueError):
    """A setting in the environment cannot be used."""


DEFAULT_API_BASE = "https://api.telegram.org/bot"
DEFAULT_PORT = 8443


@dataclass(frozen=True, slots=True)
class TelegramSettings:
    token: str
    api_base: str = DEFAULT_API_BASE
    """Bot API base; the token is appended unless it contains ``{token}``."""
    webhook_url: str | None = None
    """The public URL Telegram posts updates to; None: long polling."""
    webhook_secret: str | None = None
    """Checked on every webhook request; every worker behind one URL must share it."""
    listen: str = "0.0.0.0"
    port: int = DEFAULT_PORT
    redis_url: str | None = None
    set_commands: bool = True
    """Publish the command menus at start-up (en, ru, bg)."""
    edit_interval: float = 3.0
    """Seconds between two edits of one group's table message: 20 a minute, Telegram's budget."""
    group_rate: float = 20
    """Requests per minute to one group, enforced by PTB's `AIORateLimiter`."""
    poll_timeout: int = 10
    max_retries: int = 3
    """How often a request answered with 429 is retried after waiting `retry_after`."""

    @property
    def file_base(self) -> str:
        if "/bot" in self.api_base:
            return self.api_base.replace("/bot", "/file/bot", 1)
        return self.api_base

    @property
    def webhook_path(self) -> str:
        return urlsplit(self.webhook_url or "").path.strip("/")

    @property
    def secret(self) -> str:
        """The webhook secret: the one given, else one derived from the token (so every worker
        of one bot agrees on it without configuring it)."""
        if self.webhook_secret:
            return self.webhook_secret
        return hashlib.sha256(b"chatdealer-webhook:" + self.token.encode()).hexdigest()


def settings_from_env(env: Mapping[str, str] | None = None) -> TelegramSettings:
    env = os.environ if env is None else env
    token = env.get("TELEGRAM_TOKEN", "").strip()
    if not token:
        raise ConfigError("TELEGRAM_TOKEN is not set")
    webhook_url = env.get("TELEGRAM_WEBHOOK_URL", "").strip() or None
    if webhook_url is not None and urlsplit(webhook_url).scheme not in ("http", "https"):
        raise ConfigError(f"TELEGRAM_WEBHOOK_URL must be an http(s) URL: {webhook_url!r}")
    secret = env.get("TELEGRAM_WEBHOOK_SECRET", "").strip() or None
    if secret is not None and not all(c.isalnum() or c in "_-" for c in secret):
        raise ConfigError("TELEGRAM_WEBHOOK_SECRET may hold only A-Z, a-z, 0-9, _ and -")
    raw_port = env.get("PORT", "").strip() or str(DEFAULT_PORT)
    try:
        port = int(raw_port)
    except ValueError:
        raise ConfigError(f"PORT must be a number: {raw_port!r}") from None
    return TelegramSettings(
        token=token,
        api_base=env.get("TELEGRAM_API_BASE", "").strip() or DEFAULT_API_BASE,
        webhook_url=webhook_url,
        webhook_secret=secret,
        port=port,
        redis_url=env.get("REDIS_URL", "").strip() or None,
        set_commands=env.get("TELEGRAM_SET_COMMANDS", "1").strip().lower()
        not in ("0", "false", "no"),
    )
