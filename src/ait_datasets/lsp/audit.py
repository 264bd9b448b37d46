"""The audit in the editor: the scorecard of the workspace on request (the
``datasets.audit`` command), and an Information diagnostic on each test whose every
classified check is the agent's message (question 2 of ``datasets audit``: the agent's
word is the only evidence).

The audit reads the whole app (its datasets, suites and AL code), so it is never run per
keystroke: :class:`Auditor` runs it in a thread when a document of the app is opened or
saved, when the app's files change on disk (the AL code included) and when the setting is
switched on, and keeps its marks per app. Between two runs a mark follows its test's
line by the line's text (an edit above it moves it; an edit of the line itself hides it
until the next save), so a mark is never shown on another test.

The diagnostics have the source ``datasets audit`` and the question's id
(``state-vs-message``) as their code: not a lint rule (no ``disable=`` suppresses it,
``datasets rules`` does not list it), and the id the audit's JSON and SARIF use.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lsprotocol import types as lsp

from ait_datasets.dataset.app import APP_MANIFEST, app_manifest_folder, app_root
from ait_datasets.lsp.positions import Lines
from ait_datasets.plural import plural

if TYPE_CHECKING:
    from ait_datasets.lsp.convert import Converter

COMMAND = "datasets.audit"
SOURCE = "datasets audit"
CODE = "state-vs-message"
DOCS_URL = (
    "https://github.com/ait-datasets/ait-datasets/blob/main/docs/commands/audit.md"
    "#2-state-vs-message-state-vs-message"
)


@dataclass(frozen=True, slots=True)
class Mark:
    """A test resting on the agent's word alone, where the audit read it."""

    line: int  # 0-based: the test's `name:` line
    start: int  # code-point columns of `name: VALUE` on that line
    end: int
    line_text: str  # the line as the audit read it: where the mark goes after edits
    test: str
    keys: tuple[str, ...]  # its expected_data keys, all compared with the message

    @property
    def message(self) -> str:
        keys = ", ".join(self.keys)
        return (
            f"{self.test}: every check ({keys}) reads the agent's message, none the stored "
            "state: the agent's word is the only evidence. Check what the agent did "
            "(a record read in the test codeunit) as well as what it said."
        )


def audit_folder(path: str) -> str | None:
    """The test app whose AL code the audit follows for the file at ``path``: the folder
    holding its ``.resources`` and an ``app.json`` (None: no AL code to follow)."""
    resources = app_root(path)
    if resources is None:
        return None
    parent = os.path.dirname(resources)
    return parent if os.path.isfile(os.path.join(parent, APP_MANIFEST)) else None


def message_only_marks(folder: str) -> dict[str, tuple[Mark, ...]]:
    """By absolute path, a mark on each test of the app in ``folder`` whose every
    classified check is the agent's message; none when the app has no AL code the audit
    can follow (then every check is unknown, and nothing is said)."""
    from ait_datasets.audit.state_vs_message import rests_on_message, test_checks
    from ait_datasets.audit.suite import read_app
    from ait_datasets.source.tree import Scalar

    app = read_app(folder)
    if not app.has_al:
        return {}
    found: dict[str, list[Mark]] = {}
    texts: dict[str, Lines] = {}
    for test in app.tests:
        checks = test_checks(app, test)
        if not rests_on_message(checks):
            continue
        path = os.path.abspath(test.path)
        if path not in texts:
            texts[path] = _read_lines(path)
        lines = texts[path]
        key = test.node.key_node("name")
        value = test.node.get("name")
        line = (key.span.line if key is not None else test.line) - 1
        if not 0 <= line < len(lines):
            continue
        text = lines.line(line)
        start = key.span.column - 1 if key is not None else len(text) - len(text.lstrip())
        end = len(text.rstrip())
        if isinstance(value, Scalar) and value.span.end_line - 1 == line:
            end = value.span.end_column - 1
        keys = tuple(dict.fromkeys(k for k, _, kind in checks if kind == "message"))
        found.setdefault(path, []).append(Mark(line, start, max(end, start), text, test.name, keys))
    return {path: tuple(marks) for path, marks in found.items()}


def _read_lines(path: str) -> Lines:
    """The file's lines as LSP counts them (as the buffer's are split)."""
    try:
        with open(path, encoding="utf-8-sig", errors="replace", newline="") as fh:
            return Lines(fh.read())
    except OSError:
        return Lines("")


def diagnostics(marks: tuple[Mark, ...], conv: Converter) -> list[lsp.Diagnostic]:
    """The marks as Information diagnostics on the buffer as it is now."""
    out = []
    for mark, line in zip(marks, _lines_of(marks, conv), strict=True):
        if line is None:
            continue
        out.append(
            lsp.Diagnostic(
                range=lsp.Range(conv.position(line, mark.start), conv.position(line, mark.end)),
                message=mark.message,
                severity=lsp.DiagnosticSeverity.Information,
                code=CODE,
                code_description=lsp.CodeDescription(href=DOCS_URL),
                source=SOURCE,
            )
        )
    return out


