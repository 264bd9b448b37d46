"""YAML 1.2 core-schema resolution of plain scalars.

PyYAML resolves YAML 1.1 (``yes`` and ``on`` are booleans, ``010`` is octal, ``1:30`` is
sexagesimal, ``2025-01-01`` is a date). Datasets are converted to JSON by the framework,
and the YAML 1.2 core schema is what a JSON-minded reader expects, so we resolve plain
scalars ourselves and leave everything else as text.
"""

from __future__ import annotations

import re

_NULL = frozenset({"", "~", "null", "Null", "NULL"})
_TRUE = frozenset({"true", "True", "TRUE"})
_FALSE = frozenset({"false", "False", "FALSE"})
_INT10 = re.compile(r"[-+]?[0-9]+\Z")
_INT8 = re.compile(r"0o[0-7]+\Z")
_INT16 = re.compile(r"0x[0-9a-fA-F]+\Z")
_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?\Z")
_INF = re.compile(r"[-+]?\.(?:inf|Inf|INF)\Z")
_NAN = re.compile(r"\.(?:nan|NaN|NAN)\Z")

# Only scalars that start with one of these can be anything but text: a cheap pre-check
# that keeps the common case (words) away from the regular expressions.
MAYBE_NOT_TEXT = frozenset("0123456789-+.~nNtTfF")

# Numbers longer than this are kept as text: int() on a huge digit string is slow and
# the framework's JSON numbers are decimals anyway.
MAX_NUMBER_DIGITS = 4300


def resolve_plain(text: str) -> object:
    """The value of a plain (unquoted) YAML scalar under the YAML 1.2 core schema."""
    if not text:
        return None
    if text[0] not in MAYBE_NOT_TEXT:
        return text
    if text in _NULL:
        return None
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    if len(text) > MAX_NUMBER_DIGITS:
        return text
    if _INT10.match(text):
        return int(text)
    if _INT8.match(text):
        return int(text[2:], 8)
    if _INT16.match(text):
        return int(text[2:], 16)
    if _FLOAT.match(text):
        return float(text)
    if _INF.match(text):
        return float("-inf") if text[0] == "-" else float("inf")
    if _NAN.match(text):
        return float("nan")
    return text
