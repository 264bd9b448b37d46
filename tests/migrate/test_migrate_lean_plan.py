"""The lean plan of flat tests with a one-line question (``migrate/flat.py``) makes exactly
the plan the general planner makes: the same edits, report and follow-ups, in the same
order, on generated flat legacy files (near misses included, which it must leave to
the general planner)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ait_datasets.migrate import MIGRATED, MigrationOptions, migrate_bytes, plan_migration
from ait_datasets.migrate.flat import LeanPlan
from ait_datasets.migrate.rules import title_from, title_from_lines
from ait_datasets.source.load import load_text

VALUES = st.sampled_from(
    [
        "Process order 1",
        "yes",
        "no",
        "10",
        "null",
        "it's",
        "a:b",
        "x #y",
        "$DateFormula-<CD>$ then",
        "é ü",
        "word " * 60,  # a title cut at the task title's limit
        "  ",
        "",
    ]
)
STYLES = st.sampled_from(["plain", "single", "double", "double-newline"])


def _scalar(value: str, style: str) -> str:
    if style == "single":
        return "'" + value.replace("'", "''") + "'"
    if style == "double":
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if style == "double-newline":
        return '"' + value.replace('"', '\\"') + '\\nsecond line"'
    return value.strip() or "x"


@st.composite
def flat_test(draw: st.DrawFn, index: int, column: int, dash: str) -> list[str]:
    """The lines of one flat legacy test, in one of many near-common shapes."""
    pad = " " * column
    question = f"question: {_scalar(draw(VALUES), draw(STYLES))}"
    shape = draw(
        st.sampled_from(
            [
                "common",
                "common",
                "common",
                "first",  # `- question:` on the item's line
                "comment-above",
                "deep-comment-after",
                "comment-after",
                "trailing-comment",
                "trailing-spaces",
                "blank-after",
                "description",
                "expected-data",
                "turns",
                "quoted-key",
                "on-next-line",
            ]
        )
    )
    name = f"{dash}name: T{index}"
    if shape == "first":
        return [f"{dash}{question}", f"{pad}name: T{index}"]
    lines = [name]
    if shape == "description":
        lines.append(f"{pad}description: A test")
    if shape == "comment-above":
        lines.append(f"{pad}# about the question")
    if shape == "quoted-key":
        question = '"question"' + question[len("question") :]
    if shape == "on-next-line":
        lines += [f"{pad}question:", f"{pad}  {question[len('question: ') :]}"]
    elif shape == "trailing-comment":
        lines.append(f"{pad}{question}  # note")
    elif shape == "trailing-spaces":
        lines.append(f"{pad}{question}   ")
    else:
        lines.append(f"{pad}{question}")
    if shape == "deep-comment-after":
        lines.append(f"{pad}  # about the value")
    if shape == "comment-after":
        lines.append(f"{pad}# after")
    if shape == "blank-after":
        lines.append("")
    if shape == "expected-data":
        lines += [f"{pad}expected_data:", f"{pad}  x: 1"]
    if shape == "turns":
        lines += [f"{pad}turns:", f"{pad}  - query:", f"{pad}      title: T"]
    return lines


@st.composite
def flat_file(draw: st.DrawFn) -> str:
    indentless = draw(st.booleans())
    gap = draw(st.sampled_from([2, 3]))
    dash = " " * (0 if indentless else 2) + "-" + " " * (gap - 1)
    column = len(dash)
    tests = draw(st.integers(1, 6))
    lines = ["tests:"]
    for i in range(tests):
        lines += draw(flat_test(i, column, dash))
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    text = newline.join(lines)
    return text + (newline if draw(st.booleans()) else "")


def _plans(text: str, sender: str | None) -> tuple[object, object]:
    options = MigrationOptions(sender=sender, kind="agent")
    lean = plan_migration(load_text("t.yaml", text), options)
    general = plan_migration(load_text("t.yaml", text), options, lean=False)
    return lean, general


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=flat_file(), sender=st.sampled_from([None, "Jane Doe", "yes", "it's"]))
def test_the_lean_plan_is_the_general_plan(text: str, sender: str | None) -> None:
    lean, general = _plans(text, sender)
    assert lean == general


def _lean_hits(text: str) -> int:
    doc = load_text("t.yaml", text)
    assert doc.root is not None
    plan = LeanPlan(doc.text, doc.newline, _layout(doc), None)
    tests = doc.root.children["tests"]  # type: ignore[union-attr]
    return sum(plan.question_line(test) is not None for test in tests.items)  # type: ignore[union-attr]


def _layout(doc: object) -> object:
    from ait_datasets.migrate.layout import detect_layout

    return detect_layout(doc)  # type: ignore[arg-type]


SHORT = "tests:\n" + "".join(
    f"  - name: T{i}\n    question: Process order {i}\n" for i in range(50)
)


def test_the_common_flat_test_takes_the_lean_plan() -> None:
    assert _lean_hits(SHORT) == 50
    lean, general = _plans(SHORT, None)
    assert lean == general
    result = migrate_bytes("t.yaml", SHORT.encode(), MigrationOptions(kind="agent"))
    assert result.outcome == MIGRATED
    assert result.after.startswith(
        "tests:\n  - name: T0\n    turns:\n      - query:\n"
        "          title: Process order 0\n          message: Process order 0\n"
    )


def test_near_misses_take_the_general_plan() -> None:
    misses = {
        "comment above": "tests:\n  - name: A\n    # c\n    question: q\n",
        "comment after": "tests:\n  - name: A\n    question: q\n    # c\n",
        "trailing comment": "tests:\n  - name: A\n    question: q  # c\n",
        "first key": "tests:\n  - question: q\n    name: A\n",
        "other flat key": "tests:\n  - name: A\n    question: q\n    expected_data: {}\n",
        "no final line break": "tests:\n  - name: A\n    question: q",
        "quoted key": 'tests:\n  - name: A\n    "question": q\n',
    }
    # Read by libyaml (an anchor), with line breaks LF does not count (a raw LS in a
    # quoted value, a NEL): the lean plan still gives the general plan's line numbers.
    for text in (
        'x: &a 1\ny: "p\u2028q"\ntests:\n  - name: A\n    question: q\n',
        'x: &a 1\ny: "p\x85q"\ntests:\n  - name: A\n    question: q\n'
        "  - name: B\n    question: r\n",
    ):
        lean, general = _plans(text, None)
        assert lean == general
        assert _lean_hits(text) >= 1
    for why, text in misses.items():
        assert _lean_hits(text) == 0, why
        lean, general = _plans(text, None)
        assert lean == general, why


@settings(max_examples=500, deadline=None)
@given(
    st.one_of(
        st.text(max_size=300),
        st.text(alphabet=" ab\t\n\r\x0b\x0c\x1c\x85\u2028\u2029é$", max_size=30),
    )
)
def test_a_short_one_line_title_is_what_the_line_by_line_rule_gives(message: str) -> None:
    assert title_from(message) == title_from_lines(message)
