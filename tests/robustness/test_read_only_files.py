"""A read-only file (a TFVC or Perforce checkout not checked out) is never replaced.

The atomic rename needs only a writable folder, so the writer checks the file's own mode
first: its owner's write bit (what Windows' read-only attribute clears too). Root passes
``os.access`` for any file, so these tests hold when they run as root (as CI does).
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from ait_datasets.atomic import write_bytes_atomically
from ait_datasets.cli import main

# A safe fix: the intervention type's case (EXP001).
FIXABLE = (
    "tests:\n  - name: T1\n    turns:\n      - query: {from: J, title: Hi}\n"
    "        expected_data:\n          intervention_request:\n            type: assistance\n"
    "      - query:\n          intervention: {instruction: go}\n        expected_data: {}\n"
)
LEGACY = "tests:\n  - name: T1\n    question: hello\n    expected_data:\n      orders: 1\n"
READ_ONLY = 0o444


def _read_only(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    path.chmod(READ_ONLY)
    return path


def _untouched(path: Path, text: str) -> None:
    assert path.read_text(encoding="utf-8") == text
    assert stat.S_IMODE(path.stat().st_mode) == READ_ONLY
    assert not [p for p in path.parent.iterdir() if p.name.startswith(".datasets-")]


def test_the_writer_refuses_a_read_only_file(tmp_path: Path) -> None:
    path = _read_only(tmp_path / "a.yaml", "old\n")
    with pytest.raises(OSError, match="it is read-only") as raised:
        write_bytes_atomically(str(path), b"new\n")
    assert raised.value.filename == str(path)
    _untouched(path, "old\n")


@pytest.mark.skipif(
    sys.platform == "win32",
    reason="creating symbolic links on Windows needs administrator rights or Developer Mode",
)
def test_a_link_to_a_read_only_file_is_refused(tmp_path: Path) -> None:
    target = _read_only(tmp_path / "real.yaml", "old\n")
    link = tmp_path / "link.yaml"
    link.symlink_to(target)
    with pytest.raises(OSError, match="it is read-only"):
        write_bytes_atomically(str(link), b"new\n")
    _untouched(target, "old\n")


def test_a_hard_linked_read_only_file_is_refused(tmp_path: Path) -> None:
    path = _read_only(tmp_path / "a.yaml", "old\n")
    os.link(path, tmp_path / "b.yaml")
    with pytest.raises(OSError, match="it is read-only"):
        write_bytes_atomically(str(path), b"new\n")
    _untouched(path, "old\n")


@pytest.mark.skipif(
    sys.platform == "win32", reason="Windows has no POSIX file modes (only a read-only attribute)"
)
def test_write_bits_of_others_do_not_make_it_writable(tmp_path: Path) -> None:
    """The owner's write bit is the one that counts (Windows has no other)."""
    path = tmp_path / "a.yaml"
    path.write_text("old\n", encoding="utf-8")
    path.chmod(0o466)
    with pytest.raises(OSError, match="it is read-only"):
        write_bytes_atomically(str(path), b"new\n")
    assert path.read_text(encoding="utf-8") == "old\n"


def test_a_writable_file_is_still_replaced(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_text("old\n", encoding="utf-8")
    path.chmod(0o644)
    write_bytes_atomically(str(path), b"new\n")
    assert path.read_bytes() == b"new\n"


def test_lint_fix_refuses_a_read_only_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _read_only(tmp_path / "T.yaml", FIXABLE)
    code = main(["lint", "--fix", str(path)])
    captured = capsys.readouterr()
    assert code == 2
    assert f"datasets lint: cannot write {path}: it is read-only\n" in captured.err
    assert "Fixed" not in captured.err
    # The findings shown are those of the file as it is: the fix is still to be made.
    assert "EXP001" in captured.out
    _untouched(path, FIXABLE)


def test_migrate_refuses_a_read_only_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _read_only(tmp_path / "LEGACY.yaml", LEGACY)
    code = main(["migrate", "--kind", "agent", str(path)])
    captured = capsys.readouterr()
    assert code == 2
    assert f"cannot write {path}: it is read-only" in captured.out + captured.err
    _untouched(path, LEGACY)


def test_add_suppressions_refuses_a_read_only_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _read_only(tmp_path / "T.yaml", FIXABLE)
    code = main(["lint", "--add-suppressions", str(path)])
    err = capsys.readouterr().err
    assert code == 2
    assert f"datasets lint: cannot write {path}: it is read-only\n" in err
    assert "Added 0 suppressions to 0 files." in err
    _untouched(path, FIXABLE)


def test_report_output_refuses_a_read_only_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = tmp_path / "runs.jsonl"
    runs.write_text('{"case": "c", "run": 1, "passed": true}\n', encoding="utf-8")
    out = _read_only(tmp_path / "report.md", "previous report\n")
    code = main(["report", str(runs), "-o", str(out)])
    err = capsys.readouterr().err
    assert code == 2
    assert err == f"datasets report: cannot write {out}: it is read-only\n"
    _untouched(out, "previous report\n")


def test_lint_output_file_refuses_a_read_only_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "T.yaml"
    path.write_text(FIXABLE, encoding="utf-8")
    out = _read_only(tmp_path / "lint.txt", "previous\n")
    code = main(["lint", str(path), "-o", str(out)])
    assert code == 2
    assert f"datasets lint: cannot write {out}: it is read-only\n" in capsys.readouterr().err
    _untouched(out, "previous\n")


def test_init_never_replaces_a_read_only_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`init` creates files and never replaces one; a read-only file stays as it is."""
    app = tmp_path / "app"
    app.mkdir()
    readme = _read_only(app / "README.md", "# ours\n")
    code = main(["init", str(app)])
    out, err = capsys.readouterr()
    # An existing README is the app's own: init writes everything else and says so.
    assert code == 0
    assert f"{readme}: exists, left as it is" in out + err
    _untouched(readme, "# ours\n")


def test_the_editor_save_refuses_a_read_only_file(tmp_path: Path) -> None:
    from ait_datasets.tui.save import RefusedToSave, save_text

    path = _read_only(tmp_path / "d.yaml", "tests: []\n")
    with pytest.raises(RefusedToSave, match=f"not saved: cannot write {path}: it is read-only"):
        save_text(str(path), "tests:\n- name: A\n")
    _untouched(path, "tests: []\n")


def test_pruning_a_read_only_baseline_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "T.yaml"
    path.write_text(FIXABLE, encoding="utf-8")
    baseline = tmp_path / "baseline.json"
    assert main(["lint", str(path), "--write-baseline", str(baseline)]) == 0
    recorded = baseline.read_text(encoding="utf-8")
    baseline.chmod(READ_ONLY)
    path.write_text(FIXABLE.replace("assistance", "Assistance"), encoding="utf-8")
    capsys.readouterr()
    code = main(["lint", str(path), "--baseline", str(baseline), "--prune-baseline"])
    err = capsys.readouterr().err
    assert code == 2
    assert f"datasets lint: cannot write {baseline}: it is read-only\n" in err
    assert "Traceback" not in err and "internal error" not in err
    _untouched(baseline, recorded)
