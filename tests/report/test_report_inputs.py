"""Reading log-entry exports (OData and plain arrays) and generic JSONL, good and bad."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ait_datasets.report.inputs import ReportInputError, read_file, read_results, read_text
from ait_datasets.report.model import CaseKey

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "results"


def _entry(
    version: object = 1, status: str = "Success", test: str = "T-1", **extra: object
) -> dict[str, object]:
    row: dict[str, object] = {
        "aitCode": "SUITE",
        "dataset": "DS",
        "datasetLineNumber": test,
        "codeunitID": 50100,
        "procedureName": "RunTest",
        "version": version,
        "status": status,
        "message": "" if status == "Success" else "Assert failed",
        "tag": "",
    }
    row.update(extra)
    return row


def _problems(path: str, text: str) -> list[str]:
    with pytest.raises(ReportInputError) as caught:
        read_text(path, text)
    return [str(p) for p in caught.value.problems]


# --- the example files -----------------------------------------------------------------


def test_odata_export_example() -> None:
    results = read_file(EXAMPLES / "sales-agent-export.json")
    assert len(results) == 11
    assert results.run_ids() == [1, 2, 3]
    assert results.tags[1] == {"rc-2025.11"}
    key = CaseKey("SALES-AGENT", "SOA-ORDERS", "ORDER-003", "CreateSalesOrderFromEmail")
    assert [r.passed for r in results.runs_of(key)] == [True, False, True]
    failed = results.runs_of(key)[1]
    assert failed.message.startswith("Expected task to require user intervention")
    assert failed.origin.startswith(str(EXAMPLES / "sales-agent-export.json") + ":")


def test_plain_array_example() -> None:
    results = read_file(EXAMPLES / "sales-agent-baseline.json")
    assert len(results) == 11
    assert sum(len(runs) for runs in results.cases.values()) == 33


def test_generic_jsonl_example() -> None:
    results = read_file(EXAMPLES / "support-bot-runs.jsonl")
    key = CaseKey("support-bot", "customer-email", "warranty-claim")
    assert [r.passed for r in results.runs_of(key)] == [True, False, True, False]
    assert results.runs_of(key)[1].message.startswith("promised a refund")


def test_several_files_make_one_set() -> None:
    results = read_results(
        [EXAMPLES / "sales-agent-export.json", EXAMPLES / "support-bot-runs.jsonl"]
    )
    assert len(results) == 17
    assert len(results.sources) == 2


# --- shapes ----------------------------------------------------------------------------


def test_status_other_than_success_fails() -> None:
    # Status is the option Success,Error,Skipped (AITLogEntry.Table.al): Error fails, and
    # Skipped is no run at all (it was counted as a failure before issue 18).
    text = json.dumps(
        [
            _entry(1, "Success", "A"),
            _entry(1, "Error", "B"),
            _entry(1, "Skipped", "C"),
            _entry(1, "success", "D"),
        ]
    )
    results = read_text("r.json", text)
    passed = {k.test: results.runs_of(k)[0].passed for k in results.case_keys()}
    assert passed == {"A": True, "B": False, "D": True}
    assert [(s.key.test, s.run) for s in results.skipped] == [("C", 1)]


def test_version_may_be_digits_in_text() -> None:
    results = read_text("r.json", json.dumps([_entry("2")]))
    assert results.run_ids() == [2]


def test_generic_rows_in_a_json_array_and_log_entries_in_jsonl() -> None:
    generic = read_text("r.json", json.dumps([{"case": "a", "run": "r1", "passed": False}]))
    assert generic.run_ids() == ["r1"]
    logs = read_text("r.jsonl", json.dumps(_entry(4)) + "\n")
    assert logs.run_ids() == [4]


def test_jsonl_skips_blank_lines_and_sniffs_unknown_suffix() -> None:
    text = (
        '{"case": "a", "run": 1, "passed": true}\n\n  \n{"case": "a", "run": 2, "passed": false}\n'
    )
    for name in ("r.jsonl", "results.txt"):
        results = read_text(name, text)
        assert [r.passed for r in results.runs_of(CaseKey("", "", "a"))] == [True, False]


def test_odata_object_with_other_fields_first() -> None:
    text = json.dumps({"@odata.context": "x", "@odata.nextLink": "y", "value": [_entry()]})
    assert len(read_text("r.json", text)) == 1


def test_empty_export_is_an_empty_set() -> None:
    assert len(read_text("r.json", '{"value": []}')) == 0
    assert len(read_text("r.json", "[]")) == 0


def test_utf16_and_utf8_bom_files(tmp_path: Path) -> None:
    text = json.dumps({"value": [_entry()]}, indent=2)
    (tmp_path / "a.json").write_bytes(text.encode("utf-16"))  # Windows PowerShell's default
    (tmp_path / "b.json").write_bytes(b"\xef\xbb\xbf" + text.encode())
    assert len(read_file(tmp_path / "a.json")) == 1
    assert len(read_file(tmp_path / "b.json")) == 1


# --- malformed input: file, line and column --------------------------------------------


def test_odata_entry_without_version_names_index_and_line() -> None:
    entries = [_entry(1), _entry(2)]
    del entries[1]["version"]
    text = json.dumps({"value": entries}, indent=2)
    line = text.splitlines().index("    {", 5) + 1  # the second element's opening brace
    assert _problems("export.json", text) == [
        f"export.json:{line}:5: value[1]: the log entry has no 'version'; it says which run "
        "the entry belongs to"
    ]


def test_plain_array_element_that_is_not_an_object() -> None:
    text = '[\n  {"datasetLineNumber": "A", "version": 1, "status": "Success"},\n  42\n]\n'
    assert _problems("r.json", text) == [
        "r.json:3:3: [1]: expected a JSON object (one log entry), found the number 42"
    ]


def test_every_bad_entry_is_reported() -> None:
    text = (
        "[\n"
        '{"datasetLineNumber": "A", "version": 1, "status": ""},\n'
        '{"datasetLineNumber": "A", "version": "v2", "status": "Error"},\n'
        '{"version": 3, "status": "Error"}\n'
        "]"
    )
    assert _problems("r.json", text) == [
        "r.json:2:1: [0]: the log entry has no usable 'status'; expected 'Success' (passed) "
        "or another status such as 'Error' (failed), found the text \"\"",
        "r.json:3:1: [1]: 'version' must be a whole number (the run), found the text \"v2\"",
        "r.json:4:1: [2]: the log entry has neither 'datasetLineNumber' nor 'procedureName', "
        "so it cannot be matched to a test; export these fields too",
    ]


def test_json_syntax_error_has_line_and_column() -> None:
    text = '{"value": [\n  {"version": 1,\n   "status": "Success"\n  ,}\n]}'
    (problem,) = _problems("r.json", text)
    assert problem.startswith("r.json:4:4: not valid JSON: Expecting property name")


def test_trailing_text_after_the_array() -> None:
    (problem,) = _problems("r.json", "[]\n[]")
    assert problem.startswith("r.json:2:1: not valid JSON: Extra data")


def test_object_without_value_array() -> None:
    (problem,) = _problems("r.json", '\n  {"error": {"code": "Unauthorized"}}')
    assert problem.startswith("r.json:2:3: expected the API export")


def test_jsonl_bad_rows_report_their_line() -> None:
    text = (
        '{"case": "a", "run": 1, "passed": true}\n'
        "\n"
        '{"case": "a", "run": 2, "passed": "yes"}\n'
        '{"case": "a", run: 3, "passed": true}\n'
        '  {"run": 4, "passed": true}\n'
    )
    assert _problems("runs.jsonl", text) == [
        "runs.jsonl:3:1: 'passed' must be true or false, found the text \"yes\"",
        "runs.jsonl:4:15: not valid JSON: Expecting property name enclosed in double quotes; "
        "each line must be one JSON object (one run of one case)",
        "runs.jsonl:5:3: 'case' must be a non-empty text or number, found no such field",
    ]


def test_generic_row_with_true_as_run_is_rejected() -> None:
    assert _problems("r.jsonl", '{"case": "a", "run": true, "passed": true}') == [
        "r.jsonl:1:1: 'run' must be a non-empty text or number, found true"
    ]


def test_empty_file() -> None:
    assert _problems("r.json", "  \n") == [
        "r.json: the file is empty; expected log entries or result rows"
    ]


def test_invalid_utf8_has_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    # The column counts characters: "é" is two bytes but one column.
    path.write_bytes(b'{"case": "a", "run": 1, "passed": true}\n{"case": "\xc3\xa9\xff"}\n')
    with pytest.raises(ReportInputError) as caught:
        read_file(path)
    assert [str(p) for p in caught.value.problems] == [
        f"{path}:2:12: invalid UTF-8; save the export as UTF-8"
    ]


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ReportInputError) as caught:
        read_results([tmp_path / "nope.json"])
    assert (
        str(caught.value)
        == f"{tmp_path / 'nope.json'}: cannot read the file: No such file or directory"
    )


# --- property: element positions survive any layout ------------------------------------

_layout = st.sampled_from(["", " ", "\n", "\n  ", "\r\n", "\n\n    "])


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.tuples(st.integers(1, 5), st.booleans()), min_size=1, max_size=12),
    st.data(),
)
def test_every_element_is_located_whatever_the_whitespace(
    runs: list[tuple[int, bool]], data: st.DataObject
) -> None:
    bad = data.draw(st.integers(0, len(runs) - 1))
    parts = []
    for i, (version, ok) in enumerate(runs):
        element = json.dumps(_entry(version, "Success" if ok else "Error", f"T{i}"))
        if i == bad:
            element = element.replace('"status"', '"statuz"')
        parts.append(data.draw(_layout) + element + data.draw(_layout))
    text = "{" + data.draw(_layout) + '"value":' + data.draw(_layout) + "[" + ",".join(parts) + "]}"
    offset = text.index('"statuz"')
    start = text.rindex("{", 0, offset)
    line = text.count("\n", 0, start) + 1
    column = start - (text.rfind("\n", 0, start) + 1) + 1
    (problem,) = _problems("r.json", text)
    assert problem.startswith(f"r.json:{line}:{column}: value[{bad}]: the log entry has no usable")


def test_a_huge_number_outside_the_rows_is_read() -> None:
    # Python's int() refuses over 4300 digits; such a number beside the "value" array of
    # an OData response must not break the reading (it is read as a float).
    text = '{"@odata.count": ' + "9" * 5000 + ', "value": [' + json.dumps(_entry()) + "]}"
    assert len(read_text("r.json", text)) == 1
