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
CORPUS_VARIABLE = "CHATDEALER_PHH_CORPUS"
"""Where the optional corpus replay finds real hands: a folder of .phh/.phhs files (searched
recursively), one such file, or a .tar.gz of them. Unset, the replay is skipped."""
HAND_FILES = (".phh", ".phhs")
ARCHIVES = (".tar.gz", ".tgz", ".tar")
SHOWN_FAILURES = 5


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


def replay_corpus() -> int:
    """Replay every hand of the PHH corpus named by $CHATDEALER_PHH_CORPUS, if any: each must end
    with the finishing stacks it records. Under CI a corpus that is named but missing fails."""
    configured = os.environ.get(CORPUS_VARIABLE, "").strip()
    if not configured:
        print(
            f"== corpus replay: skipped; to replay real hands, set {CORPUS_VARIABLE} to a folder "
            "of .phh/.phhs files or a .tar.gz of them",
            flush=True,
        )
        return 0
    corpus = Path(configured).expanduser().absolute()
    if not corpus.exists():
        if os.environ.get("CI"):
            print(f"== corpus replay: {CORPUS_VARIABLE}={configured} does not exist", flush=True)
            return 1
        print(
            f"== corpus replay: skipped; {CORPUS_VARIABLE}={configured} does not exist", flush=True
        )
        return 0
    if corpus.is_file() and corpus.name.endswith(ARCHIVES):
        with tempfile.TemporaryDirectory() as folder:
            with tarfile.open(corpus) as archive:
                archive.extractall(folder, filter="data")
            return _replay(Path(folder), f"<{corpus.name} unpacked>")
    return _replay(corpus, str(corpus))


def _replay(source: Path, shown_as: str) -> int:
    """`chatdealer replay` over the corpus, its verdict and the first hands that disagree."""
    if source.is_dir():
        found = any(p.suffix in HAND_FILES for p in source.rglob("*") if p.is_file())
    else:
        found = source.suffix in HAND_FILES
    if not found:
        print(f"== corpus replay: {shown_as} holds no .phh or .phhs files", flush=True)
        return 1
    print(f"== corpus replay: chatdealer replay {shown_as}", flush=True)
    command = [str(BIN / "chatdealer"), "replay", str(source)]
    replayed = subprocess.run(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    failures = [line for line in replayed.stdout.splitlines() if '"ok":false' in line]
    for line in failures[:SHOWN_FAILURES]:
        print(f"   {line}", flush=True)
    if len(failures) > SHOWN_FAILURES:
        print(f"   ... and {len(failures) - SHOWN_FAILURES} more", flush=True)
    return replayed.returncode


def test() -> int:
    ensure_venv(["dev"])
    steps = [
        ("lint", [str(BIN / "ruff"), "check", "."]),
        ("format", [str(BIN / "ruff"), "format", "--check", "."]),
        ("types", [str(BIN / "mypy")]),
        ("tests", [str(PYTHON), "-m", "pytest", "--durations=15", *sys.argv[2:]]),
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
    child = subprocess.Popen([str(BIN / "chatdealer"), *sys.argv[2:]], cwd=ROOT)
    while True:
        try:
            return child.wait()
        except KeyboardInterrupt:  # Ctrl-C reaches the dealer too, which leaves its seat
            continue


def main() -> int:
    commands = {"run": run, "test": test}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        print("usage: python3 dev.py run [ARGS...] | python3 dev.py test [PYTEST ARGS...]")
        return 2
    return commands[sys.argv[1]]()


if __name__ == "__main__":
    sys.exit(main())
