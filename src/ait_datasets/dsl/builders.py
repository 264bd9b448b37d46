"""Typed builders for datasets, tests, turns, queries and expectations.

Each builder returns an object of the document model (``ait_datasets.schema.models``),
checked when it is built: a combination the framework cannot run (a query with both a
title and an intervention, an unknown intervention type, two tests whose names differ
only in case) raises :class:`DatasetBuildError` with a message saying what to change.

    from ait_datasets import dsl

    first = dsl.turn(
        dsl.task("Process open sales orders", from_="Jane Doe"),
        dsl.expect(intervention="Assistance", released_orders=0),
    )
    reply = dsl.turn(dsl.instruction("Use next month"), dsl.expect(released_orders=1))
    data = dsl.dataset(dsl.agent_test("ASKS-FOR-DATE", first, reply), suite_setup="APP-SETUP")
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from ait_datasets.dsl.errors import DatasetBuildError
from ait_datasets.schema import models
from ait_datasets.schema import vocabulary as v

M = TypeVar("M", bound=BaseModel)

Query = models.TaskInputQuery | models.InterventionQuery
AnyTest = models.AgentTest | models.CopilotTest


def _build(cls: type[M], what: str, data: Mapping[str, Any]) -> M:
    """``cls.model_validate(data)``, with pydantic's errors turned into one clear message."""
    try:
        return cls.model_validate(dict(data))
    except ValidationError as exc:
        raise DatasetBuildError(f"invalid {what}: {_describe(exc)}") from None


def _describe(exc: ValidationError) -> str:
    parts = []
    errors = exc.errors()
    # An optional key is a union with "absent"; its "should be None" branch is noise.
    errors = [e for e in errors if e["type"] != "none_required"] or errors
    for error in errors:
        where = ".".join(str(p) for p in error["loc"] if not _is_tag(p))
        message = error["msg"].removeprefix("Value error, ")
        parts.append(f"{where}: {message}" if where else message)
    return "; ".join(parts)


def _is_tag(part: object) -> bool:
    return part in {"task", "intervention", "agent", "copilot", "wrapped", "function-after"}


# --- queries ---------------------------------------------------------------------------


def task(
    title: str,
    *,
    from_: str,
    message: str | None = None,
    attachments: Iterable[str | Mapping[str, Any]] = (),
    timeout: int | None = None,
) -> models.TaskInputQuery:
    """A task-input query: the turn starts an agent task titled ``title``, sent by ``from_``.

    ``attachments`` are resource paths of the test app (or generator objects with
    ``action_type``/``action_data``); ``timeout`` is in milliseconds.
    """
    if len(title) > v.MAX_TASK_TITLE:
        raise DatasetBuildError(
            f"the task title is {len(title)} characters; an agent task title holds at most "
            f"{v.MAX_TASK_TITLE}"
        )
    data: dict[str, Any] = {"from": from_, "title": title}
    if message is not None:
        data["message"] = message
    files = [{"file": a if isinstance(a, str) else dict(a)} for a in attachments]
    if files:
        data["attachments"] = files
    _check_timeout(timeout)
    if timeout is not None:
        data["timeout"] = timeout
    return _build(models.TaskInputQuery, "task query", data)


def suggestion(code: str, *, timeout: int | None = None) -> models.InterventionQuery:
    """An intervention reply that picks the agent's suggestion ``code``."""
    return _intervention({"suggestion": code}, timeout)


def instruction(text: str, *, timeout: int | None = None) -> models.InterventionQuery:
    """An intervention reply with a free-text instruction to the paused agent."""
    return _intervention({"instruction": text}, timeout)


def _check_timeout(timeout: int | None) -> None:
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, int)):
        raise DatasetBuildError(f"timeout is a whole number of milliseconds, not {timeout!r}")
    if timeout is not None and timeout < 0:
        raise DatasetBuildError("The task timeout cannot be negative.")


def _intervention(reply: dict[str, Any], timeout: int | None) -> models.InterventionQuery:
    _check_timeout(timeout)
    data: dict[str, Any] = {"intervention": reply}
    if timeout is not None:
        data["timeout"] = timeout
    return _build(models.InterventionQuery, "intervention query", data)


