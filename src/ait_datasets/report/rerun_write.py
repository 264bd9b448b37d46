"""The files of a rerun plan: subset datasets (tests copied byte for byte) and a suite XML.

For each source dataset file with planned cases, a subset named ``<stem>-rerun<ext>``
beside nothing of the app (its own name gives it its own ``Test Input Group`` code, so
importing it never replaces the source dataset). A YAML subset keeps the source's
top-level entries other than ``tests`` and ``name`` (``language``, ``suite_setup``, ...)
as written, and gets ``name: <stem>-rerun`` (a language dataset's parent group is named
after it: the subset must not join the source's). JSON and JSONL subsets are the tests
only. A file that is one test is copied whole.

The suite XML (``rerun-plan.xml``, the shape XmlPort 149031 "AIT Test Suite
Import/Export" reads) has one ``AITSuite`` per source suite, ``RERUN`` (or ``RERUN1``,
``RERUN2``, ... with several; the Code is a Code[10]), with the source suite's
``TestType``, ``TestRunnerId``, ``Capability``, ``Tag``, ``Validation``, languages and
evaluators, and a ``Line`` (same ``CodeunitID``, description and evaluators) per source
line that ran a planned dataset, pointed at its subset. It gets a new Code on purpose:
importing a suite XML with a Code the app already has replaces that suite
(``AITTestSuiteImportExport.XmlPort.al:35-50``), and deleting a suite deletes its log
entries and run history (``AITTestSuiteMgt.Codeunit.al:623-653``).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from xml.sax.saxutils import quoteattr

from ait_datasets.dataset.app import dataset_code
from ait_datasets.plural import plural
from ait_datasets.report.model import CaseKey
from ait_datasets.report.rerun_plan import Need
from ait_datasets.report.source_text import DatasetText, dataset_text
from ait_datasets.report.sources import SourceIndex, SuiteLine, TestSource, suites_running

SUITE_FILE = "rerun-plan.xml"
_SUITE_KEPT = ("Tag", "Capability", "TestRunnerId", "TestType", "Validation")
_DESCRIPTION = 250  # Text[250]


@dataclass(slots=True)
class PlanFiles:
    """What the plan writes, and the planned cases that could not be put in it."""

    files: list[tuple[str, bytes]] = field(default_factory=list)
    # Case -> the subset file (relative) that holds its test.
    placed: dict[CaseKey, str] = field(default_factory=dict)
    # Planned cases left out, with why (their source or suite line was not found).
    unplaced: list[tuple[Need, str]] = field(default_factory=list)


@dataclass(slots=True)
class _Subset:
    name: str
    text: DatasetText
    codes: list[str] = field(default_factory=list)


def plan_files(needs: list[Need], located: dict[CaseKey, TestSource] | SourceIndex) -> PlanFiles:
    """The plan's files for ``needs``; ``located`` maps each case to its test."""
    find = located.find if isinstance(located, SourceIndex) else located.get
    out = PlanFiles()
    texts: dict[str, DatasetText | None] = {}
    subsets: dict[str, _Subset] = {}
    taken: set[str] = {SUITE_FILE.lower()}
    # Source suite code -> (its AITSuite as written, subset names with the lines to run).
    suites: dict[str, tuple[SuiteLine, dict[str, SuiteLine]]] = {}
    lines_of: dict[tuple[str, str], list[SuiteLine]] = {}
    for need in needs:
        source = find(need.key)
        if source is None or not source.file:
            out.unplaced.append((need, "its test was not found in the --datasets files"))
            continue
        if source.file not in texts:
            texts[source.file] = dataset_text(source.file)
        text = texts[source.file]
        code = need.key.test.upper()
        if text is None or (code not in text.tests and code not in text.problems):
            out.unplaced.append((need, f"{source.path} no longer holds the test"))
            continue
        if code in text.problems:
            out.unplaced.append((need, f"{source.location}: {text.problems[code]}"))
            continue
        suite_key = (source.file, need.key.suite.upper())
        if suite_key not in lines_of:
            lines_of[suite_key] = suites_running(source.file, need.key.suite)
        running = lines_of[suite_key]
        if not running:
            out.unplaced.append(
                (need, f"no suite XML of the app has a suite {need.key.suite!r} running it")
            )
            continue
        subset = subsets.get(source.file)
        if subset is None:
            subset = subsets[source.file] = _Subset(_subset_name(source.file, taken), text)
        if code not in subset.codes:
            subset.codes.append(code)
        out.placed[need.key] = subset.name
        first = suites.setdefault(need.key.suite.upper(), (running[0], {}))
        first[1].setdefault(subset.name, running[0])
    for subset in subsets.values():
        out.files.append((subset.name, _subset_bytes(subset)))
    if suites:
        out.files.append((SUITE_FILE, _suite_xml(suites, {s.name: s for s in subsets.values()})))
    return out


