"""The web pages' settings, from the environment: where players reach them, where the worker
listens, and the secret that signs their links."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass

from chatdealer.web.links import LINK_HOURS, Signer


class WebConfigError(ValueError):
    """A web setting that cannot be used."""


@dataclass(frozen=True, slots=True)
class WebSettings:
    url: str
    """The pages' public address, as players' browsers reach it (no trailing slash)."""
    port: int
    """Where the worker's server listens."""
    signer: Signer

    def link(self, token: str, page: str = "replay") -> str:
        return f"{self.url}/{page}/{token}"


def web_settings(env: Mapping[str, str] | None = None) -> WebSettings | None:
    """The settings, or None when ``CHATDEALER_WEB_URL`` is not set (no web pages, no links)."""
    env = os.environ if env is None else env
    url = env.get("CHATDEALER_WEB_URL", "").strip().rstrip("/")
    if not url:
        return None
    if not url.startswith(("http://", "https://")):
        raise WebConfigError(f"CHATDEALER_WEB_URL must start with http:// or https://: {url!r}")
    raw_port = env.get("CHATDEALER_WEB_PORT", "8080").strip()
    if not raw_port.isdigit() or not 0 < int(raw_port) < 65536:
        raise WebConfigError(f"CHATDEALER_WEB_PORT must be a port number: {raw_port!r}")
    secret = env.get("CHATDEALER_WEB_SECRET", "").strip()
    if len(secret) < 16:
        raise WebConfigError(
            "CHATDEALER_WEB_SECRET must be set, at least 16 characters, the same on every worker"
        )
    raw_hours = env.get("CHATDEALER_WEB_LINK_HOURS", "").strip()
    try:
        hours = float(raw_hours) if raw_hours else LINK_HOURS
    except ValueError:
        raise WebConfigError(f"CHATDEALER_WEB_LINK_HOURS must be a number: {raw_hours!r}") from None
    return WebSettings(url=url, port=int(raw_port), signer=Signer(secret.encode(), hours))


def new_secret() -> str:
    """A secret good for ``CHATDEALER_WEB_SECRET``."""
    return secrets.token_urlsafe(32)
