"""The README and the pages in docs/ stay true to the repository they describe.

They never point outside it (not at a path of the machine they were written on), every relative
link finds its file and every anchor its heading, the LICENSE is the licence pyproject.toml names,
every environment variable the code reads is written down, CI runs the README's own test command,
and the command table keeps the markers its generator writes between. Each check is a function of
a repository root, so the tests below also run it on a small made-up repository to show it fails.
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

OUTSIDE = ("../shared", "shared/", "/work/")
"""Paths of the machine the project is developed on; a reader of the docs has none of them."""

SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)
FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"(`+)(?:.+?)\1", re.DOTALL)
INLINE_LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+\"[^\"]*\")?\s*$", re.MULTILINE)
HTML_LINK = re.compile(r"""\b(?:href|src)\s*=\s*["']([^"']+)["']""")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.+?)\s*#*\s*$", re.MULTILINE)

LICENCES = {
    "MIT": (
        "MIT License",
        "Permission is hereby granted, free of charge, to any person obtaining a copy of this "
        "software and associated documentation files",
        'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND',
    ),
    "Apache-2.0": ("Apache License", "Version 2.0, January 2004"),
    "BSD-3-Clause": (
        "Redistribution and use in source and binary forms, with or without modification",
        "Neither the name of the copyright holder nor the names of its contributors",
    ),
}
"""Phrases that identify a licence's text (whitespace aside), by the SPDX id pyproject uses."""

LICENCE_NAMES = {"mit": "MIT", "mit license": "MIT", "apache-2.0": "Apache-2.0"}

CODE = ("chatdealer", "adapters", "dev.py")
VARIABLE_NAME = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$")
COMMANDS_BEGIN = "<!-- commands:begin -->"
COMMANDS_END = "<!-- commands:end -->"


def pages(root: Path) -> list[Path]:
    """The README and every page under docs/."""
    docs = root / "docs"
    found = sorted(docs.rglob("*.md")) if docs.is_dir() else []
    return [root / "README.md", *found]


def prose(text: str) -> str:
    """The text without fenced code blocks and code spans, where a link is no link."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def links(text: str) -> list[str]:
    body = prose(text)
    return [
        *INLINE_LINK.findall(body),
        *REFERENCE.findall(body),
        *HTML_LINK.findall(body),
    ]


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to '-'."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link keeps its words
    text = text.replace("`", "").strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(text: str) -> set[str]:
    """Every heading's anchor, the second of a name suffixed -1, the third -2, as GitHub does."""
    seen: dict[str, int] = {}
    found = set()
    for _, heading in HEADING.findall(FENCE.sub("", text)):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    found |= set(re.findall(r"""<a\s+(?:name|id)\s*=\s*["']([^"']+)["']""", text))
    return found


def paths_outside(root: Path) -> list[str]:
    problems = []
    for page in pages(root):
        text = page.read_text(encoding="utf-8")
        for number, line in enumerate(text.splitlines(), start=1):
            named = next((outside for outside in OUTSIDE if outside in line), None)
            if named is not None:
                where = page.relative_to(root)
                problems.append(f"{where}:{number} names {named!r}: {line.strip()}")
    return problems


def broken_links(root: Path) -> list[str]:
    """Relative links whose file is missing or outside the repository, or whose anchor is."""
    problems = []
    top = root.resolve()
    for page in pages(root):
        text = page.read_text(encoding="utf-8")
        where = page.relative_to(root)
        for target in links(text):
            if SCHEME.match(target) or target.startswith("//"):
                continue  # a web address: not the repository's to keep
            path, _, fragment = target.partition("#")
            if not path:
                if fragment not in anchors(text):
                    problems.append(f"{where}: #{fragment} is no heading of this page")
                continue
            file = (page.parent / path).resolve()
            if not file.is_relative_to(top):
                problems.append(f"{where}: {target} points outside the repository")
            elif not file.exists():
                problems.append(f"{where}: {target} does not exist")
            elif (
                fragment
                and file.suffix == ".md"
                and fragment not in anchors(file.read_text(encoding="utf-8"))
            ):
                problems.append(f"{where}: {target}: no such heading in {path}")
    return problems


def declared_licence(root: Path) -> str:
    """The SPDX id pyproject.toml gives (``license = "MIT"`` or ``license = {text = "MIT"}``)."""
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    licence = project.get("license")
    if isinstance(licence, dict):
        licence = licence.get("text")
    if not isinstance(licence, str):
        raise AssertionError("pyproject.toml names no licence (project.license)")
    return LICENCE_NAMES.get(licence.strip().lower(), licence.strip())


