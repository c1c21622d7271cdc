"""The base of the engine's frozen records (the rules', the events', the kernel's tables): how they pickle
and copy."""

from __future__ import annotations

from dataclasses import fields


class Record:
    """A frozen dataclass the optional compiled build compiles. It pickles and copies as its class called
    with its fields: the compiled build makes the records native classes, whose default pickling sets
    each field in turn and so meets the frozen check (fields made in ``__post_init__`` are made again)."""

    def __reduce__(self) -> tuple[object, ...]:
        return type(self), tuple([getattr(self, each.name) for each in fields(self) if each.init])  # type: ignore[arg-type]


__all__ = ["Record"]
