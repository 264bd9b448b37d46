"""Hover: what a placeholder becomes, what a name means and where it resolves.

- ``$DateFormula-…$`` / ``$DateTimeFormula-…$``: the value at the file's work date and the
  ``datasets date --explain`` steps;
- ``intervention_request.type``: the enum it must name (and the configured names);
- a suggestion code: what offers it and what picks it, with the lines that use it;
- a rule code in a ``datasets: disable=`` comment: the rule's summary and fix;
- ``suite_setup: NAME`` and a suite XML's ``Dataset=``: the file it resolves to.
"""

from __future__ import annotations

import os
import re

from ait_datasets.lint.config import LintConfig
from ait_datasets.lsp.context import ancestors, own_key, value_start
from ait_datasets.lsp.dates import tokens_of_line
from ait_datasets.lsp.positions import Lines

Hover = tuple[int, int, str]  # start and end column on the line, Markdown
_SUPPRESSION = re.compile(r"datasets:\s*disable(?:-file)?\s*=\s*(?P<codes>[A-Za-z0-9_,\s]+)")
_CODE = re.compile(r"[A-Za-z]+[0-9]*")


def hover_at(lines: Lines, path: str, line: int, column: int, config: LintConfig) -> Hover | None:
    """The hover for 0-based ``line`` and code-point ``column`` of ``lines``, or None."""
    here = lines.line(line)
    return (
        _placeholder(here, column, config)
        or _rule_code(here, column)
        or _linked(lines, path, line, column)
        or _yaml_value(lines, line, column, config)
    )


def _placeholder(line: str, column: int, config: LintConfig) -> Hover | None:
    work_date = config.effective_work_date()
    for resolved in tokens_of_line(line, work_date):
        token = resolved.token
        if not token.start <= column < token.end:
            continue
        source = "configured" if config.work_date is not None else "today; set `work-date`"
        if resolved.value is None:
            body = f"`{token.text}` cannot be resolved: {resolved.error}"
        else:
            body = (
                f"`{token.text}` → **{resolved.value}** at the work date "
                f"{work_date.isoformat()} ({source})\n\n```text\n{resolved.explained}\n```"
            )
        return token.start, token.end, body
    return None


def _rule_code(line: str, column: int) -> Hover | None:
    found = _SUPPRESSION.search(line)
    if found is None:
        return None
    from ait_datasets.lint.rules import rules_by_code

    rules = rules_by_code()
    base = found.start("codes")
    for code in _CODE.finditer(found.group("codes")):
        start, end = base + code.start(), base + code.end()
        if not start <= column <= end:
            continue
        name = code.group().upper()
        if name in rules:
            rule = rules[name]
            body = (
                f"**{rule.code}** {rule.name} ({rule.severity.value})\n\n{rule.summary}\n\n"
                f"{rule.what}\n\n*Fix:* {rule.fix}"
            )
        else:
            family = sorted(c for c in rules if c.startswith(name))
            body = (
                f"`{name}` silences every code starting with it: {', '.join(family)}"
                if family
                else f"`{name}` is no rule code (see `datasets rules`)."
            )
        return start, end, body
    return None


def _linked(lines: Lines, path: str, line: int, column: int) -> Hover | None:
    from ait_datasets.lsp import links

    for target in links.references(lines, path, only_line=line):
        if target.start <= column <= target.end:
            if not target.path:
                return target.start, target.end, target.tooltip
            shown = os.path.relpath(target.path, os.path.dirname(path))
            return target.start, target.end, f"{target.tooltip}: `{shown}`"
    return None


def _yaml_value(lines: Lines, line: int, column: int, config: LintConfig) -> Hover | None:
    here = lines.line(line)
    start = value_start(here)
    if start is None:
        return None
    value = here[start:].split(" #", 1)[0].strip().strip("\"'")
    if not value:
        return None
    begin = here.find(value, start)
    end = begin + len(value)
    if not begin <= column <= end:
        return None
    keys = ancestors(lines, line)
    key = own_key(here)
    if key == "type" and keys and keys[-1] == "intervention_request":
        known = ", ".join(f"`{t}`" for t in config.intervention_types)
        verdict = (
            "a configured intervention type"
            if value in config.intervention_types
            else "**not** a configured intervention type (EXP001)"
        )
        return (
            begin,
            end,
            (
                f"Intervention request type `{value}`: {verdict}. The framework matches the "
                "`Agent User Int Request Type` enum names exactly, case included "
                f"(`intervention-types` in the configuration). Known: {known}."
            ),
        )
    offered = key is None and keys[-2:] == ["intervention_request", "suggestions"]
    picked = key == "suggestion" and keys and keys[-1] == "intervention"
    if offered or picked:
        uses = _suggestion_lines(lines, value)
        where = ", ".join(str(n + 1) for n in uses)
        role = (
            "offered by the agent in its intervention request (the test expects it)"
            if offered
            else "picked by the user in reply to the previous turn's intervention request"
        )
        return (
            begin,
            end,
            (
                f"Suggestion code `{value}`: {role}. The code is the agent's own (an AL label "
                f"of the app); matched exactly. Used on {'line' if len(uses) == 1 else 'lines'} "
                f"{where}."
            ),
        )
    return None


def _suggestion_lines(lines: Lines, code: str) -> list[int]:
    pattern = re.compile(rf"(?:suggestion:|-)\s*[\"']?{re.escape(code)}[\"']?\s*(?:#|$)")
    return [i for i in range(len(lines)) if pattern.search(lines.line(i))]
