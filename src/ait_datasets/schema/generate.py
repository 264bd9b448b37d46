"""JSON Schema (draft 2020-12) generated from the document model.

The generated files are shipped in the wheel under ``ait_datasets/schema/json/``;
``datasets schema`` prints them and a test fails when they drift from the model. The
dataset and suite-setup schemas also have an editor variant (``editor=True``: completion
and hover only, see :mod:`ait_datasets.schema.editor`), which the VS Code extension ships.
Regenerate them after changing the model with::

    python -m ait_datasets.schema.generate
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import core_schema

from ait_datasets.atomic import write_text_atomically
from ait_datasets.schema import EDITOR_SCHEMA_FILES, SCHEMA_FILES, models
from ait_datasets.schema.editor import editor_variant

DRAFT = "https://json-schema.org/draft/2020-12/schema"
SCHEMA_DIR = Path(__file__).resolve().parent / "json"

# kind -> (model, file name, title, description)
KINDS: dict[str, tuple[Any, str, str, str]] = {
    "dataset": (
        models.Dataset,
        SCHEMA_FILES["dataset"],
        "Business Central AI Test Toolkit dataset (YAML)",
        "A dataset file with a `tests:` list, or a root that is itself one test. Agent "
        "tests (Library - Agent) use `turns:` with `query` and `expected_data`; Copilot "
        "AI tests keep `question`, `context`, `ground_truth` and any app-defined keys.",
    ),
    "suite-setup": (
        models.SuiteSetupFile,
        SCHEMA_FILES["suite-setup"],
        "Business Central AI Test Toolkit suite-setup file (YAML)",
        "A file whose `suite_setup:` is an object: the framework imports only that object, "
        "once per suite, under the file's `name`.",
    ),
    "jsonl-row": (
        models.JsonlRow,
        SCHEMA_FILES["jsonl-row"],
        "Business Central AI Test Toolkit JSONL dataset line",
        "One line of a `.jsonl` dataset (or one item of a `.json` array): one test.",
    ),
}


EDITOR_NOTE = (
    " Editor variant: keys, descriptions and allowed values for completion and hover; it"
    " reports no mistakes (`datasets lint` and `datasets lsp` do; `datasets schema` prints"
    " the strict schema)."
)

# Where each released schema is published (also what the README's modeline names). An
# https `$id` is what JSON Schema tools expect; Node's validators warn on `urn:` ids.
SCHEMA_BASE_URL = "https://raw.githubusercontent.com/ait-datasets/ait-datasets/v{version}/src/ait_datasets/schema/json/"


def schema_id(kind: str, editor: bool = False) -> str:
    from ait_datasets.version import __version__

    name = (EDITOR_SCHEMA_FILES if editor else SCHEMA_FILES)[kind]
    return SCHEMA_BASE_URL.format(version=__version__) + name


class _Generator(GenerateJsonSchema):
    """Pydantic's generator, adjusted to read like a hand-written dataset schema."""

    def default_schema(self, schema: core_schema.WithDefaultSchema) -> JsonSchemaValue:
        json_schema = super().default_schema(schema)
        if json_schema.get("default", ...) is None:
            del json_schema["default"]
        return json_schema

    def tagged_union_schema(self, schema: core_schema.TaggedUnionSchema) -> JsonSchemaValue:
        """An if/then/else chain over the conditions of ``models.UNION_CONDITIONS``."""
        choices = list(schema["choices"].items())
        if not all(str(tag) in models.UNION_CONDITIONS for tag, _ in choices[:-1]):
            return super().tagged_union_schema(schema)
        result: JsonSchemaValue = self.generate_inner(choices[-1][1])
        for tag, choice in reversed(choices[:-1]):
            result = {
                "if": models.UNION_CONDITIONS[str(tag)],
                "then": self.generate_inner(choice),
                "else": result,
            }
        return result


def json_schema(kind: str, editor: bool = False) -> dict[str, Any]:
    """The JSON Schema of one file kind (``dataset``, ``suite-setup``, ``jsonl-row``);
    ``editor``: its variant that completes and explains but fails nothing."""
    model, _, title, description = KINDS[kind]
    body = TypeAdapter(model).json_schema(schema_generator=_Generator)
    if editor:
        body = editor_variant(body)
        title += ", for editors"
        description += EDITOR_NOTE
    defs = body.pop("$defs", None)
    head: dict[str, Any] = {
        "$schema": DRAFT,
        "$id": schema_id(kind, editor),
        "title": title,
        "description": description,
    }
    body.pop("title", None)
    body.pop("description", None)
    out = {**head, **body}
    if defs is not None:
        out["$defs"] = defs
    return out


def schema_text(kind: str, editor: bool = False) -> str:
    """The exact text of the shipped file for ``kind`` (or of its editor variant)."""
    return json.dumps(json_schema(kind, editor), indent=2, ensure_ascii=False) + "\n"


def write_all(directory: Path = SCHEMA_DIR) -> list[Path]:
    """(Re)write every shipped schema file, editor variants too; returns the paths written."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for kind, (_, file_name, _, _) in KINDS.items():
        path = directory / file_name
        write_text_atomically(str(path), schema_text(kind))
        written.append(path)
    for kind, file_name in EDITOR_SCHEMA_FILES.items():
        path = directory / file_name
        write_text_atomically(str(path), schema_text(kind, editor=True))
        written.append(path)
    return written


def main() -> int:
    for path in write_all():
        print(path)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
