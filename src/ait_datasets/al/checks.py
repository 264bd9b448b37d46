"""What each expected-data key a test codeunit reads is compared with.

`datasets audit` asks whether a suite checks the stored state or only the agent's word.
For every ``GetExpectedData()`` key :mod:`ait_datasets.al.reads` finds, this module
follows the value on: into the variable it is assigned to (and that variable's later
uses, in the procedure or, for a global, in its object), into the app's own procedures it
is passed to (by parameter, any number of calls deep), down to the statement that
compares it (an ``if``/``while``/``until``/``case`` condition, an ``Assert`` call, a
comparison in an assignment, a record filter). What is on the other side decides:

- **state**: a record of the app's data (``Get``, ``Find*``, ``SetRange`` + ``Count``/
  ``IsEmpty``, ``CalcFields``, ``TestField``, a field), or a value read from one;
- **message**: the agent's task messages (``Agent Task Message``, ``Agent Message``),
  output text or the ``WriteTaskToOutput`` JSON (``Test Output Json``);
- **intervention**: the task's user-intervention request (its records, or ``Library -
  Agent``'s intervention procedures);
- **judge**: a call to a language model (``Azure OpenAI``, ``AOAI ...``, a procedure
  named for a judge);
- **unknown**: anything else: handed to code outside the app, returned, compared with a
  literal only, or used in no comparison the reader can see. Never guessed.

A condition that compares the key with a literal (``if Expected > 0 then``) takes the
class of what the statement it guards reads. The reader is forgiving, linear and bounded
(``_MAX_SITES`` statements per key, ``_MAX_DEPTH`` calls deep); it never fails.

Citations (microsoft/BCApps): `Library - Agent` (``ValidateInterventionRequest``,
``GetLastUserInterventionRequestDetails``, ``WriteTaskToOutput``), ``SV-AS Test Library``
(``ValidateSalesOrdersReleased``: a count read into a variable guards ``SalesHeader.Get``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from ait_datasets.al.declarations import ALFile, Variable
from ait_datasets.al.reads import AppCode, KeyRead, Routine, lookup
from ait_datasets.al.tokens import Tokens

CheckKind = Literal["state", "message", "intervention", "judge", "unknown"]
KINDS: tuple[CheckKind, ...] = ("state", "message", "intervention", "judge", "unknown")
# When one statement shows several kinds of evidence, the first of these wins: a record
# read beside a message still reads the state.
_PRIORITY: tuple[CheckKind, ...] = ("state", "intervention", "judge", "message")

_MESSAGE_RECORDS = frozenset({"agent task message", "agent task", "agent task log entry"})
_INTERVENTION_RECORDS = frozenset(
    {
        "agent user int request details",
        "agent task user int suggestion",
        "agent task user intervention",
        "agent annotation",
    }
)
_MESSAGE_CODEUNITS = frozenset({"agent message", "test output json", "agent task message builder"})
_JUDGE_CODEUNITS = frozenset(
    {"azure openai", "aoai chat messages", "aoai chat completion params", "aoai operation response"}
)
_LIBRARY_AGENT = "library - agent"
_INTERVENTION_METHODS = frozenset(
    {
        "validateinterventionrequest",
        "getexpectedinterventionrequest",
        "requiresuserintervention",
        "getlastuserinterventionrequestdetails",
        "getuserinterventionrequestdetails",
        "parseuserinterventionrequesttype",
    }
)
_MESSAGE_METHODS = frozenset({"writetasktooutput", "writeturntooutput", "gettext"})
_JUDGE_NAME = re.compile(r"judge|llm|gpt|openai|grade", re.IGNORECASE)
_ASSERT = re.compile(r"assert", re.IGNORECASE)
_STATE_METHODS = frozenset(
    {
        "get",
        "find",
        "findfirst",
        "findlast",
        "findset",
        "next",
        "count",
        "isempty",
        "calcfields",
        "calcsums",
        "testfield",
        "setrange",
        "setfilter",
        "getbysystemid",
    }
)
_COMPARE = frozenset({"=", "<>", "<", ">", "<=", ">="})
_COMPARE_WORDS = frozenset({"contains", "startswith", "endswith", "indexof", "in"})
_CONDITION_WORDS = frozenset({"if", "while", "until", "case"})
_STATEMENT_STARTS = frozenset({"begin", "then", "do", "else", "repeat", "of", "end"})
_STATEMENT_ENDS = frozenset({"then", "do", "of", "else", "end", "until"})
_MAX_SITES = 200
_MAX_DEPTH = 8


@dataclass(frozen=True, slots=True)
class KeyCheck:
    """One expected-data key, the class of what it is compared with, and where."""

    key: str  # the top-level key under expected_data
    kind: CheckKind
    file: str
    line: int
    column: int
    reason: str


@dataclass(frozen=True, slots=True)
class CodeunitChecks:
    """The checks of one test codeunit; ``opaque``: it reads expected_data in a way whose
    keys cannot be known (the whole object as JSON, a key held in a variable)."""

    codeunit: int
    checks: tuple[KeyCheck, ...]
    opaque: bool

    def kind_of(self, key: str) -> CheckKind | None:
        """The class of ``key``'s checks (the strongest evidence), or None if not read."""
        found = {c.kind for c in self.checks if c.key == key}
        if not found:
            return None
        return next((k for k in (*_PRIORITY, "unknown") if k in found), "unknown")


