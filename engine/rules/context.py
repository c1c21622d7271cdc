"""The compile context: reading the merged document by path and collecting located problems."""

from __future__ import annotations

from typing import Any

from ..errors import Problem
from ..language.loader import MergedDocument
from ..language.source import JsonPath

_MISSING = object()


class CompileContext:
    """Gives the compiler typed access to the merged document and collects every problem it finds."""

    def __init__(self, document: MergedDocument) -> None:
        self.document = document
        """The merged document being compiled."""
        self.problems: list[Problem] = []
        """Problems found so far."""

    def get(self, path: JsonPath, default: Any = None) -> Any:
        """The value at ``path``, or ``default`` where any step is absent."""
        node: Any = self.document.data
        for part in path:
            if isinstance(part, int):
                if not isinstance(node, list) or part >= len(node):
                    return default
                node = node[part]
            else:
                if not isinstance(node, dict) or part not in node:
                    return default
                node = node[part]
        return node

    def error(self, path: JsonPath, message: str, *, key: bool = False, as_written: bool = False) -> None:
        """Record a problem located at ``path`` (``as_written``: in what was written there, whatever
        surrounds it: see :meth:`~engine.language.loader.MergedDocument.problem`)."""
        self.problems.append(self.document.problem(path, message, key=key, as_written=as_written))

    def require(self, path: JsonPath, what: str) -> Any:
        """The value at ``path``; records a problem (at the nearest written parent) when it is absent."""
        value = self.get(path, _MISSING)
        if value is _MISSING:
            if path in self.document.keys:
                # Written, but as null: the null removed the setting the file extends.
                self.error(path, f"'{path[-1]}' is null, which removes it, but it is needed: {what}", key=True)
                return None
            parent = path[:-1]
            self.error(parent, f"'{path[-1]}' is missing: {what}")
            return None
        return value
