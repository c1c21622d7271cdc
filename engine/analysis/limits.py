"""The solver's bound on a search, and the error past it (kept out of the solver's module, which the
optional compiled build compiles: a compiled class cannot derive from a built-in exception)."""

from __future__ import annotations

MAX_NODES = 50_000_000
"""A search visiting more positions than this stops with :class:`SolverLimitError` (a bound on time)."""


class SolverLimitError(RuntimeError):
    """A search went past :data:`MAX_NODES` positions."""


__all__ = ["MAX_NODES", "SolverLimitError"]
