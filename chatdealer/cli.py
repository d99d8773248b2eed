"""The `chatdealer` command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="chatdealer", description="A poker dealer for group chats."
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    add_replay_command(commands)
    return parser


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


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    handler = args.handler
    result: int = handler(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
