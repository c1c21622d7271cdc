"""One decision method, both bot protocols: a built-in bot decides from a
:class:`~engine.kernel.seat_view.SeatView` and the mask of its legal moves (``decide(view, legal)``);
:func:`view_for` hands it that view from the kernel's state (the simulator's fast path,
:meth:`FastBot.choose <engine.bots.base.FastBot.choose>`) and :func:`act_by_view` from an observation and
its legal actions (:meth:`Bot.act <engine.bots.base.Bot.act>`). Both views come from the one definition
of what a seat knows, :func:`~engine.kernel.seat_view.seat_view`, so a bot chooses alike either way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..errors import UsageError
from ..game.observation import Observation, view_of
from ..kernel.actions import Action
from ..kernel.moves import action_for, legal_mask_of
from ..kernel.seat_view import SeatView, seat_view
from ..kernel.state import GameState
from ..kernel.tables import Tables
from .checks import check_act

Decide = Callable[[SeatView, int], int]
"""A bot's decision: a legal move for the view's acting seat, given the mask of its legal moves."""


def view_for(state: GameState, seat: int) -> SeatView:
    """The view of the player who chooses for ``seat``, the seat to act (a dummy's player, for a dummy)."""
    return seat_view(state, state.tables.controller[seat])


def act_by_view(decide: Decide, tables: Tables, observation: Observation, legal_actions: Sequence[Action]) -> Action:
    """The action ``decide`` chooses for the observing player (``tables``: the variant's), from the view
    ``observation`` renders and the moves ``legal_actions`` stand for; the only legal action is taken
    without asking."""
    check_act(observation, legal_actions, tables)
    acting = observation.acting_seat
    if acting is None or tables.controller[acting] != observation.seat:
        raise UsageError(
            f"This is seat {observation.seat}'s observation, but "
            + ("the game is over." if acting is None else f"seat {acting} is to act: a bot acts on the observation of the player to act.")
        )
    if len(legal_actions) == 1:
        return legal_actions[0]
    view = view_of(observation, tables, legal_actions)
    legal = legal_mask_of(view.phase, tables, view.hand_of(acting), legal_actions)
    return action_for(view.phase, tables, decide(view, legal))


__all__ = ["Decide", "act_by_view", "view_for"]
