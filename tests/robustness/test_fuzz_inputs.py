"""Bounded fuzzing of every way in: bytes, YAML-ish, JSON-ish and XML-ish text, formulas,
and structurally mutated legacy datasets for the migrator.

Complements the loaders' own property tests (tests/source), the formula alphabet test
(tests/placeholders) and the line-mangling migrate test (tests/migrate): here the inputs
are raw bytes for each format, token soups that reach the parsers' odd corners (tags,
anchors, merge keys, DTDs), and every loaded document is also linted.
"""

from __future__ import annotations

import datetime as dt

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ait_datasets.diagnostics import Diagnostic
from ait_datasets.lint.engine import lint_document
from ait_datasets.placeholders import (
    CalcDateError,
    FormulaError,
    TimeTextError,
    calc_date,
    parse_formula,
    resolve_value,
)
from ait_datasets.placeholders.languages import LANGUAGES
from ait_datasets.source.document import Document
from ait_datasets.source.load import load_bytes, load_text
from ait_datasets.source.xml_loader import load_xml_bytes, load_xml_text

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PLAIN = (str, int, float, bool, type(None))


_BREAKS = ("\n", "\r", "\x85", "\u2028", "\u2029")


def _line_count(text: str) -> int:
    # YAML 1.1 (the parser's) also breaks lines at NEL, LS and PS.
    return sum(text.count(b) for b in _BREAKS) + 1


def _within(doc: Document, diags: list[Diagnostic], lines: int = 0) -> None:
    lines = max(lines, _line_count(doc.text)) + 1
    for d in diags:
        assert d.path == doc.path
        assert 1 <= d.line <= lines, d
        assert d.column >= 1, d
        assert d.message


