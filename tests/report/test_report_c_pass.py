"""The report's C pass over a JSON export (``_speedups``): it reads as the Python code does,
or steps aside.

The fast-reader tests run every export through both fast readers; these add what only the
C pass decides: the JSON grammar it checks itself (a file it takes must be one the exact
reader takes), the rows it hands back (not plain) rather than stepping aside for the whole
file, and what it passes over because the previous entry held the same bytes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("msgspec")
pytest.importorskip("ait_datasets.report._speedups", reason="built without a C compiler")

from ait_datasets.report.inputs import (
    ReadOptions,
    ReportInputError,
    _read_scanned,
    decode,
    read_file,
    read_text,
)
from ait_datasets.report.model import CaseKey, Run, RunId

ENTRY = (
    '{"@odata.etag": "W/\\"JzE5Oyc=\\"", "aitCode": "S", "tag": "rc-1", "version": %d, '
    '"tokensConsumed": 10, "copilotCredits": 0.25, "procedureName": "Run", '
    '"message": "", "durationMs": 5, "status": "Success", "dataset": "DS", '
    '"datasetLineNumber": "T1", "inputData": "", "outputData": ""}'
)


def _write(tmp_path: Path, entries: list[str]) -> Path:
    path = tmp_path / "export.json"
    body = ",\n".join(entries)
    path.write_bytes(('{"@odata.context": "c", "value": [\n' + body + "\n]}").encode())
    return path


def _exact(path: Path) -> object:
    try:
        return read_text(str(path), decode(str(path), path.read_bytes()))
    except ReportInputError as exc:
        return [str(p) for p in exc.problems]


def _read(path: Path) -> object:
    try:
        return read_file(str(path))
    except ReportInputError as exc:
        return [str(p) for p in exc.problems]


# Entries the C pass takes whole, handing the odd one back to Python (read_log_entry):
# valid JSON whose fields are not the plain types, spelled in ways only a parser sees.
HANDED_BACK = [
    ENTRY.replace('"message": ""', '"message": "say \\"no\\" \\u00e9"'),  # escapes
    ENTRY.replace('"aitCode"', '"ait\\u0043ode"'),  # an escaped key: could be any field
    ENTRY.replace('"tag": "rc-1"', '"tag": "rc-1", "tag": "rc-2"'),  # a field twice
    ENTRY.replace('"tokensConsumed": 10', '"tokensConsumed": 99999999999999999999999'),
    ENTRY.replace('"copilotCredits": 0.25', '"copilotCredits": -0'),
    ENTRY.replace('"copilotCredits": 0.25', '"copilotCredits": -0.0'),
    ENTRY.replace('"copilotCredits": 0.25', '"copilotCredits": 3'),
    ENTRY.replace('"status": "Success"', '"status": "Skipped"'),
    ENTRY.replace('"status": "Success"', '"status": "success"'),
    ENTRY.replace('"version": %d', '"version": "%d"'),
    ENTRY.replace('"procedureName": "Run"', '"procedureName": null'),
    ENTRY.replace('"procedureName": "Run"', '"procedureName": " "'),
    ENTRY.replace('"inputData": ""', '"inputData": {"turns": [[], {"a": [1, {"b": null}]}]}'),
    ENTRY.replace('"status": "Success"', '"status": "Error"').replace(
        '"outputData": ""', '"outputData": "  {\\"turns\\": [{\\"success\\": false}]}"'
    ),
    ENTRY.replace('"status": "Success"', '"status": "Error"').replace(
        '"outputData": ""', '"outputData": {"turns": [{"success": true}, {"success": false}]}'
    ),
    ENTRY.replace('"dataset": "DS"', '"dataset": "Données €"'),  # UTF-8 text
    ENTRY.replace('"version": %d,', '"version": %d, "extra": [true, false, null, -1.5e-3],'),
]

# Rows handed back that read_log_entry reports: the file is the exact reader's to report.
REPORTED = [
    ENTRY.replace('"tokensConsumed": 10', '"tokensConsumed": 1.5'),  # not a count
    ENTRY.replace('"copilotCredits": 0.25', '"copilotCredits": 1e400'),  # not finite
    ENTRY.replace('"durationMs": 5', '"durationMs": -5'),
]

# Files the exact reader refuses (or reads its own way): the C pass must step aside.
REFUSED = [
    ENTRY.replace('"message": ""', '"message": "\\ud800"'),  # a lone surrogate escape
    ENTRY.replace('"message": ""', '"message": "\\x"'),  # not an escape
    ENTRY.replace('"message": ""', '"message": "a\tb"'),  # a raw control character
    ENTRY.replace('"durationMs": 5', '"durationMs": 05'),  # a leading zero
    ENTRY.replace('"durationMs": 5', '"durationMs": 5.'),
    ENTRY.replace('"durationMs": 5', '"durationMs": -'),
    ENTRY.replace('"durationMs": 5', '"durationMs": 1e'),
    ENTRY.replace('"sensitive": false', "").replace('"durationMs": 5', '"durationMs": tru'),
    ENTRY.replace('"durationMs": 5,', '"durationMs": 5,,'),
    ENTRY.replace('"durationMs": 5,', '"durationMs": 5'),  # a missing comma
    ENTRY.replace(', "outputData": ""}', ', "outputData": "",}'),  # a trailing comma
    ENTRY.replace('"inputData": ""', '"inputData": ' + "[" * 300 + "]" * 300),  # deep
    ENTRY.replace('"inputData": ""', '"inputData": {"a": 1'),  # an object left open
]


@pytest.mark.parametrize("entry", HANDED_BACK)
def test_odd_but_valid_rows_are_handed_back_and_read_as_the_exact_reader(
    tmp_path: Path, entry: str
) -> None:
    path = _write(tmp_path, [ENTRY % 1, entry.replace("%d", "2"), ENTRY % 3])
    scanned = _read_scanned(str(path), ReadOptions())
    assert scanned is not None  # the C pass answered for the whole file
    assert scanned == _exact(path)


def _reordered(entry: str) -> str:
    return json.dumps(dict(reversed(json.loads(entry).items())))


def _without(entry: str, key: str) -> str:
    fields = json.loads(entry)
    del fields[key]
    return json.dumps(fields)


# An entry after one it is like: the C pass passes over a key or value whose bytes are
# the previous entry's at the same place; these are alike up to where they differ.
LIKE_THE_PREVIOUS = {
    "a-longer-number": ENTRY.replace('"version": %d', '"version": 2%d'),
    "more-digits": ENTRY.replace('"tokensConsumed": 10', '"tokensConsumed": 100'),
    "more-decimals": ENTRY.replace('"copilotCredits": 0.25', '"copilotCredits": 0.255'),
    "a-longer-text": ENTRY.replace('"tag": "rc-1"', '"tag": "rc-1b"'),
    "an-exponent": ENTRY.replace('"copilotCredits": 0.25', '"copilotCredits": 0.25e1'),
    "keys-reordered": _reordered(ENTRY % 3),
    "a-key-fewer": _without(ENTRY % 3, "tag"),
    "a-key-more": ENTRY.replace("{", '{"first": "x", ', 1),
    "the-same-value-elsewhere": ENTRY.replace('"message": ""', '"message": "rc-1"'),
    "a-field-twice": ENTRY.replace('"durationMs": 5', '"durationMs": 5, "durationMs": 5'),
    "an-escaped-key": ENTRY.replace('"tag"', '"t\\u0061g"'),
    "a-literal-that-goes-on": ENTRY.replace('"sensitive": false', '"sensitive": falsey'),
}


@pytest.mark.parametrize("entry", LIKE_THE_PREVIOUS.values(), ids=LIKE_THE_PREVIOUS.keys())
def test_an_entry_like_the_previous_one_is_read_as_the_exact_reader(
    tmp_path: Path, entry: str
) -> None:
    base = ENTRY.replace('"aitCode": "S",', '"aitCode": "S", "sensitive": false,')
    entry = (
        entry
        if "sensitive" in entry
        else entry.replace('"aitCode": "S",', '"aitCode": "S", "sensitive": false,')
    )
    path = _write(tmp_path, [base % 1, base % 2, entry.replace("%d", "3"), base % 4])
    assert _read(path) == _exact(path)
    scanned = _read_scanned(str(path), ReadOptions())
    if "falsey" in entry:  # not JSON: the C pass steps aside for the exact reader
        assert scanned is None
    else:
        assert scanned is not None and scanned == _exact(path)


def _read_indented(
    tmp_path: Path, rows: list[dict[str, object]]
) -> tuple[dict[RunId, Run], list[str]]:
    """Case T1's runs of an indented export of ``rows``, read by the C pass (checked against
    the exact reader), and the export's lines."""
    path = tmp_path / "export.json"
    path.write_text(json.dumps({"value": rows}, indent=2), encoding="utf-8")
    scanned = _read_scanned(str(path), ReadOptions())
    assert scanned is not None and scanned == _exact(path)
    runs = scanned.cases[CaseKey("S", "DS", "T1", "Run")]
    return runs, path.read_text(encoding="utf-8").splitlines()


