"""`datasets report` end to end: arguments, output files, exit codes, messages."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from ait_datasets.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "results"
EXPORT = str(EXAMPLES / "sales-agent-export.json")
BASELINE = str(EXAMPLES / "sales-agent-baseline.json")
QUARANTINE = str(EXAMPLES / "quarantine.txt")
JSONL = str(EXAMPLES / "support-bot-runs.jsonl")


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["report", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_text_report_of_the_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, EXPORT)
    assert (code, err) == (0, "")
    assert "6/10 cases passed all 3 runs (60.0%, 95% CI 31.3%–83.2%)" in out
    assert "Fewer than 3 runs (1): left out of pass^3" in out


def test_k_option_judges_on_the_first_k_runs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, EXPORT, "--k", "1", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["k"] == 1 and data["k_from_data"] is False
    # Version 1 only: ORDER-005, QUOTE-002 and QUOTE-004 failed; QUOTE-005 has no Version 1
    # but one run is enough for k = 1.
    assert (data["summary"]["pass_hat_k"]["passed"], data["summary"]["pass_hat_k"]["total"]) == (
        8,
        11,
    )
    assert data["fewer_than_k_runs"] == []


def test_baseline_and_quarantine(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(
        capsys, EXPORT, "--baseline", BASELINE, "--quarantine", QUARANTINE, "--format", "json"
    )
    data = json.loads(out)
    assert code == 0
    assert data["comparison"]["counts"] == {
        "fixed": 2,
        "broken": 1,
        "newly flaky": 1,
        "still flaky": 1,
        "still failing": 1,
        "still passing": 4,
        "added": 1,
        "removed": 1,
    }
    assert [c["id"] for c in data["quarantine"]["cases"]] == [
        "SALES-AGENT/SOA-ORDERS/ORDER-005/CreateSalesOrderFromEmail"
    ]


def test_output_file_format_from_its_suffix(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "report.html"
    code, out, _ = _run(capsys, EXPORT, JSONL, "-o", str(target))
    assert code == 0 and out == f"wrote {target}\n"
    page = target.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and 'id="case-grid"' in page
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]  # no temporary left


@pytest.mark.skipif(
    sys.platform == "win32", reason="Windows has no POSIX file modes (only a read-only attribute)"
)
def test_output_file_keeps_its_permissions(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "report.md"
    target.write_text("old", encoding="utf-8")
    os.chmod(target, 0o640)
    assert _run(capsys, EXPORT, "--output", str(target))[0] == 0
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert target.read_text(encoding="utf-8").startswith("### Test reliability: pass^3 6/10")


@pytest.mark.parametrize(
    ("limit", "code"),
    [("0.6", 0), ("60%", 0), ("0.61", 1), ("100%", 1), ("0", 0)],
)
def test_fail_under_compares_exactly(
    capsys: pytest.CaptureFixture[str], limit: str, code: int
) -> None:
    got, out, err = _run(capsys, EXPORT, "--fail-under", limit)
    assert got == code
    assert "pass^3" in out  # the report is printed either way
    if code:
        assert err.startswith("datasets report: pass^3 is 6/10 (60.0%), below --fail-under")
    else:
        assert err == ""


def test_fail_under_when_no_case_has_k_runs(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, EXPORT, "--k", "4", "--fail-under", "0.5")
    assert code == 1
    assert "pass^4 cannot be computed (no case has 4 runs)" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--k", "0"], "--k: must be at least 1, not 0"),
        (["--k", "three"], "--k: 'three' is not a whole number"),
        (["--fail-under", "1.5"], "'1.5' is not between 0 and 1"),
        (["--fail-under", "most"], "'most' is not a number such as 0.9 or 90%"),
        (["--format", "pdf"], "invalid choice: 'pdf'"),
    ],
)
def test_usage_errors_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["report", EXPORT, *argv])
    assert exited.value.code == 2
    assert message in capsys.readouterr().err


def test_malformed_input_exits_2_with_file_and_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "runs.jsonl"
    bad.write_text('{"case": "a", "run": 1, "passed": true}\n{"case": "a", "run": 2}\n')
    code, out, err = _run(capsys, EXPORT, str(bad))
    assert (code, out) == (2, "")
    assert err == f"{bad}:2:1: 'passed' must be true or false, found no such field\n"


def test_unreadable_baseline_and_quarantine_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "missing.json"
    code, _, err = _run(capsys, EXPORT, "--baseline", str(missing))
    assert code == 2 and err == f"{missing}: cannot read the file: No such file or directory\n"
    code, _, err = _run(capsys, EXPORT, "--quarantine", str(tmp_path))
    assert code == 2 and err.startswith(f"{tmp_path}: cannot read the file:")


def test_unwritable_output_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "no-such-dir" / "r.html"
    code, _, err = _run(capsys, EXPORT, "-o", str(target))
    assert code == 2 and err.startswith(f"datasets report: cannot write {target}:")


@pytest.mark.skipif(
    sys.platform == "win32",
    reason="creating symbolic links on Windows needs administrator rights or Developer Mode",
)
def test_output_through_a_symlink_replaces_the_target(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    real = tmp_path / "real.json"
    real.write_text("{}", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    assert _run(capsys, EXPORT, "-o", str(link))[0] == 0
    assert link.is_symlink()
    assert json.loads(real.read_text(encoding="utf-8"))["k"] == 3


@pytest.mark.skipif(sys.platform == "win32", reason="named pipes (os.mkfifo) are POSIX-only")
def test_output_into_a_pipe_writes_into_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    received: list[str] = []
    reader = threading.Thread(target=lambda: received.append(pipe.read_text(encoding="utf-8")))
    reader.start()
    code = _run(capsys, EXPORT, "--format", "markdown", "-o", str(pipe))[0]
    reader.join(timeout=30)
    assert code == 0
    assert stat.S_ISFIFO(pipe.stat().st_mode)  # still a pipe, not replaced by a file
    assert received[0].startswith("### Test reliability")


def test_the_report_imports_no_heavy_libraries() -> None:
    code = (
        "import sys\n"
        "from ait_datasets.commands import report as command\n"
        "from ait_datasets.report import build_report, read_results, render\n"
        f"render(build_report(read_results([{EXPORT!r}])), 'html')\n"
        "heavy = [m for m in ('textual', 'ruamel', 'pydantic') if m in sys.modules]\n"
        "print(heavy)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.splitlines()[-1] == "[]"