def _plain(value: object) -> None:
    """Loaded data is JSON-like: nothing was constructed from a tag."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            assert all(isinstance(k, PLAIN) for k in item), item
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        else:
            assert isinstance(item, PLAIN), type(item)


def _check(doc: Document, raw: bytes = b"") -> None:
    # An undecodable file has no text; its findings point into the bytes.
    lines = raw.count(b"\n") + raw.count(b"\r") + 1
    _within(doc, doc.diagnostics, lines)
    if doc.root is not None:
        _plain(doc.data)
    for row in doc.rows:
        _plain(row.data)
    _within(doc, lint_document(doc), lines)


# --- bytes ---------------------------------------------------------------------------

_PREFIXES = st.sampled_from(
    [b"", b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b"tests:\n  - ", b'[{"name": ', b"<Root "]
)


@FUZZ
@given(_PREFIXES, st.binary(max_size=300), st.sampled_from(["t.yaml", "t.json", "t.jsonl"]))
def test_random_bytes_load_and_lint_for_each_format(prefix: bytes, raw: bytes, name: str) -> None:
    _check(load_bytes(name, prefix + raw), prefix + raw)


@FUZZ
@given(_PREFIXES, st.binary(max_size=300))
def test_random_bytes_load_and_lint_as_suite_xml(prefix: bytes, raw: bytes) -> None:
    _check(load_xml_bytes("s.xml", prefix + raw), prefix + raw)


# --- token soups ---------------------------------------------------------------------

_YAML_TOKENS = [
    "tests:",
    "\n",
    "\r\n",
    "\r",
    "  ",
    "    ",
    "\t",
    "- ",
    "name: ",
    "T1",
    "turns:",
    "query:",
    "question: ",
    "from: ",
    "message: ",
    "expected_data:",
    "intervention_request:",
    "type: ",
    "Assistance",
    "suite_setup: ",
    "test_setup:",
    "turn_setup:",
    "&a ",
    "*a",
    "&b ",
    "*b",
    "<<: ",
    "<<: [*a, *b]",
    "? ",
    ": ",
    "[",
    "]",
    "{",
    "}",
    ", ",
    "'",
    '"',
    "# c",
    "# datasets: disable=QRY001",
    "---",
    "...",
    "|",
    ">-",
    "%YAML 1.2",
    "%TAG !e! tag:x,1:",
    "!!python/object/apply:os.system ['x']",
    "!!binary aGk=",
    "!!set ",
    "!!omap ",
    "!local ",
    "!!str ",
    "!!int ",
    "\\u0000",
    '"\\ud800"',
    "\x85",
    "\u2028",
    "\ufeff",
    "$DateFormula-<CD+1D>$",
    "$DateTimeFormula-<-CW>-10:00$",
    "$DateFormula-<",
    "9" * 30,
    ".nan",
    "-.inf",
    "0x1F",
    "~",
    "null",
    "true",
    "yes",
    "é",
]
_JSON_TOKENS = [
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    '"name"',
    '"tests"',
    '"turns"',
    '"query"',
    '"question"',
    '"T"',
    "1",
    "-0",
    "1e999",
    "9" * 30,
    "NaN",
    "Infinity",
    "true",
    "null",
    '"\\ud800"',
    '"\\u0000"',
    "'x'",
    "//c\n",
    "/*c*/",
    "\n",
    "\r\n",
    " ",
    "\t",
    '"$DateFormula-<CM>$"',
]
_XML_TOKENS = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?xml version="1.0" encoding="UTF-16"?>',
    "<Root>",
    "</Root>",
    "<AITSuite ",
    "</AITSuite>",
    "<Line ",
    'Code="S1" ',
    "Code='x' ",
    'Dataset="D.yaml" ',
    'TestType="Agent" ',
    'TestRunnerId="130451" ',
    'Codeunit="5" ',
    "/>",
    ">",
    "<",
    "&amp;",
    "&e;",
    "&#0;",
    "&#x41;",
    "<!DOCTYPE Root [",
    '<!ENTITY e "v">',
    '<!ENTITY x SYSTEM "file:///etc/passwd">',
    "]>",
    "<![CDATA[",
    "]]>",
    "<!--",
    "-->",
    "<?pi x?>",
    "\n",
    "\r\n",
    "\t",
    "é",
    "\ufeff",
    "<!-- datasets: disable=XML001 -->",
]


def _soup(tokens: list[str], size: int = 40) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(tokens), max_size=size).map("".join)


@FUZZ
@given(_soup(_YAML_TOKENS))
def test_yaml_token_soup_loads_plain_data_and_lints(text: str) -> None:
    _check(load_text("t.yaml", text))


@FUZZ
@given(_soup(_JSON_TOKENS), st.sampled_from(["t.json", "t.jsonl"]))
def test_json_token_soup_loads_plain_data_and_lints(text: str, name: str) -> None:
    _check(load_text(name, text))


@FUZZ
@given(_soup(_XML_TOKENS))
def test_xml_token_soup_loads_and_lints(text: str) -> None:
    doc = load_xml_text("s.xml", text)
    _check(doc)
    if "<!DOCTYPE" in text and doc.xml is not None:
        raise AssertionError("a DOCTYPE must stop the parse")


# --- formulas ------------------------------------------------------------------------

_FORMULA_TOKENS = [
    "<",
    ">",
    "C",
    "D",
    "W",
    "M",
    "Q",
    "Y",
    "WD",
    "+",
    "-",
    "1",
    "0",
    "31",
    "9999",
    "10000",
    "9" * 20,
    "CD",
    "CM",
    "CW",
    "CQ",
    "CY",
    " ",
    "$",
    "T",
    "L",
    "J",
    "Å",
    "ž",
]
_TIMES = st.sampled_from(["", "-10:00", "-23:59:59", "-25:00", "-x", "-", "-1:2:3:4"])


@FUZZ
@given(
    _soup(_FORMULA_TOKENS, 20),
    st.dates(dt.date(1, 1, 1), dt.date(9999, 12, 31)),
    st.sampled_from([None, *LANGUAGES]),
)
def test_formula_tokens_give_a_date_or_a_positioned_error(
    text: str, day: dt.date, language: str | None
) -> None:
    try:
        result = calc_date(parse_formula(text, language), day)
    except FormulaError as exc:
        assert 0 <= exc.position <= len(text) and exc.message
    except CalcDateError as exc:
        assert exc.message
    else:
        assert isinstance(result, dt.date)


@FUZZ
@given(
    _soup(_FORMULA_TOKENS, 12),
    _TIMES,
    st.sampled_from(["$DateFormula-", "$DateTimeFormula-"]),
    st.sampled_from(["$", "", "$$"]),
    st.text(max_size=5),
)
def test_placeholder_tokens_resolve_or_fail_cleanly(
    formula: str, time: str, prefix: str, end: str, around: str
) -> None:
    value = around + prefix + formula + time + end + around
    try:
        resolved = resolve_value(value, dt.date(2025, 1, 15))
    except (FormulaError, CalcDateError, TimeTextError) as exc:
        assert str(exc) or getattr(exc, "message", "")
    else:
        assert isinstance(resolved, (str, dt.date, dt.datetime))


# --- the migrator over structurally mutated legacy datasets ------------------------

_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 5),
    st.text(max_size=12),
    st.sampled_from(["$DateFormula-<CD>$", "line one\nline two", "a: b", "- x", "'q'"]),
)
_QUESTIONS = st.one_of(
    _SCALARS,
    st.fixed_dictionaries({}, optional={"from": _SCALARS, "message": _SCALARS, "title": _SCALARS}),
    st.lists(_SCALARS, max_size=2),
)
_TESTS = st.fixed_dictionaries(
    {"name": st.text(min_size=1, max_size=8)},
    optional={
        "question": _QUESTIONS,
        "query": _QUESTIONS,
        "test_setup": st.one_of(_SCALARS, st.dictionaries(st.text(max_size=4), _SCALARS)),
        "expected_data": st.dictionaries(st.text(max_size=4), _SCALARS, max_size=2),
        "turns": st.one_of(
            st.none(),
            st.lists(
                st.dictionaries(
                    st.sampled_from(["query", "question", "test_setup", "expected_data"]),
                    _QUESTIONS,
                    max_size=3,
                ),
                max_size=2,
            ),
        ),
    },
)


@FUZZ
@given(
    st.lists(_TESTS, max_size=3),
    st.booleans(),
    st.sampled_from([{}, {"default_flow_style": True}, {"indent": 4}, {"width": 20}]),
)
def test_mutated_legacy_datasets_migrate_cleanly(
    tests: list[dict[str, object]], share: bool, style: dict[str, object]
) -> None:
    from ait_datasets.migrate import FAILED, MIGRATED, MigrationOptions, encoded, migrate_bytes

    if share and tests:
        # One object used twice: the dump writes an anchor and an alias.
        tests = [*tests, tests[0]]
    text = yaml.safe_dump({"tests": tests}, sort_keys=False, allow_unicode=True, **style)
    raw = text.encode("utf-8")
    options = MigrationOptions(kind="agent")
    result = migrate_bytes("m.yaml", raw, options)
    assert result.outcome in (MIGRATED, FAILED, "up-to-date", "skipped")
    if result.outcome == FAILED:
        assert result.reason
    if result.outcome == MIGRATED:
        after = encoded(result, raw)
        assert not [d for d in load_bytes("m.yaml", after).diagnostics if d.code == "SYN001"]
        again = migrate_bytes("m.yaml", after, options)
        assert again.outcome == "up-to-date", again.reason
