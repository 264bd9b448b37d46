"""The datasets against the AL test code that reads them (``AL``).

A dataset is half of a test; the other half is the test codeunit its suite line names.
When the test app's AL sources are beside its `.resources` folder (an `app.json` and
`*.al` files), these rules check that the two halves agree: the suite's codeunit exists
and is an AI test, agent codeunits have the properties and calls the agent library needs,
the keys the code reads exist in the data, and the suggestion codes the data expects are
ones the agent offers. Without AL sources they stay silent (and read nothing). Findings
about the code are reported in the AL file, at the line and column of the call.
"""

from __future__ import annotations

from collections.abc import Iterator

from ait_datasets.al.declarations import ALObject, Property
from ait_datasets.al.ids import duplicates
from ait_datasets.al.reads import KeyRead, Reach
from ait_datasets.diagnostics import Diagnostic, Edit, Fix, Severity
from ait_datasets.lint.al_app import AppView, Dataset, SuiteLine, holders, linted_apps, nodes_at
from ait_datasets.lint.config import LintConfig
from ait_datasets.lint.family import ALL_FORMATS, Family
from ait_datasets.lint.project import Project
from ait_datasets.lint.rule import FixAvailability, Rule
from ait_datasets.lint.rules.al_examples import BAD, GOOD
from ait_datasets.lint.rules.common import merge_by_hand, replace_scalar, spelling_fix
from ait_datasets.lint.suggest import did_you_mean, hint, only_reading
from ait_datasets.plural import plural
from ait_datasets.source.document import Document
from ait_datasets.source.tree import Mapping, Node, Scalar, Sequence

_FAMILY = "al_code"

