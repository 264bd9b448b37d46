"""The document model: what each kind of dataset file may contain, as pydantic models.

This is the one source of truth for shape. The JSON Schema files shipped in the wheel are
generated from it (``ait_datasets.schema.generate``), and the DSL builds these objects.
The linter does not import this module (pydantic is too slow to import for a pre-commit
hook); it follows the same vocabulary (``ait_datasets.schema.vocabulary``).

Where the framework reads a fixed set of keys (agent turns, ``query``, ``intervention``,
``intervention_request``) the models are closed (``extra="forbid"``). A test itself is
open: everything the framework does not read is app data, handed to the test code through
``AITTestContext.GetInput()``. The top level of a file is open too: the importer drops
what it does not read there, and the tests still run.

A test is one of three shapes, told apart exactly as the linter tells them apart:

- wrapped: a legacy ``testInput:`` object, whose value alone is the test;
- agent: it uses ``query`` or an ``intervention_request`` anywhere (Library - Agent);
- Copilot: anything else (``question``, ``context``, ``ground_truth``, ... are free).
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal, Union

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    NonNegativeInt,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    Tag,
    TypeAdapter,
    model_validator,
)
from pydantic.json_schema import SkipJsonSchema

from ait_datasets.schema import vocabulary as v

# A YAML scalar as the framework reads it with ``AsValue()``/``ValueAsText()``: text, a
# number, a boolean, or nothing (``key:`` with no value reads as empty text).
ScalarValue = Union[StrictStr, StrictInt, StrictFloat, StrictBool, None]  # noqa: UP007

InterventionType = Literal["Assistance", "ReviewRecord", "ReviewMessage"]
assert v.INTERVENTION_TYPES == ("Assistance", "ReviewRecord", "ReviewMessage"), (
    "keep InterventionType in step with vocabulary.INTERVENTION_TYPES"
)

# Optional keys written as ``X | Absent = None`` may be left out but not written as
# ``key: null`` (the framework fails on a null timeout, type, suggestions, ...): the
# JSON Schema then omits the null alternative.
Absent = SkipJsonSchema[None]


class _Closed(BaseModel):
    """A part of the file whose keys the framework reads exactly: any other key is an error."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class _Open(BaseModel):
    """A part of the file that also holds app-defined keys, passed through untouched."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)


# --- query -----------------------------------------------------------------------------


class Attachment(_Closed):
    """One ``query.attachments[]`` item: a resource file of the test app, or a generator."""

    file: Any = Field(
        description="Path inside the test app's resources, or an object with "
        "action_type/action_data handed to the resource provider.",
    )


_TIMEOUT = "How long to wait for the agent, in milliseconds (a non-negative whole number)."


class Intervention(_Closed):
    """``query.intervention``: the user's reply when the agent paused for help.

    With both keys the framework silently uses ``suggestion`` (the linter warns).
    """

    model_config = ConfigDict(
        json_schema_extra={
            "anyOf": [{"required": ["suggestion"]}, {"required": ["instruction"]}],
        }
    )

    suggestion: ScalarValue = Field(
        None, description="Code of one of the suggestions the agent offered."
    )
    instruction: ScalarValue = Field(None, description="Free-text instruction to the agent.")

    @model_validator(mode="after")
    def _one_reply(self) -> Intervention:
        if not {"suggestion", "instruction"} & self.model_fields_set:
            raise ValueError(
                "Intervention must contain either a 'suggestion' or 'instruction' element."
            )
        return self


class TaskInputQuery(_Closed):
    """``query`` of a turn that starts an agent task (``title`` present)."""

    # Field order is the canonical key order of the framework's documentation (the DSL
    # writes keys in declaration order).
    from_: ScalarValue = Field(
        alias="from",
        description="Sender of the task message. Without it the framework creates no task.",
    )
    title: ScalarValue = Field(description="Title of the agent task.")
    message: ScalarValue = Field(None, description="Body of the task message.")
    attachments: list[Attachment] | Absent = Field(
        None, description="Files attached to the task message."
    )
    timeout: NonNegativeInt | Absent = Field(None, description=_TIMEOUT)


class InterventionQuery(_Closed):
    """``query`` of a turn that continues a paused task (``intervention`` present).

    ``from``, ``message`` and ``attachments`` are accepted (they are query keys) but the
    framework does not send them with a reply.
    """

    intervention: Intervention
    timeout: NonNegativeInt | Absent = Field(None, description=_TIMEOUT)
    from_: ScalarValue = Field(None, alias="from", description="Not used for a reply.")
    message: ScalarValue = Field(None, description="Not used for a reply.")
    attachments: list[Attachment] | Absent = Field(None, description="Not used for a reply.")


def _query_kind(value: Any) -> str | None:
    if isinstance(value, BaseModel):
        return "intervention" if isinstance(value, InterventionQuery) else "task"
    if not isinstance(value, dict):
        return None
    has_title, has_intervention = "title" in value, "intervention" in value
    if has_title == has_intervention:
        return None
    return "task" if has_title else "intervention"


Query = Annotated[
    Union[  # noqa: UP007
        Annotated[TaskInputQuery, Tag("task")],
        Annotated[InterventionQuery, Tag("intervention")],
    ],
    Discriminator(
        _query_kind,
        custom_error_type="query_shape",
        custom_error_message=(
            "Query must contain exactly one of 'title' (task input) or 'intervention'."
        ),
    ),
]
_QUERY: TypeAdapter[Any] = TypeAdapter(Query)


# --- expectations ----------------------------------------------------------------------


class InterventionRequest(_Closed):
    """``expected_data.intervention_request``: the pause the agent must make in this turn."""

    type: InterventionType | Absent = Field(
        None, description="The `Agent User Int Request Type` enum name, exact case."
    )
    # Codes are read with ValueAsText (Library - Agent Impl. line 646): numbers work.
    suggestions: list[StrictStr | StrictInt | StrictFloat] | Absent = Field(
        None,
        description="Every suggestion the agent must offer, each once (the count must match).",
        json_schema_extra={"uniqueItems": True},
    )

    @model_validator(mode="after")
    def _unique_suggestions(self) -> InterventionRequest:
        codes = [str(code) for code in self.suggestions or ()]
        if len(set(codes)) != len(codes):
            raise ValueError("suggestions lists a code twice")
        return self


class ExpectedData(_Open):
    """``expected_data``: app-defined expectations plus the framework's intervention check."""

    intervention_request: InterventionRequest | Absent = None


