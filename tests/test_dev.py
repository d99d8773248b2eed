"""`python3 dev.py test`'s corpus replay: optional, pointed at real hands with a variable.

The replay runs only when CHATDEALER_PHH_CORPUS names a folder of .phh/.phhs files, one such
file, or a .tar.gz of them; unset, the step says it was skipped and how to turn it on. Under CI,
a corpus that is named but missing fails the run.
"""

from __future__ import annotations

import importlib.util
import tarfile
from pathlib import Path
from types import ModuleType

import pytest

from tests.test_replay import GOOD

ROOT = Path(__file__).resolve().parents[1]
VARIABLE = "CHATDEALER_PHH_CORPUS"
WRONG = GOOD.replace("finishing_stacks = [10300, 9700, 10000]", "finishing_stacks = [1, 2, 3]")


def load_dev() -> ModuleType:
    spec = importlib.util.spec_from_file_location("dev", ROOT / "dev.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def dev(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.delenv(VARIABLE, raising=False)
    monkeypatch.delenv("CI", raising=False)
    return load_dev()


def hands(folder: Path, **files: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / f"{name}.phh").write_text(text)
    return folder


def test_unset_the_replay_is_skipped_and_says_how_to_enable_it(
    dev: ModuleType, capfd: pytest.CaptureFixture[str]
) -> None:
    assert dev.replay_corpus() == 0
    said = capfd.readouterr().out
    assert "corpus replay: skipped" in said
    assert VARIABLE in said


def test_a_named_corpus_that_is_missing_is_skipped_on_a_laptop_and_fails_under_ci(
    dev: ModuleType,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
) -> None:
    missing = tmp_path / "nowhere.tar.gz"
    monkeypatch.setenv(VARIABLE, str(missing))
    assert dev.replay_corpus() == 0
    assert f"skipped; {VARIABLE}={missing} does not exist" in capfd.readouterr().out
    monkeypatch.setenv("CI", "true")
    assert dev.replay_corpus() == 1
    assert f"{VARIABLE}={missing} does not exist" in capfd.readouterr().out


def test_a_folder_of_hands_that_match_passes(
    dev: ModuleType,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
) -> None:
    folder = hands(tmp_path / "corpus" / "deep", one=GOOD, two=GOOD).parent
    monkeypatch.setenv(VARIABLE, str(folder))
    assert dev.replay_corpus() == 0
    assert "2 hands replayed" in capfd.readouterr().err


def test_a_tarball_of_hands_is_unpacked_and_replayed(
    dev: ModuleType,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
) -> None:
    folder = hands(tmp_path / "corpus", one=GOOD)
    tarball = tmp_path / "hands.tar.gz"
    with tarfile.open(tarball, "w:gz") as archive:
        archive.add(folder, arcname="corpus")
    monkeypatch.setenv(VARIABLE, str(tarball))
    assert dev.replay_corpus() == 0
    seen = capfd.readouterr()
    assert "chatdealer replay <hands.tar.gz unpacked>" in seen.out
    assert "1 hands replayed" in seen.err


def test_one_hand_file_is_a_corpus_too(
    dev: ModuleType,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
) -> None:
    one = hands(tmp_path, one=GOOD) / "one.phh"
    monkeypatch.setenv(VARIABLE, str(one))
    assert dev.replay_corpus() == 0
    assert "1 hands replayed" in capfd.readouterr().err


def test_a_hand_that_ends_otherwise_than_recorded_fails_and_is_shown(
    dev: ModuleType,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
) -> None:
    folder = hands(tmp_path / "corpus", good=GOOD, wrong=WRONG)
    monkeypatch.setenv(VARIABLE, str(folder))
    assert dev.replay_corpus() == 1
    shown = [line for line in capfd.readouterr().out.splitlines() if '"ok":false' in line]
    assert len(shown) == 1
    assert "wrong.phh" in shown[0]
    assert "finishing stacks [10300, 9700, 10000] differ" in shown[0]


def test_a_corpus_without_hand_files_fails(
    dev: ModuleType,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "notes.txt").write_text("no hands here")
    monkeypatch.setenv(VARIABLE, str(empty))
    assert dev.replay_corpus() == 1
    assert "holds no .phh or .phhs files" in capfd.readouterr().out
