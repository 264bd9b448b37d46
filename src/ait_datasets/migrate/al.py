"""AL test code: ``AITTestContext.GetQuestion()`` calls become ``.GetQuery()``.

``AITTestContext.GetQuestion()`` is obsolete since version 29 and only calls
``GetQuery()`` (AITTestContext.Codeunit.al:94-100). Only calls with no arguments on a
variable declared ``Codeunit "AIT Test Context"`` (a local, a parameter or a global of
the object, read with the AL reader) are renamed: another object's ``GetQuestion`` is not
the framework's, and renaming it could break the build. Those calls, and calls on a
receiver that cannot be resolved, are listed as follow-ups. Comments, text literals and
quoted identifiers are never touched (the tokenizer drops or keeps them whole).

For datasets: after ``question: "text"`` becomes a ``query:`` object, an app's
``GetQuery().ValueAsText()`` no longer returns the text; :func:`query_text_followups`
names each such AL line with the replacement.
"""

from __future__ import annotations

import os
from bisect import bisect_right

from ait_datasets.al.declarations import ALFile, read_al
from ait_datasets.al.reads import AIT_TEST_CONTEXT, Routine, lookup
from ait_datasets.al.tokens import IDENT, QUOTED, Token, Tokens
from ait_datasets.diagnostics import Edit
from ait_datasets.migrate.model import AL_GET_QUERY, QUESTION_TEXT, Change


def plan_al_file(text: str, path: str = "code.al") -> tuple[list[Edit], list[Change], list[Change]]:
    """(edits, changes, follow-ups) for the ``GetQuestion()`` calls of one AL file."""
    file = read_al(path, text)
    tokens = file.tokens
    edits: list[Edit] = []
    changes: list[Change] = []
    followups: list[Change] = []
    owners = _Owners(file)
    for k in range(2, len(tokens) - 2):
        if not (tokens.word(k) == "getquestion" and tokens.is_op(k - 1, ".")):
            continue
        if not (tokens.is_op(k + 1, "(") and tokens.is_op(k + 2, ")")):
            continue
        name = tokens[k]
        receiver = tokens[k - 2]
        kind = _receiver_kind(receiver, tokens, k - 2, owners.at(k))
        if kind.lower() == f'codeunit "{AIT_TEST_CONTEXT}"':
            edits.append(Edit(name.offset, name.end, "GetQuery"))
            changes.append(
                Change(AL_GET_QUERY, name.line, None, None, "`GetQuestion()` -> `GetQuery()`")
            )
        else:
            what = f"declared as `{kind}`" if kind else "not a variable of this procedure or object"
            followups.append(
                Change(
                    AL_GET_QUERY,
                    name.line,
                    None,
                    None,
                    f"`{receiver.text}.GetQuestion()` left as it is: `{receiver.text}` is "
                    f'{what}, not `Codeunit "AIT Test Context"`; if it is the framework\'s, '
                    "rename the call to `GetQuery()`",
                )
            )
    return edits, changes, followups


class _Owners:
    """The procedure whose body holds a token: bodies never overlap, so one sorted list of
    their starts finds it (a table per token would cost memory per token)."""

    def __init__(self, file: ALFile) -> None:
        bodies = sorted(
            (
                (proc.body, Routine(file, obj, proc))
                for obj in file.objects
                for proc in obj.procedures
                if proc.body[0] < proc.body[1]
            ),
            key=lambda item: item[0],
        )
        self._starts = [body[0] for body, _ in bodies]
        self._bodies = bodies

    def at(self, k: int) -> Routine | None:
        index = bisect_right(self._starts, k) - 1
        if index < 0:
            return None
        (_, end), routine = self._bodies[index]
        return routine if k < end else None


def _receiver_kind(receiver: Token, tokens: Tokens, k: int, owner: Routine | None) -> str:
    """The receiver's declared type as written (`Codeunit "My Helper"`), or "" when it
    cannot be known."""
    if receiver.kind not in (IDENT, QUOTED) or owner is None:
        return ""
    if k > 0 and tokens.is_op(k - 1, "."):
        return ""  # a member of something else: `A.B.GetQuestion()`
    var = lookup(owner, receiver.text)
    if var is None:
        return ""
    return f'{var.type.title()} "{var.subtype}"' if var.subtype else var.type.title()


def query_text_followups(dataset_path: str, line: int) -> list[Change]:
    """For a dataset whose `question:` text became a `query:` object (at ``line``): each
    `GetQuery().ValueAsText()` of the app's AL code, with the replacement."""
    from ait_datasets.al.app import app_sources
    from ait_datasets.dataset.app import app_root

    resources = app_root(dataset_path)
    sources = app_sources(resources) if resources is not None else None
    if sources is None:
        return []
    seen: set[tuple[str, int]] = set()
    out: list[Change] = []
    for codeunit in sorted(sources.code.codeunits):
        for value, file, al_line, _ in sources.code.reach(codeunit).texts:
            if value.root != "query" or value.path or (file, al_line) in seen:
                continue
            seen.add((file, al_line))
            out.append(
                Change(
                    QUESTION_TEXT,
                    line,
                    None,
                    None,
                    f"{os.path.normpath(file)}:{al_line}: `GetQuery().ValueAsText()` no longer "
                    "returns the question: the query is an object now; write "
                    "`GetQuery().Element('message').ValueAsText()` (or `Element('title')`)",
                )
            )
    return out