def _lines_of(marks: tuple[Mark, ...], conv: Converter) -> list[int | None]:
    """Each mark's line in the buffer: where the audit read it, else the one line that
    still reads the same (None: the line was edited, or is no longer unique). The buffer
    is searched once, and only when a mark moved (an edit above it since the audit)."""
    lines = conv.lines
    count = len(lines)
    out: list[int | None] = []
    moved: dict[str, list[int]] = {}
    for mark in marks:
        if mark.line < count and lines.line(mark.line) == mark.line_text:
            out.append(mark.line)
        else:
            out.append(None)
            moved[mark.line_text] = []
    if moved:
        for i in range(count):
            found = moved.get(lines.line(i))
            if found is not None:
                found.append(i)
        for n, mark in enumerate(marks):
            same = moved.get(mark.line_text)
            if out[n] is None and same is not None and len(same) == 1:
                out[n] = same[0]
    return out


class Auditor:
    """The marks of each audited app, computed in a thread, one run per app at a time
    (asked again while one runs: once more after it). ``done(folder)`` is called on the
    loop after each run, ``log(text)`` says what was done."""

    def __init__(self, done: Callable[[str], None], log: Callable[[str], None]) -> None:
        self.by_app: dict[str, dict[str, tuple[Mark, ...]]] = {}
        # Bumped on every run: what was answered from older marks is stale.
        self.generation = 0
        self._done = done
        self._log = log
        self._running: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()
        self._forgotten = 0  # how often forget() was called: a run from before is dropped

    def marks(self, path: str) -> tuple[Mark, ...]:
        folder = audit_folder(path)
        return () if folder is None else self.by_app.get(folder, {}).get(path, ())

    def ensure(self, path: str) -> None:
        """Audit the app of ``path`` unless it was audited already."""
        folder = audit_folder(path)
        if folder is not None and folder not in self.by_app:
            self.request(folder)

    def refresh(self, path: str) -> None:
        """Audit the app of ``path`` again (one of its files was saved)."""
        folder = audit_folder(path)
        if folder is not None:
            self.request(folder)

    def refresh_all(self) -> None:
        """Audit every app audited so far again (files changed on disk)."""
        for folder in list(self.by_app):
            self.request(folder)

    def forget(self) -> None:
        """Drop every mark (the setting was switched off)."""
        self.by_app.clear()
        self.generation += 1
        self._forgotten += 1

    def request(self, folder: str) -> None:
        if folder in self._running:
            self._again.add(folder)
            return
        task = asyncio.get_running_loop().create_task(self._run(folder))
        self._running[folder] = task

    async def _run(self, folder: str) -> None:
        try:
            while True:
                self._again.discard(folder)
                forgotten = self._forgotten
                try:
                    marks = await asyncio.to_thread(message_only_marks, folder)
                except Exception as exc:  # a bug: say so, keep serving without marks
                    self._log(f"internal error auditing {folder}: {exc!r}")
                    marks = {}
                if forgotten != self._forgotten:
                    return
                self.by_app[folder] = marks
                self.generation += 1
                count = sum(len(m) for m in marks.values())
                tests = plural(count, "test")
                self._log(f"audited {folder}: {tests} resting on the agent's word alone")
                self._done(folder)
                if folder not in self._again:
                    return
        finally:
            self._running.pop(folder, None)


# --- the command ------------------------------------------------------------------


def command_folders(argument: Any, workspace_folders: list[str]) -> list[str]:
    """What ``datasets.audit`` audits: the app holding the document its argument names
    (a URI, or ``{"uri": ...}``), else every workspace folder."""
    from ait_datasets.lsp.scope import path_of

    uri = argument.get("uri") if isinstance(argument, dict) else argument
    path = path_of(uri) if isinstance(uri, str) else None
    if path is not None:
        resources = app_root(path)
        folder = audit_folder(path) or resources or app_manifest_folder(path)
        if folder is not None:
            return [folder]
    return [f for f in workspace_folders if os.path.isdir(f)]


@dataclass(frozen=True, slots=True)
class Audited:
    """What ``datasets.audit`` answers: the text renderer's output, the JSON of each
    scorecard, the folders it could not audit (with why), and the short form the
    server shows (the six-line scorecard of each app)."""

    text: str
    scorecards: list[dict[str, object]]
    errors: list[str]
    summary: str

    def result(self) -> dict[str, object]:
        return {"text": self.text, "scorecards": self.scorecards, "errors": self.errors}


def audit_folders(folders: list[str], config_file: str | None) -> Audited:
    """The scorecard of each folder, as ``datasets audit FOLDER [--config FILE]`` would
    print it (without run results: questions 5 and 6 are then unknown)."""
    from ait_datasets.audit import audit
    from ait_datasets.audit.evidence import ManifestError
    from ait_datasets.audit.render_machine import document
    from ait_datasets.audit.render_text import render_text
    from ait_datasets.audit.runs_and_gate import GateError
    from ait_datasets.lint.config_files import ConfigError, audit_settings

    texts: list[str] = []
    docs: list[dict[str, object]] = []
    errors: list[str] = []
    summaries: list[str] = []
    for folder in folders:
        try:
            card = audit(folder, audit_settings(config_file, folder))
        except (ConfigError, GateError, ManifestError) as exc:
            errors.append(f"datasets audit: {exc}")
            continue
        text = render_text(card)
        texts.append(text)
        docs.append(document(card))
        # The six-line scorecard: the text up to its details.
        summaries.append(f"Audit of {card.app}\n" + text.split("\n\n", 1)[0])
    if not folders:
        errors.append("datasets audit: no workspace folder and no document to audit")
    text = "\n".join(texts + [e + "\n" for e in errors])
    return Audited(text, docs, errors, "\n\n".join(summaries + errors))