CODEUNIT_NOT_FOUND = Rule(
    code="AL001",
    name="suite-codeunit-not-found",
    family=_FAMILY,
    severity=Severity.WARNING,
    summary="A suite line's `CodeunitID` names no codeunit of the test app's AL sources.",
    what="When the test app (the folder with `app.json` beside `.resources`) has AL files, "
    "reports each suite XML `<Line CodeunitID=...>` whose ID is not a codeunit declared in "
    "them, at the ID, with the closest ID of a test codeunit.",
    why="The suite runs the codeunit by ID: a wrong ID runs another app's codeunit or none. It "
    "is a warning because the codeunit may live in another app the suite depends on."
    ' The run starts with `CodeunitMetadata.Get(AITTestMethodLine."Codeunit ID")` '
    "(AIT Test Suite Mgt. codeunit 149034 (`AITTestSuiteMgt.Codeunit.al`) "
    "`ValidateAITestSuite` line 216), which fails for a codeunit that exists "
    "nowhere.",
    bad=BAD["CODEUNIT_NOT_FOUND"],
    fix="Write the ID of the test codeunit that reads the dataset. The fix writes the test "
    "codeunit ID the message names; it is unsafe (`--unsafe-fixes`), as the ID written may "
    "be a codeunit of an app the suite depends on.",
    fixable=FixAvailability.UNSAFE,
    good=GOOD,
)
NOT_A_TEST = Rule(
    code="AL002",
    name="suite-codeunit-not-a-test",
    family=_FAMILY,
    severity=Severity.ERROR,
    summary="A suite line runs a codeunit that is not `Subtype = Test`.",
    what="Reports a suite line whose `CodeunitID` is a codeunit of the app without "
    "`Subtype = Test`, at the ID.",
    why="The test runner runs the `[Test]` procedures of test codeunits; a codeunit of another "
    "subtype has none, so the suite line produces no results."
    " The suite's test methods come from `SelectTestMethodsByRange`, which keeps "
    "only codeunits with `SubType::Test` (Test Suite Mgt. codeunit 130456, "
    "`TestSuiteMgt.Codeunit.al` lines 278-285).",
    bad=BAD["NOT_A_TEST"],
    fix="Point the line at the test codeunit, or add `Subtype = Test` to it.",
    good=GOOD,
)
AGENT_PROPERTIES = Rule(
    code="AL003",
    name="agent-codeunit-properties",
    family=_FAMILY,
    severity=Severity.ERROR,
    summary="An `Agent` suite's codeunit lacks `TestType = AITest` or `RequiredTestIsolation = "
    "Disabled`.",
    what='Reports the test codeunit run by a `TestType="Agent"` suite when it does not declare '
    "`TestType = AITest` or `RequiredTestIsolation = Disabled`, at the codeunit's name (or "
    "at the property when it has another value).",
    why="Agent tasks run in another session and commit as they go: the agent suite runs with "
    "test isolation disabled (runner 130451), and Microsoft's agent tests declare both "
    "properties (AgentSamples, SVASAccuracyTest.Codeunit.al:17-20). Without them the "
    "codeunit is not run as an AI test, or the agent's session cannot see what it set up."
    " Runner 130451 is `Test Runner - Isol. Disabled` "
    "(`TestRunnerIsolDisabled.Codeunit.al` line 12: `TestIsolation = Disabled`).",
    bad=BAD["AGENT_PROPERTIES"],
    fix="Add the missing properties to the codeunit.",
    good=GOOD,
)
KEY_NOT_IN_DATA = Rule(
    code="AL004",
    name="read-key-not-in-datasets",
    family=_FAMILY,
    severity=Severity.ERROR,
    summary="The codeunit reads a key with `Element('key')` that no turn of its datasets defines.",
    what="Follows the values the codeunit (and the app's procedures it calls) gets from "
    "`GetExpectedData()` and `GetTurnSetup()` to the keys it reads. Reports each "
    "`Element('key')` whose key no turn of the datasets its suite lines run defines (below "
    "the same path), at the call in the AL file, naming the datasets and the closest key "
    "they do define. `ElementExists` reads are optional and never reported.",
    why="`Test Input Json.Element` raises 'DataInput - The element %1 does not exist.' when the "
    "key is missing (TestInputJson.Codeunit.al:25-34, 158): every turn fails at that line.",
    bad=BAD["KEY_NOT_IN_DATA"],
    fix="Fix the key in the AL code or in the datasets (the message names the closest key). "
    "There is no automatic fix in the AL file (`datasets lint --fix` and the editors change "
    "datasets and suites only); when a dataset has the key misspelt where the code reads "
    "it, AL005 reports it there with a fix that renames it.",
    good=GOOD,
)
KEY_NOT_READ = Rule(
    code="AL005",
    name="dataset-key-never-read",
    family=_FAMILY,
    severity=Severity.INFO,
    summary="A key of `expected_data`/`turn_setup` that no codeunit running the dataset reads.",
    what="Where the codeunits that run a dataset (every suite line whose `Dataset=`, or its "
    "suite's, names it) read keys of `expected_data`/`turn_setup` at some place (and none "
    "hands that value to code that cannot be followed), reports the keys the dataset "
    "defines there that none of them reads, once, at the key's first use, with the closest "
    "key they read. `expected_data.intervention_request` is read by the agent library and "
    "never reported; a dataset a line runs with a codeunit the app does not declare (or "
    "declares twice) is not judged, as that code may read any key.",
    why="Data nobody reads is dead: the test passes whatever it says, and a key that is a "
    "misspelling of one the code reads means the check the author wanted never runs. No "
    "framework code reads or rejects such data; which code reads it is the suite's: each "
    "line runs its codeunit over every input of the line's dataset, else the suite's "
    "(`GetTestInputCode`, `AITTestMethodLine.Table.al` lines 261-275; `ExpandCodeunit`, "
    "AIT AL Test Suite Mgt codeunit 149037 (`AITALTestSuiteMgt.Codeunit.al`) line 64), so "
    "a key one of them reads is read.",
    bad=BAD["KEY_NOT_READ"],
    fix="Fix the spelling, read the key in the test code, or remove it. The fix renames the "
    "key, everywhere the dataset has it at that place, to the key the message names: safe "
    "when that key is the only one the code reads there a letter's case or one edit away, "
    "unsafe when it is a guess; none when a mapping already has that key.",
    fixable=FixAvailability.SAFE,
    good=GOOD,
)
TURN_NOT_FINALIZED = Rule(
    code="AL006",
    name="turn-not-finalized",
    family=_FAMILY,
    severity=Severity.ERROR,
    summary="An agent test codeunit calls `RunTurnAndWait` but never `FinalizeTurn`.",
    what="Reports each `LibraryAgent.RunTurnAndWait(...)` of a codeunit run by an `Agent` suite "
    "when neither it nor the app's procedures it calls ever call `FinalizeTurn`.",
    why="`FinalizeTurn` writes the turn's output, validates `expected_data.intervention_request` "
    "and moves to the next turn (Library - Agent, LibraryAgent.Codeunit.al:329; "
    "AI-TEST-AUTHORING.md: 'Always call after each turn'). Without it only the first turn "
    "runs and interventions are never checked.",
    bad=BAD["TURN_NOT_FINALIZED"],
    fix="Call `LibraryAgent.FinalizeTurn` after every turn, in the `repeat ... until` loop.",
    good=GOOD,
)
OBSOLETE_GET_QUESTION = Rule(
    code="AL007",
    name="obsolete-get-question",
    family=_FAMILY,
    severity=Severity.WARNING,
    summary="An agent test codeunit calls the obsolete `AITTestContext.GetQuestion()`.",
    what="Reports `GetQuestion()` called on an `AIT Test Context` variable in a codeunit run by "
    "an `Agent` suite.",
    why="`GetQuestion()` is obsolete since 29.0 and removed where `CLEAN29` is defined "
    "(AITTestContext.Codeunit.al:94-100); it only calls `GetQuery()`.",
    bad=BAD["OBSOLETE_GET_QUESTION"],
    fix="Run `datasets migrate FILE.al` (renames the calls on `AIT Test Context` variables).",
    good=GOOD,
)
UNKNOWN_SUGGESTION = Rule(
    code="AL008",
    name="suggestion-not-offered",
    family=_FAMILY,
    severity=Severity.WARNING,
    summary="A dataset names an intervention suggestion code the app's AL never offers.",
    what="When the app's AL sources assign suggestion codes (`Suggestion.Code := ...` on a "
    '`Record "Agent Task User Int Suggestion"`) and every assignment can be read, reports '
    "each `query.intervention.suggestion` and `expected_data.intervention_request."
    "suggestions[]` that is none of them (case-insensitive: Code fields are upper case).",
    why='The agent library fails the turn with \'Expected suggestion "%1" not found in '
    "intervention request.' (or cannot answer with the suggestion) when the agent never "
    "offers that code."
    " The check is `ValidateInterventionDetails` (Library - Agent Impl. codeunit "
    "130561 (`LibraryAgentImpl.Codeunit.al`) lines 645-650; label line 752); an "
    "intervention answers with the code as given (lines 489-494).",
    bad=BAD["UNKNOWN_SUGGESTION"],
    fix="Use a code the agent offers (the message names the closest). The fix writes that "
    "code: safe when it is the only offered code a letter's case or one edit away, unsafe "
    "when it is a guess.",
    fixable=FixAvailability.SAFE,
    good=GOOD,
)
DUPLICATE_OBJECT_ID = Rule(
    code="AL009",
    name="duplicate-object-id",
    family=_FAMILY,
    severity=Severity.ERROR,
    summary="Two AL objects of the app have the same type and ID.",
    what="Reports every object of the app's AL sources whose type and ID another object also "
    "declares (a codeunit and a table may share an ID), at the ID, naming the other "
    "declarations. The suite checks skip a codeunit ID declared twice: which one a suite "
    "line runs cannot be told.",
    why="No AL: the AL compiler rejects the app (Compiler Error AL0264, 'An application object "
    "of type '{0}' with ID '{1}' is already declared'), so no test runs; before it is "
    "built, a suite line with that `CodeunitID` names two codeunits.",
    bad=BAD["DUPLICATE_OBJECT_ID"],
    fix="Give one of the objects a free ID of the app's `idRanges` (app.json).",
    good=GOOD,
)

