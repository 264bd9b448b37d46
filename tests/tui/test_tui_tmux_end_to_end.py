"""The real `datasets edit` console script in a real terminal (tmux, 160x48), driven as a
user would: open, edit, save, another program changes the file, save again (the editor
asks; overwrite), quit; then the file is compared with what the user meant."""

from __future__ import annotations

import difflib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tui_support import SAMPLE

TMUX = shutil.which("tmux")
pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="tmux runs on POSIX systems only"),
    pytest.mark.skipif(TMUX is None, reason="tmux is not installed"),
]

# Waiting for the screen is bounded by attempts, generously: this is not a speed check.
ATTEMPTS = 600
STEP = 0.1


def _script() -> str:
    beside = Path(sys.executable).with_name("datasets")
    found = str(beside) if beside.exists() else shutil.which("datasets")
    if found is None:
        pytest.skip("the datasets console script is not installed")
    return found


class Terminal:
    def __init__(self, session: str, env: dict[str, str]) -> None:
        self.session = session
        self.env = env

    def tmux(self, *args: str) -> str:
        assert TMUX is not None
        done = subprocess.run(
            [TMUX, *args], env=self.env, capture_output=True, text=True, check=False
        )
        return done.stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.session)

    def wait_for(self, words: str) -> str:
        for _ in range(ATTEMPTS):
            shown = self.screen()
            if words in shown:
                return shown
            time.sleep(STEP)
        raise AssertionError(f"{words!r} never appeared; the screen:\n{self.screen()}")

    def settle(self) -> None:
        """Wait until the screen stops changing (the app has handled what it was sent)."""
        last, same = "", 0
        for _ in range(ATTEMPTS):
            shown = self.screen()
            same = same + 1 if shown == last else 0
            if same >= 3:
                return
            last = shown
            time.sleep(STEP)

    def wait_gone(self, words: str) -> None:
        for _ in range(ATTEMPTS):
            if words not in self.screen():
                return
            time.sleep(STEP)
        raise AssertionError(f"{words!r} never went; the screen:\n{self.screen()}")

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", self.session, *keys)

    def alive(self) -> bool:
        return self.session in self.tmux("list-sessions", "-F", "#{session_name}")

    def quit(self) -> None:
        """Press ctrl+q and wait until the editor has exited."""
        self.keys("C-q")
        for _ in range(ATTEMPTS):
            if not self.alive():
                break
            time.sleep(STEP)
        assert not self.alive()

    def close(self) -> None:
        """End the session (if the test failed before quitting) and the private server."""
        if self.alive():
            self.tmux("kill-session", "-t", self.session)
        self.tmux("kill-server")


def test_edit_save_external_change_overwrite_quit(tmp_path: Path) -> None:
    path = tmp_path / "returns.yaml"
    path.write_text(SAMPLE, encoding="utf-8")
    term = _start(tmp_path, path, "edit-e2e")
    try:
        term.wait_for("RETURN-ONE")
        term.wait_for("Diagnostics (2, 1 error)")  # the first lint run is in
        # Tree: the file, then the first test; Tab goes to its name (cursor at the end).
        term.keys("Down")
        term.wait_for("Customer returns a chair")
        term.settle()
        term.keys("Tab")
        term.settle()
        term.keys("-")
        term.wait_for("RETURN-ONE-")
        term.keys("X")
        term.wait_for("RETURN-ONE-X ")
        term.wait_for("[modified]")
        term.keys("C-s")
        term.wait_for("Saved returns.yaml")
        assert path.read_text(encoding="utf-8") == SAMPLE.replace("RETURN-ONE", "RETURN-ONE-X")

        # Another program changes the second test; the editor notices.
        theirs = path.read_text(encoding="utf-8").replace("RETURN-TWO", "THEIRS")
        path.write_text(theirs, encoding="utf-8")
        term.wait_for("changed on disk")

        # One more keystroke, then save: the editor asks instead of overwriting.
        term.keys("Y")
        term.wait_for("RETURN-ONE-XY")
        term.keys("C-s")
        term.wait_for("was changed by another program since you opened it")
        assert path.read_text(encoding="utf-8") == theirs
        term.keys("o")
        term.wait_gone("since you opened it")
        term.wait_gone("[modified]")
        term.wait_gone("[changed on disk]")
        term.quit()
    finally:
        term.close()
    assert path.read_text(encoding="utf-8") == SAMPLE.replace("RETURN-ONE", "RETURN-ONE-XY")


