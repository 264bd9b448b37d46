"""The one reader (msgspec, a block at a time) reads every export as the counting rules
read its rows one by one.

The property test below states what reading means without the reader: each element of
the export, parsed by Python's own JSON reader, read by ``read_row`` at the line and
column where the export's writer put it. The reader must give exactly that, whatever
the layout and wherever its blocks are cut (tiny blocks cut entries, separators lie in
strings)."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from ait_datasets.report import reader
from ait_datasets.report.inputs import (
    MAX_PROBLEMS,
    Problem,
    ReadOptions,
    ReportInputError,
    read_file,
)
from ait_datasets.report.model import ResultSet
from ait_datasets.report.rows import RowError, kind_of, read_row, record

TEXT = st.one_of(
    # A text ending in "},{" holds a separator's pattern: its closing quote follows "{".
    st.sampled_from(["", "T1", " t2 ", '},{"', '"}, {"', "x},{", "}, {", "\\", "é€", "\u202e"]),
    st.text(max_size=12),
)
VALUE = st.one_of(TEXT, st.integers(-3, 10**6), st.none(), st.booleans(), st.floats(0, 9))
ENTRY = st.fixed_dictionaries(
    {
        "status": st.sampled_from(["Success", "Error", "Skipped", "success", "Bad", None]),
        "version": st.one_of(st.integers(1, 4), st.none(), st.just("2"), st.just(True)),
        "procedureName": st.sampled_from(["Run", "", None, "  Run2 "]),
        "datasetLineNumber": st.sampled_from(["T1", "T2", "t3", "", 7]),
    },
    optional={
        "aitCode": TEXT,
        "dataset": st.sampled_from(["DS.YAML", "ds", ""]),
        "lineNumber": st.one_of(st.integers(0, 30000), TEXT),
        "tag": TEXT,
        "message": TEXT,
        "tokensConsumed": VALUE,
        "copilotCredits": VALUE,
        "durationMs": VALUE,
        "errorCallStack": TEXT,
        "inputData": TEXT,
        "outputData": st.sampled_from(["", '{"turns": [{"success": false}]}', "x"]),
        "id": TEXT,
        "sensitive": st.booleans(),
        "extra": st.lists(st.integers(), max_size=3),
    },
)
# Mostly valid entries, so that most exports are read, not refused for their first row.
VALID_ENTRY = st.fixed_dictionaries(
    {
        "status": st.sampled_from(["Success", "Error", "Skipped"]),
        "version": st.integers(1, 4),
        "procedureName": st.sampled_from(["Run", "  Run2 "]),
        "datasetLineNumber": st.sampled_from(["T1", "T2", "t3"]),
    },
    optional={
        "aitCode": st.sampled_from(["S", "S2"]),
        "dataset": st.sampled_from(["DS.YAML", "ds"]),
        "tag": st.sampled_from(["", "rc-1", "rc-2"]),
        "message": TEXT,
        "tokensConsumed": st.one_of(st.none(), st.integers(0, 10**6)),
        "copilotCredits": st.one_of(st.none(), st.floats(0, 9), st.integers(0, 3)),
        "durationMs": st.one_of(st.none(), st.integers(0, 10**6)),
        "inputData": st.just('{"turns": [{"query": {}}, {"query": {}}]}'),
        "outputData": st.sampled_from(["", '{"turns": [{"answer": {"success": false}}]}']),
        "sensitive": st.booleans(),
    },
)
ROWS = st.one_of(
    st.lists(VALID_ENTRY, max_size=12),
    st.lists(st.one_of(VALID_ENTRY, VALID_ENTRY, ENTRY), max_size=12),
)
LAYOUTS = st.sampled_from(
    ["compact", "spaced", "indented", "lines", "array", "bom", "jsonl", "jsonl-gaps"]
)


PREFIX = '{"@odata.context": "https://bc/$metadata#aitTestLogEntries", "value": '


def _export(rows: list[dict[str, object]], layout: str, next_link: bool) -> tuple[str, list[int]]:
    """The export's text (after any byte order mark) and where each row starts in it."""
    if layout == "jsonl":  # one row a line (CRLF line ends: Windows)
        return _joined([json.dumps(r) for r in rows], "", "\r\n", "\r\n")
    if layout == "jsonl-gaps":  # blank lines between, no newline at the end
        return _joined([json.dumps(r, ensure_ascii=False) for r in rows], "", "\n \n", "")
    if layout == "compact":
        parts = [json.dumps(r, separators=(",", ":"), ensure_ascii=False) for r in rows]
        text, starts = _joined(parts, "[", ",", "]")
    elif layout == "indented":
        parts = [textwrap.indent(json.dumps(r, indent=2), "  ") for r in rows]
        text, starts = _joined(parts, "[\n", ",\n", "\n]")
        starts = [s + 2 for s in starts]  # past the indent
    elif layout == "lines":
        text, starts = _joined([json.dumps(r) for r in rows], "[\n", ",\n", "\n]")
    else:
        parts = [json.dumps(r, ensure_ascii=layout != "spaced") for r in rows]
        text, starts = _joined(parts, "[", ", ", "]")
    if layout == "array":
        return text, starts
    link = ', "@odata.nextLink": "https://bc/next"' if next_link else ""
    return PREFIX + text + link + "}", [len(PREFIX) + s for s in starts]


