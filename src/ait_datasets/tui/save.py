"""Writing the file: only when it still parses, atomically, keeping its permissions."""

from __future__ import annotations

from ait_datasets.atomic import NO_CHECK, Snapshot, write_text_atomically
from ait_datasets.source.load import load_text


class RefusedToSave(Exception):
    """The text would not parse; the message says where and why. Nothing was written."""


def check_parses(path: str, text: str, dash_lines: list[int] | None = None) -> None:
    """Raise :class:`RefusedToSave` when ``text`` has syntax errors, or when its tests do
    not start on ``dash_lines`` (where the editor believes they are)."""
    from ait_datasets.tui.findings import dash_lines_of

    doc = load_text(path, text)
    problems = [d for d in doc.diagnostics if d.code.startswith("SYN") and d.severity.rank == 2]
    if doc.root is None or problems:
        first = problems[0] if problems else None
        where = f"{path}:{first.line}:{first.column}: {first.message}" if first else path
        raise RefusedToSave(f"not saved: the result would not parse ({where})")
    if dash_lines is not None and dash_lines_of(doc) != dash_lines:
        raise RefusedToSave(
            "not saved: the tests are not where the editor expected them; please report this file"
        )


def write_atomic(path: str, text: str, *, bom: bool = False, expected: Snapshot = NO_CHECK) -> None:
    """Write ``text`` as UTF-8 through the one atomic writer (links written through,
    permissions and owner kept; refused when the file changed since ``expected``)."""
    write_text_atomically(path, text, bom=bom, expected=expected)


def save_text(
    path: str, text: str, *, bom: bool = False, dash_lines: list[int] | None = None
) -> None:
    """Check that ``text`` parses, then write it atomically."""
    check_parses(path, text, dash_lines)
    write_atomic(path, text, bom=bom)
