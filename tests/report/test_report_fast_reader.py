"""The streaming reader (msgspec) agrees with the exact pure-Python reader, or steps aside.

The DESIGN rule for fast paths: a property test proves it agrees. Every export below is
read both ways; whenever the fast reader answers, its result set is the exact reader's,
and a file it steps aside from gets the exact reader's problems, file:line:column."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("msgspec")

from ait_datasets.report import fast_json, inputs
from ait_datasets.report.inputs import (
    ReadOptions,
    ReportInputError,
    _read_fast,
    decode,
    read_file,
    read_text,
)


@pytest.fixture(autouse=True, params=["c-pass", "msgspec"])
def reader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every test here runs with both fast readers of a JSON export: the C pass (where it
    was built; CI builds it) and the msgspec one, which reads when it was not."""
    if request.param == "c-pass":
        pytest.importorskip("ait_datasets.report._speedups", reason="built without a C compiler")
    else:
        monkeypatch.setattr(inputs, "_read_scanned", lambda path, options: None)
    return str(request.param)


TEXT = st.one_of(
    st.sampled_from(["", "T1", " t2 ", '},{"', '"}, {"', "\\", "é€", "\u202e"]),
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
# Mostly valid entries, so that the fast reader answers as often as it steps aside.
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


def _export(rows: list[dict[str, object]], layout: str, next_link: bool) -> str:
    if layout == "jsonl":  # one row a line (CRLF line ends: Windows)
        return "".join(json.dumps(r) + "\r\n" for r in rows)
    if layout == "jsonl-gaps":  # blank lines between, no newline at the end
        return "\n \n".join(json.dumps(r, ensure_ascii=False) for r in rows)
    if layout == "compact":
        body = json.dumps(rows, separators=(",", ":"), ensure_ascii=False)
    elif layout == "indented":
        body = json.dumps(rows, indent=2)
    elif layout == "lines":
        body = "[\n" + ",\n".join(json.dumps(r) for r in rows) + "\n]"
    else:
        body = json.dumps(rows, ensure_ascii=layout != "spaced")
    if layout == "array":
        return body
    link = ', "@odata.nextLink": "https://bc/next"' if next_link else ""
    text = (
        '{"@odata.context": "https://bc/$metadata#aitTestLogEntries", "value": ' + body + link + "}"
    )
    return ("\ufeff" if layout == "bom" else "") + text


def _both(path: Path, options: ReadOptions) -> tuple[object, object]:
    try:
        # The bytes as the exact reader decodes them (line ends kept, BOM dropped).
        exact: object = read_text(str(path), decode(str(path), path.read_bytes()), options)
    except ReportInputError as exc:
        exact = [str(p) for p in exc.problems]
    try:
        full: object = read_file(str(path), options)
    except ReportInputError as exc:
        full = [str(p) for p in exc.problems]
    return exact, full


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    rows=ROWS,
    layout=LAYOUTS,
    next_link=st.booleans(),
    block=st.sampled_from([32, 100, 1 << 23]),
    runs_by=st.sampled_from(["version", "tag"]),
    show_data=st.booleans(),
)
def test_fast_reader_agrees_or_steps_aside(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    rows: list[dict[str, object]],
    layout: str,
    next_link: bool,
    block: int,
    runs_by: str,
    show_data: bool,
) -> None:
    monkeypatch.setattr(fast_json, "BLOCK", block)  # small blocks: entries cut across them
    path = tmp_path / ("export.jsonl" if layout.startswith("jsonl") else "export.json")
    path.write_bytes(_export(rows, layout, next_link).encode("utf-8"))
    options = ReadOptions(runs_by=runs_by, show_data=show_data)
    exact, full = _both(path, options)
    assert full == exact
    fast = _read_fast(str(path), options)
    if fast is not None:
        assert fast == exact


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