def _start(tmp_path: Path, path: Path, session: str) -> Terminal:
    env = dict(os.environ)
    env["TMUX_TMPDIR"] = str(tmp_path)  # a private tmux server for this test
    env.pop("TMUX", None)
    # pytest-xdist exports COLUMNS=80 and LINES=24, which Textual prefers to the
    # terminal's own size: the editor would draw 80x24 inside the 160x48 window.
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    env["TERM"] = "xterm-256color"
    term = Terminal(session, env)
    command = f"{_script()} edit {path} --work-date 2026-03-17"
    term.tmux("new-session", "-d", "-s", session, "-x", "160", "-y", "48", command)
    term.tmux("resize-window", "-t", session, "-x", "160", "-y", "48")
    return term


def test_add_a_turn_through_the_prompt_confirm_a_delete_save_quit(tmp_path: Path) -> None:
    path = tmp_path / "returns.yaml"
    path.write_text(SAMPLE, encoding="utf-8")
    session = "edit-e2e-structure"
    term = _start(tmp_path, path, session)
    try:
        term.wait_for("RETURN-ONE")
        term.wait_for("Diagnostics (2, 1 error)")
        term.keys("Down")  # the first test
        term.wait_for("Customer returns a chair")
        term.settle()
        term.keys("t")  # a turn at the end of the test: asks for the reply first
        term.wait_for("New turn 3 of RETURN-ONE: intervention reply")
        term.settle()
        term.keys("Enter")  # nothing typed yet: asked again, nothing added
        term.wait_for("Reply is required.")
        term.keys("Post the credit memo.")
        term.wait_for("Post the credit memo.")
        term.keys("Enter")
        term.wait_for("turn 3 reply")  # the tree shows the new turn
        term.wait_gone("New turn 3 of RETURN-ONE")
        term.settle()
        term.keys("Down")  # from the new turn to the second test
        term.wait_for("Description  Two items")
        term.settle()
        term.keys("x")
        term.wait_for("Delete test RETURN-TWO (1 turn)?")
        term.keys("Escape")  # keep it after all
        term.wait_for("Nothing deleted")
        term.wait_gone("Delete test RETURN-TWO (1 turn)?")
        term.settle()
        term.keys("x")
        term.wait_for("Delete test RETURN-TWO (1 turn)?")
        term.keys("Enter")
        term.wait_gone("Delete test RETURN-TWO (1 turn)?")
        term.wait_for("Deleted")  # the notice's title (its text wraps in a narrow window)
        term.keys("C-s")
        term.wait_for("Saved returns.yaml")
        term.quit()
    finally:
        term.close()
    saved = path.read_text(encoding="utf-8")
    # The new turn at the end of the first test; the second test gone with the comment
    # that introduced it; every other byte as it was.
    assert saved == SAMPLE[: SAMPLE.index("\n# Second test")] + (
        "    - query:\n"
        "        intervention:\n"
        "          instruction: Post the credit memo.\n"
        "      expected_data: {}\n"
    )
    removed = [
        line
        for line in difflib.unified_diff(SAMPLE.splitlines(), saved.splitlines(), lineterm="", n=0)
        if line.startswith("-") and not line.startswith("---")
    ]
    assert "-- name: RETURN-TWO" in removed and "-# Second test keeps its comment." in removed


JSON_TESTS = """\
[
  {
    "name": "DESK",
    "question": "I need a desk",
    "expected_data": {"qty": 1}
  },
  {
    "name": "CHAIR",
    "question": "Retrieve a chair"
  }
]
"""


def test_a_json_dataset_edit_a_name_add_a_test_save_quit(tmp_path: Path) -> None:
    path = tmp_path / "tests.json"
    path.write_text(JSON_TESTS, encoding="utf-8")
    session = "edit-e2e-json"
    term = _start(tmp_path, path, session)
    try:
        term.wait_for("JSON file")
        term.wait_for("Diagnostics (")  # the first lint run is in
        term.keys("Down")  # the first test
        term.wait_for("Name        DESK")
        term.settle()
        term.keys("Tab")
        term.settle()
        term.keys("-")  # on its own: tmux would read "-X" as an option
        term.wait_for("DESK-")
        term.keys("X")
        term.wait_for("DESK-X")
        term.keys("Escape")
        term.settle()
        term.keys("Down")  # the second test; a new one goes after it
        term.wait_for("Name        CHAIR")
        term.settle()
        term.keys("n")  # the tests ask question: so the new one asks for its question
        term.wait_for("New test (question first)")
        term.settle()
        term.keys("Tab", "Tab")  # the offered name kept, past the optional description
        term.settle()
        term.keys("Which lamp?")
        term.wait_for("Which lamp?")
        term.keys("Enter")
        term.wait_for("Added test TEST-003")
        term.keys("C-s")
        term.wait_for("Saved tests.json")
        term.quit()
    finally:
        term.close()
    saved = path.read_text(encoding="utf-8")
    diff = [
        line
        for line in difflib.unified_diff(
            JSON_TESTS.splitlines(), saved.splitlines(), lineterm="", n=0
        )
        if line[:1] in "-+" and not line.startswith(("---", "+++"))
    ]
    # The name typed in place, and the new test after the last one (which gains a comma).
    assert diff == [
        '-    "name": "DESK",',
        '+    "name": "DESK-X",',
        "+  },",
        "+  {",
        '+    "name": "TEST-003",',
        '+    "question": "Which lamp?",',
        '+    "expected_data": {}',
    ]


