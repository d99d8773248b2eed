"""Reference pictures kept as fixtures (card images, replayer screenshots): written anew on
purpose with ``CHATDEALER_UPDATE_FIXTURES=1``, otherwise compared, and on a mismatch the new
picture kept beside the test's files for a person to look at."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image

UPDATE = os.environ.get("CHATDEALER_UPDATE_FIXTURES") == "1"


def reference_of(png: bytes, reference: Path) -> tuple[Image.Image, Image.Image] | None:
    """The new picture and its reference, as RGB; None when the references are being written
    (`png` then is the reference)."""
    if UPDATE:
        reference.parent.mkdir(exist_ok=True)
        reference.write_bytes(png)
        return None
    assert reference.exists(), f"{reference} is missing: run with CHATDEALER_UPDATE_FIXTURES=1"
    actual = Image.open(io.BytesIO(png)).convert("RGB")
    return actual, Image.open(reference).convert("RGB")


def fail_unlike(png: bytes, reference: Path, kept: Path, command: str, how: str = "") -> None:
    drawn = kept / reference.name
    drawn.write_bytes(png)
    pytest.fail(
        f"{reference.name} no longer looks like its reference ({reference}){how}. The new "
        f"picture is at {drawn}: look at both, and if the change is meant, regenerate the "
        f"references with CHATDEALER_UPDATE_FIXTURES=1 {command}"
    )
