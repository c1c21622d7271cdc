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

from .cards import Card, Deck, Suit
from .compiler import compile_text, load_variant
from .contracts import Contract, Ladder
from .errors import FiveHundredError, IllegalActionError, Problem, VariantError
from .rules import Rules

__all__ = [
    "Card",
    "Contract",
    "Deck",
    "FiveHundredError",
    "IllegalActionError",
    "Ladder",
    "Problem",
    "Rules",
    "Suit",
    "VariantError",
    "compile_text",
    "load_variant",
]

__version__ = "0.1.0"
