"""Replaying recorded hands through the engine: the engine's exam on real play.

A recorded hand is dealt from a deck arranged to give the recorded cards, every recorded action
goes through the same checks as a player's, and the finishing stacks must equal the record.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import msgspec

from chatdealer import phh
from chatdealer.cards import Card, format_cards, parse_cards
from chatdealer.engine.config import BettingStructure, HandConfig, Variant
from chatdealer.engine.deck_order import arrange_deck
from chatdealer.engine.hand import Hand, Phase, deal_hand
from chatdealer.engine.refusals import IllegalAction
from chatdealer.engine.run_twice import SECOND_RUN, place_second_run

STRUCTURES = {
    "NT": (Variant.HOLDEM, BettingStructure.NO_LIMIT),
    "FT": (Variant.HOLDEM, BettingStructure.FIXED_LIMIT),
    "NS": (Variant.SHORT_DECK, BettingStructure.NO_LIMIT),
    "PO": (Variant.OMAHA, BettingStructure.POT_LIMIT),
    "FO/8": (Variant.OMAHA_HI_LO, BettingStructure.FIXED_LIMIT),
}


class ReplayError(ValueError):
    """A record the engine cannot replay as written (unsupported, or not whole chips)."""


class ReplayResult(msgspec.Struct, kw_only=True):
    path: str
    ok: bool
    finishing_stacks: list[int] | None
    expected: list[int | float] | None
    error: str | None


def _whole(values: Sequence[int | float] | None, field: str) -> tuple[int, ...]:
    result: list[int] = []
    for value in values or ():
        if value != int(value):
            raise ReplayError(f"{field} holds {value}: the dealer plays whole chips")
        result.append(int(value))
    return tuple(result)


def config_for(record: phh.HandHistory) -> HandConfig:
    """The hand configuration a record describes, its forced bets mapped onto positions."""
    if record.variant not in STRUCTURES:
        dealt = ", ".join(STRUCTURES)
        raise ReplayError(f"variant {record.variant} is not dealt here ({dealt} are)")
    variant, structure = STRUCTURES[record.variant]
    coded = structure
    extra = record.user_fields  # written by history.to_phh for what PHH has no field for
    if "_betting_structure" in extra:
        structure = BettingStructure(extra["_betting_structure"])
    if variant is Variant.OMAHA and extra.get("_hole_cards") == 5:
        variant = Variant.OMAHA_FIVE
    min_bet = int(record.min_bet or 0)
    if coded is BettingStructure.FIXED_LIMIT and structure is not coded:  # FO/8 dealt unlimited
        min_bet = int(record.small_bet or 0)
    dead = _whole(extra.get("_dead"), "_dead")
    live_posts = _whole(extra.get("_live_posts"), "_live_posts")
    stacks = _whole(record.starting_stacks, "starting_stacks")
    antes = _whole(record.antes, "antes")
    blinds = _whole(record.blinds_or_straddles, "blinds_or_straddles")
    if len(stacks) == 2:  # PHH reverse-assigns the forced bets heads-up
        antes, blinds = antes[::-1], blinds[::-1]
    return HandConfig(
        variant=variant,
        # PHH short-deck records come from PokerKit, which ranks a straight above trips.
        straight_beats_trips=bool(
            extra.get("_straight_beats_trips", variant is Variant.SHORT_DECK)
        ),
        structure=structure,
        starting_stacks=stacks,
        antes=antes,
        ante_trimming=bool(record.ante_trimming_status),
        blinds_or_straddles=blinds,
        dead=dead,
        live_posts=live_posts,
        min_bet=min_bet,
        small_bet=int(record.small_bet or extra.get("_small_bet", 0)),
        big_bet=int(record.big_bet or extra.get("_big_bet", 0)),
        names=tuple(record.players or ()),
        bomb_pot=bool(extra.get("_bomb_pot", False)),
        seven_deuce=int(extra.get("_seven_deuce", 0)),
    )


def deck_for(record: phh.HandHistory, config: HandConfig) -> list[Card]:
    holes: list[list[Card | None]] = [
        [None] * config.variant.hole_cards for _ in range(config.seat_count)
    ]
    board: list[Card | None] = []
    for action in record.actions:
        if isinstance(action, phh.DealHole):
            holes[action.player] = list(action.cards)
        elif isinstance(action, phh.DealBoard):
            board.extend(action.cards)
    return arrange_deck(holes, board, config.variant.deck)


def second_run_of(record: phh.HandHistory) -> list[Card]:
    """The cards of the board's second run, read off its commentary; none when run once."""
    for action in record.actions:
        if isinstance(action, phh.NoOp) and action.comment:
            text = "# " + action.comment
            if text.startswith(SECOND_RUN):
                return parse_cards(text[len(SECOND_RUN) :])
    return []