# Only a mapping `expected_data` is checked; anything else is app data (a list, a number).
ExpectedValue = Union[  # noqa: UP007
    ExpectedData, list[Any], StrictStr, StrictInt, StrictFloat, StrictBool, None
]


# --- turns and tests -------------------------------------------------------------------


class AgentTurn(_Closed):
    """One turn of an agent test: a query and what must hold afterwards.

    The legacy ``question`` (read when ``query`` is absent) and ``test_setup`` are
    accepted here; the linter's legacy rules suggest the current keys.
    """

    model_config = ConfigDict(json_schema_extra=lambda schema, _: _legacy_question_schema(schema))

    query: Query | Absent = None
    expected_data: ExpectedValue = Field(
        description="Required on every agent turn (FinalizeTurn reads it); `{}` is fine."
    )
    turn_setup: Any = Field(None, description="App-defined setup run before the turn.")
    continue_on_failure: Any = Field(None, description="Read by your test code, if at all.")
    question: Any = Field(None, description="Legacy name of `query` (read when it is absent).")
    test_setup: Any = Field(None, description="Legacy name of `turn_setup`.")

    @model_validator(mode="before")
    @classmethod
    def _legacy_question(cls, data: Any) -> Any:
        if isinstance(data, dict) and "query" not in data:
            if "question" not in data:
                raise ValueError("an agent turn needs a 'query'")
            _QUERY.validate_python(data["question"])
        return data


def _legacy_question_schema(schema: dict[str, Any]) -> None:
    """A turn needs ``query``, or else a ``question`` of the same shape."""
    query = schema["properties"]["query"]
    schema["anyOf"] = [{"required": ["query"]}, {"required": ["question"]}]
    schema["if"] = {"required": ["query"]}
    schema["then"] = {}
    schema["else"] = {"properties": {"question": json.loads(json.dumps(query))}}


