"""`chatdealer replay` and PHH written by the engine: any hand played replays to the same stacks."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from chatdealer import phh
from chatdealer.cards import Deck
from chatdealer.cli import main
from chatdealer.engine.config import BettingStructure, HandConfig, Variant
from chatdealer.engine.hand import deal_hand
from chatdealer.history import to_phh
from chatdealer.replay import replay
from tests.engine.random_play import play_at_random

GOOD = """\
variant = 'NT'
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [10000, 10000, 10000]
actions = ['d dh p1 AsAd', 'd dh p2 KsKd', 'd dh p3 2c7h', 'p3 f', 'p1 cbr 300', 'p2 cc',
  'd db 2d3s9h', 'p1 cbr 400', 'p2 f']
finishing_stacks = [10300, 9700, 10000]
"""


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text)
    return path


def run(capsys: pytest.CaptureFixture[str], *paths: Path) -> tuple[int, list[dict[str, object]]]:
    code = main(["replay", *map(str, paths)])
    lines = capsys.readouterr().out.splitlines()
    return code, [json.loads(line) for line in lines]


def test_a_matching_hand_prints_one_json_line_and_exits_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, lines = run(capsys, write(tmp_path, "a.phh", GOOD))
    assert code == 0
    assert lines == [
        {
            "path": str(tmp_path / "a.phh"),
            "ok": True,
            "finishing_stacks": [10300, 9700, 10000],
            "expected": [10300, 9700, 10000],
            "error": None,
        }
    ]


def test_wrong_finishing_stacks_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = GOOD.replace("[10300, 9700, 10000]", "[10200, 9800, 10000]")
    code, lines = run(capsys, write(tmp_path, "a.phh", bad))
    assert code == 1
    assert lines[0]["ok"] is False
    assert "differ" in str(lines[0]["error"])


def test_a_refused_action_is_reported_by_step_and_reason_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = GOOD.replace("'p1 cbr 300'", "'p1 cbr 150'")
    code, lines = run(capsys, write(tmp_path, "a.phh", bad))
    assert code == 1
    assert lines[0]["error"] == 'action 5 "p1 cbr 150" is refused: The minimum raise is to 200'


def test_unreadable_input_exits_2_and_the_rest_still_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, "a.phh", GOOD)
    write(tmp_path, "b.phh", "variant = 'NT'\nthis is not toml")
    code, lines = run(capsys, tmp_path)
    assert code == 2
    assert [line["ok"] for line in lines] == [True, False]


def test_folders_are_searched_recursively_and_collections_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "deep" / "er").mkdir(parents=True)
    write(tmp_path / "deep" / "er", "a.phh", GOOD)
    collection = phh.dumps_collection([phh.loads(GOOD), phh.loads(GOOD)])
    write(tmp_path, "two.phhs", collection)
    code, lines = run(capsys, tmp_path)
    assert code == 0 and len(lines) == 3


def random_hand_config(rng: random.Random) -> HandConfig:
    variant = rng.choice(list(Variant))
    count = rng.randint(2, min(9, variant.max_players))
    structure = rng.choice(list(BettingStructure))
    blinds = [5, 10] + [0] * (count - 2)
    if count == 2:
        blinds.reverse()
    return HandConfig(
        variant=variant,
        structure=structure,
        starting_stacks=tuple(rng.randint(1, 400) * 5 for _ in range(count)),
        antes=(1,) * count if rng.random() < 0.3 else (),
        blinds_or_straddles=tuple(blinds),
        dead=(0, 0, 5) if count > 3 and rng.random() < 0.2 else (),
        min_bet=10,
        small_bet=10,
        big_bet=20,
    )


def test_any_hand_the_engine_plays_writes_as_phh_that_replays_to_the_same_stacks() -> None:
    rng = random.Random(5)
    for _ in range(300):
        config = random_hand_config(rng)
        deck = config.variant.deck.cards()
        rng.shuffle(deck)
        hand, _ = deal_hand(config, deck)
        play_at_random(hand, rng)
        text = phh.dumps(to_phh(hand))
        result = replay(phh.loads(text), "written")
        assert result.ok, (result.error, text)
        assert result.finishing_stacks == hand.stacks


def test_the_public_history_hides_every_hole_card_not_shown() -> None:
    config = HandConfig(starting_stacks=(1000,) * 3, blinds_or_straddles=(5, 10), min_bet=10)
    hand, _ = deal_hand(config, Deck.STANDARD.cards())
    hand.fold(2)
    hand.fold(0)
    public = phh.dumps(to_phh(hand, public=True))
    assert public.count("????") == 3
    private = phh.dumps(to_phh(hand))
    assert "????" not in private
