"""Stage 5, analysis: a position of the card play in, what best play makes of it out.

:mod:`~engine.analysis.double_dummy` solves the play with every hand known, for any variant the kernel
plays, over the kernel's own play state.
"""

from __future__ import annotations

from .double_dummy import SearchStats, Solver, SolverLimitError, minimax, solve

__all__ = ["SearchStats", "Solver", "SolverLimitError", "minimax", "solve"]
