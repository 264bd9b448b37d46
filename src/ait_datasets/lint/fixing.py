"""Applying fixes: `datasets lint --fix`, `--unsafe-fixes`, `--diff`.

Fixes are text edits on the original text (the same ``Edit`` type migrate uses), so
everything a fix does not touch stays byte-identical. We apply the non-overlapping fixes
of one pass, parse again, and repeat until nothing is left to fix (a few passes at most).
A fix whose result does not parse is dropped, never written.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from typing import TYPE_CHECKING

from ait_datasets.dataset.suites import Apps
from ait_datasets.diagnostics import Diagnostic, Edit, Fix, apply_edits
from ait_datasets.lint.config import LintConfig
from ait_datasets.lint.fix_check import unapplicable
from ait_datasets.source.document import Document
from ait_datasets.source.load import load_text

if TYPE_CHECKING:
    from ait_datasets.lint.engine import LintRun

MAX_PASSES = 5


class Fixer:
    """Callable for :func:`ait_datasets.lint.engine.lint_paths`: fixes one document."""

    def __init__(self, unsafe: bool = False) -> None:
        self.unsafe = unsafe

    def __call__(
        self, doc: Document, config: LintConfig, apps: Apps | None = None
    ) -> tuple[Document, int]:
        from ait_datasets.lint.engine import lint_document

        applied = 0
        for _ in range(MAX_PASSES):
            fixes = [
                d.fix
                for d in lint_document(doc, config, apps=apps)
                if d.fix is not None
                and d.fix.edits
                # A cross-file finding about another file: its edits are not into this text.
                and d.path == doc.path
                and (d.fix.safe or self.unsafe)
                # A fix that would remove an anchor or an alias is never applied.
                and unapplicable(d.fix, doc.text, doc.path) is None
            ]
            chosen = _non_overlapping(fixes)
            if not chosen:
                break
            edits = [e for fix in chosen for e in fix.edits]
            new_doc = reloaded(doc, apply_edits(doc.text, edits))
            if new_doc.has_errors and not doc.has_errors:
                break  # never trade a parsable file for a broken one
            doc = new_doc
            applied += len(chosen)
        return doc, applied


def reloaded(doc: Document, text: str) -> Document:
    """``text`` read as ``doc``'s new content: in its format, with its byte order mark.

    A suite XML is read by the XML reader from the bytes it would be saved as (its own
    encoding), so its findings after a fix are the ones the saved file gets.
    """
    if doc.format == "xml":
        from ait_datasets.source.xml_loader import XmlDocument, encoded, load_xml_bytes

        assert isinstance(doc, XmlDocument)
        return load_xml_bytes(doc.path, encoded(text, doc.encoding, doc.bom))
    new_doc = load_text(doc.path, text, fmt=doc.format)
    new_doc.bom = doc.bom
    return new_doc


def not_written(run_: LintRun, path: str) -> None:
    """Take ``path``'s fixes out of ``run_``: its write was refused, nothing of them is
    on disk, so they are neither counted nor diffed."""
    del run_.fixed[path]
    run_.fixes_applied -= run_.fix_counts.pop(path, 0)


def relint_on_disk(
    run_: LintRun, paths: list[str], config_for: Callable[[str], LintConfig]
) -> list[tuple[str, str]]:
    """Replace the findings and text of ``paths`` in ``run_`` (those of their fixed text)
    with those of the files as they are on disk now; the files that cannot be read now,
    with the reason.

    Each file is linted on its own with its app (as the editor lints one file): findings
    that compare it with the run's other datasets are not found again.
    """
    from ait_datasets.lint.engine import lint_paths

    again = lint_paths(paths, config_for, jobs=1)
    stale = set(paths)
    kept = [d for d in run_.diagnostics if d.path not in stale]
    run_.diagnostics = sorted([*kept, *again.diagnostics], key=Diagnostic.sort_key)
    for path in paths:
        run_.sources.pop(path, None)
    run_.sources.update(again.sources)
    return [(path, reason) for path, reason in again.unreadable if path in stale]


def _non_overlapping(fixes: list[Fix]) -> list[Fix]:
    """The fixes to apply in one pass: in order of their first edit, each one whose edits
    overlap none taken so far. The taken edits are kept sorted, so each check looks at
    two neighbours (a line with thousands of fixes must not compare every pair)."""
    starts: list[int] = []
    taken: list[Edit] = []
    chosen: list[Fix] = []
    for fix in sorted(fixes, key=lambda f: min(e.start for e in f.edits)):
        if any(_overlaps_taken(e, starts, taken) for e in fix.edits):
            continue
        chosen.append(fix)
        for edit in fix.edits:
            at = bisect_left(starts, edit.start)
            starts.insert(at, edit.start)
            taken.insert(at, edit)
    return chosen


def _overlaps_taken(edit: Edit, starts: list[int], taken: list[Edit]) -> bool:
    # Taken edits never overlap each other, so sorted by start they are sorted by end
    # too: only the last one starting before ``edit`` and the first one at or after it
    # can overlap it.
    at = bisect_left(starts, edit.start)
    if at > 0 and _overlaps(edit, taken[at - 1]):
        return True
    return at < len(taken) and _overlaps(edit, taken[at])


def _overlaps(a: Edit, b: Edit) -> bool:
    return (a.start < b.end and b.start < a.end) or a.start == b.start