class _TestBase(_Open):
    name: ScalarValue = Field(
        None,
        description="Test code: upper-cased, at most 100 characters, unique within the file "
        "ignoring case.",
        json_schema_extra={"maxLength": v.MAX_TEST_NAME},
    )
    description: ScalarValue = Field(
        None, description=f"Free text; the framework keeps {v.MAX_TEST_DESCRIPTION} characters."
    )

    @model_validator(mode="after")
    def _name_length(self) -> _TestBase:
        if isinstance(self.name, str) and len(self.name) > v.MAX_TEST_NAME:
            raise ValueError(f"name is longer than {v.MAX_TEST_NAME} characters")
        return self


class AgentTest(_TestBase):
    """A Library - Agent test: ``turns:`` with closed turns, or the flat single-turn form.

    Without ``turns`` the framework reads the test object as its one turn (AIT Test Context
    Impl. codeunit 149043, ``GetTestInput`` lines 467-475): the flat form runs, and its
    ``query``/``expected_data`` are checked as a turn's (the linter warns, TRN001). With
    ``turns`` the keys beside it are never read: that is an error (TRN004).
    """

    model_config = ConfigDict(json_schema_extra=lambda schema, _: _agent_test_schema(schema))

    turns: Annotated[list[AgentTurn], Field(min_length=1)] | Absent = None
    query: Query | Absent = None
    expected_data: ExpectedValue | Absent = None

    @model_validator(mode="before")
    @classmethod
    def _no_flat_turn_beside_turns(cls, data: Any) -> Any:
        if isinstance(data, dict):
            flat = sorted(k for k in v.FLAT_TURN_KEYS if k in data)
            if flat and "turns" in data:
                raise ValueError(f"'{flat[0]}' beside 'turns:' is never read: move it into a turn")
            if not flat or "turns" in data or "query" in data or "question" not in data:
                return data
            _QUERY.validate_python(data["question"])
        return data


def _agent_test_schema(schema: dict[str, Any]) -> None:
    """With ``turns``: no turn key beside it; without: a legacy ``question`` is the query."""
    query = schema["properties"]["query"]
    schema["if"] = {"required": ["turns"]}
    schema["then"] = {
        "not": {"anyOf": [{"required": [key]} for key in sorted(v.FLAT_TURN_KEYS)]},
    }
    schema["else"] = {
        "if": {"required": ["query"]},
        "then": {},
        "else": {"properties": {"question": json.loads(json.dumps(query))}},
    }


class CopilotTest(_TestBase):
    """A Copilot AI test: ``question``, ``context``, ``ground_truth``, ... are app data.

    ``turns``, when given, is what every AI test's context reads turn by turn: a non-empty
    array without null items (AIT Test Context Impl. codeunit 149043 lines 400-405, 472).
    """

    turns: (
        Annotated[
            list[Annotated[Any, Field(json_schema_extra={"not": {"type": "null"}})]],
            Field(min_length=1),
        ]
        | Absent
    ) = None

    @model_validator(mode="before")
    @classmethod
    def _no_null_turn(cls, data: Any) -> Any:
        turns = data.get("turns") if isinstance(data, dict) else None
        if isinstance(turns, list) and any(turn is None for turn in turns):
            raise ValueError("a turn is null")
        return data


class WrappedTest(_Open):
    """The legacy ``testInput:`` wrapper: only its value is stored as the test."""

    test_input: Test = Field(alias="testInput")


def _is_agent_shaped(obj: Any) -> bool:
    """A ``query`` mapping or an ``intervention_request`` (``dataset.shape._is_agent_turn``)."""
    if isinstance(obj, BaseModel):
        return isinstance(obj, (AgentTurn, AgentTest))
    if not isinstance(obj, dict):
        return False
    expected = obj.get("expected_data")
    return isinstance(obj.get("query"), (dict, BaseModel)) or (
        isinstance(expected, dict) and "intervention_request" in expected
    )


def _test_kind(value: Any) -> str:
    """The same decision as ``ait_datasets.dataset.shape.is_agent_test``."""
    if isinstance(value, WrappedTest):
        return "wrapped"
    if isinstance(value, AgentTest):
        return "agent"
    if isinstance(value, CopilotTest):
        return "copilot"
    if isinstance(value, dict):
        if isinstance(value.get("testInput"), dict):
            return "wrapped"
        turns = value.get("turns")
        if _is_agent_shaped(value) or (
            isinstance(turns, list) and any(_is_agent_shaped(t) for t in turns)
        ):
            return "agent"
    return "copilot"


