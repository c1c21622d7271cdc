"""Stage 4, the game API: a kernel state in, the interface an embedder uses out.

:class:`~engine.game.game.Game` wraps the kernel's integer state with what apps and bots need: action
objects and text, legality checks with full-sentence errors, the frozen event history, per-seat
:class:`~engine.game.observation.Observation` (what one seat may see), and the records of every hand.
The formats live below the game and the game calls them: :mod:`~engine.game.records` owns hand records
and the transcript format, :mod:`~engine.game.saving` the saved-game format;
:mod:`~engine.game.transcript` replays a transcript through a game.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game
    from .observation import Observation, Trick
    from .records import HandRecord, TranscriptError
    from .saving import SavedGameError
    from .transcript import replay

_PUBLIC = {
    "Game": "game",
    "Observation": "observation",
    "Trick": "observation",
    "HandRecord": "records",
    "TranscriptError": "records",
    "SavedGameError": "saving",
    "replay": "transcript",
}
"""Each public name and its module, imported when first used (the bots read observations without
loading the game, its records and its saved-game format)."""


def __getattr__(name: str) -> Any:
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # found directly from now on
    return value


__all__ = ["Game", "HandRecord", "Observation", "SavedGameError", "TranscriptError", "Trick", "replay"]
