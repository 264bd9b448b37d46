"""Every command against every hostile input: no traceback, a sane exit code, the file named.

The corpus under ``hostile/`` is written by ``make_hostile.py`` (checked below to be
reproducible). Inputs that must be big to be hostile (a line over the length limit, a
formula of 10,000 terms, a file over a configured size) are made here at run time. Each
case runs in-process under a 20-second alarm, so a hang fails the case instead of
stalling the suite; every input is small enough that a correct run takes milliseconds.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from ait_datasets.cli import main

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "hostile"
sys.path.insert(0, str(HERE))
import make_hostile  # noqa: E402

WORK_DATE = "2025-01-15"


def _files(*folders: str) -> list[Path]:
    return sorted(p for folder in folders for p in (CORPUS / folder).iterdir() if p.is_file())


DATASETS = _files("yaml", "json", "jsonl")
XML = _files("xml")
REPORTS = _files("report")
AL = _files("al")
EVERYTHING = DATASETS + XML + REPORTS + AL
FORMULAS: list[str] = json.loads((CORPUS / "formulas.json").read_text(encoding="utf-8"))


def _id(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


@pytest.fixture(autouse=True)
def _no_hang() -> Iterator[None]:
    """Turn a hang into a failure (20 s per case; a correct case takes milliseconds)."""

    def timeout(_signum: int, _frame: object) -> None:
        raise TimeoutError("the command did not finish within 20 seconds")

    if not hasattr(signal, "SIGALRM"):  # Windows: no alarm; the cases still run
        yield
        return
    previous = signal.signal(signal.SIGALRM, timeout)
    signal.alarm(20)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run ``datasets ARGV`` in-process; assert it ended cleanly, with code 0, 1 or 2."""
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's own usage errors
        code = exc.code if isinstance(exc.code, int) else 2
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err, err
    assert "internal error" not in err, err
    assert code in (0, 1, 2), (code, err)
    return code, out, err


def _names(path: Path | str, text: str) -> bool:
    return str(path) in text


# --- the corpus itself -------------------------------------------------------------


def test_the_corpus_is_reproducible_small_and_large_enough() -> None:
    expected = make_hostile.corpus()
    on_disk = {
        p.relative_to(CORPUS).as_posix(): p.read_bytes()
        for p in CORPUS.rglob("*")
        if p.is_file() and p.name != ".gitattributes"
    }
    assert on_disk.keys() == expected.keys(), "run tests/robustness/make_hostile.py"
    assert all(on_disk[k] == expected[k] for k in expected), "run make_hostile.py"
    assert len(EVERYTHING) + len(FORMULAS) >= 100
    assert sum(len(b) for b in on_disk.values()) < 2 * 1024 * 1024


# --- lint ------------------------------------------------------------------------------


@pytest.mark.parametrize("path", DATASETS + XML, ids=_id)
def test_lint_reports_every_fault_at_a_position_in_the_file(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "lint", "--format", "json", "--work-date", WORK_DATE, str(path))
    found = json.loads(out)
    for diag in found:
        assert diag["path"] == str(path)
        assert diag["line"] >= 1 and diag["column"] >= 1, diag
    if code == 1:
        assert any(d["severity"] == "error" for d in found)
    if code == 2:
        assert _names(path, err)


@pytest.mark.parametrize("path", DATASETS + XML, ids=_id)
def test_lint_fix_never_makes_a_file_unreadable(
    path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from ait_datasets.source.load import load

    copy = tmp_path / path.name
    shutil.copyfile(path, copy)
    before = copy.read_bytes()
    faults_before = Counter(d.code for d in load(str(copy)).diagnostics if d.code.startswith("SYN"))
    run(capsys, "lint", "--fix", "--unsafe-fixes", "--work-date", WORK_DATE, str(copy))
    after = copy.read_bytes()
    if after != before:
        # A fix may leave a fault the file already had (a duplicate key beside the turn it
        # completes), never add one.
        faults_after = Counter(
            d.code for d in load(str(copy)).diagnostics if d.code.startswith("SYN")
        )
        assert faults_after - faults_before == Counter()
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_lint_of_the_whole_corpus_names_each_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "lint", "--format", "json", "--jobs", "1", str(CORPUS))
    assert code == 1
    paths = {d["path"] for d in json.loads(out)}
    assert str(CORPUS / "yaml" / "tabs_indent.yaml") in paths


