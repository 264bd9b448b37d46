"""What every reader of run results shares: how rows are read, and how a file that
cannot be read is reported (each format's reader, :mod:`.inputs` and
:mod:`.eval_summary`, raises the same :class:`ReportInputError`)."""

from __future__ import annotations

from dataclasses import dataclass

MAX_PROBLEMS = 20


@dataclass(frozen=True, slots=True)
class Problem:
    """Why (part of) an input file could not be read. ``line`` 0 means the whole file."""

    path: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        if self.line <= 0:
            return f"{self.path}: {self.message}"
        return f"{self.path}:{self.line}:{self.column}: {self.message}"


class ReportInputError(Exception):
    """One or more input files could not be read; ``problems`` says where and why."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


def unreadable(path: str, exc: OSError) -> ReportInputError:
    """The error of a file that cannot be opened or read."""
    return ReportInputError([Problem(path, 0, 0, f"cannot read the file: {exc.strerror or exc}")])


@dataclass(frozen=True, slots=True)
class ReadOptions:
    """How rows become runs: ``runs_by`` (``version`` or ``tag``) and whether the
    possibly sensitive ``inputData``/``outputData`` are kept (``--show-data``)."""

    runs_by: str = "version"
    show_data: bool = False
