"""Azure DevOps logging commands: each finding becomes an issue on the pipeline run.

``##vso[task.logissue type=error;sourcepath=PATH;linenumber=L;columnnumber=C;code=CODE;]message``
(``type=warning`` for warnings and infos: the command knows only these two types). Paths
are relative to the working directory (the checkout, ``$(Build.SourcesDirectory)``) with
forward slashes. Values are escaped the way the agent decodes them: ``%`` as ``%AZP25``,
CR and LF as ``%0D`` and ``%0A`` everywhere, and ``;`` and ``]`` (which would end a
property or the command) as ``%3B`` and ``%5D`` in properties (the agent's ``Command.cs``
and the task library's ``taskcommand.ts``). Before that, what a file holds is shown on one
line with control characters as escapes and no command marker (:mod:`ait_datasets.log_text`):
the agent acts on ``##vso[`` anywhere in a line.
"""

from __future__ import annotations

from ait_datasets.dataset.paths import display_path
from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.lint.reporters import Report
from ait_datasets.lint.reporters.summary import statistics
from ait_datasets.log_text import one_line

TYPES = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "warning"}


def render(report: Report) -> str:
    lines = [logissue(diag) for diag in report.diagnostics]
    if report.statistics:
        lines.extend(statistics(report.diagnostics))
    return "".join(line + "\n" for line in lines)


def logissue(diag: Diagnostic) -> str:
    """One ``task.logissue`` command for ``diag``."""
    props = {
        "type": TYPES[diag.severity],
        "sourcepath": one_line(display_path(diag.path)),
        "linenumber": str(diag.line),
        "columnnumber": str(diag.column),
        "code": diag.code,
    }
    joined = "".join(f"{key}={escape_property(value)};" for key, value in props.items())
    return f"##vso[task.logissue {joined}]{escape_data(one_line(diag.message))}"


def escape_data(text: str) -> str:
    """Escape a command's message."""
    return text.replace("%", "%AZP25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """Escape a property value: also ``;`` and ``]``."""
    return escape_data(text).replace(";", "%3B").replace("]", "%5D")
