"""``@record``: the model's mutable dataclasses, with one shared ``__eq__`` and ``__repr__``.

A plain ``@dataclass`` compiles three methods for each class when the module is imported (``__init__``,
``__repr__``, ``__eq__``: Python builds their source and runs ``exec`` on it); for the model's forty-odd
classes that was a tenth of a cold ``dambuster validate``. A record compiles only its ``__init__`` and
shares an equality and a representation that read the class's fields, with the dataclass's meaning:
equal when of the same class and every compared field equal (as tuples, so an object is equal to
itself), unhashable, and shown as ``Name(field=value, ...)`` without recursing forever.
``dataclasses.fields``, ``replace`` and ``asdict`` work as on any dataclass.
"""

from __future__ import annotations

import dataclasses
import operator
import reprlib
from collections.abc import Callable
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")

_KEY = "__record_key__"  # the class's compared fields, as a function from an instance to a tuple


def _key_of(cls: type) -> Callable[[Any], tuple[Any, ...]]:
    names = [f.name for f in dataclasses.fields(cls) if f.compare]
    if len(names) == 1:
        only = names[0]
        return lambda obj: (getattr(obj, only),)
    if not names:
        return lambda obj: ()
    return operator.attrgetter(*names)


def _eq(self: Any, other: object) -> bool:
    if other.__class__ is not self.__class__:
        return NotImplemented
    key = getattr(self.__class__, _KEY)
    return key(self) == key(other)


@reprlib.recursive_repr()
def _repr(self: Any) -> str:
    shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self) if f.repr)
    return f"{self.__class__.__qualname__}({shown})"


@dataclass_transform(field_specifiers=(dataclasses.field,))
def record(cls: type[T]) -> type[T]:
    """A mutable dataclass whose ``__eq__`` and ``__repr__`` are shared (see the module's text)."""
    cls = dataclasses.dataclass(cls, repr=False, eq=False)
    own = cls.__dict__  # a method the class writes itself is kept, as @dataclass keeps it
    if "__eq__" not in own:
        setattr(cls, _KEY, staticmethod(_key_of(cls)))
        cls.__eq__ = _eq
        cls.__hash__ = None  # pyright: ignore[reportAttributeAccessIssue]  # unhashable, as a dataclass is
    if "__repr__" not in own:
        cls.__repr__ = _repr  # pyright: ignore[reportAttributeAccessIssue]  # (recursive_repr's wrapper)
    return cls
