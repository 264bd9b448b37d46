"""Write a rendered report to a file atomically, keeping an existing file's permissions."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Iterator

from ait_datasets.atomic import stat_or_none, streaming_atomically


def names_an_input(output: str, inputs: Iterable[str]) -> bool:
    """Whether ``output`` is (a link to, or another name of) one of ``inputs``."""
    target = _compared(output)
    for name in inputs:
        if _compared(name) == target:
            return True
        try:
            if os.path.samefile(name, output):  # hard links, case-insensitive names
                return True
        except OSError:
            continue
    return False


def read_by_report(
    output: str, inputs: list[str], datasets: list[str], policy: list[str]
) -> str | None:
    """What ``output`` is among the files `datasets report` reads, or None.

    ``inputs``: the exports, baselines and quarantine; ``datasets``: the --datasets paths
    (every dataset file found under them counts); ``policy``: the configuration files the
    policy may come from.
    """
    if names_an_input(output, inputs):
        return "one of the inputs"
    if names_an_input(output, policy):
        return "a policy configuration file"
    # A name that is not there yet cannot be a dataset file: no need to look for them.
    if datasets and os.path.exists(output):
        from ait_datasets.lint.discover import discover

        if names_an_input(output, discover(datasets)):
            return "a dataset file under --datasets"
    return None


def _compared(path: str) -> str:
    """``path`` as the file system tells names apart: links resolved, and case folded
    where names are case-insensitive (Windows)."""
    return os.path.normcase(os.path.realpath(path))


def write_atomic(path: str, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` so that a reader never sees half a report.

    The text goes to a temporary file in the same directory, which then replaces the
    target in one step (:mod:`ait_datasets.atomic`). An existing file keeps its permission
    bits; a target that is not a regular file (a device such as ``/dev/stdout``, a pipe)
    is written in place.
    """
    write_chunks_atomic(path, (text,))


def write_chunks_atomic(path: str, chunks: Iterable[str]) -> None:
    """:func:`write_atomic` for a report rendered in pieces (the HTML page of millions of
    runs): each piece is written as it comes (:func:`~ait_datasets.atomic.streaming_atomically`),
    so the report is never held whole; the target is replaced only once every piece is
    written, and a failure midway (rendering too) leaves it as it was."""
    target = os.path.realpath(path)
    status = stat_or_none(target)
    if status is not None and not stat.S_ISREG(status.st_mode):
        with open(target, "w", encoding="utf-8", newline="\n") as fh:
            for batch in batches(chunks):
                fh.write(batch)
        return
    with streaming_atomically(target) as out:
        for batch in batches(chunks):
            out.write_text(batch)


def batches(chunks: Iterable[str], size: int = 1 << 20) -> Iterator[str]:
    """The pieces joined into batches of about ``size`` characters (fewer, larger writes)."""
    batch: list[str] = []
    length = 0
    for chunk in chunks:
        batch.append(chunk)
        length += len(chunk)
        if length >= size:
            yield "".join(batch)
            batch, length = [], 0
    if batch:
        yield "".join(batch)


def refuse_plan_folder(folder: str, inputs: list[str], sources: list[str]) -> str | None:
    """Why the rerun plan must not be written into ``folder``, or None.

    Refused: a folder that holds (at any depth) one of the ``inputs`` or a source dataset
    file, and a folder inside a source folder (the folders of the source datasets and the
    --datasets folders): a test app imports every dataset and suite XML of its resources,
    so a plan written there would be imported and run with the app.
    """
    target = _compared(folder)
    for name in inputs:
        if _within(_compared(name), target):
            return f"{folder} holds the input {name}"
    for name in sources:
        real = _compared(name)
        if os.path.isfile(real) and _within(real, target):
            return f"{folder} holds the source dataset {name}"
        source_folder = real if os.path.isdir(real) else os.path.dirname(real)
        if _within(target, source_folder):
            return f"{folder} is inside the source folder {source_folder}"
    return None


def _within(path: str, folder: str) -> bool:
    try:
        return os.path.commonpath([path, folder]) == folder
    except ValueError:  # different drives
        return False
