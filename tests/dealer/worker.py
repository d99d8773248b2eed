"""A dealer worker in its own OS process, pressing buttons at one table as fast as it can.

Run as `python -m tests.dealer.worker URL PLATFORM COMMUNITY CHANNEL SECONDS`: it acts for
whoever's turn the table message shows (check or call, with that message's token) and starts
the next hand when one ends, topping up a player who lost every chip so the game goes on
(random raises bust someone within a few hundred hands); it prints how many of its actions
the dealer accepted and how many it refused as stale, as one JSON line. Several run at once
against the same Redis. One press in five is deliberately wrong (a raise below the minimum, or
a press by someone whose turn it is not) and must be refused; one in five is a legal minimum
raise.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time

from chatdealer.dealer import Act, Command, ShowTable, Start, TopUp, User, open_dealer
from chatdealer.dealer.outgoing import Refused, TableShown
from chatdealer.store import TableId


async def main(url: str, table: TableId, seconds: float) -> dict[str, int]:
    counts = {
        "accepted": 0,
        "stale": 0,
        "other_refusals": 0,
        "starts": 0,
        "top_ups": 0,
        "illegal_refused": 0,
    }
    rng = random.Random()
    async with open_dealer(url, next_hand_delay=3600.0) as dealer:
        stop_at = time.monotonic() + seconds
        host = User(id="u-ann", name="Ann")
        while time.monotonic() < stop_at:
            out = await dealer.handle(Command(table=table, user=host, args=ShowTable()))
            views = [o.payload.view for o in out if isinstance(o.payload, TableShown)]
            if not views:
                continue
            view = views[-1]
            turn = view.turn
            busted = [seat for seat in view.seats if seat.player_id and seat.stack == 0]
            if turn is None and busted:
                player = User(id=busted[0].player_id, name=busted[0].name)
                out = await dealer.handle(Command(table=table, user=player, args=TopUp(amount=200)))
                counts["top_ups"] += not any(isinstance(o.payload, Refused) for o in out)
                continue
            if turn is None:
                out = await dealer.handle(Command(table=table, user=host, args=Start()))
                counts["starts"] += not any(isinstance(o.payload, Refused) for o in out)
                continue
            user = User(id=turn.player_id, name=turn.name)
            act = Act(action="check" if turn.can_check else "call", token=turn.token)
            roll = rng.random()
            illegal = roll < 0.2
            if illegal and turn.min_raise_to is not None and roll < 0.1:
                act = Act(action="raise", token=turn.token, amount=turn.min_raise_to - 1)
            elif illegal:
                other = next(s for s in view.seats if s.player_id != turn.player_id)
                user = User(id=other.player_id, name=other.name)
            elif roll < 0.4 and turn.min_raise_to is not None:
                act = Act(action="raise", token=turn.token, amount=turn.min_raise_to)
            out = await dealer.handle(Command(table=table, user=user, args=act))
            refused = [o.payload for o in out if isinstance(o.payload, Refused)]
            if illegal:
                counts["illegal_refused" if refused else "other_refusals"] += 1
            elif not refused:
                counts["accepted"] += 1
            elif refused[0].code in ("stale_token", "not_your_turn", "no_hand"):
                counts["stale"] += 1
            else:
                counts["other_refusals"] += 1
    return counts


if __name__ == "__main__":
    url, platform, community, channel, seconds = sys.argv[1:6]
    result = asyncio.run(main(url, TableId(platform, community, channel), float(seconds)))
    print(json.dumps(result), flush=True)
