"""`--jobs`: worker processes give exactly the sequential result; the progress bar."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from ait_datasets.cli import main
from ait_datasets.lint.engine import effective_jobs, lint_paths
from ait_datasets.lint.progress import ProgressBar

GOOD = (
    "suite_setup: MISSING-SETUP\ntests:\n  - name: T{i}\n    turns:\n"
    "      - query: {{from: J, title: Hi{i}}}\n        expected_data: {{}}\n"
)


def app(tmp_path: Path, files: int) -> Path:
    root = tmp_path / "app" / ".resources" / "datasets"
    root.mkdir(parents=True)
    for i in range(files):
        text = GOOD.format(i=i)
        if i % 3 == 0:
            text = text.replace("from: J, ", "")  # QRY003 in every third file
        (root / f"D{i:02d}.yaml").write_text(text, encoding="utf-8")
    return tmp_path / "app"


def test_parallel_result_equals_sequential(tmp_path: Path) -> None:
    root = str(app(tmp_path, 12))
    one = lint_paths([root], jobs=1)
    two = lint_paths([root], jobs=2)
    assert one.diagnostics == two.diagnostics
    assert one.paths == two.paths and one.files == two.files == 12
    codes = {d.code for d in two.diagnostics}
    assert "QRY003" in codes and "REF001" in codes  # per-file and cross-file rules


def test_effective_jobs() -> None:
    assert effective_jobs(1, 100) == 1
    assert effective_jobs(4, 2) == 2
    assert effective_jobs(None, 3) == 1  # too few files for workers to pay off
    assert effective_jobs(None, 100) >= 1


def test_jobs_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = str(app(tmp_path, 9))
    assert main(["lint", "--jobs", "2", "--format", "json", root]) == 1
    parallel = capsys.readouterr().out
    assert main(["lint", "--jobs", "1", "--format", "json", root]) == 1
    assert capsys.readouterr().out == parallel


def test_jobs_must_be_positive(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["lint", "--jobs", "0", "."])
    assert exc.value.code == 2
    assert "--jobs must be at least 1" in capsys.readouterr().err


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_appears_on_a_terminal_after_the_delay() -> None:
    stream = _Tty()
    bar = ProgressBar(stream, delay=0.0)
    bar(5, 10)
    assert "[###############---------------] 5/10 files" in stream.getvalue()
    bar.close()
    assert stream.getvalue().endswith("\r")


def test_no_progress_bar_for_quick_runs_or_pipes() -> None:
    quick = _Tty()
    bar = ProgressBar(quick, delay=60.0)
    bar(1, 10)
    bar.close()
    assert quick.getvalue() == ""
    piped = io.StringIO()
    ProgressBar(piped, delay=0.0)(1, 10)
    assert piped.getvalue() == ""
