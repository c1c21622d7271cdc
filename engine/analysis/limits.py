"""The solver's bound on a search, and the error past it (kept out of the solver's module, which the
optional compiled build compiles: a compiled class cannot derive from a built-in exception)."""

from __future__ import annotations

MAX_NODES = 50_000_000
"""A search visiting more positions than this stops with :class:`SolverLimitError` (a bound on time)."""


DEFAULT_MAX_POSITIONS = 10_000_000
"""Positions one analysis may visit in all, by default (every search of the table and of the play
together; the cards of a last trick may take it a few past): a bound on its time and memory. Past it the analysis stops with what it has found
(``HandAnalysis.stopped``)."""


class SolverLimitError(RuntimeError):
    """A search went past :data:`MAX_NODES` positions."""


__all__ = ["DEFAULT_MAX_POSITIONS", "MAX_NODES", "SolverLimitError"]
