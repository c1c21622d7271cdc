"""Stage 7, simulation: a variant and bots in, statistics and reports out.

:mod:`~engine.simulation.runner` plays many hands or games of a variant through the kernel's fast path
with one bot per seat, in chunks spread over worker processes (or a Dask cluster) and checkpointed, the
same seed giving the same totals whatever the number of workers. :mod:`~engine.simulation.tally`
keeps the totals, :mod:`~engine.simulation.inference` tests two runs figure by figure (with the
intervals and tests of :mod:`engine.analysis.statistics`);
:mod:`~engine.simulation.report` turns a result into text, JSON data or CSV and compares two variants;
:mod:`~engine.simulation.plot` draws charts (the ``plot`` extra).
"""

from __future__ import annotations

from .runner import Execution, SimulationError, SimulationResult, SimulationSettings, simulate

__all__ = ["Execution", "SimulationError", "SimulationResult", "SimulationSettings", "simulate"]
