"""SARIF 2.1.0, the format code-scanning services (GitHub, Azure DevOps, VS Code) read.

One run whose tool driver lists every rule with its documentation, then one result per
diagnostic. File locations are relative POSIX paths under ``%SRCROOT%`` (the directory
the command ran in, normally the repository root), so the upload resolves them against
the checkout; a file outside it gets an absolute ``file:`` URI instead. Columns count
Unicode characters, as our diagnostics do (``columnKind: unicodeCodePoints``). Text is
exact, with what a CI log would act on escaped (:func:`ait_datasets.log_text.json_for_logs`).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from urllib.parse import quote

from ait_datasets.dataset.paths import relative_posix
from ait_datasets.diagnostics import Diagnostic, Edit, Fix, Severity
from ait_datasets.lint.reporters import Report
from ait_datasets.lint.rule import Rule, render_doc
from ait_datasets.lint.rules_table import rule_markdown
from ait_datasets.log_text import json_for_logs
from ait_datasets.source.lines import offset_to_position
from ait_datasets.version import __version__

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://github.com/ait-datasets/ait-datasets"
SRCROOT = "%SRCROOT%"

LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}

Json = dict[str, object]


def render(report: Report) -> str:
    return json_for_logs(json.dumps(sarif_log(report), indent=2, ensure_ascii=False)) + "\n"


def sarif_log(report: Report) -> Json:
    """The SARIF log object for ``report`` (a plain JSON-ready dict)."""
    from ait_datasets.lint.rules import all_rules

    descriptors: list[Json] = [_descriptor(rule) for rule in all_rules()]
    index = {rule.code: i for i, rule in enumerate(all_rules())}
    # Codes without a registered rule (e.g. from a newer family) still need a descriptor,
    # because every result's ruleIndex must point into the driver's rules.
    for diag in report.diagnostics:
        if diag.code not in index:
            index[diag.code] = len(descriptors)
            descriptors.append({"id": diag.code, "shortDescription": {"text": diag.code}})
    results = [_result(diag, index[diag.code], report.sources) for diag in report.diagnostics]
    driver: Json = {
        "name": "ait-datasets",
        "version": __version__,
        "semanticVersion": __version__,
        "informationUri": INFORMATION_URI,
        "rules": descriptors,
    }
    return sarif_envelope(
        driver,
        {
            "originalUriBaseIds": {SRCROOT: {"uri": _directory_uri(os.getcwd())}},
            "columnKind": "unicodeCodePoints",
            "results": results,
        },
    )


def sarif_envelope(driver: Json, run: Json) -> Json:
    """A SARIF 2.1.0 log of one run by the tool ``driver``; ``run`` holds the run's other
    members (``results`` and the like), in the order they are written. The lint, the
    report and the audit all write their SARIF through this one envelope."""
    return {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [{"tool": {"driver": driver}, **run}],
    }


def line_location(path: str, line: int) -> Json:
    """A SARIF location of ``path`` (as given, with ``/`` separators) at a whole ``line``
    (0: the file itself): where the report and the audit put a test."""
    physical: Json = {"artifactLocation": {"uri": path.replace("\\", "/")}}
    if line:
        physical["region"] = {"startLine": line}
    return {"physicalLocation": physical}


def _descriptor(rule: Rule) -> Json:
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule.what},
        "help": {"text": render_doc(rule), "markdown": rule_markdown(rule)},
        "defaultConfiguration": {"level": LEVELS[rule.severity]},
        "properties": {"tags": [rule.family]},
    }


def _result(diag: Diagnostic, rule_index: int, sources: dict[str, str]) -> Json:
    artifact = _artifact_location(diag.path)
    result: Json = {
        "ruleId": diag.code,
        "ruleIndex": rule_index,
        "level": LEVELS[diag.severity],
        "message": {"text": diag.message},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": artifact,
                    "region": {
                        "startLine": diag.line,
                        "startColumn": diag.column,
                        "endLine": diag.end_line,
                        "endColumn": diag.end_column,
                    },
                }
            }
        ],
    }
    source = sources.get(diag.path)
    if diag.fix is not None and diag.fix.edits and source is not None:
        result["fixes"] = [_fix(diag.fix, artifact, source)]
    return result


def _fix(fix: Fix, artifact: Json, source: str) -> Json:
    # Edits are character offsets into the decoded text; regions in line:col are what
    # SARIF consumers apply reliably (a byte-order mark or CRLF would shift raw offsets).
    return {
        "description": {"text": fix.description},
        "artifactChanges": [
            {
                "artifactLocation": artifact,
                "replacements": [_replacement(edit, source) for edit in fix.edits],
            }
        ],
        "properties": {"safe": fix.safe},
    }


def _replacement(edit: Edit, source: str) -> Json:
    start_line, start_column = offset_to_position(source, edit.start)
    end_line, end_column = offset_to_position(source, edit.end)
    return {
        "deletedRegion": {
            "startLine": start_line,
            "startColumn": start_column,
            "endLine": end_line,
            "endColumn": end_column,
        },
        "insertedContent": {"text": edit.replacement},
    }


def _artifact_location(path: str) -> Json:
    rel = relative_posix(path)
    if rel is not None:
        # Percent-encode the file system's bytes: a name that is not valid UTF-8 holds
        # surrogate escapes, which quote() would refuse to encode as UTF-8.
        return {"uri": quote(os.fsencode(rel), safe="/"), "uriBaseId": SRCROOT}
    return {"uri": Path(os.path.abspath(path)).as_uri()}


def _directory_uri(path: str) -> str:
    uri = Path(os.path.abspath(path)).as_uri()
    return uri if uri.endswith("/") else uri + "/"
