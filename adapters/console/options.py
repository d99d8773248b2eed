"""The terminal's command-line options, shared by `chatdealer play ...` and plain
`chatdealer ...` (the play options work without the word `play`)."""

from __future__ import annotations

import argparse
import getpass
import os
from dataclasses import dataclass
from pathlib import Path

from adapters.common.words import LANGUAGES, STRUCTURES, VARIANTS

DEFAULT_TABLE = "table"
DEFAULT_TOURNAMENT_TABLE = "tournament"
MAX_BOTS = 8


@dataclass(frozen=True, slots=True)
class ConsoleOptions:
    name: str
    join: bool = False
    variant: str = "holdem"
    structure: str = "nl"
    bots: int = 3
    clock: int = 30
    time_bank: int = 30
    bot_delay: float = 1.0
    next_hand_delay: float = 3.0
    seed: int | None = None
    table: str = DEFAULT_TABLE
    data_dir: Path | None = None
    redis_url: str | None = None
    language: str | None = None
    """The player's language; None speaks the table's (English for a new one)."""
    buy_in: int | None = None
    tournament: str | None = None
    """`tournament open` arguments: the host opens a sit-and-go rather than a cash table."""


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--name", help="your name at the table (default: your login)")
    parser.add_argument(
        "--join",
        nargs="?",
        const="",
        default=None,
        metavar="TABLE",
        help="sit at the table another terminal opened (its --table name, default: table)",
    )
    parser.add_argument("--table", help="which local table to open (default: table)")
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="holdem")
    parser.add_argument(
        "--structure", choices=sorted(STRUCTURES), default="nl", help="no-, pot- or fixed-limit"
    )
    parser.add_argument(
        "--bots", type=int, default=3, help=f"bot players to seat (default 3, at most {MAX_BOTS})"
    )
    parser.add_argument("--clock", type=int, default=30, help="seconds to act (5 to 600)")
    parser.add_argument("--time-bank", type=int, default=30, help="extra seconds, once used up")
    parser.add_argument("--bot-delay", type=float, default=1.0, help="seconds a bot thinks")
    parser.add_argument("--next-hand-delay", type=float, default=3.0, help="seconds between hands")
    parser.add_argument("--seed", type=int, help="seed the bots' choices (decks stay random)")
    parser.add_argument(
        "--language", choices=LANGUAGES, help="the language you read (default: the table's)"
    )
    parser.add_argument(
        "--buy-in", type=int, help="chips to sit down with (default: the table maximum)"
    )
    parser.add_argument(
        "--tournament",
        nargs="?",
        const="",
        default=None,
        metavar="OPTIONS",
        help="open a sit-and-go instead, with `tournament open` options, e.g. "
        "'100 1500 turbo rebuys=1'; bots register, you type tournament start",
    )
    parser.add_argument(
        "--data-dir", type=Path, help="where the embedded Redis keeps its data (default: XDG)"
    )


def options_from(args: argparse.Namespace) -> ConsoleOptions:
    joining = args.join is not None
    name = args.name or ("guest" if joining else login())
    default = DEFAULT_TOURNAMENT_TABLE if args.tournament is not None else DEFAULT_TABLE
    table = (args.join if joining and args.join else None) or args.table or default
    return ConsoleOptions(
        name=name,
        join=joining,
        variant=args.variant,
        structure=args.structure,
        bots=max(0, min(args.bots, MAX_BOTS)),
        clock=args.clock,
        time_bank=args.time_bank,
        bot_delay=args.bot_delay,
        next_hand_delay=args.next_hand_delay,
        seed=args.seed,
        table=table,
        data_dir=args.data_dir,
        redis_url=os.environ.get("REDIS_URL") or None,
        language=args.language,
        buy_in=args.buy_in,
        tournament=args.tournament,
    )


def login() -> str:
    try:
        return getpass.getuser() or "player"
    except (KeyError, OSError):
        return "player"


def channel_of(table: str) -> str:
    """A table's name as the key part it is kept under: "Friday Night" and "friday night"
    are one table."""
    cleaned = "".join("-" if ch in ":{}\r\n\t " else ch for ch in table.strip().casefold())
    return cleaned or DEFAULT_TABLE


def player_part(name: str) -> str:
    cleaned = "".join("-" if ch in ":{}\r\n\t " else ch for ch in name.strip().lower())
    return cleaned or "player"
