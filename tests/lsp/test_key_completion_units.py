"""Key and value completion by where the cursor is (issue 34), without a client."""

from __future__ import annotations

from pathlib import Path

import pytest

from ait_datasets.lint.config import LintConfig
from ait_datasets.lsp.completion import items_at


def _labels(tmp_path: Path, text: str, name: str = "orders.yaml") -> list[str]:
    """Labels at the `|` in ``text``."""
    line = next(i for i, ln in enumerate(text.splitlines()) if "|" in ln)
    column = text.splitlines()[line].index("|")
    path = tmp_path / "app" / ".resources" / name
    items = items_at(text.replace("|", ""), str(path), line, column, LintConfig())
    return [item.label for item in items]


TURN = """\
tests:
  - name: T
    turns:
      - query:
          from: J
          title: Hi
        expected_data:
{here}
"""


@pytest.mark.parametrize(
    ("here", "wanted", "absent"),
    [
        ("          |", ["intervention_request"], []),
        ("          intervention_request:\n            |", ["type", "suggestions"], []),
        (
            "          intervention_request:\n            type: Assistance\n            s|",
            ["suggestions"],
            ["type"],
        ),
        (
            "      - query:\n          intervention:\n            |",
            ["suggestion", "instruction"],
            [],
        ),
        ("      - query:\n          attachments:\n            - |", ["file"], []),
    ],
)
def test_keys_by_mapping(tmp_path: Path, here: str, wanted: list[str], absent: list[str]) -> None:
    labels = _labels(tmp_path, TURN.format(here=here))
    assert labels == wanted or set(wanted) <= set(labels)
    assert not set(absent) & set(labels)


def test_top_level_keys_of_a_dataset_and_of_a_suite_setup_file(tmp_path: Path) -> None:
    assert _labels(tmp_path, "name: X\n|\ntests: []\n") == [
        "description",
        "language",
        "suite_setup",
    ]
    setup = "name: S\n|\nsuite_setup:\n  setup_actions:\n    - action_type: create\n"
    assert _labels(tmp_path, setup) == ["description", "language"]
    action = "name: S\nsuite_setup:\n  setup_actions:\n    - action_type: create\n      |\n"
    assert _labels(tmp_path, action) == ["action_data"]


def test_no_keys_in_app_defined_data_or_after_a_colon(tmp_path: Path) -> None:
    assert _labels(tmp_path, TURN.format(here="          orders:\n            |")) == []
    assert "expected_data" not in _labels(tmp_path, TURN.format(here="          type: |"))


def test_language_tags(tmp_path: Path) -> None:
    labels = _labels(tmp_path, "language: |\ntests: []\n")
    assert {"en-US", "da-DK"} <= set(labels)


def test_suggestion_codes_the_apps_al_code_sets(tmp_path: Path) -> None:
    app = tmp_path / "app"
    (app / "src").mkdir(parents=True)
    (app / "app.json").write_text("{}", encoding="utf-8")
    (app / "src" / "Agent.Codeunit.al").write_text(
        "codeunit 50100 Agent\n{\n    procedure Offer()\n    var\n"
        '        Suggestion: Record "Agent Task User Int Suggestion";\n    begin\n'
        "        Suggestion.Code := 'SHIP';\n    end;\n}\n",
        encoding="utf-8",
    )
    text = TURN.format(
        here="          intervention_request:\n            suggestions:\n              - |"
    )
    assert "SHIP" in _labels(tmp_path, text)
