"""Where `datasets lint` writes its reports: several formats in one run, files or stdout.

``--format NAME[:FILE]`` may be repeated: ``--format text --format sarif:datasets.sarif``
prints the text and writes the SARIF file in one run. ``-o FILE`` sends the format that
has no file of its own there instead of standard output. Without ``--format`` the format
is ``github`` under GitHub Actions (``GITHUB_ACTIONS=true``), ``azure`` under Azure
Pipelines (``TF_BUILD=True``), else ``text``.
"""

from __future__ import annotations

import argparse
import os

from ait_datasets.records import Record


class Output(Record):
    """One report to produce: its format and its file (None: standard output)."""

    format: str
    path: str | None = None


def format_spec(text: str) -> Output:
    """argparse type for ``--format NAME[:FILE]``."""
    from ait_datasets.lint.reporters import FORMATS
    from ait_datasets.lint.suggest import hint

    name, sep, path = text.partition(":")
    if name not in FORMATS:
        raise argparse.ArgumentTypeError(
            f"invalid choice: '{name}' (choose from {', '.join(FORMATS)}).{hint(name, FORMATS)}"
        )
    if sep and not path:
        raise argparse.ArgumentTypeError(f"'{text}': give a file after the colon")
    return Output(name, path or None)


def default_format() -> str:
    """The format when none is asked for: the CI's own annotations, else text."""
    if os.environ.get("GITHUB_ACTIONS") == "true":
        return "github"
    if os.environ.get("TF_BUILD", "").lower() == "true":
        return "azure"
    return "text"


def outputs(requested: list[Output] | None, output_file: str | None) -> list[Output] | str:
    """The reports to produce, or an error message."""
    chosen = list(requested or [Output(default_format())])
    to_stdout = [o for o in chosen if o.path is None]
    if len(to_stdout) > 1:
        names = ", ".join(o.format for o in to_stdout)
        return (
            f"--format: only one format can go to standard output ({names}); write the "
            "others to files (--format sarif:datasets.sarif)"
        )
    if output_file is not None:
        if not to_stdout:
            return "-o/--output-file: every --format already names its file"
        chosen = [Output(o.format, output_file) if o.path is None else o for o in chosen]
    paths = [o.path for o in chosen if o.path is not None]
    if len(set(paths)) != len(paths):
        return "--format: two reports would be written to the same file"
    return chosen


def overwrites_input(output: str, inputs: list[str]) -> str | None:
    """The input that ``output`` would overwrite, or None (output never replaces an input)."""
    if not os.path.exists(output):
        return None
    for path in inputs:
        try:
            if os.path.exists(path) and os.path.samefile(path, output):
                return path
        except OSError:
            continue
    return None