@pytest.mark.parametrize(
    ("name", "line", "column"),
    [
        ("billion_laughs.xml", 2, 1),
        ("xxe_file.xml", 2, 1),
        ("xxe_parameter_entity.xml", 2, 1),
        ("external_dtd.xml", 2, 1),
        ("internal_entity_attr.xml", 2, 1),
    ],
)
def test_suite_xml_with_a_doctype_is_refused_before_entities_expand(
    name: str, line: int, column: int, capsys: pytest.CaptureFixture[str]
) -> None:
    path = CORPUS / "xml" / name
    code, out, _ = run(capsys, "lint", "--format", "json", str(path))
    assert code == 1
    doctype = [d for d in json.loads(out) if "DOCTYPE" in d["message"]]
    assert [(d["code"], d["line"], d["column"]) for d in doctype] == [("XML001", line, column)]


def test_the_xml_loader_never_expands_or_fetches_entities() -> None:
    from ait_datasets.source.xml_loader import load_xml_bytes

    doc = load_xml_bytes("x.xml", (CORPUS / "xml" / "billion_laughs.xml").read_bytes())
    assert doc.xml is None
    doc = load_xml_bytes("x.xml", (CORPUS / "xml" / "xxe_file.xml").read_bytes())
    assert doc.xml is None and "root:" not in doc.text.replace("passwd", "")


# --- migrate -------------------------------------------------------------------------


