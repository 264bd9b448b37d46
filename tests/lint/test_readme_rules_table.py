"""The README's rule table is generated from the rules; this keeps it current."""

from __future__ import annotations

from pathlib import Path

from ait_datasets.lint.rules import all_rules
from ait_datasets.lint.rules_table import rules_markdown

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_rule_table_matches_the_code() -> None:
    text = README.read_text(encoding="utf-8")
    start = text.index("<!-- rules-table:start -->\n") + len("<!-- rules-table:start -->\n")
    end = text.index("<!-- rules-table:end -->")
    assert text[start:end] == rules_markdown(all_rules()), (
        "README rule table is stale: run `python scripts/update_readme_rules.py`"
    )
