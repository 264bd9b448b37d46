"""A file of the app that cannot be read is reported once: one line, counted once.

The run meets such a file up to three times: when it walks the folder, when it reads the
app's other files for the cross-file rules, and when it reads the app's suite XMLs.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from ait_datasets.cli import main

pytestmark = pytest.mark.skipif(
    sys.platform == "win32", reason="symbolic links and named pipes need POSIX"
)

DATASET = "name: ORDERS\ntests:\n  - name: T1\n    query: hi\n"


def _app(tmp_path: Path) -> Path:
    resources = tmp_path / "app" / ".resources"
    resources.mkdir(parents=True)
    (resources / "ORDERS.yaml").write_text(DATASET, encoding="utf-8")
    return resources


def _lines_naming(err: str, name: str) -> list[str]:
    return [line for line in err.splitlines() if line.split(":", 1)[0].endswith(name)]


def _dangling(resources: Path, name: str) -> None:
    os.symlink(resources / f"nowhere-{name}", resources / name)


def _fifo(resources: Path, name: str) -> None:
    os.mkfifo(resources / name)


FOLDER, ONE_DATASET = "the folder", "one dataset of the app"


@pytest.mark.parametrize(
    ("name", "make", "reason", "given"),
    [
        ("gone.yaml", _dangling, "broken symbolic link", FOLDER),
        ("gone.xml", _dangling, "broken symbolic link", FOLDER),
        ("pipe.yaml", _fifo, "not a regular file (a pipe, socket or device)", FOLDER),
        ("pipe.xml", _fifo, "not a regular file (a pipe, socket or device)", FOLDER),
        # Linting one file, the others are read for their facts and the suites.
        ("gone.yaml", _dangling, "broken symbolic link", ONE_DATASET),
        ("gone.xml", _dangling, "broken symbolic link", ONE_DATASET),
        ("pipe.xml", _fifo, "not a regular file (a pipe, socket or device)", ONE_DATASET),
    ],
)
def test_an_unreadable_file_of_the_app_is_one_line_counted_once(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    name: str,
    make: Callable[[Path, str], None],
    reason: str,
    given: str,
) -> None:
    resources = _app(tmp_path)
    make(resources, name)
    target = resources if given == FOLDER else resources / "ORDERS.yaml"
    assert main(["lint", str(target)]) == 2
    captured = capsys.readouterr()
    named = _lines_naming(captured.err, name)
    assert len(named) == 1, captured.err
    assert named[0].endswith(f"{name}: cannot read: {reason}")
    assert "but 1 path could not be checked" in captured.out + captured.err
