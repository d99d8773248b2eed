"""What `chatdealer verify` says, in the reader's language: a report's lines translated.

The lines and problems are codes with parameters (`chatdealer.proof_files`, `fairness.PROBLEMS`)
whose English templates are the catalog ids, in the context ``verify``; a translation whose
placeholders do not match falls back to the English.
"""

from __future__ import annotations

from collections.abc import Mapping

from chatdealer.fairness import PROBLEMS as PROOF_PROBLEMS
from chatdealer.proof_files import LINES, PROBLEMS, UNREADABLE, Line, Report
from chatdealer.render.language import Language

TEMPLATES: dict[str, str] = {**LINES, **PROOF_PROBLEMS, **PROBLEMS, **UNREADABLE}


def line_text(line: Line, language: Language) -> str:
    params = dict(line.params)
    if line.code == "fails":
        problem = params.pop("problem", "")
        return _said(language, "fails", {"problem": _said(language, problem, params)})
    return _said(language, line.code, params)


def report_text(report: Report, language: Language) -> list[str]:
    return [line_text(line, language) for line in report.lines]


def _said(language: Language, code: str, params: Mapping[str, str]) -> str:
    english = TEMPLATES.get(code)
    if english is None:
        return code
    try:
        return language.text("verify", english).format(**params)
    except (KeyError, IndexError, ValueError):
        return english.format(**params)
