"""Mangled inputs never crash the migration: each file ends migrated (and re-checked),
up to date, skipped, or refused with a reason."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from ait_datasets.migrate import FAILED, MIGRATED, MigrationOptions, encoded, migrate_bytes

GOLDEN = Path(__file__).parent / "golden"
SOURCES = [p.read_bytes() for p in sorted(GOLDEN.glob("*.before.yaml"))]
EDITS = st.lists(
    st.tuples(
        st.sampled_from(["drop", "duplicate", "indent", "dedent", "swap"]),
        st.integers(0, 40),
    ),
    max_size=4,
)


def mangle(raw: bytes, edits: list[tuple[str, int]]) -> bytes:
    lines = raw.split(b"\n")
    for action, at in edits:
        i = at % len(lines)
        if action == "drop":
            del lines[i]
        elif action == "duplicate":
            lines.insert(i, lines[i])
        elif action == "indent":
            lines[i] = b"  " + lines[i]
        elif action == "dedent":
            lines[i] = lines[i][2:] if lines[i].startswith(b"  ") else lines[i]
        elif i + 1 < len(lines):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
        if not lines:
            lines = [b""]
    return b"\n".join(lines)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(SOURCES), EDITS, st.sampled_from([None, "Jane"]))
def test_mangled_files_never_crash(
    source: bytes, edits: list[tuple[str, int]], sender: str | None
) -> None:
    raw = mangle(source, edits)
    options = MigrationOptions(sender=sender, kind="agent")
    result = migrate_bytes("mangled.yaml", raw, options)
    if result.outcome == FAILED:
        assert result.reason
    if result.outcome == MIGRATED:
        again = migrate_bytes("mangled.yaml", encoded(result, raw), options)
        assert again.outcome == "up-to-date", again.reason
