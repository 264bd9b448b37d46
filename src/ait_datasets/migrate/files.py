"""Migrate one file on disk: read, plan, check, and (unless asked not to) write atomically."""

from __future__ import annotations

from dataclasses import dataclass, field

from ait_datasets.atomic import Snapshot, cannot_write, write_bytes_atomically
from ait_datasets.dataset import shape
from ait_datasets.dataset.suites import Apps
from ait_datasets.diagnostics import apply_edits
from ait_datasets.migrate import verify
from ait_datasets.migrate.model import (
    KIND_AGENT,
    QUESTION_TEXT,
    Change,
    MigrationOptions,
    MigrationPlan,
)
from ait_datasets.migrate.planner import plan_migration
from ait_datasets.regular_file import regular_file_size
from ait_datasets.source.document import Document
from ait_datasets.source.expansion import expansion_limit_crossed
from ait_datasets.source.load import decode, format_of, load_bytes, load_text

# Outcomes of one file.
MIGRATED = "migrated"  # changes made (or, with --check/--diff, needed)
UP_TO_DATE = "up-to-date"
SKIPPED = "skipped"
FAILED = "failed"  # unreadable, unparsable, or not safely migratable: left untouched


@dataclass(slots=True)
class FileResult:
    """What happened to one file. ``before``/``after`` are the decoded texts (no BOM)."""

    path: str
    outcome: str
    plan: MigrationPlan = field(default_factory=MigrationPlan)
    reason: str = ""
    before: str = ""
    after: str = ""
    written: bool = False
    errors: list[str] = field(default_factory=list)

    @property
    def changes(self) -> list[Change]:
        return self.plan.changes

    @property
    def followups(self) -> list[Change]:
        return self.plan.followups

    def failed(self, reason: str) -> FileResult:
        """This result, now the failure ``reason`` (nothing is written)."""
        self.outcome = FAILED
        self.reason = reason
        return self


def migrate_file(
    path: str, options: MigrationOptions, *, write: bool = True, apps: Apps | None = None
) -> FileResult:
    """Migrate ``path``; write it back only when ``write`` and the result checks out."""
    try:
        regular_file_size(path)
        with open(path, "rb") as fh:
            raw = fh.read()
    except OSError as exc:
        return FileResult(path, FAILED, reason=f"cannot read the file: {exc.strerror or exc}")
    result = migrate_bytes(path, raw, options, apps=apps)
    if result.outcome == MIGRATED and write:
        try:
            write_bytes_atomically(path, encoded(result, raw), expected=Snapshot.of(raw))
        except OSError as exc:
            return result.failed(cannot_write(path, exc))
        result.written = True
    return result


def migrate_bytes(
    path: str, raw: bytes, options: MigrationOptions, *, apps: Apps | None = None
) -> FileResult:
    """Migrate a file's bytes without writing (``path`` picks the format and suite XMLs).

    ``apps`` holds the suite XMLs read so far in this run (a new one reads them afresh).
    """
    if path.lower().endswith(".al"):
        return _migrate_al(path, raw)
    return _migrate_dataset(path, raw, options, apps or Apps())


def encoded(result: FileResult, original: bytes) -> bytes:
    """The migrated text as bytes, with the original's BOM."""
    bom = b"\xef\xbb\xbf" if original.startswith(b"\xef\xbb\xbf") else b""
    return bom + result.after.encode("utf-8")


def _migrate_dataset(path: str, raw: bytes, options: MigrationOptions, apps: Apps) -> FileResult:
    fmt = format_of(path)
    if fmt is None:
        return FileResult(path, SKIPPED, reason="not a dataset file (.yaml, .jsonl, .json) or .al")
    doc = load_bytes(path, raw, fmt=fmt)
    errors = [d for d in doc.diagnostics if d.severity.value == "error"]
    if errors:
        return FileResult(
            path,
            FAILED,
            reason="the file cannot be parsed; nothing was changed",
            before=doc.text,
            errors=[f"{path}:{d.line}:{d.column}: {d.message}" for d in errors],
        )
    if "\r" in doc.text and "\n" not in doc.text:
        return _migrate_cr_only(doc, options, apps)
    return _migrate_document(doc, options, apps)


