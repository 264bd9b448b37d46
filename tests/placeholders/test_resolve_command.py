"""`datasets resolve`: the dataset as test code reads it, placeholders resolved."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from ait_datasets.cli import main

DATASET = """\
name: Orders
tests:
  - name: one
    turns:
      - turn_setup:
          orders:
            - "Shipment Date": "$DateFormula-<CD+1D>$"
              At: "$DateTimeFormula-<CD>-13:30:00$"
              Zebra: first
              Apple: second
        query:
          from: Jane
          title: "Ship between $DateFormula-<-CW>$ and $DateFormula-<CW>$"
        expected_data:
          count: 3
          done: true
          note: null
"""


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_yaml_output_keeps_structure_and_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "d.yaml", DATASET)
    code, out, err = run(["resolve", path, "--work-date", "2024-05-15"], capsys)
    assert (code, err) == (0, "")
    assert out == (
        "name: Orders\n"
        "tests:\n"
        "- name: one\n"
        "  turns:\n"
        "  - turn_setup:\n"
        "      orders:\n"
        "      - Shipment Date: 2024-05-16\n"
        "        At: 2024-05-15 13:30:00\n"
        "        Zebra: first\n"
        "        Apple: second\n"
        "    query:\n"
        "      from: Jane\n"
        "      title: Ship between 2024-05-13 and 2024-05-19\n"
        "    expected_data:\n"
        "      count: 3\n"
        "      done: true\n"
        "      note: null\n"
    )


def test_json_output_and_regional_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "d.yaml", DATASET)
    argv = ["resolve", path, "--work-date", "2024-05-15", "--format", "json"]
    code, out, _ = run([*argv, "--date-format", "en-US"], capsys)
    assert code == 0
    data = json.loads(out)
    turn = data["tests"][0]["turns"][0]
    assert turn["turn_setup"]["orders"][0] == {
        "Shipment Date": "2024-05-16",
        "At": "2024-05-15T13:30:00",
        "Zebra": "first",
        "Apple": "second",
    }
    assert turn["query"]["title"] == "Ship between 05/13/24 and 05/19/24"
    assert list(turn["turn_setup"]["orders"][0]) == ["Shipment Date", "At", "Zebra", "Apple"]


def test_jsonl_gives_one_json_line_per_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (
        '{"name": "a", "due": "$DateFormula-<CM>$"}\n'
        '{"name": "b", "text": "by $DateFormula-<1D>$"}\n'
    )
    path = write(tmp_path, "d.jsonl", text)
    code, out, _ = run(["resolve", path, "--work-date", "2024-02-10", "--format", "json"], capsys)
    assert code == 0
    assert out == '{"name": "a", "due": "2024-02-29"}\n{"name": "b", "text": "by 2024-02-11"}\n'
    code, out, _ = run(["resolve", path, "--work-date", "2024-02-10"], capsys)
    assert yaml.safe_load(out)[1] == {"name": "b", "text": "by 2024-02-11"}


def test_failing_placeholder_is_reported_at_its_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = 'name: x\nquery:\n  title: "Ship $DateFormula-<CD>$ or $DateFormula-<1X>$"\n'
    path = write(tmp_path, "d.yaml", text)
    code, out, err = run(["resolve", path, "--work-date", "2024-05-15"], capsys)
    assert code == 1
    assert "title: Ship $DateFormula-<CD>$ or $DateFormula-<1X>$" in out
    assert err == (
        f"{path}:3:38: error: $DateFormula-<1X>$ cannot be resolved: invalid date formula at "
        "position 3: expected a unit (D, WD, W, M, Q or Y), found 'X'\n"
    )


def test_unparsable_file_exits_2_with_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "d.yaml", "name: x\ntests: [a, b\n")
    code, out, err = run(["resolve", path], capsys)
    assert (code, out) == (2, "")
    # The loader's wording is its own; what resolve owns is file:line:col and exit 2.
    assert err.startswith(f"{path}:3:1: error: YAML syntax error")
    assert "Traceback" not in err


def test_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["resolve", str(tmp_path / "nope.yaml")], capsys)
    assert (code, out) == (2, "")
    assert "cannot read" in err


def test_bad_date_format_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "d.yaml", DATASET)
    code, _, err = run(["resolve", path, "--date-format", "xx"], capsys)
    assert code == 2
    assert "unknown date format 'xx'" in err


def test_corpus_files_resolve(capsys: pytest.CaptureFixture[str]) -> None:
    corpus = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus"
    if not corpus.is_dir():
        pytest.skip("../shared/corpus is not available")
    files = sorted(p for p in corpus.rglob("*.yaml") if "$DateFormula-" in p.read_text("utf-8"))
    assert files
    for path in files:
        code, out, err = run(["resolve", str(path), "--work-date", "2026-03-17"], capsys)
        assert (code, err) == (0, ""), path
        assert "$DateFormula-" not in out


def test_work_date_from_the_files_config(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.ait-datasets]\nwork-date = "2024-02-10"\n', encoding="utf-8"
    )
    folder = tmp_path / "datasets"
    folder.mkdir()
    path = write(folder, "d.yaml", 'name: x\ndue: "$DateFormula-<CM>$"\n')
    code, out, _ = run(["resolve", path], capsys)
    assert (code, out) == (0, "name: x\ndue: 2024-02-29\n")
