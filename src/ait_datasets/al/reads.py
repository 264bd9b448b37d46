"""Which dataset keys a test codeunit reads, and which framework calls it makes.

The values a test gets from `AIT Test Context` (``GetExpectedData()``, ``GetTurnSetup()``,
``GetQuery()``, ``GetInput()`` and friends) are followed through member chains
(``.Element('a').ElementAt(0).ElementExists('b', Found)``), simple assignments
(``X := AITTestContext.GetExpectedData();``), the var-parameter form of ``GetTurnSetup``,
and arguments passed to procedures of the app (another codeunit's procedure, by its
parameter). Keys are text literals or `Label` constants. What cannot be followed (a key
held in a variable, a value handed to code outside the app, read as raw JSON) makes that
value *opaque*: nothing is claimed about the keys read below it.

Citations (microsoft/BCApps): `Test Input Json` (Test Runner) ``Element`` raises
``ElementDoesNotExistErr`` when the key is missing, ``ElementExists`` does not;
`AIT Test Context` (AI Test Toolkit, AITTestContext.Codeunit.al) defines the getters.
"""

from __future__ import annotations

from array import array
from typing import NamedTuple

from ait_datasets.al.declarations import ALFile, ALObject, Procedure, Variable
from ait_datasets.al.tokens import IDENT, QUOTED, STRING, Token, Tokens

AIT_TEST_CONTEXT = "ait test context"
# Getter (lower case) -> the part of the test input (the turn's, for turn data) it returns.
ROOTS = {
    "getexpecteddata": "expected_data",
    "getturnsetup": "turn_setup",
    "getquery": "query",
    "getquestion": "query",  # obsolete since 29.0: calls GetQuery()
    "getinput": "",
    "gettestsetup": "test_setup",
    "getcontext": "context",
    "getgroundtruth": "ground_truth",
    "getevalsuitesetupdatainput": "suite_setup",
}
# Reading the JSON itself: any key below may be read.
_RAW = frozenset({"valueasjsonobject", "asjsontoken", "totext", "elementvalue"})
# Bound on followed paths and on procedures analysed per codeunit (linear, never hangs).
_MAX_DEPTH = 8
_MAX_VISITS = 5000


class Value(NamedTuple):
    """A `Test Input Json` value: which part of the input, and the keys below it."""

    root: str
    path: tuple[str, ...]  # "*" for ElementAt(i)


class KeyRead(NamedTuple):
    """`.Element('key')` / `.ElementExists('key', ...)` on a followed value."""

    root: str
    path: tuple[str, ...]
    key: str
    required: bool  # Element (raises when missing), not ElementExists
    file: str
    line: int
    column: int
    end_column: int


class CallSite(NamedTuple):
    """`Receiver.Method(...)`: a member call on a codeunit variable (or a context getter)."""

    method: str  # lower case
    receiver: str  # the variable's name as written
    receiver_type: str  # the codeunit it is declared as (lower case), "" if unknown
    file: str
    line: int
    column: int  # of the method name
    offset: int  # of the method name in the file's text
    end_offset: int


class Reach(NamedTuple):
    """What a codeunit does, through every procedure of the app it reaches."""

    reads: list[KeyRead]
    opaque: set[tuple[str, tuple[str, ...]]]
    calls: list[CallSite]
    # `.ValueAsText()` directly on a value (root, path), for migrate's follow-ups.
    texts: list[tuple[Value, str, int, int]]


_CONTEXT = Value("<context>", ())


class Routine(NamedTuple):
    file: ALFile
    obj: ALObject
    proc: Procedure


def lookup(routine: Routine, name: str) -> Variable | None:
    """The declaration a name in ``routine`` refers to: local, parameter, then global."""
    key = name.lower()
    found = routine.proc.locals.get(key)
    if found is not None:
        return found
    for param in routine.proc.params:
        if param.name.lower() == key:
            return param
    return routine.obj.variables.get(key)


class AppCode:
    """The AL objects of an app, with their procedures indexed for calls between them."""

    def __init__(self, files: list[ALFile]) -> None:
        self.files = files
        self.codeunits: dict[int, tuple[ALFile, ALObject]] = {}
        self._by_name: dict[str, ALObject] = {}
        self._routines: dict[tuple[str, str], list[Routine]] = {}
        for file in files:
            for obj in file.objects:
                if obj.kind == "codeunit":
                    if obj.id is not None:
                        self.codeunits.setdefault(obj.id, (file, obj))
                    self._by_name.setdefault(obj.name.lower(), obj)
                for proc in obj.procedures:
                    key = (obj.name.lower(), proc.name.lower())
                    self._routines.setdefault(key, []).append(Routine(file, obj, proc))

    def has_routines(self, object_name: str, proc_name: str) -> bool:
        return (object_name.lower(), proc_name.lower()) in self._routines

    def routines(self, object_name: str, proc_name: str, arity: int) -> list[Routine]:
        found = self._routines.get((object_name.lower(), proc_name.lower()), [])
        return [r for r in found if len(r.proc.params) == arity] or found[:1]

    def reach(self, codeunit_id: int) -> Reach:
        """Everything the codeunit's procedures (and those they call in the app) do."""
        reach = Reach([], set(), [], [])
        entry = self.codeunits.get(codeunit_id)
        if entry is None:
            return reach
        file, obj = entry
        work = _Work()
        for proc in obj.procedures:
            work.add(Routine(file, obj, proc), ())
        read_keys: set[KeyRead] = set()
        while work.todo:
            routine, seeds = work.todo.pop()
            _Walker(self, routine, seeds, reach, read_keys, work).walk()
        reach.reads.sort(key=lambda r: (r.file, r.line, r.column))
        reach.calls.sort(key=lambda c: (c.file, c.offset))
        return reach


