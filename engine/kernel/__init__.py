"""Stage 3, the kernel: immutable rules in, a game played move by move out.

Takes a :class:`~engine.rules.ruleset.Rules` and plays it, never asking which variant it is: the rule
objects are precomputed into integer tables (:mod:`~engine.kernel.tables`), cards are dealt
(:mod:`~engine.kernel.deal`), the auction (:mod:`~engine.kernel.auction`), the kitty and the tricks
(:mod:`~engine.kernel.play`) run on bit masks, seats are arranged (dummies and called partners,
:mod:`~engine.kernel.arrangement`; cards on the table, :mod:`~engine.kernel.table_cards`), hands and
games are scored (:mod:`~engine.kernel.scoring`), and :class:`~engine.kernel.state.GameState` ties them
into one mutable state (a game's record and the hand being played, :class:`~engine.kernel.hand.Hand`)
whose moves are numbers, each phase's answered by its part (:mod:`~engine.kernel.parts`) and checked by
:meth:`~engine.kernel.state.GameState.why_illegal` (:mod:`~engine.kernel.moves` converts actions to moves
and back). Gives out that state, every frozen
:mod:`~engine.kernel.events` it reports to a listener (a hand's :class:`~engine.kernel.events.HandResult` among them), the
:mod:`~engine.kernel.actions` that name moves in the notation, the :class:`~engine.kernel.phase.Phase`,
and :mod:`~engine.kernel.support`'s refusal of any rule the kernel does not play yet.
"""

from __future__ import annotations

from .actions import Action, Bid, Call, CallPartner, Claim, Discard, Draw, Give, Look, Pass, Pick, Play, parse_action
from .deal import Deal, DealError
from .events import Event, GameEnd, HandResult
from .phase import Phase
from .state import GameState
from .support import UnsupportedRuleError, check_supported, unsupported_rules

__all__ = [
    "Action",
    "Bid",
    "Call",
    "CallPartner",
    "Claim",
    "Deal",
    "DealError",
    "Discard",
    "Draw",
    "Event",
    "GameEnd",
    "GameState",
    "Give",
    "HandResult",
    "Look",
    "Pass",
    "Phase",
    "Pick",
    "Play",
    "UnsupportedRuleError",
    "check_supported",
    "parse_action",
    "unsupported_rules",
]
