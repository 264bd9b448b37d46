"""`datasets report -o FILE` never overwrites a file the command reads: the exports, the
baselines, the quarantine and policy files, and every dataset file under --datasets."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from ait_datasets.cli import main
from ait_datasets.report.output import names_an_input

RUNS = '{"case": "c", "run": 1, "passed": true}\n'
DATASET = "tests:\n  - name: T1\n    turns:\n      - query: {from: a, title: t}\n"


def _app(tmp_path: Path) -> tuple[Path, Path, Path]:
    """An export and an app folder with one dataset file; (export, folder, dataset)."""
    runs = tmp_path / "runs.jsonl"
    runs.write_text(RUNS, encoding="utf-8")
    folder = tmp_path / "app" / ".resources"
    folder.mkdir(parents=True)
    dataset = folder / "ORDERS.yaml"
    dataset.write_text(DATASET, encoding="utf-8")
    return runs, tmp_path / "app", dataset


def test_o_naming_a_dataset_under_datasets_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs, app, dataset = _app(tmp_path)
    code = main(["report", str(runs), "--datasets", str(app), "-o", str(dataset)])
    err = capsys.readouterr().err
    assert code == 2
    assert err == (
        f"datasets report: -o {dataset} names a dataset file under --datasets; refusing to "
        "overwrite it (write the report to another file)\n"
    )
    assert dataset.read_text(encoding="utf-8") == DATASET


def test_o_naming_a_dataset_given_by_name_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs, _, dataset = _app(tmp_path)
    code = main(["report", str(runs), "--datasets", str(dataset), "-o", str(dataset)])
    assert code == 2
    assert "names a dataset file under --datasets" in capsys.readouterr().err
    assert dataset.read_text(encoding="utf-8") == DATASET


@pytest.mark.skipif(
    sys.platform == "win32",
    reason="creating symbolic links on Windows needs administrator rights or Developer Mode",
)
def test_o_through_a_link_to_a_dataset_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs, app, dataset = _app(tmp_path)
    link = tmp_path / "report.md"
    link.symlink_to(dataset)
    code = main(["report", str(runs), "--datasets", str(app), "-o", str(link)])
    assert code == 2
    assert "names a dataset file under --datasets" in capsys.readouterr().err
    assert dataset.read_text(encoding="utf-8") == DATASET


def test_o_naming_the_policy_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs, _, _ = _app(tmp_path)
    policy = tmp_path / "gates.toml"
    body = '[report]\nbar = "50%"\n'
    policy.write_text(body, encoding="utf-8")
    code = main(["report", str(runs), "--policy", str(policy), "-o", str(policy)])
    assert code == 2
    assert f"-o {policy} names a policy configuration file" in capsys.readouterr().err
    assert policy.read_text(encoding="utf-8") == body


def test_o_naming_the_policy_found_above_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    runs, app, _ = _app(tmp_path)
    pyproject = tmp_path / "pyproject.toml"
    body = '[tool.ait-datasets.report]\nbar = "50%"\n'
    pyproject.write_text(body, encoding="utf-8")
    monkeypatch.chdir(app)
    code = main(["report", str(runs), "-o", str(pyproject)])
    assert code == 2
    assert "names a policy configuration file" in capsys.readouterr().err
    assert pyproject.read_text(encoding="utf-8") == body


def test_o_naming_the_quarantine_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs, _, _ = _app(tmp_path)
    quarantine = tmp_path / "quarantine.txt"
    quarantine.write_text("c\n", encoding="utf-8")
    code = main(["report", str(runs), "--quarantine", str(quarantine), "-o", str(quarantine)])
    assert code == 2
    assert "names one of the inputs" in capsys.readouterr().err
    assert quarantine.read_text(encoding="utf-8") == "c\n"


def test_a_new_file_beside_the_datasets_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs, app, dataset = _app(tmp_path)
    out = dataset.parent / "report.md"
    code = main(["report", str(runs), "--datasets", str(app), "-o", str(out)])
    assert code == 0, capsys.readouterr().err
    assert out.read_text(encoding="utf-8").strip()
    assert dataset.read_text(encoding="utf-8") == DATASET


def test_names_are_compared_as_the_file_system_compares_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where names are case-insensitive (Windows: ``normcase`` lowers them), a name that
    differs in case only is the same file, whether or not it exists yet."""
    runs = tmp_path / "Runs.jsonl"
    monkeypatch.setattr(os.path, "normcase", str.lower)
    assert names_an_input(str(tmp_path / "RUNS.JSONL"), [str(runs)])
    assert not names_an_input(str(tmp_path / "other.jsonl"), [str(runs)])


def test_the_rerun_plan_folder_may_not_hold_the_policy_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs, app, _ = _app(tmp_path)
    folder = tmp_path / "gates"
    folder.mkdir()
    policy = folder / "gates.toml"
    policy.write_text('[report]\nbar = "50%"\n', encoding="utf-8")
    argv = ["report", str(runs), "--datasets", str(app), "--policy", str(policy)]
    code = main([*argv, "--rerun-plan", str(folder)])
    assert code == 2
    assert f"--rerun-plan: {folder} holds the input {policy}" in capsys.readouterr().err
    assert sorted(p.name for p in folder.iterdir()) == ["gates.toml"]
