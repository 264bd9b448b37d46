"""Regenerate the README's rule table from the rules (`python scripts/update_readme_rules.py`).

A test fails when the README's table and the code disagree.
"""

from __future__ import annotations

import re
from pathlib import Path

from ait_datasets.lint.rules import all_rules
from ait_datasets.lint.rules_table import rules_markdown

README = Path(__file__).resolve().parents[1] / "README.md"
START = "<!-- rules-table:start -->"
END = "<!-- rules-table:end -->"


def main() -> None:
    text = README.read_text(encoding="utf-8")
    table = rules_markdown(all_rules())
    pattern = re.compile(re.escape(START) + ".*?" + re.escape(END), re.S)
    README.write_text(pattern.sub(lambda _: f"{START}\n{table}{END}", text), encoding="utf-8")


if __name__ == "__main__":
    main()
