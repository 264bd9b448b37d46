"""Saving: only text that parses, atomically, keeping permissions and the BOM."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from ait_datasets.tui.save import RefusedToSave, save_text


@pytest.mark.skipif(
    sys.platform == "win32", reason="Windows has no POSIX file modes (only a read-only attribute)"
)
def test_save_replaces_the_file_and_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "d.yaml"
    path.write_text("tests: []\n")
    os.chmod(path, 0o640)
    save_text(str(path), "tests:\n- name: A\n")
    assert path.read_text() == "tests:\n- name: A\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["d.yaml"]  # no temp file left behind


def test_text_that_would_not_parse_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    path = tmp_path / "d.yaml"
    path.write_text("tests: []\n")
    with pytest.raises(RefusedToSave, match=r"d\.yaml:3:1: YAML syntax error"):
        save_text(str(path), "tests:\n- name: [A\n")
    assert path.read_text() == "tests: []\n"


def test_byte_order_mark_and_line_endings_are_written_as_given(tmp_path: Path) -> None:
    path = tmp_path / "d.yaml"
    save_text(str(path), "tests:\r\n- name: A\r\n", bom=True)
    assert path.read_bytes() == b"\xef\xbb\xbftests:\r\n- name: A\r\n"


def test_tests_not_where_the_editor_expects_them_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "d.yaml"
    text = "tests:\n- name: A\n- name: B\n"
    save_text(str(path), text, dash_lines=[2, 3])
    assert path.read_text() == text
    with pytest.raises(RefusedToSave, match="not where the editor expected them"):
        save_text(str(path), text.replace("B", "C"), dash_lines=[2, 4])
    assert path.read_text() == text


def test_a_save_is_the_edits_of_the_changed_tests_only() -> None:
    from tui_support import SAMPLE

    from ait_datasets.diagnostics import apply_edits
    from ait_datasets.tui.model import DatasetModel

    model = DatasetModel("returns.yaml", SAMPLE)
    model.set_value(1, ("name",), "RENAMED")
    base, edits = model.edits_to_save(model.chunks)
    assert base == SAMPLE
    second = SAMPLE.index("- name: RETURN-TWO")
    assert [(e.start, e.end) for e in edits] == [(second, len(SAMPLE))]
    assert apply_edits(base, edits) == model.text()
    model.mark_saved()
    assert model.edits_to_save(model.chunks) == (model.text(), [])


def test_write_dataset_refuses_when_the_disk_changed(tmp_path: Path) -> None:
    from ait_datasets.diagnostics import Edit
    from ait_datasets.tui.save import DiskChanged, write_dataset

    path = tmp_path / "d.yaml"
    path.write_text("tests: []\n")
    with pytest.raises(DiskChanged):
        write_dataset(str(path), "x", [Edit(0, 1, "y")], bom=False, expected=b"other")
    assert path.read_text() == "tests: []\n"
    written = write_dataset(
        str(path), "tests: []\n", [Edit(7, 9, "null")], bom=True, expected=b"tests: []\n"
    )
    assert path.read_bytes() == written == "\ufefftests: null\n".encode()