RULES = (
    CODEUNIT_NOT_FOUND,
    NOT_A_TEST,
    AGENT_PROPERTIES,
    KEY_NOT_IN_DATA,
    KEY_NOT_READ,
    TURN_NOT_FINALIZED,
    OBSOLETE_GET_QUESTION,
    UNKNOWN_SUGGESTION,
    DUPLICATE_OBJECT_ID,
)
CHECKED_ROOTS = ("expected_data", "turn_setup")
# Keys the agent library reads itself (LibraryAgentImpl: InterventionRequestTok).
_FRAMEWORK_KEYS: dict[tuple[str, tuple[str, ...]], set[str]] = {
    ("expected_data", ()): {"intervention_request"}
}


def check_project(project: Project, config: LintConfig) -> Iterator[Diagnostic]:
    for app in linted_apps(project):
        yield from _duplicate_ids(app)
        yield from _suites(app)
        runs = _runs(app)
        reaches = {codeunit: app.sources.code.reach(codeunit) for codeunit in runs}
        for codeunit, (lines, datasets) in runs.items():
            reach = reaches[codeunit]
            if any(line.agent for line in lines):
                yield from _agent_calls(reach)
            readable = [d for d in datasets if d.doc is not None]
            if readable and len(readable) == len(datasets):
                yield from _missing_keys(reach, readable)
        yield from _unread_keys(app, runs, reaches)
        yield from _suggestions(app)


