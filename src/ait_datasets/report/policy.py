"""Gates by consequence: which cases must meet which pass^k bar.

The seed article's rule: every must-never and hand-over case passes k of k; ordinary
cases meet a pass^k bar the owner signs. The policy lives in the configuration::

    [tool.ait-datasets.report]          # or a [report] table in .ait-datasets.toml
    bar = "90%"                         # ordinary cases (none: shown, not gated)
    handover-bar = "100%"               # tests whose turns expect intervention_request

    [[tool.ait-datasets.report.classes]]
    name = "must-never"
    cases = ["SALES-AGENT/*/NEVER-*/*"] # case ids or wildcard patterns, as in quarantine
    bar = "100%"

A case belongs to the first class whose patterns match it; else it is a *hand-over* case
when its test (found with ``--datasets``) expects an ``intervention_request`` in a turn;
else it is *ordinary*. ``--fail-under X`` sets the ordinary bar (over the file's).

A bar of 100% means k of k for every case of the class: a case with fewer than k runs
has not shown it, so it fails the gate. Below 100%, the class's pass^k (over the cases
with k runs, as everywhere in the report) must reach the bar, compared exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ait_datasets.report.build import Report
from ait_datasets.report.model import CaseKey
from ait_datasets.report.quarantine import Entry, Quarantine, assign
from ait_datasets.report.stats import CaseOutcome, State

HANDOVER = "hand-over"
ORDINARY = "ordinary"
_KEYS = frozenset({"bar", "handover-bar", "classes"})
_CLASS_KEYS = frozenset({"name", "cases", "bar"})


class PolicyError(Exception):
    """An invalid policy; the message names the file and the key."""


@dataclass(frozen=True, slots=True)
class CaseClass:
    name: str
    patterns: tuple[str, ...]
    bar: Fraction


@dataclass(frozen=True, slots=True)
class Policy:
    classes: tuple[CaseClass, ...] = ()
    bar: Fraction | None = None  # ordinary cases
    handover_bar: Fraction = Fraction(1)
    source: str = ""


@dataclass(frozen=True, slots=True)
class Verdict:
    """One class: its bar, its cases' pass^k, and whether the gate is met."""

    name: str
    bar: Fraction | None
    k: int
    cases: int
    passed: int
    eligible: int
    failing: tuple[CaseKey, ...]  # cases that did not pass k of k (short ones included)

    @property
    def met(self) -> bool:
        if self.bar is None or self.cases == 0:
            return True
        if self.bar == 1:
            return not self.failing
        return self.eligible > 0 and Fraction(self.passed, self.eligible) >= self.bar

    def __str__(self) -> str:
        share = f"{self.passed}/{self.eligible}" if self.eligible else "n/a"
        if self.bar is None:
            return f"{self.name}: {self.cases} cases, pass^{self.k} {share} (no bar)"
        bar = f"{self.k} of {self.k}" if self.bar == 1 else f"pass^{self.k} >= {_pct(self.bar)}"
        verdict = "met" if self.met else "NOT MET"
        text = f"{self.name} (bar {bar}): {self.cases} cases, pass^{self.k} {share}: {verdict}"
        if not self.met and self.failing:
            shown = ", ".join(key.id for key in self.failing[:5])
            more = len(self.failing) - 5
            text += f"; not k of k: {shown}" + (f" and {more} more" if more > 0 else "")
        return text

    def data(self) -> dict[str, object]:
        return {
            "class": self.name,
            "bar": None if self.bar is None else float(self.bar),
            "cases": self.cases,
            "passed": self.passed,
            "eligible": self.eligible,
            "met": self.met,
            "failing": [key.id for key in self.failing],
        }


def _pct(value: Fraction) -> str:
    return f"{float(value) * 100:g}%"


