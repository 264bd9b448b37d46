"""The document model: what each kind of dataset file may contain, as pydantic models.

This is the one source of truth for shape. The JSON Schema files shipped in the wheel are
generated from it (``ait_datasets.schema.generate``), and the DSL builds these objects.
The linter does not import this module (pydantic is too slow to import for a pre-commit
hook); it follows the same vocabulary (``ait_datasets.schema.vocabulary``).

Where the framework reads a fixed set of keys (agent turns, ``query``, ``intervention``,
``intervention_request``, the top level of a file with ``tests:``) the models are closed
(``extra="forbid"``). A test itself is open: everything the framework does not read is
app data, handed to the test code through ``AITTestContext.GetInput()``.

A test is one of three shapes, told apart exactly as the linter tells them apart:

- wrapped: a legacy ``testInput:`` object, whose value alone is the test;
- agent: it uses ``query`` or an ``intervention_request`` anywhere (Library - Agent);
- Copilot: anything else (``question``, ``context``, ``ground_truth``, ... are free).
"""

from __future__ import annotations

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
    model_validator,
)

from ait_datasets.schema import vocabulary as v

# A YAML scalar as the framework reads it with ``AsValue()``: text, a number or a boolean.
ScalarValue = Union[StrictStr, StrictInt, StrictFloat, StrictBool]  # noqa: UP007

InterventionType = Literal["Assistance", "ReviewRecord", "ReviewMessage"]
assert v.INTERVENTION_TYPES == ("Assistance", "ReviewRecord", "ReviewMessage"), (
    "keep InterventionType in step with vocabulary.INTERVENTION_TYPES"
)


class _Closed(BaseModel):
    """A part of the file whose keys the framework reads exactly: any other key is an error."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, frozen=False)


class _Open(BaseModel):
    """A part of the file that also holds app-defined keys, passed through untouched."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)


# --- query -----------------------------------------------------------------------------


class Attachment(_Closed):
    """One ``query.attachments[]`` item: a resource file of the test app, or a generator."""

    file: Union[StrictStr, dict[str, Any]] = Field(  # noqa: UP007
        description="Path inside the test app's resources, or an object with "
        "action_type/action_data handed to the resource provider.",
    )


class Intervention(_Closed):
    """``query.intervention``: the user's reply when the agent paused for help.

    With both keys the framework silently uses ``suggestion`` (the linter warns).
    """

    model_config = ConfigDict(
        json_schema_extra={
            "anyOf": [{"required": ["suggestion"]}, {"required": ["instruction"]}],
        }
    )

    suggestion: StrictStr | None = Field(
        None, description="Code of one of the suggestions the agent offered."
    )
    instruction: StrictStr | None = Field(None, description="Free-text instruction to the agent.")

    @model_validator(mode="after")
    def _one_reply(self) -> Intervention:
        if self.suggestion is None and self.instruction is None:
            raise ValueError(
                "Intervention must contain either a 'suggestion' or 'instruction' element."
            )
        return self


class TaskInputQuery(_Closed):
    """``query`` of a turn that starts an agent task (``title`` present)."""

    # Field order is the canonical key order of the framework's documentation (the DSL
    # writes keys in declaration order).
    from_: StrictStr = Field(
        alias="from",
        description="Sender of the task message. Without it the framework creates no task.",
    )
    title: StrictStr = Field(max_length=v.MAX_TASK_TITLE, description="Title of the agent task.")
    message: StrictStr | None = Field(None, description="Body of the task message.")
    attachments: list[Attachment] | None = Field(
        None, description="Files attached to the task message."
    )
    timeout: NonNegativeInt | None = Field(
        None, description="How long to wait for the agent, in milliseconds."
    )


class InterventionQuery(_Closed):
    """``query`` of a turn that continues a paused task (``intervention`` present)."""

    intervention: Intervention
    timeout: NonNegativeInt | None = Field(
        None, description="How long to wait for the agent, in milliseconds."
    )


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


# --- expectations ----------------------------------------------------------------------


class InterventionRequest(_Closed):
    """``expected_data.intervention_request``: the pause the agent must make in this turn."""

    type: InterventionType | None = Field(
        None, description="The `Agent User Int Request Type` enum name, exact case."
    )
    suggestions: list[StrictStr] | None = Field(
        None, description="Every suggestion the agent must offer (the count must match)."
    )


class ExpectedData(_Open):
    """``expected_data``: app-defined expectations plus the framework's intervention check."""

    intervention_request: InterventionRequest | None = None