def classify_checks(app: AppCode, codeunit_id: int) -> CodeunitChecks:
    """Follow every ``expected_data`` key the codeunit (and the app code it calls) reads."""
    reach = app.reach(codeunit_id)
    opaque = any(root == "expected_data" and not path for root, path in reach.opaque)
    index = _Index(app)
    checks: list[KeyCheck] = []
    for read in reach.reads:
        if read.root != "expected_data":
            continue
        top = next((step for step in (*read.path, read.key) if step != "*"), read.key)
        found = index.find(read)
        if found is None:
            checks.append(KeyCheck(top, "unknown", read.file, read.line, read.column, "not found"))
            continue
        routine, token = found
        kind, reason, line, column = _Follow(app, index).key(routine, token)
        checks.append(KeyCheck(top, kind, read.file, line or read.line, column, reason))
    return CodeunitChecks(codeunit_id, tuple(checks), opaque)


class _Index:
    """Where each read is: its procedure and token, found once per file."""

    def __init__(self, app: AppCode) -> None:
        self.files = {f.path: f for f in app.files}
        self._positions: dict[str, dict[tuple[int, int], int]] = {}

    def find(self, read: KeyRead) -> tuple[Routine, int] | None:
        file = self.files.get(read.file)
        if file is None:
            return None
        positions = self._positions.get(file.path)
        if positions is None:
            tokens = file.tokens
            positions = {}
            for j in range(len(tokens)):
                if tokens.is_name(j):
                    tok = tokens[j]
                    positions[(tok.line, tok.column)] = j
            self._positions[file.path] = positions
        found = positions.get((read.line, read.column))
        if found is None:
            return None
        routine = routine_at(file, found)
        return None if routine is None else (routine, found)


def routine_at(file: ALFile, k: int) -> Routine | None:
    """The procedure whose body holds token ``k``."""
    for obj in file.objects:
        for proc in obj.procedures:
            start, end = proc.body
            if start <= k < end:
                return Routine(file, obj, proc)
    return None


