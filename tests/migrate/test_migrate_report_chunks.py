"""The report of a file is printed a piece at a time; the pieces make the same report."""

from __future__ import annotations

import pytest

from ait_datasets.migrate import MigrationOptions, migrate_bytes
from ait_datasets.migrate.report import render_chunks, render_lines

LEGACY = "tests:\n" + "".join(
    f"  - name: T{i}\n    question: Process order {i}\n    test_setup: {{}}\n" for i in range(7)
)


@pytest.mark.parametrize("sender", [None, "Jane"])
@pytest.mark.parametrize("lines", [1, 2, 5, 10_000])
def test_the_pieces_make_the_report(sender: str | None, lines: int) -> None:
    result = migrate_bytes("t.yaml", LEGACY.encode(), MigrationOptions(sender, kind="agent"))
    whole = "\n".join(render_lines(result, dry_run=True))
    chunks = list(render_chunks(result, dry_run=True, lines=lines))
    assert "\n".join(chunks) == whole
    assert all(chunk.count("\n") < lines for chunk in chunks)
    # One line per change and follow-up, after the file's status line.
    assert len(whole.splitlines()) == 1 + len(result.changes) + len(result.followups)
    assert whole.splitlines()[1] == (
        "  t.yaml:3: test 'T0': flat test -> `turns:` with one turn (`question`, "
        "`test_setup`) [flat-to-turns]"
    )
