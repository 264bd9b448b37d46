"""The suite-setup names a dataset of this app can name in ``suite_setup:``.

The same answer REF001 (``unknown-suite-setup``) gives: the Group Names of the app's
suite-setup files, read through the lint layer's project facts (the app's ``.resources``
folder is read once, under the neighbour-file limits). Outside a ``.resources`` folder the
app is only the files linted together, so there is nothing to offer.
"""

from __future__ import annotations

from ait_datasets.dataset import shape
from ait_datasets.dataset.app import group_name
from ait_datasets.lint.facts import FileFacts
from ait_datasets.lint.project import Project


def suite_setup_names(path: str) -> list[str]:
    """The sorted Group Names of the suite-setup files of ``path``'s app (from disk)."""
    project = Project()
    project.add(FileFacts(path, shape.DATASET, "yaml"))
    files = project.apps().get(project.app_key(path), [])
    return sorted(
        {group_name(f.path, f.format, f.name) for f in files if f.kind == shape.SUITE_SETUP}
    )
