"""The base of the engine's frozen records (the rules', the events', the kernel's tables): how they compare,
hash, print, pickle and copy."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from operator import attrgetter

Values = Callable[[object], tuple[object, ...]]
"""A record's compared fields' values, as a tuple."""

_COMPARED: dict[type, Values] = {}
"""Per record class: its compared fields' values (see :func:`_compared`)."""

_SHOWN: dict[type, tuple[str, ...]] = {}
"""Per record class: the names of the fields its ``repr`` shows."""


def _compared(kind: type) -> Values:
    """The values a record of ``kind`` is compared and hashed by: its fields with ``compare`` set, in order
    (as the dataclass decorator's ``__eq__`` and ``__hash__`` read them on Python 3.10 to 3.12; a record
    whose fields set ``hash`` is refused)."""
    values = _COMPARED.get(kind)
    if values is None:
        names = [each.name for each in fields(kind) if each.compare]
        # The decorator hashes the fields with ``hash`` set or, where it is not, those compared.
        if [each.name for each in fields(kind) if each.compare if each.hash is not False] != names or any(
            each.hash for each in fields(kind) if not each.compare
        ):
            raise TypeError(f"{kind.__name__}: a record's fields are hashed as they are compared (no field sets 'hash').")
        if len(names) > 1:
            values = attrgetter(*names)
        elif names:
            single = attrgetter(names[0])
            values = lambda record: (single(record),)  # noqa: E731 - kept in the table, not named
        else:
            values = lambda record: ()  # noqa: E731
        _COMPARED[kind] = values
    return values


def _shown(kind: type) -> tuple[str, ...]:
    """The names of the fields a record of ``kind`` shows in its ``repr``, in order."""
    names = _SHOWN.get(kind)
    if names is None:
        names = _SHOWN[kind] = tuple(each.name for each in fields(kind) if each.repr)
    return names


class Record:
    """A frozen dataclass's base. Its records are decorated ``@dataclass(frozen=True, eq=False,
    repr=False)``: they compare, hash and print as the decorator's own methods would (the same class and
    equal compared fields; the hash of those fields' tuple; ``Name(field=value, ...)``), but through the
    methods written here once rather than three made for each class, whose source Python compiles at
    every start (a fifth of the engine's import; docs/speed.md).

    A record pickles and copies as its class called with its fields: the optional compiled build makes the
    records native classes, whose default pickling sets each field in turn and so meets the frozen check
    (fields made in ``__post_init__`` are made again)."""

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        values = _compared(self.__class__)
        return values(self) == values(other)

    def __hash__(self) -> int:
        return hash(_compared(self.__class__)(self))

    def __repr__(self) -> str:
        shown = ", ".join([f"{name}={getattr(self, name)!r}" for name in _shown(self.__class__)])
        return f"{self.__class__.__qualname__}({shown})"

    def __reduce__(self) -> tuple[object, ...]:
        return type(self), tuple([getattr(self, each.name) for each in fields(self) if each.init])  # type: ignore[arg-type]


__all__ = ["Record"]
