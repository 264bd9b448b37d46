"""At which turn a multi-turn eval failed, from what its log entry carries.

The log entry has the answer (``No. of Turns``, ``No. of Turns Passed``), but the API page
does not export those fields (``API/AITLogEntryAPI.Page.al:30-132``), so the turn is read
back from the two it does export as text (``:120-127``, ``:144-145``). In microsoft/BCApps
``src/Tools/AI Test Toolkit/src/``:

- ``inputData`` is the test's stored JSON (``TestSuite/AITTestSuiteMgt.Codeunit.al:424-426``);
  a test with a ``turns`` array has that many turns (``AITTestContextImpl.Codeunit.al:402-407``).
- ``outputData`` of a multi-turn eval is ``{"turns": [...]}``: each ``SetTestOutput``/
  ``SetAnswerForQnAEvaluation`` of the eval appends one element (``SetSuiteTestOutput``,
  ``AITTestContextImpl.Codeunit.al:514-528``), parsed as JSON (``Test Output Json``,
  ``TestOutputJson.Codeunit.al:25-31``; a value that is an object's text is stored as the
  object, ``:58-62``, in ``src/Tools/Test Framework/Test Runner``).
- ``Library - Agent``'s ``FinalizeTurn`` writes every turn's output *before* it decides,
  as an ``answer`` holding ``{"success": ..., "errorReason": ..., "taskDetails": ...}``, and
  moves to the next turn only when the turn succeeded (``LibraryAgentImpl.Codeunit.al:93-111``,
  ``:581-594``, in ``src/Tools/Test Framework/Test Libraries/LibraryAgent``).
- The toolkit's own count: a failed eval passed ``GetCurrentTurn() - 1`` turns
  (``AITTestRunIteration.Codeunit.al:261-266``), so it failed at the current turn, which
  never goes past the last (``NextTurn``, ``AITTestContextImpl.Codeunit.al:323-334``).

Hence, for a failed eval with M turn outputs of a test with N turns:

- a turn output whose ``success`` is false: it failed at that turn (the first such);
- every output says ``success: true``: it failed at turn M + 1 (the turn that wrote no
  output), or at turn N when all N wrote theirs;
- outputs without ``success``: at turn M (it wrote its output, then failed) or M + 1 (it
  failed before writing): both are said unless they are the same (M = N);
- no turn output: unknown (the test may write none).

Only tests with at least two turns get a turn. Nothing of the data itself is kept: the
turn is a number, shown without ``--show-data``.
"""

from __future__ import annotations

from typing import NamedTuple

import msgspec


class Turn(NamedTuple):
    """The failing turn: ``first`` to ``last`` (the same when known exactly), of ``of``
    turns (0 when the input's turns are not exported)."""

    first: int
    last: int
    of: int

    def __str__(self) -> str:
        where = f"{self.first}" if self.first == self.last else f"{self.first} or {self.last}"
        return f"fails at turn {where}" + (f" of {self.of}" if self.of else "")


def failing_turn(input_data: object, output_data: object) -> Turn | None:
    """The turn a failed eval failed at (see the module docstring), or None."""
    inputs = _json(input_data)
    turns_in = inputs.get("turns") if isinstance(inputs, dict) else None
    total = len(turns_in) if isinstance(turns_in, list) else 0
    outputs = _json(output_data)
    written = outputs.get("turns") if isinstance(outputs, dict) else None
    if not isinstance(written, list) or not written:
        return None
    if 0 < total < 2:
        return None
    flags = [_success(output) for output in written]
    for index, flag in enumerate(flags):
        if flag is False:
            return Turn(index + 1, index + 1, total)
    count = len(written)
    after = count + 1 if not total or count < total else total
    if all(flag is True for flag in flags):
        return Turn(after, after, total)
    return Turn(min(count, total) if total else count, after, total)


def _success(output: object) -> bool | None:
    """A turn output's ``success`` flag: its own, or in its ``answer`` (Library - Agent)."""
    if not isinstance(output, dict):
        return None
    flag = output.get("success")
    if isinstance(flag, bool):
        return flag
    answer = _json(output.get("answer"))
    flag = answer.get("success") if isinstance(answer, dict) else None
    return flag if isinstance(flag, bool) else None


def _json(value: object) -> object:
    """A JSON text parsed (the API page exports the blobs as text), or the value itself;
    a field the reader kept as its JSON (:class:`msgspec.Raw`) is decoded first."""
    if isinstance(value, msgspec.Raw):
        value = msgspec.json.decode(value)
    if not isinstance(value, str):
        return value
    text = value.strip()
    if not text.startswith(("{", "[")):
        return None
    try:
        return msgspec.json.decode(text)
    except (msgspec.MsgspecError, RecursionError):
        return None