class _Follow:
    """The walk of one key: the statements its value reaches, and their evidence."""

    def __init__(self, app: AppCode, index: _Index) -> None:
        self.app = app
        self.index = index
        self.sites = 0
        self.seen: set[tuple[str, int]] = set()
        self.found: list[tuple[CheckKind, str, int, int]] = []

    def key(self, routine: Routine, token: int) -> tuple[CheckKind, str, int, int]:
        self.use(routine, token, 0)
        for kind in _PRIORITY:
            for found in self.found:
                if found[0] == kind:
                    return found
        if self.found:
            return self.found[0]
        tok = routine.file.tokens[token]
        return ("unknown", "compared with nothing the reader can follow", tok.line, tok.column)

    def note(self, kind: CheckKind, reason: str, routine: Routine, k: int) -> None:
        tok = routine.file.tokens[k]
        self.found.append((kind, reason, tok.line, tok.column))

    def use(self, routine: Routine, k: int, depth: int) -> None:
        """The value is at token ``k``: classify the statement that holds it."""
        key = (routine.file.path, k)
        if key in self.seen or self.sites >= _MAX_SITES or depth > _MAX_DEPTH:
            return
        self.seen.add(key)
        self.sites += 1
        tokens = routine.file.tokens
        start, end = _statement(routine, k)
        first = tokens.word(start)
        for call in _enclosing_calls(routine, start, k):
            if self.into_call(routine, call, k, end, depth):
                return
        if first in _CONDITION_WORDS:
            self.compare(routine, start + 1, end, k, guard=True)
            return
        if first == "exit":
            self.note("unknown", "returned by a procedure: not followed", routine, k)
            return
        if tokens.is_name(start) and start + 1 < end and tokens.is_op(start + 1, ":="):
            if _has_comparison(routine, start + 2, end):
                self.compare(routine, start + 2, end, k, guard=False)
                return
            self.assigned(routine, tokens[start].text, start, depth)
            return
        self.note("unknown", "used in a statement the reader cannot follow", routine, k)

    def assigned(self, routine: Routine, name: str, at: int, depth: int) -> None:
        """Follow a variable the value was assigned to, in its procedure (a global: in
        every procedure of its object)."""
        tokens = routine.file.tokens
        lower = name.lower()
        scopes = [routine]
        var = lookup(routine, name)
        if (
            var is not None
            and routine.proc.locals.get(lower) is None
            and not _is_param(routine, lower)
        ):
            scopes = [Routine(routine.file, routine.obj, p) for p in routine.obj.procedures]
        for scope in scopes:
            start, end = scope.proc.body
            for j in range(start, end):
                if scope.proc is routine.proc and j <= at:
                    continue
                if tokens.is_name(j) and tokens[j].lower == lower:
                    if j > 0 and tokens.is_op(j - 1, "."):
                        continue
                    if j + 1 < end and tokens.is_op(j + 1, ":="):
                        continue  # overwritten: not a use of the value
                    self.use(scope, j, depth)

    def into_call(
        self, routine: Routine, call: tuple[int, int, int], k: int, end: int, depth: int
    ) -> bool:
        """The value is an argument of the call whose method name is at ``call[0]``; False
        when the call only transforms the value (`CopyStr`, `Format`, a text's method),
        so the statement around it decides."""
        tokens = routine.file.tokens
        name_at, open_at, index = call
        method = tokens[name_at].lower
        receiver = _receiver(routine, name_at)
        if receiver is None:
            target = routine.obj.name
        elif receiver.type == "record":
            if method in _STATE_METHODS:
                self.note(_record_kind(receiver), f"{receiver.name}.{method}", routine, k)
                return True
            return False
        elif receiver.type == "codeunit":
            target = receiver.subtype
        else:
            return False
        name = tokens[name_at].text
        subtype = receiver.subtype.lower() if receiver is not None else ""
        if receiver is not None and _ASSERT.search(f"{subtype} {receiver.name}"):
            self.compare(routine, open_at + 1, _close(tokens, open_at, end), k, guard=False)
            return True
        if self.app.has_routines(target, name):
            for callee in self.app.routines(target, name, _arity(tokens, open_at, end)):
                if index < len(callee.proc.params):
                    param = callee.proc.params[index].name
                    self.assigned(callee, param, callee.proc.body[0] - 1, depth + 1)
            return True
        if receiver is None:
            return False  # a built-in function (CopyStr, Format, StrSubstNo ...)
        kind = _outside_kind(subtype, method)
        if kind is not None:
            self.note(kind, f"passed to {receiver.subtype}.{name}", routine, k)
            return True
        self.note("unknown", f"handed to {receiver.subtype}.{name}, outside the app", routine, k)
        return True

    def compare(self, routine: Routine, start: int, end: int, k: int, guard: bool) -> None:
        """A comparison: what the other side is; a guard also looks at what it guards."""
        kind, why = _evidence(routine, start, end, skip=k)
        if kind is None and guard:
            body_start = end + 1
            body_end = _guarded_end(routine, end)
            kind, why = _evidence(routine, body_start, body_end, skip=-1)
            if kind is not None:
                why = f"guards {why}"
        if kind is None:
            why = "compared with a literal or a value the reader cannot follow"
            self.note("unknown", why, routine, k)
            return
        self.note(kind, why, routine, k)


