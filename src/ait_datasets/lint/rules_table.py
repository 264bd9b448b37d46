"""The rule list in text, Markdown (the README's table) and JSON, generated from the rules."""

from __future__ import annotations

import json
from collections.abc import Iterable

from ait_datasets.lint.rule import Example, Rule


def rules_text(rules: Iterable[Rule]) -> str:
    rows = [f"{r.code:<7} {r.severity.value:<8} {r.name:<40} {r.summary}" for r in rules]
    return "\n".join(rows) + "\n"


def rules_markdown(rules: Iterable[Rule]) -> str:
    out = ["| Code | Name | Severity | Fix | Summary |", "|---|---|---|---|---|"]
    for r in rules:
        fix = r.fixable or ""
        out.append(f"| `{r.code}` | {r.name} | {r.severity.value} | {fix} | {_md(r.summary)} |")
    return "\n".join(out) + "\n"


def rules_json(rules: Iterable[Rule]) -> str:
    data = [
        {
            "code": r.code,
            "name": r.name,
            "family": r.family,
            "severity": r.severity.value,
            "summary": r.summary,
            "what": r.what,
            "why": r.why,
            "example": r.example,
            "failing_example": _example_json(r.bad),
            "passing_example": _example_json(r.good) if r.good else None,
            "fix": r.fix,
            "fixable": r.fixable,
        }
        for r in rules
    ]
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _example_json(example: Example) -> dict[str, object]:
    return {
        "files": [{"path": path, "text": text} for path, text in example.files()],
        "line": example.line,
        "encoding": example.encoding,
    }


def _md(text: str) -> str:
    return text.replace("|", "\\|")
