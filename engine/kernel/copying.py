"""Copying a state's attributes fast: the embedding API's ``clone()`` and the bots' look-ahead copy the
kernel's state often, and a loop of ``getattr``/``setattr`` over fifty slots costs about eight times
what plain assignments do."""

from __future__ import annotations

from typing import Callable


def attribute_copier(names: tuple[str, ...]) -> Callable[[object, object], None]:
    """A function ``copy(source, target)`` that assigns each of ``names`` from ``source`` to
    ``target`` (shallow: the values are shared), written out as plain assignments."""
    if not all(name.isidentifier() for name in names):
        raise ValueError(f"Attribute names must be identifiers, not {names!r}.")
    body = "".join(f"\n    target.{name} = source.{name}" for name in names) or "\n    pass"
    namespace: dict[str, Callable[[object, object], None]] = {}
    exec(f"def copy(source, target):{body}\n", namespace)  # the names were checked above: code made only from them
    return namespace["copy"]


__all__ = ["attribute_copier"]
