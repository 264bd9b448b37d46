"""The evidence of one run, turn by turn, from its ``inputData`` and ``outputData``.

Read only with ``--show-data`` (the API page returns both unmasked). In microsoft/BCApps:

- ``outputData`` of a multi-turn eval is ``{"turns": [...]}``, one element per turn output
  written; a single-turn eval's output is that one element itself (``SetSuiteTestOutput``,
  ``src/Tools/AI Test Toolkit/src/AITTestContextImpl.Codeunit.al:514-528``). Each element is
  ``{"answer": ..., "context"?, "question"?, "ground_truth"?}``
  (``SetAnswerForQnAEvaluation``, ``:178-187``).
- An agent test's answer is written by ``Library - Agent``'s ``WriteTurnToOutput``
  (``src/Tools/Test Framework/Test Libraries/LibraryAgent/src/Internal/
  LibraryAgentImpl.Codeunit.al:93-111``): ``{"success", "errorReason", "taskDetails"}``,
  where ``taskDetails`` is ``WriteTaskToOutput``'s object (``:119-139``): ``id``,
  ``status`` (the task's: ``Paused`` when it waits for a person), ``lastLogEntryId``,
  ``lastLogEntryTimestamp``, ``agentLanguageCulture``, ``agentLocaleCulture`` and
  ``messages``, each ``{"id", "type", "status", "content", "createdDateTime"}``
  (``AddMessagesToOutput``, ``:351-369``). ``FinalizeTurn`` writes it for every turn,
  before it decides (``:581-594``). The intervention request itself (its type and
  suggestions) is not written: a turn that ends with the task ``Paused`` is shown as a pause.
- ``inputData`` is the test's stored JSON: its ``turns`` (or the test itself, for one
  turn) hold each turn's ``query`` -- a new task (``title``, ``from``, ``message``) or a
  person's reply to a pause (``intervention``: ``instruction`` or ``suggestion``)
  (``RunTurnAndWait``, ``LibraryAgentImpl.Codeunit.al:451-500``) -- and its
  ``expected_data`` (``intervention_request``: ``:658-666``).
- ``evaluation_results`` (judge scores) are not written by BCApps main; a turn output or
  its answer holding such an array is read as ``[{name|metric|evaluator, score|value,
  reason|explanation}]``.

Whatever has another shape is kept as its text, bounded (:data:`RAW_LIMIT`), never
dropped; nothing here raises.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace

import msgspec

RAW_LIMIT = 2000  # characters of a value of unknown shape shown as it is
TEXT_LIMIT = 4000  # characters of one message, reason or query kept


@dataclass(frozen=True, slots=True)
class Message:
    """One agent task message (``type`` ``Input``: to the agent; ``Output``: from it)."""

    type: str
    status: str
    content: str
    created: str = ""

    @property
    def from_agent(self) -> bool:
        return self.type.strip().lower() != "input"


@dataclass(frozen=True, slots=True)
class Score:
    """One judge score of a turn, with its reason."""

    name: str
    score: str
    reason: str = ""


@dataclass(frozen=True, slots=True)
class TurnEvidence:
    """What one turn asked, expected and did. ``success`` None: the output does not say;
    ``raw``: the turn output's text when its shape is not known."""

    index: int
    query: str = ""
    expected: str = ""
    written: bool = False  # the turn wrote an output
    success: bool | None = None
    error_reason: str = ""
    status: str = ""  # the agent task's status after the turn
    messages: tuple[Message, ...] = ()
    scores: tuple[Score, ...] = ()
    answer: str = ""  # an answer that is not Library - Agent's object
    raw: str = ""
    reply: bool = False  # the query is a person's reply to a pause, not a new task

    @property
    def paused(self) -> bool:
        """The agent stopped to ask a person (an intervention request)."""
        return self.status.strip().lower() == "paused"

    def data(self) -> dict[str, object]:
        """The turn as plain data (the JSON report's ``turns``)."""
        return {
            "index": self.index,
            "success": self.success,
            "error_reason": self.error_reason,
            "messages": [asdict(m) for m in self.messages],  # type, status, content, created
            "scores": [asdict(s) for s in self.scores],  # name, score, reason
            "query": self.query,
            "reply": self.reply,
            "expected": self.expected,
            "status": self.status,
            "answer": self.answer,
            "raw": self.raw,
        }


