"""A rules engine for the card game 500 (Five Hundred).

The package is a pipeline of stages, each a subpackage that imports only from the stages before it:
:mod:`engine.language` (YAML text to a validated document), :mod:`engine.rules` (the document to
immutable rule objects), :mod:`engine.kernel` (rules to a game played move by move),
:mod:`engine.game` (the embedding API: actions, observations, events, transcripts, saved games),
:mod:`engine.bots`, :mod:`engine.simulation` and :mod:`engine.cli`; :mod:`engine.errors` is shared by
all. ``docs/architecture.md`` draws it. This module gathers the public names, each imported when first
used.

Variants are YAML files validated by a JSON Schema and compiled into immutable rule objects:

>>> import engine
>>> rules = engine.load_variant("standard")
>>> rules.name
'Standard 500'
>>> len(rules.deck)
43
"""

from __future__ import annotations

import importlib as _importlib
import typing as _typing

if _typing.TYPE_CHECKING:
    from .bots.playing import play_game
    from .errors import (
        ConcurrentUseError,
        FiveHundredError,
        IllegalActionError,
        NotFoundError,
        Problem,
        UnreadableFileError,
        UsageError,
        VariantError,
    )
    from .game.game import Game
    from .game.observation import Observation, Trick
    from .game.records import HandRecord, TranscriptError
    from .game.saving import SavedGameError
    from .game.telling import event_data, observation_data
    from .game.transcript import replay
    from .kernel.actions import Action, Bid, Call, CallPartner, Claim, Discard, Draw, Give, Look, Pass, Pick, Play, parse_action
    from .kernel.deal import Deal, DealError
    from .kernel.events import (
        AllPassed,
        Announced,
        AuctionWon,
        BidMade,
        CardGiven,
        CardPlayed,
        CardTurnedUp,
        Claimed,
        Dealt,
        Discarded,
        Drew,
        Event,
        GameEnd,
        GameOver,
        HandExposed,
        HandResult,
        HandScored,
        KittyTaken,
        Looked,
        Misdealt,
        PartnerCalled,
        PartnerRevealed,
        Passed,
        Picked,
        TrickWon,
    )
    from .kernel.phase import Phase
    from .kernel.support import UnsupportedRuleError, unsupported_rules
    from .rules.cards import Card, Deck, Suit
    from .rules.compiler import compile_text, load_variant
    from .rules.contracts import Contract, Ladder
    from .rules.ruleset import Rules
    from .simulation.runner import SimulationError, SimulationResult, simulate

_PUBLIC: dict[str, str] = {
    "Action": "kernel.actions",
    "AllPassed": "kernel.events",
    "Announced": "kernel.events",
    "AuctionWon": "kernel.events",
    "Bid": "kernel.actions",
    "BidMade": "kernel.events",
    "Call": "kernel.actions",
    "CallPartner": "kernel.actions",
    "Card": "rules.cards",
    "CardGiven": "kernel.events",
    "CardPlayed": "kernel.events",
    "CardTurnedUp": "kernel.events",
    "Claim": "kernel.actions",
    "Claimed": "kernel.events",
    "ConcurrentUseError": "errors",
    "Contract": "rules.contracts",
    "Deal": "kernel.deal",
    "DealError": "kernel.deal",
    "Dealt": "kernel.events",
    "Deck": "rules.cards",
    "Discard": "kernel.actions",
    "Discarded": "kernel.events",
    "Draw": "kernel.actions",
    "Drew": "kernel.events",
    "Event": "kernel.events",
    "FiveHundredError": "errors",
    "Game": "game.game",
    "GameEnd": "kernel.events",
    "GameOver": "kernel.events",
    "Give": "kernel.actions",
    "HandExposed": "kernel.events",
    "HandRecord": "game.records",
    "HandResult": "kernel.events",
    "HandScored": "kernel.events",
    "IllegalActionError": "errors",
    "KittyTaken": "kernel.events",
    "Ladder": "rules.contracts",
    "Look": "kernel.actions",
    "Looked": "kernel.events",
    "Misdealt": "kernel.events",
    "NotFoundError": "errors",
    "Observation": "game.observation",
    "PartnerCalled": "kernel.events",
    "PartnerRevealed": "kernel.events",
    "Pass": "kernel.actions",
    "Passed": "kernel.events",
    "Phase": "kernel.phase",
    "Pick": "kernel.actions",
    "Picked": "kernel.events",
    "Play": "kernel.actions",
    "Problem": "errors",
    "Rules": "rules.ruleset",
    "SavedGameError": "game.saving",
    "SimulationError": "simulation.runner",
    "SimulationResult": "simulation.runner",
    "Suit": "rules.cards",
    "TranscriptError": "game.records",
    "Trick": "game.observation",
    "TrickWon": "kernel.events",
    "UnreadableFileError": "errors",
    "UnsupportedRuleError": "kernel.support",
    "UsageError": "errors",
    "VariantError": "errors",
    "compile_text": "rules.compiler",
    "event_data": "game.telling",
    "load_variant": "rules.compiler",
    "observation_data": "game.telling",
    "parse_action": "kernel.actions",
    "play_game": "bots.playing",
    "replay": "game.transcript",
    "simulate": "simulation.runner",
    "unsupported_rules": "kernel.support",
}
"""Each public name and the module (below ``engine``) that defines it: imported when first used, so
that ``import engine`` costs next to nothing (a program that only simulates never loads the play
screen's modules, nor the schema validator until it reads a variant file)."""


_STAGES = ("errors", "language", "rules", "kernel", "game", "analysis", "bots", "simulation", "protocol", "cli", "adapters")
"""The pipeline's stages, reachable as attributes (``engine.kernel``) as when all were imported at once."""


def __getattr__(name: str) -> _typing.Any:
    module = _PUBLIC.get(name)
    if module is None:
        if name in _STAGES:
            return _importlib.import_module(f".{name}", __name__)
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    value = getattr(_importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # found directly from now on
    return value


def __dir__() -> list[str]:
    # The public names, the stages and the module's own dunders; not the helpers it imports for itself.
    return sorted({*(name for name in globals() if not name.startswith("_") or name.startswith("__")), *_PUBLIC, *_STAGES})


__all__ = sorted(_PUBLIC)

__version__ = "0.3.0.dev0"

del annotations  # the __future__ feature, which would otherwise show as a public name
