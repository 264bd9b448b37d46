"""JUnit XML for CI test dashboards: every linted file is one test case.

One ``<testsuite name="datasets lint">`` holds a ``<testcase classname=PATH name="lint">``
per file. A file with errors fails: its ``<failure>`` carries the error count as
``message`` and the errors as ``file:line:col: severity CODE message`` lines. Warnings
and infos do not fail a file; they are listed in the test case's ``<system-out>``.
Files without findings are passing test cases. Text is exact but for the characters XML
cannot carry (shown as ``\\uXXXX``); what a CI log would act on is written as a character
reference (:func:`ait_datasets.log_text.xml_for_logs`), which reads back the same.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from ait_datasets.dataset.paths import display_path
from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.lint.reporters import Report
from ait_datasets.log_text import xml_for_logs
from ait_datasets.plural import plural

SUITE_NAME = "datasets lint"

# Characters XML 1.0 cannot carry at all, even escaped (a message may quote them from a file).
_NOT_XML = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def render(report: Report) -> str:
    by_file: dict[str, list[Diagnostic]] = {path: [] for path in report.paths}
    # A finding can name a file that was not in the list (e.g. a cross-file check, or a
    # caller that filled no paths): it still gets its own test case.
    for diag in report.diagnostics:
        by_file.setdefault(diag.path, []).append(diag)

    suites = ET.Element("testsuites", name=SUITE_NAME)
    suite = ET.SubElement(suites, "testsuite", name=SUITE_NAME)
    failures = 0
    for path, diags in by_file.items():
        case = ET.SubElement(
            suite, "testcase", classname=_xml_safe(display_path(path)), name="lint"
        )
        errors = [d for d in diags if d.severity is Severity.ERROR]
        others = [d for d in diags if d.severity is not Severity.ERROR]
        if errors:
            failures += 1
            failure = ET.SubElement(
                case,
                "failure",
                message=plural(len(errors), "error"),
                type="lint",
            )
            failure.text = _lines(errors)
        if others:
            ET.SubElement(case, "system-out").text = _lines(others)
    for element in (suites, suite):
        element.set("tests", str(len(by_file)))
        element.set("failures", str(failures))
        element.set("errors", "0")
    suite.set("skipped", "0")
    ET.indent(suites)
    body = xml_for_logs(ET.tostring(suites, encoding="unicode"))
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n"


def _lines(diags: list[Diagnostic]) -> str:
    text = "".join(
        f"{display_path(d.path)}:{d.line}:{d.column}: {d.severity.value} {d.code} {d.message}\n"
        for d in diags
    )
    return _xml_safe(text)


def _xml_safe(text: str) -> str:
    return _NOT_XML.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
