"""Text for a CI log: nothing a file holds can add a line there or start a command.

Reports are read line by line by CI runners that act on commands in them. GitHub's runner
takes a line that starts with ``::`` (after white space) for a workflow command, and
``##[`` anywhere in a line for one in its older syntax; the Azure Pipelines agent takes
``##vso[`` anywhere in a line for a logging command (``##vso[task.setvariable ...]``,
``##vso[task.complete ...]``). Both compare culture-sensitively, which skips invisible
characters such as a soft hyphen, so ``##\\u00advso[`` counts too. A test name, a message
that quotes a value, a file name: all are the dataset author's (or a pull request's) text.

So a report for people or CI shows each finding on one line (:func:`one_line`: newlines
and every control character as escapes) with those markers broken (the ``[`` after ``##``
shown as ``\\x5b``, a line-starting ``:`` as ``\\x3a``). The data formats keep the exact
text and break the same markers with their own escapes (:func:`json_for_logs`,
:func:`xml_for_logs`): JSON ``\\u005b``, XML ``&#91;``, which decode to the same text.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ait_datasets.terminal_text import terminal_text

# Characters a culture-sensitive comparison ignores (Unicode's default ignorables): they
# may sit inside a marker without breaking it for the runner.
_IGNORABLE = (
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]*"
)
# `##[` (GitHub, older syntax) and `##vso[` (Azure): the group is the `[` to break.
_COMMAND = re.compile(
    f"#{_IGNORABLE}#{_IGNORABLE}(?:v{_IGNORABLE}s{_IGNORABLE}o{_IGNORABLE})?(\\[)",
    re.IGNORECASE,
)
# `::` at the start of a line, after white space (and ignorables): the group is the first `:`.
_LINE_COMMAND = re.compile(f"^(?:\\s|{_IGNORABLE[:-1]})*(:){_IGNORABLE}:", re.MULTILINE)
# What ends a line for some reader, on top of the controls terminal_text escapes.
_LINE_BREAKS = {"\n": "\\n", "\t": "\\t", "\u2028": "\\u2028", "\u2029": "\\u2029"}
_BREAK = re.compile("[\n\t\u2028\u2029]")


def one_line(text: str, *, starts_line: bool = False) -> str:
    """``text`` shown on one line of a log: control characters, newlines and tabs as
    escapes, and no CI command marker. ``starts_line``: the text begins the line."""
    shown = text
    # Most texts (a path, a rule's message) are printable ASCII: nothing to escape.
    if not (text.isascii() and text.isprintable()):
        shown = terminal_text(text)
        if "\n" in shown or "\t" in shown or "\u2028" in shown or "\u2029" in shown:
            shown = _BREAK.sub(lambda m: _LINE_BREAKS[m.group()], shown)
    if "#" not in shown and not (starts_line and ":" in shown):
        return shown
    return break_commands(shown, _escaped_bracket, _escaped_colon if starts_line else None)


def _escaped_bracket(_: str) -> str:
    return "\\x5b"


def _escaped_colon(_: str) -> str:
    return "\\x3a"


def break_commands(
    text: str,
    bracket: Callable[[str], str],
    colon: Callable[[str], str] | None = None,
) -> str:
    """``text`` with the ``[`` of every ``##[`` / ``##vso[`` replaced by ``bracket(...)``
    and, with ``colon``, the first ``:`` of a line-starting ``::`` by ``colon(...)``."""
    if "#" in text and "[" in text:
        text = _replace_group(_COMMAND, text, bracket)
    if colon is not None and ":" in text:
        text = _replace_group(_LINE_COMMAND, text, colon)
    return text


def _replace_group(pattern: re.Pattern[str], text: str, by: Callable[[str], str]) -> str:
    def one(match: re.Match[str]) -> str:
        whole, start = match.group(), match.start()
        at = match.start(1) - start
        return whole[:at] + by(match.group(1)) + whole[at + 1 :]

    return pattern.sub(one, text)


# Characters JSON and XML may carry raw that would act on a terminal or end a line.
_RAW_UNSAFE = re.compile("[\r\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]")


def json_for_logs(serialized: str) -> str:
    """JSON text (from ``json.dumps``) with the same values and no CI command marker or
    raw terminal control: those characters become ``\\uXXXX`` escapes.

    Safe on the serialized text: ``#`` and these characters occur only inside strings.
    (No line of indented JSON starts with ``:``.)
    """
    text = break_commands(serialized, lambda c: f"\\u{ord(c):04x}")
    return _RAW_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def xml_for_logs(serialized: str) -> str:
    """XML text (from ElementTree) with the same values and no CI command marker or raw
    terminal control: those characters become character references (``&#91;``).

    Safe on ElementTree's text: ``#``, a line-starting ``:`` and these characters occur
    only in text or attribute values (markup starts with ``<``; attribute values never
    span lines). A raw CR would also be read back as LF: ``&#13;`` keeps it.
    """

    def ref(c: str) -> str:
        return f"&#{ord(c)};"

    text = break_commands(serialized, ref, ref)
    return _RAW_UNSAFE.sub(lambda m: ref(m.group()), text)
