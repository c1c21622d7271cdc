"""Stage 5, analysis: a position of the card play in, what best play makes of it out.

:mod:`~engine.analysis.double_dummy` solves the play with every hand known, for any variant the kernel
plays, over the kernel's own play state; :mod:`~engine.analysis.hand` analyses a hand's transcript with
it (the makeable contracts after the kitty, and each card's cost against best play).
:mod:`~engine.analysis.statistics` holds the intervals and tests the bots' calibration and the simulation
share (counts in, intervals and p-values out).
"""

from __future__ import annotations

from .double_dummy import SearchStats, Solver, SolverLimitError, minimax, solve
from .hand import CardCost, HandAnalysis, analyze, makeable_table

__all__ = ["CardCost", "HandAnalysis", "SearchStats", "Solver", "SolverLimitError", "analyze", "makeable_table", "minimax", "solve"]
