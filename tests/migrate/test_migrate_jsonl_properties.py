"""Generated JSONL datasets: rows migrate one by one, keeping key order and spacing."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from ait_datasets.migrate import MIGRATED, UP_TO_DATE, MigrationOptions, migrate_bytes
from ait_datasets.source import load_bytes

TEXT = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp")), max_size=40
)
EXTRA_KEYS = st.lists(st.sampled_from(["name", "description", "context", "id"]), unique=True)


@st.composite
def rows(draw: st.DrawFn) -> dict[str, object]:
    row: dict[str, object] = {k: draw(TEXT) for k in draw(EXTRA_KEYS)}
    if draw(st.booleans()):
        row["question"] = draw(TEXT.filter(str.strip))
    else:
        row["question"] = {"from": "Jane", "message": draw(TEXT.filter(str.strip))}
    row["expected_data"] = {"orders": draw(st.integers(0, 5))}
    if draw(st.booleans()):
        row["test_setup"] = {"items": draw(st.lists(TEXT, max_size=2))}
    keys = draw(st.permutations(list(row)))
    return {k: row[k] for k in keys}


@settings(max_examples=100, deadline=None)
@given(
    st.lists(rows(), min_size=1, max_size=5),
    st.sampled_from([(", ", ": "), (",", ":")]),
    st.booleans(),
)
def test_jsonl_rows_migrate_in_place(
    data: list[dict[str, object]], separators: tuple[str, str], ascii_only: bool
) -> None:
    lines = [json.dumps(r, separators=separators, ensure_ascii=ascii_only) for r in data]
    raw = ("\n".join(lines) + "\n").encode()
    options = MigrationOptions(sender="Jane", kind="agent")

    result = migrate_bytes("rows.jsonl", raw, options)
    assert result.outcome == MIGRATED, result.reason
    after = load_bytes("rows.jsonl", result.after.encode())
    assert not after.has_errors
    assert len(after.rows) == len(data)
    for old, row in zip(data, after.rows, strict=True):
        new = row.data
        assert isinstance(new, dict)
        flat = [k for k in old if k in ("question", "expected_data", "test_setup")]
        others = [k for k in old if k not in flat]
        # `turns` takes the place of the first moved key; the other keys keep their order.
        expected_keys = [k for k in old if k in others or k == flat[0]]
        assert list(new) == ["turns" if k == flat[0] else k for k in expected_keys]
        (turn,) = new["turns"]
        renamed = {"question": "query", "test_setup": "turn_setup"}
        assert list(turn) == [renamed.get(k, k) for k in flat]
        assert turn["expected_data"] == old["expected_data"]
    assert result.after.count("\n") == raw.decode().count("\n")  # still one row per line
    assert migrate_bytes("rows.jsonl", result.after.encode(), options).outcome == UP_TO_DATE