@dataclass(frozen=True, slots=True)
class Evidence:
    """The turns of a run; ``raw_output``/``raw_input``: the data's text when its shape is
    not known (nothing of it is dropped)."""

    turns: tuple[TurnEvidence, ...] = ()
    raw_input: str = ""
    raw_output: str = ""

    def failing(self, first: int | None = None) -> TurnEvidence | None:
        """The failing turn: the first that says it failed, else turn ``first`` (the
        failing turn's number read from the log entry), else the last written."""
        for turn in self.turns:
            if turn.success is False:
                return turn
        if first is not None:
            for turn in self.turns:
                if turn.index == first:
                    return turn
        written = [turn for turn in self.turns if turn.written]
        return written[-1] if written else None


def evidence(input_data: str, output_data: str) -> Evidence:
    """The evidence of a run from its two texts (as the API page exports them)."""
    inputs = _json(input_data)
    outputs = _json(output_data)
    queries = _queries(inputs)
    written, raw_output = _outputs(outputs, output_data)
    raw_input = "" if queries or not input_data.strip() else bounded(input_data)
    count = max(len(queries), len(written))
    turns = []
    for index in range(count):
        query, expected, reply = queries[index] if index < len(queries) else ("", "", False)
        output = written[index] if index < len(written) else _NOTHING
        turns.append(replace(_turn(index + 1, query, expected, output), reply=reply))
    return Evidence(tuple(turns), raw_input, raw_output)


_NOTHING = object()


def _queries(inputs: object) -> list[tuple[str, str, bool]]:
    """(query, expected, is a reply) of each turn of the test's stored JSON."""
    if not isinstance(inputs, dict):
        return []
    turns = inputs.get("turns")
    if isinstance(turns, list):
        return [_query(turn) for turn in turns]
    if any(key in inputs for key in ("query", "question", "expected_data")):
        return [_query(inputs)]
    return []


def _query(turn: object) -> tuple[str, str, bool]:
    if not isinstance(turn, dict):
        return bounded(_text(turn)), "", False
    query = turn.get("query", turn.get("question"))
    expected = turn.get("expected_data", turn.get("ground_truth"))
    shown = "" if expected is None else bounded(_text(expected))
    intervention = query.get("intervention") if isinstance(query, dict) else None
    if intervention is not None:
        return _reply_text(intervention), shown, True
    return _query_text(query), shown, False


def _reply_text(intervention: object) -> str:
    """A person's reply to a pause: the instruction, or the suggestion chosen."""
    if isinstance(intervention, dict):
        for key in ("instruction", "suggestion"):
            value = intervention.get(key)
            if isinstance(value, str):
                return ("" if key == "instruction" else "suggestion ") + _cut(value)
    return bounded(_text(intervention))


def _query_text(query: object) -> str:
    """A new task as ``title — message (from ...)``; anything else as its text."""
    if isinstance(query, dict):
        parts = [query.get(key) for key in ("title", "message")]
        texts = [_cut(part) for part in parts if isinstance(part, str) and part.strip()]
        sender = query.get("from")
        if texts:
            by = f" (from {_cut(sender)})" if isinstance(sender, str) else ""
            return " — ".join(texts) + by
    return "" if query is None else bounded(_text(query))


def _outputs(outputs: object, text: str) -> tuple[list[object], str]:
    """Each turn output written, and the text when its shape is not known."""
    if isinstance(outputs, dict):
        turns = outputs.get("turns")
        if isinstance(turns, list):
            return list(turns), ""
        if "answer" in outputs or "success" in outputs:
            return [outputs], ""
    return [], bounded(text) if text.strip() else ""


