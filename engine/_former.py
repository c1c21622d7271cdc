"""The module paths of the flat layout, kept importable after the move into pipeline stages.

Until the package was split into stages, every module sat directly in ``engine/``: ``engine.state``,
``engine.report``, ``engine.support`` and so on, and programs, notebooks and the README import some of
them. Each former path is now an alias: importing it gives the module that took its place (the same
module object, so classes, ``isinstance`` and ``except`` clauses are shared by both names). The aliases
are resolved only when imported, so they cost nothing otherwise. New code should use the stage paths.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
from types import ModuleType
from typing import TYPE_CHECKING, Sequence, cast

if TYPE_CHECKING:
    import importlib.abc

FORMER_MODULES: dict[str, str] = {
    "engine.actions": "engine.kernel.actions",
    "engine.auction": "engine.kernel.auction",
    "engine.cards": "engine.rules.cards",
    "engine.choices": "engine.game.choices",
    "engine.cli_simulate": "engine.cli.simulation",
    "engine.compile_contracts": "engine.rules.compile_contracts",
    "engine.compiler": "engine.rules.compiler",
    "engine.context": "engine.rules.context",
    "engine.contracts": "engine.rules.contracts",
    "engine.deal": "engine.kernel.deal",
    "engine.describe": "engine.rules.describe",
    "engine.events": "engine.kernel.events",
    "engine.ladder": "engine.rules.ladder",
    "engine.loader": "engine.language.loader",
    "engine.observation": "engine.game.observation",
    "engine.play": "engine.kernel.play",
    "engine.plot": "engine.simulation.plot",
    "engine.presets": "engine.rules.presets",
    "engine.report": "engine.simulation.report",
    "engine.resources": "engine.language.resources",
    "engine.saving": "engine.game.saving",
    "engine.schema": "engine.language.schema",
    "engine.scoring": "engine.kernel.scoring",
    "engine.simulate": "engine.simulation.runner",
    "engine.source": "engine.language.source",
    "engine.state": "engine.kernel.state",
    "engine.statistics": "engine.simulation.statistics",
    "engine.strains": "engine.rules.strains",
    "engine.suggest": "engine.language.suggest",
    "engine.support": "engine.kernel.support",
    "engine.tables": "engine.kernel.tables",
    "engine.transcript": "engine.game.transcript",
}
"""Each former module path and the module now behind it. (``engine.rules``, ``engine.game``,
``engine.cli`` and ``engine.errors`` kept their names: the first three are now the stage packages and
export what the old modules did.)"""


class _FormerPathFinder:
    """Finds a former module path and loads it as the module that took its place (a meta path finder
    and loader by protocol: subclassing ``importlib.abc`` would cost ``import engine`` 15 ms)."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in FORMER_MODULES:
            return None
        return importlib.machinery.ModuleSpec(fullname, cast("importlib.abc.Loader", self))

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        # The import system keeps a module's own __name__ and __spec__ (it only fills in missing ones),
        # so the alias is the moved module itself, not a copy.
        return importlib.import_module(FORMER_MODULES[spec.name])

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the moved module was executed when it was imported under its own name."""


def install() -> None:
    """Make the former paths importable (once; importing :mod:`engine` does it, after its own imports).

    A former path whose module is already loaded is registered at once and, as a submodule was, set as
    an attribute of :mod:`engine` (``engine.events.Dealt`` after ``import engine``), except where
    :mod:`engine` already has that name: ``engine.simulate`` stays the function, as it was. The others
    are found when first imported.
    """
    package = sys.modules[__name__.rpartition(".")[0]]
    for former, current in FORMER_MODULES.items():
        module = sys.modules.get(current)
        if module is not None:
            sys.modules.setdefault(former, module)
            name = former.rpartition(".")[2]
            if not hasattr(package, name):
                setattr(package, name, module)
    if not any(isinstance(finder, _FormerPathFinder) for finder in sys.meta_path):
        sys.meta_path.append(_FormerPathFinder())
