"""The editor lints as the language server does: after an edit of one test only that test
is read again (in its thread and in its lint child), the app's other files are read once
while they do not change, and for their top level only; the findings stay a full lint's."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_support import SAMPLE

from ait_datasets.lint import project as project_module
from ait_datasets.lint import session as session_module
from ait_datasets.lint.config import LintConfig
from ait_datasets.lint.session import process_session, reused_reads
from ait_datasets.source.header import without_tests
from ait_datasets.tui.findings import lint_text
from ait_datasets.tui.lint_runner import LintRunner

# A neighbour dataset of the app with tests, naming a suite setup (its top level is read).
OTHER = "name: OTHER\nsuite_setup: SR-ACCUR-SETUP\ntests:\n" + "".join(
    f"  - name: T{i}\n    question: Which orders are open?\n" for i in range(50)
)
SETUP = "name: SR-ACCUR-SETUP\nsuite_setup:\n  company: CRONUS\n"


@pytest.fixture(autouse=True)
def fresh_session(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with a process that has linted nothing."""
    monkeypatch.setattr(session_module, "_session", None)


def _app(tmp_path: Path) -> Path:
    datasets = tmp_path / "app" / ".resources" / "datasets"
    datasets.mkdir(parents=True)
    (datasets / "OTHER.yaml").write_text(OTHER, encoding="utf-8")
    path = datasets / "returns.yaml"
    path.write_text(SAMPLE, encoding="utf-8")
    return path


def _typed(text: str, after: str, typed: str) -> str:
    at = text.index(after) + len(after)
    return text[:at] + typed + text[at:]


def test_the_editors_thread_rereads_only_the_edited_test(tmp_path: Path) -> None:
    path = str(_app(tmp_path))
    runner = LintRunner()  # SAMPLE is small: linted in a thread of this process
    runner.run(path, SAMPLE, LintConfig())
    edited = _typed(SAMPLE, 'instruction: "Approved', " at once")
    result = runner.run(path, edited, LintConfig())
    assert process_session().buffers.reused == 1
    assert result == lint_text(path, edited, LintConfig())


def test_the_editors_lint_child_keeps_the_buffer_and_rereads_only_the_edited_test(
    tmp_path: Path,
) -> None:
    path = str(_app(tmp_path))
    runner = LintRunner(process_min_chars=0)
    try:
        runner.run(path, SAMPLE, LintConfig())
        edited = _typed(SAMPLE, "title: Return two", "!")
        result = runner.run(path, edited, LintConfig())
        home = runner._home
        assert home is not None
        assert home.ask(reused_reads) == 1
        assert result == lint_text(path, edited, LintConfig())
    finally:
        runner.close()


def test_a_neighbours_facts_are_read_once_while_it_does_not_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _app(tmp_path)
    other = path.parent / "OTHER.yaml"
    reads: list[str] = []
    loaded: list[bytes] = []
    real_read, real_load = project_module.read_neighbour, project_module.load_bytes

    def read(file: str, *args: object) -> bytes:
        reads.append(Path(file).name)
        return real_read(file, *args)  # type: ignore[arg-type]

    def load(file: str, raw: bytes, **kwargs: int) -> object:
        if Path(file).name == "OTHER.yaml":
            loaded.append(raw)
        return real_load(file, raw, **kwargs)

    monkeypatch.setattr(project_module, "read_neighbour", read)
    monkeypatch.setattr(project_module, "load_bytes", load)
    runner = LintRunner()
    text = SAMPLE
    for typed in "abc":
        text = _typed(text, 'instruction: "Approved', typed)
        runner.run(str(path), text, LintConfig())
    assert reads.count("OTHER.yaml") == 1
    # Read for its top level only: its tests are not what the rules ask of it.
    assert len(loaded) == 1 and b"- name: T" not in loaded[0]
    assert loaded[0].startswith(b"name: OTHER\nsuite_setup: SR-ACCUR-SETUP\ntests:\n")
    # Changed on disk: read again by the next lint, once.
    other.write_text(OTHER.replace("name: OTHER", "name: OTHER-2"), encoding="utf-8")
    for typed in "de":
        text = _typed(text, 'instruction: "Approved', typed)
        runner.run(str(path), text, LintConfig())
    assert reads.count("OTHER.yaml") == 2


def test_findings_after_each_edit_are_a_full_lints(tmp_path: Path) -> None:
    path = _app(tmp_path)
    setup = path.parent / "setup.yaml"
    runner = LintRunner()
    config = LintConfig()
    edits = [
        lambda t: _typed(t, 'instruction: "Approved', " now"),  # inside a test
        lambda t: t.replace("type: ReviewRecord", "type: Asistance"),  # a new finding
        lambda t: t.replace("name: SR-SAMPLE", "name: SR-SAMPLE-2"),  # outside the tests
        lambda t: _typed(t, "title: Return two", "\n      message: [unclosed"),  # broken
        lambda t: t.replace("[unclosed", "closed"),  # mended
        lambda t: t + "- name: RETURN-THREE\n  question: Where is it?\n",  # a test added
        lambda t: t.replace("$DateFormula-<CD+5D>$", "$DateFormula-<CD+5X>$"),
    ]
    text = SAMPLE
    runner.run(str(path), text, config)
    seen: list[list[str]] = []
    for n, edit in enumerate(edits):
        text = edit(text)
        if n == 3:  # the suite setup it names appears on disk: REF001 goes
            setup.write_text(SETUP, encoding="utf-8")
        got = runner.run(str(path), text, config)
        assert got == lint_text(str(path), text, config), n
        seen.append(sorted({f.diagnostic.code for f in got.findings}))
    assert process_session().buffers.reused >= 3
    # The equality held over findings that came and went with the edits.
    assert "EXP001" in seen[1] and seen[3] == ["SYN001"] and "PH001" in seen[6]
    assert "REF001" in seen[2] and "REF001" not in seen[4]  # the setup file appeared


def test_the_tests_list_left_out_keeps_every_other_key_in_place() -> None:
    raw = b"name: A\ntests:\n- name: T1\n  question: q\n\n# note\nlanguage: da-DK\n"
    top = without_tests(raw)
    assert top == b"name: A\ntests:\n\n\n\n\nlanguage: da-DK\n"
    crlf = raw.replace(b"\n", b"\r\n")
    assert without_tests(crlf) == top.replace(b"\n", b"\r\n")
    # Last in the file (as usual): dropped.
    assert without_tests(b"name: A\ntests:\n  - name: T1\n") == b"name: A\ntests:\n"
    # No list below the key, a key given twice, a second document: read whole.
    assert without_tests(b"tests: []\n") is None
    assert without_tests(b"tests:\n- a: 1\ntests:\n- b: 2\n") is None
    assert without_tests(b"tests:\n- a: 1\n---\nname: B\n") is None
