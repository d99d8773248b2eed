"""The installed package (the Docker image's `pip install .`) carries every file the code reads:
a file of the source tree that no `package-data` pattern names is missing from the wheel, as the
replayer's script and style sheet once were."""

from __future__ import annotations

import subprocess
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_tracked_data_file_of_the_packages_is_in_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns: dict[str, list[str]] = config["tool"]["setuptools"]["package-data"]
    tracked = subprocess.run(
        ["git", "ls-files", "chatdealer", "adapters"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    shipped = {
        path.relative_to(ROOT).as_posix()
        for package, globs in patterns.items()
        for pattern in globs
        for path in (ROOT / package).glob(pattern)
    }
    data = [name for name in tracked if not name.endswith(".py")]
    assert data, "git ls-files found no data files: is this a checkout?"
    assert [name for name in data if name not in shipped] == []
