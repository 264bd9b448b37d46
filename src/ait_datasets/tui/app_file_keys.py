"""The file node: the file's own keys in their form, the app's suite-setup names for it,
and (for a suite-setup file, which has no tests) the whole file as raw YAML. A base of
:class:`~.app.DatasetEditor`, which owns the model and the widgets."""

from __future__ import annotations

import os
from typing import Any

from textual.widgets import ContentSwitcher

from ait_datasets.lint.project import app_suite_setup_names
from ait_datasets.tui.app_structure import StructureActions
from ait_datasets.tui.file_meta import MetaError, read_meta
from ait_datasets.tui.labels import file_info
from ait_datasets.tui.layout import (
    JSON,
    JSON_SINGLE,
    JSONL,
    SINGLE,
    SUITE_SETUP,
    UnsupportedLayout,
)
from ait_datasets.tui.model import FILE_FOCUS
from ait_datasets.tui.unapplied import RAW
from ait_datasets.tui.widgets.file_form import FileForm
from ait_datasets.tui.widgets.raw_form import RawForm

# The key of a suite-setup file's whole raw text that did not apply.
FILE_RAW = (RAW, None, None)

_NOTES = {
    JSON: "A JSON dataset: one array of tests, and no keys of its own (the importer reads "
    "none). Each element is a test in the tree; a changed element is written back as JSON "
    "in the file's style, every other byte as it was.",
    JSONL: "A JSONL dataset: one test per line, and no keys of its own (the importer reads "
    "none). Each row is a test in the tree; a changed row is written back as one JSON line, "
    "every other line byte for byte.",
    JSON_SINGLE: "This JSON file is one test (an object, not an array of tests): select the "
    "test to edit it; a change is written back as JSON in the file's style.",
    SINGLE: "This file is one test (it has no tests: list): its name and description are "
    "the test's own; select the test to edit them.",
    SUITE_SETUP: "A suite-setup file: datasets name it in suite_setup:. F3 shows and edits "
    "the whole file as raw YAML (the setup actions included).",
}


class FileKeys(StructureActions):
    """The file node's form and raw view."""

    raw_mode: bool

    def show_file(self) -> None:
        """Show the file's keys (or, in raw mode, a suite-setup file's whole text)."""
        lay = self.model.layout
        switcher = self.query_one(ContentSwitcher)
        if self.raw_mode and lay.kind == SUITE_SETUP:
            form = self.query_one(RawForm)
            form.target = (None, None)
            form.load(f"Raw YAML — {os.path.basename(self.model.path)}", self.model.text())
            kept = self.unapplied.get(FILE_RAW)
            if kept is not None:
                form.show_unapplied(kept.text, kept.problem)
            switcher.current = "raw-form"
            return
        switcher.current = "file-form"
        name = os.path.basename(self.model.path)
        meta = {**read_meta(lay.suffix), **read_meta(lay.prefix)}
        info = _NOTES.get(lay.kind) or file_info(name, len(self.model))
        self.query_one(FileForm).load(meta, info, kind=lay.kind)

    def set_file_value(self, key: str, value: Any) -> None:
        """Set (or, with '', remove) one of the file's own keys."""
        try:
            self.model.set_file_value(key, "" if value is None else str(value))
        except MetaError as exc:
            self.notify(f"Not changed: {exc}", severity="error", timeout=8)
            return
        self._update_title()
        self.schedule_lint()

    def set_raw_file(self, form: RawForm, text: str) -> None:
        """The whole (suite-setup) file typed as raw YAML: applied when it still parses."""
        kind = self.model.layout.kind
        try:
            self.model.replace_text(text, "raw edit", FILE_FOCUS, merge_key="raw:file")
        except UnsupportedLayout as exc:
            form.show_result(exc)
            what = f"the raw text of {os.path.basename(self.model.path)}"
            self.keep_unapplied(FILE_RAW, what, text, exc)
            return
        form.show_result(None)
        self.unapplied.applied(FILE_RAW)
        if self.model.layout.kind != kind:
            self.dataset_tree.populate()
            self.notify("The file is no longer a suite-setup file; it is now a dataset.")
        self._update_title()
        self.schedule_lint()

    def refresh_setup_names(self) -> None:
        """Read the app's suite-setup names off the UI thread; the file form completes them."""
        path = self.model.path
        form = self.query_one(FileForm)

        def work() -> None:
            names = app_suite_setup_names(path)
            self.call_from_thread(form.set_setup_names, names)

        self.run_worker(work, thread=True, group="setups", exclusive=True, exit_on_error=False)
