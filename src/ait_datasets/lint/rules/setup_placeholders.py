"""PH011: placeholders in a suite setup, resolved only through the running test's data.

``ValueAsText()`` resolves placeholders through ``Test Input Data Tools`` (codeunit
130465), whose gate scans the *running test's* stored JSON once per test method: a kind
of placeholder that test does not hold is never resolved, in any text read during that
test, the suite setup's included. A cross-file rule: the setup's values are in one file,
the tests that run with it in the datasets naming it.
"""

from __future__ import annotations

from collections.abc import Iterator

from ait_datasets.dataset.app import group_name
from ait_datasets.dataset.paths import display_path
from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.lint.config import LintConfig
from ait_datasets.lint.facts import SETUP_PLACEHOLDERS, TESTS_WITHOUT_PREFIX, FileFacts
from ait_datasets.lint.project import Project
from ait_datasets.lint.rule import Example, Rule
from ait_datasets.source.tree import Span

# The suite setup of both examples: a text holding a placeholder (line 6); whether it is
# resolved depends on the data of the tests that run with it (the neighbour dataset).
_SETUP_YAML = """
name: ORDERS-SETUP
suite_setup:
  setup_actions:
    - action_type: create_sales_order
      action_data:
        External Document No.: "PO-$DateFormula-<CD-1D>$"
"""

SETUP_PLACEHOLDER = Rule(
    code="PH011",
    name="suite-setup-placeholder",
    family="placeholders",
    severity=Severity.WARNING,
    summary="A placeholder in a suite setup is resolved only when the running test's own data "
    "holds one of its kind.",
    what="Reports each text value of a suite-setup file's `suite_setup` holding a "
    "`$DateFormula-` or `$DateTimeFormula-` placeholder when a test of a dataset naming "
    "that setup has no placeholder of the same kind in its own data (it names the first "
    "such test), or when no dataset of the app names the setup (then no run can be sure). "
    "A value that is the placeholder alone is reported too (only a `ValueAsText()` read "
    "leaves it unresolved, and which read the setup code uses is not followed into the "
    "AL). A warning: the framework leaves the text as written without an error.",
    why="`ValueAsText()` resolves through `Test Input Data Tools` (Test Input Json codeunit "
    "130464, `TestInputJson.Codeunit.al` lines 84-89). `ResolveText` first calls "
    "`EnsureCacheInitialized`, which scans only the running test's stored JSON "
    "(`TestInput.GetTestInputValue()`, Test Input codeunit 130460 lines 87-90) for each "
    "prefix, once per test method, and returns the text unchanged for a kind that JSON "
    "does not hold (Test Input Data Tools codeunit 130465, `TestInputDataTools.Codeunit.al` "
    "lines 48-64 and 83-98). The suite setup is another row "
    "(`GetEvalSuiteSetupDataInput`, AIT Test Context Impl. codeunit 149043, "
    "`AITTestContextImpl.Codeunit.al` lines 569-574): its `$DateFormula-...$` text reaches "
    "the setup code as written, and a date field fails to evaluate it or stores the wrong "
    "value. A whole-value placeholder read with `ValueAsDate()` or `ValueAsDateTime()` is "
    "not gated (`ResolveAsDate`, lines 111-121; `ResolveAsDateTime`, lines 132-140).",
    bad=Example(
        _SETUP_YAML,
        path="datasets/suite_setup/orders-setup.yaml",
        neighbours={
            "datasets/orders.yaml": """
                suite_setup: ORDERS-SETUP
                tests:
                  - name: OPEN-ORDERS
                    question: Which sales orders are open?
                """,
        },
        line=6,
    ),
    fix="Make the value the placeholder alone and read it with `ValueAsDate()` in the setup "
    "code, or give every test that runs with the setup data holding the same kind of "
    "placeholder.",
    good=Example(
        _SETUP_YAML,
        path="datasets/suite_setup/orders-setup.yaml",
        neighbours={
            "datasets/orders.yaml": """
                suite_setup: ORDERS-SETUP
                tests:
                  - name: OPEN-ORDERS
                    question: "Which sales orders are open since $DateFormula-<CD-1D>$?"
                """,
        },
    ),
)

RULES = (SETUP_PLACEHOLDER,)


def check_project(project: Project, config: LintConfig) -> Iterator[Diagnostic]:
    for files in project.apps().values():
        setups = [f for f in files if f.linted and f.extra.get(SETUP_PLACEHOLDERS)]
        if not setups:
            continue
        users = [f for f in files if f.suite_setup_ref is not None]
        for setup in setups:
            name = group_name(setup.path, setup.format, setup.name)
            named_by = [f for f in users if f.suite_setup_ref and f.suite_setup_ref.value == name]
            yield from _placeholders(setup, name, named_by)


def _placeholders(setup: FileFacts, name: str, named_by: list[FileFacts]) -> Iterator[Diagnostic]:
    spots = setup.extra[SETUP_PLACEHOLDERS]
    assert isinstance(spots, list)
    reported: set[tuple[int, int]] = set()
    for prefix, span, whole in spots:
        assert isinstance(span, Span)
        where = (span.line, span.column)
        if where in reported:
            continue
        why = _why_unresolved(prefix, name, named_by)
        if why is None:
            continue
        reported.add(where)
        if whole:
            # `ValueAsDate()`/`ValueAsDateTime()` resolve a whole-value token ungated: only
            # a `ValueAsText()` read leaves it as written. Which one the setup code uses is
            # not followed into the AL, so it is the same warning: the text may be left
            # unresolved, silently.
            yield SETUP_PLACEHOLDER.at_path(
                setup.path,
                span,
                f"This `{prefix}...$` is in the suite setup: read with `ValueAsDate()`"
                f"/`ValueAsDateTime()` it is resolved, but read with `ValueAsText()` only "
                f"while the running test's own data holds a `{prefix}` placeholder, and "
                f"{why}. Make sure the setup code reads it as a date.",
            )
            continue
        yield SETUP_PLACEHOLDER.at_path(
            setup.path,
            span,
            f"This `{prefix}...$` is inside a suite-setup text: it is resolved (by "
            "`ValueAsText()`, or `ValueAsDate()` on a text that is more than the placeholder) "
            f"only while the running test's own data holds a `{prefix}` placeholder, and "
            f"{why}. Make the value the placeholder alone and read it with `ValueAsDate()`/"
            "`ValueAsDateTime()`, or give those tests such a placeholder.",
        )


def _why_unresolved(prefix: str, name: str, named_by: list[FileFacts]) -> str | None:
    if not named_by:
        return f"no dataset of the app names '{name}' (`suite_setup: {name}`) to tell"
    for dataset in named_by:
        missing = dataset.extra.get(TESTS_WITHOUT_PREFIX)
        if isinstance(missing, dict) and prefix in missing:
            return (
                f"test {missing[prefix]} of {display_path(dataset.path)} has none, so "
                "when it runs the setup code the text stays as written"
            )
    return None


__all__ = ["RULES", "SETUP_PLACEHOLDER", "check_project"]
