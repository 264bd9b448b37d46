"""Is this a rule code? The check behind every place codes are given (command line,
configuration, inline suppressions), in a module above the rule registry it reads."""

from __future__ import annotations

from ait_datasets.lint.config import ALL
from ait_datasets.lint.rules import all_rules
from ait_datasets.lint.suggest import did_you_mean, only_reading
from ait_datasets.lint.suppressions import CodeProblem


def unknown_code(code: str, *, all_allowed: bool = False) -> str | None:
    """Why ``code`` names no rule (with a did-you-mean), or None when it is a code or prefix.

    A prefix is any leading part of a rule code (``Q``, ``QRY``, ``QRY00``), as in ruff; an
    unknown one would silently select or ignore nothing, so it is refused everywhere codes
    are given (command line, configuration, inline suppressions). ``ALL`` (every rule) is
    a code where ``all_allowed``: select, extend-select and ignore.
    """
    problem = code_problem(code, all_allowed=all_allowed)
    return None if problem is None else problem.message


def code_problem(code: str, *, all_allowed: bool = False) -> CodeProblem | None:
    """:func:`unknown_code`'s answer with the code it names (a suppression's fix)."""
    if code == ALL:
        return (
            None
            if all_allowed
            else CodeProblem(
                "'ALL' (every rule) is for select, extend-select and ignore only; "
                "name the codes or prefixes here"
            )
        )
    codes = [rule.code for rule in all_rules()]
    if code and any(known.startswith(code) for known in codes):
        return None
    families = sorted({c.rstrip("0123456789") for c in codes})
    choices = families if code.isalpha() else codes
    best = did_you_mean(code, choices)
    if best is None:
        choices = codes + families
        best = did_you_mean(code, choices)
    tail = f" Did you mean '{best}'?" if best else ""
    return CodeProblem(
        f"'{code}' is not a rule code or prefix (`datasets rules` lists them).{tail}",
        best,
        best is not None and only_reading(code, best, choices),
    )