def test_a_letter_and_ctrl_q_sent_together_ask_before_quitting(tmp_path: Path) -> None:
    """One send-keys call: the terminal delivers the letter and ctrl+q in one read."""
    path = tmp_path / "returns.yaml"
    path.write_text(SAMPLE, encoding="utf-8")
    term = _start(tmp_path, path, "edit-e2e-burst")
    try:
        term.wait_for("RETURN-ONE")
        term.wait_for("Diagnostics (2, 1 error)")
        term.keys("Down")
        term.wait_for("Customer returns a chair")
        term.settle()
        term.keys("Tab")  # the test's name, the cursor at its end
        term.settle()
        term.keys("Z", "C-q")
        term.wait_for("There are unsaved changes. Save them before quitting?")
        assert term.alive()
        term.keys("s")
        for _ in range(ATTEMPTS):
            if not term.alive():
                break
            time.sleep(STEP)
        assert not term.alive()
    finally:
        term.close()
    assert path.read_text(encoding="utf-8") == SAMPLE.replace("RETURN-ONE", "RETURN-ONEZ")


CLEAN = """\
name: SR-CLEAN
tests:
- name: RETURN-ONE
  description: Customer returns a chair
  turns:
    - query:
        from: customer@contoso.com
        title: Return request
        message: "Please take the chair back by $DateFormula-<CD+5D>$."
      expected_data:
        credit_memo_created: true
"""


def test_a_test_with_a_placeholder_added_through_the_dialog_lints_clean(tmp_path: Path) -> None:
    """The dialog writes a placeholder quoted: no PH007 appears, before or after saving."""
    path = tmp_path / "clean.yaml"
    path.write_text(CLEAN, encoding="utf-8")
    term = _start(tmp_path, path, "edit-e2e-placeholder")
    try:
        term.wait_for("Diagnostics (0, 0 errors)")
        term.keys("Down")  # the test; the new one goes after it
        term.wait_for("Customer returns a chair")
        term.settle()
        term.keys("n")
        term.wait_for("New test (task input first)")
        term.settle()
        # The name is focused with the offered one selected: Tab keeps it.
        term.keys("Tab", "Tab")  # past the optional description
        term.settle()
        term.keys("jane@contoso.com")
        term.wait_for("jane@contoso.com")
        term.keys("Tab")
        term.settle()
        term.keys("Return by $DateFormula-<CD+5D>$")
        term.wait_for("Return by $DateFormula-<CD+5D>$")
        term.keys("Enter")
        term.wait_for("Added test RETURN-TWO")
        term.wait_for("Diagnostics (")
        term.settle()
        term.keys("C-s")
        term.wait_for("Saved clean.yaml")
        term.settle()
        shown = term.screen()
        assert "Diagnostics (0, 0 errors)" in shown and "PH007" not in shown, shown
        term.quit()
    finally:
        term.close()
    assert path.read_text(encoding="utf-8") == CLEAN + (
        "- name: RETURN-TWO\n"
        "  turns:\n"
        "    - query:\n"
        "        from: jane@contoso.com\n"
        '        title: "Return by $DateFormula-<CD+5D>$"\n'
        "      expected_data: {}\n"
    )


BROKEN = 'tests:\n- name: BROKEN\n  description: "unclosed\n  turns: []\n'


