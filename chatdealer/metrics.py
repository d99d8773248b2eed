"""What a worker has done, in the Prometheus text format, on ``CHATDEALER_METRICS_PORT``.

Each worker counts its own commands (by verb and outcome), how long they took, how late its
timer loop woke for the earliest deadline, the Redis errors it met and the tables it holds; a
Prometheus server scrapes ``http://worker:PORT/metrics``. Every handled command is also one log
line on the ``chatdealer.events`` logger with the table id, the verb, the outcome and the time
taken: never a card or an argument.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

PORT_VARIABLE = "CHATDEALER_METRICS_PORT"
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
SECONDS_BUCKETS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)

events_log = logging.getLogger("chatdealer.events")
log = logging.getLogger(__name__)


class MetricsSettingError(ValueError):
    """``CHATDEALER_METRICS_PORT`` cannot be used; the message says why."""


def metrics_port(env: Mapping[str, str] | None = None) -> int | None:
    """The port to serve ``/metrics`` on, or None when the variable is unset or empty."""
    env = os.environ if env is None else env
    raw = env.get(PORT_VARIABLE, "").strip()
    if not raw:
        return None
    if not raw.isdigit() or not 0 < int(raw) < 65536:
        raise MetricsSettingError(f"{PORT_VARIABLE}={raw!r}: expected a port, 1 to 65535")
    return int(raw)


def _escaped(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def _labels(names: Sequence[str], values: Sequence[str], extra: str = "") -> str:
    parts = [f'{name}="{_escaped(value)}"' for name, value in zip(names, values, strict=True)]
    if extra:
        parts.append(extra)
    return "{" + ",".join(parts) + "}" if parts else ""


def _number(value: float) -> str:
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    return repr(int(value)) if float(value).is_integer() else repr(float(value))


@dataclass(slots=True)
class Counter:
    name: str
    help: str
    label_names: tuple[str, ...] = ()
    values: dict[tuple[str, ...], float] = field(default_factory=dict)

    def inc(self, *labels: str, by: float = 1.0) -> None:
        self.values[labels] = self.values.get(labels, 0.0) + by

    def value(self, *labels: str) -> float:
        return self.values.get(labels, 0.0)

    def lines(self) -> Iterable[str]:
        yield f"# HELP {self.name} {self.help}"
        yield f"# TYPE {self.name} counter"
        for labels, value in sorted(self.values.items()):
            yield f"{self.name}{_labels(self.label_names, labels)} {_number(value)}"


@dataclass(slots=True)
class Histogram:
    name: str
    help: str
    buckets: tuple[float, ...] = SECONDS_BUCKETS
    counts: list[int] = field(default_factory=list)
    total: float = 0.0
    count: int = 0

    def __post_init__(self) -> None:
        self.counts = [0] * len(self.buckets)

    def observe(self, value: float) -> None:
        self.total += value
        self.count += 1
        for index, bound in enumerate(self.buckets):
            if value <= bound:
                self.counts[index] += 1
                break

    def lines(self) -> Iterable[str]:
        yield f"# HELP {self.name} {self.help}"
        yield f"# TYPE {self.name} histogram"
        running = 0
        for bound, count in zip(self.buckets, self.counts, strict=True):
            running += count
            yield f'{self.name}_bucket{{le="{_number(bound)}"}} {running}'
        yield f'{self.name}_bucket{{le="+Inf"}} {self.count}'
        yield f"{self.name}_sum {_number(self.total)}"
        yield f"{self.name}_count {self.count}"


@dataclass(slots=True)
class Gauge:
    """A value read when scraped (the tables a worker holds are counted then, not kept)."""

    name: str
    help: str
    read: Callable[[], float]

    def lines(self) -> Iterable[str]:
        yield f"# HELP {self.name} {self.help}"
        yield f"# TYPE {self.name} gauge"
        yield f"{self.name} {_number(self.read())}"


class DealerMetrics:
    """One worker's figures; the dealer records into it, `/metrics` reads it."""

    def __init__(self) -> None:
        self.actions = Counter(
            "chatdealer_actions_total",
            "Commands handled, by verb and outcome (ok, or the refusal's code).",
            ("verb", "outcome"),
        )
        self.latency = Histogram(
            "chatdealer_action_seconds", "Seconds from a command's arrival to its answer."
        )
        self.timer_lag = Histogram(
            "chatdealer_timer_lag_seconds",
            "How late the timer loop claimed the earliest deadline it was waiting for.",
        )
        self.timers_fired = Counter(
            "chatdealer_timers_fired_total", "Table deadlines this worker claimed and fired."
        )
        self.redis_errors = Counter(
            "chatdealer_redis_errors_total",
            "Redis errors met, by where (a command, or the timer loop).",
            ("where",),
        )
        self.gauges: list[Gauge] = []

    def gauge(self, name: str, help: str, read: Callable[[], float]) -> None:
        self.gauges.append(Gauge(name, help, read))

    def command(self, table: str, verb: str, outcome: str, seconds: float) -> None:
        """One handled command: counted, timed and logged (the table, never its cards)."""
        self.actions.inc(verb, outcome)
        self.latency.observe(seconds)
        if outcome == "unavailable":
            self.redis_errors.inc("command")
        events_log.info("table=%s verb=%s outcome=%s ms=%.2f", table, verb, outcome, seconds * 1000)

    def timer_fired(self, table: str, events: int) -> None:
        self.timers_fired.inc()
        events_log.info("table=%s verb=timer outcome=ok events=%d", table, events)

    def exposition(self) -> str:
        """Everything, in the Prometheus text format (version 0.0.4)."""
        metrics: list[Counter | Histogram | Gauge] = [
            self.actions,
            self.latency,
            self.timer_lag,
            self.timers_fired,
            self.redis_errors,
            *self.gauges,
        ]
        return "\n".join(line for metric in metrics for line in metric.lines()) + "\n"


@contextlib.asynccontextmanager
async def serving_metrics(
    metrics: DealerMetrics, port: int | None, host: str = "0.0.0.0"
) -> AsyncIterator[int | None]:
    """Serves ``GET /metrics`` on `port` (0: any free port) while inside; yields the port
    listened on, or None (and serves nothing) when `port` is None."""
    if port is None:
        yield None
        return
    from aiohttp import web

    async def scrape(request: web.Request) -> web.Response:
        return web.Response(
            body=metrics.exposition().encode(), headers={"Content-Type": CONTENT_TYPE}
        )

    app = web.Application()
    app.router.add_get("/metrics", scrape)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    try:
        site = web.TCPSite(runner, host, port)
        await site.start()
        bound = int(runner.addresses[0][1]) if runner.addresses else port
        log.info("metrics on :%d/metrics", bound)
        yield bound
    finally:
        await runner.cleanup()
