"""Stage 5, analysis: a position of the card play in, what best play makes of it out.

:mod:`~engine.analysis.double_dummy` solves the play with every hand known, for any variant the kernel
plays, over the kernel's own play state; :mod:`~engine.analysis.hand` analyses a hand's transcript with
it (the makeable contracts after the kitty, and each card's cost against best play).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .double_dummy import SearchStats, Solver, SolverLimitError, minimax, solve
    from .hand import CardCost, HandAnalysis, analyze, makeable_table

_PUBLIC = {
    **dict.fromkeys(("SearchStats", "Solver", "SolverLimitError", "minimax", "solve"), "double_dummy"),
    **dict.fromkeys(("CardCost", "HandAnalysis", "analyze", "makeable_table"), "hand"),
}
"""Each public name and its module, imported when first used (a program that never solves a deal, or
only reads :mod:`~engine.analysis.limits`, does not load the solver)."""


def __getattr__(name: str) -> Any:
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # found directly from now on
    return value


__all__ = ["CardCost", "HandAnalysis", "SearchStats", "Solver", "SolverLimitError", "analyze", "makeable_table", "minimax", "solve"]
