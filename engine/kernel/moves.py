"""Actions and moves, one vocabulary: the conversion between the action objects of
:mod:`~engine.kernel.actions` (what an embedder, a transcript and the command line say) and the kernel's
move numbers (what :class:`~engine.kernel.state.GameState` plays), in both directions, and the legal
actions of the seat to act.

Whether a move is *legal now* is the state's business (:meth:`GameState.why_illegal
<engine.kernel.state.GameState.why_illegal>`, each phase's part answering for its moves); this module
only says which move an action stands for, and refuses, in a full sentence, an action of a kind the
phase has no move for (a card played during the auction).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import IllegalActionError
from .actions import Action, Claim
from .auction import said, said_move
from .parts import PARTS
from .phase import Phase
from .state import GameState
from .tables import Tables


def move_of(state: GameState, action: Action) -> int:
    """The move that the well-formed ``action`` (see :func:`~engine.kernel.actions.well_formed`) stands
    for in ``state``'s phase. Raises :class:`~engine.errors.IllegalActionError` for an action of a kind the
    phase has no move for, and for a claim, which is not one move (see :func:`claim_of`). Whether the
    move is legal now is :meth:`GameState.why_illegal <engine.kernel.state.GameState.why_illegal>`'s
    answer."""
    if isinstance(action, Claim):
        raise IllegalActionError(state.part.claim_refused(state))
    return state.part.move_of(action, state)


def claim_of(action: Claim) -> list[int]:
    """The card indices a claim lays down, in the order they lead (for :meth:`GameState.claim
    <engine.kernel.state.GameState.claim>`)."""
    return [card.index for card in action.cards]


def action_of(state: GameState, move: int) -> Action:
    """The action that the legal ``move`` stands for in ``state``'s phase: the inverse of :func:`move_of`."""
    return state.part.action_of(move, state.tables)


def action_for(phase: Phase, tables: Tables, move: int) -> Action:
    """The action that ``move`` stands for in ``phase`` under the variant of ``tables``."""
    return PARTS[phase].action_of(move, tables)


def legal_mask_of(phase: Phase, tables: Tables, hand: int, actions: Sequence[Action]) -> int:
    """The legal moves ``actions`` (the legal actions of a seat holding ``hand``, in ``phase``) as the
    mask :meth:`GameState.legal_mask <engine.kernel.state.GameState.legal_mask>` gives: the other
    direction of :func:`legal_actions`, for a bot handed actions that decides over moves."""
    return PARTS[phase].mask_of(actions, tables, hand)


def legal_actions(state: GameState) -> Sequence[Action]:
    """Every legal action of the seat to act (empty once the game is over, or while paused), as a
    sequence that may be lazy: the declarer's discards are not built one by one until asked for."""
    return [] if state.paused else state.part.legal_actions(state)


__all__ = ["action_for", "action_of", "claim_of", "legal_actions", "legal_mask_of", "move_of", "said", "said_move"]
