"""`datasets lint --fix / --unsafe-fixes / --diff`: golden results, idempotence, no writes."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from ait_datasets.cli import main

BEFORE = (
    "# Orders\r\n"
    "tests:\r\n"
    "  - name: T1   # keep me\r\n"
    "    turns:\r\n"
    "      - test_setup: {a: 1}\r\n"
    "        query: {from: J, title: Hi}\r\n"
    "        expected_data:\r\n"
    "          intervention_request:\r\n"
    "            type: 'assistance'   # wrong case\r\n"
    "      - query:\r\n"
    "          intervention: {instruction: go}\r\n"
    "        expected_data: {}\r\n"
)
SAFE = BEFORE.replace("'assistance'", "'Assistance'")
UNSAFE = SAFE.replace("- test_setup:", "- turn_setup:")


def write(tmp: Path, text: str, bom: bool = False) -> Path:
    path = tmp / "a.yaml"
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8"))
    return path


@pytest.mark.skipif(
    sys.platform == "win32",
    reason="checks that the file mode 0o640 is kept: Windows has no POSIX file modes",
)
def test_fix_applies_safe_fixes_only_and_keeps_everything_else(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, BEFORE, bom=True)
    path.chmod(0o640)
    assert main(["lint", "--fix", str(path)]) == 0  # only a warning (LEG002) is left
    assert path.read_bytes() == b"\xef\xbb\xbf" + SAFE.encode("utf-8")
    assert oct(path.stat().st_mode & 0o777) == "0o640"
    captured = capsys.readouterr()
    assert "Fixed 1 finding in 1 file." in captured.err
    assert "LEG002" in captured.out and "EXP001" not in captured.out


def test_unsafe_fixes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, BEFORE)
    assert main(["lint", "--fix", "--unsafe-fixes", str(path)]) == 0
    assert path.read_bytes().decode("utf-8") == UNSAFE
    capsys.readouterr()


def test_fix_is_idempotent(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, BEFORE)
    main(["lint", "--fix", "--unsafe-fixes", str(path)])
    first = path.read_bytes()
    capsys.readouterr()
    main(["lint", "--fix", "--unsafe-fixes", str(path)])
    assert path.read_bytes() == first
    assert "Fixed" not in capsys.readouterr().err


def test_diff_prints_and_never_writes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, BEFORE)
    before = path.stat()
    assert main(["lint", "--diff", str(path)]) == 1
    out = capsys.readouterr().out
    assert "-            type: 'assistance'   # wrong case" in out
    assert "+            type: 'Assistance'   # wrong case" in out
    after = path.stat()
    assert path.read_bytes().decode("utf-8") == BEFORE
    assert (before.st_mtime_ns, before.st_ino) == (after.st_mtime_ns, after.st_ino)


def test_diff_with_nothing_to_fix_exits_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, SAFE.replace("- test_setup:", "- turn_setup:"))
    assert main(["lint", "--diff", str(path)]) == 0
    assert capsys.readouterr().out == ""


def test_a_failed_write_leaves_the_original_intact(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path, BEFORE)

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        from ait_datasets.atomic import write_text_atomically

        write_text_atomically(str(path), "new")
    assert path.read_bytes().decode("utf-8") == BEFORE
    assert [p.name for p in tmp_path.iterdir()] == ["a.yaml"]
    capsys.readouterr()
