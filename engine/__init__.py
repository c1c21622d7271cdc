"""A rules engine for the card game 500 (Five Hundred).

Variants are YAML files validated by a JSON Schema and compiled into immutable rule objects:

>>> import engine
>>> rules = engine.load_variant("standard")
>>> rules.name
'Standard 500'
>>> len(rules.deck)
43
"""

from __future__ import annotations

from .actions import Action, Bid, Discard, Pass, Play, parse_action
from .cards import Card, Deck, Suit
from .compiler import compile_text, load_variant
from .contracts import Contract, Ladder
from .deal import Deal, DealError
from .errors import FiveHundredError, IllegalActionError, Problem, VariantError
from .events import Event, GameEnd, HandResult
from .game import Game, HandRecord
from .observation import Observation, Phase, Trick
from .rules import Rules
from .saving import SavedGameError
from .simulate import SimulationError, SimulationResult, simulate
from .support import UnsupportedRuleError, unsupported_rules
from .transcript import TranscriptError, replay

__all__ = [
    "Action",
    "Bid",
    "Card",
    "Contract",
    "Deal",
    "DealError",
    "Deck",
    "Discard",
    "Event",
    "FiveHundredError",
    "Game",
    "GameEnd",
    "HandRecord",
    "HandResult",
    "IllegalActionError",
    "Ladder",
    "Observation",
    "Pass",
    "Phase",
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
    "replay",
    "simulate",
    "unsupported_rules",
]

__version__ = "0.1.0"
