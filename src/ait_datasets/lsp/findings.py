"""Our findings as the client is shown them, in the LSP's JSON, without lsprotocol.

The server's lsprotocol objects (:func:`ait_datasets.lsp.convert.to_lsp`) and its
answers before pygls is loaded (:mod:`ait_datasets.lsp.opening`) are both made from the
ranges, severities and related files decided here; a test holds pygls's JSON of the
former to the JSON made here. This module imports nothing of pygls's typed world: the
opening runs while another thread is still importing it.
"""

from __future__ import annotations

import re
from typing import Any

from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.lsp.positions import Lines, to_client_column

SOURCE = "datasets"
# Each rule's page: the README's rules table (`datasets rules CODE` prints the full page).
RULES_URL = "https://github.com/ait-datasets/ait-datasets/blob/main/README.md#rules"
# LSP's DiagnosticSeverity numbers.
SEVERITY = {Severity.ERROR: 1, Severity.WARNING: 2, Severity.INFO: 3}
# A finding's message names another file of the app (cross-file rules do).
_NAMES_FILE = re.compile(r"\.(?:ya?ml|jsonl?|xml)\b")
RELATED_MESSAGE = "the other file"

Span = tuple[tuple[int, int], tuple[int, int]]


def rule_url(code: str) -> str:
    """The page of a rule: the README's rules table for now (it has no anchor per rule;
    `datasets rules CODE` prints the full page)."""
    return RULES_URL


def names_a_file(message: str) -> bool:
    return _NAMES_FILE.search(message) is not None


def file_uri(path: str) -> str:
    """The ``file:`` URI of a path, as pygls writes it."""
    from pygls.uris import from_fs_path  # plain functions: no lsprotocol behind them

    return from_fs_path(path) or path


def client_position(lines: Lines, encoding: str, line: int, column: int) -> tuple[int, int]:
    """A 0-based line and code-point column as the client's line and character."""
    return line, to_client_column(lines.line(line), column, encoding)


def diagnostic_span(lines: Lines, encoding: str, diag: Diagnostic) -> Span:
    """Where ``diag`` is underlined: its start and end in the client's units."""
    start = client_position(lines, encoding, diag.line - 1, diag.column - 1)
    end = client_position(lines, encoding, diag.end_line - 1, diag.end_column - 1)
    if end <= start:
        # A whole-file finding (1:1): show it under the first line, not as a dot.
        text = lines.line(start[0])
        end = client_position(lines, encoding, start[0], len(text)) if text.strip() else start
    return start, end


def _range_json(span: Span) -> dict[str, Any]:
    (line, character), (end_line, end_character) = span
    return {
        "start": {"line": line, "character": character},
        "end": {"line": end_line, "character": end_character},
    }


def diagnostic_json(
    diag: Diagnostic, lines: Lines, encoding: str, related_uris: list[str] | None = None
) -> dict[str, Any]:
    """One finding as a JSON ``Diagnostic``; ``related_uris`` are the other files it names."""
    out: dict[str, Any] = {
        "range": _range_json(diagnostic_span(lines, encoding, diag)),
        "message": diag.message,
        "severity": SEVERITY[diag.severity],
        "code": diag.code,
        "codeDescription": {"href": rule_url(diag.code)},
        "source": SOURCE,
    }
    if related_uris:
        out["relatedInformation"] = [
            {
                "location": {"uri": uri, "range": _range_json(((0, 0), (0, 0)))},
                "message": RELATED_MESSAGE,
            }
            for uri in related_uris
        ]
    return out


def related_files(diagnostics: list[Diagnostic], path: str) -> list[list[str] | None]:
    """For each finding, the app's other files its message names (None: it names none)."""
    from ait_datasets.lsp.linting import app_files_named, other_app_files

    # The app's files, listed once for all the findings that name one.
    others: list[str] | None = None
    out: list[list[str] | None] = []
    for diag in diagnostics:
        related = None
        if names_a_file(diag.message):
            others = other_app_files(path) if others is None else others
            related = app_files_named(diag.message, path, others)
        out.append(related)
    return out


def configuration_error_json(error: str) -> dict[str, Any]:
    """The finding that says the file's configuration is invalid (shown at 1:1, first)."""
    return {
        "range": _range_json(((0, 0), (0, 0))),
        "message": error,
        "severity": SEVERITY[Severity.ERROR],
        "source": SOURCE,
    }


def diagnostics_json(
    found: list[Diagnostic], error: str | None, path: str, lines: Lines, encoding: str
) -> list[dict[str, Any]]:
    """A lint's findings of ``path`` as the server sends them (a configuration problem
    first)."""
    out = [
        diagnostic_json(diag, lines, encoding, [file_uri(p) for p in files] if files else None)
        for diag, files in zip(found, related_files(found, path), strict=True)
    ]
    if error is not None:
        out.insert(0, configuration_error_json(error))
    return out