def _is_param(routine: Routine, lower: str) -> bool:
    return any(p.name.lower() == lower for p in routine.proc.params)


def _statement(routine: Routine, k: int) -> tuple[int, int]:
    """The token range of the statement (or condition) holding token ``k``."""
    tokens = routine.file.tokens
    body_start, body_end = routine.proc.body
    depth = 0
    s = k
    while s > body_start:
        prev = s - 1
        op = tokens.op(prev)
        if op in (")", "]"):
            depth += 1
        elif op in ("(", "["):
            if depth == 0:
                s = prev
                continue
            depth -= 1
        elif depth == 0 and (op == ";" or tokens.word(prev) in _STATEMENT_STARTS):
            break
        elif depth == 0 and tokens.word(prev) in _CONDITION_WORDS | {"exit"}:
            s = prev
            break
        s = prev
    # A condition starts at its keyword even when a parenthesis opened the scan.
    e = k
    depth = 0
    while e < body_end:
        op = tokens.op(e)
        if op in ("(", "["):
            depth += 1
        elif op in (")", "]"):
            depth -= 1
        elif depth <= 0 and (op == ";" or tokens.word(e) in _STATEMENT_ENDS):
            break
        e += 1
    return s, e


def _enclosing_calls(routine: Routine, start: int, k: int) -> list[tuple[int, int, int]]:
    """(method-name token, its `(`, the argument index) of each call in the statement
    whose arguments hold token ``k``, innermost first."""
    tokens = routine.file.tokens
    stack: list[tuple[int, int]] = []  # (open paren, commas so far)
    for j in range(start, k):
        op = tokens.op(j)
        if op == "(":
            stack.append((j, 0))
        elif op == ")" and stack:
            stack.pop()
        elif op == "," and stack:
            opener, commas = stack[-1]
            stack[-1] = (opener, commas + 1)
    calls = []
    while stack:
        opener, commas = stack.pop()
        # `X.Element('k').ValueAsText()` is the value's own chain, not a call it is
        # passed to: only a call whose argument list holds the value counts.
        if (
            opener > 0
            and tokens.is_name(opener - 1)
            and tokens.word(opener - 1) not in (_CONDITION_WORDS | {"exit", "not", "and", "or"})
        ):
            calls.append((opener - 1, opener, commas))
    return calls


def _receiver(routine: Routine, name_at: int) -> Variable | None:
    """The variable a method is called on (`Rec.Get(...)`), or None for a local call."""
    tokens = routine.file.tokens
    if name_at >= 2 and tokens.is_op(name_at - 1, ".") and tokens.is_name(name_at - 2):
        return lookup(routine, tokens[name_at - 2].text) or Variable(
            tokens[name_at - 2].text, "", "", None, 0, 0
        )
    return None


def _close(tokens: Tokens, open_at: int, end: int) -> int:
    depth = 0
    for j in range(open_at, end + 1):
        op = tokens.op(j) if j < len(tokens) else ""
        if op == "(":
            depth += 1
        elif op == ")":
            depth -= 1
            if depth == 0:
                return j
    return end


def _arity(tokens: Tokens, open_at: int, end: int) -> int:
    close = _close(tokens, open_at, end)
    if close == open_at + 1:
        return 0
    depth = 0
    count = 1
    for j in range(open_at + 1, close):
        op = tokens.op(j)
        if op in ("(", "["):
            depth += 1
        elif op in (")", "]"):
            depth -= 1
        elif op == "," and depth == 0:
            count += 1
    return count


def _has_comparison(routine: Routine, start: int, end: int) -> bool:
    tokens = routine.file.tokens
    for j in range(start, end):
        if tokens.op(j) in _COMPARE or tokens.word(j) in _COMPARE_WORDS:
            return True
    return False


