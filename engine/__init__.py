"""A rules engine for the card game 500 (Five Hundred).

The package is a pipeline of stages, each a subpackage that imports only from the stages before it:
:mod:`engine.language` (YAML text to a validated document), :mod:`engine.rules` (the document to
immutable rule objects), :mod:`engine.kernel` (rules to a game played move by move),
:mod:`engine.game` (the embedding API: actions, observations, events, transcripts, saved games),
:mod:`engine.bots`, :mod:`engine.simulation` and :mod:`engine.cli`; :mod:`engine.errors` is shared by
all. ``docs/architecture.md`` draws it. This module gathers the public names.

Variants are YAML files validated by a JSON Schema and compiled into immutable rule objects:

>>> import engine
>>> rules = engine.load_variant("standard")
>>> rules.name
'Standard 500'
>>> len(rules.deck)
43
"""

from __future__ import annotations

from . import _former
from .bots.playing import play_game
from .errors import FiveHundredError, IllegalActionError, Problem, VariantError
from .game.game import Game
from .game.observation import Observation, Trick
from .game.records import HandRecord, TranscriptError
from .game.saving import SavedGameError
from .game.transcript import replay
from .kernel.actions import Action, Bid, Call, CallPartner, Claim, Discard, Draw, Give, Look, Pass, Pick, Play, parse_action
from .kernel.deal import Deal, DealError
from .kernel.events import Event, GameEnd, HandResult
from .kernel.phase import Phase
from .kernel.support import UnsupportedRuleError, unsupported_rules
from .rules.cards import Card, Deck, Suit
from .rules.compiler import compile_text, load_variant
from .rules.contracts import Contract, Ladder
from .rules.ruleset import Rules
from .simulation.runner import SimulationError, SimulationResult, simulate

_former.install()

__all__ = [
    "Action",
    "Bid",
    "Call",
    "CallPartner",
    "Card",
    "Claim",
    "Contract",
    "Deal",
    "DealError",
    "Deck",
    "Discard",
    "Draw",
    "Event",
    "FiveHundredError",
    "Game",
    "GameEnd",
    "Give",
    "HandRecord",
    "HandResult",
    "IllegalActionError",
    "Ladder",
    "Look",
    "Observation",
    "Pass",
    "Phase",
    "Pick",
    "Play",
    "Problem",
    "Rules",
    "SavedGameError",
    "SimulationError",
    "SimulationResult",
    "Suit",
    "TranscriptError",
    "Trick",
    "UnsupportedRuleError",
    "VariantError",
    "compile_text",
    "load_variant",
    "parse_action",
    "play_game",
    "replay",
    "simulate",
    "unsupported_rules",
]

__version__ = "0.1.0"
