"""Stage 2, the rules: a validated document in, immutable rule objects out.

The compiler (:mod:`~engine.rules.compiler`, with :mod:`~engine.rules.compile_contracts` for the
contracts and the ladder) turns a :class:`~engine.language.loader.MergedDocument` into one frozen
:class:`~engine.rules.ruleset.Rules`: the deck and its cards (:mod:`~engine.rules.cards`), the card order
of every strain (:mod:`~engine.rules.strains`), the contracts and the ladder as a strict total order with
values (:mod:`~engine.rules.contracts`), and the seating, deal, auction, kitty, play, scoring, set/breach
and end-of-game policies (:mod:`~engine.rules.ruleset`). Semantic problems the schema cannot see (a deal
that does not use the deck exactly, a placement naming no contract) come out as located
:class:`~engine.errors.VariantError` problems. :mod:`~engine.rules.describe` puts a rule set into plain
words for ``fivehundred show``; :mod:`~engine.rules.never_apply` finds the settings that can never apply
(validation warnings). Everything here is data: playing it is :mod:`engine.kernel`'s job.
"""

from __future__ import annotations

from .cards import Card, Colour, Deck, Joker, Suit
from .compiler import compile_document, compile_text, load_variant
from .contracts import Contract, Ladder
from .describe import describe
from .never_apply import rule_warnings, variant_warnings
from .ruleset import (
    AllPass,
    AllPassAction,
    AuctionRules,
    BidAfterPass,
    BreachRule,
    CalledPartner,
    DealRules,
    DealStep,
    DealTarget,
    Dummies,
    EndRules,
    FailedContract,
    FirstLead,
    Inkles,
    JokerRules,
    KittyExchange,
    KittyRules,
    PlayRules,
    Rebid,
    Reveal,
    Rounds,
    Rules,
    ScoringRules,
    Seating,
    SetRule,
    Share,
    Simultaneous,
    SimultaneousTie,
    Slam,
)
from .strains import CardOrder, Strain

__all__ = [
    "Card",
    "CardOrder",
    "Colour",
    "Contract",
    "Deck",
    "Joker",
    "Ladder",
    "Strain",
    "Suit",
    "compile_document",
    "compile_text",
    "describe",
    "load_variant",
    "rule_warnings",
    "variant_warnings",
    "AllPass",
    "AllPassAction",
    "AuctionRules",
    "BidAfterPass",
    "BreachRule",
    "CalledPartner",
    "DealRules",
    "DealStep",
    "DealTarget",
    "Dummies",
    "EndRules",
    "FailedContract",
    "FirstLead",
    "Inkles",
    "JokerRules",
    "KittyExchange",
    "KittyRules",
    "PlayRules",
    "Rebid",
    "Reveal",
    "Rounds",
    "Rules",
    "ScoringRules",
    "Seating",
    "SetRule",
    "Share",
    "Simultaneous",
    "SimultaneousTie",
    "Slam",
]
