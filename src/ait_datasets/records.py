"""Plain record classes that behave like slotted dataclasses, without their start-up cost.

``@dataclass`` writes the source of ``__init__``, ``__repr__``, ``__eq__`` ... for every
class and compiles it each time the program starts: about half a millisecond a class, and
importing ``dataclasses`` costs more (it loads ``inspect``). A small ``datasets lint`` runs
in well under a tenth of a second, so the types on its path are written out instead.

A record class sets ``_fields`` (its field names, in order), ``__slots__ = _fields`` and
its own ``__init__``, and is not subclassed further. The base gives it the rest of what
the slotted dataclass gave:

- :class:`Record`: ``repr`` (``Name(field=value, ...)``), ``==`` between instances of
  the same class comparing the fields (``_uncompared`` names any left out),
  ``__match_args__``, and no hash (it is mutable);
- :class:`FrozenRecord`: also immutable (assigning raises
  ``dataclasses.FrozenInstanceError``), hashable over the compared fields, picklable.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, ClassVar, NoReturn

_set = object.__setattr__


def _key_function(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """``record -> (its compared fields)``, always a tuple (as a dataclass compares)."""

    if len(names) > 1:
        getter: Callable[[Any], tuple[Any, ...]] = attrgetter(*names)
        return getter

    def key(record: Any) -> tuple[Any, ...]:
        return tuple([getattr(record, name) for name in names])

    return key


class Record:
    """Base of a mutable record: see the module's documentation."""

    __slots__ = ()
    # Fields left out of == (and of the hash of a frozen record).
    _uncompared: ClassVar[tuple[str, ...]] = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    _key: ClassVar[Callable[[Any], tuple[Any, ...]]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # A class's own ``_fields`` (a record extending another lists the parent's
        # fields first), else its slots.
        fields: tuple[str, ...] = tuple(
            cls.__dict__.get("_fields", cls.__dict__.get("__slots__", ()))
        )
        compared = tuple(name for name in fields if name not in cls._uncompared)
        cls._fields = fields
        setattr(cls, "__match_args__", fields)  # noqa: B010  (mypy: no such attribute)
        cls._key = _key_function(compared)

    def __repr__(self) -> str:
        values = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{self.__class__.__qualname__}({values})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            key = self.__class__._key
            return bool(key(self) == key(other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable: unhashable, like a dataclass


class FrozenRecord(Record):
    """Base of an immutable record: see the module's documentation."""

    __slots__ = ()

    def __hash__(self) -> int:  # type: ignore[override]  # Record: None (unhashable)
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


def _frozen(message: str) -> Exception:
    # Only the error path needs the dataclasses module (for the same exception type).
    from dataclasses import FrozenInstanceError

    return FrozenInstanceError(message)
