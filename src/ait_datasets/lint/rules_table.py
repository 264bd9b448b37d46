"""The rule list in text, Markdown (the README's table) and JSON, generated from the rules."""

from __future__ import annotations

import json
from collections.abc import Iterable

from ait_datasets.lint.rule import Example, Rule


def rules_text(rules: Iterable[Rule]) -> str:
    """One row per rule: code, severity, fix (safe / unsafe / blank), name, summary."""
    rows = [
        f"{r.code:<7} {r.severity.value:<8} {r.fixable.listed:<7} {r.name:<40} {r.summary}"
        for r in rules
    ]
    header = f"{'Code':<7} {'Severity':<8} {'Fix':<7} {'Name':<40} Summary"
    return "\n".join([header, *rows]) + "\n"


def rule_markdown(rule: Rule) -> str:
    """A rule's page in Markdown (`datasets rules --format markdown CODE`, SARIF help)."""
    return (
        f"**{rule.code} {rule.name}** ({rule.family}, default severity: "
        f"{rule.severity.value})\n\n{rule.summary}\n\n"
        f"## What it does\n\n{rule.what}\n\n"
        f"## Why\n\n{rule.why}\n\n"
        f"## Failing example\n\n{_example_markdown(rule.bad)}"
        f"## Passing example\n\n{_example_markdown(rule.good) if rule.good else ''}"
        f"## Fix\n\n{rule.fix}\n\nFixable: {rule.fixable.described('`--unsafe-fixes`')}\n"
    )


def _example_markdown(example: Example) -> str:
    return "".join(f"`{path}`:\n\n```\n{text}```\n\n" for path, text in example.files())


def rules_markdown(rules: Iterable[Rule]) -> str:
    out = ["| Code | Name | Severity | Fix | Summary |", "|---|---|---|---|---|"]
    for r in rules:
        fix = r.fixable.listed
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
            "fixable": r.fixable.listed or None,
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