def test_fast_reader_reads_the_usual_export(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fast_json, "BLOCK", 256)
    rows = [
        _entry(f"T{i % 7}", 1 + i // 7, "Error" if i % 5 == 0 else "Success") for i in range(70)
    ]
    path = tmp_path / "export.json"
    path.write_text(_export(rows, "lines", False), encoding="utf-8")
    fast = _read_fast(str(path), ReadOptions())
    assert fast is not None and len(fast) == 7  # it answered, and agrees:
    assert fast == read_text(str(path), path.read_text(encoding="utf-8"))
    first_error = fast.cases[next(iter(fast.cases))][1]
    assert first_error.line == 2 and first_error.turn is not None  # line of the entry


@pytest.mark.parametrize(
    "message",
    ['}, {"', '},{"aitCode": "x"', '}\n,\n{"'],
)
def test_separators_inside_strings_step_aside_or_agree(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, message: str
) -> None:
    for block in (16, 40, 64, 1 << 23):
        monkeypatch.setattr(fast_json, "BLOCK", block)
        rows = [_entry("T1", v, "Error", message) for v in (1, 2, 3)]
        path = tmp_path / "export.json"
        path.write_text(_export(rows, "compact", False), encoding="utf-8")
        exact = read_text(str(path), path.read_text(encoding="utf-8"))
        fast = _read_fast(str(path), ReadOptions())
        assert fast is None or fast == exact
        assert read_file(str(path)) == exact


def test_a_malformed_row_gets_the_exact_readers_position(tmp_path: Path) -> None:
    rows = [_entry("T1", 1), {**_entry("T1", 2), "version": None, "status": "Success"}]
    path = tmp_path / "export.json"
    path.write_text(_export(rows, "lines", False), encoding="utf-8")
    with pytest.raises(ReportInputError) as caught:
        read_file(str(path))
    [problem] = caught.value.problems
    assert (problem.line, problem.column) == (3, 1) and "no 'version'" in problem.message


def test_without_msgspec_the_exact_reader_does_it_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ait_datasets.report.fast_json", None)  # ImportError
    rows = [_entry("T1", v) for v in (1, 2)]
    path = tmp_path / "export.json"
    path.write_text(_export(rows, "compact", False), encoding="utf-8")
    assert _read_fast(str(path), ReadOptions()) is None
    assert read_file(str(path)) == read_text(str(path), path.read_text(encoding="utf-8"))


def test_fast_reader_reads_plain_passing_runs_without_dicts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The export of the API page (every field, plain types): the passing runs are read
    from the lean structs, the failures from their own dicts, and both agree."""
    monkeypatch.setattr(fast_json, "BLOCK", 512)
    rows = [
        {**_entry(f"T{i % 5}", 1 + i // 5, "Error" if i % 4 == 0 else "Success"), "tag": "rc"}
        for i in range(40)
    ]
    for layout, name in (
        ("lines", "export.json"),
        ("indented", "export.json"),
        ("jsonl", "e.jsonl"),
    ):
        path = tmp_path / name
        path.write_text(_export(rows, layout, False), encoding="utf-8")
        reader = fast_json.blocks if name.endswith(".json") else fast_json.line_blocks
        assert all(block.lean is not None for block in reader(str(path)))
        fast = _read_fast(str(path), ReadOptions())
        assert fast is not None
        assert fast == read_text(str(path), decode(str(path), path.read_bytes()))
        runs = fast.cases[next(iter(fast.cases))]
        assert [r.passed for r in runs.values()] == [
            False,
            True,
            True,
            True,
            False,
            True,
            True,
            True,
        ]


@pytest.mark.parametrize("block", [512, 1 << 23])
def test_a_minified_export_is_read_without_finding_its_entries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, block: int
) -> None:
    """The API's own minified response: every entry is on line 1, so where each starts is
    never searched for, and a failed eval's failing turn comes from the data msgspec kept
    as JSON text; the result is the exact reader's."""
    monkeypatch.setattr(fast_json, "BLOCK", block)
    rows = [
        _entry(f"T{i % 5}", 1 + i // 5, "Error" if i % 4 == 0 else "Success") for i in range(40)
    ]
    path = tmp_path / "export.json"
    path.write_text(_export(rows, "compact", False), encoding="utf-8")

    def searched(self: object) -> list[int]:
        raise AssertionError("a one-line block's entries were searched for")

    with monkeypatch.context() as patched:
        patched.setattr(fast_json._Cut, "found", searched)
        blocks = list(fast_json.blocks(str(path)))
        fast = _read_fast(str(path), ReadOptions())
    assert all(isinstance(e, fast_json.LeanData) for b in blocks for e in b.lean or [None])
    assert {line for b in blocks for line in b.lines} == {1}
    assert fast is not None
    assert fast == read_text(str(path), decode(str(path), path.read_bytes()))
    failed = [run for runs in fast.cases.values() for run in runs.values() if not run.passed]
    assert failed and all(run.turn is not None and run.turn.first == 1 for run in failed)


@pytest.mark.parametrize("layout", ["compact", "lines", "indented"])
def test_nested_arrays_of_objects_agree_or_step_aside(tmp_path: Path, layout: str) -> None:
    """A value that is an array of objects holds the separator's pattern outside strings
    (``}, {"`` at a deeper level). A block cut there cannot decode; a block on one line
    never looks for its entries, and one on several lines finds one separator too many
    and steps aside: either way the result is the exact reader's."""
    rows: list[dict[str, object]] = [
        {**_entry("T1", 1, "Error"), "inputData": [{"query": {}}, {"query": {}}], "x": [{"a": 1}]},
        _entry("T2", 1),
        {**_entry("T3", 1), "extra": [{"b": 2}, {"c": 3}]},
    ]
    path = tmp_path / "export.json"
    path.write_text(_export(rows, layout, False), encoding="utf-8")
    exact = read_text(str(path), decode(str(path), path.read_bytes()))
    fast = _read_fast(str(path), ReadOptions())
    assert fast is None or fast == exact
    if layout == "compact":
        assert fast == exact
    assert read_file(str(path)) == exact


@pytest.mark.parametrize("name", ["export.json", "export.jsonl"])
def test_invalid_utf8_in_a_field_the_report_skips_is_still_reported(
    tmp_path: Path, name: str
) -> None:
    """msgspec does not look inside the fields it skips: the fast reader checks the bytes
    itself, so the exact reader's problem is what the user sees."""
    row = json.dumps({**_entry("T1", 1), "outputText": "x"}).encode()
    row = row.replace(b'"x"', b'"\xff"')
    data = row + b"\n" if name.endswith(".jsonl") else b"[" + row + b"]"
    path = tmp_path / name
    path.write_bytes(data)
    assert _read_fast(str(path), ReadOptions()) is None
    with pytest.raises(ReportInputError) as caught:
        read_file(str(path))
    assert [p.message for p in caught.value.problems] == ["invalid UTF-8; save the export as UTF-8"]


@pytest.mark.parametrize("breaks", ["\u2028", "\x1c", "\r"])
def test_jsonl_with_other_line_breaks_is_read_the_exact_way(tmp_path: Path, breaks: str) -> None:
    """str.splitlines() (the exact JSONL reader) breaks lines at more than "\\n": such a
    file is not the fast reader's to read."""
    path = tmp_path / "e.jsonl"
    line = json.dumps({**_entry("T1", 1), "message": "a@b"}).replace("@", breaks)
    path.write_text(line + "\n", encoding="utf-8", newline="")
    assert _read_fast(str(path), ReadOptions()) is None
    with pytest.raises(ReportInputError) as caught:
        read_file(str(path))
    assert all("not valid JSON" in p.message for p in caught.value.problems)


def test_an_empty_jsonl_file_gets_the_exact_readers_problem(tmp_path: Path) -> None:
    path = tmp_path / "e.jsonl"
    path.write_text("\n  \n", encoding="utf-8")
    assert _read_fast(str(path), ReadOptions()) is None
    with pytest.raises(ReportInputError) as caught:
        read_file(str(path))
    assert "the file is empty" in str(caught.value)


@pytest.mark.parametrize("name", ["export.json", "export.jsonl"])
def test_a_lone_surrogate_escape_gets_the_exact_readers_problem(tmp_path: Path, name: str) -> None:
    row = json.dumps({**_entry("T1", 1), "message": "@"}).replace("@", "\\ud800")
    path = tmp_path / name
    path.write_text(row + "\n" if name.endswith(".jsonl") else f"[{row}]", encoding="utf-8")
    assert _read_fast(str(path), ReadOptions()) is None
    with pytest.raises(ReportInputError) as caught:
        read_file(str(path))
    assert ["unpaired surrogate" in p.message for p in caught.value.problems] == [True]


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
    assert fast_json.has_other_breaks(chunk) == other


# Exports the fast reader must answer (not step aside from): the API page's plain types,
# with failures (their failing turns), skipped evals, infrastructure rows (no version, or
# no procedure), reruns and second rows of a run, tags and unknown costs.
PLAIN_ENTRY = st.fixed_dictionaries(
    {
        "aitCode": st.sampled_from(["S", " S ", "S2"]),
        "lineNumber": st.sampled_from([10000, 20000]),
        "status": st.sampled_from(["Success", "Success", "Error", "Skipped"]),
        "version": st.integers(1, 5),
        "procedureName": st.sampled_from(["Run", " Run ", "Run2"]),
        "datasetLineNumber": st.sampled_from(["T1", "T2", "t3", " T1"]),
        "dataset": st.sampled_from(["DS.YAML", "ds"]),
        "tag": st.sampled_from(["", "rc-1", " rc-1", "rc-2"]),
        "message": st.sampled_from(["", " Assert failed ", "x | `y`"]),
        "inputData": st.sampled_from(["", '{"turns": [{"query": {}}, {"query": {}}]}']),
        "outputData": st.sampled_from(
            ["", '{"turns": [{"answer": {"success": false}}]}', '{"turns": [{}]}']
        ),
    },
    optional={
        "tokensConsumed": st.one_of(st.none(), st.integers(0, 10**6)),
        "copilotCredits": st.one_of(st.none(), st.floats(0, 9)),
        "durationMs": st.one_of(st.none(), st.integers(0, 10**6)),
    },
)
NOT_A_RUN = st.sampled_from(
    [
        {"aitCode": "S", "status": "Error", "message": "line failed", "errorCallStack": "at X"},
        {"aitCode": "S", "lineNumber": 1, "status": "Error", "version": 2, "procedureName": ""},
        {"aitCode": "S", "lineNumber": 1, "status": "Success", "version": 2, "procedureName": ""},
    ]
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    rows=st.lists(
        st.one_of(PLAIN_ENTRY, PLAIN_ENTRY, PLAIN_ENTRY, NOT_A_RUN), min_size=1, max_size=30
    ),
    layout=st.sampled_from(["compact", "lines", "indented", "jsonl"]),
    block=st.sampled_from([128, 300, 1 << 23]),  # the first holds the prefix
    runs_by=st.sampled_from(["version", "tag"]),
)
def test_fast_reader_answers_plain_exports_as_the_exact_reader(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    rows: list[dict[str, object]],
    layout: str,
    block: int,
    runs_by: str,
) -> None:
    """On these exports the fast path answers, and its result set is the exact reader's,
    which reads one row at a time: the same runs (passed or failed, merged in file order,
    with their failing turns, lines and costs), skipped evals, infrastructure errors,
    rows that are not cases and tags of each run."""
    monkeypatch.setattr(fast_json, "BLOCK", block)
    path = tmp_path / ("export.jsonl" if layout == "jsonl" else "export.json")
    path.write_bytes(_export(rows, layout, False).encode("utf-8"))
    options = ReadOptions(runs_by=runs_by)
    exact = read_text(str(path), decode(str(path), path.read_bytes()), options)
    fast = _read_fast(str(path), options)
    assert fast is not None
    assert fast == exact