def licence_problems(root: Path) -> list[str]:
    declared = declared_licence(root)
    if declared not in LICENCES:
        return [f"pyproject.toml names {declared}: add the phrases of its text to LICENCES"]
    file = root / "LICENSE"
    if not file.exists():
        return ["there is no LICENSE file"]
    text = " ".join(file.read_text(encoding="utf-8").split())
    matching = {
        spdx for spdx, phrases in LICENCES.items() if all(phrase in text for phrase in phrases)
    }
    problems = []
    if matching != {declared}:
        found = ", ".join(sorted(matching)) or "no licence this test knows"
        problems.append(f"pyproject.toml names {declared}, LICENSE holds {found}")
    if not re.search(r"Copyright \(c\) \d{4} \S", text):
        problems.append("LICENSE has no 'Copyright (c) <year> <holder>' line")
    return problems


def _constants(tree: ast.Module) -> dict[str, str]:
    """The module's top-level string constants, by name."""
    found = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            value = node.value.value
            for target in node.targets:
                if isinstance(target, ast.Name) and isinstance(value, str):
                    found[target.id] = value
    return found


def _is_environment(node: ast.expr) -> bool:
    """`os.environ`, `environ` or a mapping named `env` (how the settings code takes it)."""
    if isinstance(node, ast.Attribute):
        return node.attr == "environ"
    return isinstance(node, ast.Name) and node.id in ("env", "environ")


def _variable_read(node: ast.AST, constants: dict[str, str]) -> str | None:
    """The variable a node reads from the environment, if it reads one by name."""

    def named(expr: ast.expr) -> str | None:
        if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
            return expr.value
        if isinstance(expr, ast.Name):
            return constants.get(expr.id)
        return None

    if isinstance(node, ast.Subscript) and _is_environment(node.value):
        return named(node.slice)  # os.environ["X"]
    if not isinstance(node, ast.Call) or not node.args:
        return None
    func = node.func
    if isinstance(func, ast.Attribute) and func.attr == "get" and _is_environment(func.value):
        return named(node.args[0])  # env.get("X"), os.environ.get(X)
    if isinstance(func, ast.Attribute) and func.attr == "getenv":
        return named(node.args[0])  # os.getenv("X")
    if any(_is_environment(arg) for arg in node.args):
        texts = (named(arg) for arg in node.args)  # a helper handed both: _integer(env, "X")
        return next((text for text in texts if text and VARIABLE_NAME.match(text)), None)
    return None


def variables_read(root: Path) -> set[str]:
    """Environment variables the product's code reads by name."""
    files: list[Path] = []
    for part in CODE:
        path = root / part
        if path.is_dir():
            files += sorted(path.rglob("*.py"))
        elif path.is_file():
            files.append(path)
    found: set[str] = set()
    for file in files:
        tree = ast.parse(file.read_text(encoding="utf-8"))
        constants = _constants(tree)
        for node in ast.walk(tree):
            variable = _variable_read(node, constants)
            if variable is not None:
                found.add(variable)
    return found


def undocumented_variables(root: Path) -> list[str]:
    text = "\n".join(page.read_text(encoding="utf-8") for page in pages(root))
    return sorted(
        name for name in variables_read(root) if not re.search(rf"\b{re.escape(name)}\b", text)
    )


def quick_start_commands(root: Path) -> list[str]:
    """The commands of the README's first code block under "Quick start", comments cut."""
    readme = (root / "README.md").read_text(encoding="utf-8")
    section = readme.partition("\n## Quick start\n")[2]
    block = re.search(r"```\w*\n(.*?)```", section, re.DOTALL)
    assert block is not None, "README's Quick start has no code block"
    lines = (line.partition("#")[0].strip() for line in block[1].splitlines())
    return [line for line in lines if line]


def ci_command(root: Path) -> str:
    """The last command .ci/run runs."""
    lines = (root / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    commands = [
        line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")
    ]
    return commands[-1]


# -- the repository ------------------------------------------------------------------------------


def test_no_page_names_a_path_outside_the_repository() -> None:
    assert paths_outside(ROOT) == []


def test_every_relative_link_finds_its_file_and_heading() -> None:
    assert broken_links(ROOT) == []


def test_the_licence_file_is_the_licence_pyproject_names() -> None:
    assert declared_licence(ROOT) == "MIT"
    assert licence_problems(ROOT) == []


def test_every_environment_variable_the_code_reads_is_documented() -> None:
    read = variables_read(ROOT)
    assert {"REDIS_URL", "DISCORD_TOKEN", "TELEGRAM_TOKEN", "CHATDEALER_PHH_CORPUS"} <= read
    assert undocumented_variables(ROOT) == []


def test_ci_runs_the_readme_test_command() -> None:
    assert quick_start_commands(ROOT) == ["python3 dev.py run", "python3 dev.py test"]
    assert ci_command(ROOT) == "python3 dev.py test"


def test_the_command_table_sits_between_its_markers_in_chat_commands() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme.count(COMMANDS_BEGIN) == 1
    assert readme.count(COMMANDS_END) == 1
    begin, end = readme.index(COMMANDS_BEGIN), readme.index(COMMANDS_END)
    assert begin < end
    headings = re.findall(r"^## (.+)$", readme[:begin], re.MULTILINE)
    assert headings[-1] == "Chat commands"
    assert "\n## " not in readme[begin:end]
    assert "|" in readme[begin:end], "the markers hold no table"


# -- the checks fail when they should ------------------------------------------------------------


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A repository whose docs are in order: a README, one page, an MIT LICENSE."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "README.md").write_text(
        "# Title\n\n## Quick start\n\n```sh\npython3 dev.py run   # run\npython3 dev.py test\n```\n"
        "\nSee [the rules](docs/rules.md#1-decks), [start](#quick-start), "
        "[the web](https://example.com/x.md) and `[code](nowhere.md)`.\n"
        "Set `TABLE_COLOUR` to paint the table.\n",
        encoding="utf-8",
    )
    (tmp_path / "docs" / "rules.md").write_text(
        "# Rules\n\n## 1. Decks\n\nBack to [the README](../README.md).\n", encoding="utf-8"
    )
    mit = (ROOT / "LICENSE").read_text(encoding="utf-8")
    (tmp_path / "LICENSE").write_text(mit, encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "x"\nlicense = { text = "MIT" }\n', encoding="utf-8"
    )
    (tmp_path / "chatdealer").mkdir()
    (tmp_path / "chatdealer" / "paint.py").write_text(
        'import os\nCOLOUR = "TABLE_COLOUR"\n\ndef colour() -> str | None:\n'
        "    return os.environ.get(COLOUR)\n",
        encoding="utf-8",
    )
    (tmp_path / ".ci").mkdir()
    (tmp_path / ".ci" / "run").write_text("#!/bin/sh\n# CI\npython3 dev.py test\n")
    return tmp_path