@pytest.mark.parametrize("path", DATASETS + AL + XML, ids=_id)
def test_migrate_check_and_diff_write_nothing(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = path.read_bytes()
    for mode in ("--check", "--diff"):
        for kind in ("auto", "agent"):
            code, out, err = run(capsys, "migrate", mode, "--kind", kind, str(path))
            if code == 2:
                assert _names(path, err)
            if code == 1:
                # Both exit 1 when the file would change; --diff reports on stderr (its
                # stdout is only the diff).
                assert _names(path, out if mode == "--check" else err)
    assert path.read_bytes() == before


@pytest.mark.parametrize("path", DATASETS + AL, ids=_id)
def test_migrate_writes_a_loadable_result_or_leaves_the_bytes_alone(
    path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = tmp_path / path.name
    shutil.copyfile(path, copy)
    before = copy.read_bytes()
    code, _, err = run(capsys, "migrate", "--kind", "agent", str(copy))
    if code == 2:
        assert _names(copy, err)
        assert copy.read_bytes() == before
    elif copy.read_bytes() != before:
        # Migrated: running it again finds nothing left to do.
        again, _, _ = run(capsys, "migrate", "--check", "--kind", "agent", str(copy))
        assert again == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


# --- resolve -------------------------------------------------------------------------


_LOCATED = re.compile(r"^(?P<path>.+):(?P<line>\d+):(?P<col>\d+): ")


@pytest.mark.parametrize("path", DATASETS, ids=_id)
def test_resolve_names_the_file_and_position_of_each_problem(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for fmt in ("yaml", "json"):
        code, _, err = run(capsys, "resolve", "--work-date", WORK_DATE, "--format", fmt, str(path))
        if code != 0:
            assert _names(path, err)
        if code == 1:
            for line in err.splitlines():
                match = _LOCATED.match(line)
                assert match is not None and match["path"] == str(path), line


# --- date ----------------------------------------------------------------------------


def _generated_formulas() -> list[str]:
    return [
        "+1D" * 10_000,
        "<" + "+1D" * 10_000 + ">",
        "1D" * 5_000,
        "<" * 10_000,
        "$" * 10_000,
        "9" * 5_000 + "D",
        "C" + "W" * 10_000,
    ]


@pytest.mark.parametrize("formula", FORMULAS + _generated_formulas(), ids=range(1000).__iter__())
def test_date_with_hostile_formulas(formula: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "date", "--work-date", WORK_DATE, "--", formula)
    if code == 0:
        assert re.fullmatch(r"\d{4}-\d\d-\d\d(T[\d:.]+)?\n", out), out
    if code == 1:
        assert err.startswith("datasets date: ")


# --- report --------------------------------------------------------------------------


@pytest.mark.parametrize("path", REPORTS + DATASETS, ids=_id)
def test_report_names_the_file_of_a_bad_input(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for fmt in ("text", "html", "json", "markdown"):
        code, out, err = run(capsys, "report", "--format", fmt, str(path))
        if code == 2:
            assert err and all(line.startswith(str(path)) for line in err.splitlines()), err
        else:
            assert out


def test_report_escapes_hostile_case_names_in_html(capsys: pytest.CaptureFixture[str]) -> None:
    path = CORPUS / "report" / "html_injection.jsonl"
    code, out, _ = run(capsys, "report", "--format", "html", str(path))
    assert code == 0
    assert "<script>alert(1)</script>" not in out and "<img src=x" not in out


# --- generated at run time: limits, odd file system objects --------------------------


def test_a_line_over_the_default_limit_is_a_finding_not_a_slow_parse(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "long.yaml"
    path.write_text("tests:\n  - name: " + "x" * 1_000_001 + "\n")
    code, out, _ = run(capsys, "lint", "--format", "json", str(path))
    assert code == 1
    assert [(d["code"], d["line"], d["column"]) for d in json.loads(out)] == [
        ("SYN010", 2, 1_000_001)
    ]
    for argv in (["migrate", "--check"], ["resolve"]):
        code, _, err = run(capsys, *argv, str(path))
        assert code == 2 and f"{path}:2:1000001" in err


def test_configured_file_size_and_line_length_limits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / ".ait-datasets.toml").write_text("max-file-size = 100\nmax-line-length = 40\n")
    big = tmp_path / "big.yaml"
    big.write_text("tests:\n" + "  - {name: T, question: q}\n" * 10)
    wide = tmp_path / "wide.yaml"
    wide.write_text("tests:\n  - name: " + "W" * 50 + "\n")
    code, out, _ = run(capsys, "lint", "--format", "json", str(big), str(wide))
    assert code == 1
    found = {(Path(d["path"]).name, d["code"], d["line"], d["column"]) for d in json.loads(out)}
    assert ("big.yaml", "SYN010", 1, 1) in found
    assert ("wide.yaml", "SYN010", 2, 41) in found


@pytest.fixture
def odd_tree(tmp_path: Path) -> Path:
    """A folder of things named like datasets that are not files one can read."""
    (tmp_path / "x.yaml").mkdir()
    (tmp_path / "broken.yaml").symlink_to(tmp_path / "missing.yaml")
    os.mkfifo(tmp_path / "pipe.yaml")
    (tmp_path / "loop.yaml").symlink_to(tmp_path / "loop.yaml")
    return tmp_path


@pytest.mark.skipif(
    sys.platform == "win32",
    reason="symbolic links and named pipes are POSIX-only (the fixture makes both)",
)
@pytest.mark.parametrize("name", ["x.yaml", "broken.yaml", "pipe.yaml", "loop.yaml"])
def test_every_command_refuses_odd_file_system_objects(
    odd_tree: Path, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = odd_tree / name
    for argv in (
        ["lint"],
        ["migrate", "--check"],
        ["migrate"],
        ["resolve", "--work-date", WORK_DATE],
        ["report"],
    ):
        code, out, err = run(capsys, *argv, str(path))
        if name == "x.yaml" and argv[0] in ("lint", "migrate"):
            continue  # a folder: searched for datasets (it holds none)
        assert code == 2, (argv, out, err)
        assert _names(path, err), (argv, err)


def test_lint_of_a_folder_with_odd_objects_reports_each(
    odd_tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "lint", str(odd_tree))
    assert code == 2
    for name in ("broken.yaml", "pipe.yaml", "loop.yaml"):
        assert _names(odd_tree / name, err), err


# --- init, schema, rules, edit -------------------------------------------------------


def test_init_into_an_existing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "app"
    target.write_text("keep me")
    code, _, err = run(capsys, "init", str(target))
    assert code == 2 and _names(target, err)
    assert target.read_text() == "keep me"


def test_init_twice_overwrites_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "app"
    assert run(capsys, "init", str(target))[0] == 0
    files = {p: p.read_bytes() for p in target.rglob("*") if p.is_file()}
    code, _, err = run(capsys, "init", str(target))
    assert code == 2 and "not overwriting" in err
    assert {p: p.read_bytes() for p in target.rglob("*") if p.is_file()} == files


@pytest.mark.skipif(
    sys.platform == "win32", reason="a read-only folder by mode bits (and geteuid) is POSIX-only"
)
def test_init_into_a_read_only_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import tempfile

    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    if os.geteuid() == 0:  # root ignores the mode bits: make the refusal happen anyway

        def refuse(*_args: object, **_kwargs: object) -> tuple[int, str]:
            raise PermissionError(13, "Permission denied", str(folder / "app"))

        monkeypatch.setattr(tempfile, "mkstemp", refuse)
        monkeypatch.setattr(Path, "mkdir", lambda *_a, **_k: None)
    try:
        code, _, err = run(capsys, "init", str(folder / "app"))
    finally:
        folder.chmod(0o755)
    assert code == 2
    assert err.startswith("datasets init: ") and "Permission denied" in err


@pytest.mark.parametrize("code_value", [" ", "x" * 50, "a/b", "..", "\u202e", "-"])
def test_init_refuses_odd_suite_codes(
    code_value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "init", str(tmp_path / "app"), "--code", code_value)
    assert code == 2 and err
    assert not (tmp_path / "app").exists() or not any((tmp_path / "app").rglob("*.yaml"))


@pytest.mark.parametrize("kind", ["dataset", "suite-setup", "jsonl-row", "nope"])
def test_schema(kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "schema", "--kind", kind)
    if kind == "nope":
        assert code == 2
    else:
        assert code == 0 and json.loads(out)["$schema"]


@pytest.mark.parametrize("rule", [None, "SYN010", "XML001", "ZZZ999", "\x00", "Q" * 5000, ""])
@pytest.mark.parametrize("fmt", ["text", "markdown", "json"])
def test_rules(rule: str | None, fmt: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["rules", "--format", fmt] + ([rule] if rule is not None else [])
    code, out, err = run(capsys, *argv)
    assert out or err
    if rule in ("SYN010", "XML001", None):
        assert code == 0


def test_edit_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "edit", "--help")
    assert code == 0 and "usage: datasets edit" in out


# --- an unexpected internal error names the file -------------------------------------


class _Bug(Exception):
    pass


def _bug(*_args: object, **_kwargs: object) -> object:
    raise _Bug("simulated bug")


def _crash_points(monkeypatch: pytest.MonkeyPatch) -> None:
    import ait_datasets.commands._resolving as resolving
    import ait_datasets.lint.engine as engine
    import ait_datasets.migrate.files as migrate_files
    import ait_datasets.report.inputs as report_inputs

    monkeypatch.setattr(engine, "file_findings", _bug)
    monkeypatch.setattr(migrate_files, "plan_migration", _bug)
    monkeypatch.setattr(resolving._Resolver, "value", _bug)
    monkeypatch.setattr(report_inputs, "read_stream", _bug)


@pytest.mark.parametrize(
    ("argv", "name"),
    [
        (["lint", "--jobs", "1"], "ok.yaml"),
        (["migrate", "--check"], "ok.yaml"),
        (["resolve", "--work-date", WORK_DATE], "ok.yaml"),
        (["report"], "runs.jsonl"),
    ],
)
def test_an_internal_error_names_the_file_and_debug_shows_the_real_one(
    argv: list[str],
    name: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    (tmp_path / "ok.yaml").write_text("tests:\n  - name: T\n    question: q\n")
    (tmp_path / "runs.jsonl").write_text('{"case": "c", "run": 1, "passed": true}\n')
    path = tmp_path / name
    _crash_points(monkeypatch)
    assert main([*argv, str(path)]) == 2
    err = capsys.readouterr().err
    command = argv[0]
    assert err.startswith(
        f"datasets {command}: internal error while processing {path}: _Bug: simulated bug"
    ), err
    assert "Traceback" not in err and len(err.splitlines()) == 1
    with pytest.raises(_Bug):
        main(["--debug", *argv, str(path)])
