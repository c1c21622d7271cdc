"""Benchmark of the research adapters (issue 48), beside OpenSpiel's euchre in the same run.

Each round measures every figure once, back to back, and ``--repeat`` rounds give min / median / max:

* copying a mid-hand state: the kernel's ``GameState.copy``, ``Game.clone``, the adapter's
  ``ResearchGame.copy``, the OpenSpiel state's ``clone()`` and ``copy.deepcopy`` (both by the kernel's copy
  now), an empty state's ``clone()`` (what OpenSpiel's ``Clone()`` costs around any Python state: a new
  initial state and a deep copy per attribute), and euchre's ``clone()``;
* ``resample_from_infostate`` at points of a standard hand (the auction, the kitty, tricks 1, 4, 7 and 10),
  for the seat to act: the first call at a position (which builds the sampler's table) and the mean of
  the next ones (a search resamples one position many times);
* random hands a second with and without the seat's observation tensor at each decision (and euchre's
  random deals a second, for scale);
* with ``--ismcts``, one whole game of ``examples/openspiel_ismcts.py --game`` (IS-MCTS, 100 simulations
  a move, against heuristic bots), in seconds.

    python bench/research.py [--repeat R] [--seconds S] [--ismcts]
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyspiel

import engine.adapters.openspiel
import engine.analysis.unseen

POINTS = {"auction": 46, "kitty": 0, "trick 1": 1, "trick 4": 4, "trick 7": 7, "trick 10": 10}
"""Where the resampling is timed: a number of actions into the auction, or the trick about to be played."""


def each_call(function: Callable[[], object], calls: int) -> float:
    """Seconds per call of ``function``, over ``calls`` calls."""
    started = time.perf_counter()
    for _ in range(calls):
        function()
    return (time.perf_counter() - started) / calls


def to_point(game: Any, seed: int, point: str) -> Any:
    """A standard hand played at random to ``point`` (see :data:`POINTS`), or ``None`` if it ended first."""
    draw = random.Random(seed)
    state = game.new_initial_state()
    actions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(draw.choice([action for action, _ in state.chance_outcomes()]))
            continue
        research = state.research
        if point == "auction" and actions >= 1:
            return state
        if point == "kitty" and research.phase == "kitty":
            return state
        if point.startswith("trick") and research.phase == "play":
            play = research.game.state.hand.play
            if play is not None and len(play.completed) + 1 >= POINTS[point] and not play.trick:
                return state
        state.apply_action(draw.choice(state.legal_actions()))
        actions += 1
    return None


def random_hands(game: Any, seconds: float, tensors: bool) -> float:
    """Random hands a second, with (or without) the observation tensor of the seat to act at each decision."""
    draw = random.Random(1)
    hands = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(draw.choice(state.chance_outcomes())[0])
                continue
            if tensors:
                state.observation_tensor(state.current_player())
            state.apply_action(draw.choice(state.legal_actions()))
        hands += 1
    return hands / (time.perf_counter() - started)


def one_round(seconds: float, ismcts: bool) -> dict[str, float]:
    """Every figure once."""
    figures: dict[str, float] = {}
    game = pyspiel.load_game("python_fivehundred", {"variant": "standard"})
    euchre = pyspiel.load_game("euchre")
    state = to_point(game, 3, "trick 4")
    euchre_state = euchre.new_initial_state()
    draw = random.Random(3)
    for _ in range(30):
        if euchre_state.is_chance_node():
            euchre_state.apply_action(draw.choice(euchre_state.chance_outcomes())[0])
        else:
            euchre_state.apply_action(draw.choice(euchre_state.legal_actions()))
    figures["copy: euchre clone() µs"] = each_call(euchre_state.clone, 2000) * 1e6
    figures["copy: kernel GameState.copy µs"] = each_call(state.research.game.state.copy, 2000) * 1e6
    figures["copy: Game.clone µs"] = each_call(state.research.game.clone, 2000) * 1e6
    figures["copy: ResearchGame.copy µs"] = each_call(state.research.copy, 2000) * 1e6
    figures["copy: 500 clone() µs"] = each_call(state.clone, 1000) * 1e6
    figures["copy: an empty state's clone() µs (OpenSpiel's own part)"] = each_call(game.new_initial_state().clone, 1000) * 1e6
    kernel = figures["copy: kernel GameState.copy µs"]
    figures["copy: ResearchGame.copy ÷ kernel copy ×"] = figures["copy: ResearchGame.copy µs"] / kernel
    figures["copy: 500 clone() ÷ kernel copy ×"] = figures["copy: 500 clone() µs"] / kernel
    figures["copy: 500 copy.deepcopy µs"] = each_call(lambda: copy.deepcopy(state), 1000) * 1e6
    for point in POINTS:
        first, later = [], []
        for seed in range(4):
            position = to_point(game, seed, point)
            if position is None:
                continue
            player = position.current_player()
            sampler = random.Random(seed).random
            engine.analysis.unseen._CACHE.clear()  # the first call builds the table
            first.append(each_call(lambda: position.resample_from_infostate(player, sampler), 1))  # noqa: B023
            later.append(each_call(lambda: position.resample_from_infostate(player, sampler), 20))  # noqa: B023
        figures[f"resample at {point}: first call ms"] = max(first) * 1e3
        figures[f"resample at {point}: later calls ms"] = statistics.mean(later) * 1e3
    figures["random: euchre deals/s"] = random_hands(euchre, seconds, False)
    figures["random: 500 hands/s"] = random_hands(game, seconds, False)
    figures["random: 500 hands/s with tensors"] = random_hands(game, seconds, True)
    figures["random: tensor slowdown ×"] = figures["random: 500 hands/s"] / figures["random: 500 hands/s with tensors"]
    if ismcts:
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))
        import openspiel_ismcts  # type: ignore[import-not-found]

        started = time.perf_counter()
        _, _, hands = openspiel_ismcts.play_game("standard", 100, 1)
        figures["ismcts: whole game, 100 simulations a move, s"] = time.perf_counter() - started
        figures["ismcts: hands in that game"] = hands
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--ismcts", action="store_true")
    args = parser.parse_args()
    rounds = [one_round(args.seconds, args.ismcts) for _ in range(args.repeat)]
    print(f"| figure | min / median / max over {args.repeat} rounds |")
    print("|---|---|")
    for name in rounds[0]:
        values = sorted(each[name] for each in rounds)
        print(f"| {name} | {values[0]:.3g} / {statistics.median(values):.3g} / {values[-1]:.3g} |")


if __name__ == "__main__":
    main()