def test_a_repository_in_order_passes_every_check(repo: Path) -> None:
    assert paths_outside(repo) == []
    assert broken_links(repo) == []
    assert licence_problems(repo) == []
    assert variables_read(repo) == {"TABLE_COLOUR"}
    assert undocumented_variables(repo) == []
    assert quick_start_commands(repo) == ["python3 dev.py run", "python3 dev.py test"]
    assert ci_command(repo) == "python3 dev.py test"


def test_a_path_of_the_development_machine_is_caught(repo: Path) -> None:
    page = repo / "docs" / "rules.md"
    page.write_text(page.read_text() + "\nThe sources are in `../shared/seeds`.\n")
    assert paths_outside(repo) == [
        "docs/rules.md:7 names '../shared': The sources are in `../shared/seeds`."
    ]


def test_a_link_to_a_missing_file_is_caught(repo: Path) -> None:
    readme = repo / "README.md"
    readme.write_text(readme.read_text() + "\n![a picture](docs/board.png)\n")
    assert broken_links(repo) == ["README.md: docs/board.png does not exist"]


def test_a_link_to_a_missing_heading_is_caught(repo: Path) -> None:
    readme = repo / "README.md"
    readme.write_text(readme.read_text() + "\n[decks](docs/rules.md#2-decks) [x](#deploying)\n")
    assert broken_links(repo) == [
        "README.md: docs/rules.md#2-decks: no such heading in docs/rules.md",
        "README.md: #deploying is no heading of this page",
    ]


def test_a_link_out_of_the_repository_is_caught(repo: Path) -> None:
    page = repo / "docs" / "rules.md"
    page.write_text(page.read_text() + "\n[design](../../DESIGN.md)\n")
    assert broken_links(repo) == ["docs/rules.md: ../../DESIGN.md points outside the repository"]


def test_a_licence_other_than_the_one_pyproject_names_is_caught(repo: Path) -> None:
    (repo / "LICENSE").write_text(
        "Apache License\nVersion 2.0, January 2004\n\nCopyright (c) 2026 someone\n"
    )
    assert licence_problems(repo) == ["pyproject.toml names MIT, LICENSE holds Apache-2.0"]
    (repo / "LICENSE").unlink()
    assert licence_problems(repo) == ["there is no LICENSE file"]


def test_a_licence_without_its_copyright_line_is_caught(repo: Path) -> None:
    licence = repo / "LICENSE"
    licence.write_text(re.sub(r"Copyright.*\n", "", licence.read_text()))
    assert licence_problems(repo) == ["LICENSE has no 'Copyright (c) <year> <holder>' line"]


def test_a_variable_read_but_never_written_down_is_caught(repo: Path) -> None:
    (repo / "chatdealer" / "deal.py").write_text(
        "import os\n\ndef speed(env: dict[str, str]) -> str:\n"
        '    seats = number(env, "DEAL_SEATS")\n'
        '    return env.get("DEAL_SPEED", "") + os.environ["DEAL_STYLE"] + seats\n'
    )
    assert undocumented_variables(repo) == ["DEAL_SEATS", "DEAL_SPEED", "DEAL_STYLE"]


def test_a_ci_script_that_runs_another_command_is_caught(repo: Path) -> None:
    (repo / ".ci" / "run").write_text("#!/bin/sh\npython3 -m pytest\n")
    assert ci_command(repo) != quick_start_commands(repo)[-1]
