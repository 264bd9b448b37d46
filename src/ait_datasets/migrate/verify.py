"""Check a migrated text: it must parse and carry exactly the intended data, in order."""

from __future__ import annotations

from ait_datasets.migrate import rules
from ait_datasets.plural import plural
from ait_datasets.source.document import Document
from ait_datasets.source.load import load_text
from ait_datasets.source.tree import Mapping, Node, Scalar, Sequence, format_path


def document_data(doc: Document) -> object:
    """The plain data of a document: the root's, or the list of JSONL rows."""
    if doc.format == "jsonl":
        return [row.data for row in doc.rows]
    return doc.data


def intended(doc: Document, sender: str | None) -> object:
    """The migrated data, computed from the plain data alone."""
    data = document_data(doc)
    if doc.format == "jsonl":
        assert isinstance(data, list)
        return [rules.migrate_tests_in(row, sender) for row in data]
    return rules.migrate_tests_in(data, sender)


def check(doc: Document, new_text: str, sender: str | None) -> str | None:
    """None when ``new_text`` is the intended migration of ``doc``, else why not."""
    return check_data(doc.path, doc.format, new_text, intended(doc, sender))


def check_data(path: str, fmt: str, new_text: str, expected: object) -> str | None:
    """None when ``new_text`` (a file at ``path`` in format ``fmt``) reads as ``expected``
    (see :func:`intended`) with our reader, and, when it holds a tab, with libyaml.

    The text is loaded as a lint loads it (:func:`~ait_datasets.source.load.load_text`),
    so what is checked is what the next lint will read.
    """
    after = load_text(path, new_text, fmt=fmt)
    errors = [d for d in after.diagnostics if d.severity.value == "error"]
    if errors:
        first = errors[0]
        return f"the migrated text would not load ({first.line}:{first.column}: {first.message})"
    if after.format == "jsonl":
        difference = _rows_difference(expected, after.rows)
    elif after.root is None:
        difference = first_difference(expected, None)
    else:
        difference = first_difference_in_tree(expected, after.root)
    if difference is not None:
        return f"the migrated data would differ from the intended result at {difference}"
    if after.format == "yaml" and "\t" in new_text:
        return libyaml_refusal(new_text)
    return None


def libyaml_refusal(text: str) -> str | None:
    """Why PyYAML's libyaml loader (``CSafeLoader``) refuses ``text``, or None.

    Tabs are where YAML readers differ most ("found character '\\t' that cannot start
    any token"), and Business Central's reader is stricter than libyaml: a migrated text
    with a tab is loaded in full by the strictest reader we ship before it is written.
    """
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        yaml.load(text, Loader=loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"{mark.line + 1}:{mark.column + 1}: " if mark is not None else ""
        return f"the migrated text would not load in libyaml ({where}{exc.problem or exc})"
    except (yaml.YAMLError, ValueError, TypeError) as exc:
        return f"the migrated text would not load in libyaml ({exc})"
    return None


def _rows_difference(expected: object, rows: list[Node]) -> str | None:
    """:func:`first_difference` between ``expected`` and the data of a JSONL file's rows,
    each read off its tree."""
    if not isinstance(expected, list) or len(expected) != len(rows):
        return first_difference(expected, [row.data for row in rows])
    for i, (want, row) in enumerate(zip(expected, rows, strict=True)):
        found = first_difference_in_tree(want, row, (i,))
        if found is not None:
            return found
    return None


def first_difference_in_tree(a: object, node: Node, path: tuple[str | int, ...] = ()) -> str | None:
    """:func:`first_difference` between ``a`` and the data of ``node``, read off the tree
    (building the plain data of a large file first costs about as much as comparing)."""
    if isinstance(node, Mapping) and isinstance(a, dict):
        children = node.children
        if list(a) != list(children):
            return f"{format_path(path)} (keys {list(a)} expected, {list(children)} found)"
        for key, value in children.items():
            expected = a[key]
            if type(value) is Scalar:
                data = value.data
                if type(data) is type(expected) and data == expected:
                    continue  # the common case, without a call or a path
                found = first_difference(expected, data, (*path, key))
            else:
                found = first_difference_in_tree(expected, value, (*path, key))
            if found is not None:
                return found
        return None
    if isinstance(node, Sequence) and isinstance(a, list):
        if len(a) != len(node.items):
            expected = plural(len(a), "item")
            return f"{format_path(path)} ({expected} expected, {len(node.items)} found)"
        for i, (expected, item) in enumerate(zip(a, node.items, strict=True)):
            if type(item) is Scalar:
                data = item.data
                if type(data) is type(expected) and data == expected:
                    continue
                found = first_difference(expected, data, (*path, i))
            else:
                found = first_difference_in_tree(expected, item, (*path, i))
            if found is not None:
                return found
        return None
    return first_difference(a, node.data, path)


def first_difference(a: object, b: object, path: tuple[str | int, ...] = ()) -> str | None:
    """Path of the first difference (values, types or key order), or None when equal."""
    if isinstance(a, dict) and isinstance(b, dict):
        if list(a) != list(b):
            return f"{format_path(path)} (keys {list(a)} expected, {list(b)} found)"
        for key, x in a.items():
            y = b[key]
            kind = type(x)
            if kind is type(y) and kind is not dict and kind is not list and x == y:
                continue  # equal values of one type (not containers): no call, no path
            found = first_difference(x, y, (*path, key))
            if found is not None:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{format_path(path)} ({plural(len(a), 'item')} expected, {len(b)} found)"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            kind = type(x)
            if kind is type(y) and kind is not dict and kind is not list and x == y:
                continue
            found = first_difference(x, y, (*path, i))
            if found is not None:
                return found
        return None
    if type(a) is not type(b) or a != b:
        if isinstance(a, float) and isinstance(b, float) and a != a and b != b:
            return None  # NaN
        return f"{format_path(path)} ({a!r} expected, {b!r} found)"
    return None
