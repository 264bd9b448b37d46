"""The app a file belongs to, and the names the importer gives its files.

An *app* is what the framework imports together: the files under the nearest ancestor
folder named ``.resources`` (the test app's resource folder, listed by the install
codeunit's ``NavApp.ListResources``). Outside any ``.resources`` folder, files are grouped
by the nearest folder holding an ``app.json`` (an AL app), and only without one by the
paths given together on the command line.

Group codes and names follow ``Test Inputs Management`` exactly (contract §0.3-0.5): the
suffix test is ``Text.EndsWith``, case-sensitive, so ``Orders.JSONL`` keeps its suffix.
"""

from __future__ import annotations

import os

from ait_datasets.schema.vocabulary import MAX_GROUP_CODE

# The app key of files that belong to no `.resources` folder and no AL app.
GIVEN_PATHS = ""
RESOURCES = ".resources"
APP_MANIFEST = "app.json"


def app_root(path: str) -> str | None:
    """The nearest ancestor folder named ``.resources`` (the app's resources), or None."""
    parts = os.path.abspath(path).split(os.sep)
    for i in range(len(parts) - 1, 0, -1):
        if parts[i] == RESOURCES:
            return os.sep.join(parts[: i + 1])
    return None


def app_manifest_folder(path: str) -> str | None:
    """The nearest ancestor folder of ``path`` holding an ``app.json``, or None."""
    folder = os.path.dirname(os.path.abspath(path))
    while True:
        if os.path.isfile(os.path.join(folder, APP_MANIFEST)):
            return folder
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def app_key(path: str) -> str:
    """Which files are imported together with ``path`` (see the module's documentation)."""
    return app_root(path) or app_manifest_folder(path) or GIVEN_PATHS


def group_code(file_name: str) -> str:
    """The importer's `Test Input Group` code for a dataset file name (before truncation).

    `.jsonl`/`.json` lose their extension, everything else (`.yaml`) keeps it; the code is
    upper-cased (a Code field). The suffix test is case-sensitive, like the importer's
    ``Text.EndsWith``: ``Orders.JSONL`` matches no branch and keeps its suffix.
    """
    name = os.path.basename(file_name)
    for suffix in (".jsonl", ".json"):
        if name.endswith(suffix):
            return name[: -len(suffix)].upper()
    return name.upper()


def code_field(text: str) -> str:
    """``text`` as the importer stores it in a Code[100] field (`Test Input Group` and
    `Test Input` codes, a suite line's `Input Dataset`): upper-cased, cut to 100."""
    return text.upper()[:MAX_GROUP_CODE]


def dataset_code(path: str) -> str:
    """The `Test Input Group` code stored for the dataset file at ``path`` (the export's
    `dataset`, a suite's `Dataset=`): :func:`group_code`, cut as a Code[100]."""
    return code_field(group_code(path))


def group_name(file_name: str, fmt: str, yaml_name: str | None) -> str:
    """The importer's `Group Name`: a YAML file's top-level `name`, else the file name."""
    if fmt == "yaml" and yaml_name is not None:
        return yaml_name
    return os.path.basename(file_name)