def test_a_broken_file_opens_as_text_is_fixed_saved_and_reopened(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(BROKEN, encoding="utf-8")
    term = _start(tmp_path, path, "edit-e2e-recovery")
    try:
        term.wait_for("5:1: SYN001 YAML syntax error")
        term.settle()
        term.keys("Down", "Down", "End")
        term.settle()
        term.keys('"')
        term.wait_for("It parses now")
        assert path.read_text(encoding="utf-8") == BROKEN  # nothing written yet
        term.keys("C-r")  # saves, then opens the normal view
        term.wait_for("Diagnostics (")
        term.wait_for("BROKEN")
        term.quit()
    finally:
        term.close()
    assert path.read_text(encoding="utf-8") == BROKEN.replace("unclosed", 'unclosed"')


def test_a_copilot_jsonl_row_is_named_by_its_question_and_opens_its_own_form(
    tmp_path: Path,
) -> None:
    path = tmp_path / "questions.jsonl"
    path.write_text(
        '{"question": "What is the credit limit?", "ground_truth": "5000"}\n', encoding="utf-8"
    )
    term = _start(tmp_path, path, "edit-e2e-copilot")
    try:
        # The tree names the row by its question (cut to the tree's width).
        term.wait_for("What is the credit")
        term.wait_for("Diagnostics (0, 0 errors)")  # the first lint run is in
        term.settle()
        term.keys("Down")
        shown = term.wait_for("Copilot test")
        # The form's first fields (its ground truth may sit below the fold on a short
        # terminal; the pilot tests of the Copilot form check every field).
        assert "(unnamed)" not in shown, shown
        assert "What is the credit limit?" in shown, shown  # whole, in the form
        term.quit()
    finally:
        term.close()


COPILOT_TURNS = """\
name: QUOTES
tests:
  - name: QUOTE1
    description: first quote
    turns:
      - question: What does item 1000 cost?
        context: Item 1000 costs 10.
        expected_data: {}
      - question: And item 2000?
        expected_data:
          price: 20
"""


def test_a_copilot_turn_opens_in_the_copilot_form_and_keeps_yaml_that_does_not_parse(
    tmp_path: Path,
) -> None:
    path = tmp_path / "quotes.yaml"
    path.write_text(COPILOT_TURNS, encoding="utf-8")
    term = _start(tmp_path, path, "edit-e2e-copilot-turns")
    try:
        term.wait_for("QUOTE1")
        term.wait_for("Diagnostics (0, 0 errors)")  # the first lint run is in
        term.settle()
        term.keys("Down")  # the test: its name, description and what its turns hold
        term.wait_for("A Copilot AI test with 2 turns")
        term.keys("Space")  # its turns
        term.wait_for("turn 2 question")
        term.keys("Down", "Down")
        shown = term.wait_for("Turn 2 of a Copilot test")
        assert "And item 2000?" in shown, shown
        assert "Ground truth" in shown and "Expects a pause" not in shown, shown
        term.settle()
        term.keys("Tab", "Tab")  # the question, then the context
        term.settle()
        term.keys("Twenty.")
        term.wait_for("[modified]")
        term.keys("Tab", "Tab")  # the ground truth, then the expected data (its start)
        term.settle()
        term.keys("[1, 2 ")  # before `price: 20`: an unclosed flow list
        term.wait_for("Invalid YAML, not applied")
        term.keys("C-s")
        term.wait_for("not saved: the expected_data of turn 2")
        assert path.read_text(encoding="utf-8") == COPILOT_TURNS
        term.keys("Escape")  # to the tree (in the field ctrl+z is the same undo)
        term.settle()
        term.keys("C-z")  # drops the text that did not apply; the context stays
        term.wait_gone("Invalid YAML, not applied")
        term.keys("C-s")
        term.wait_for("Saved quotes.yaml")
        term.quit()
    finally:
        term.close()
    assert path.read_text(encoding="utf-8") == COPILOT_TURNS.replace(
        "          price: 20\n", "          price: 20\n        context: Twenty.\n"
    )


def test_a_title_typed_with_spaces_is_saved_plain_and_ctrl_z_in_a_field_undoes(
    tmp_path: Path,
) -> None:
    path = tmp_path / "returns.yaml"
    path.write_text(SAMPLE, encoding="utf-8")
    term = _start(tmp_path, path, "edit-e2e-quoting")
    try:
        term.wait_for("RETURN-ONE")
        term.wait_for("Diagnostics (2, 1 error)")
        term.keys("Down", "Down")  # the second test
        term.wait_for("Two items")
        term.settle()
        term.keys("Space")  # its turns
        term.wait_for("turn 1 task")
        term.keys("Down")
        term.wait_for("Turn 1")
        term.settle()
        term.keys("Tab", "Tab", "Tab")  # the query kind, the sender, the title
        term.settle()
        term.keys("C-u")  # clears the title
        term.settle()
        term.keys("T Hi there")
        term.wait_for("T Hi there")
        term.keys("Tab")  # the message (the test has none yet)
        term.settle()
        term.keys("Please take both")
        term.wait_for("Please take both")
        term.keys("C-z")  # in the field: the editor's undo of that typing
        term.wait_for("Undo: edit")
        term.wait_gone("Please take both")
        term.keys("C-s")
        term.wait_for("Saved returns.yaml")
        term.quit()
    finally:
        term.close()
    saved = path.read_text(encoding="utf-8")
    assert saved == SAMPLE.replace("title: Return two\n", "title: T Hi there\n"), saved
