"""`datasets edit FILE`: creating from the template, refusing what it cannot edit, and the
recovery view for what does not parse."""

from __future__ import annotations

from pathlib import Path

import pytest

from ait_datasets.cli import main
from ait_datasets.source.load import load_text
from ait_datasets.tui.app import DatasetEditor
from ait_datasets.tui.recovery import RELOAD, RecoveryApp


@pytest.fixture
def no_ui(monkeypatch: pytest.MonkeyPatch) -> list[DatasetEditor]:
    """Replace running the app by recording it."""
    started: list[DatasetEditor] = []

    def fake_run(self: DatasetEditor, *args: object, **kwargs: object) -> None:
        started.append(self)

    monkeypatch.setattr(DatasetEditor, "run", fake_run)
    return started


def test_a_missing_file_opens_with_a_valid_template_and_is_not_created(
    tmp_path: Path, no_ui: list[DatasetEditor]
) -> None:
    path = tmp_path / "orders.yaml"
    assert main(["edit", str(path), "--work-date", "2026-03-17"]) == 0
    # Quitting without saving leaves nothing behind.
    assert not path.exists()
    model = no_ui[0].model
    text = model.text()
    assert text.startswith("# Agent test dataset created by `datasets edit`.\nname: orders\n")
    assert "  - name: ORDERS-001\n" in text
    doc = load_text(str(path), text)
    assert doc.root is not None and not doc.has_errors
    assert len(no_ui) == 1 and str(no_ui[0].work_date) == "2026-03-17"
    assert model.new_file and model.dirty and model.disk is None


@pytest.mark.parametrize("content", ["", "\n  \n"])
def test_an_empty_file_opens_with_the_template(
    tmp_path: Path, no_ui: list[DatasetEditor], content: str
) -> None:
    path = tmp_path / "orders.yaml"
    path.write_text(content)
    assert main(["edit", str(path)]) == 0
    model = no_ui[0].model
    assert "  - name: ORDERS-001\n" in model.text()
    assert model.dirty and model.disk == content.encode()
    assert path.read_text() == content


def test_a_file_in_a_missing_folder_is_refused(
    tmp_path: Path, no_ui: list[DatasetEditor], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["edit", str(tmp_path / "nope" / "d.yaml")]) == 2
    assert "its folder does not exist" in capsys.readouterr().err
    assert no_ui == []


def test_files_that_are_no_dataset_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # JSON datasets open now (see test_tui_json.py); other suffixes are still refused.
    path = tmp_path / "d.txt"
    path.write_text('[{"name": "A"}]\n')
    assert main(["edit", str(path)]) == 2
    assert (
        "only YAML (.yaml), JSON (.json) and JSONL (.jsonl) datasets can be edited"
        in capsys.readouterr().err
    )


def test_json_files_open(tmp_path: Path, no_ui: list[DatasetEditor]) -> None:
    path = tmp_path / "d.json"
    path.write_text('[{"name": "A"}]\n')
    assert main(["edit", str(path)]) == 0
    assert [e.model.name(0) for e in no_ui] == ["A"]


def test_a_file_with_a_syntax_error_opens_in_the_recovery_view(
    tmp_path: Path,
    no_ui: list[DatasetEditor],
    recovery_views: list[RecoveryApp],
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "d.yaml"
    path.write_text("tests:\n- name: [A\n")
    # The recovery view opens with the finding; quit unfixed, the finding is said.
    assert main(["edit", str(path)]) == 1
    (view,) = recovery_views
    assert view.path == str(path) and view.saved_text == "tests:\n- name: [A\n"
    assert len(view.problems) == 1
    assert view.problems[0].startswith("3:1: SYN001 YAML syntax error")
    err = capsys.readouterr().err
    assert f"{path}:3:1: SYN001 YAML syntax error" in err
    assert no_ui == []


def test_the_recovery_view_asking_for_the_normal_view_opens_the_fixed_file(
    tmp_path: Path,
    no_ui: list[DatasetEditor],
    recovery_views: list[RecoveryApp],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "d.yaml"
    path.write_text("tests:\n- name: [A\n")

    def fixed_then_reload(self: RecoveryApp, *args: object, **kwargs: object) -> str:
        recovery_views.append(self)
        path.write_text("tests:\n- name: A\n")  # as its ctrl+s would
        return RELOAD

    monkeypatch.setattr(RecoveryApp, "run", fixed_then_reload)
    assert main(["edit", str(path)]) == 0
    assert len(recovery_views) == 1
    assert [e.model.name(0) for e in no_ui] == ["A"]


def test_a_broken_configuration_opens_in_the_recovery_view(
    tmp_path: Path,
    no_ui: list[DatasetEditor],
    recovery_views: list[RecoveryApp],
    capsys: pytest.CaptureFixture[str],
) -> None:
    config = tmp_path / ".ait-datasets.toml"
    config.write_text("select = [STR]\n", encoding="utf-8")
    folder = tmp_path / "datasets"
    folder.mkdir()
    path = folder / "d.yaml"
    path.write_text("tests:\n- name: A\n")
    assert main(["edit", str(path)]) == 1
    assert [v.path for v in recovery_views] == [str(config)]
    (problem,) = recovery_views[0].problems
    assert problem.startswith(f"{config}: invalid TOML: ") and "line 1, column 11" in problem
    assert f"datasets edit: {config}: invalid TOML" in capsys.readouterr().err
    assert no_ui == []


def test_a_suite_setup_file_opens_with_its_keys(tmp_path: Path, no_ui: list[DatasetEditor]) -> None:
    path = tmp_path / "setup.yaml"
    path.write_text("name: SETUP\nsuite_setup:\n  setup_actions: []\n")
    assert main(["edit", str(path)]) == 0
    assert no_ui[0].model.layout.kind == "suite-setup"
    assert len(no_ui[0].model) == 0


def test_a_bad_work_date_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["edit", str(tmp_path / "x.yaml"), "--work-date", "17/03/2026"])
    assert exc.value.code == 2


def test_the_files_lint_configuration_gives_types_and_work_date(
    tmp_path: Path, no_ui: list[DatasetEditor]
) -> None:
    (tmp_path / ".ait-datasets.toml").write_text(
        'work-date = "2026-01-05"\nintervention-types = ["Assistance", "Custom"]\n'
    )
    path = tmp_path / "d.yaml"
    path.write_text("tests:\n- name: A\n")
    assert main(["edit", str(path)]) == 0
    assert str(no_ui[0].work_date) == "2026-01-05"
    assert no_ui[0].config.intervention_types == ("Assistance", "Custom")
