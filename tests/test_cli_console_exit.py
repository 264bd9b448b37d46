"""The console script ends the process right after flushing: exit codes and output intact."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ait_datasets.cli import main

# A test missing `from:` is QRY003 (one error per test), so many tests make a long output.
TEST = "  - name: T{n}\n    turns:\n      - query: {{title: Hi, message: Hi}}\n"
GOOD = (
    "tests:\n  - name: T1\n    turns:\n      - query: {from: Jane, title: Hi, message: Hi}\n"
    "        expected_data: {}\n"
)


def python(code: str, *argv: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter, output piped and buffered as in real use."""
    # Without buffering (PYTHONUNBUFFERED), output that was never flushed would go unnoticed.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    return subprocess.run(
        [sys.executable, "-c", code, *argv], capture_output=True, text=True, timeout=120, env=env
    )


def console(*argv: str) -> subprocess.CompletedProcess[str]:
    """Run the console entry point."""
    return python("from ait_datasets.cli import run; run()", *argv)


def in_process(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_long_output_is_complete_and_exit_code_is_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "many.yaml"
    path.write_text("tests:\n" + "".join(TEST.format(n=n) for n in range(1500)), encoding="utf-8")
    done = console("lint", "--format", "json", str(path))
    expected = in_process(capsys, "lint", "--format", "json", str(path))
    # Far more than a pipe's buffer: everything written must arrive before the process ends.
    assert len(done.stdout) > 200_000
    assert (done.returncode, done.stdout, done.stderr) == expected
    assert done.returncode == 1
    assert done.stdout.rstrip().endswith("]")


def test_clean_file_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "good.yaml"
    path.write_text(GOOD, encoding="utf-8")
    done = console("lint", str(path))
    assert (done.returncode, done.stdout, done.stderr) == in_process(capsys, "lint", str(path))
    assert done.returncode == 0
    assert done.stdout == "All checks passed (1 file).\n"


def test_missing_file_exits_2_with_its_message(tmp_path: Path) -> None:
    missing = tmp_path / "nope.yaml"
    done = console("lint", str(missing))
    assert done.returncode == 2
    assert f"datasets lint: {missing}: no such file or directory" in done.stderr


def test_usage_error_exits_2() -> None:
    done = console("lint", "--format", "xml")
    assert done.returncode == 2
    assert "invalid choice: 'xml'" in done.stderr


def test_exit_handlers_registered_by_a_command_still_run() -> None:
    # Something that asks for the normal shutdown gets it (and the exit code is kept).
    code = (
        "import atexit, ait_datasets.commands.rules as rules\n"
        "from ait_datasets.cli import run\n"
        "real = rules.run\n"
        "def patched(args):\n"
        "    atexit.register(print, 'exit handler ran')\n"
        "    return real(args)\n"
        "rules.run = patched\n"
        "run()\n"
    )
    done = python(code, "rules", "QRY003")
    assert done.returncode == 0
    assert "QRY003" in done.stdout
    assert done.stdout.endswith("exit handler ran\n")


def test_exit_handlers_registered_before_the_command_still_run() -> None:
    # A caller's handler, registered before the console entry runs, is never skipped.
    code = (
        "import atexit\n"
        "atexit.register(print, 'caller handler ran')\n"
        "from ait_datasets.cli import run\n"
        "run()\n"
    )
    done = python(code, "rules", "QRY003")
    assert done.returncode == 0
    assert done.stdout.endswith("caller handler ran\n")