def query(
    *,
    title: str | None = None,
    from_: str | None = None,
    message: str | None = None,
    attachments: Iterable[str | Mapping[str, Any]] = (),
    suggestion: str | None = None,
    instruction: str | None = None,
    timeout: int | None = None,
) -> Query:
    """Any query from keywords: a task input (``title``) or an intervention reply.

    The framework runs exactly one of the two, so giving both (or neither) is an error,
    as are both ``suggestion`` and ``instruction`` (the framework would ignore the
    instruction).
    """
    reply = suggestion is not None or instruction is not None
    if title is not None and reply:
        raise DatasetBuildError(
            "Query cannot contain both 'title' and 'intervention' elements: a turn either "
            "starts a task (title) or answers a paused one (suggestion/instruction)"
        )
    if title is None and not reply:
        raise DatasetBuildError(
            "Query must contain either a 'title' (task input) or 'intervention' element"
        )
    if title is not None:
        if from_ is None:
            raise DatasetBuildError(
                "a task query needs from_: without 'from' the framework creates no task"
            )
        return task(title, from_=from_, message=message, attachments=attachments, timeout=timeout)
    extra = [k for k, val in (("from_", from_), ("message", message)) if val is not None]
    if any(True for _ in attachments):
        extra.append("attachments")
    if extra:
        raise DatasetBuildError(
            f"an intervention reply has no {extra[0]}: only the task input (title) sends a message"
        )
    if suggestion is not None and instruction is not None:
        raise DatasetBuildError(
            "give suggestion or instruction, not both: with both the framework silently "
            "uses the suggestion"
        )
    if suggestion is not None:
        return _intervention({"suggestion": suggestion}, timeout)
    return _intervention({"instruction": instruction}, timeout)


# --- expectations ----------------------------------------------------------------------


def intervention_type(name: str) -> str:
    """``name`` if it is one of the framework's intervention request types, else an error."""
    if name in v.INTERVENTION_TYPES:
        return name
    hint = _type_hint(name)
    raise DatasetBuildError(
        f"unknown intervention type {name!r}{hint}; the framework accepts "
        + ", ".join(v.INTERVENTION_TYPES)
        + " (exact case)"
    )