def test_repeated_values_with_line_breaks_inside_keep_each_entrys_line(tmp_path: Path) -> None:
    """A nested value is read afresh in each entry (its line breaks are counted), even
    when its bytes are the previous entry's."""
    rows = [json.loads(ENTRY % v) for v in (1, 2, 3, 4)]
    for row in rows:
        row["inputData"] = {"turns": [{"query": "a"}, {"query": "b"}]}
    rows[2]["status"] = "Error"
    runs, text = _read_indented(tmp_path, rows)
    assert [text[runs[v].line - 1].strip() for v in (1, 2, 3, 4)] == ["{"] * 4
    assert runs[1].line < runs[2].line < runs[3].line < runs[4].line


@pytest.mark.parametrize("entry", REPORTED)
def test_a_handed_back_row_the_exact_reader_reports_is_reported_at_its_line(
    tmp_path: Path, entry: str
) -> None:
    path = _write(tmp_path, [ENTRY % 1, entry.replace("%d", "2")])
    assert _read_scanned(str(path), ReadOptions()) is None
    problems = _read(path)
    assert problems == _exact(path)
    assert isinstance(problems, list) and problems[0].startswith(f"{path}:3:1: value[1]:")


@pytest.mark.parametrize("entry", REFUSED)
def test_what_the_exact_reader_refuses_makes_the_c_pass_step_aside(
    tmp_path: Path, entry: str
) -> None:
    path = _write(tmp_path, [ENTRY % 1, entry.replace("%d", "2")])
    assert _read_scanned(str(path), ReadOptions()) is None
    assert _read(path) == _exact(path)


