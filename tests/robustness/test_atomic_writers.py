"""Every writer replaces files atomically: a failure midway leaves the original intact.

Each test injects a failure into the write (``os.replace`` raising, or the data write
itself raising) and checks that the original bytes are untouched and that no temporary
file is left behind. One test per writer: the shared helper, ``migrate``, ``lint --fix``
(pinned in tests/lint/test_fixes.py too), ``report --output``, the schema generator,
the DSL's ``write``/``write_jsonl`` and ``init``.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from ait_datasets import atomic
from ait_datasets.cli import main

# A safe fix: the intervention type's case.
FIXABLE = (
    "tests:\n  - name: T1\n    turns:\n      - query: {from: J, title: Hi}\n"
    "        expected_data:\n          intervention_request:\n            type: assistance\n"
    "      - query:\n          intervention: {instruction: go}\n        expected_data: {}\n"
)
LEGACY = "tests:\n  - name: T1\n    question: hello\n    expected_data:\n      orders: 1\n"


def _boom(*_args: object, **_kwargs: object) -> None:
    raise OSError(28, "No space left on device")


def _only(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_the_helper_keeps_the_original_when_the_rename_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "a.yaml"
    target.write_bytes(b"original\n")
    monkeypatch.setattr(os, "replace", _boom)
    with pytest.raises(OSError, match="No space"):
        atomic.write_bytes_atomically(str(target), b"new")
    assert target.read_bytes() == b"original\n"
    assert _only(tmp_path) == ["a.yaml"]


def test_the_helper_keeps_the_original_when_the_data_write_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "a.yaml"
    target.write_bytes(b"original\n")
    monkeypatch.setattr(os, "fsync", _boom)
    with pytest.raises(OSError):
        atomic.write_text_atomically(str(target), "new")
    assert target.read_bytes() == b"original\n"
    assert _only(tmp_path) == ["a.yaml"]


@pytest.mark.skipif(
    sys.platform == "win32",
    reason="symbolic links need administrator rights on Windows; file modes are POSIX-only",
)
def test_the_helper_keeps_permissions_and_writes_through_links(tmp_path: Path) -> None:
    real = tmp_path / "real.yaml"
    real.write_text("old")
    real.chmod(0o640)
    link = tmp_path / "link.yaml"
    link.symlink_to(real)
    atomic.write_text_atomically(str(link), "new")
    assert link.is_symlink() and real.read_text() == "new"
    assert stat.S_IMODE(real.stat().st_mode) == 0o640


@pytest.mark.skipif(sys.platform == "win32", reason="Windows has no umask or POSIX file modes")
def test_a_new_file_gets_the_umask_mode_not_the_private_temp_mode(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        atomic.write_text_atomically(str(tmp_path / "new.yaml"), "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.yaml").stat().st_mode) == 0o644


def test_migrate_leaves_the_file_intact_when_the_write_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "LEGACY.yaml"
    target.write_text(LEGACY)
    monkeypatch.setattr(os, "replace", _boom)
    code = main(["migrate", "--kind", "agent", str(target)])
    err = capsys.readouterr().err
    assert code == 2
    assert str(target) in err and "No space left on device" in err
    assert target.read_text() == LEGACY
    assert _only(tmp_path) == ["LEGACY.yaml"]


def test_lint_fix_leaves_the_file_intact_when_the_write_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "T.yaml"
    target.write_text(FIXABLE)
    monkeypatch.setattr(os, "replace", _boom)
    code = main(["lint", "--fix", str(target)])
    err = capsys.readouterr().err
    assert code == 2
    assert f"datasets lint: cannot write {target}: No space left on device" in err
    assert "Traceback" not in err and "internal error" not in err
    assert target.read_text() == FIXABLE
    assert _only(tmp_path) == ["T.yaml"]


def test_report_output_is_intact_when_the_write_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = tmp_path / "runs.jsonl"
    runs.write_text('{"case": "c", "run": 1, "passed": true}\n')
    out = tmp_path / "report.md"
    out.write_text("previous report\n")
    monkeypatch.setattr(os, "replace", _boom)
    code = main(["report", str(runs), "--output", str(out)])
    err = capsys.readouterr().err
    assert code == 2
    assert f"cannot write {out}" in err
    assert out.read_text() == "previous report\n"
    assert _only(tmp_path) == ["report.md", "runs.jsonl"]


def test_report_still_writes_into_a_device_instead_of_replacing_it(tmp_path: Path) -> None:
    from ait_datasets.report.output import write_atomic

    write_atomic(os.devnull, "discarded")
    assert Path(os.devnull).exists() and not Path(os.devnull).is_file()


def test_schema_generation_is_intact_when_the_write_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ait_datasets.schema.generate import write_all

    written = write_all(tmp_path)
    before = {p.name: p.read_bytes() for p in written}
    for p in written:
        p.write_bytes(b"{}\n")
    monkeypatch.setattr(os, "replace", _boom)
    with pytest.raises(OSError):
        write_all(tmp_path)
    assert {p.name: p.read_bytes() for p in written} == {name: b"{}\n" for name in before}
    assert _only(tmp_path) == sorted(before)


def test_dsl_write_is_intact_when_the_write_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ait_datasets.dsl import files
    from ait_datasets.schema import models

    dataset = files.from_yaml(LEGACY.replace("question", "query"))
    assert isinstance(dataset, models.DatasetFile)
    target = tmp_path / "D.yaml"
    jsonl = tmp_path / "D.jsonl"
    target.write_text("original: yes\n")
    jsonl.write_text("{}\n")
    monkeypatch.setattr(os, "replace", _boom)
    with pytest.raises(OSError):
        files.write(dataset, target)
    with pytest.raises(OSError):
        files.write_jsonl(dataset.tests, jsonl)
    assert target.read_text() == "original: yes\n"
    assert jsonl.read_text() == "{}\n"
    assert _only(tmp_path) == ["D.jsonl", "D.yaml"]


def test_init_reports_a_failed_write_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(os, "replace", _boom)
    monkeypatch.setattr(os, "link", _boom)  # init puts its files in place by linking
    code = main(["init", str(tmp_path / "app")])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("datasets init: cannot write ") and "No space left" in err
    assert "Traceback" not in err
    leftovers = [p for p in (tmp_path / "app").rglob("*") if p.is_file()]
    assert leftovers == []
