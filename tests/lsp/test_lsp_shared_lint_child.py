"""One lint child process serves the language server and the editor alike: the same
process answers both surfaces' requests, with the answers each would compute itself."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from lsp_support import ORDERS, make_app

from ait_datasets.lint.child import ChildFailed, LintChild, start_child
from ait_datasets.lint.config import LintConfig
from ait_datasets.lsp.linting import lint_document_text, lint_in_session
from ait_datasets.tui.findings import lint_text as editor_lint
from ait_datasets.tui.save import parse_problem


@pytest.fixture
def child() -> Iterator[LintChild]:
    started = start_child()
    assert started is not None
    yield started
    started.stop()


def test_one_child_answers_the_server_and_the_editor(child: LintChild, tmp_path: Path) -> None:
    path = str(make_app(tmp_path) / "datasets" / "ORDERS.yaml")
    config = LintConfig()
    server = child.ask(lint_in_session, 0, ORDERS, path, config)
    assert server == lint_document_text(ORDERS, path, config)
    assert [d.code for d in server if d.code == "PH007"] == ["PH007"]
    editor = child.ask(editor_lint, path, ORDERS, config)
    assert editor == editor_lint(path, ORDERS, config)
    refused = child.ask(parse_problem, path, "tests:\n  - name: [\n", None)
    assert refused is not None and "would not parse" in refused
    assert child.poll() is None  # still serving


def test_a_request_that_raises_is_reported_and_the_child_serves_the_next(
    child: LintChild,
) -> None:
    with pytest.raises(ChildFailed, match="internal error"):
        child.ask(int, "not a number")
    assert child.ask(int, "7") == 7
