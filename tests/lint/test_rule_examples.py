"""Every rule's documented examples, executed: the documentation cannot drift from the checks.

Each example is written as a small app (its main file and the neighbour files it needs,
under the app's `.resources` folder) and linted through the engine as `datasets lint`
would lint the folder. The failing example must fire its own rule, at the documented line
of its main file, and nothing else; the passing one must fire nothing at all.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ait_datasets.diagnostics import Diagnostic
from ait_datasets.lint.engine import lint_paths
from ait_datasets.lint.rule import Example, FixAvailability, Rule
from ait_datasets.lint.rules import all_rules

RULES = all_rules()


def _lint_example(example: Example, tmp_path: Path) -> tuple[str, list[Diagnostic]]:
    resources = tmp_path / "app" / ".resources"
    for i, (relative, text) in enumerate(example.files()):
        target = resources / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        encoding = example.encoding if i == 0 else "utf-8"
        # newline="": the text's own line ends are written as they are.
        with target.open("w", encoding=encoding, newline="") as handle:
            handle.write(text)
    run = lint_paths([str(tmp_path / "app")])
    assert run.unreadable == []
    # AL sources sit beside `.resources` (`../src/...`): compare normalised paths.
    found = [
        Diagnostic(
            os.path.normpath(d.path),
            d.line,
            d.column,
            d.end_line,
            d.end_column,
            d.code,
            d.severity,
            d.message,
            d.fix,
        )
        for d in run.diagnostics
    ]
    return os.path.normpath(resources / example.path), found


def _shown(diags: list[Diagnostic]) -> list[str]:
    return [f"{Path(d.path).name}:{d.line}:{d.column} {d.code} {d.message}" for d in diags]


@pytest.mark.parametrize("rule", RULES, ids=[r.code for r in RULES])
def test_failing_example_fires_its_rule_at_the_documented_line(rule: Rule, tmp_path: Path) -> None:
    assert rule.bad.line is not None, "a failing example names the line of its finding"
    main, diags = _lint_example(rule.bad, tmp_path)
    assert {d.code for d in diags} == {rule.code}, _shown(diags)
    at_line = [d for d in diags if d.path == main and d.line == rule.bad.line]
    assert at_line, _shown(diags)
    # Reported with the severity `datasets rules` lists (issue 30).
    assert {d.severity for d in at_line} == {rule.severity}, _shown(diags)


@pytest.mark.parametrize("rule", RULES, ids=[r.code for r in RULES])
def test_passing_example_fires_nothing(rule: Rule, tmp_path: Path) -> None:
    assert rule.good is not None, "every rule has a passing example"
    assert rule.good.line is None, "a passing example has no finding to place"
    _, diags = _lint_example(rule.good, tmp_path)
    assert diags == [], _shown(diags)


def test_datasets_rules_prints_both_examples(capsys: pytest.CaptureFixture[str]) -> None:
    from ait_datasets.cli import main

    assert main(["rules", "TRN003"]) == 0
    out = capsys.readouterr().out
    rule = next(r for r in RULES if r.code == "TRN003")
    failing = out.index("Example that fails")
    passing = out.index("Example that passes")
    assert failing < passing
    for line in rule.bad.text.splitlines():
        assert f"    {line}" in out[failing:passing]
    assert rule.good is not None
    for line in rule.good.text.splitlines():
        assert f"    {line}" in out[passing:]


FIXABLE = [r for r in RULES if r.fixable is not FixAvailability.NONE]


@pytest.mark.parametrize("rule", FIXABLE, ids=[r.code for r in FIXABLE])
def test_fixable_rules_fix_their_failing_example(rule: Rule, tmp_path: Path) -> None:
    """A rule that says it has a fix offers one of that safety on its failing example, at the
    documented line, and with it applied the rule no longer fires there (issue 34)."""
    from ait_datasets.diagnostics import apply_edits

    main, diags = _lint_example(rule.bad, tmp_path)
    at_line = [
        d
        for d in diags
        if d.path == main and d.line == rule.bad.line and d.fix is not None and d.fix.edits
    ]
    assert at_line, _shown(diags)
    fix = at_line[0].fix
    assert fix is not None
    assert fix.safe == (rule.fixable is FixAvailability.SAFE), fix
    with open(main, encoding=rule.bad.encoding, newline="") as handle:
        text = handle.read()
    with open(main, "w", encoding=rule.bad.encoding, newline="") as handle:
        handle.write(apply_edits(text, list(fix.edits)))
    run = lint_paths([str(tmp_path / "app")])
    left = [
        d
        for d in run.diagnostics
        if os.path.normpath(d.path) == main and d.code == rule.code and d.line == rule.bad.line
    ]
    assert left == [], _shown(left)
