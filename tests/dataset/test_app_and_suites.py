"""The dataset layer's answers: app, group codes, suite index, display paths, lines."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from ait_datasets.dataset.app import app_key, app_root, group_code, group_name
from ait_datasets.dataset.paths import display_path
from ait_datasets.dataset.suites import Apps
from ait_datasets.source.lines import offset_to_position, split_lines
from ait_datasets.source.neighbours import Limits, read_neighbour

SUITE = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<Root>\n'
    '  <AITSuite Code="S" Dataset="LEGACY.yaml" TestType="Agent">\n'
    '    <Line CodeunitID="50100" Dataset="ORDERS" />\n  </AITSuite>\n</Root>\n'
)


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("AccuracyGLAccount.jsonl", "ACCURACYGLACCOUNT"),
        ("rows.json", "ROWS"),
        ("SV-AS-ACC-P0.yaml", "SV-AS-ACC-P0.YAML"),
        # The importer's suffix test is case-sensitive (`Text.EndsWith`).
        ("Orders.JSONL", "ORDERS.JSONL"),
        ("datasets/Orders.Json", "ORDERS.JSON"),
    ],
)
def test_group_code_is_the_importers(name: str, code: str) -> None:
    assert group_code(name) == code


def test_group_name_is_the_yaml_name_else_the_file_name() -> None:
    assert group_name("a/b.yaml", "yaml", "Orders") == "Orders"
    assert group_name("a/b.jsonl", "jsonl", "Orders") == "b.jsonl"
    assert group_name("a/b.yaml", "yaml", None) == "b.yaml"


def test_app_is_the_resources_folder_else_the_al_app_else_the_command_line(
    tmp_path: Path,
) -> None:
    res = tmp_path / "app1" / ".resources" / "datasets"
    res.mkdir(parents=True)
    assert app_root(str(res / "a.yaml")) == str(tmp_path / "app1" / ".resources")
    al_app = tmp_path / "app2"
    (al_app / "data").mkdir(parents=True)
    (al_app / "app.json").write_text("{}", encoding="utf-8")
    assert app_key(str(al_app / "data" / "a.yaml")) == str(al_app)
    loose = tmp_path / "loose"
    loose.mkdir()
    # No `.resources`, and no app.json anywhere up to the file system's root here.
    if not any((p / "app.json").exists() for p in loose.parents):
        assert app_key(str(loose / "a.yaml")) == ""


def test_the_suite_index_says_which_suites_run_a_dataset(tmp_path: Path) -> None:
    res = tmp_path / ".resources"
    (res / "suites").mkdir(parents=True)
    (res / "datasets").mkdir()
    (res / "suites" / "s.xml").write_text(SUITE, encoding="utf-8")
    apps = Apps()
    assert apps.agent_suite_for(str(res / "datasets" / "legacy.yaml")) == str(
        res / "suites" / "s.xml"
    )
    assert apps.agent_suite_for(str(res / "datasets" / "orders.jsonl")) is not None
    assert apps.agent_suite_for(str(res / "datasets" / "other.yaml")) is None


@pytest.mark.skipif(sys.platform == "win32", reason="named pipes (os.mkfifo) are POSIX-only")
def test_a_pipe_among_the_suites_is_never_opened_for_reading(tmp_path: Path) -> None:
    res = tmp_path / ".resources"
    res.mkdir()
    os.mkfifo(res / "b.xml")
    (res / "s.xml").write_text(SUITE, encoding="utf-8")
    apps = Apps()
    # Returns (a blocking open would hang this test forever).
    assert apps.agent_suite_for(str(res / "LEGACY.yaml")) == str(res / "s.xml")
    assert [p for p, _ in apps.unreadable] == [str(res / "b.xml")]


def test_a_neighbour_over_the_size_limit_is_not_read(tmp_path: Path) -> None:
    big = tmp_path / "big.xml"
    big.write_bytes(b"<Root>" + b" " * 2000 + b"</Root>")
    with pytest.raises(OSError, match="over the limit"):
        read_neighbour(str(big), Limits(max_bytes=1000))


def test_a_neighbour_with_an_over_long_line_is_not_read(tmp_path: Path) -> None:
    wide = tmp_path / "wide.yaml"
    wide.write_bytes(b"name: " + b"x" * 5000 + b"\n")
    with pytest.raises(OSError, match="max-line-length"):
        read_neighbour(str(wide), Limits(max_line_length=1000))


@pytest.mark.skipif(sys.platform == "win32", reason="named pipes (os.mkfifo) are POSIX-only")
def test_a_pipe_beside_a_dataset_does_not_hang_lint(tmp_path: Path) -> None:
    from ait_datasets.cli import main

    res = tmp_path / ".resources"
    res.mkdir()
    (res / "a.yaml").write_text("suite_setup: MISSING\ntests:\n  - name: T1\n", "utf-8")
    os.mkfifo(res / "b.yaml")
    os.mkfifo(res / "c.xml")
    assert main(["lint", str(res / "a.yaml")]) in (1, 2)


def test_display_paths_are_clean_and_relative(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert display_path("./.resources/a.yaml") == ".resources/a.yaml"
    assert display_path(str(tmp_path / ".resources" / "a.yaml")) == ".resources/a.yaml"
    assert display_path("/elsewhere/a.yaml") == "/elsewhere/a.yaml"


def test_one_line_model_for_every_surface() -> None:
    text = "a: 1\r\nb: 2\rc: 3\u2028d: 4\n"
    assert split_lines(text) == ["a: 1", "b: 2", "c: 3", "d: 4"]
    assert offset_to_position(text, text.index("c")) == (3, 1)
    assert offset_to_position(text, text.index("4")) == (4, 4)


@pytest.mark.skipif(
    sys.platform == "win32", reason="an unreadable folder by mode bits (and geteuid) is POSIX-only"
)
def test_an_unreadable_subfolder_is_reported_not_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from ait_datasets.cli import main

    if os.geteuid() == 0:
        # Root reads any folder; simulate the refusal the way the walk meets it.
        import ait_datasets.lint.discover as discover_module

        real_walk = os.walk

        def walk(top: str, onerror: object = None, followlinks: bool = False) -> object:
            assert callable(onerror)
            onerror(PermissionError(13, "Permission denied", str(tmp_path / "locked")))
            return real_walk(top, followlinks=followlinks)

        monkeypatch.setattr(discover_module.os, "walk", walk)
    (tmp_path / "ok.yaml").write_text("tests:\n  - name: T1\n", encoding="utf-8")
    locked = tmp_path / "locked"
    locked.mkdir(exist_ok=True)
    (locked / "hidden.yaml").write_text("tests: [\n", encoding="utf-8")
    locked.chmod(0o000)
    try:
        code = main(["lint", str(tmp_path)])
    finally:
        locked.chmod(0o755)
    assert code == 2
    assert f"{locked}: cannot read: Permission denied" in capsys.readouterr().err


def test_the_codes_the_importer_stores_are_upper_cased_and_cut_to_100() -> None:
    from ait_datasets.dataset.app import code_field, dataset_code

    assert code_field("release-order") == "RELEASE-ORDER"
    assert code_field("x" * 120) == "X" * 100
    assert dataset_code("app/.resources/datasets/orders.jsonl") == "ORDERS"
    assert dataset_code("datasets/" + "a" * 110 + ".yaml") == "A" * 100
