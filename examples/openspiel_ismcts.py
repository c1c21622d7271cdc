"""OpenSpiel's IS-MCTS plays one seat of a 500 hand against the engine's heuristic bots (the ``openspiel``
extra: ``pip install ".[openspiel]"``).

    python examples/openspiel_ismcts.py --variant standard --hands 2 --simulations 100

Prints each hand's contract and the points of the IS-MCTS player's team. IS-MCTS re-deals the cards its
seat cannot see at each simulation (``FiveHundredState.resample_from_infostate``).
"""

from __future__ import annotations

import argparse
import random

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import engine.adapters.openspiel  # noqa: F401  (registers python_fivehundred)
from engine.bots import make_bot


def play(variant: str, hands: int, simulations: int, seed: int) -> list[float]:
    """Play ``hands`` hands; returns the IS-MCTS player's (seat 0's) points on each."""
    game = pyspiel.load_game("python_fivehundred", {"variant": variant})
    chance = random.Random(seed)
    searcher = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed)),
        uct_c=2.0,
        max_simulations=simulations,
        random_state=np.random.RandomState(seed),
    )
    points = []
    for hand in range(hands):
        state = game.new_initial_state()
        heuristic = {player: make_bot("heuristic", game.rules, f"{seed}:{hand}:{player}") for player in range(game.num_players())}
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(chance.choice([action for action, _ in state.chance_outcomes()]))
            elif state.current_player() == 0:
                state.apply_action(searcher.step(state))
            else:
                state.apply_action(state.research.advised(heuristic[state.current_player()]))
        result = state.research.game.results[0]
        print(f"hand {hand + 1}: {result.contract or 'all passed'} by seat {result.declarer}; IS-MCTS team {state.returns()[0]:+.0f}")
        points.append(state.returns()[0])
    return points


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    points = play(args.variant, args.hands, args.simulations, args.seed)
    print(f"IS-MCTS team: {sum(points) / len(points):+.1f} points a hand over {len(points)} hand(s)")


if __name__ == "__main__":
    main()