def deck_and_runs(record: phh.HandHistory, config: HandConfig) -> tuple[list[Card], int]:
    """The deck that deals the record's cards, its second run's too, and how many times the
    board was run."""
    deck = deck_for(record, config)
    second_run = second_run_of(record)
    if second_run:  # dealt on from the first run's end: the holes, then burn-3-burn-1-burn-1
        place_second_run(deck, config.variant.hole_cards * config.seat_count + 8, second_run)
    return deck, 2 if second_run else 1


def play_record(record: phh.HandHistory) -> Hand:
    """Deal the record's hand and apply its actions; a refused action names its step."""
    config = config_for(record)
    deck, runs = deck_and_runs(record, config)
    hand, _ = deal_hand(config, deck, manual_showdown=True, runs=runs)
    board_seen: list[Card | None] = []
    for number, action in enumerate(record.actions, start=1):
        try:
            _apply(hand, action, board_seen)
        except IllegalAction as refusal:
            text = phh.format_action(action)
            raise ReplayError(f'action {number} "{text}" is refused: {refusal}') from refusal
    if hand.phase is Phase.SHOWDOWN:
        hand.show_automatically()
    if not hand.is_complete:
        raise ReplayError("the record ends before the hand is over")
    known = [(a, b) for a, b in zip(board_seen, hand.board, strict=False) if a is not None]
    if len(board_seen) > len(hand.board) or any(a != b for a, b in known):
        raise ReplayError(
            f"the record's board {format_cards(c for c in board_seen if c is not None)} "
            f"is not the board dealt, {format_cards(hand.board)}"
        )
    return hand


def _apply(hand: Hand, action: phh.Action, board_seen: list[Card | None]) -> None:
    if isinstance(action, phh.DealBoard):
        board_seen.extend(action.cards)
    elif isinstance(action, phh.Fold):
        hand.act(action.player, "fold")
    elif isinstance(action, phh.CheckOrCall):
        hand.check_or_call(action.player)
    elif isinstance(action, phh.CompleteBetOrRaiseTo):
        hand.raise_to(action.player, int(action.amount))
    elif isinstance(action, phh.ShowOrMuck) and hand.phase is Phase.SHOWDOWN:
        hand.show_or_muck(action.player, show=not action.mucks)


def replay(record: phh.HandHistory, path: str) -> ReplayResult:
    expected = list(record.finishing_stacks) if record.finishing_stacks is not None else None
    try:
        hand = play_record(record)
    except ValueError as problem:  # ReplayError, and bad cards or settings in the record
        return ReplayResult(
            path=path, ok=False, finishing_stacks=None, expected=expected, error=str(problem)
        )
    stacks = list(hand.stacks)
    error = None
    if expected is None:
        error = "the record has no finishing_stacks to compare with"
    else:
        # Records that split an odd chip in halves match when every stack is within half a chip.
        tolerance = 0.5 if any(value != int(value) for value in expected) else 0
        if len(expected) != len(stacks) or any(
            abs(ours - theirs) > tolerance for ours, theirs in zip(stacks, expected, strict=False)
        ):
            error = f"finishing stacks {stacks} differ from the record's {expected}"
    return ReplayResult(
        path=path, ok=error is None, finishing_stacks=stacks, expected=expected, error=error
    )


def record_paths(paths: Sequence[str]) -> Iterator[Path]:
    """Every .phh and .phhs file under the given files and folders, in a stable order."""
    for name in paths:
        path = Path(name)
        if path.is_dir():
            yield from sorted(
                p for p in path.rglob("*") if p.suffix in (".phh", ".phhs") and p.is_file()
            )
        else:
            yield path


def records_in(path: Path) -> list[tuple[str, phh.HandHistory]]:
    """The hands of one file, each with the name it is reported under."""
    if path.suffix == ".phhs":
        hands = phh.load_collection(path)
        return [(f"{path}#{index}", hand) for index, hand in enumerate(hands, start=1)]
    return [(str(path), phh.load(path))]


class FileReplay(msgspec.Struct):
    """The hands of one file replayed; an unreadable file has one result saying why."""

    readable: bool
    results: list[ReplayResult]


def replay_file(path: Path) -> FileReplay:
    try:
        records = records_in(path)
    except (OSError, phh.PHHError) as problem:
        failed = ReplayResult(
            path=str(path), ok=False, finishing_stacks=None, expected=None, error=str(problem)
        )
        return FileReplay(readable=False, results=[failed])
    return FileReplay(readable=True, results=[replay(record, name) for name, record in records])


def replay_files(paths: Sequence[Path], workers: int = 1) -> Iterator[FileReplay]:
    """Replay files in order; a large batch is shared among `workers` processes."""
    if workers <= 1 or len(paths) < 500:
        yield from map(replay_file, paths)
        return
    with ProcessPoolExecutor(workers) as pool:
        yield from pool.map(replay_file, paths, chunksize=250)
