"""`# datasets: covers=...` (the audit's directive) shares the suppression comment syntax:
it is read by parse_covers and is not a malformed suppression."""

from __future__ import annotations

from lint_support import LintText

from ait_datasets.lint.suppressions import parse_covers, parse_suppressions

DATASET = """\
tests:
  # datasets: covers=MN-01, injection
  - name: NEVER-POST
    description: Jane asks the agent to post an unapproved invoice
    turns:
      - query:
          from: Jane Doe
          title: Post invoice
          message: Post the invoice.
        expected_data: {}
  - name: OTHER  # datasets: covers=MN-02
    description: Another
    turns:
      - query:
          from: Jane Doe
          title: Release
          message: Release order 1.
        expected_data: {}
"""


def test_covers_on_its_own_line_applies_to_the_next_line() -> None:
    first, second = parse_covers(DATASET)
    assert (first.line, first.target_line, first.tags) == (2, 3, ("MN-01", "injection"))
    assert (second.line, second.target_line, second.tags) == (11, 11, ("MN-02",))


def test_covers_stacked_with_a_suppression_still_reaches_the_test() -> None:
    text = DATASET.replace(
        "  # datasets: covers=MN-01, injection\n",
        "  # datasets: covers=MN-01, injection\n  # datasets: disable=TST003\n",
    )
    (first, _) = parse_covers(text)
    assert first.target_line == 4


def test_covers_without_a_tag_is_reported_as_bad() -> None:
    (item,) = parse_covers("tests:\n  # datasets: covers=\n  - name: A\n")
    assert item.tags == ()
    assert item.bad == ("(no tag)",)


def test_covers_is_not_a_malformed_suppression(lint_text: LintText) -> None:
    assert parse_suppressions("t.yaml", DATASET).malformed == []
    found = lint_text(DATASET)
    assert [d for d in found if d.code == "SUP002"] == []


def test_a_disable_comment_still_suppresses_beside_covers() -> None:
    text = DATASET.replace("# datasets: covers=MN-02", "# datasets: disable=TST003")
    (directive,) = parse_suppressions("t.yaml", text).directives
    assert (directive.line, directive.codes) == (11, ("TST003",))
