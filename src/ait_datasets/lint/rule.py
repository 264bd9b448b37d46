"""Self-describing rules.

Like yamllint's rules and ruff's codes, every rule states its code, name, family, default
severity and documentation (what / why / example / fix); `datasets rules` and the README's
rule table are generated from these objects. Checks are grouped per family: a family
module exposes ``RULES`` (its :class:`Rule` objects) and ``check(doc, ctx)`` (yielding
diagnostics), so one walk over a document serves all the rules of the family.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from ait_datasets.diagnostics import Diagnostic, Fix, Severity
from ait_datasets.records import FrozenRecord
from ait_datasets.source.tree import Span

if TYPE_CHECKING:
    from ait_datasets.lint.context import LintContext
    from ait_datasets.source.document import Document


_set = object.__setattr__


class Rule(FrozenRecord):
    """One rule: its code and documentation (a family module's ``check`` finds it)."""

    _fields = (
        "code",
        "name",
        "family",
        "severity",
        "summary",
        "what",
        "why",
        "example",
        "fix",
        "fixable",
    )
    __slots__ = _fields
    code: str
    name: str
    family: str
    severity: Severity
    summary: str
    what: str
    why: str
    example: str
    fix: str
    # "safe", "unsafe" or None: whether `lint --fix` can repair it.
    fixable: str | None

    def __init__(
        self,
        code: str,
        name: str,
        family: str,
        severity: Severity,
        summary: str,
        what: str,
        why: str,
        example: str,
        fix: str,
        fixable: str | None = None,
    ) -> None:
        _set(self, "code", code)
        _set(self, "name", name)
        _set(self, "family", family)
        _set(self, "severity", severity)
        _set(self, "summary", summary)
        _set(self, "what", what)
        _set(self, "why", why)
        _set(self, "example", example)
        _set(self, "fix", fix)
        _set(self, "fixable", fixable)

    def at(
        self,
        doc: Document,
        span: Span | None,
        message: str | None = None,
        fix: Fix | None = None,
    ) -> Diagnostic:
        """A diagnostic of this rule at ``span`` (whole-file findings: ``None`` -> 1:1)."""
        return self.at_path(doc.path, span, message, fix)

    def at_path(
        self, path: str, span: Span | None, message: str | None = None, fix: Fix | None = None
    ) -> Diagnostic:
        """Like :meth:`at`, for a file given by its path (cross-file rules)."""
        return Diagnostic.at(path, span, self.code, self.severity, message or self.summary, fix)

    def diagnostic_at(
        self, path: str, line: int, column: int, end_column: int, message: str | None = None
    ) -> Diagnostic:
        """A one-line diagnostic of this rule at explicit coordinates."""
        return Diagnostic(
            path, line, column, line, end_column, self.code, self.severity, message or self.summary
        )


Checker = Callable[["Document", "LintContext"], Iterable[Diagnostic]]


def render_doc(rule: Rule) -> str:
    """The page `datasets rules CODE` prints."""
    fixable = {"safe": "yes (safe fix)", "unsafe": "yes (unsafe fix: --unsafe-fixes)"}.get(
        rule.fixable or "", "no"
    )
    example = "\n".join("    " + line for line in rule.example.strip("\n").splitlines())
    return (
        f"{rule.code} {rule.name} ({rule.family}, default severity: {rule.severity.value})\n\n"
        f"{rule.summary}\n\n"
        f"What it does\n  {rule.what}\n\n"
        f"Why\n  {rule.why}\n\n"
        f"Example\n{example}\n\n"
        f"Fix\n  {rule.fix}\n\n"
        f"Fixable: {fixable}\n"
    )
