"""Which files `datasets lint PATH...` looks at.

Files named on the command line are always linted. Inside directories we look for
``.yaml``, ``.yml``, ``.json`` and ``.jsonl`` files (any case, so that wrong spellings are
reported), skipping version-control, editor and environment folders. ``.json`` files are
only picked up inside a ``.resources`` folder: elsewhere in an AL project they are
``app.json``, ``launch.json`` and friends, not datasets. ``.xml`` files (suite
definitions) likewise: only inside ``.resources``, where the test app's install code
imports every ``*.xml`` resource as a suite, unless named on the command line; of those,
only XML with an ``<AIT...`` element near its start (a suite, or a misspelt one) is linted,
so catalogs and Data Exchange Definitions are not reported for their encoding. An empty
file in ``.resources`` outside any dataset folder (an empty HTTP mock, say) is skipped: it is
a resource, not an empty dataset (see ``ai_files``), unless a suite XML of the app names it
(given the run's ``apps``: then the suite would run it, and it is reported as empty).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ait_datasets.dataset.suites import Apps

_SKIP_DIRS = frozenset(
    {
        ".git",
        ".hg",
        ".svn",
        ".github",
        ".vscode",
        ".idea",
        ".alpackages",
        ".venv",
        "venv",
        "node_modules",
        "__pycache__",
        ".mypy_cache",
        ".ruff_cache",
        ".pytest_cache",
        ".tox",
    }
)
_YAML_LIKE = (".yaml", ".yml", ".jsonl")


def is_candidate(path: str, in_resources: bool) -> bool:
    name = os.path.basename(path)
    lower = name.lower()
    if lower.endswith(_YAML_LIKE):
        return not name.startswith(".")
    if lower.endswith(".xml"):
        return in_resources and not name.startswith(".")
    return lower.endswith(".json") and in_resources


def is_xml(path: str) -> bool:
    """A suite XML file (by its suffix, any case)."""
    return path.lower().endswith(".xml")


def discover(
    paths: Iterable[str],
    refused: list[tuple[str, str]] | None = None,
    *,
    apps: Apps | None = None,
) -> Iterator[str]:
    """Dataset files under ``paths`` in a stable (sorted) order; plain files as given.

    Inside directories, a symbolic link whose target lies outside the directory is not
    followed (a pull request could otherwise make CI print any file of the machine); it
    is added to ``refused`` with the reason.
    """
    seen: set[str] = set()
    for path in paths:
        if os.path.isdir(path):
            for found in _walk(path, refused, apps):
                if found not in seen:
                    seen.add(found)
                    yield found
        elif path not in seen:
            seen.add(path)
            yield path


def candidates(
    top: str, onerror: Callable[[OSError], None] | None = None
) -> Iterator[tuple[str, bool]]:
    """(path, whether it is in a ``.resources`` folder) of every file under the folder
    ``top`` that may be a dataset or a suite by its name, in a stable order; no file is
    opened (the editing session lists them on every lint, see ``app_facts``)."""
    top_in_resources = ".resources" in os.path.normpath(os.path.abspath(top)).split(os.sep)
    for root, dirs, files in os.walk(top, onerror=onerror, followlinks=False):
        dirs[:] = sorted(d for d in dirs if d not in _SKIP_DIRS)
        in_resources = top_in_resources or ".resources" in os.path.normpath(root).split(os.sep)
        for name in sorted(files):
            path = os.path.join(root, name)
            if is_candidate(path, in_resources):
                yield path, in_resources


def _walk(
    top: str, refused: list[tuple[str, str]] | None, apps: Apps | None = None
) -> Iterator[str]:
    real_top = os.path.realpath(top)

    def unreadable(exc: OSError) -> None:
        # A folder that cannot be listed would hide its datasets: say so (exit 2).
        if refused is not None:
            refused.append((exc.filename or top, exc.strerror or str(exc)))

    for found, in_resources in candidates(top, unreadable):
        path = _clean(found)
        if os.path.islink(path):
            target = os.path.realpath(path)
            if not os.path.exists(target):
                if refused is not None:
                    refused.append((path, "broken symbolic link"))
                continue
            if os.path.commonpath([real_top, target]) != real_top:
                if refused is not None:
                    refused.append(
                        (path, f"symbolic link to {target}, outside {top}: not followed")
                    )
                continue
        if in_resources and _blank_resource(path, apps):
            continue
        if is_xml(path) and not _may_be_suite(path):
            continue
        yield path


def _clean(path: str) -> str:
    """``./.resources/a.yaml`` -> ``.resources/a.yaml``: how paths are shown and compared."""
    here = os.curdir + os.sep
    while path.startswith(here) and len(path) > len(here):
        path = path[len(here) :]
    return path


# How a suite's first `AITSuite` (or a misspelling starting so) looks in the encodings an
# XML resource can have; it comes right after the root, so the head of the file is enough.
_SUITE_MARKS = tuple(
    mark.encode(encoding)
    for mark in ("<AIT", "<ait")
    for encoding in ("utf-8", "utf-16-le", "utf-16-be")
)
_SUITE_HEAD = 64 * 1024


def _may_be_suite(path: str) -> bool:
    """Whether an XML resource can be a suite: an `<AIT...` element near its start, or
    nothing else in it. Other XML (catalogs, Data Exchange Definitions) is not read, so its
    encoding or syntax is not reported; named on the command line, every XML is linted."""
    head = _regular_head(path, _SUITE_HEAD)
    if head is None:
        return True  # the linter reports it as unreadable (a pipe is never opened to read)
    if not head.strip(b" \t\r\n\x00\xef\xbb\xbf\xff\xfe"):
        return True
    return any(mark in head for mark in _SUITE_MARKS)


def _blank_resource(path: str, apps: Apps | None = None) -> bool:
    """An empty file outside any dataset folder: a placeholder resource (an empty HTTP mock
    `.json`, say), not an empty dataset. Inside a dataset folder, or named by a suite of the
    app, it is reported (SYN006)."""
    from ait_datasets.dataset.ai_files import in_dataset_folder, referenced_by_suite

    head = _regular_head(path, 65)
    if head is None or len(head) > 64:
        return False  # the linter reports it as unreadable, or it is not blank
    if head.strip() or in_dataset_folder(path):
        return False
    return apps is None or not referenced_by_suite(path, apps)


def _regular_head(path: str, size: int) -> bytes | None:
    """The first ``size`` bytes of ``path`` when it is a regular file, else None.

    Opened without blocking and checked on the handle: a named pipe named like a resource
    must never be read (it would wait for a writer forever).
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        return os.read(fd, size)
    except OSError:
        return None
    finally:
        os.close(fd)