def _joined(parts: list[str], opening: str, between: str, closing: str) -> tuple[str, list[int]]:
    starts, pos = [], len(opening)
    for part in parts:
        starts.append(pos)
        pos += len(part) + len(between)
    return opening + between.join(parts) + closing, starts


def _expected(
    path: str, text: str, starts: list[int], layout: str, next_link: bool, options: ReadOptions
) -> object:
    """What reading the export means: each row parsed by Python's JSON reader and read by
    the rules at its line and column (a problem's text), as the reader must."""
    jsonl = layout.startswith("jsonl")
    if jsonl:
        values = [json.loads(line) for line in text.splitlines() if line.strip()]
    else:
        document = json.loads(text)
        values = document if isinstance(document, list) else document["value"]
    results = ResultSet(sources=[path], runs_by=options.runs_by)
    problems: list[str] = []
    kind = kind_of(values[0]) if values else ""
    for index, (value, start) in enumerate(zip(values, starts, strict=True)):
        line = text.count("\n", 0, start) + 1
        column = start - (text.rfind("\n", 0, start) + 1) + 1
        label = "" if jsonl else f"{'' if layout == 'array' else 'value'}[{index}]: "
        try:
            row = read_row(value, kind, options.runs_by, options.show_data, path, line)
        except RowError as exc:
            if len(problems) < MAX_PROBLEMS:
                problems.append(str(Problem(path, line, column, f"{label}{exc}")))
            continue
        record(results, row)
    if problems:
        return problems
    if not values and jsonl:
        return [f"{path}: {reader.EMPTY}"]
    if next_link and layout not in ("array", "jsonl", "jsonl-gaps"):
        results.incomplete.append((path, "https://bc/next"))
    return results


def _read(path: Path, options: ReadOptions) -> object:
    try:
        return read_file(str(path), options)
    except ReportInputError as exc:
        return [str(p) for p in exc.problems]


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    rows=ROWS,
    layout=LAYOUTS,
    next_link=st.booleans(),
    block=st.sampled_from([32, 100, 1 << 23]),
    runs_by=st.sampled_from(["version", "tag"]),
    show_data=st.booleans(),
)
def test_the_reader_reads_each_row_as_the_rules_read_it_alone(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    rows: list[dict[str, object]],
    layout: str,
    next_link: bool,
    block: int,
    runs_by: str,
    show_data: bool,
) -> None:
    monkeypatch.setattr(reader, "BLOCK", block)  # small blocks: entries cut across them
    path = tmp_path / ("export.jsonl" if layout.startswith("jsonl") else "export.json")
    text, starts = _export(rows, layout, next_link)
    # A line break of Python's inside a JSONL row's text breaks the row (tested below).
    assume(not layout.startswith("jsonl") or not reader.has_other_breaks(text.encode()))
    path.write_bytes(("\ufeff" if layout == "bom" else "").encode() + text.encode("utf-8"))
    options = ReadOptions(runs_by=runs_by, show_data=show_data)
    expected = _expected(str(path), text, starts, layout, next_link, options)
    assert _read(path, options) == expected


def _entry(
    test: str, version: int, status: str = "Success", message: str = ""
) -> dict[str, object]:
    return {
        "aitCode": "S",
        "version": version,
        "procedureName": "Run",
        "status": status,
        "dataset": "DS.YAML",
        "datasetLineNumber": test,
        "message": message,
        "inputData": '{"turns": [{"query": {}}, {"query": {}}]}',
        "outputData": '{"turns": [{"answer": {"success": false}}]}',
    }


def _agrees(
    tmp_path: Path, rows: list[dict[str, object]], layout: str, name: str = "export.json"
) -> ResultSet:
    path = tmp_path / name
    text, starts = _export(rows, layout, False)
    path.write_text(text, encoding="utf-8", newline="")
    expected = _expected(str(path), text, starts, layout, False, ReadOptions())
    found = read_file(str(path))
    assert found == expected
    return found