def share(value: object, where: str) -> Fraction:
    """``0.9``, ``90%`` or ``"90%"`` -> an exact fraction in [0, 1]."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise PolicyError(f'{where}: a bar is a share such as 0.9 or "90%"')
    raw = str(value).strip()
    try:
        result = Fraction(raw[:-1]) / 100 if raw.endswith("%") else Fraction(raw)
    except (ValueError, ZeroDivisionError):
        raise PolicyError(f"{where}: '{value}' is not a share such as 0.9 or \"90%\"") from None
    if not 0 <= result <= 1:
        raise PolicyError(f"{where}: '{value}' is not between 0 and 1 (0% and 100%)")
    return result


def parse_policy(table: dict[str, Any], where: str) -> Policy:
    unknown = sorted(set(table) - _KEYS)
    if unknown:
        raise PolicyError(
            f"{where}: unknown key '{unknown[0]}' (known: {', '.join(sorted(_KEYS))})"
        )
    classes = []
    raw = table.get("classes", [])
    if not isinstance(raw, list):
        raise PolicyError(f"{where}: 'classes' must be a list of tables ([[...classes]])")
    for i, item in enumerate(raw):
        label = f"{where}: classes[{i}]"
        if not isinstance(item, dict):
            raise PolicyError(f"{label}: must be a table")
        bad = sorted(set(item) - _CLASS_KEYS)
        if bad:
            raise PolicyError(f"{label}: unknown key '{bad[0]}'")
        name = item.get("name")
        cases = item.get("cases")
        if not isinstance(name, str) or not name.strip():
            raise PolicyError(f"{label}: 'name' (text) is required")
        if not isinstance(cases, list) or not all(isinstance(c, str) and c for c in cases):
            raise PolicyError(f"{label}: 'cases' must be a list of case ids or patterns")
        classes.append(CaseClass(name.strip(), tuple(cases), share(item.get("bar", 1), label)))
    bar = share(table["bar"], f"{where}: bar") if "bar" in table else None
    handover = share(table.get("handover-bar", 1), f"{where}: handover-bar")
    return Policy(tuple(classes), bar, handover, where)


def find_policy(start: str, explicit: str | None = None) -> Policy:
    """The policy of the nearest configuration above ``start`` (or of ``explicit``)."""
    if explicit:
        policy = _read(explicit)
        if policy is None:
            raise PolicyError(f"{explicit}: no [tool.ait-datasets.report] table")
        return policy
    from ait_datasets.lint.config_files import config_candidates

    for candidate in config_candidates(start):
        policy = _read(candidate)
        if policy is not None:
            return policy
    return Policy()


def policy_files(start: str, explicit: str | None = None) -> list[str]:
    """The files :func:`find_policy` may read (``report -o`` must not overwrite them)."""
    from ait_datasets.lint.config_files import config_candidates

    return [explicit] if explicit else list(config_candidates(start))


def _read(path: str) -> Policy | None:
    from ait_datasets.lint.config_files import ConfigError, our_table, parse_toml, section

    try:
        with open(path, "rb") as fh:
            data = parse_toml(path, fh.read())
    except OSError as exc:
        raise PolicyError(f"{path}: cannot read the configuration: {exc}") from None
    except ConfigError as exc:
        raise PolicyError(str(exc)) from None
    found = our_table(path, data)
    table = found[0] if found is not None else None
    if not isinstance(table, dict) or "report" not in table:
        return None
    report = table["report"]
    where = section(path, "report")
    if not isinstance(report, dict):
        raise PolicyError(f"{where}: must be a table")
    return parse_policy(report, where)


def classify(report: Report, policy: Policy) -> dict[CaseKey, str]:
    """Each case's class name (first matching class, then hand-over, then ordinary)."""
    entries: list[Entry] = []
    owner: list[str] = []
    for case_class in policy.classes:
        for pattern in case_class.patterns:
            entries.append(Entry(pattern, len(entries) + 1))
            owner.append(case_class.name)
    keys = [o.key for o in report.summary.outcomes]
    matched = assign(Quarantine(policy.source, tuple(entries)), keys).entries if entries else {}
    out = {}
    for key in keys:
        entry = matched.get(key)
        if entry is not None:
            out[key] = owner[entry.line - 1]
        else:
            source = report.located.get(key)
            out[key] = HANDOVER if source is not None and source.handover else ORDINARY
    return out


def judge(
    report: Report, policy: Policy, fail_under: Fraction | None = None
) -> tuple[Verdict, ...]:
    """One verdict per class that has cases (the ordinary class always)."""
    classes = classify(report, policy)
    members: dict[str, list[CaseOutcome]] = {}
    for outcome in report.summary.outcomes:
        members.setdefault(classes[outcome.key], []).append(outcome)
    bars: dict[str, Fraction | None] = {c.name: c.bar for c in policy.classes}
    bars[HANDOVER] = policy.handover_bar
    bars[ORDINARY] = fail_under if fail_under is not None else policy.bar
    order = [c.name for c in policy.classes] + [HANDOVER, ORDINARY]
    verdicts = []
    for name in dict.fromkeys(order):
        outcomes = members.get(name, [])
        if not outcomes and name != ORDINARY:
            continue
        eligible = [o for o in outcomes if not o.short]
        passed = sum(1 for o in eligible if o.state is State.PASSED)
        failing = tuple(o.key for o in outcomes if o.short or o.state is not State.PASSED)
        verdicts.append(
            Verdict(name, bars.get(name), report.k, len(outcomes), passed, len(eligible), failing)
        )
    return tuple(verdicts)