# --- turns and tests -------------------------------------------------------------------


class AgentTurn(_Closed):
    """One turn of an agent test: a query and what must hold afterwards."""

    query: Query
    expected_data: ExpectedData = Field(
        description="Required on every agent turn (FinalizeTurn reads it); `{}` is fine."
    )
    turn_setup: Any = Field(None, description="App-defined setup run before the turn.")
    continue_on_failure: Any = Field(None, description="Read by your test code, if at all.")


class _TestBase(_Open):
    name: ScalarValue | None = Field(
        None,
        description="Test code (upper-cased, unique within the file case-insensitively).",
        json_schema_extra={"maxLength": v.MAX_TEST_NAME},
    )
    description: ScalarValue | None = Field(
        None, json_schema_extra={"maxLength": v.MAX_TEST_DESCRIPTION}
    )

    @model_validator(mode="after")
    def _lengths(self) -> _TestBase:
        if isinstance(self.name, str) and len(self.name) > v.MAX_TEST_NAME:
            raise ValueError(f"name is longer than {v.MAX_TEST_NAME} characters")
        if isinstance(self.description, str) and len(self.description) > v.MAX_TEST_DESCRIPTION:
            raise ValueError(f"description is longer than {v.MAX_TEST_DESCRIPTION} characters")
        return self


class AgentTest(_TestBase):
    """A Library - Agent test: always ``turns:``, each turn closed."""

    model_config = ConfigDict(
        json_schema_extra={
            "not": {"anyOf": [{"required": [key]} for key in sorted(v.FLAT_TURN_KEYS)]},
        }
    )

    turns: list[AgentTurn] = Field(min_length=1)

    @model_validator(mode="before")
    @classmethod
    def _no_flat_turn(cls, data: Any) -> Any:
        if isinstance(data, dict):
            flat = sorted(k for k in v.FLAT_TURN_KEYS if k in data)
            if flat:
                raise ValueError(
                    f"'{flat[0]}' belongs inside a turn: agent tests always use 'turns:'"
                )
        return data


class CopilotTest(_TestBase):
    """A Copilot AI test: ``question``, ``context``, ``ground_truth``, ... are app data."""

    turns: list[dict[str, Any]] | None = None


class WrappedTest(_Open):
    """The legacy ``testInput:`` wrapper: only its value is stored as the test."""

    test_input: Test = Field(alias="testInput")


def _is_intervention_expectation(value: Any) -> bool:
    if isinstance(value, ExpectedData):
        return value.intervention_request is not None
    return isinstance(value, dict) and "intervention_request" in value


def _is_agent_shaped(obj: Any) -> bool:
    if isinstance(obj, BaseModel):
        return isinstance(obj, (AgentTurn, AgentTest))
    if not isinstance(obj, dict):
        return False
    return "query" in obj or _is_intervention_expectation(obj.get("expected_data"))


def _test_kind(value: Any) -> str:
    """The same decision as ``ait_datasets.lint.kinds.is_agent_test``."""
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
_EXPECTS_INTERVENTION: dict[str, Any] = {
    "required": ["expected_data"],
    "properties": {"expected_data": {"type": "object", "required": ["intervention_request"]}},
}
_AGENT_SHAPED: dict[str, Any] = {"anyOf": [{"required": ["query"]}, _EXPECTS_INTERVENTION]}
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


class DatasetFile(_Closed):
    """A YAML dataset file with a ``tests:`` list (or a single ``tests:`` object)."""

    name: ScalarValue | None = Field(
        None, description="Group name; other files reference it in `suite_setup: <name>`."
    )
    description: ScalarValue | None = Field(None, description="Free text; not imported.")
    language: ScalarValue | None = Field(None, description="Windows language tag, e.g. en-US.")
    suite_setup: ScalarValue | None = Field(
        None, description="Name of the suite-setup file whose setup runs before this dataset."
    )
    tests: Union[list[Test], Test]  # noqa: UP007


class SuiteSetupFile(_Closed):
    """A suite-setup file: the framework imports only the ``suite_setup`` object."""

    name: ScalarValue | None = Field(
        None, description="The name datasets use in `suite_setup: <name>`."
    )
    description: ScalarValue | None = None
    language: ScalarValue | None = None
    suite_setup: Union[dict[str, Any], list[Any]] = Field(  # noqa: UP007
        description="App-defined setup data (by convention `setup_actions:`)."
    )


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