def _migrate_cr_only(doc: Document, options: MigrationOptions, apps: Apps) -> FileResult:
    """An old Mac file (CR line breaks only): migrated as LF text, then given back its CRs.

    The edits are planned on lines that end in LF; with no LF in the file, turning each
    CR into LF and back is exact (new text holds no raw line break inside a value).
    """
    as_lf = load_text(doc.path, doc.text.replace("\r", "\n"), fmt=doc.format)
    as_lf.bom = doc.bom
    result = _migrate_document(as_lf, options, apps)
    result.before = doc.text
    if result.after is not None:
        result.after = result.after.replace("\n", "\r")
    if result.outcome == MIGRATED:
        assert result.after is not None
        why = verify.check(doc, result.after, options.sender)
        if why is not None:
            result.failed(f"{why}; nothing was changed")
            result.after = doc.text
    return result


def _migrate_document(doc: Document, options: MigrationOptions, apps: Apps) -> FileResult:
    path = doc.path
    agent: bool | None = None
    if options.kind != KIND_AGENT and not shape.has_agent_markers(doc):
        agent = apps.agent_suite_for(path) is not None
    plan = plan_migration(doc, options, agent=agent)
    result = FileResult(path, UP_TO_DATE, plan, before=doc.text, after=doc.text)
    if plan.skipped is not None:
        result.outcome = SKIPPED
        result.reason = plan.skipped
        return result
    if plan.problems:
        return result.failed("; ".join(plan.problems) + " (nothing was changed)")
    if not plan.needed:
        return result
    texts = [c for c in plan.changes if c.migration == QUESTION_TEXT]
    if texts:
        from ait_datasets.migrate.al import query_text_followups  # the AL reader: only now

        plan.followups.extend(query_text_followups(path, min(c.line for c in texts)))
    try:
        after = apply_edits(doc.text, plan.edits)
    except ValueError as exc:
        return result.failed(f"the changes overlap ({exc}); nothing was changed")
    after = keep_final_newline(doc.text, after)
    # The check copies the data; a file whose aliases expand without bound is refused.
    limit = expansion_limit_crossed(doc)
    if limit is not None:
        return result.failed(
            f"its aliases expand to more than {limit} values (a file like this can exhaust "
            "memory), so the result cannot be checked; nothing was changed"
        )
    expected = verify.intended(doc, options.sender)
    # The plan is made and the data to check is plain: the original tree goes before the
    # result's tree is built, so that the two never take memory at once.
    _release_tree(doc)
    why = verify.check_data(path, doc.format, after, expected)
    del expected
    if why is not None:
        return result.failed(f"{why}; nothing was changed")
    result.outcome = MIGRATED
    result.after = after
    return result


def _release_tree(doc: Document) -> None:
    """Drop ``doc``'s tree, rows and cached facts (its text stays: the result shows it)."""
    doc.root = None
    doc.rows = []
    doc.cache.clear()


def _migrate_al(path: str, raw: bytes) -> FileResult:
    text, _, problem = decode(path, raw)
    if text is None:
        message = problem.message if problem is not None else "cannot decode the file"
        return FileResult(path, FAILED, reason=message)
    from ait_datasets.migrate.al import plan_al_file  # the AL reader: only for AL files

    edits, changes, followups = plan_al_file(text, path)
    plan = MigrationPlan(edits=edits, changes=changes, followups=followups)
    if not edits:
        return FileResult(path, UP_TO_DATE, plan, before=text, after=text)
    return FileResult(path, MIGRATED, plan, before=text, after=apply_edits(text, edits))


def keep_final_newline(before: str, after: str) -> str:
    """A file that did not end with a newline does not get one from a move."""
    if not before.endswith("\n") and after.endswith("\n"):
        return after[:-2] if after.endswith("\r\n") else after[:-1]
    return after
