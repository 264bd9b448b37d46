"""YAML 1.2 core-schema resolution of plain scalars.

PyYAML resolves YAML 1.1 (``yes`` and ``on`` are booleans, ``010`` is octal, ``1:30`` is
sexagesimal, ``2025-01-01`` is a date). Datasets are converted to JSON by the framework,
and the YAML 1.2 core schema is what a JSON-minded reader expects, so we resolve plain
scalars ourselves and leave everything else as text.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

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
# The same for YAML 1.1's implicit types (yes/no/on/off/y/n, merge `<<`, value `=`).
_MAYBE_NOT_TEXT_11 = MAYBE_NOT_TEXT | frozenset("yYoO<=")
# The letters among them: such a text is null, a boolean or text.
_LETTERS = frozenset("nNtTfF")

# Numbers of more decimal digits than this are kept as text and reported (SYN010):
# Python refuses to convert them to or from decimal text (its limit is 4300 digits), and
# the framework's numbers are Decimals of about 28 digits anyway.
MAX_NUMBER_DIGITS = 4300
# No plain scalar this short can be a number over the limit (hex has 1.2 digits per
# character): the cheap test the readers make before the exact one.
MAY_BE_OVERSIZED = 3500


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
    if text[0] in _LETTERS:
        return text  # no number starts with a letter (names such as `T0001`, `Total`)
    if len(text) > MAY_BE_OVERSIZED and oversized_number(text):
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


def oversized_number(text: str) -> bool:
    """Whether a plain scalar is a number of more than ``MAX_NUMBER_DIGITS`` decimal
    digits (which ``resolve_plain`` keeps as text, and the readers report)."""
    if len(text) <= MAY_BE_OVERSIZED:
        return False
    if _INT16.match(text):
        return (len(text) - 2) * 1.2042 > MAX_NUMBER_DIGITS  # log10(16) digits each
    if _INT8.match(text):
        return (len(text) - 2) * 0.9031 > MAX_NUMBER_DIGITS  # log10(8) digits each
    return len(text) > MAX_NUMBER_DIGITS and bool(_INT10.match(text) or _FLOAT.match(text))


def oversized_message(text: str) -> str:
    """The SYN010 finding's message for an oversized number."""
    return (
        f"A number of {len(text)} characters: too large to read (over "
        f"{MAX_NUMBER_DIGITS} decimal digits) and far too large for Business Central "
        "(Decimal holds about 28 digits). Quote it if it is an id or text."
    )


@cache
def _yaml11_resolver() -> Any:
    from yaml.resolver import Resolver  # PyYAML's, which resolves YAML 1.1

    return Resolver()


def plain_reads_as_text(text: str) -> bool:
    """Whether ``text`` written as a plain scalar reads back as this text in YAML 1.2
    (our reader, the framework's JSON-minded one) and in YAML 1.1 (PyYAML, and readers
    that take ``yes``, ``on``, ``1:30`` or ``2025-01-01`` for something else).

    The one test every writer of plain scalars uses (the DSL, ``resolve``, ``migrate``).
    Layout (indicators, ``: ``, `` #``) is the writer's business.
    """
    value = resolve_plain(text)
    if not isinstance(value, str) or value != text:
        return False
    if text and text[0] not in _MAYBE_NOT_TEXT_11:
        return True  # no YAML 1.1 implicit type starts with anything else
    import yaml

    tag = _yaml11_resolver().resolve(yaml.ScalarNode, text, (True, False))
    return bool(tag == "tag:yaml.org,2002:str")
