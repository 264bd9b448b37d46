"""The server's lint process: the same findings as linting in the server, a stale run
stopped (and the next one served by a fresh process), a broken process reported."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest
from lsp_support import ORDERS, SETUP, make_app

from ait_datasets.lint.config import LintConfig
from ait_datasets.lsp.linting import lint_document_text
from ait_datasets.lsp.worker import Cancelled, LintWorkers, WorkerFailed


@pytest.fixture
def workers():
    pool = LintWorkers()
    pool.start()
    yield pool
    pool.close()


def test_the_lint_process_finds_what_the_server_would(workers: LintWorkers, tmp_path: Path) -> None:
    resources = make_app(tmp_path)
    path = str(resources / "datasets" / "ORDERS.yaml")
    found = workers.lint("a", path, ORDERS, LintConfig())
    assert found == lint_document_text(ORDERS, path, LintConfig())
    assert {d.code for d in found} >= {"PH007", "EXP001", "QRY003"}


def test_the_lint_process_follows_the_apps_files_and_forgets_when_told(
    workers: LintWorkers, tmp_path: Path
) -> None:
    resources = make_app(tmp_path)
    path = str(resources / "datasets" / "ORDERS.yaml")
    setup = resources / "datasets" / "setup" / "SETUP.yaml"

    def ref001() -> int:
        found = workers.lint("a", path, ORDERS, LintConfig())
        return len([d for d in found if d.code == "REF001"])

    assert ref001() == 0
    setup.write_text(SETUP.replace("SHOP-SETUP", "SHOP-SETUP-2"), encoding="utf-8")
    assert ref001() == 1
    workers.forget()
    assert ref001() == 1
    setup.write_text(SETUP, encoding="utf-8")
    assert ref001() == 0


class _Stuck(LintWorkers):
    """A lint process that never answers (a run that would take forever)."""

    COMMAND = (sys.executable, "-c", "import sys, time; sys.stdin.buffer.read(1); time.sleep(600)")


def test_a_cancelled_run_stops_and_a_fresh_process_serves_the_next() -> None:
    workers = _Stuck()
    outcome: list[BaseException] = []

    def run() -> None:
        try:
            workers.lint("doc", "/x/a.yaml", "tests: []\n", LintConfig())
        except BaseException as exc:  # recorded for the assertion below
            outcome.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    while "doc" not in workers._running:  # the run is under way
        thread.join(0.01)
    stuck = workers._running["doc"]
    workers.cancel("doc")
    thread.join()
    assert [type(e) for e in outcome] == [Cancelled]
    assert stuck.poll() is not None  # its process was ended, not left running
    assert len(workers._idle) == 1 and workers._idle[0].poll() is None  # a warm spare
    workers.close()


class _Broken(LintWorkers):
    COMMAND = (sys.executable, "-c", "raise SystemExit(3)")


def test_a_process_that_dies_is_reported_not_taken_for_a_cancel() -> None:
    workers = _Broken()
    with pytest.raises(WorkerFailed, match="stopped"):
        workers.lint("doc", "/x/a.yaml", "tests: []\n", LintConfig())
    workers.close()


class _Chatty(LintWorkers):
    """A process that writes something that is no answer."""

    COMMAND = (sys.executable, "-c", "print('hello, this is not a pickle ' * 4)")


def test_a_process_that_answers_garbage_is_reported() -> None:
    workers = _Chatty()
    with pytest.raises(WorkerFailed):
        workers.lint("doc", "/x/a.yaml", "tests: []\n", LintConfig())
    workers.close()


def _held(release: Path) -> type[LintWorkers]:
    """Lint processes that answer every request with no findings once ``release`` exists
    (the test decides when a run ends, whatever the host's speed)."""

    class Held(LintWorkers):
        COMMAND = (
            sys.executable,
            "-c",
            "import os, sys, time\n"
            "from ait_datasets.lint.child import receive, send\n"
            "while True:\n"
            "    try:\n"
            "        receive(sys.stdin.buffer)\n"
            "    except EOFError:\n"
            "        break\n"
            f"    while not os.path.exists({str(release)!r}):\n"
            "        time.sleep(0.01)\n"
            "    send(sys.stdout.buffer, ('ok', []))\n",
        )

    return Held


def test_a_documents_runs_wait_for_the_process_that_has_it_and_only_the_newest_runs(
    tmp_path: Path,
) -> None:
    release = tmp_path / "release"
    workers = _held(release)()
    path = "/x/a.yaml"
    outcome: dict[str, object] = {}

    def run(name: str) -> None:
        try:
            outcome[name] = workers.lint("doc", path, "tests: []\n", LintConfig())
        except BaseException as exc:  # recorded for the assertions below
            outcome[name] = exc

    first = threading.Thread(target=run, args=("first",))
    first.start()
    while "doc" not in workers._running:  # the first run is under way
        first.join(0.01)
    home = workers._running["doc"]
    waiting = threading.Thread(target=run, args=("second",))
    waiting.start()
    while workers._wanted.get("doc") == 0:  # the second run has asked
        waiting.join(0.01)
    newest = threading.Thread(target=run, args=("third",))
    newest.start()
    while workers._wanted.get("doc") == 1:  # the third run has asked
        newest.join(0.01)
    release.touch()  # only now does the first run end
    for thread in (first, waiting, newest):
        thread.join()
    # The second gave way to the third, which ran in the process that had the document
    # (no other process was started for it).
    assert outcome["first"] == [] and outcome["third"] == []
    assert isinstance(outcome["second"], Cancelled)
    assert workers._home[path] is home and workers._idle == [home]
    workers.close()
