"""The shipped JSON Schema and `datasets lint` agree on what is structurally broken.

"Agree" means: the schema rejects a file if and only if the linter reports at least one
error of the structural families (STR, TST, TRN, QRY, EXP), or a finding of the rules in
``REJECTED_WARNINGS``. Other warnings do not count; those few are the schema's closed key
sets and length limits, and a JSON Schema has no warnings: it can show them in an editor
only by rejecting (issue 30 made them warnings in the linter, by consequence). The codes
in ``NOT_EXPRESSIBLE`` are left out because no JSON Schema can state them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from ait_datasets.dataset import shape
from ait_datasets.diagnostics import Severity
from ait_datasets.lint.engine import lint_document
from ait_datasets.lint.rules.common import TOP_LEVEL_DROPPED
from ait_datasets.schema import shipped_schema
from ait_datasets.schema.vocabulary import INTERVENTION_TYPES
from ait_datasets.source import load, load_text
from ait_datasets.source.document import Document

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO.parent / "shared" / "corpus"
STRUCTURAL = ("STR", "TST", "TRN", "QRY", "EXP")
NOT_EXPRESSIBLE = {
    # Test names are compared upper-cased across the file; JSON Schema's uniqueItems
    # compares whole items, case-sensitively.
    "TST004",
    # A language version whose group name is its own file name: the file name is not in
    # the data a schema validates.
    "STR008",
}
# Warnings the schema expresses as rejections: a key the framework drops where it reads a
# fixed set (closed models), turn keys beside `turns`, a test name cut at 100 characters.
# Not a key beside `tests:` at the top level: the schema accepts it (the importer drops
# it and the tests run; Shopify's `test_setup:`), so that STR001 stays a warning only.
REJECTED_WARNINGS = {"STR001", "TRN004", "TST003"}
VALIDATORS = {
    kind: Draft202012Validator(shipped_schema(kind))
    for kind in ("dataset", "suite-setup", "jsonl-row")
}


def lint_rejects(doc: Document) -> list[str]:
    return [
        f"{d.line}:{d.column} {d.code} {d.message}"
        for d in lint_document(doc)
        if (d.severity is Severity.ERROR or d.code in REJECTED_WARNINGS)
        and d.code.startswith(STRUCTURAL)
        and d.code not in NOT_EXPRESSIBLE
        and not (d.code == "STR001" and TOP_LEVEL_DROPPED in d.message)
    ]


def schema_rejects(doc: Document) -> list[str]:
    kind = shape.file_kind(doc)
    if kind == shape.JSONL:
        pairs = [("jsonl-row", row.data) for row in doc.rows]
    elif doc.format == "json" and isinstance(doc.data, list):
        pairs = [("jsonl-row", item) for item in doc.data]
    elif kind in (shape.DATASET, shape.SUITE_SETUP):
        pairs = [("dataset" if kind == shape.DATASET else "suite-setup", doc.data)]
    else:
        pairs = []
    return [
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
        for schema, data in pairs
        for e in VALIDATORS[schema].iter_errors(data)
    ]


def assert_agree(doc: Document) -> None:
    linted, validated = lint_rejects(doc), schema_rejects(doc)
    assert bool(linted) == bool(validated), (
        f"{doc.path}: lint errors {linted} but schema errors {validated}\n{doc.text}"
    )


def _corpus_files() -> list[Any]:
    if not CORPUS.is_dir():
        return [pytest.param(None, marks=pytest.mark.skip(reason="../shared/corpus is absent"))]
    files = sorted(
        p
        for p in CORPUS.rglob("*")
        if p.is_file() and p.suffix.lower() in (".yaml", ".yml", ".json", ".jsonl")
    )
    return [pytest.param(p, id=str(p.relative_to(CORPUS))) for p in files]


@pytest.mark.corpus
@pytest.mark.parametrize("path", _corpus_files())
def test_schema_and_lint_agree_on_the_corpus(path: Path) -> None:
    doc = load(str(path))
    if doc.has_errors:
        # A file the loader cannot read (multi-line JSONL, several YAML documents) is
        # reported by the syntax rules; a JSON Schema only ever sees parsed data.
        assert {d.code[:3] for d in doc.diagnostics if d.severity is Severity.ERROR} == {"SYN"}
        return
    assert_agree(doc)


def test_the_corpus_differential_checks_real_datasets_that_both_accept() -> None:
    # Guards the differential test against passing on nothing. Every corpus YAML that
    # loads is accepted by both (Microsoft's datasets are structurally valid; the schema
    # rejected ShopifyNA's top-level `test_setup:`, which the importer merely drops, until
    # the top level became open). The rejecting side is guarded by the generated variants
    # (test_the_generated_variants_reach_every_structural_error_rule).
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is absent")
    verdicts = []
    for path in sorted(CORPUS.rglob("*.yaml")):
        doc = load(str(path))
        if not doc.has_errors:
            verdicts.append(bool(schema_rejects(doc)))
    assert len(verdicts) > 50
    assert not any(verdicts)


# --- generated datasets ------------------------------------------------------------------

# Characters YAML takes literally (no controls, surrogates, format or line-separator
# characters): the generated JSON text is read by a YAML parser.
_chars = st.characters(exclude_categories=("Cs", "Cc", "Cf", "Co", "Cn", "Zl", "Zp"))
_scalar = st.one_of(
    st.text(_chars, max_size=8), st.integers(-3, 3), st.booleans(), st.none(), st.just(1.5)
)
_any = st.recursive(
    _scalar,
    lambda inner: (
        st.lists(inner, max_size=2)
        | st.dictionaries(st.text(_chars, max_size=4), inner, max_size=2)
    ),
    max_leaves=4,
)
_maybe_bad = st.one_of(_scalar, st.lists(_scalar, max_size=2), st.just({"x": 1}))


def _sparse(fields: dict[str, st.SearchStrategy[Any]]) -> st.SearchStrategy[dict[str, Any]]:
    """Mappings holding any subset of ``fields``."""
    return st.fixed_dictionaries({}, optional=fields)


_intervention = _sparse({"suggestion": _maybe_bad, "instruction": _maybe_bad, "reply": _scalar})
_query = _sparse(
    {
        "from": st.one_of(st.just("Jane"), _maybe_bad),
        "title": st.one_of(st.just("Process orders"), _maybe_bad),
        "message": _maybe_bad,
        "timeout": st.one_of(st.integers(-2, 5), st.just(2.0), st.just(2.5), _scalar),
        "attachments": st.one_of(
            st.lists(st.one_of(_sparse({"file": _any, "path": _scalar}), _scalar), max_size=2),
            _scalar,
        ),
        "intervention": st.one_of(_intervention, _scalar),
        "titel": _scalar,
    }
)
_request = _sparse(
    {
        "type": st.one_of(
            st.sampled_from([*INTERVENTION_TYPES, "Review", "assistance", "Message"]), _maybe_bad
        ),
        "suggestions": st.one_of(
            st.lists(st.sampled_from(["A", "B", "C"]), max_size=3),
            st.lists(_scalar, max_size=2),
            _scalar,
        ),
        "reason": _scalar,
    }
)
_expected = st.one_of(
    _sparse({"intervention_request": st.one_of(_request, _scalar), "released": _any}),
    _maybe_bad,
)
_turn = st.one_of(
    _sparse(
        {
            "query": st.one_of(_query, _scalar),
            "question": st.one_of(_query, _scalar),
            "expected_data": _expected,
            "turn_setup": _any,
            "test_setup": _any,
            "continue_on_failure": _scalar,
            "expected_date": _any,
        }
    ),
    _scalar,
)
_name = st.one_of(
    st.sampled_from(["T1", "T2", "t1"]), st.just("N" * 101), st.lists(_scalar, max_size=1), _scalar
)
_test_fields: dict[str, st.SearchStrategy[Any]] = {
    "name": _name,
    "description": st.one_of(_scalar, st.just({"a": 1}), st.just("D" * 2049)),
    "turns": st.one_of(st.lists(_turn, max_size=3), _scalar, _sparse({"query": _query})),
    "query": st.one_of(_query, _scalar),
    "expected_data": _expected,
    "question": _scalar,
    "context": _any,
}
_test = st.one_of(
    _sparse(_test_fields),
    _sparse(_test_fields).map(lambda t: {"testInput": t}),
    _scalar,
)
_file = st.one_of(
    st.fixed_dictionaries(
        {"tests": st.lists(_test, min_size=1, max_size=3)},
        optional={"suite_setup": st.just("APP-SETUP"), "name": _scalar},
    ),
    _sparse(
        {
            "name": st.one_of(_scalar, st.just(["x"])),
            "description": _any,
            "language": st.one_of(st.just("en-US"), _any),
            "suite_setup": st.one_of(
                st.just("APP-SETUP"), _scalar, _sparse({"setup_actions": _any})
            ),
            "tests": st.one_of(st.lists(_test, max_size=3), _test, _scalar),
            "test_setup": _scalar,
        }
    ),
    _sparse(_test_fields),
)


@settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=_file)
def test_schema_and_lint_agree_on_generated_datasets(data: dict[str, Any]) -> None:
    # JSON is YAML 1.2, so the same text goes through the YAML loader unambiguously.
    doc = load_text("generated.yaml", json.dumps(data, indent=1, ensure_ascii=False))
    assert not doc.has_errors
    assert_agree(doc)


# Mutations of a valid agent dataset: each example changes, removes or adds a few keys,
# so every query/intervention/expectation rule is reached within a few hundred examples.
_BASE: dict[str, Any] = {
    "suite_setup": "APP-SETUP",
    "tests": [
        {
            "name": "T1",
            "turns": [
                {
                    "query": {"from": "Jane", "title": "Process orders", "timeout": 1000},
                    "expected_data": {
                        "intervention_request": {"type": "Assistance", "suggestions": ["A", "B"]}
                    },
                },
                {"query": {"intervention": {"suggestion": "A"}}, "expected_data": {}},
            ],
        },
        {"name": "Q1", "question": "q", "expected_data": 5},
    ],
}
_TURN0: tuple[Any, ...] = ("tests", 0, "turns", 0)
_TURN1: tuple[Any, ...] = ("tests", 0, "turns", 1)
_SPOTS: list[tuple[tuple[Any, ...], str]] = [
    (path, key)
    for path, keys in {
        (): ["name", "tests", "suite_setup", "test_setup"],
        ("tests", 0): ["name", "description", "turns", "query", "expected_data", "testInput"],
        ("tests", 1): ["name", "query", "expected_data", "turns"],
        _TURN0: ["query", "question", "expected_data", "turn_setup", "expected_date"],
        (*_TURN0, "query"): ["from", "title", "message", "timeout", "attachments", "intervention"],
        (*_TURN0, "expected_data"): ["intervention_request", "released"],
        (*_TURN0, "expected_data", "intervention_request"): ["type", "suggestions", "reason"],
        (*_TURN1, "query"): ["intervention", "title", "timeout", "titel"],
        (*_TURN1, "query", "intervention"): ["suggestion", "instruction", "reply"],
    }.items()
    for key in keys
]
_DELETE = object()
_VALUES = st.one_of(
    st.just(_DELETE),
    st.sampled_from(
        [
            "Review",
            "ReviewRecord",
            "assistance",
            ["A", "A"],
            ["A", 1],
            -1,
            2.5,
            7,
            "Jane",
            [{"file": "a"}],
            [{"path": "a"}],
            [{}],
            {"instruction": "x"},
            {"title": "t"},
            {},
            [],
        ]
    ),
    _maybe_bad,
)


def _mutate(changes: list[tuple[tuple[tuple[Any, ...], str], Any]]) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(_BASE))
    for (path, key), value in changes:
        target: Any = data
        for part in path:
            ok = isinstance(target, dict) and part in target
            ok = ok or (isinstance(target, list) and isinstance(part, int) and part < len(target))
            if not ok:
                break
            target = target[part]
        else:
            if isinstance(target, dict):
                if value is _DELETE:
                    target.pop(key, None)
                else:
                    target[key] = value
    return data


_change = st.one_of(
    st.tuples(st.sampled_from(_SPOTS), st.just(_DELETE)),
    st.tuples(st.sampled_from(_SPOTS), _VALUES),
)
_agent_file = st.lists(_change, min_size=1, max_size=3).map(_mutate)


@settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=_agent_file)
def test_schema_and_lint_agree_on_generated_agent_datasets(data: dict[str, Any]) -> None:
    doc = load_text("generated.yaml", json.dumps(data, indent=1, ensure_ascii=False))
    assert not doc.has_errors
    assert_agree(doc)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(rows=st.lists(_sparse(_test_fields), min_size=1, max_size=3))
def test_schema_and_lint_agree_on_generated_jsonl(rows: list[dict[str, Any]]) -> None:
    text = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    doc = load_text("generated.jsonl", text)
    assert not doc.has_errors
    assert_agree(doc)


def test_the_generated_variants_reach_every_structural_error_rule() -> None:
    # Guards the differential test against generators that never break anything.
    seen: set[str] = set()

    @settings(max_examples=300, deadline=None, derandomize=True, database=None)
    @given(data=_agent_file)
    def collect(data: dict[str, Any]) -> None:
        doc = load_text("generated.yaml", json.dumps(data, indent=1, ensure_ascii=False))
        seen.update(
            d.code
            for d in lint_document(doc)
            if d.severity is Severity.ERROR or d.code in REJECTED_WARNINGS
        )

    collect()
    # TRN004 (turn keys beside `turns`) is the error TRN001 was before the flat form
    # became a warning (issue 15).
    expected = {"EXP001", "EXP002", "STR001", "STR002", "TRN004", "TRN002", "TRN003"}
    expected |= {f"QRY00{n}" for n in range(1, 7)}
    assert expected <= seen
