"""Issue 18 point 7: a worker's `/metrics` in the Prometheus text format, scraped over HTTP as
Prometheus would, and one log line per handled command with the table id and never a card."""

from __future__ import annotations

import asyncio
import logging
import re

import aiohttp
import pytest

from chatdealer.dealer import Create, Dealer, Join, Start
from chatdealer.metrics import (
    CONTENT_TYPE,
    MetricsSettingError,
    metrics_port,
    serving_metrics,
)
from chatdealer.store import Store
from chatdealer.table import TableSettings

from .harness import ANN, BOB, CID, Clock, Harness
from .test_timer_loop import HEALTHY, Loop, deal_heads_up, timed_out_at

CLOCK = TableSettings(small_blind=1, big_blind=2, action_seconds=30, time_bank_seconds=0)
CARD = re.compile(r"\b(10|[2-9TJQKA])[cdhs]\b")
SAMPLE = re.compile(r'^[a-z_]+(\{[a-z_]+="[^"]*"(,[a-z_]+="[^"]*")*\})? -?[0-9.e+Inf]+$')


async def scrape(port: int) -> tuple[str, str]:
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}/metrics") as response,
    ):
        assert response.status == 200
        return response.headers["Content-Type"], await response.text()


def sample(text: str, name: str) -> float:
    for line in text.splitlines():
        if line.startswith(name + " "):
            return float(line.rsplit(" ", 1)[1])
    raise AssertionError(f"{name} not in /metrics:\n{text}")


async def test_scraped_metrics_count_what_the_players_did(game: Harness) -> None:
    await game.do(ANN, Create(settings=CLOCK))
    await game.do(ANN, Join(buy_in=200))
    await game.do(BOB, Join(buy_in=200))
    await game.do(CID, Join(buy_in=10**9))  # refused: more than the bank gave
    await game.do(ANN, Start())
    await game.play_hand()

    async with serving_metrics(game.dealer.metrics, 0, host="127.0.0.1") as port:
        assert port is not None
        content_type, text = await scrape(port)

    assert content_type == CONTENT_TYPE
    for line in text.splitlines():
        assert line.startswith("# ") or SAMPLE.match(line), line
    assert sample(text, 'chatdealer_actions_total{verb="join",outcome="ok"}') == 2
    refused = [
        line
        for line in text.splitlines()
        if line.startswith('chatdealer_actions_total{verb="join",outcome="')
        and 'outcome="ok"' not in line
    ]
    assert len(refused) == 1 and refused[0].endswith(" 1"), refused
    acts = sample(text, 'chatdealer_actions_total{verb="act",outcome="ok"}')
    assert acts >= 2
    commands = sum(
        float(line.rsplit(" ", 1)[1])
        for line in text.splitlines()
        if line.startswith("chatdealer_actions_total{")
    )
    assert sample(text, "chatdealer_action_seconds_count") == commands
    assert sample(text, 'chatdealer_action_seconds_bucket{le="+Inf"}') == commands
    assert sample(text, "chatdealer_tables_remembered") == 1
    assert "# TYPE chatdealer_timer_lag_seconds histogram" in text
    assert "# TYPE chatdealer_redis_errors_total counter" in text


async def test_each_command_and_timer_is_one_log_line_with_the_table_and_no_card(
    game: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="chatdealer.events")
    await game.do(ANN, Create(settings=CLOCK))
    await game.do(ANN, Join(buy_in=200))
    await game.do(BOB, Join(buy_in=200))
    await game.do(ANN, Start())
    fired = await game.fire(31)  # the first player's turn times out
    assert fired

    lines = [r.getMessage() for r in caplog.records if r.name == "chatdealer.events"]
    verbs = [re.search(r"verb=(\w+)", line)[1] for line in lines]  # type: ignore[index]
    assert verbs == ["create", "join", "join", "start", "timer"]
    assert all(f"table={game.table}" in line for line in lines), lines
    assert not [line for line in lines if CARD.search(line)], lines
    assert game.dealer.metrics.timers_fired.value() == 1


async def test_without_a_port_nothing_is_served() -> None:
    from chatdealer.metrics import DealerMetrics

    async with serving_metrics(DealerMetrics(), None) as port:
        assert port is None


def test_the_port_setting_is_checked() -> None:
    assert metrics_port({}) is None
    assert metrics_port({"CHATDEALER_METRICS_PORT": " 9108 "}) == 9108
    for bad in ("nine", "0", "70000", "-1"):
        with pytest.raises(MetricsSettingError, match="CHATDEALER_METRICS_PORT"):
            metrics_port({"CHATDEALER_METRICS_PORT": bad})


async def test_the_timer_lag_is_how_late_the_loop_claimed_a_deadline(
    store: Store, clock: Clock
) -> None:
    """The clock is the test's: the deadline is 30 s after the deal, the loop first sees the
    time 33 s after it, so it claimed that deadline 3 s late."""
    dealer = Dealer(store, clock=clock)
    await deal_heads_up(dealer, HEALTHY)
    loop = Loop(dealer)
    loop.start()
    try:
        for _ in range(100):  # until the loop has looked at the next deadline and waits for it
            await asyncio.sleep(0.01)
            if dealer.metrics.timers_fired.value() == 0 and dealer._awaited_bound is not None:
                break
        assert dealer.metrics.timer_lag.count == 0
        clock.advance(33)
        await loop.until(timed_out_at(HEALTHY))
    finally:
        await loop.close()
    lag = dealer.metrics.timer_lag
    assert lag.count == 1 and 3.0 <= lag.total < 33.0, (lag.count, lag.total)
    assert dealer.metrics.timers_fired.value() == 1
    assert 'chatdealer_timer_lag_seconds_bucket{le="5"} 1' in dealer.metrics.exposition()