def _subset_name(path: str, taken: set[str]) -> str:
    stem, ext = os.path.splitext(os.path.basename(path))
    number = 1
    while True:
        name = f"{stem}-rerun{number if number > 1 else ''}{ext}"
        if name.lower() not in taken:
            taken.add(name.lower())
            return name
        number += 1


def _subset_bytes(subset: _Subset) -> bytes:
    text = subset.text
    if text.whole:
        return text.raw
    nl = text.newline
    tests = [text.tests[code] for code in subset.codes]
    bom = b"\xef\xbb\xbf" if text.bom else b""
    if text.format == "jsonl":
        return bom + nl.join(tests) + nl
    if text.format == "json":
        return bom + b"[" + nl + (b"," + nl).join(tests) + nl + b"]" + nl
    stem = os.path.splitext(subset.name)[0]
    source = os.path.basename(text.path)
    head = [
        f"# Rerun plan (datasets report --rerun-plan): {plural(len(tests), 'test')} of "
        f"{source}, copied unchanged.".encode(),
        b"name: " + json.dumps(stem).encode(),
        *text.header,
        b"tests:",
    ]
    return bom + nl.join([*head, *tests]) + nl


def _suite_xml(
    suites: dict[str, tuple[SuiteLine, dict[str, SuiteLine]]], subsets: dict[str, _Subset]
) -> bytes:
    out = ['<?xml version="1.0" encoding="UTF-8"?>', "<Root>"]
    numbered = len(suites) > 1
    for number, (code, (suite, datasets)) in enumerate(sorted(suites.items()), start=1):
        cases = sum(len(subsets[name].codes) for name in datasets)
        attributes = {
            "Code": f"RERUN{number}" if numbered else "RERUN",
            "Description": f"Rerun plan of {code}: {plural(cases, 'test')}"[:_DESCRIPTION],
            "Dataset": dataset_code(next(iter(datasets))),
            **{name: suite.suite[name] for name in _SUITE_KEPT if suite.suite.get(name)},
        }
        out.append(f"  <AITSuite {_attributes(attributes)}>")
        out += [f"    <Language {_attributes(language)} />" for language in suite.languages]
        out += [f"    <Evaluator {_attributes(e)} />" for e in suite.evaluators]
        seen: set[tuple[str, str]] = set()
        for name, running in datasets.items():
            for line, evaluators in running.lines:
                codeunit = line.get("CodeunitID", "").strip()
                if (codeunit, name) in seen:
                    continue
                seen.add((codeunit, name))
                kept = {"CodeunitID": codeunit}
                if line.get("Description"):
                    kept["Description"] = line["Description"]
                kept["Dataset"] = dataset_code(name)
                if not evaluators:
                    out.append(f"    <Line {_attributes(kept)} />")
                    continue
                out.append(f"    <Line {_attributes(kept)}>")
                out += [f"      <Evaluator {_attributes(e)} />" for e in evaluators]
                out.append("    </Line>")
        out.append("  </AITSuite>")
    out.append("</Root>")
    return ("\n".join(out) + "\n").encode("utf-8")


def _attributes(values: dict[str, str]) -> str:
    return " ".join(f"{name}={quoteattr(value)}" for name, value in values.items())