Test = Annotated[
    Union[  # noqa: UP007
        Annotated[WrappedTest, Tag("wrapped")],
        Annotated[AgentTest, Tag("agent")],
        Annotated[CopilotTest, Tag("copilot")],
    ],
    Discriminator(_test_kind),
]
WrappedTest.model_rebuild()

# The JSON Schema counterparts of the discriminators above: ``generate`` turns each tagged
# union into an if/then/else chain with these conditions (the last tag is the "else"), so
# a validator reports the errors of the one shape that applies, not a wall of oneOf noise.
_AGENT_SHAPED: dict[str, Any] = {
    "anyOf": [
        {"required": ["query"], "properties": {"query": {"type": "object"}}},
        {
            "required": ["expected_data"],
            "properties": {
                "expected_data": {"type": "object", "required": ["intervention_request"]}
            },
        },
    ]
}
UNION_CONDITIONS: dict[str, dict[str, Any]] = {
    "task": {"required": ["title"]},
    "wrapped": {"required": ["testInput"], "properties": {"testInput": {"type": "object"}}},
    "agent": {
        "anyOf": [
            *_AGENT_SHAPED["anyOf"],
            {
                "required": ["turns"],
                "properties": {
                    "turns": {"type": "array", "contains": {"type": "object", **_AGENT_SHAPED}}
                },
            },
        ]
    },
    "with-tests": {"required": ["tests"]},
}


# --- files -----------------------------------------------------------------------------


# Open, like a suite-setup file: the importer stores only each test, so another key beside
# `tests` (Shopify's `test_setup:`) is dropped and the tests still import and run. The
# linter warns (STR001); a schema has no warnings, and rejecting the key would call a
# dataset the framework runs invalid.
class DatasetFile(_Open):
    """A YAML dataset file with a ``tests:`` list (or a single ``tests:`` object).

    Other keys beside ``tests`` are not imported.
    """

    name: Any = Field(
        None,
        description="Group name; other files reference it in `suite_setup: <name>`. Text "
        "(anything else is ignored by the importer).",
    )
    description: Any = Field(None, description="Free text; not imported.")
    language: Any = Field(None, description="Windows language tag, e.g. en-US.")
    suite_setup: ScalarValue = Field(
        None, description="Name of the suite-setup file whose setup runs before this dataset."
    )
    tests: Union[list[Test], Test]  # noqa: UP007


class SuiteSetupFile(_Open):
    """A suite-setup file: the framework imports only the ``suite_setup`` object.

    Other keys than ``name``, ``language`` and ``description`` are ignored (the linter
    warns); ``tests`` is an error, since those tests would never be imported.
    """

    model_config = ConfigDict(json_schema_extra={"not": {"required": ["tests"]}})

    name: Any = Field(None, description="The name datasets use in `suite_setup: <name>`.")
    description: Any = None
    language: Any = None
    suite_setup: Union[dict[str, Any], list[Any]] = Field(  # noqa: UP007
        description="App-defined setup data (by convention `setup_actions:`)."
    )

    @model_validator(mode="before")
    @classmethod
    def _no_tests(cls, data: Any) -> Any:
        if isinstance(data, dict) and "tests" in data:
            raise ValueError(
                "a suite-setup file cannot hold tests: the importer stores only `suite_setup`"
            )
        return data


def _dataset_kind(value: Any) -> str:
    if isinstance(value, DatasetFile) or (isinstance(value, dict) and "tests" in value):
        return "with-tests"
    return "single-test"


Dataset = Annotated[
    Union[  # noqa: UP007
        Annotated[DatasetFile, Tag("with-tests")],
        Annotated[Test, Tag("single-test")],
    ],
    Discriminator(_dataset_kind),
]
"""A YAML dataset file: ``tests:``, or (without ``tests``) a root that is itself one test."""

JsonlRow = Test
"""One line of a ``.jsonl`` dataset (and one item of a ``.json`` array) is one test."""
