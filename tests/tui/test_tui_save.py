"""Saving: only text that parses, atomically, keeping permissions and the BOM."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from ait_datasets.tui.save import RefusedToSave, save_text


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