def test_the_usual_export_is_read_with_each_rows_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reader, "BLOCK", 256)
    rows = [
        _entry(f"T{i % 7}", 1 + i // 7, "Error" if i % 5 == 0 else "Success") for i in range(70)
    ]
    found = _agrees(tmp_path, rows, "lines")
    assert len(found) == 7
    first_error = found.cases[next(iter(found.cases))][1]
    assert first_error.line == 2 and first_error.turn is not None  # line of the entry


@pytest.mark.parametrize(
    "message",
    ['}, {"', '},{"aitCode": "x"', '}\n,\n{"', "x},{", "}, {", "}\n,\n{"],
)
def test_separators_inside_strings_are_not_cuts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, message: str
) -> None:
    for block in (16, 40, 64, 1 << 23):
        monkeypatch.setattr(reader, "BLOCK", block)
        rows = [_entry("T1", v, "Error", message) for v in (1, 2, 3)]
        found = _agrees(tmp_path, rows, "compact")
        assert [run.message for run in found.cases[next(iter(found.cases))].values()] == [
            message.strip()
        ] * 3


def test_a_malformed_row_is_named_where_it_starts(tmp_path: Path) -> None:
    rows = [_entry("T1", 1), {**_entry("T1", 2), "version": None, "status": "Success"}]
    path = tmp_path / "export.json"
    path.write_text(_export(rows, "lines", False)[0], encoding="utf-8")
    with pytest.raises(ReportInputError) as caught:
        read_file(str(path))
    [problem] = caught.value.problems
    assert (problem.line, problem.column) == (3, 1) and "no 'version'" in problem.message


@pytest.mark.parametrize("block", [512, 1 << 23])
def test_a_minified_export_is_read_on_its_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, block: int
) -> None:
    """The API's own minified response: every entry is on line 1, and a failed eval's
    failing turn comes from the data msgspec kept as JSON text."""
    monkeypatch.setattr(reader, "BLOCK", block)
    rows = [
        _entry(f"T{i % 5}", 1 + i // 5, "Error" if i % 4 == 0 else "Success") for i in range(40)
    ]
    found = _agrees(tmp_path, rows, "compact")
    runs = [run for runs in found.cases.values() for run in runs.values()]
    assert {run.line for run in runs} == {1}
    failed = [run for run in runs if not run.passed]
    assert failed and all(run.turn is not None and run.turn.first == 1 for run in failed)


@pytest.mark.parametrize("layout", ["compact", "lines", "indented"])
def test_nested_arrays_of_objects_are_not_cuts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, layout: str
) -> None:
    """A value that is an array of objects holds the separator's pattern outside strings
    (``}, {"`` at a deeper level): a block is not cut there, and where each row starts is
    still found (its line, and the column of a problem)."""
    rows: list[dict[str, object]] = [
        {**_entry("T1", 1, "Error"), "inputData": [{"query": {}}, {"query": {}}], "x": [{"a": 1}]},
        _entry("T2", 1),
        {**_entry("T3", 1), "extra": [{"b": 2}, {"c": 3}]},
        {**_entry("T4", 1), "status": "Bad"},
    ]
    for block in (40, 1 << 23):
        monkeypatch.setattr(reader, "BLOCK", block)
        path = tmp_path / "export.json"
        text, starts = _export(rows, layout, False)
        path.write_text(text, encoding="utf-8")
        expected = _expected(str(path), text, starts, layout, False, ReadOptions())
        assert isinstance(expected, list) and "value[3]: 'status' must be" in expected[0]
        assert _read(path, ReadOptions()) == expected


def test_rows_one_a_line_are_told_from_as_many_breaks_elsewhere(tmp_path: Path) -> None:
    """As many line breaks as rows less one is not enough to give row i the line after
    row i - 1: here two rows share a line and the third spans two, so the lines are found
    row by row (the second and third rows are on lines 2 and 3, not 3 and 4)."""
    rows = [_entry("T1", 1), _entry("T2", 1), _entry("T3", 1), {**_entry("T4", 1), "status": 7}]
    parts = [json.dumps(row) for row in rows]
    parts[2] = json.dumps(rows[2], indent=None).replace(', "status"', ',\n"status"', 1)
    text = "[\n" + parts[0] + ", " + parts[1] + ",\n" + parts[2] + ",\n" + parts[3] + "]"
    assert text.count("\n") == len(rows)  # the first break is before the first row
    path = tmp_path / "export.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ReportInputError) as caught:
        read_file(str(path))
    [problem] = caught.value.problems
    assert (problem.line, problem.column) == (5, 1) and "'status'" in problem.message
    path.write_text(text.replace('"status": 7', '"status": "Success"'), encoding="utf-8")
    found = read_file(str(path))
    assert [run.line for runs in found.cases.values() for run in runs.values()] == [2, 2, 3, 5]


