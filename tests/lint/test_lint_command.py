"""`datasets lint` and `datasets rules` from the command line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ait_datasets.cli import main

GOOD = (
    "tests:\n  - name: T1\n    turns:\n      - query: {from: Jane, title: Hi, message: Hi}\n"
    "        expected_data: {}\n"
)
BAD = GOOD.replace("from: Jane, ", "")


def write(tmp: Path, name: str, text: str) -> Path:
    path = tmp / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_clean_file_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "a.yaml", GOOD)
    assert main(["lint", str(path)]) == 0
    assert "All checks passed (1 file)." in capsys.readouterr().out


def test_error_exits_1_with_file_line_col_and_caret(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "a.yaml", BAD)
    assert main(["lint", "--color", "never", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{path}:4:17: error QRY003 ")
    assert out[1] == "    4 |       - query: {title: Hi, message: Hi}"
    assert out[2] == " " * 24 + "^^^^^"
    assert out[-1] == "Found 1 error in 1 file."


def test_warnings_alone_exit_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "a.yaml", GOOD.replace("name: T1\n", "description: d\n"))
    assert main(["lint", str(path)]) == 0
    assert "TST001" in capsys.readouterr().out


def test_json_format_has_exactly_the_diagnostic_fields(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "a.yml", BAD)
    assert main(["lint", "--format", "json", str(path)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert [(d["line"], d["column"], d["code"]) for d in data] == [
        (1, 1, "FIL001"),
        (4, 17, "QRY003"),
    ]
    assert set(data[0]) == {
        "path",
        "line",
        "column",
        "end_line",
        "end_column",
        "code",
        "severity",
        "message",
        "fix",
    }
    assert data[0]["severity"] == "error"


def test_directories_are_searched_recursively(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, "app/.resources/datasets/a.yaml", GOOD)
    write(tmp_path, "app/.resources/datasets/sub/b.jsonl", '{"name": "x", "question": "q"}\n')
    write(tmp_path, "app/.resources/datasets/c.json", '[{"name": "y"}]')
    write(tmp_path, "app/app.json", '{"id": "not a dataset"}')
    write(tmp_path, "app/.git/x.yaml", "- not linted\n")
    assert main(["lint", str(tmp_path)]) == 0
    assert "All checks passed (3 files)." in capsys.readouterr().out


def test_missing_path_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lint", str(tmp_path / "nope.yaml")]) == 2
    assert "no such file or directory" in capsys.readouterr().err


def test_unreadable_file_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Simulated, because CI runs as root and root can read a chmod 000 file.
    import importlib

    loader = importlib.import_module("ait_datasets.source.load")

    def denied(path: str, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied", path)

    good = write(tmp_path, "good.yaml", GOOD)
    monkeypatch.setattr(loader, "load", denied)
    assert main(["lint", str(good)]) == 2
    assert f"{good}: cannot read: Permission denied" in capsys.readouterr().err


def test_syntax_errors_are_reported_not_raised(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "a.yaml", "tests:\n  - name: 'x\n")
    assert main(["lint", str(path)]) == 1
    assert f"{path}:3:1: error SYN001" in capsys.readouterr().out


def test_select_and_ignore(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "a.yml", BAD)
    assert main(["lint", "--ignore", "FIL,QRY003", str(path)]) == 0
    assert main(["lint", "--select", "FIL", "--format", "json", str(path)]) == 1
    out = capsys.readouterr().out
    assert '"FIL001"' in out and '"QRY003"' not in out


def test_statistics(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "a.yml", BAD)
    main(["lint", "--statistics", "--color", "never", str(path)])
    out = capsys.readouterr().out
    assert "     1  FIL001" in out and "     1  QRY003" in out


def test_bad_work_date_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lint", "--work-date", "tomorrow", "."]) == 2
    assert "--work-date" in capsys.readouterr().err


def test_rules_lists_every_code(capsys: pytest.CaptureFixture[str]) -> None:
    from ait_datasets.lint.rules import all_rules

    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    for rule in all_rules():
        assert rule.code in out
    codes = [r.code for r in all_rules()]
    assert len(codes) == len(set(codes))


def test_rules_code_prints_the_documentation(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "qry003"]) == 0
    out = capsys.readouterr().out
    for heading in ("What it does", "Why", "Example", "Fix"):
        assert heading in out
    assert "from" in out


def test_rules_unknown_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "NOPE42"]) == 2
    assert "no rule" in capsys.readouterr().err


def test_every_rule_documents_itself() -> None:
    from ait_datasets.lint.rules import all_rules

    for rule in all_rules():
        assert rule.summary and rule.what and rule.why and rule.example and rule.fix, rule.code
        assert re.fullmatch(r"[A-Z]{2,3}[0-9]{3}", rule.code), rule.code


def test_internal_errors_name_the_command_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import ait_datasets.lint.engine as engine

    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("kaboom")

    monkeypatch.setattr(engine, "file_findings", boom)
    path = write(tmp_path, "a.yaml", GOOD)
    assert main(["lint", str(path)]) == 2
    err = capsys.readouterr().err
    assert "internal error" in err and "kaboom" in err and "Traceback" not in err
    assert str(path) in err or "a.yaml" in err


def test_an_internal_error_in_one_file_does_not_lose_the_others(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import ait_datasets.lint.engine as engine

    real = engine.file_findings

    def boom_on_a(doc: object, ctx: object) -> object:
        if str(getattr(doc, "path", "")).endswith("a.yaml"):
            raise RuntimeError("kaboom")
        return real(doc, ctx)  # type: ignore[arg-type]

    monkeypatch.setattr(engine, "file_findings", boom_on_a)
    write(tmp_path, "a.yaml", GOOD)
    write(tmp_path, "b.yaml", "tests:\n  - name: T1\n    turns:\n      - query: {}\n")
    assert main(["lint", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert "kaboom" in captured.err
    # b.yaml's own findings are still reported.
    assert "b.yaml" in captured.out and "QRY002" in captured.out


def test_debug_raises_the_internal_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import ait_datasets.lint.engine as engine

    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("kaboom")

    monkeypatch.setattr(engine, "file_findings", boom)
    path = write(tmp_path, "a.yaml", GOOD)
    with pytest.raises(RuntimeError, match="kaboom"):
        main(["--debug", "lint", str(path)])
