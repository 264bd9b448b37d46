"""Completion: the keys the framework reads, intervention types, suite-setup names,
suggestion codes, language tags, DateFormula units and placeholder snippets, chosen by
where the cursor is (see :mod:`.context` and :mod:`.key_context`)."""

from __future__ import annotations

import os
import re

from lsprotocol import types as lsp

from ait_datasets.lint.config import LintConfig
from ait_datasets.lsp.context import ancestors, own_key
from ait_datasets.lsp.key_context import key_place
from ait_datasets.lsp.key_items import key_items, keys_for
from ait_datasets.lsp.positions import Lines
from ait_datasets.placeholders.formula import UNIT_NAMES

# A top-level `suite_setup:` with nothing after it: the file is a suite-setup file.
_SETUP_FILE = re.compile(r"(?m)^suite_setup:[ \t]*(?:#.*)?$")
# Labels of the app's AL code whose name says they are suggestion codes, e.g.
# `ApproveSuggestionCodeLbl: Label 'APPROVE', Locked = true;`.
_AL_SUGGESTION = re.compile(r"(?im)^\s*\w*suggestion\w*\s*:\s*label\s*'(?P<code>[^']+)'")
_SNIPPETS = (
    ("$DateFormula-<CD>$", "$DateFormula-<${1:CD+1D}>$", "a date from the work date"),
    (
        "$DateTimeFormula-<CD>-HH:MM:SS$",
        "$DateTimeFormula-<${1:CD}>-${2:09:00:00}$",
        "a date and time from the work date",
    ),
)
_TERMS = (
    ("CD", "the current day"),
    ("CW", "the end of the current week (-CW: its start)"),
    ("CM", "the end of the current month (-CM: its start)"),
    ("CQ", "the end of the current quarter (-CQ: its start)"),
    ("CY", "the end of the current year (-CY: its start)"),
    ("WD1", "the next Monday (WD1..WD7)"),
    ("D1", "the next 1st of a month (D1..D31)"),
)


def items_at(
    text: str, path: str, line: int, column: int, config: LintConfig
) -> list[lsp.CompletionItem]:
    lines = Lines(text)
    here = lines.line(line)
    before = here[:column]
    open_formula = before.rfind("Formula-<")
    if (
        open_formula >= 0
        and ">" not in before[open_formula:]
        and "$" not in before[open_formula + 9 :]
    ):
        return _formula_items()
    key = own_key(here)
    keys = ancestors(lines, line)
    if key == "type" and keys[-1:] == ["intervention_request"]:
        return _plain(
            config.intervention_types, "intervention type", lsp.CompletionItemKind.EnumMember
        )
    if key == "suite_setup" and not here.startswith(" "):
        return _plain(
            _suite_setup_names(path), "suite setup of the app", lsp.CompletionItemKind.Reference
        )
    if (key == "suggestion" and keys[-1:] == ["intervention"]) or (
        key is None and keys[-2:] == ["intervention_request", "suggestions"]
    ):
        return _plain(
            _suggestion_codes(text, path), "suggestion code", lsp.CompletionItemKind.Value
        )
    if key == "language" and not here.startswith(" "):
        return _plain(_language_tags(), "Windows language tag", lsp.CompletionItemKind.Value)
    if path.lower().endswith((".yaml", ".yml")):
        place = key_place(lines, line, column)
        if place is not None:
            known = keys_for(place.path, _SETUP_FILE.search(text) is not None)
            if known:
                return key_items(known, place.present, place.dash)
    if ":" in before or before.lstrip().startswith("- "):
        return _snippets()
    return []


def _plain(values: object, detail: str, kind: lsp.CompletionItemKind) -> list[lsp.CompletionItem]:
    assert isinstance(values, (list, tuple))
    return [lsp.CompletionItem(label=v, kind=kind, detail=detail) for v in values]


def _snippets() -> list[lsp.CompletionItem]:
    return [
        lsp.CompletionItem(
            label=label,
            kind=lsp.CompletionItemKind.Snippet,
            detail=detail,
            insert_text=snippet,
            insert_text_format=lsp.InsertTextFormat.Snippet,
        )
        for label, snippet, detail in _SNIPPETS
    ]


def _formula_items() -> list[lsp.CompletionItem]:
    units = [
        lsp.CompletionItem(
            label=unit, kind=lsp.CompletionItemKind.Unit, detail=f"{name} (e.g. 1{unit})"
        )
        for unit, name in UNIT_NAMES.items()
    ]
    terms = [
        lsp.CompletionItem(label=term, kind=lsp.CompletionItemKind.Constant, detail=detail)
        for term, detail in _TERMS
    ]
    return units + terms


def _suite_setup_names(path: str) -> list[str]:
    from ait_datasets.lint.project import app_suite_setup_names

    return app_suite_setup_names(path)


def _suggestion_codes(text: str, path: str) -> list[str]:
    """Codes used in this file, the codes the app's AL code gives its suggestions, and
    labels of the app's AL code named like suggestions."""
    codes = set(re.findall(r"(?m)^\s*(?:suggestion:|-)\s*[\"']?([A-Z][A-Z0-9_]*)[\"']?\s*$", text))
    from ait_datasets.dataset.app import app_root

    root = app_root(path)
    if root is not None:
        codes.update(_al_labels(os.path.dirname(root)))
        codes.update(_offered_codes(root))
    return sorted(codes)


def _offered_codes(resources: str) -> list[str]:
    """The suggestion codes the app's AL code sets (those without a part computed at run
    time), as the AL rules read them; none when the app has no `app.json`."""
    from ait_datasets.al.app import app_sources

    sources = app_sources(resources)
    return [] if sources is None else [p for p in sources.offered.patterns if "*" not in p]


def _language_tags() -> list[str]:
    from ait_datasets.dataset.languages import windows_languages

    return sorted(windows_languages())


def _al_labels(app: str, limit: int = 2000) -> set[str]:
    """Suggestion-code labels in the app's ``*.al`` files (at most ``limit`` files read)."""
    found: set[str] = set()
    seen = 0
    for folder, dirs, files in os.walk(app):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d != "node_modules"]
        for name in files:
            if not name.lower().endswith(".al"):
                continue
            seen += 1
            if seen > limit:
                return found
            try:
                with open(os.path.join(folder, name), encoding="utf-8", errors="replace") as fh:
                    found.update(m.group("code") for m in _AL_SUGGESTION.finditer(fh.read()))
            except OSError:
                continue
    return found