@pytest.mark.parametrize("name", ["export.json", "export.jsonl"])
def test_invalid_utf8_in_a_field_the_report_skips_is_still_reported(
    tmp_path: Path, name: str
) -> None:
    """msgspec does not look inside the fields it skips: the reader checks the bytes
    itself, and says where they are."""
    row = json.dumps({**_entry("T1", 1), "outputText": "x"}).encode()
    row = row.replace(b'"x"', b'"\xff"')
    data = row + b"\n" if name.endswith(".jsonl") else b"[" + row + b"]"
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(ReportInputError) as caught:
        read_file(str(path))
    assert [p.message for p in caught.value.problems] == ["invalid UTF-8; save the export as UTF-8"]


@pytest.mark.parametrize("breaks", ["\u2028", "\x1c", "\r"])
def test_jsonl_breaks_lines_where_python_does(tmp_path: Path, breaks: str) -> None:
    """str.splitlines() breaks lines at more than "\\n": so does the JSONL reader."""
    path = tmp_path / "e.jsonl"
    line = json.dumps({**_entry("T1", 1), "message": "a@b"}).replace("@", breaks)
    path.write_text(line + "\n", encoding="utf-8", newline="")
    with pytest.raises(ReportInputError) as caught:
        read_file(str(path))
    assert [p.line for p in caught.value.problems] == [1, 2]
    assert all("not valid JSON" in p.message for p in caught.value.problems)


def test_an_empty_jsonl_file_is_said_to_be_empty(tmp_path: Path) -> None:
    path = tmp_path / "e.jsonl"
    path.write_text("\n  \n", encoding="utf-8")
    with pytest.raises(ReportInputError) as caught:
        read_file(str(path))
    assert "the file is empty" in str(caught.value)


@pytest.mark.parametrize("name", ["export.json", "export.jsonl"])
def test_a_lone_surrogate_escape_is_named(tmp_path: Path, name: str) -> None:
    row = json.dumps({**_entry("T1", 1), "message": "@"}).replace("@", "\\ud800")
    path = tmp_path / name
    path.write_text(row + "\n" if name.endswith(".jsonl") else f"[{row}]", encoding="utf-8")
    with pytest.raises(ReportInputError) as caught:
        read_file(str(path))
    assert ["unpaired surrogate" in p.message for p in caught.value.problems] == [True]
    [problem] = caught.value.problems
    assert problem.line == 1


BREAK_BYTES = st.lists(
    st.sampled_from(
        [
            b"a",
            b"\n",
            b"\r",
            b"\r\n",
            b"\x0b",
            b"\x0c",
            b"\x1c",
            b"\x1d",
            b"\x1e",
            b"\xc2\x85",
            b"\xc2",
            b"\x85",
            b"\xe2\x80\xa8",
            b"\xe2\x80\xa9",
            b"\xe2\x80",
            b"\xe2\x80\xaa",
            "é".encode(),
        ]
    ),
    max_size=12,
).map(b"".join)


@given(BREAK_BYTES)
def test_other_line_breaks_are_found_as_splitlines_sees_them(chunk: bytes) -> None:
    # The rule, stated by the exact reader's own splitting: after cutting at LF (CRLF as
    # one), str.splitlines() must find no further line break in any piece.
    text = chunk.decode("utf-8", errors="replace")
    pieces = text.replace("\r\n", "\n").split("\n")
    other = any(piece.splitlines() not in ([], [piece]) for piece in pieces)
    assert reader.has_other_breaks(chunk) == other


def test_what_msgspec_cannot_hold_in_a_json_export_is_named(tmp_path: Path) -> None:
    """NaN is not JSON (Python's reader takes it, msgspec does not): refused where it is;
    a number of thousands of digits is refused for the whole file, saying why."""
    row = json.dumps({**_entry("T1", 1), "tokensConsumed": 7})
    path = tmp_path / "export.json"
    path.write_text(f"[\n{row.replace('7', 'NaN')}]", encoding="utf-8")
    with pytest.raises(ReportInputError) as caught:
        read_file(str(path))
    [problem] = caught.value.problems
    column = row.index('"tokensConsumed": 7') + len('"tokensConsumed": ') + 1
    assert (problem.line, problem.column) == (2, column)
    assert problem.message.startswith("not valid JSON")
    path.write_text(f"[{row.replace(': 7', ': 7' + '0' * 5000)}]", encoding="utf-8")
    with pytest.raises(ReportInputError) as caught:
        read_file(str(path))
    [problem] = caught.value.problems
    assert problem.line == 0 and "out of range" in problem.message
