"""Suite XML (XmlPort 149031 "AIT Test Suite Import/Export") for an agent test app.

Written as UTF-16LE with a byte order mark and ``encoding="UTF-16"``: the encoding
Microsoft's authoring guide requires (UTF-8 suites work too, but this is the safe choice).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from xml.sax.saxutils import quoteattr

from ait_datasets.dsl.errors import DatasetBuildError

AGENT_TEST_RUNNER = 130451  # Test Runner - Isol. Disabled, used by agent suites
MAX_SUITE_CODE = 10  # "AIT Test Suite".Code is Code[10]
MAX_DESCRIPTION = 250
TEST_TYPES = ("Copilot", "Agent", "MCP")
FREQUENCIES = ("Manual", "Daily", "Weekly")


@dataclass(frozen=True)
class SuiteLine:
    """One ``<Line>``: a test codeunit run over one dataset."""

    codeunit_id: int
    dataset: str
    description: str = ""


@dataclass(frozen=True)
class Suite:
    """One ``<AITSuite>``. ``dataset`` is the default for lines that name none."""

    code: str
    dataset: str
    lines: Sequence[SuiteLine] = field(default_factory=tuple)
    description: str = ""
    capability: str | None = None
    frequency: str | None = None
    test_runner_id: int | None = AGENT_TEST_RUNNER
    test_type: str = "Agent"

    def __post_init__(self) -> None:
        if not self.code or len(self.code) > MAX_SUITE_CODE:
            raise DatasetBuildError(
                f"suite code {self.code!r} must be 1 to {MAX_SUITE_CODE} characters"
            )
        if self.test_type not in TEST_TYPES:
            raise DatasetBuildError(f"TestType must be one of {', '.join(TEST_TYPES)}")
        if self.frequency is not None and self.frequency not in FREQUENCIES:
            raise DatasetBuildError(f"Frequency must be one of {', '.join(FREQUENCIES)}")
        for text in (self.description, *(line.description for line in self.lines)):
            if len(text) > MAX_DESCRIPTION:
                raise DatasetBuildError(f"description {text[:30]!r}... is over 250 characters")


def dataset_reference(file_name: str) -> str:
    """How a suite names a dataset file: ``.yaml`` with its extension, ``.jsonl`` without."""
    if file_name.endswith((".jsonl", ".json")):
        return file_name.rsplit(".", 1)[0]
    return file_name


def suite_xml_text(suite: Suite) -> str:
    """The suite XML as text (declaration included, ``\\n`` line ends)."""
    attrs = [("Code", suite.code)]
    if suite.description:
        attrs.append(("Description", suite.description))
    attrs.append(("Dataset", suite.dataset))
    if suite.capability:
        attrs.append(("Capability", suite.capability))
    if suite.frequency:
        attrs.append(("Frequency", suite.frequency))
    if suite.test_runner_id is not None:
        attrs.append(("TestRunnerId", str(suite.test_runner_id)))
    attrs.append(("TestType", suite.test_type))
    out = [
        '<?xml version="1.0" encoding="UTF-16" standalone="no"?>',
        "<Root>",
        f"  <AITSuite {_attributes(attrs)}>",
    ]
    for line in suite.lines:
        line_attrs = [("CodeunitID", str(line.codeunit_id))]
        if line.description:
            line_attrs.append(("Description", line.description))
        line_attrs.append(("Dataset", line.dataset))
        out.append(f"    <Line {_attributes(line_attrs)} />")
    out += ["  </AITSuite>", "</Root>", ""]
    return "\n".join(out)


def suite_xml_bytes(suite: Suite) -> bytes:
    """The suite XML as UTF-16LE bytes with a byte order mark."""
    return b"\xff\xfe" + suite_xml_text(suite).encode("utf-16-le")


def _attributes(pairs: list[tuple[str, str]]) -> str:
    return " ".join(f"{name}={quoteattr(value)}" for name, value in pairs)
