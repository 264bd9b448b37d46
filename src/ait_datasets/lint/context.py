"""What a rule gets besides the document: configuration, the file's kind and its app."""

from __future__ import annotations

from collections.abc import Iterator

from ait_datasets.dataset import ai_files, shape
from ait_datasets.dataset.suites import Apps
from ait_datasets.lint.config import LintConfig
from ait_datasets.records import Record, field
from ait_datasets.source.document import Document


class LintContext(Record):
    """The configuration of the file being linted, what kind of file it is, and the
    app-level facts about it (never stored in the document's cache)."""

    config: LintConfig = field(default_factory=LintConfig)
    # Cross-file rules get the project in their own phase (``check_project``).
    kind: shape.FileKind = shape.FileKind.DATASET
    # The agent suite XML of the app that runs this dataset (so all its tests are agent
    # tests, whatever their keys), or None (see ait_datasets.dataset.suites).
    agent_suite: str | None = None
    # The run's memory of the app's suite XMLs, for questions asked only when a rule needs
    # them (is this resource named by a suite?); None: no suite is consulted.
    apps: Apps | None = None

    _uncompared = ("apps",)

    def is_ai_test_file(self, doc: Document) -> bool:
        """Whether ``doc`` is an AI-test file (see :mod:`ait_datasets.dataset.ai_files`)."""
        return ai_files.is_ai_test_file(doc, self.apps)

    def agent_tests(self, doc: Document) -> list[shape.TestRef]:
        """The agent tests of ``doc`` with this file's app facts."""
        return shape.agent_tests(doc, self.agent_suite is not None)

    def agent_turns(self, doc: Document) -> Iterator[shape.TurnRef]:
        """Every turn of every agent test of ``doc`` with this file's app facts."""
        return shape.agent_turns(doc, self.agent_suite is not None)
