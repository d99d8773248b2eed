"""The `chatdealer` command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="chatdealer", description="A poker dealer for group chats."
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    add_replay_command(commands)
    add_verify_command(commands)
    add_rank_command(commands)
    add_audit_command(commands)
    add_doctor_command(commands)
    add_play_command(commands)
    add_discord_command(commands)
    add_telegram_command(commands)
    return parser


CHAT_TOKENS = ("DISCORD_TOKEN", "TELEGRAM_TOKEN")


def add_play_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from adapters.console import add_play_arguments

    play = commands.add_parser(
        "play",
        help="play at a table in this terminal, against bots (the default without chat tokens)",
        description="Opens the local table on the embedded Redis (or $REDIS_URL), seats you with "
        "bot players and deals until you quit. Type help at the table for the commands. Another "
        "terminal running `chatdealer --join` sits at the same table. The options work without "
        "the word play too: `chatdealer --bots 8`.",
    )
    add_play_arguments(play)
    play.set_defaults(handler=run_play)


def run_play(args: argparse.Namespace) -> int:
    from adapters.console import options_from, play

    return play(options_from(args))


def add_discord_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    discord = commands.add_parser(
        "discord",
        help="run the Discord worker (the default when DISCORD_TOKEN is set)",
        description="Connects to Discord with $DISCORD_TOKEN and deals at every channel's "
        "table. Optional: $DISCORD_API_BASE and $DISCORD_GATEWAY_URL (REST and gateway "
        "proxies), $SHARD_COUNT and $SHARD_IDS (this process's shards), $REDIS_URL.",
    )
    discord.set_defaults(handler=run_discord)


def run_discord(args: argparse.Namespace) -> int:
    return _run_worker("discord")


def add_telegram_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    telegram = commands.add_parser(
        "telegram",
        help="run the Telegram worker (the default when TELEGRAM_TOKEN is set)",
        description="Connects to Telegram with $TELEGRAM_TOKEN by long polling and deals at "
        "every group's table. Optional: $TELEGRAM_WEBHOOK_URL (webhook mode, listening on $PORT, "
        "checked with $TELEGRAM_WEBHOOK_SECRET), $TELEGRAM_API_BASE (a self-hosted Bot API "
        "server), $REDIS_URL.",
    )
    telegram.set_defaults(handler=run_telegram)


def run_telegram(args: argparse.Namespace) -> int:
    return _run_worker("telegram")


def _run_worker(platform: str) -> int:
    """Start a chat worker from its adapter, configured from the environment."""
    import importlib

    try:
        adapter = importlib.import_module(f"adapters.{platform}")
    except ImportError as missing:
        print(
            f"chatdealer {platform}: {missing}: pip install 'chatdealer[{platform}]'",
            file=sys.stderr,
        )
        return 2
    from redis.exceptions import RedisError

    from chatdealer.metrics import MetricsSettingError, metrics_port
    from chatdealer.store.settings import RedisSettings, SettingError

    try:
        settings = adapter.settings_from_env()
        RedisSettings.from_env()
        metrics_port()
    except (adapter.ConfigError, SettingError, MetricsSettingError) as problem:
        print(f"chatdealer {platform}: {problem}", file=sys.stderr)
        return 2
    try:
        result: int = adapter.run(settings)
    except (RedisError, OSError) as problem:  # Redis unreachable or refusing at start-up
        print(f"chatdealer {platform}: Redis: {type(problem).__name__}: {problem}", file=sys.stderr)
        return 2
    return result


def add_replay_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    replay = commands.add_parser(
        "replay",
        help="replay PHH hand histories through the engine and compare the finishing stacks",
        description="Replay .phh/.phhs files (folders are searched recursively). Prints one JSON "
        "line per hand; exits 1 when a hand disagrees with its record, 2 on unreadable input.",
    )
    replay.add_argument("paths", nargs="+", metavar="PATH")
    replay.set_defaults(handler=run_replay)


def run_replay(args: argparse.Namespace) -> int:
    import os
    import time

    import msgspec

    from chatdealer.replay import record_paths, replay_files

    started = time.perf_counter()
    counts = {"match": 0, "differ": 0, "unreadable": 0}
    encode = msgspec.json.Encoder().encode
    paths = list(record_paths(args.paths))
    for replayed in replay_files(paths, workers=os.cpu_count() or 1):
        if not replayed.readable:
            counts["unreadable"] += 1
        for result in replayed.results:
            if replayed.readable:
                counts["match" if result.ok else "differ"] += 1
            sys.stdout.write(encode(result).decode() + "\n")
    seconds = time.perf_counter() - started
    total = counts["match"] + counts["differ"]
    print(
        f"{total} hands replayed in {seconds:.1f} s: {counts['match']} match, "
        f"{counts['differ']} differ, {counts['unreadable']} unreadable files",
        file=sys.stderr,
    )
    if counts["unreadable"]:
        return 2
    return 1 if counts["differ"] else 0


def add_rank_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    rank = commands.add_parser(
        "rank",
        help="name the best five-card hand of 5 to 7 cards",
        description="Name the best hand of 5 to 7 cards and show the five that make it. Cards "
        "are written As, Td or 10d, A♠, apart or run together (AsKs). Exits 2 on bad cards.",
    )
    rank.add_argument("cards", nargs="+", metavar="CARD")
    rank.add_argument(
        "--short-deck", action="store_true", help="36 cards, six to ace: a flush beats a full house"
    )
    rank.add_argument(
        "--straight-beats-trips",
        action="store_true",
        help="short deck: rank a straight above three of a kind (as PokerKit does)",
    )
    rank.set_defaults(handler=run_rank)


def run_rank(args: argparse.Namespace) -> int:
    from chatdealer.cards import CardError, Deck, format_cards, parse_cards
    from chatdealer.evaluator import evaluate, ranking_for

    deck = Deck.SHORT if args.short_deck else Deck.STANDARD
    try:
        hand = evaluate(parse_cards(args.cards), ranking_for(deck, args.straight_beats_trips))
    except CardError as error:
        print(f"chatdealer rank: {error}", file=sys.stderr)
        return 2
    print(f"{hand.name}: {format_cards(hand.cards)}")
    return 0


def add_verify_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    verify = commands.add_parser(
        "verify",
        help="check that a hand's cards are the ones committed to before it was dealt",
        description="Reads a hand's history as the dealer hands it out (the public .phh posted "
        "to the channel, or your own copy), or a proof as JSON, and checks the deck commitment "
        "shown at the deal, the cut by the players' seeds and every card opened, saying in plain "
        "words what holds. Give several files of one hand to check them all. Exits 0 when "
        "everything holds, 1 when something does not, 2 when a file cannot be read.",
    )
    verify.add_argument(
        "proofs",
        nargs="+",
        metavar="FILE",
        help="a .phh history or a JSON proof; - reads it from standard input",
    )
    verify.add_argument(
        "--seed",
        action="append",
        default=[],
        metavar="TEXT",
        help="the seed you added to the hand: check that it is one of those that cut the deck",
    )
    verify.add_argument(
        "--lang", choices=LANGUAGE_CODES, default=None, help="the language of the report"
    )
    verify.set_defaults(handler=run_verify)


LANGUAGE_CODES = ("en", "ru", "bg")


def run_verify(args: argparse.Namespace) -> int:
    import os

    from chatdealer.proof_files import Unreadable, check_paths
    from chatdealer.render import language
    from chatdealer.render.proofs import line_text, report_text

    code = args.lang or os.environ.get("LC_ALL") or os.environ.get("LANG") or "en"
    lang = language(code[:2] if code[:2] in LANGUAGE_CODES else "en")
    try:
        reports = check_paths(args.proofs, args.seed)
    except Unreadable as problem:
        print(f"chatdealer verify: {line_text(problem.line, lang)}", file=sys.stderr)
        return 2
    for report in reports:
        if len(reports) > 1:
            print(f"== {report.path}")
        print("\n".join(report_text(report, lang)))
    return 0 if all(report.holds for report in reports) else 1


def add_audit_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    audit = commands.add_parser(
        "audit",
        help="check that bank balances plus chips on tables equal the chips granted",
        description="Connects to $REDIS_URL (or the embedded Redis in the data directory) and "
        "checks, per community, that bank balances + chips on tables (stacks and pots) = chips "
        "granted (the house account, which bots buy in from, counted like any), and that every "
        "table's state and chip records hold the chips the bank counts there. A community, table "
        "or account that cannot be read is reported and the audit goes on. Exits 1 on a "
        "mismatch, 2 when Redis or a table's state cannot be read.",
    )
    audit.add_argument(
        "--community",
        metavar="PLATFORM:COMMUNITY",
        help="one community, e.g. discord:1234 (default: every community)",
    )
    audit.set_defaults(handler=run_audit)


def run_audit(args: argparse.Namespace) -> int:
    import asyncio

    from redis.exceptions import RedisError

    from chatdealer.dealer.audit import audit, describe
    from chatdealer.store import Community

    try:
        community = Community.parse(args.community) if args.community else None
    except ValueError as problem:
        print(f"chatdealer audit: {problem}", file=sys.stderr)
        return 2
    try:
        reports = asyncio.run(audit(community=community))
    except (RedisError, OSError, ValueError) as problem:
        print(f"chatdealer audit: {problem}", file=sys.stderr)
        return 2
    for report in reports:
        print("\n".join(describe(report)))
    if not reports:
        print("no communities to audit")
    if not all(report.ok for report in reports):
        return 1
    return 2 if any(report.damaged for report in reports) else 0


def add_doctor_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    doctor = commands.add_parser(
        "doctor",
        help="show the Redis the dealer would use and whether it keeps its data",
        description="Connects as a worker would ($REDIS_URL, $REDIS_CLUSTER, $REDIS_SENTINELS "
        "and $REDIS_SENTINEL_MASTER, or the embedded Redis in the data directory) and prints "
        "the connection, the mode, and each server's role, version, persistence and memory "
        "policy. Exits 1 when a server would lose acknowledged changes (appendonly off, an "
        "evicting memory policy), 2 when Redis cannot be reached or a setting is unusable.",
    )
    doctor.add_argument("--data-dir", type=Path, help="the embedded Redis's data directory")
    doctor.set_defaults(handler=run_doctor)


def run_doctor(args: argparse.Namespace) -> int:
    import asyncio

    from redis.exceptions import RedisError

    from chatdealer.store.doctor import diagnose

    try:
        lines, healthy = asyncio.run(diagnose(data_dir=args.data_dir))
    except (RedisError, OSError, ValueError) as problem:
        print(f"chatdealer doctor: {type(problem).__name__}: {problem}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0 if healthy else 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    given = list(sys.argv[1:] if argv is None else argv)
    if given and given[0].startswith("-") and given[0] not in ("-h", "--help"):
        given = ["play", *given]  # the play options work without the word `play`
    args = parser.parse_args(given)
    if args.command is None:
        import os

        if os.environ.get("DISCORD_TOKEN"):
            args = parser.parse_args(["discord"])
        elif os.environ.get("TELEGRAM_TOKEN"):
            args = parser.parse_args(["telegram"])
        elif any(os.environ.get(name) for name in CHAT_TOKENS):
            parser.print_help()
            return 0
        else:
            args = parser.parse_args(["play"])
    handler = args.handler
    result: int = handler(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
