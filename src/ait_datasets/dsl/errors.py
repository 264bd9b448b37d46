"""The one error the DSL raises when asked to build something the framework cannot run."""

from __future__ import annotations


class DatasetBuildError(ValueError):
    """An invalid combination or value, reported when the object is built (not at run time)."""
