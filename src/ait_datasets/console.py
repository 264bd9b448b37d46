"""Standard output and error that never fail on a character the console cannot show.

A Windows console, and any pipe there, often encodes with a legacy code page (cp1252,
cp850) unless ``PYTHONIOENCODING`` or UTF-8 mode says otherwise; a message that quotes a
dataset's ``→`` or ``😀`` would end the command with ``UnicodeEncodeError``. While a
command runs, such a stream writes the characters its code page lacks as escapes
(``\\u2192``) instead. Its encoding is left alone: a UTF-8 stream is untouched, and what a
command writes to a file is UTF-8 whatever the console uses.
"""

from __future__ import annotations

import codecs
import contextlib
import io
import sys
from collections.abc import Iterator
from typing import TextIO

# Encodings that can encode every character (but lone surrogates, which ``terminal_text``
# escapes in messages).
_EVERY_CHARACTER = frozenset({"utf-8", "utf-16", "utf-32", "utf-8-sig", "gb18030"})
_ESCAPE = "backslashreplace"


def encodes_everything(encoding: str | None) -> bool:
    """Whether a stream of ``encoding`` can write any character."""
    if not encoding:
        return False
    try:
        name = codecs.lookup(encoding).name
    except LookupError:
        return False
    return name in _EVERY_CHARACTER or name.startswith(("utf-16", "utf-32"))


def make_safe(stream: TextIO) -> str | None:
    """Let ``stream`` escape what its encoding cannot write; the error handler it had
    (for :func:`restore`), or None when it needed no change or cannot be changed."""
    if not isinstance(stream, io.TextIOWrapper) or encodes_everything(stream.encoding):
        return None
    before = stream.errors
    if before not in ("strict", None):
        return None  # already lenient (replace, backslashreplace, surrogateescape...)
    try:
        stream.reconfigure(errors=_ESCAPE)
    except (OSError, ValueError):  # closed, or a pipe that is gone
        return None
    return before


def restore(stream: TextIO, errors: str | None) -> None:
    """Undo :func:`make_safe` (``errors`` is what it returned)."""
    if errors is None or not isinstance(stream, io.TextIOWrapper):
        return
    with contextlib.suppress(OSError, ValueError):
        stream.reconfigure(errors=errors)


@contextlib.contextmanager
def safe_console() -> Iterator[None]:
    """Standard output and error escape what they cannot encode while the block runs."""
    out, err = sys.stdout, sys.stderr
    out_errors, err_errors = make_safe(out), make_safe(err)
    try:
        yield
    finally:
        restore(out, out_errors)
        restore(err, err_errors)


def write_data(text: str) -> None:
    """Write ``text`` to standard output exactly as a file would hold it: UTF-8, with its
    own line ends.

    For what a program reads or a redirect saves (a fixed file from standard input, a
    diff, YAML, JSON, SARIF): standard output on Windows encodes with the code page and
    turns every ``\\n`` into ``\\r\\n``, which would make a CRLF file's lines end in
    ``\\r\\r\\n`` and an LF file CRLF. Text for a person goes through ``sys.stdout``.
    """
    out = sys.stdout
    buffer = getattr(out, "buffer", None)
    if buffer is None:  # a StringIO: text is all it takes
        out.write(text)
        return
    out.flush()  # what was written as text comes first
    buffer.write(text.encode("utf-8", _ESCAPE))  # a lone surrogate (from a JSON \ud800)
