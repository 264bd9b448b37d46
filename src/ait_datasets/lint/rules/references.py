"""References between the files of an app (``REF``).

The framework imports all datasets of a test app together, by file name only, and links
them by name at run time: `suite_setup: NAME` finds the first group whose `Group Name`
is NAME, attachments are loaded from the app's resources by path. These rules check those
links. Per-file checks (attachments, group-code length) run in ``check``; checks that need
the other files of the app run once in ``check_project`` over the facts of every file.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from ait_datasets.dataset import shape
from ait_datasets.dataset.app import app_root, dataset_code, group_code, group_name
from ait_datasets.dataset.paths import display_path
from ait_datasets.diagnostics import Diagnostic, Fix, Severity
from ait_datasets.lint.config import LintConfig
from ait_datasets.lint.context import LintContext
from ait_datasets.lint.facts import SUITE_LINES, FileFacts, Ref
from ait_datasets.lint.family import Family
from ait_datasets.lint.project import Project, later_duplicates, suite_setup_names
from ait_datasets.lint.rules.common import replace_scalar, replace_span, with_severity
from ait_datasets.lint.rules.reference_rules import (
    ATTACHMENT_NOT_FOUND,
    ATTACHMENT_OUTSIDE,
    DUPLICATE_FILE_NAME,
    DUPLICATE_SUITE_SETUP,
    GROUP_CODE_TOO_LONG,
    MIXED_SUITE_SETUPS,
    RULES,
    UNKNOWN_SUITE_SETUP,
)
from ait_datasets.lint.suggest import did_you_mean, hint, only_reading
from ait_datasets.schema.vocabulary import MAX_GROUP_CODE
from ait_datasets.source.document import Document
from ait_datasets.source.prefilter import text_may_contain
from ait_datasets.source.tree import Mapping, Scalar, Sequence

# --- per file -------------------------------------------------------------------------


def check(doc: Document, ctx: LintContext) -> Iterator[Diagnostic]:
    if doc.format == "xml":
        return
    name = os.path.basename(doc.path)
    code = group_code(name)
    if len(code) > MAX_GROUP_CODE:
        yield GROUP_CODE_TOO_LONG.at(
            doc,
            None,
            f"The group code '{code[:20]}...' of this file has {len(code)} characters; the "
            f"import cuts it to {MAX_GROUP_CODE}. Shorten the file name.",
        )
    if not text_may_contain(doc.text, "attachments"):
        return
    root = app_root(doc.path)
    listing = _Listing()
    for query in _queries(doc, ctx):
        attachments = query.get("attachments")
        if not isinstance(attachments, Sequence):
            continue
        for item in attachments.items:
            file = item.get("file") if isinstance(item, Mapping) else None
            if isinstance(file, Scalar) and isinstance(file.data, str):
                yield from _attachment(doc, file, root, listing)


def _queries(doc: Document, ctx: LintContext) -> Iterator[Mapping]:
    """The `query` mappings of agent tests: of each turn, or of the test without turns."""
    for test in ctx.agent_tests(doc):
        turns = shape.turns_of(test.node)
        holders = turns if "turns" in test.node.children else [test.node]
        for holder in holders:
            query = holder.get("query") if isinstance(holder, Mapping) else None
            if isinstance(query, Mapping):
                yield query


class _Listing:
    """Directory entries, read once per folder per file."""

    def __init__(self) -> None:
        self.entries: dict[str, list[str] | None] = {}

    def __call__(self, folder: str) -> list[str] | None:
        if folder not in self.entries:
            try:
                self.entries[folder] = os.listdir(folder)
            except OSError:
                self.entries[folder] = None
        return self.entries[folder]


def _attachment(
    doc: Document, node: Scalar, root: str | None, listing: _Listing
) -> Iterator[Diagnostic]:
    path = str(node.data)
    span = node.span
    shown = f"The attachment '{path}'"
    if path.startswith(("/", "\\")) or (len(path) > 1 and path[1] == ":"):
        yield ATTACHMENT_OUTSIDE.at(
            doc,
            span,
            f"{shown} is an absolute path; attachments are resources of the app, named "
            "relative to its `.resources` folder.",
        )
        return
    parts = path.replace("\\", "/").split("/")
    if ".." in parts:
        yield ATTACHMENT_OUTSIDE.at(
            doc,
            span,
            f"{shown} uses '..'; attachments must be inside the app's `.resources` folder "
            "(only that folder is packaged), named relative to it.",
        )
        return
    if "\\" in path:
        slashed = path.replace("\\", "/")
        yield ATTACHMENT_NOT_FOUND.at(
            doc,
            span,
            f"{shown} uses backslashes; resource names in the app package use '/': write "
            f"'{slashed}'.",
            Fix(f"Write '{slashed}'", (replace_scalar(node, slashed),)),
        )
        return
    if not path.strip() or any(part in ("", ".") for part in parts):
        yield ATTACHMENT_NOT_FOUND.at(
            doc,
            span,
            f"{shown} is not a resource name: write the path relative to the `.resources` "
            "folder without empty or './' segments, e.g. 'datasets/attachments/scan.png'.",
        )
        return
    if root is None:
        return  # No `.resources` folder: nothing to resolve against (see the README).
    yield from _resolve(doc, node, parts, root, listing)


def _resolve(
    doc: Document, node: Scalar, parts: list[str], root: str, listing: _Listing
) -> Iterator[Diagnostic]:
    path = str(node.data)
    span = node.span
    folder = root
    actual: list[str] = []
    # Whether a part spelt in another letter case matches two entries (`Scan.png`, `SCAN.png`).
    ambiguous = False
    for i, part in enumerate(parts):
        entries = listing(folder)
        if entries is None:
            break
        if part in entries:
            actual.append(part)
        else:
            others = [e for e in entries if e.lower() == part.lower()]
            if not others:
                here = "/".join(actual) or "the `.resources` folder"
                best = did_you_mean(part, entries)
                fix = None
                if best is not None:
                    meant = "/".join([*actual, best, *parts[i + 1 :]])
                    fix = Fix(
                        f"Write '{meant}'",
                        (replace_scalar(node, meant),),
                        safe=not ambiguous and only_reading(part, best, entries),
                    )
                yield ATTACHMENT_NOT_FOUND.at(
                    doc,
                    span,
                    f"The attachment '{path}' does not exist: there is no '{part}' in "
                    f"{here}.{hint(part, entries)} Paths are relative to {display_path(root)}.",
                    fix,
                )
                return
            ambiguous = ambiguous or len(others) > 1
            actual.append(sorted(others)[0])
        folder = os.path.join(folder, actual[-1])
    else:
        real_root = os.path.realpath(root)
        real = os.path.realpath(folder)
        if os.path.commonpath([real_root, real]) != real_root:
            yield ATTACHMENT_OUTSIDE.at(
                doc,
                span,
                f"The attachment '{path}' is a link to {real}, outside the app's `.resources` "
                "folder; only the resource folder is packaged. Copy the file into it.",
            )
        elif os.path.isdir(folder):
            yield ATTACHMENT_NOT_FOUND.at(
                doc, span, f"The attachment '{path}' is a folder, not a file."
            )
        elif actual != parts:
            spelt = "/".join(actual)
            yield with_severity(
                ATTACHMENT_NOT_FOUND.at(
                    doc,
                    span,
                    f"The attachment '{path}' is spelt '{spelt}' on disk; resource "
                    "names can be case-sensitive in the app package. Use the exact spelling.",
                    Fix(f"Write '{spelt}'", (replace_scalar(node, spelt),), safe=not ambiguous),
                ),
                Severity.WARNING,
            )
        return
    yield ATTACHMENT_NOT_FOUND.at(doc, span, f"The attachment '{path}' does not exist.")


# --- across files ---------------------------------------------------------------------


def check_project(project: Project, config: LintConfig) -> Iterator[Diagnostic]:
    for files in project.apps().values():
        datasets = [f for f in files if f.format != "xml"]
        yield from _duplicate_names(datasets)
        yield from _suite_setup_refs(datasets)
        yield from _duplicate_setups(datasets)
        suites = [f for f in files if f.linted and f.extra.get(SUITE_LINES)]
        if suites:
            yield from _mixed_setups(suites, datasets)


def _mixed_setups(suites: list[FileFacts], datasets: list[FileFacts]) -> Iterator[Diagnostic]:
    by_code = {dataset_code(f.path): f for f in datasets}
    for facts in suites:
        entries = facts.extra[SUITE_LINES]
        assert isinstance(entries, list)
        for code, lines in entries:
            first: tuple[Ref, str | None] | None = None
            for ref in lines:
                dataset = by_code.get(ref.value.strip().upper())
                if dataset is None:
                    continue  # XML012 reports it
                setup = dataset.suite_setup_ref.value if dataset.suite_setup_ref else None
                if first is None:
                    first = (ref, setup)
                elif setup != first[1]:
                    yield MIXED_SUITE_SETUPS.at_path(
                        facts.path,
                        ref.span,
                        f"This line of suite '{code}' runs {ref.value}, whose suite setup is "
                        f"{_setup(setup)}, but the suite's first line (line {first[0].span.line}) "
                        f"runs one with {_setup(first[1])}: the setup is loaded once per session "
                        "and never reset, so this line gets the first line's setup data.",
                    )


def _setup(name: str | None) -> str:
    return f"'{name}'" if name is not None else "none"


def _duplicate_names(datasets: list[FileFacts]) -> Iterator[Diagnostic]:
    def key(facts: FileFacts) -> str:
        return dataset_code(facts.path)

    for facts, other in later_duplicates(datasets, key, lambda f: f.linted):
        yield DUPLICATE_FILE_NAME.at_path(
            facts.path,
            None,
            f"This file imports as dataset '{key(facts)}', like {display_path(other.path)}: "
            "the import keeps only the file name, so one replaces the other. Rename one.",
        )


def _suite_setup_refs(datasets: list[FileFacts]) -> Iterator[Diagnostic]:
    setups = suite_setup_names(datasets)
    others = {group_name(f.path, f.format, f.name) for f in datasets if f.kind != shape.SUITE_SETUP}
    for facts in datasets:
        ref = facts.suite_setup_ref
        if not facts.linted or ref is None or ref.value in setups:
            continue
        if ref.value in others:
            why = f"'{ref.value}' is an ordinary dataset, not a suite-setup file"
        elif setups:
            why = f"no suite-setup file of the app has `name: {ref.value}`"
        else:
            why = "the app has no suite-setup file"
        best = did_you_mean(ref.value, setups)
        fix = None
        if best is not None:
            fix = Fix(
                f"Replace '{ref.value}' with '{best}'",
                (replace_span(ref.span, ref.value, best),),
                safe=only_reading(ref.value, best, setups),
            )
        yield UNKNOWN_SUITE_SETUP.at_path(
            facts.path,
            ref.span,
            f"Unknown suite setup '{ref.value}': {why}, so the suite setup is never "
            f"loaded.{hint(ref.value, setups)}",
            fix,
        )


def _duplicate_setups(datasets: list[FileFacts]) -> Iterator[Diagnostic]:
    setups = [f for f in datasets if f.kind == shape.SUITE_SETUP]

    def key(facts: FileFacts) -> tuple[str, str]:
        return group_name(facts.path, facts.format, facts.name), (facts.language or "").lower()

    for facts, other in later_duplicates(setups, key, lambda f: f.linted):
        name, language = key(facts)
        which = f"language '{facts.language}'" if language else "no language"
        yield DUPLICATE_SUITE_SETUP.at_path(
            facts.path,
            facts.name_span,
            f"A second suite setup named '{name}' for {which} (the first is "
            f"{display_path(other.path)}); the framework uses only one of them.",
        )


FAMILY = Family(prefix="REF", rules=RULES, check=check, check_project=check_project)
