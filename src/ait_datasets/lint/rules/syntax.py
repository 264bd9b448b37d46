"""Syntax: what the loader finds while reading a file (the ``SYN`` codes)."""

from __future__ import annotations

from ait_datasets.diagnostics import Severity
from ait_datasets.lint.family import Family
from ait_datasets.lint.rule import Rule
from ait_datasets.source import codes

_E = Severity.ERROR

RULES = (
    Rule(
        codes.YAML_SYNTAX,
        "yaml-syntax",
        "syntax",
        _E,
        "The file is not valid YAML.",
        "Reports the YAML parser's error at the line and column where it stopped.",
        "The framework fails the whole import with 'The data does not represent valid YAML.'",
        'tests:\n  - name: T1\n    description: "unterminated',
        "Correct the YAML at the reported position (often an unclosed quote or a bad indent).",
    ),
    Rule(
        codes.DUPLICATE_KEY,
        "duplicate-key",
        "syntax",
        _E,
        "A key appears twice in the same mapping.",
        "Reports the second occurrence of a key within one mapping.",
        "Only one of the two values reaches the test, and which one depends on the reader; "
        "the other is silently lost.",
        "query:\n  title: Process orders\n  title: Process all orders",
        "Remove one of the keys or rename it.",
    ),
    Rule(
        codes.MULTIPLE_DOCUMENTS,
        "multiple-documents",
        "syntax",
        _E,
        "The file holds more than one YAML document.",
        "Reports a second document start (`---`).",
        "The framework treats a multi-document YAML file as invalid (Microsoft's own "
        "Sample4-Invalid.yaml fixture).",
        "tests:\n  - name: T1\n---\ntests:\n  - name: T2",
        "Keep one document per file; move the other tests into the first document or a new file.",
    ),
    Rule(
        codes.TAB_INDENT,
        "tab-indentation",
        "syntax",
        _E,
        "A tab is used for indentation.",
        "Reports a tab character where YAML expects indentation.",
        "YAML forbids tabs in indentation; the file cannot be read.",
        "tests:\n\t- name: T1",
        "Indent with spaces.",
    ),
    Rule(
        codes.ENCODING,
        "encoding",
        "syntax",
        _E,
        "The file is not UTF-8 text.",
        "Reports invalid UTF-8, UTF-16 files, and NUL bytes (binary files).",
        "Datasets are read as UTF-8 text; anything else is garbled or fails to import.",
        "(a dataset saved as UTF-16 by an editor)",
        "Save the file as UTF-8 (a UTF-8 byte order mark is accepted).",
    ),
    Rule(
        codes.EMPTY_FILE,
        "empty-file",
        "syntax",
        _E,
        "The file is empty.",
        "Reports a dataset file with no content (or only whitespace).",
        "An empty dataset defines no tests; a suite line pointing at it fails with "
        "'The dataset ... has no input lines.'",
        "(an empty file)",
        "Add tests, or delete the file.",
    ),
    Rule(
        codes.UNSUPPORTED_TAG,
        "unsupported-tag",
        "syntax",
        _E,
        "A YAML tag that datasets do not support.",
        "Reports explicit tags other than the core ones (`!!str`, `!!int`, ...), such as "
        "`!!python/object`, core tags whose value does not fit them, and core tags on "
        "the wrong kind of node (`!!str {b: 1}`, `!!map 1`). The non-specific tag `!` "
        "is allowed: it makes a value text (`a: ! 1` is the text '1').",
        "Datasets are plain data converted to JSON; tags that construct objects are never "
        "applied (and are a security risk in other tools).",
        "when: !!python/object/apply:os.system ['echo hi']",
        "Remove the tag and write the value as plain text.",
    ),
    Rule(
        codes.COMPLEX_KEY,
        "complex-key",
        "syntax",
        _E,
        "A mapping key that is not plain text.",
        "Reports keys that are lists or mappings (`? [a, b]: value`).",
        "JSON, which the framework converts YAML to, only has text keys.",
        "? [a, b]\n: value",
        "Use a text key.",
    ),
    Rule(
        codes.JSON_SYNTAX,
        "json-syntax",
        "syntax",
        _E,
        "The file (or a JSONL line) is not valid JSON as the importer reads it.",
        "Reports JSON syntax errors; for JSONL, a line that is not one complete JSON object, "
        "and an empty line followed by more rows.",
        "The importer reads JSONL one line at a time and fails with 'Could not parse JSONL "
        "input line'; it stops at the first empty line, silently dropping the rest.",
        '{"name": "T1",\n "question": "multi-line objects are not JSONL"}',
        "Put each test on one line as a complete JSON object; remove empty lines.",
    ),
    Rule(
        codes.LIMIT,
        "limit",
        "syntax",
        _E,
        "The file exceeds a safety limit.",
        "Reports files that are too large, nest too deeply, use too many aliases, or hold "
        "a number of more than 4300 decimal digits (`0xfff...` with 3,600 digits).",
        "Such files can exhaust memory or time in any tool that reads them.",
        "a: &a [*b, *b, *b]  # ... repeated (a 'billion laughs' file)",
        "Simplify the file; split very large datasets into several files.",
    ),
    Rule(
        codes.NONSTANDARD_JSON,
        "nonstandard-json",
        "syntax",
        Severity.WARNING,
        "JSON that Business Central accepts but standard JSON does not.",
        "Reports single-quoted strings and raw control characters (tabs) inside strings.",
        "Business Central's JSON reader is lenient, so the import works, but editors, "
        "`jq`, Python and CI tools reject the file.",
        "{\"name\": 'T1'}",
        "Use double-quoted strings and escape tabs as `\\t`.",
    ),
)


FAMILY = Family("SYN", RULES, None, None, kinds=None)
