"""Variations: many small variants of one scenario, each with its own test name.

The framework's guidance is to cover a scenario with many small variations (other
phrasings, other dates, other quantities). ``variants`` copies a test once per change,
applies the change to the copy and names it uniquely:

    phrasings = [rephrase(title=t) for t in ("Process open orders", "Release the orders")]
    tests = variants(base_test, phrasings)          # BASE-1, BASE-2

A change is any function that takes a test and returns the changed test; ``rephrase``
and ``substitute`` build the common ones.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from ait_datasets.dsl.builders import AnyTest
from ait_datasets.dsl.canonical import to_data
from ait_datasets.dsl.errors import DatasetBuildError
from ait_datasets.schema import models
from ait_datasets.schema import vocabulary as v

T = TypeVar("T", models.AgentTest, models.CopilotTest)
Change = Callable[[T], T]


def variants(
    test: T,
    changes: Iterable[Change[T]],
    *,
    name: str = "{name}-{n}",
    description: str | None = None,
) -> list[T]:
    """One copy of ``test`` per change, named by ``name`` (``{name}`` and ``{n}``, from 1).

    ``description``, when given, is formatted the same way (``{description}`` is the
    original's). Names must stay unique ignoring case and within the framework's 100
    characters; otherwise a :class:`DatasetBuildError` says which.
    """
    out: list[T] = []
    seen = {str(test.name).upper()}
    for n, change in enumerate(changes, start=1):
        copy = test.model_copy(deep=True)
        changed = change(copy)
        new_name = name.format(name=test.name, n=n)
        if len(new_name) > v.MAX_TEST_NAME:
            raise DatasetBuildError(
                f"variant name {new_name!r} is longer than {v.MAX_TEST_NAME} characters"
            )
        if new_name.upper() in seen:
            raise DatasetBuildError(
                f"variant name {new_name!r} is not unique (names are compared ignoring case); "
                "put {n} in the name pattern"
            )
        seen.add(new_name.upper())
        changed.name = new_name
        if description is not None:
            changed.description = description.format(
                description=test.description or "", name=test.name, n=n
            )
        out.append(type(test).model_validate(to_data(changed)))
    return out


def rephrase(
    title: str | None = None, message: str | None = None, *, turn: int = 0
) -> Change[models.AgentTest]:
    """A change that rewords the task query of turn ``turn`` (0-based) of an agent test."""

    def change(test: models.AgentTest) -> models.AgentTest:
        turns = test.turns or []  # the DSL writes agent tests with `turns:` (never flat)
        if not 0 <= turn < len(turns):
            raise DatasetBuildError(f"test {test.name!r} has no turn {turn + 1}")
        query = turns[turn].query
        if not isinstance(query, models.TaskInputQuery):
            raise DatasetBuildError(
                f"turn {turn + 1} of test {test.name!r} is an intervention reply; "
                "rephrase the task query"
            )
        if title is not None:
            query.title = title
        if message is not None:
            query.message = message
        return test

    return change


def substitute(old: str, new: str) -> Change[Any]:
    """A change that replaces ``old`` by ``new`` in every text value of the test.

    Handy for dates: ``substitute(date_formula("<CW+1M>"), date_formula("<CW+2M>"))``.
    Keys are left alone.
    """
    if not old:
        raise DatasetBuildError("substitute needs a non-empty text to replace")

    def replace(value: Any) -> Any:
        if isinstance(value, str):
            return value.replace(old, new)
        if isinstance(value, dict):
            return {key: replace(item) for key, item in value.items()}
        if isinstance(value, list):
            return [replace(item) for item in value]
        return value

    def change(test: AnyTest) -> AnyTest:
        return type(test).model_validate(replace(to_data(test)))

    return change
