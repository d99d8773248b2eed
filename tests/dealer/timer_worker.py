"""A dealer worker in its own OS process running the timer loop, as a chat worker runs it.

Run as `python -m tests.dealer.timer_worker URL SECONDS BOT_DELAY NEXT_HAND_DELAY`: it opens the
dealer (which rebuilds the timer index from the registry of communities, as every worker does
at start), says it is ready (one JSON line), runs `run_timers` for SECONDS, and prints one
JSON line per notice it delivers that a table is damaged, then one line with how many events
it delivered in all. Bots' turns and
the pauses between hands are its deadlines.
"""

from __future__ import annotations

import asyncio
import json
import sys

from chatdealer.dealer import Outgoing, open_dealer
from chatdealer.dealer.outgoing import Notice


async def main(url: str, seconds: float, bot_delay: float, next_hand_delay: float) -> int:
    delivered = 0

    async def deliver(out: list[Outgoing]) -> None:
        nonlocal delivered
        delivered += len(out)
        for event in out:
            if isinstance(event.payload, Notice) and event.payload.code == "table_damaged":
                print(json.dumps({"damaged": str(event.table), "to": event.to}), flush=True)

    async with open_dealer(url, bot_delay=bot_delay, next_hand_delay=next_hand_delay) as dealer:
        print(json.dumps({"ready": True}), flush=True)
        stop = asyncio.Event()
        asyncio.get_running_loop().call_later(seconds, stop.set)
        await dealer.run_timers(stop, interval=0.05, deliver=deliver)
    return delivered


if __name__ == "__main__":
    url, seconds, bot_delay, next_hand_delay = sys.argv[1:5]
    count = asyncio.run(main(url, float(seconds), float(bot_delay), float(next_hand_delay)))
    print(json.dumps({"delivered": count}), flush=True)
