"""A line of a board run twice, marked with its run: "Second run — River: …" (rules.md §15)."""

from __future__ import annotations

from chatdealer.render.language import Language

RUNS = {1: "First run — {line}", 2: "Second run — {line}"}


def in_run(language: Language, run: int, line: str) -> str:
    """`line` marked with the run it belongs to; as it is for a board run once (`run` 0)."""
    template = RUNS.get(run)
    if template is None or not line:
        return line
    return language.text("run", template).format(line=line)