@pytest.mark.parametrize(
    "raw",
    [b"\xff", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xe2\x82", b"\x80"],
    ids=["ff", "overlong", "surrogate", "beyond-10ffff", "cut-short", "lone-continuation"],
)
def test_bytes_that_are_not_utf8_make_the_c_pass_step_aside(tmp_path: Path, raw: bytes) -> None:
    path = _write(tmp_path, [ENTRY % 1])
    data = path.read_bytes().replace(b'"DS"', b'"D' + raw + b'S"')
    path.write_bytes(data)
    assert _read_scanned(str(path), ReadOptions()) is None
    problems = _read(path)
    assert problems == _exact(path)
    assert isinstance(problems, list) and "UTF-8" in problems[0]


def test_each_entry_keeps_its_own_line(tmp_path: Path) -> None:
    """Lines are counted as the C pass passes the line breaks between and inside entries
    (an indented export): a failure names the line its entry starts on."""
    rows = [json.loads(ENTRY % v) for v in (1, 2, 3)]
    rows[1]["status"] = "Error"
    runs, text = _read_indented(tmp_path, rows)
    assert text[runs[2].line - 1].strip() == "{" and not runs[2].passed
    assert runs[1].line < runs[2].line < runs[3].line


def test_without_the_c_module_the_msgspec_reader_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _write(tmp_path, [ENTRY % v for v in (1, 2)])
    with_c = read_file(str(path))
    monkeypatch.setitem(sys.modules, "ait_datasets.report._speedups", None)  # ImportError
    monkeypatch.delitem(sys.modules, "ait_datasets.report.fast_scan")
    assert _read_scanned(str(path), ReadOptions()) is None
    assert read_file(str(path)) == with_c == _exact(path)


def test_many_cases_and_long_keys_are_found_again_across_blocks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The C pass's index of raw case keys grows past its first size (1,500 cases), holds
    keys longer than its stack buffer (a 600-character dataset name), and finds each
    again in later blocks (small blocks: one scan per block)."""
    from ait_datasets.report import fast_json

    monkeypatch.setattr(fast_json, "BLOCK", 4096)
    long_name = "D" * 600
    entries = [
        ENTRY.replace('"T1"', f'"T{case}"').replace('"DS"', f'"{long_name if case % 7 else "DS"}"')
        % version
        for version in (1, 2)
        for case in range(1500)
    ]
    path = _write(tmp_path, entries)
    scanned = _read_scanned(str(path), ReadOptions())
    assert scanned is not None and len(scanned) == 1500
    assert all(len(runs) == 2 for runs in scanned.cases.values())
    assert scanned == _exact(path)


def test_rows_that_spent_the_same_credits_share_one_number(tmp_path: Path) -> None:
    """The same bytes give the same float, made once (memory: one object, not one a
    row); other bytes are read afresh, whatever the previous row spent."""
    spent = ["0.25", "0.25", "0.5", "0.25", "0", "0.0", "0", "1e-1", "null", "0.25"]
    entries = [
        ENTRY.replace('"copilotCredits": 0.25', f'"copilotCredits": {amount}') % version
        for version, amount in enumerate(spent, start=1)
    ]
    path = _write(tmp_path, entries)
    scanned = _read_scanned(str(path), ReadOptions())
    assert scanned is not None and scanned == _exact(path)
    runs = scanned.cases[CaseKey("S", "DS", "T1", "Run")]
    assert [runs[v].credits for v in range(1, 11)] == [
        0.25,
        0.25,
        0.5,
        0.25,
        0.0,
        0.0,
        0.0,
        0.1,
        None,
        0.25,
    ]
    assert runs[1].credits is runs[2].credits
