"""The editor variant of a JSON Schema: completion and hover, never an error.

In VS Code the language server (`datasets lsp`) reports every mistake of a dataset, with
its code and fix. The YAML extension, given the strict schema, reported the same mistakes
a second time in other words. The editor variant keeps what helps a writer (the keys and
their descriptions, the allowed values as ``examples``, snippets) and drops every keyword
that can fail a document (``type``, ``required``, ``enum``, closed objects, bounds), so the
YAML extension completes and explains but leaves the findings to the language server.

It is built by keeping known keywords (a whitelist): a validation keyword added to the
model later stays out of the editor schema without anyone remembering to drop it.
"""

from __future__ import annotations

from typing import Any

# Annotations: they never fail a document.
_ANNOTATIONS = frozenset(
    {
        "$schema",
        "$id",
        "$ref",
        "$comment",
        "title",
        "description",
        "markdownDescription",
        "default",
        "examples",
        "defaultSnippets",
    }
)
# Keywords whose value is a map of names to schemas.
_SCHEMA_MAPS = frozenset({"properties", "patternProperties", "$defs"})
# Keywords whose value is one schema or a list of schemas.
_SUBSCHEMAS = frozenset({"items", "prefixItems", "then", "else", "allOf", "anyOf"})
# prefixItems is positional: an empty branch there still holds its place.
_POSITIONAL = "prefixItems"


def editor_variant(schema: Any) -> Any:
    """``schema`` without anything that can fail a document (see the module's doc)."""
    if not isinstance(schema, dict):
        return schema  # `true`/`false` schemas: a `false` is never produced by the model
    out: dict[str, Any] = {}
    examples: list[Any] = []
    for key, value in schema.items():
        if key in _ANNOTATIONS:
            if key == "examples":
                examples.extend(value)
            else:
                out[key] = value
        elif key in _SCHEMA_MAPS:
            out[key] = {name: editor_variant(sub) for name, sub in value.items()}
        elif key in _SUBSCHEMAS or key == "oneOf":
            # oneOf becomes anyOf: with the constraints gone several branches match, and
            # oneOf would fail.
            name = "anyOf" if key == "oneOf" else key
            if not isinstance(value, list):
                out[name] = editor_variant(value)
            elif key == _POSITIONAL:
                out[name] = [editor_variant(b) for b in value]
            elif branches := [b for b in map(editor_variant, value) if b != {}]:
                out[name] = branches  # branches left empty (`type: string`) say nothing
        elif key == "additionalProperties" and isinstance(value, dict):
            out[key] = editor_variant(value)
        elif key == "if":
            # Only picks `then` or `else` (whose completions apply); fails nothing itself.
            out[key] = value
        elif key == "enum":
            examples.extend(value)  # still offered as completions, never an error
        elif key == "const":
            examples.append(value)
        # Everything else (type, required, not, contains, bounds, closed objects) is
        # dropped: the language server reports those mistakes.
    if examples:
        out["examples"] = [e for i, e in enumerate(examples) if e not in examples[:i]]
    return out
