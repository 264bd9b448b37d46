"""Record classes: fields declared once, like a slotted dataclass, without its start-up cost.

``@dataclass`` writes and compiles the source of ``__init__``, ``__repr__``, ``__eq__`` ...
for every class each time the program starts, and importing ``dataclasses`` loads
``inspect``: together more than a small ``datasets lint`` run spends on its own work. A
record declares its fields once, as annotations with optional defaults::

    class Span(FrozenRecord):
        line: int
        column: int
        start_offset: int = 0
        notes: list[str] = field(default_factory=list)

and the base builds ``__slots__`` and ``__init__`` (one small compiled function a class,
positional or keyword arguments in declaration order, defaults as declared; keyword
arguments only with ``class Rule(FrozenRecord, kw_only=True)``), and gives:

- :class:`Record`: ``repr`` (``Name(field=value, ...)``), ``==`` between instances of the
  same class comparing the fields (``_uncompared`` names any left out),
  ``__match_args__``, and no hash (it is mutable);
- :class:`FrozenRecord`: also immutable (assigning raises
  ``dataclasses.FrozenInstanceError``), hashable over the compared fields, picklable;
- :func:`replace`: a copy with some fields changed, for either.

A record may extend another: the parent's fields come first. Type checkers learn the
generated ``__init__`` through :pep:`681` (``dataclass_transform``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn, TypeVar

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
elif sys.version_info >= (3, 11):
    from typing import dataclass_transform
else:  # pragma: no cover - Python 3.10: the decorator only informs type checkers

    def dataclass_transform(**_kwargs: object) -> Callable[[Any], Any]:
        return lambda cls: cls


_set = object.__setattr__
_MISSING: Any = object()


class _Factory:
    """A default made afresh for each record (``field(default_factory=list)``)."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make


def field(*, default_factory: Callable[[], Any]) -> Any:
    """A field whose default is ``default_factory()``, called for each new record."""
    return _Factory(default_factory)


def _key_function(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """``record -> (its compared fields)``, always a tuple (as a dataclass compares)."""

    if len(names) > 1:
        getter: Callable[[Any], tuple[Any, ...]] = attrgetter(*names)
        return getter

    def key(record: Any) -> tuple[Any, ...]:
        return tuple([getattr(record, name) for name in names])

    return key


def _is_field(name: str, annotation: object) -> bool:
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
    return not name.startswith("__") and not str(text).startswith(("ClassVar", "typing.ClassVar"))


def _make_init(
    cls: type, fields: tuple[str, ...], defaults: dict[str, Any], frozen: bool, kw_only: bool
) -> Callable[..., None]:
    """Compile ``__init__(self, a, b=<default>, ...)`` assigning each field."""
    params: list[str] = ["*"] if kw_only and fields else []
    body: list[str] = []
    scope: dict[str, Any] = {"_set": _set, "_MISSING": _MISSING}
    for name in fields:
        default = defaults.get(name, _MISSING)
        if default is _MISSING:
            params.append(name)
            value = name
        elif isinstance(default, _Factory):
            scope[f"_make_{name}"] = default.make
            params.append(f"{name}=_MISSING")
            value = f"_make_{name}() if {name} is _MISSING else {name}"
        else:
            scope[f"_default_{name}"] = default
            params.append(f"{name}=_default_{name}")
            value = name
        assign = f"_set(self, {name!r}, {value})" if frozen else f"self.{name} = {value}"
        body.append("    " + assign)
    source = f"def __init__(self, {', '.join(params)}) -> None:\n" + (
        "\n".join(body) if body else "    pass"
    )
    exec(source, scope)  # our own fixed template, as dataclasses does
    init: Callable[..., None] = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


class _RecordMeta(type):
    """Builds a record class's ``__slots__``, ``__init__``, equality key and match args.

    A class that writes its own ``__slots__`` (and ``__init__``) instead names its
    fields in ``_fields``, the parent's first.
    """

    def __new__(
        mcls,
        name: str,
        bases: tuple[type, ...],
        namespace: dict[str, Any],
        kw_only: bool = False,
        **kwargs: Any,
    ) -> _RecordMeta:
        declared = "__slots__" not in namespace
        own: list[str] = []
        defaults: dict[str, Any] = {}
        if declared:
            annotations = namespace.get("__annotations__", {})
            own = [n for n, a in annotations.items() if _is_field(n, a)]
            for field_name in own:
                if field_name in namespace:
                    defaults[field_name] = namespace.pop(field_name)
            namespace["__slots__"] = tuple(own)
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        if not bases:
            return cls
        fields: tuple[str, ...]
        if declared:
            fields = (*getattr(cls, "_fields", ()), *own)
            inherited = {**getattr(cls, "_defaults", {}), **defaults}
            cls._defaults = inherited  # type: ignore[attr-defined]
            if "__init__" not in namespace:
                frozen = getattr(cls, "_frozen", False)
                init = _make_init(cls, fields, inherited, frozen, kw_only)
                cls.__init__ = init  # type: ignore[misc]
        else:
            fields = tuple(namespace.get("_fields", namespace["__slots__"]))
        uncompared = getattr(cls, "_uncompared", ())
        cls._fields = fields  # type: ignore[attr-defined]
        setattr(cls, "__match_args__", fields)  # noqa: B010  (mypy: no such attribute)
        cls._key = _key_function(  # type: ignore[attr-defined]
            tuple(n for n in fields if n not in uncompared)
        )
        return cls


class _RecordBase(metaclass=_RecordMeta):
    """What mutable and frozen records share (they are separate bases, as a frozen
    dataclass cannot extend a mutable one)."""

    __slots__ = ()
    # Fields left out of == (and of the hash of a frozen record).
    _uncompared: ClassVar[tuple[str, ...]] = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    _defaults: ClassVar[dict[str, Any]] = {}
    _frozen: ClassVar[bool] = False
    _key: ClassVar[Callable[[Any], tuple[Any, ...]]]

    def __repr__(self) -> str:
        values = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{self.__class__.__qualname__}({values})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            key = self.__class__._key
            return bool(key(self) == key(other))
        return NotImplemented


@dataclass_transform(field_specifiers=(field,))
class Record(_RecordBase):
    """Base of a mutable record: see the module's documentation."""

    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]  # mutable: unhashable, like a dataclass


@dataclass_transform(field_specifiers=(field,), frozen_default=True)
class FrozenRecord(_RecordBase):
    """Base of an immutable record: see the module's documentation."""

    __slots__ = ()
    _frozen: ClassVar[bool] = True

    def __hash__(self) -> int:
        return hash(self.__class__._key(self))

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise _frozen(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise _frozen(f"cannot delete field {name!r}")

    def __getstate__(self) -> list[object]:
        return [getattr(self, name) for name in self._fields]

    def __setstate__(self, state: list[object]) -> None:
        for name, value in zip(self._fields, state, strict=True):
            _set(self, name, value)


_R = TypeVar("_R", bound=_RecordBase)


def replace(record: _R, **changes: Any) -> _R:
    """A new record like ``record``, with ``changes`` to some of its declared fields (what
    ``dataclasses.replace`` does for a dataclass)."""
    values = {name: getattr(record, name) for name in record._fields}
    values.update(changes)
    make: Any = record.__class__
    new: _R = make(**values)
    return new


def _frozen(message: str) -> Exception:
    # Only the error path needs the dataclasses module (for the same exception type).
    from dataclasses import FrozenInstanceError

    return FrozenInstanceError(message)
