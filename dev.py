"""The two quick-start commands: `python3 dev.py run` and `python3 dev.py test`.

Each makes `.venv` when it is missing and installs what the command needs, so a fresh machine
with only Python 3.11+ gets from a clone to a running dealer or a full test run in one step.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
CORPUS_CANDIDATES = [ROOT.parent / "shared" / "phh" / "holdem-hands.tar.gz"]


def ensure_venv(extras: list[str]) -> None:
    """Create the virtual environment and install the project with `extras` when out of date."""
    if sys.version_info < (3, 11):  # noqa: UP036 - a friendly word for older Pythons
        sys.exit("chatdealer needs Python 3.11 or newer")
    if not PYTHON.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    spec = "." + (f"[{','.join(sorted(extras))}]" if extras else "")
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + spec.encode()).hexdigest()
    stamp = VENV / f".installed-{digest[:16]}"
    if stamp.exists():
        return
    pip = [str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "-e", spec], cwd=ROOT, check=True)
    for old in VENV.glob(".installed-*"):
        old.unlink()
    stamp.touch()


def run_step(title: str, command: list[str]) -> int:
    print(f"== {title}: {' '.join(command)}", flush=True)
    return subprocess.run(command, cwd=ROOT).returncode


def find_corpus() -> Path | None:
    configured = os.environ.get("CHATDEALER_PHH_CORPUS")
    candidates = [Path(configured)] if configured else CORPUS_CANDIDATES
    return next((path for path in candidates if path.exists()), None)


def replay_corpus() -> int:
    """Replay the real hands of the shared PHH corpus; every hand must match its record."""
    corpus = find_corpus()
    if corpus is None:
        if os.environ.get("CI"):
            print("== corpus: ../shared/phh/holdem-hands.tar.gz is missing", flush=True)
            return 1
        print("== corpus: not found, replay skipped (set CHATDEALER_PHH_CORPUS)", flush=True)
        return 0
    with tempfile.TemporaryDirectory() as folder:
        with tarfile.open(corpus) as archive:
            archive.extractall(folder, filter="data")
        command = [str(BIN / "chatdealer"), "replay", folder]
        print(f"== corpus replay: chatdealer replay <{corpus.name} unpacked>", flush=True)
        with open(os.devnull, "w") as sink:
            return subprocess.run(command, cwd=ROOT, stdout=sink).returncode


def test() -> int:
    ensure_venv(["dev"])
    steps = [
        ("lint", [str(BIN / "ruff"), "check", "."]),
        ("format", [str(BIN / "ruff"), "format", "--check", "."]),
        ("types", [str(BIN / "mypy")]),
        ("tests", [str(PYTHON), "-m", "pytest", *sys.argv[2:]]),
    ]
    failed = [title for title, command in steps if run_step(title, command) != 0]
    if replay_corpus() != 0:
        failed.append("corpus replay")
    print("== failed: " + ", ".join(failed) if failed else "== all checks passed", flush=True)
    return 1 if failed else 0


def run() -> int:
    extras = [
        name
        for name, token in (("discord", "DISCORD_TOKEN"), ("telegram", "TELEGRAM_TOKEN"))
        if os.environ.get(token)
    ]
    ensure_venv(extras)
    return subprocess.run([str(BIN / "chatdealer"), *sys.argv[2:]], cwd=ROOT).returncode


def main() -> int:
    commands = {"run": run, "test": test}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        print("usage: python3 dev.py run [ARGS...] | python3 dev.py test [PYTEST ARGS...]")
        return 2
    return commands[sys.argv[1]]()


if __name__ == "__main__":
    sys.exit(main())