def _runs(app: AppView) -> dict[int, tuple[list[SuiteLine], list[Dataset]]]:
    """Codeunit ID -> the suite lines that run it and the datasets they run."""
    out: dict[int, tuple[list[SuiteLine], list[Dataset]]] = {}
    twice = _codeunits_declared_twice(app)
    for line in app.lines:
        if line.codeunit is None or line.codeunit not in app.sources.code.codeunits:
            continue
        if line.codeunit in twice:
            continue  # AL009: which of them runs cannot be told
        lines, datasets = out.setdefault(line.codeunit, ([], []))
        lines.append(line)
        for code in line.datasets:
            for item in app.datasets.get(code, []):
                if item not in datasets:
                    datasets.append(item)
    return out


def _suites(app: AppView) -> Iterator[Diagnostic]:
    codeunits = app.sources.code.codeunits
    tests = {cid: obj for cid, (_, obj) in codeunits.items() if _is_test(obj.properties)}
    reported: set[int] = set()
    twice = _codeunits_declared_twice(app)
    for line in app.lines:
        if line.codeunit is None or line.codeunit in twice:
            continue
        entry = codeunits.get(line.codeunit)
        if entry is None:
            if line.linted:
                best = did_you_mean(str(line.codeunit), [str(c) for c in tests])
                tip = f" Did you mean {best} ({tests[int(best)].name})?" if best else ""
                yield CODEUNIT_NOT_FOUND.at_path(
                    line.path,
                    line.span,
                    f"Codeunit {line.codeunit} is not declared in the AL files of this app "
                    f"({plural(len(codeunits), 'codeunit')}); the suite runs whatever codeunit has "
                    f"that ID.{tip}",
                    _codeunit_fix(line, best, tests[int(best)].name) if best else None,
                )
            continue
        file, obj = entry
        if not _is_test(obj.properties):
            if line.linted:
                yield NOT_A_TEST.at_path(
                    line.path,
                    line.span,
                    f'Codeunit {line.codeunit} "{obj.name}" ({file.path}) is not '
                    "`Subtype = Test`: it has no test procedures, so this line runs nothing.",
                )
            continue
        if line.agent and line.codeunit not in reported:
            reported.add(line.codeunit)
            yield from _agent_properties(file.path, obj, line)


def _codeunit_fix(line: SuiteLine, best: str, name: str) -> Fix:
    """`CodeunitID` of the close test codeunit: unsafe, as the ID written may be right (a
    codeunit of an app the suite depends on)."""
    span = line.span
    return Fix(
        f'Write {best} ("{name}")', (Edit(span.start_offset, span.end_offset, best),), safe=False
    )


def _duplicate_ids(app: AppView) -> Iterator[Diagnostic]:
    for group in duplicates(app.sources.code.files):
        for file, obj in group:
            others = "; ".join(
                f'{other_file.path}:{other.id_line} "{other.name}"'
                for other_file, other in group
                if other is not obj
            )
            yield DUPLICATE_OBJECT_ID.diagnostic_at(
                file.path,
                obj.id_line,
                obj.id_column,
                obj.id_end_column,
                f"{obj.kind.title()} {obj.id} is declared again ({others}): the AL compiler "
                f"rejects the app (AL0264); give one of them a free ID of the app's idRanges.",
            )


def _codeunits_declared_twice(app: AppView) -> set[int]:
    return {
        obj.id
        for group in duplicates(app.sources.code.files)
        for _, obj in group[:1]
        if obj.kind == "codeunit" and obj.id is not None
    }


def _is_test(properties: dict[str, Property]) -> bool:
    prop = properties.get("subtype")
    return prop is not None and prop.value.lower() == "test"


def _agent_properties(path: str, obj: ALObject, line: SuiteLine) -> Iterator[Diagnostic]:
    for name, wanted in (("TestType", "AITest"), ("RequiredTestIsolation", "Disabled")):
        prop = obj.properties.get(name.lower())
        if prop is not None and prop.value.lower() == wanted.lower():
            continue
        where = (prop.line, prop.column, len(prop.name)) if prop else None
        has = f"`{name} = {prop.value}`" if prop else f"no `{name}`"
        message = (
            f'Codeunit {obj.id} "{obj.name}" is run by the Agent suite {line.suite} but has '
            f"{has}: declare `{name} = {wanted};` (agent tasks run in another session, with "
            "test isolation disabled)."
        )
        if where is None:
            yield AGENT_PROPERTIES.diagnostic_at(
                path, obj.line, obj.column, obj.column + len(obj.name) + 2, message
            )
        else:
            yield AGENT_PROPERTIES.diagnostic_at(
                path, where[0], where[1], where[1] + where[2], message
            )


