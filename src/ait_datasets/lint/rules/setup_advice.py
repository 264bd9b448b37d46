"""STR001 for a top-level `test_setup: TEXT` beside `tests`: what `suite_setup:` needs.

The importer reads only `name`, `language` and `suite_setup` at the top level of a file
with `tests` (Test Inputs Management codeunit 130458, `ReadMetadataFromFile` lines
216-244), so `test_setup:` there is lost. Whether "write `suite_setup:`" is the right
advice depends on the other files of the app: `suite_setup: NAME` finds the group whose
`Group Name` is NAME (AIT Test Context Impl. codeunit 149043, `GetSuiteSetupGroup`) and
loads its SUITE-SETUP row, which only a file whose `suite_setup:` is an object has
(`ParseDataInputsYaml`). So the advice is given once every file of the app is known.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from ait_datasets.dataset import shape
from ait_datasets.dataset.app import group_name
from ait_datasets.dataset.paths import display_path
from ait_datasets.diagnostics import Diagnostic, Edit, Fix
from ait_datasets.lint.config import LintConfig
from ait_datasets.lint.facts import (
    TOP_LEVEL_TEST_SETUP,
    TOP_LEVEL_TEST_SETUP_VALUE,
    FileFacts,
    Ref,
)
from ait_datasets.lint.project import Project
from ait_datasets.lint.rules.common import TOP_LEVEL_DROPPED, UNKNOWN_KEY, replace_span
from ait_datasets.lint.suggest import did_you_mean, hint, only_reading

_BASE = f"Unknown key 'test_setup' at the top level of a dataset; {TOP_LEVEL_DROPPED}"
_NEEDS = (
    "`suite_setup:` must be the `name:` of a suite-setup file of the app: a file whose "
    "`suite_setup:` is an object (the setup data) and that has a `name:`."
)


def check_project(project: Project, config: LintConfig) -> Iterator[Diagnostic]:
    for files in project.apps().values():
        asking = [f for f in files if f.linted and TOP_LEVEL_TEST_SETUP in f.extra]
        if not asking:
            continue
        data = [f for f in files if f.format != "xml"]
        for facts in asking:
            ref = facts.extra[TOP_LEVEL_TEST_SETUP]
            assert isinstance(ref, Ref)
            advice, name, safe = _advice(ref.value, facts, data)
            yield UNKNOWN_KEY.at_path(
                facts.path, ref.span, f"{_BASE} {advice}", _fix(facts, ref, name, safe)
            )


def _fix(facts: FileFacts, key: Ref, name: str | None, safe: bool) -> Fix | None:
    """`suite_setup: NAME` in place of `test_setup: VALUE`, when the advice names NAME."""
    value = facts.extra.get(TOP_LEVEL_TEST_SETUP_VALUE)
    if name is None or not isinstance(value, Ref):
        return None
    edits = [Edit(key.span.start_offset, key.span.end_offset, "suite_setup")]
    if name != value.value:
        edits.append(replace_span(value.span, value.value, name))
    return Fix(f"Write `suite_setup: {name}`", tuple(edits), safe=safe)


def _advice(value: str, facts: FileFacts, files: list[FileFacts]) -> tuple[str, str | None, bool]:
    """The advice, the suite-setup name it proposes (if any) and whether that is the only
    reading."""
    setups = [f for f in files if f.kind == shape.SUITE_SETUP]
    by_name = {group_name(f.path, f.format, f.name): f for f in setups}
    target = by_name.get(value)
    if target is not None:
        return (
            f"Did you mean `suite_setup`? For this app's suite-setup file "
            f"{display_path(target.path)}, write `suite_setup: {value}`.",
            value,
            True,
        )
    named = [f for f in files if os.path.basename(f.path) == value and f is not facts]
    for other in named:
        if other.kind == shape.SUITE_SETUP:
            name = group_name(other.path, other.format, other.name)
            return (
                f"'{value}' is the suite-setup file {display_path(other.path)}, but "
                f"`suite_setup:` names it by its `name:`, not its file name: write "
                f"`suite_setup: {name}`.",
                name,
                True,
            )
    if named:
        return (
            f"'{value}' is {display_path(named[0].path)}, an ordinary dataset (it has "
            f"no `suite_setup:` object), so `suite_setup: {value}` would not load it "
            f"either. {_NEEDS} To make its data the suite setup, put it under `suite_setup:` "
            "in that file and reference its `name:` here.",
            None,
            False,
        )
    found = "no suite-setup file" if not setups else f"no file named '{value}'"
    best = did_you_mean(value, by_name)
    return (
        f"The app has {found}. {_NEEDS}{hint(value, by_name)}",
        best,
        best is not None and only_reading(value, best, by_name),
    )
