"""Generated legacy agent datasets: migrate -> loads, same tests and expectations, lints
without shape errors, and migrating again changes nothing."""

from __future__ import annotations

import json
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from ait_datasets.lint.engine import lint_document
from ait_datasets.migrate import MIGRATED, MigrationOptions, encoded, migrate_bytes
from ait_datasets.source import load_bytes

WORDS = st.lists(
    st.sampled_from(
        [
            "Create",
            "order",
            "for",
            "Contoso",
            "bikes",
            "10",
            "ship",
            "it's",
            "now:",
            "#7",
            "$DateFormula-<CD>$",
            "é",
            '"quoted"',
        ]
    ),
    min_size=1,
    max_size=8,
).map(" ".join)
PLAIN_WORDS = st.lists(
    st.sampled_from(["Create", "order", "for", "Contoso", "bikes", "ship"]),
    min_size=1,
    max_size=6,
).map(" ".join)


@dataclass
class LegacyTest:
    name: str
    question: str
    style: str  # plain | double | single | literal | object
    setup: bool
    expected: int
    order: list[str]
    description: bool
    comment: bool
    blank: bool


@st.composite
def legacy_tests(draw: st.DrawFn, index: int) -> LegacyTest:
    style = draw(st.sampled_from(["plain", "double", "single", "literal", "object"]))
    question = draw(PLAIN_WORDS if style == "plain" else WORDS)
    keys = ["question", "expected_data"] + (["test_setup"] if draw(st.booleans()) else [])
    order = draw(st.permutations(keys))
    return LegacyTest(
        f"T{index}",
        question,
        style,
        "test_setup" in keys,
        draw(st.integers(0, 9)),
        list(order),
        draw(st.booleans()),
        draw(st.booleans()),
        draw(st.booleans()),
    )


def _scalar(text: str, style: str) -> str:
    if style == "double":
        return json.dumps(text, ensure_ascii=False)
    if style == "single":
        return "'" + text.replace("'", "''") + "'"
    return text


def render(items: list[LegacyTest], dash: int, nl: str) -> str:
    out = ["# generated legacy dataset", "tests:"]
    for test in items:
        d = " " * dash
        key = " " * (dash + 2)
        out.append(f"{d}- name: {test.name}")
        for name in test.order:
            if test.blank:
                out.append("")
            if test.comment:
                out.append(f"{key}# about {name}")
            if name == "question":
                if test.style == "literal":
                    out.append(f"{key}question: |")
                    out += [f"{key}  {line}" for line in test.question.split(" #")]
                elif test.style == "object":
                    out += [
                        f"{key}question:",
                        f"{key}  from: Jane",
                        f"{key}  message: {json.dumps(test.question, ensure_ascii=False)}",
                    ]
                else:
                    out.append(f"{key}question: {_scalar(test.question, test.style)}")
            elif name == "expected_data":
                out += [f"{key}expected_data:", f"{key}  orders: {test.expected}"]
            else:
                out += [f"{key}test_setup:  # setup", f"{key}  items: [A, B]"]
            if test.description and name == test.order[0]:
                out.append(f"{key}description: between")
    return nl.join(out) + nl


@settings(max_examples=120, deadline=None)
@given(
    st.integers(1, 4).flatmap(lambda n: st.tuples(*[legacy_tests(i) for i in range(n)])),
    st.sampled_from([0, 2]),
    st.sampled_from(["\n", "\r\n"]),
    st.booleans(),
)
def test_generated_legacy_datasets_migrate_cleanly(
    items: tuple[LegacyTest, ...], dash: int, nl: str, bom: bool
) -> None:
    raw = (b"\xef\xbb\xbf" if bom else b"") + render(list(items), dash, nl).encode()
    options = MigrationOptions(sender="Jane Doe", kind="agent")
    before = load_bytes("legacy.yaml", raw)
    assert not before.has_errors

    result = migrate_bytes("legacy.yaml", raw, options)
    assert result.outcome == MIGRATED, result.reason
    new_raw = encoded(result, raw)
    assert new_raw.startswith(b"\xef\xbb\xbf") == bom
    assert (b"\r\n" in new_raw) == (nl == "\r\n")

    after = load_bytes("legacy.yaml", new_raw)
    assert not after.has_errors
    old_tests = before.data["tests"]  # type: ignore[index]
    new_tests = after.data["tests"]  # type: ignore[index]
    assert [t["name"] for t in new_tests] == [t["name"] for t in old_tests]
    for old, new in zip(old_tests, new_tests, strict=True):
        (turn,) = new["turns"]
        assert turn["expected_data"] == old["expected_data"]
        question = old["question"]
        message = question["message"] if isinstance(question, dict) else question
        assert turn["query"]["message"] == message
        assert turn["query"]["from"] in ("Jane", "Jane Doe")
        assert turn.get("turn_setup") == old.get("test_setup")
        assert "question" not in turn and "test_setup" not in turn

    shape = [d for d in lint_document(after) if d.code[:3] in ("STR", "TRN", "QRY", "LEG")]
    assert shape == []

    again = migrate_bytes("legacy.yaml", new_raw, options)
    assert again.outcome == "up-to-date"
    assert not again.plan.edits
