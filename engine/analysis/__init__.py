"""Stage 5, analysis: a position of the card play in, what best play makes of it out; counts in,
intervals and p-values out.

:mod:`~engine.analysis.double_dummy` solves the play with every hand known, for any variant the kernel
plays, over the kernel's own play state; :mod:`~engine.analysis.hand` analyses a hand's transcript with
it (the makeable contracts after the kitty, and each card's cost against best play).
:mod:`~engine.analysis.statistics` holds the intervals and tests the bots' calibration and the simulation
share.

The names below are imported when first used, so that a module that needs only the statistics (a bot's
calibration, a simulation's report) does not load the solver.
"""

from __future__ import annotations

import importlib as _importlib
import typing as _typing

if _typing.TYPE_CHECKING:
    from .double_dummy import SearchStats, Solver, SolverLimitError, minimax, solve
    from .hand import CardCost, HandAnalysis, analyze, makeable_table

_PUBLIC: dict[str, str] = {
    "CardCost": "hand",
    "HandAnalysis": "hand",
    "SearchStats": "double_dummy",
    "Solver": "double_dummy",
    "SolverLimitError": "double_dummy",
    "analyze": "hand",
    "makeable_table": "hand",
    "minimax": "double_dummy",
    "solve": "double_dummy",
}
"""Each public name and the module of this stage that defines it."""


def __getattr__(name: str) -> _typing.Any:
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(_importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # found directly from now on
    return value


__all__ = ["CardCost", "HandAnalysis", "SearchStats", "Solver", "SolverLimitError", "analyze", "makeable_table", "minimax", "solve"]
