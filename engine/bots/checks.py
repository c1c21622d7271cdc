"""The checks every public entry of :mod:`engine.bots` makes of its arguments (issue 50, item 3).

A bot is handed its arguments by the simulator, by an embedder's own loop or by a research framework. A
wrong type or a value from another game is a caller's mistake that deserves a sentence, not an
``AttributeError`` or ``IndexError`` from deep inside a decision: a wrong type raises :class:`TypeError`,
a value that cannot be right here (another variant's state or observation, a seat that is not at the
table, no legal move) :class:`ValueError`. The checks are cheap (types, ranges and identities; never the
legal moves again), because :meth:`~engine.bots.base.FastBot.choose` is the simulator's innermost call.
The compiled build checks argument types itself before these run; it raises :class:`TypeError` too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import get_args

from ..errors import UsageError
from ..game.observation import Observation
from ..kernel.actions import Action
from ..kernel.phase import Phase
from ..kernel.state import GameState
from ..kernel.tables import Tables
from ..rules.ruleset import Rules

ACTION_TYPES: tuple[type, ...] = get_args(Action)
"""The classes an action may be."""


def check_rules(rules: object) -> Rules:
    """``rules`` if it is a variant's compiled rules; else :class:`TypeError`."""
    if not isinstance(rules, Rules):
        raise UsageError(f"A bot is made for a variant's compiled rules (engine.load_variant(NAME)), not {type(rules).__name__}.")
    return rules


def check_choose(state: object, seat: object, legal: object, rules: Rules | None, decodes: bool = True) -> None:
    """The arguments of ``choose(state, seat, legal)`` for a bot of ``rules`` (``None``: a bot of any
    variant): the kernel's state of a game of the same variant, a seat at its table and a mask with at
    least one legal move; where the bot ``decodes`` its moves through its tables, none outside the
    seat's."""
    if not isinstance(state, GameState):
        raise UsageError(f"choose needs the kernel's GameState (game.state), not {type(state).__name__}.")
    if rules is None:
        rules = state.rules
    elif state.rules is not rules and state.rules.document_hash != rules.document_hash:
        raise UsageError(f"This bot plays {rules.name}; the state is a game of {state.rules.name}. Make a bot for that variant.")
    # (A bool is a whole number here, as the compiled build, which converts it at its boundary, reads it.)
    if not isinstance(seat, int):
        raise UsageError(f"choose needs a seat number, not {type(seat).__name__}.")
    # The state's tables hold a team per seat: reading their length spares the simulator's innermost call
    # an interpreted property (the rules are not compiled).
    if not 0 <= seat < len(state.tables.team_of):
        raise UsageError(f"Seat {seat} is not at this table: {rules.name} has seats 0 to {rules.seating.seats - 1}.")
    if not isinstance(legal, int):
        raise UsageError(f"choose needs the mask of legal moves (state.legal_mask(seat)), not {type(legal).__name__}.")
    if legal <= 0:
        raise UsageError("There is no legal move in the mask given: a bot chooses only where the seat has a move to make.")
    if not decodes:
        return
    # A mask wider than the seat's moves would send a bot that decodes its moves past the end of its
    # tables. In play (the simulator's innermost call) the seat's own hand bounds it; elsewhere the
    # state's legal moves do.
    bound = state.hand.hands[seat] if state.phase is Phase.PLAY else state.legal_mask()
    if legal & ~bound:
        raise UsageError(f"The mask given ({legal:#x}) holds moves seat {seat} cannot make now: pass state.legal_mask().")


def check_act(observation: object, legal_actions: object, tables: Tables | None) -> None:
    """The arguments of ``act(observation, legal_actions)`` for a bot of ``tables``' variant (``None``: a
    bot of any variant): an observation of a seat at its table holding cards of its deck, and a non-empty
    sequence of actions."""
    if not isinstance(observation, Observation):
        raise UsageError(f"act needs the Observation of the seat to act (game.observation(seat)), not {type(observation).__name__}.")
    if isinstance(legal_actions, (str, bytes)) or not isinstance(legal_actions, Sequence):
        raise UsageError(f"act needs the legal actions as a list (game.legal_actions()), not {type(legal_actions).__name__}.")
    if not legal_actions:
        raise UsageError("There are no legal actions to choose from: a bot acts only where the seat has an action to take.")
    if not all(isinstance(action, ACTION_TYPES) for action in legal_actions):
        raise UsageError("act needs the legal actions as Action objects (game.legal_actions()), not text or numbers.")
    if tables is None:
        return
    rules = tables.rules
    deck = tables.cards
    # The rules' own hash where the observation carries it (an embedder's trial: a bot of standard played
    # australian by standard's values, and crashed on slam-call's calls); its table and cards otherwise.
    observed = observation._variant
    other_variant = bool(observed and rules.document_hash and observed != rules.document_hash)
    if (
        other_variant
        or len(observation.team_of) != rules.seating.seats
        or not all(0 <= card.index < len(deck) and deck[card.index] == card for card in observation.hand)
    ):
        raise UsageError(f"This observation is of another game than this bot's ({rules.name}): make a bot for the observed variant.")


__all__ = ["ACTION_TYPES", "check_act", "check_choose", "check_rules"]
