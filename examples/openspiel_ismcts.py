"""OpenSpiel's IS-MCTS plays one seat of 500 against the engine's heuristic bots (the ``openspiel``
extra: ``pip install ".[openspiel]"``).

    python examples/openspiel_ismcts.py --variant standard --hands 2 --simulations 100
    python examples/openspiel_ismcts.py --game --simulations 100
    python examples/openspiel_ismcts.py --paired 40 --simulations 100

Prints each hand's contract and the points of the IS-MCTS player's team; with ``--game``, a whole game is
played to its end (each IS-MCTS decision searches the hand in play, ``FiveHundredState.hand_in_play``,
for the hand's points); with ``--paired N``, N deals are each played twice, seat 0 IS-MCTS and then the
heuristic bot, and the difference in seat 0's team's points is averaged. IS-MCTS re-deals the cards its seat cannot see at each simulation
(``FiveHundredState.resample_from_infostate``: uniformly among the deals consistent with what it knows).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import engine.adapters.openspiel  # noqa: F401  (registers python_fivehundred)
from engine.bots import make_bot


def searcher(game: Any, simulations: int, seed: int) -> ismcts.ISMCTSBot:
    """OpenSpiel's IS-MCTS with random roll-outs, seeded."""
    return ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed)),
        uct_c=2.0,
        max_simulations=simulations,
        random_state=np.random.RandomState(seed),
    )


def play(variant: str, hands: int, simulations: int, seed: int, opponents: str = "heuristic") -> list[float]:
    """Play ``hands`` hands; returns the IS-MCTS player's (seat 0's) points on each."""
    game = pyspiel.load_game("python_fivehundred", {"variant": variant})
    chance = random.Random(seed)
    bot = searcher(game, simulations, seed)
    points = []
    for hand in range(hands):
        state = game.new_initial_state()
        others = {player: make_bot(opponents, game.rules, f"{seed}:{hand}:{player}") for player in range(game.num_players())}
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(chance.choice([action for action, _ in state.chance_outcomes()]))
            elif state.current_player() == 0:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(state.research.advised(others[state.current_player()]))
        result = state.research.game.results[0]
        print(f"hand {hand + 1}: {result.contract or 'all passed'} by seat {result.declarer}; IS-MCTS team {state.returns()[0]:+.0f}")
        points.append(state.returns()[0])
    return points


def paired(variant: str, deals: int, simulations: int, seed: int) -> list[float]:
    """Each deal played twice, seat 0 IS-MCTS and then the heuristic bot (the same cards, the other seats
    the same heuristic bots): per deal, the IS-MCTS team's points less the heuristic team's."""
    game = pyspiel.load_game("python_fivehundred", {"variant": variant})
    differences = []
    for deal in range(deals):
        points = []
        for searching in (True, False):
            chance = random.Random(f"{seed}:{deal}")
            bot = searcher(game, simulations, seed + deal)
            bots = {player: make_bot("heuristic", game.rules, f"{seed}:{deal}:{player}") for player in range(game.num_players())}
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(chance.choice([action for action, _ in state.chance_outcomes()]))
                elif state.current_player() == 0 and searching:
                    state.apply_action(bot.step(state))
                else:
                    state.apply_action(state.research.advised(bots[state.current_player()]))
            points.append(state.returns()[0])
        differences.append(points[0] - points[1])
        print(f"deal {deal + 1}: IS-MCTS team {points[0]:+.0f}, heuristic team {points[1]:+.0f}")
    return differences


def play_game(variant: str, simulations: int, seed: int, opponents: str = "heuristic") -> tuple[int | None, tuple[int, ...], int]:
    """Play one whole game; returns the winning team (``None`` if none), the final scores and the hands
    played. Seat 0 is IS-MCTS, searching each decision over the hand in play."""
    game = pyspiel.load_game("python_fivehundred", {"variant": variant, "scope": "game"})
    chance = random.Random(seed)
    bot = searcher(game.hand_game(), simulations, seed)
    others = {player: make_bot(opponents, game.rules, f"{seed}:{player}") for player in range(game.num_players())}
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(chance.choice([action for action, _ in state.chance_outcomes()]))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state.hand_in_play()))
        else:
            state.apply_action(state.research.advised(others[state.current_player()]))
    engine_game = state.research.game
    return engine_game.winner, engine_game.scores, len(engine_game.results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument("--game", action="store_true", help="play one whole game instead of --hands hands")
    parser.add_argument("--paired", type=int, default=0, help="play this many deals twice, IS-MCTS then the heuristic bot at seat 0")
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    if args.paired:
        differences = paired(args.variant, args.paired, args.simulations, args.seed)
        mean = statistics.mean(differences)
        error = statistics.stdev(differences) / len(differences) ** 0.5 if len(differences) > 1 else 0.0
        print(f"IS-MCTS less heuristic: {mean:+.1f} points a deal (standard error {error:.1f}) over {len(differences)} deals")
    elif args.game:
        winner, scores, hands = play_game(args.variant, args.simulations, args.seed)
        print(f"game over after {hands} hands: scores {list(scores)}, winning team {winner} (IS-MCTS plays for team 0)")
    else:
        points = play(args.variant, args.hands, args.simulations, args.seed)
        print(f"IS-MCTS team: {sum(points) / len(points):+.1f} points a hand over {len(points)} hand(s)")
    print(f"{time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