def _agent_calls(reach: Reach) -> Iterator[Diagnostic]:
    agent = [c for c in reach.calls if c.receiver_type == "library - agent"]
    if not any(c.method == "finalizeturn" for c in agent):
        for call in agent:
            if call.method == "runturnandwait":
                yield TURN_NOT_FINALIZED.diagnostic_at(
                    call.file,
                    call.line,
                    call.column,
                    call.column + len("RunTurnAndWait"),
                    "`RunTurnAndWait` without `FinalizeTurn`: call "
                    "`LibraryAgent.FinalizeTurn(AgentTask, TurnSuccessful, ErrorReason)` after "
                    "each turn, or only the first turn runs and interventions go unchecked.",
                )
    for call in reach.calls:
        if call.method == "getquestion" and call.receiver_type == "ait test context":
            yield OBSOLETE_GET_QUESTION.diagnostic_at(
                call.file,
                call.line,
                call.column,
                call.column + len("GetQuestion"),
                f"`{call.receiver}.GetQuestion()` is obsolete (29.0): use `GetQuery()`. "
                f"`datasets migrate {call.file}` renames it.",
            )


def _missing_keys(reach: Reach, datasets: list[Dataset]) -> Iterator[Diagnostic]:
    """AL004: the keys the codeunit requires that no turn of its datasets defines."""
    names = ", ".join(sorted({d.path for d in datasets}))
    for read in map(_normal, reach.reads):
        if read.root not in CHECKED_ROOTS or not read.required:
            continue
        parents = _parents(datasets, read.root, read.path)
        if read.path and not parents:
            continue  # the enclosing value is never there: that read decides
        defined = _keys_of(parents)
        if read.key in defined:
            continue
        where = ".".join((read.root, *read.path, read.key)).replace(".*", "[]")
        yield KEY_NOT_IN_DATA.diagnostic_at(
            read.file,
            read.line,
            read.column,
            read.end_column,
            f"`Element('{read.key}')` raises 'The element {read.key} does not exist': no turn "
            f"of {names} defines {where}.{hint(read.key, defined)}",
        )


Runs = dict[int, tuple[list[SuiteLine], list[Dataset]]]
Place = tuple[str, tuple[str, ...]]


def _unread_keys(app: AppView, runs: Runs, reaches: dict[int, Reach]) -> Iterator[Diagnostic]:
    """AL005, once per dataset: a key is unread only when no codeunit that runs the
    dataset reads it. Each suite line runs every input of its dataset, so a dataset two
    lines run is read by both codeunits; a codeunit that is not followed (another app's,
    or an ID declared twice) may read any key, and the datasets it runs are not judged."""
    readers: dict[str, tuple[Dataset, list[int]]] = {}
    for codeunit, (_, datasets) in runs.items():
        for item in datasets:
            readers.setdefault(item.path, (item, []))[1].append(codeunit)
    unfollowed = _run_unfollowed(app, runs)
    for path, (item, codeunits) in readers.items():
        if not item.linted or item.doc is None or path in unfollowed:
            continue
        places: dict[Place, set[str]] = {}
        opaque: set[Place] = set()
        for codeunit in codeunits:
            for read in map(_normal, reaches[codeunit].reads):
                if read.root in CHECKED_ROOTS:
                    places.setdefault((read.root, read.path), set()).add(read.key)
            opaque.update(_normal_place(root, at) for root, at in reaches[codeunit].opaque)
        for (root, at), read_keys in places.items():
            if any(_covers(place, root, at) for place in opaque):
                continue
            skip = _FRAMEWORK_KEYS.get((root, at), set()) | read_keys
            yield from _unread(item, root, at, read_keys, skip)


def _run_unfollowed(app: AppView, runs: Runs) -> set[str]:
    """The datasets some suite line runs with a codeunit whose code is not followed."""
    out: set[str] = set()
    for line in app.lines:
        if line.codeunit is None or line.codeunit in runs:
            continue  # no ID at all: the suite does not import (the XML rules say so)
        for code in line.datasets:
            out.update(item.path for item in app.datasets.get(code, []))
    return out


