"""Any variant as a PettingZoo AEC environment (the ``pettingzoo`` extra).

``env(variant="standard", render_mode=None)`` returns an environment whose agents are the players
(``player_0`` ...): each observes a dict of ``observation`` (its seat's view as a vector) and
``action_mask`` (1 for each legal action), acts with an action number (:class:`~engine.adapters.core.ActionSpace`),
and is rewarded at the end of the hand with its team's points on it. The deal is chance, drawn from the
seed given to ``reset``. ``render_mode="ansi"`` gives the table as ``fivehundred play`` draws it, from
the seat to act.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..cli.table_view import plain, rows
from ..errors import UsageError
from ..rules.compiler import load_variant
from .core import ResearchGame
from .observing import SeatView


def env(variant: str = "standard", render_mode: str | None = None, scope: str = "hand") -> FiveHundredEnv:
    """A PettingZoo AEC environment of ``variant`` (a shipped name or a file path)."""
    return FiveHundredEnv(variant, render_mode, scope)


class FiveHundredEnv(AECEnv):  # type: ignore[misc]
    """A hand (or, with ``scope="game"``, a game) of a variant, one player acting at a time."""

    metadata = {"render_modes": ["ansi"], "name": "fivehundred_v0", "is_parallelizable": False}

    def __init__(self, variant: str = "standard", render_mode: str | None = None, scope: str = "hand") -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise UsageError(f"render_mode is None or 'ansi', not {render_mode!r}.")
        self.rules = load_variant(variant)
        self.scope = scope
        self.render_mode = render_mode
        self.research = ResearchGame(self.rules, scope)
        players = self.rules.seating.players
        self.possible_agents = [f"player_{player}" for player in range(players)]
        self.agents = list(self.possible_agents)
        self._view = SeatView(self.research, perfect_recall=False)
        size = self.research.space.size
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, self._view.tensor.shape, np.float32),
                    "action_mask": spaces.Box(0, 1, (size,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._chance = random.Random(0)

    def observation_space(self, agent: str) -> Any:
        """The agent's observation space."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """The agent's action space."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand (from ``seed``, or from the environment's generator)."""
        if seed is not None:
            self._chance = random.Random(seed)
        self.research = ResearchGame(self.rules, self.scope)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._deal()
        self._select()

    def _deal(self) -> None:
        research = self.research
        while research.dealing and not research.over:
            research.apply(self._chance.choice([card for card, _ in research.chance_outcomes()]))

    def _select(self) -> None:
        player = self.research.to_act
        if player is not None:
            self.agent_selection = self.possible_agents[player]

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s view and its action mask (all zeros when it is not to act)."""
        if agent not in self.possible_agents:
            raise UsageError(f"{agent!r} is not an agent of this environment: its agents are {', '.join(self.possible_agents)}.")
        player = self.possible_agents.index(agent)
        self._view.fill(self.research, player)
        mask = np.zeros(self.research.space.size, np.int8)
        if self.research.to_act == player:
            mask[self.research.legal()] = 1
        return {"observation": self._view.tensor.copy(), "action_mask": mask}

    def step(self, action: int) -> None:
        """The selected agent takes ``action`` (an action number its mask allows)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        # The action as given: the engine says what is wrong with None, text or 1.0 (int() truncated 1.0 to 1
        # and raised Python's own errors for the others, a user trial found), the game unchanged.
        self.research.apply(action)
        self._cumulative_rewards[agent] = 0.0
        self._deal()  # the next hand's deal, in a game
        if self.research.over:
            returns = self.research.returns()
            for player, each in enumerate(self.possible_agents):
                self.rewards[each] = returns[player]
                self.terminations[each] = True
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table as ``fivehundred play`` draws it, from the seat to act (or seat 0 at the end); with no
        render mode, a warning and ``None``, as PettingZoo's environments do."""
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
            return None
        game = self.research.game
        if game is None:
            return "dealing"
        seat = self.research.to_act if self.research.to_act is not None else 0
        return plain(rows(game, seat, symbols=False))

    def close(self) -> None:
        """Nothing to release."""
