"""One EVALSHA round trip three ways, through the same redis-py connection pool and server.

    .venv/bin/python bench/round_trip.py [--calls 3000] [--rounds 5]

- `Redis.evalsha`: redis-py's whole command path (the reference of issue 5).
- `send_packed_command` + `read_response`: redis-py's own write and read on a pooled connection,
  without the client's command layer.
- `AutoPipeline.run`: the path every dealer commit takes (chatdealer/store/pipelining.py):
  one connection from redis-py's pool, its socket reporting straight to a protocol that feeds a
  hiredis reader and hands each reply to the oldest waiting caller.

One caller at a time, so each figure is one full round trip; rounds interleave the three, and
the medians over rounds are printed with the CPU the Python process spent per round trip.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from redis.asyncio import Redis

from chatdealer.store import EmbeddedRedis
from chatdealer.store.pipelining import AutoPipeline

Call = Callable[[], Awaitable[object]]


async def timed(call: Call, calls: int) -> tuple[float, float, float]:
    """(p50 µs, p99 µs, CPU µs per call) of `calls` calls one after the other."""
    latencies = []
    cpu = time.process_time()
    for _ in range(calls):
        started = time.perf_counter()
        await call()
        latencies.append(time.perf_counter() - started)
    cpu = time.process_time() - cpu
    latencies.sort()
    return (
        latencies[len(latencies) // 2] * 1e6,
        latencies[int(len(latencies) * 0.99)] * 1e6,
        cpu / calls * 1e6,
    )


async def main(calls: int, rounds: int) -> None:
    with tempfile.TemporaryDirectory() as data:
        server = EmbeddedRedis(Path(data))
        server.start()
        client = Redis(unix_socket_path=server.socket_path)
        try:
            script = client.register_script("return 1")
            await script()
            pipeline = AutoPipeline(client)
            connection = await client.connection_pool.get_connection()  # type: ignore[no-untyped-call]

            async def by_connection() -> object:
                await connection.send_packed_command(
                    connection.pack_command("EVALSHA", script.sha, 0), check_health=False
                )
                return await connection.read_response()

            paths: dict[str, Call] = {
                "Redis.evalsha (redis-py client)": lambda: client.evalsha(script.sha, 0),
                "send_packed_command + read_response": by_connection,
                "AutoPipeline.run (dealer commits)": lambda: pipeline.run(script, [], []),
            }
            results: dict[str, list[tuple[float, float, float]]] = {name: [] for name in paths}
            for call in paths.values():
                await timed(call, calls // 10)  # warm up
            for _ in range(rounds):
                for name, call in paths.items():
                    results[name].append(await timed(call, calls))
            await client.connection_pool.release(connection)
        finally:
            await client.aclose()
            server.stop()
    print(f"EVALSHA 'return 1', one caller, {rounds} interleaved rounds of {calls:,}, medians")
    print(f"  {'path':40} {'p50 us':>8} {'p99 us':>8} {'CPU us/call':>12}")
    reference = statistics.median(r[2] for r in results["Redis.evalsha (redis-py client)"])
    for name, rows in results.items():
        p50, p99, cpu = (statistics.median(r[i] for r in rows) for i in range(3))
        print(f"  {name:40} {p50:8.0f} {p99:8.0f} {cpu:12.0f}   CPU {cpu / reference:.2f}x")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=3_000)
    parser.add_argument("--rounds", type=int, default=5)
    options = parser.parse_args()
    asyncio.run(main(options.calls, options.rounds))
