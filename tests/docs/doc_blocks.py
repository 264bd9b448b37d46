"""The code blocks of the README and the documentation site, and the commands they show.

A `console` block shows commands (`$ datasets ...`) each followed by its output; an `sh`
block (or a CI recipe's `yaml`) holds command lines to copy. Both are read here, once, for
the tests that run and parse them.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
# The README, every page of the site, and the hand-written part of the rules' index.
DOC_FILES = (REPO / "README.md", *sorted((REPO / "docs").rglob("*.md")))

_FENCE = re.compile(r"^(?P<indent> *)(?P<fence>`{3,})(?P<info>[^`\n]*)$")
# Shell operators that end one command and start another (or redirect its output).
_OPERATORS = frozenset({"&&", "||", ";", "|", ">", ">>", "2>", "<"})
# A CI recipe's step that runs a command: `- run: ...`, `- script: ...`, `- ...`.
_YAML_COMMAND = re.compile(r"^\s*(?:-\s+)?(?:(?:run|script):\s+)?(?:-\s+)?(?P<line>datasets\s.*)$")


@dataclass(frozen=True)
class Block:
    """One fenced code block: where it starts (1-based line of its body) and its text."""

    path: Path
    line: int
    language: str
    text: str

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(REPO).as_posix()}:{self.line}"


@dataclass(frozen=True)
class Command:
    """A `$ datasets ...` line of a console block (its arguments) and the output shown."""

    block: Block
    line: int
    argv: tuple[str, ...]
    output: str

    @property
    def where(self) -> str:
        return f"{self.block.path.relative_to(REPO).as_posix()}:{self.line}"


def blocks(path: Path) -> list[Block]:
    """Every fenced block of a Markdown file (nested fences are kept in their block)."""
    out: list[Block] = []
    lines = path.read_text(encoding="utf-8").split("\n")
    i = 0
    while i < len(lines):
        opening = _FENCE.match(lines[i])
        if opening is None:
            i += 1
            continue
        fence = opening["fence"]
        language = opening["info"].strip().split(" ")[0] if opening["info"].strip() else ""
        end = i + 1
        while end < len(lines) and lines[end].strip() != fence:
            end += 1
        body = [line[len(opening["indent"]) :] for line in lines[i + 1 : end]]
        out.append(Block(path, i + 2, language, "\n".join(body) + "\n"))
        i = end + 1
    return out


def all_blocks(*languages: str) -> list[Block]:
    return [b for path in DOC_FILES for b in blocks(path) if b.language in languages]


def console_commands(block: Block) -> list[Command]:
    """The `$ ` commands of a console block, with the lines up to the next `$ ` as output."""
    commands: list[Command] = []
    lines = block.text.split("\n")[:-1]
    i = 0
    while i < len(lines):
        if not lines[i].startswith("$ "):
            i += 1
            continue
        start = i
        text = lines[i][2:]
        while text.endswith("\\") and i + 1 < len(lines):
            i += 1
            text = text[:-1] + " " + lines[i].strip()
        i += 1
        output_start = i
        while i < len(lines) and not lines[i].startswith("$ "):
            i += 1
        output = "".join(line + "\n" for line in lines[output_start:i])
        argv = tuple(shlex.split(text, comments=True))
        commands.append(Command(block, block.line + start, argv, output))
    return commands


def command_lines(block: Block) -> list[tuple[int, str]]:
    """(line, text) of every command line of an `sh` or CI `yaml` block, `\\` lines joined."""
    out: list[tuple[int, str]] = []
    lines = block.text.split("\n")
    i = 0
    while i < len(lines):
        start = i
        text = lines[i]
        while text.rstrip().endswith("\\") and i + 1 < len(lines):
            i += 1
            text = text.rstrip()[:-1] + " " + lines[i].strip()
        i += 1
        if block.language == "yaml":
            match = _YAML_COMMAND.match(text)
            if match is None:
                continue
            text = match["line"]
        out.append((block.line + start, text))
    return out


def datasets_invocations(text: str) -> list[list[str]]:
    """The argument lists of every `datasets ...` command on one shell line.

    The line is cut at shell operators (`&&`, `|`, `>`, ...): `pip install -e . && datasets
    lint examples/` holds one, `datasets schema > x.json && check-jsonschema ...` one too
    (the redirection's target is not an argument).
    """
    words = shlex.split(text, comments=True)
    found: list[list[str]] = []
    current: list[str] | None = None
    skip_next = False
    for word in words:
        if skip_next:
            skip_next = False
            continue
        if word in _OPERATORS:
            if current is not None:
                found.append(current)
            current = None
            skip_next = word in {">", ">>", "2>", "<"}
            continue
        if current is None:
            current = [] if word == "datasets" else None
            if current is None:
                # Another program's command: skip to the next operator.
                current = _NOT_OURS
            continue
        if current is not _NOT_OURS:
            current.append(word)
    if current is not None:
        found.append(current)
    return [args for args in found if args is not _NOT_OURS]


_NOT_OURS: list[str] = []
