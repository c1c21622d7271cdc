"""Games whose every action hypothesis draws (issue 46, item 6): a test takes ``st.data()`` and plays
the legal action at a drawn index at each step, so that a failure shrinks to a short action sequence
(fewer actions, each the first legal one where that still fails) instead of to a seed whose random
choices nobody can read. The deal is still drawn as a seed: it shrinks to seed 0.

:func:`draw_from` is the strategy's core: one index per step into that step's legal actions; how many
steps is drawn up front (:func:`drawn_steps`), so that hypothesis shrinks the length first.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar

from hypothesis import strategies as st

import engine
from engine.kernel.moves import legal_actions, move_of
from engine.kernel.state import GameState

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
"""The deal's seed."""

Choice = TypeVar("Choice")


def draw_from(data: st.DataObject, legal: Sequence[Choice], step: int) -> Choice:
    """The legal choice at an index hypothesis draws (shrinking to the first)."""
    index = data.draw(st.integers(min_value=0, max_value=len(legal) - 1), label=f"action {step}")
    return legal[index]


def drawn_steps(data: st.DataObject, most: int) -> int:
    """How many actions to play, at most ``most`` (drawn first: it shrinks first)."""
    return data.draw(st.integers(min_value=0, max_value=most), label="actions")


def drawn_actions(data: st.DataObject, game: engine.Game, most: int) -> Iterator[engine.Action]:
    """Yield a drawn legal action of ``game`` for the caller to apply (and check what it likes before and
    after), until the game is over or the drawn number of actions (at most ``most``) is played."""
    for step in range(drawn_steps(data, most)):
        if game.is_over:
            return
        yield draw_from(data, game.legal_actions(), step)


def drawn_states(data: st.DataObject, variant: str, most: int) -> list[GameState]:
    """The kernel states of a game of ``variant`` (a drawn seed, then drawn actions, at most ``most``):
    a copy of each state at which a seat was to act, the last one included."""
    seed = data.draw(SEEDS, label="seed")
    rules = engine.load_variant(variant)
    state = GameState.create(rules, seed=seed, dealer=seed % rules.seating.players)
    states = []
    for step in range(drawn_steps(data, most)):
        if state.to_act is None:
            break
        states.append(state.copy())
        state.apply_move(move_of(state, draw_from(data, legal_actions(state), step)))
    if state.to_act is not None:
        states.append(state.copy())
    return states


__all__ = ["SEEDS", "draw_from", "drawn_actions", "drawn_states", "drawn_steps"]
