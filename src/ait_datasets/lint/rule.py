"""Self-describing rules.

Like yamllint's rules and ruff's codes, every rule states its code, name, family, default
severity and documentation (what / why / fix), with a failing and a passing
:class:`Example` (whole files, linted by the test suite, so the documentation cannot
drift from the checks); `datasets rules` and the README's rule table are generated from
these objects. Checks are grouped per family: a family
module exposes ``RULES`` (its :class:`Rule` objects) and ``check(doc, ctx)`` (yielding
diagnostics), so one walk over a document serves all the rules of the family.

Severity follows consequence, what the framework's code does with the finding:

- ``error``: the import or the run fails, or a test cannot test anything (it never runs,
  or it cannot check what it was written to check);
- ``warning``: the framework silently drops or ignores what the file says (a key it never
  reads, a value it cuts or leaves unresolved), and the tests still import and run;
- ``info``: nothing is lost; a style or a portability point.

Each consequence is reported by its own rule: a misspelt `query:` is a key the framework
drops (STR001, a warning) and a turn without `query` (TRN002, an error). A finding has its
rule's severity, the one `datasets rules` lists; the few cases of a rule with a milder
consequence are named in the rule's "what it does".
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from ait_datasets.diagnostics import Diagnostic, Fix, Severity
from ait_datasets.records import FrozenRecord
from ait_datasets.source.tree import Span

if TYPE_CHECKING:
    from ait_datasets.lint.context import LintContext
    from ait_datasets.source.document import Document


_set = object.__setattr__


class Example(FrozenRecord):
    """A whole example app for a rule: one file, and the neighbour files it needs.

    Paths are relative to the app's ``.resources`` folder (where the framework's install
    code finds datasets and suite XMLs). ``line`` is the line of the main file where the
    rule's finding is (failing examples); ``encoding`` is the main file's encoding (the
    encoding rules need a file that is not UTF-8). ``source`` is written indented in the
    rule's module; :attr:`text` is the file's content.
    """

    source: str
    path: str
    neighbours: tuple[tuple[str, str], ...]
    line: int | None
    encoding: str

    # Written out: the examples give their neighbours as a dict, kept as (path, text) pairs
    # so that the record stays hashable.
    def __init__(
        self,
        source: str,
        path: str = "datasets/orders.yaml",
        neighbours: dict[str, str] | None = None,
        line: int | None = None,
        encoding: str = "utf-8",
    ) -> None:
        _set(self, "source", source)
        _set(self, "path", path)
        _set(self, "neighbours", tuple((neighbours or {}).items()))
        _set(self, "line", line)
        _set(self, "encoding", encoding)

    @property
    def text(self) -> str:
        return _dedent(self.source)

    def files(self) -> list[tuple[str, str]]:
        """(path, text) of every file of the example, the main file first."""
        return [(self.path, self.text), *((p, _dedent(t)) for p, t in self.neighbours)]


def _dedent(source: str) -> str:
    """The text of an indented triple-quoted example (a leading newline dropped)."""
    import textwrap

    return textwrap.dedent(source[1:] if source.startswith("\n") else source)


class FixAvailability(str, enum.Enum):
    """Whether `lint --fix` can repair a rule's findings (ruff's fix safety)."""

    NONE = "none"
    # The fix never changes what the framework reads: `--fix` applies it.
    SAFE = "safe"
    # The fix may change what the framework reads: only with `--unsafe-fixes`.
    UNSAFE = "unsafe"

    @property
    def listed(self) -> str:
        """The word the rule tables show ("" for none)."""
        return "" if self is FixAvailability.NONE else self.value

    def described(self, option: str = "--unsafe-fixes") -> str:
        """The "Fixable:" line of a rule's page, ``option`` as the page writes the option."""
        if self is FixAvailability.NONE:
            return "no"
        return "yes (safe fix)" if self is FixAvailability.SAFE else f"yes (unsafe fix: {option})"


class Rule(FrozenRecord, kw_only=True):
    """One rule: its code and documentation (a family module's ``check`` finds it)."""

    code: str
    name: str
    family: str
    # By consequence (module docstring): error = the import or run fails or the test
    # cannot test anything; warning = silently dropped or ignored; info = nothing lost.
    severity: Severity
    summary: str
    what: str
    why: str
    # A file (with neighbours) on which the rule fires, at ``bad.line``.
    bad: Example
    fix: str
    fixable: FixAvailability = FixAvailability.NONE
    # The same file corrected: no rule fires on it at all (every rule has one; a test
    # checks it).
    good: Example | None = None

    @property
    def example(self) -> str:
        """The failing example as `datasets rules CODE` shows it: each file under its path."""
        return render_example(self.bad)

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
    return (
        f"{rule.code} {rule.name} ({rule.family}, default severity: {rule.severity.value})\n\n"
        f"{rule.summary}\n\n"
        f"What it does\n  {rule.what}\n\n"
        f"Why\n  {rule.why}\n\n"
        f"Example that fails ({_where(rule.bad)})\n{render_example(rule.bad)}\n"
        f"Example that passes\n{render_example(rule.good) if rule.good else '  (none)'}\n"
        f"Fix\n  {rule.fix}\n\n"
        f"Fixable: {rule.fixable.described()}\n"
    )


def _where(example: Example) -> str:
    return f"finding on line {example.line}" if example.line else "finding"


def render_example(example: Example) -> str:
    """Each file of the example under its path, indented (encodings named when not UTF-8)."""
    out = []
    for i, (path, text) in enumerate(example.files()):
        encoding = (
            f", saved as {example.encoding}" if i == 0 and example.encoding != "utf-8" else ""
        )
        out.append(f"  {path}{encoding}:\n")
        body = text.splitlines() or ["(empty file)"]
        out.extend(f"    {line}\n" for line in body)
    return "".join(out)