def _guarded_end(routine: Routine, then_at: int) -> int:
    """The end of what a condition guards: its `begin ... end` block, or one statement."""
    tokens = routine.file.tokens
    body_end = routine.proc.body[1]
    j = then_at + 1
    if j < body_end and tokens.word(j) == "begin":
        depth = 0
        while j < body_end:
            word = tokens.word(j)
            if word in ("begin", "case"):
                depth += 1
            elif word == "end":
                depth -= 1
                if depth == 0:
                    return j
            j += 1
        return body_end
    while j < body_end and not tokens.is_op(j, ";") and tokens.word(j) not in ("else", "end"):
        j += 1
    return j


def _record_kind(var: Variable) -> CheckKind:
    subtype = var.subtype.lower()
    if subtype in _MESSAGE_RECORDS:
        return "message"
    if subtype in _INTERVENTION_RECORDS:
        return "intervention"
    return "state"


def _outside_kind(subtype: str, method: str) -> CheckKind | None:
    """The class of a call to code outside the app, when its name says it."""
    if subtype == _LIBRARY_AGENT and method in _INTERVENTION_METHODS:
        return "intervention"
    if subtype in _JUDGE_CODEUNITS or _JUDGE_NAME.search(subtype) or _JUDGE_NAME.search(method):
        return "judge"
    if subtype in _MESSAGE_CODEUNITS or (subtype == _LIBRARY_AGENT and method in _MESSAGE_METHODS):
        return "message"
    return None


def _evidence(routine: Routine, start: int, end: int, skip: int) -> tuple[CheckKind | None, str]:
    """The strongest evidence in tokens [start, end): records, messages, a judge."""
    tokens = routine.file.tokens
    found: dict[CheckKind, str] = {}
    for j in range(max(start, 0), end):
        if j == skip or not tokens.is_name(j) or (j > 0 and tokens.is_op(j - 1, ".")):
            continue
        name = tokens[j].text
        var = lookup(routine, name)
        member = tokens[j + 2].lower if j + 2 < end and tokens.is_op(j + 1, ".") else ""
        kind = _variable_kind(routine, var, member)
        if kind is None and var is not None and var.type not in ("record", "codeunit"):
            kind = _origin(routine, name, start)
        if kind is not None and kind not in found:
            found[kind] = f"{name}.{tokens[j + 2].text}" if member else name
    for kind in _PRIORITY:
        if kind in found:
            return kind, found[kind]
    return None, ""


def _variable_kind(routine: Routine, var: Variable | None, member: str) -> CheckKind | None:
    if var is None:
        return None
    subtype = var.subtype.lower()
    if var.type == "record":
        return _record_kind(var)
    if var.type == "codeunit":
        if subtype == "ait test context":
            return None
        if member and subtype:
            return _outside_kind(subtype, member)
    if var.type == "testpage":
        return "state"
    return None


def _origin(routine: Routine, name: str, before: int) -> CheckKind | None:
    """What a plain variable holds, from its assignments earlier in the procedure:
    ``Actual := SalesHeader.Count()`` is state, ``Reply := AgentMessage.GetText(..)``
    a message. Only one level: a variable assigned from another is not chased."""
    tokens = routine.file.tokens
    lower = name.lower()
    body_start, body_end = routine.proc.body
    kinds: list[CheckKind] = []
    for j in range(body_start, min(before, body_end)):
        if tokens.is_name(j) and tokens[j].lower == lower and tokens.is_op(j + 1, ":="):
            if j > 0 and tokens.is_op(j - 1, "."):
                continue
            e = j + 2
            while e < body_end and not tokens.is_op(e, ";"):
                e += 1
            for m in range(j + 2, e):
                if not tokens.is_name(m) or (m > 0 and tokens.is_op(m - 1, ".")):
                    continue
                var = lookup(routine, tokens[m].text)
                member = tokens[m + 2].lower if m + 2 < e and tokens.is_op(m + 1, ".") else ""
                kind = _variable_kind(routine, var, member)
                if kind is not None:
                    kinds.append(kind)
    for kind in _PRIORITY:
        if kind in kinds:
            return kind
    return None
