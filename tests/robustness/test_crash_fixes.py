"""The crashes and hangs the hostile corpus found, each pinned with its exact message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ait_datasets.cli import main
from ait_datasets.source import load
from ait_datasets.source.expansion import expanded_size, may_expand, too_big_when_expanded
from ait_datasets.source.tree import walk

CORPUS = Path(__file__).resolve().parent / "hostile"


def test_a_json_lone_surrogate_is_an_encoding_finding_and_replaced() -> None:
    doc = load(str(CORPUS / "json" / "lone_surrogate.json"))
    found = [(d.line, d.column, d.end_column, d.code) for d in doc.diagnostics]
    assert found == [(1, 11, 19, "SYN005"), (1, 33, 41, "SYN005")]
    assert "unpaired surrogate" in doc.diagnostics[0].message
    assert doc.data == [{"name": "\ufffd", "question": "\ufffd"}]


def test_a_json_surrogate_pair_is_one_character() -> None:
    from ait_datasets.source.load import load_text

    doc = load_text("a.json", '[{"name": "\\ud83d\\ude00"}]')
    assert doc.diagnostics == [] and doc.data == [{"name": "\U0001f600"}]


@pytest.mark.parametrize("argv", [["resolve"], ["migrate", "--check", "--kind", "agent"]])
def test_commands_refuse_a_json_lone_surrogate_with_its_position(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    path = CORPUS / "json" / "lone_surrogate.json"
    assert main([*argv, str(path)]) == 2
    assert f"{path}:1:11: " in capsys.readouterr().err


def test_walk_enters_an_aliased_container_once() -> None:
    doc = load(str(CORPUS / "yaml" / "billion_laughs.yaml"))
    assert doc.root is not None
    # 9 anchors of 9 items, plus the keys and the root: a few hundred nodes, not 9**9.
    assert len(list(walk(doc.root))) < 300


def test_expanded_size_counts_shared_data_once_per_use_without_expanding_it() -> None:
    leaf = ["a", "b"]
    shared = [leaf, leaf, leaf]
    assert expanded_size(shared, 1000) == 1 + 3 * 3
    doc = load(str(CORPUS / "yaml" / "billion_laughs.yaml"))
    assert too_big_when_expanded(doc.data, len(doc.text)) == 1_000_000
    assert too_big_when_expanded({"tests": [leaf] * 10}, 0) is None


def test_only_yaml_with_an_alias_mark_can_expand_past_its_text() -> None:
    # Without a `*` no alias can share data, so the measuring walk is skipped.
    assert may_expand("yaml", "a: &x [1]\nb: *x\n")
    assert not may_expand("yaml", "a: [1]\nb: 2\n")
    assert not may_expand("json", '{"a": "*x"}')
    assert not may_expand("jsonl", '{"a": "*x"}\n')


def test_resolve_refuses_a_billion_laughs(capsys: pytest.CaptureFixture[str]) -> None:
    path = CORPUS / "yaml" / "billion_laughs_in_test.yaml"
    assert main(["resolve", "--work-date", "2025-01-15", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"{path}: error: its aliases expand to more than 1000000 values; resolving would "
        "write them all out (a file like this can exhaust memory).\n"
    )


def test_migrate_refuses_a_billion_laughs_it_would_have_to_copy(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = CORPUS / "yaml" / "billion_laughs_legacy.yaml"
    assert main(["migrate", "--check", "--kind", "agent", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: not migrated: its aliases expand to more than 1000000 values" in err


def test_migrate_leaves_an_alias_bomb_it_need_not_change_alone(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = CORPUS / "yaml" / "billion_laughs_in_test.yaml"
    assert main(["migrate", "--check", str(path)]) == 0
    capsys.readouterr()


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("deep_arrays.json", "{path}: the JSON nests too deeply to be a result file"),
        ("deep_line.jsonl", "{path}: the JSON nests too deeply to be a result file"),
        (
            "lone_surrogate.jsonl",
            "{path}:1:1: a string holds an unpaired surrogate escape (such as \\ud800), which "
            "is not a character; write the whole surrogate pair or remove it",
        ),
        ("run_huge_number.jsonl", "{path}:1:1: 'run' must be"),
    ],
)
def test_report_refuses_hostile_json_with_the_file_named(
    name: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = CORPUS / "report" / name
    assert main(["report", str(path)]) == 2
    assert capsys.readouterr().err.startswith(message.format(path=path))


def test_a_jsonl_row_with_a_lone_surrogate_is_a_finding(tmp_path: Path) -> None:
    path = tmp_path / "a.jsonl"
    path.write_text(json.dumps({"name": "ok"}) + "\n" + '{"name": "\\udfff"}\n')
    doc = load(str(path))
    assert [(d.line, d.column, d.code) for d in doc.diagnostics] == [(2, 10, "SYN005")]


def test_date_takes_a_negative_formula_after_a_leading_debug(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--debug", "date", "-CM", "--work-date", "2025-01-15"]) == 0
    assert capsys.readouterr().out == "2025-01-01\n"


@pytest.mark.parametrize("name", ["utf32le_bom.yaml", "utf32be_bom.yaml"])
def test_utf32_is_named_as_such(name: str) -> None:
    doc = load(str(CORPUS / "yaml" / name))
    assert [(d.line, d.column, d.code) for d in doc.diagnostics] == [(1, 1, "SYN005")]
    assert doc.diagnostics[0].message.startswith("The file is UTF-32")


def test_an_internal_error_in_a_worker_process_still_names_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import ait_datasets.lint.engine as engine
    from ait_datasets.internal_error import FileInternalError

    if not engine.workers_fork():
        pytest.skip("the patched rule reaches workers only when they are forked (Linux)")

    def bug(*_args: object) -> object:
        raise ArithmeticError("simulated bug")

    for name in ("a.yaml", "b.yaml"):
        (tmp_path / name).write_text("tests:\n  - name: T\n    question: q\n")
    monkeypatch.setattr(engine, "file_findings", bug)
    assert main(["lint", "--jobs", "2", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    # Each file's error is reported on that file, and the run goes on to the next one.
    for name in ("a.yaml", "b.yaml"):
        assert (
            f"datasets lint: internal error while processing {tmp_path}/{name}: "
            "ArithmeticError: simulated bug"
        ) in err
    assert "--debug" in err
    # The wrapper survives the trip back from the worker (it is pickled).
    import pickle

    back = pickle.loads(pickle.dumps(FileInternalError("x.yaml", ValueError("v"))))
    assert back.path == "x.yaml" and str(back) == "x.yaml: ValueError: v"
