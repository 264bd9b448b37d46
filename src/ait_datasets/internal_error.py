"""An unexpected error while processing one file, carrying the file's name.

Commands that work file by file wrap anything unexpected (a bug, not a fault in the
file: those are diagnostics) in :class:`FileInternalError`, so that the command line's
last-resort handler can say which file to attach to a bug report. With ``--debug`` the
handler re-raises the original error, whose traceback is the useful one.
"""

from __future__ import annotations


class FileInternalError(Exception):
    """``error`` escaped while processing ``path``."""

    def __init__(self, path: str, error: BaseException) -> None:
        super().__init__(path, error)
        self.path = path
        self.error = error

    def __str__(self) -> str:
        return f"{self.path}: {type(self.error).__name__}: {self.error}"