Seeds = tuple[tuple[int, Value], ...]


class _Work:
    """The procedures still to walk. Each (procedure, seeds) is queued once and a call is
    expanded into its callees once per (target, arity, seeds), so a thousand overloads
    called from a thousand places cost a thousand queue entries, not a million; at most
    ``_MAX_VISITS`` walks in all."""

    def __init__(self) -> None:
        self.todo: list[tuple[Routine, Seeds]] = []
        self._queued: set[tuple[str, int, str, Seeds]] = set()
        self._expanded: set[tuple[str, str, int, Seeds]] = set()

    def add(self, routine: Routine, seeds: Seeds) -> None:
        key = (routine.file.path, routine.proc.body[0], routine.proc.name, seeds)
        if key not in self._queued and len(self._queued) < _MAX_VISITS:
            self._queued.add(key)
            self.todo.append((routine, seeds))

    def first_call(self, target: str, method: str, arity: int, seeds: Seeds) -> bool:
        """Whether this call (target object and method, lower case) is new."""
        key = (target, method, arity, seeds)
        if key in self._expanded:
            return False
        self._expanded.add(key)
        return True


class _Walker:
    """One pass over one procedure body, with the values its parameters were given."""

    def __init__(
        self,
        app: AppCode,
        routine: Routine,
        seeds: Seeds,
        reach: Reach,
        read_keys: set[KeyRead],
        work: _Work,
    ) -> None:
        self.app = app
        self.routine = routine
        self.tokens = routine.file.tokens
        self.reach = reach
        self.read_keys = read_keys
        self.work = work
        self.values: dict[str, Value] = {}
        for index, value in seeds:
            if index < len(routine.proc.params):
                self.values[routine.proc.params[index].name.lower()] = value
        self.start, self.end = routine.proc.body
        self.links = _groups(self.tokens, self.start, self.end)

    def walk(self) -> None:
        k = self.start
        end = self.end
        tokens = self.tokens
        while k < end:
            if tokens.is_name(k) and not (k > 0 and tokens.op(k - 1) == "."):
                after = tokens.op(k + 1) if k + 1 < end else ""
                if after == ":=" and k + 2 < end:
                    value, _ = self.chain(k + 2, record=True)
                    name = tokens[k].lower
                    if value is not None and value is not _CONTEXT:
                        self.values[name] = value
                    else:
                        self.values.pop(name, None)
                    k += 3
                    continue
                # A name alone is no call and no read: only `Name(` and `Name.` are followed.
                if after in ("(", "."):
                    self.chain(k, record=True)
            k += 1

    def is_context(self, name: Token) -> bool:
        var = lookup(self.routine, name.text)
        return (
            var is not None and var.type == "codeunit" and var.subtype.lower() == AIT_TEST_CONTEXT
        )

    def chain(self, k: int, record: bool) -> tuple[Value | None, int]:
        """The value of the member chain starting at token ``k``, and the index after it."""
        tokens = self.tokens
        first = tokens[k]
        cur = _CONTEXT if self.is_context(first) else self.values.get(first.lower)
        receiver: Token | None = first
        k += 1
        if k < self.end and tokens.is_op(k, "("):
            args, k = self.arguments(k)
            if record:
                self.call(None, first, args)
            cur = None
        while k + 1 < self.end and tokens.is_op(k, ".") and tokens.is_name(k + 1):
            member = tokens[k + 1]
            k += 2
            args = []
            if k < self.end and tokens.is_op(k, "("):
                args, k = self.arguments(k)
            if record and receiver is not None:
                self.call(receiver, member, args)
            receiver = None
            cur = self.member(cur, member, args, record)
        return cur, k

    def arguments(self, k: int) -> tuple[list[tuple[int, int]], int]:
        """The token ranges of the arguments of the call whose `(` is at ``k``, and the
        index after its `)` (or of the `;` that ended an unbalanced call)."""
        commas: list[int] = []
        close = self.links[k - self.start]
        while close > 0 and self.tokens.is_op(close, ","):
            commas.append(close)
            close = self.links[close - self.start]
        bounds = [k, *commas]
        args = [(a + 1, b) for a, b in zip(bounds, commas, strict=False)]
        if close < 0:
            return args, -close
        if close > bounds[-1] + 1:
            args.append((bounds[-1] + 1, close))
        return args, close + 1

    def member(
        self, cur: Value | None, member: Token, args: list[tuple[int, int]], record: bool
    ) -> Value | None:
        name = member.lower
        if cur is _CONTEXT:
            root = ROOTS.get(name)
            if root is None:
                return None
            if name == "getturnsetup" and len(args) == 1:
                a, b = args[0]
                if b - a == 1 and self.tokens.is_name(a):
                    self.values[self.tokens[a].lower] = Value(root, ())
                return None
            return Value(root, ())
        if cur is None:
            return None
        if name in ("element", "elementexists") and args:
            key = self.key(args[0])
            if key is None:
                if record:
                    self.reach.opaque.add((cur.root, cur.path))
                return None
            if record:
                self.read(cur, key, name == "element", member)
            return Value(cur.root, (*cur.path, key)) if len(cur.path) < _MAX_DEPTH else None
        if name == "elementat":
            return Value(cur.root, (*cur.path, "*")) if len(cur.path) < _MAX_DEPTH else None
        if record and name == "valueastext":
            self.reach.texts.append((cur, self.routine.file.path, member.line, member.column))
        if record and name in _RAW:
            self.reach.opaque.add((cur.root, cur.path))
        return None

    def key(self, arg: tuple[int, int]) -> str | None:
        a, b = arg
        if b - a != 1:
            return None
        tok = self.tokens[a]
        if tok.kind == STRING:
            return tok.text
        if tok.kind in (IDENT, QUOTED):
            var = lookup(self.routine, tok.text)
            if var is not None and var.label is not None:
                return var.label
        return None

    def read(self, cur: Value, key: str, required: bool, at: Token) -> None:
        path = self.routine.file.path
        read = KeyRead(
            cur.root, cur.path, key, required, path, at.line, at.column, at.column + len(at.text)
        )
        if read not in self.read_keys:
            self.read_keys.add(read)
            self.reach.reads.append(read)

    def call(self, receiver: Token | None, method: Token, args: list[tuple[int, int]]) -> None:
        """Record a member call; follow calls into the app's own procedures."""
        routine = self.routine
        if receiver is None:
            target_object = routine.obj.name
            receiver_type = routine.obj.name.lower()
        else:
            var = lookup(routine, receiver.text)
            if var is None or var.type != "codeunit":
                return
            target_object = var.subtype
            receiver_type = var.subtype.lower()
            self.reach.calls.append(
                CallSite(
                    method.lower,
                    receiver.text,
                    receiver_type,
                    routine.file.path,
                    method.line,
                    method.column,
                    method.offset,
                    method.end,
                )
            )
        if receiver_type == AIT_TEST_CONTEXT:
            return
        known = self.app.has_routines(target_object, method.text)
        seeds: list[tuple[int, Value]] = []
        for index, arg in enumerate(args):
            value = self.argument_value(arg)
            if value is not None:
                seeds.append((index, value))
                if receiver is not None and not known:
                    self.reach.opaque.add((value.root, value.path))  # code outside the app
        given = tuple(seeds)
        if not known or not self.work.first_call(receiver_type, method.lower, len(args), given):
            return
        for callee in self.app.routines(target_object, method.text, len(args)):
            self.work.add(callee, ())
            if given:
                self.work.add(callee, given)

    def argument_value(self, arg: tuple[int, int]) -> Value | None:
        a, b = arg
        if not self.tokens.is_name(a):
            return None
        value, end = self.chain(a, record=False)
        return value if end == b and value is not _CONTEXT else None


def _groups(tokens: Tokens, start: int, end: int) -> array[int]:
    """For each `(`/`[` of a body and each of its top-level commas: the index of the next
    comma of the group or of its closing bracket, or minus the index where the statement
    ended without closing it (indexed by token index minus ``start``; 0 elsewhere).

    One pass and one number per token, so deeply nested calls cost no more than flat ones:
    open groups are a stack of numbers, never of lists."""
    code = "i" if end < 2**31 else "q"
    links = array(code, [0]) * (end - start)
    open_groups = array(code)  # per open group: its opener or its last comma
    for j, op in tokens.ops(start, end):
        if op in ("(", "["):
            open_groups.append(j)
        elif op in (")", "]"):
            if open_groups:
                links[open_groups.pop() - start] = j
        elif op == ",":
            if open_groups:
                links[open_groups[-1] - start] = j
                open_groups[-1] = j
        elif op == ";":
            while open_groups:
                links[open_groups.pop() - start] = -j
    for last in open_groups:
        links[last - start] = -end
    return links