def _turn(index: int, query: str, expected: str, output: object) -> TurnEvidence:
    if output is _NOTHING:
        return TurnEvidence(index, query, expected)
    scores, odd = _scores(output)
    answer = _json(output.get("answer")) if isinstance(output, dict) else None
    agent = answer if isinstance(answer, dict) else output if isinstance(output, dict) else None
    if agent is None or not any(key in agent for key in ("success", "errorReason", "taskDetails")):
        # Not Library - Agent's answer: the answer itself (text), or the whole output.
        plain = "" if answer is None else bounded(_text(answer))
        raw = "" if plain or (scores and not odd) else bounded(_text(output))
        return TurnEvidence(
            index, query, expected, True, None, scores=scores, answer=plain, raw=raw
        )
    if isinstance(answer, dict):
        more, more_odd = _scores(answer)
        scores, odd = scores + more, odd or more_odd
    success = agent.get("success")
    reason = agent.get("errorReason")
    details = _json(agent.get("taskDetails"))
    status, unknown = "", False
    messages: tuple[Message, ...] = ()
    if isinstance(details, dict):
        status = _cut(_text(details.get("status", "")))
        messages, unknown = _messages(details.get("messages"))
    elif details is not None:
        unknown = True
    unknown = unknown or odd or not (success is None or isinstance(success, bool))
    unknown = unknown or not (reason is None or isinstance(reason, str))
    return TurnEvidence(
        index,
        query,
        expected,
        True,
        success if isinstance(success, bool) else None,
        _cut(reason) if isinstance(reason, str) else bounded(_text(reason)) if reason else "",
        status,
        messages,
        scores,
        raw=bounded(_text(output)) if unknown else "",
    )


def _messages(value: object) -> tuple[tuple[Message, ...], bool]:
    """The task's messages, and whether any had another shape (the turn is then also
    shown raw)."""
    if value is None:
        return (), False
    if not isinstance(value, list):
        return (), True
    found, odd = [], False
    for item in value:
        if isinstance(item, dict) and "content" in item:
            found.append(
                Message(
                    _cut(_text(item.get("type", ""))),
                    _cut(_text(item.get("status", ""))),
                    _cut(_text(item.get("content", ""))),
                    _cut(_text(item.get("createdDateTime", ""))),
                )
            )
        else:
            odd = True
    return tuple(found), odd


_NAME_KEYS = ("name", "metric", "evaluator")
_SCORE_KEYS = ("score", "value", "result")
_REASON_KEYS = ("reason", "explanation", "rationale")


def _scores(holder: object) -> tuple[tuple[Score, ...], bool]:
    """A turn output's ``evaluation_results``, and whether any had another shape."""
    if not isinstance(holder, dict) or "evaluation_results" not in holder:
        return (), False
    value = _json(holder["evaluation_results"])
    items = value if isinstance(value, list) else [value]
    found, odd = [], False
    for item in items:
        if not isinstance(item, dict):
            odd = True
            continue
        name = next((item[k] for k in _NAME_KEYS if k in item), "")
        score = next((item[k] for k in _SCORE_KEYS if k in item), None)
        reason = next((item[k] for k in _REASON_KEYS if k in item), "")
        if score is None:
            odd = True
            continue
        found.append(Score(_cut(_text(name)), _cut(_text(score)), _cut(_text(reason))))
    return tuple(found), odd


def _json(value: object) -> object:
    """A JSON text parsed (the API page exports the blobs as text, and an answer may be
    kept as text), or the value itself; text that is not JSON stays text."""
    if isinstance(value, msgspec.Raw):
        try:
            value = msgspec.json.decode(value)
        except (msgspec.MsgspecError, RecursionError):
            return None
    if not isinstance(value, str):
        return value
    stripped = value.strip()
    if not stripped.startswith(("{", "[")):
        return value
    try:
        return msgspec.json.decode(stripped)
    except (msgspec.MsgspecError, RecursionError):
        return value


def _text(value: object) -> str:
    """A value as text: a string as it is, anything else as compact JSON."""
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)
    except (ValueError, RecursionError):
        return repr(value)


def _cut(value: object) -> str:
    text = value if isinstance(value, str) else _text(value)
    return text if len(text) <= TEXT_LIMIT else text[: TEXT_LIMIT - 1] + "…"


def bounded(text: str, limit: int = RAW_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, saying how much was left out."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit} more characters)"