def _type_hint(name: str) -> str:
    folded = {t.lower(): t for t in v.INTERVENTION_TYPES}
    if name.lower() in folded:
        return f" (did you mean {folded[name.lower()]!r}?)"
    if name.lower() == "review":
        return " (the documentation's 'Review' is 'ReviewRecord' in the code)"
    if name.lower() == "message":
        return " (the documentation's 'Message' is 'ReviewMessage' in the code)"
    close = difflib.get_close_matches(name, v.INTERVENTION_TYPES, n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def intervention_request(
    type: str | None = None, suggestions: Sequence[str] | None = None
) -> models.InterventionRequest:
    """The pause the agent must make in this turn: its type and the suggestions it offers.

    ``suggestions`` must list every suggestion the agent offers (the framework also
    checks the count).
    """
    data: dict[str, Any] = {}
    if type is not None:
        data["type"] = intervention_type(type)
    if suggestions is not None:
        if isinstance(suggestions, str):
            raise DatasetBuildError("suggestions is a list of suggestion codes, not one string")
        data["suggestions"] = list(suggestions)
    return _build(models.InterventionRequest, "intervention_request", data)


def expect(
    intervention: str | models.InterventionRequest | None = None,
    *,
    suggestions: Sequence[str] | None = None,
    **data: Any,
) -> models.ExpectedData:
    """``expected_data`` of a turn: an optional intervention request plus your own keys.

    ``expect("Assistance", released_orders=0)`` expects the agent to ask for assistance;
    ``expect(released_orders=1)`` expects no pause. Keys with spaces or other characters
    go in a mapping: ``expect(**{"Order Count": 2})``.
    """
    if "intervention_request" in data:
        raise DatasetBuildError("use expect(intervention=..., suggestions=...) for the request")
    body: dict[str, Any] = {}
    if isinstance(intervention, models.InterventionRequest):
        if suggestions is not None:
            raise DatasetBuildError("give suggestions inside intervention_request(...) only")
        body["intervention_request"] = intervention
    elif intervention is not None or suggestions is not None:
        body["intervention_request"] = intervention_request(intervention, suggestions)
    body.update(data)
    return _build(models.ExpectedData, "expected_data", body)


# --- setup -----------------------------------------------------------------------------


def action(action_type: str, *records: Mapping[str, Any]) -> dict[str, Any]:
    """One setup action: ``{action_type: ..., action_data: [records...]}``.

    The shape is the convention of Microsoft's agent samples; your test code reads it.
    """
    if not action_type:
        raise DatasetBuildError("action_type cannot be empty")
    return {"action_type": action_type, "action_data": [dict(r) for r in records]}


def setup(*actions: Mapping[str, Any]) -> dict[str, Any]:
    """Setup data holding ``setup_actions`` (for ``turn(..., setup=...)`` or suite setup)."""
    return {"setup_actions": [dict(a) for a in actions]}


# --- turns, tests, files ---------------------------------------------------------------


def turn(
    query: Query,
    expected: models.ExpectedData | Mapping[str, Any] | None = None,
    *,
    setup: Any = None,
    continue_on_failure: bool | None = None,
) -> models.AgentTurn:
    """One agent turn. ``expected`` defaults to ``{}`` (the framework requires the key)."""
    if not isinstance(query, (models.TaskInputQuery, models.InterventionQuery)):
        raise DatasetBuildError(
            "a turn's query is built with task(), suggestion() or instruction()"
        )
    data: dict[str, Any] = {"query": query, "expected_data": {} if expected is None else expected}
    if setup is not None:
        data["turn_setup"] = setup
    if continue_on_failure is not None:
        data["continue_on_failure"] = continue_on_failure
    return _build(models.AgentTurn, "turn", data)


def agent_test(
    name: str, *turns: models.AgentTurn, description: str | None = None, **data: Any
) -> models.AgentTest:
    """An agent test: ``turns`` in order; ``data`` holds app-defined keys of the test."""
    if not turns:
        raise DatasetBuildError(f"agent test {name!r} needs at least one turn")
    if not isinstance(turns[0].query, models.TaskInputQuery):
        raise DatasetBuildError(
            f"agent test {name!r}: the first turn must start a task (task(...)); an "
            "intervention reply needs a paused task"
        )
    body = _test_data(name, description, data, turns)
    return _build(models.AgentTest, f"agent test {name!r}", body)


def copilot_test(name: str, *, description: str | None = None, **data: Any) -> models.CopilotTest:
    """A Copilot AI test: ``question``, ``context``, ``ground_truth``, ... as you need them."""
    if "query" in data:
        raise DatasetBuildError(
            f"Copilot test {name!r}: 'query' makes it an agent test; use question= (Copilot) "
            "or agent_test(...) with turns"
        )
    return _build(models.CopilotTest, f"Copilot test {name!r}", _test_data(name, description, data))


def _test_data(
    name: str,
    description: str | None,
    data: Mapping[str, Any],
    turns: Sequence[models.AgentTurn] = (),
) -> dict[str, Any]:
    if not isinstance(name, str) or not name.strip():
        raise DatasetBuildError("a test needs a non-empty name")
    body: dict[str, Any] = {"name": name}
    if description is not None:
        if len(description) > v.MAX_TEST_DESCRIPTION:
            raise DatasetBuildError(
                f"test {name!r}: the description is {len(description)} characters; the "
                f"framework keeps only {v.MAX_TEST_DESCRIPTION}"
            )
        body["description"] = description
    if turns:
        body["turns"] = list(turns)
    for key in ("name", "description", "turns"):
        if key in data:
            raise DatasetBuildError(f"test {name!r}: give {key} as its own argument")
    body.update(data)
    return body


def dataset(
    *tests: AnyTest,
    name: str | None = None,
    description: str | None = None,
    language: str | None = None,
    suite_setup: str | None = None,
) -> models.DatasetFile:
    """A dataset file with ``tests:``; ``suite_setup`` names the suite-setup file to run first.

    Test names must be unique ignoring case: the importer upper-cases them and a second
    ``T1``/``t1`` fails the import.
    """
    seen: dict[str, str] = {}
    for test in tests:
        key = str(test.name).upper()
        if key in seen:
            raise DatasetBuildError(
                f"test names {seen[key]!r} and {test.name!r} are the same for the importer "
                "(it upper-cases them); rename one"
            )
        seen[key] = str(test.name)
    data: dict[str, Any] = {"tests": list(tests)}
    for key, value in (
        ("name", name),
        ("description", description),
        ("language", language),
        ("suite_setup", suite_setup),
    ):
        if value is not None:
            data[key] = value
    return _build(models.DatasetFile, "dataset", data)


def suite_setup(
    name: str, *actions: Mapping[str, Any], description: str | None = None, **data: Any
) -> models.SuiteSetupFile:
    """A suite-setup file named ``name`` whose ``suite_setup`` holds ``setup_actions``.

    Extra keyword ``data`` goes next to ``setup_actions`` inside ``suite_setup``.
    """
    if not name:
        raise DatasetBuildError("a suite-setup file needs a name: datasets reference it by name")
    body: dict[str, Any] = {"name": name}
    if description is not None:
        body["description"] = description
    body["suite_setup"] = {**(setup(*actions) if actions else {}), **data}
    return _build(models.SuiteSetupFile, "suite-setup file", body)