def _unread(
    item: Dataset, root: str, path: tuple[str, ...], read_keys: set[str], skip: set[str]
) -> Iterator[Diagnostic]:
    assert item.doc is not None
    mappings = [m for m in _parents([item], root, path) if isinstance(m, Mapping)]
    seen: set[str] = set()
    for mapping in mappings:
        for key in mapping.children:
            if key in skip or key in seen:
                continue
            seen.add(key)
            where = ".".join((root, *path, key)).replace(".*", "[]")
            key_node = mapping.key_node(key)
            yield KEY_NOT_READ.at_path(
                item.path,
                key_node.span if key_node is not None else None,
                f"The test code never reads {where} (it reads "
                f"{', '.join(sorted(read_keys))} there).{hint(key, read_keys)}",
                _rename_unread(mappings, key, read_keys),
            )


def _rename_unread(mappings: list[Mapping], key: str, read_keys: set[str]) -> Fix | None:
    """Rename ``key`` to the read key its finding names, wherever the dataset has it at
    this place (the finding is reported once, at its first use)."""
    best = did_you_mean(key, read_keys)
    if best is None:
        return None
    having = [m for m in mappings if key in m.children]
    if any(best in m.children for m in having):
        return merge_by_hand(key, best)
    edits: dict[int, Edit] = {}
    for mapping in having:
        node = mapping.key_node(key)
        if node is not None:
            # An alias reaches the same mapping again: each key is renamed once.
            edits[node.start_offset] = replace_scalar(node, best)
    return Fix(
        f"Rename '{key}' to '{best}'",
        tuple(edits[start] for start in sorted(edits)),
        safe=only_reading(key, best, read_keys),
    )


def _normal(read: KeyRead) -> KeyRead:
    """`GetInput().Element('expected_data')...` reads as a read of `expected_data`."""
    if read.root == "" and read.path:
        return read._replace(root=read.path[0], path=read.path[1:])
    if read.root == "":
        return read._replace(root=read.key, path=(), key="")
    return read


def _normal_place(root: str, path: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    if root == "" and path:
        return path[0], path[1:]
    return root, path


def _covers(place: tuple[str, tuple[str, ...]], root: str, path: tuple[str, ...]) -> bool:
    """Whether an opaque value at ``place`` may read keys at ``root``/``path``."""
    if place == ("", ()):
        return True
    return place[0] == root and path[: len(place[1])] == place[1]


def _parents(datasets: list[Dataset], root: str, path: tuple[str, ...]) -> list[Node]:
    out: list[Node] = []
    for item in datasets:
        if item.doc is None:
            continue
        for holder in holders(item.doc):
            out.extend(nodes_at(holder.get(root), path))
    return out


def _keys_of(nodes: list[Node]) -> set[str]:
    return {key for node in nodes if isinstance(node, Mapping) for key in node.children}


def _suggestions(app: AppView) -> Iterator[Diagnostic]:
    offered = app.sources.offered
    if not offered.patterns or offered.open:
        return
    known = [p for p in offered.patterns if "*" not in p]
    done: set[str] = set()
    for items in app.datasets.values():
        for item in items:
            if not item.linted or item.doc is None or item.path in done:
                continue
            done.add(item.path)
            for node in _suggestion_nodes(item.doc):
                code = str(node.data)
                if offered.offers(code):
                    continue
                best = did_you_mean(code.upper(), known)
                yield UNKNOWN_SUGGESTION.at_path(
                    item.path,
                    node.span,
                    f"The agent never offers the suggestion '{code}' (its AL offers "
                    f"{', '.join(offered.patterns)}).{hint(code.upper(), known)}",
                    spelling_fix(node, code, best, known) if best is not None else None,
                )


def _suggestion_nodes(doc: Document) -> Iterator[Scalar]:
    for holder in holders(doc):
        for node in nodes_at(holder, ("query", "intervention", "suggestion")):
            if isinstance(node, Scalar) and node.data is not None:
                yield node
        for node in nodes_at(holder, ("expected_data", "intervention_request", "suggestions")):
            if isinstance(node, Sequence):
                for item in node.items:
                    if isinstance(item, Scalar) and item.data is not None:
                        yield item


# Nothing per file: every rule needs the AL code and the datasets together.
FAMILY = Family(prefix="AL", rules=RULES, check_project=check_project, formats=ALL_FORMATS)
