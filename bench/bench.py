"""Benchmark: this engine against OpenSpiel's euchre, measured back to back in one run.

Each round measures every figure once, this engine's right after OpenSpiel's; the ratios of each round
are computed within it (so a noisy neighbour slows both sides alike), and ``--repeat`` rounds give the
min / median / max printed. Without ``open_spiel`` importable (``pip install ".[bench]"``) the absolute
figures are printed alone. Run:

    python bench/bench.py [--variant NAME] [--repeat R] [--seconds S] [--memory]

Figures: whole hands per second with random and with heuristic bots in one process (a 500 hand against a
euchre deal, chance nodes included on both sides), two worker processes against one, the embedding API's
time per decision (``legal_choices`` + ``apply`` against ``legal_actions`` + ``apply_action``), the
same with an observation of the seat to act each decision (against ``information_state_string``),
``clone()``, the kitty decision through ``legal_actions()``, ``import engine`` (a fresh interpreter),
and with ``--memory`` the peak memory of ``simulate --hands 1000000 --workers 2``.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import time
import timeit
from collections.abc import Callable
from typing import Any

import engine
from engine.simulation.runner import available_cores

try:
    import pyspiel
except ImportError:  # the bench extra is not installed: absolute figures only
    pyspiel = None


def for_seconds(seconds: float, step: Callable[[], int]) -> tuple[float, int]:
    """Run ``step`` (returning how many units it did) until ``seconds`` have passed; (units/s, units)."""
    started, units = time.perf_counter(), 0
    while True:
        units += step()
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            return units / elapsed, units


def per_decision(seconds: float, one: Callable[[list[int]], int]) -> tuple[float, float]:
    """Time ``one`` (a whole deal or hand, counting its decisions into the list it is given) for
    ``seconds``: (deals or hands per second, seconds per decision)."""
    counted = [0]
    rate, units = for_seconds(seconds, lambda: one(counted))
    return rate, 1 / (rate * counted[0] / units)


# -- OpenSpiel euchre ------------------------------------------------------------------------------


def euchre_deal(game: Any, rng: random.Random, counted: list[int], observe: bool) -> int:
    """One random euchre deal through OpenSpiel's Python loop (reading the information state of the
    player to act each decision when ``observe``); counts its decisions into ``counted``."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            if observe:
                state.information_state_string(state.current_player())
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            counted[0] += 1
    return 1


def euchre_clone_seconds(game: Any) -> float:
    rng = random.Random(1)
    state = game.new_initial_state()
    while state.is_chance_node() or state.move_number() < 8:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            state.apply_action(state.legal_actions()[0])
    return min(timeit.repeat(state.clone, number=20_000, repeat=3)) / 20_000


# -- this engine -------------------------------------------------------------------------------------


def api_hand(rules: engine.Rules, rng: random.Random, counted: list[int], observe: bool) -> int:
    """One hand (the first of a fresh game) through the embedding API with random choices."""
    game = engine.Game(rules, seed=rng.randrange(1 << 30))
    hand = game.hand_number
    while not game.is_over and game.hand_number == hand:
        if observe:
            game.observation(game.to_act)  # type: ignore[arg-type]
        choices = game.legal_choices()
        game.apply(choices[rng.randrange(len(choices))])
        counted[0] += 1
    return 1


def engine_clone_seconds(rules: engine.Rules) -> float:
    game = engine.Game(rules, seed=1)
    rng = random.Random(1)
    while game.phase is not engine.Phase.PLAY:
        choices = game.legal_choices()
        game.apply(choices[rng.randrange(len(choices))])
    for _ in range(8):
        game.apply(game.legal_choices()[0])
    return min(timeit.repeat(game.clone, number=5_000, repeat=3)) / 5_000


def kitty_seconds(rules: engine.Rules) -> float:
    """``legal_actions()`` in the declarer's kitty decision."""
    for seed in range(100):
        game = engine.Game(rules, seed=seed)
        while game.phase is engine.Phase.AUCTION:
            game.apply(game.legal_choices()[-1] if game.to_act == 1 else "pass")
        if game.phase is engine.Phase.KITTY:
            return min(timeit.repeat(game.legal_actions, number=200, repeat=3)) / 200
    return float("nan")


def import_seconds() -> float:
    code = "import time; t = time.perf_counter(); import engine; print(time.perf_counter() - t)"
    return min(float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout) for _ in range(5))


def simulated(variant: str, bot: str, hands: int, workers: int) -> float:
    players = engine.load_variant(variant).seating.players
    result = engine.simulate(variant, hands=hands, seed=1, bots=[bot] * players, workers=workers)
    return result.tally.hands / result.seconds


def memory_run(variant: str) -> tuple[float, float]:
    """Peak memory (MB) of ``simulate --hands 1000000 --workers 2`` with random bots: the command's own
    process, and the largest of its workers."""
    players = engine.load_variant(variant).seating.players
    code = (
        "import resource, engine; engine.simulate(%r, hands=1_000_000, workers=2, bots=['random'] * %d); "
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    ) % (variant, players)
    own, workers = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    return int(own) / 1024, int(workers) / 1024


# -- the run -----------------------------------------------------------------------------------------


def spread(values: list[float], digits: int = 2) -> str:
    return f"{min(values):.{digits}f} / {statistics.median(values):.{digits}f} / {max(values):.{digits}f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="standard", help="variant to measure (default standard)")
    parser.add_argument("--repeat", type=int, default=3, help="rounds, each measuring every figure back to back (default 3)")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per timed loop (default 2)")
    parser.add_argument("--hands", type=int, default=4000, help="hands per simulate measurement (default 4000)")
    parser.add_argument("--memory", action="store_true", help="also measure simulate --hands 1000000 --workers 2 (a minute or two)")
    args = parser.parse_args()
    rules = engine.load_variant(args.variant)
    cores = available_cores()
    print(
        f"{args.variant}; Python {platform.python_version()} on {platform.machine()}, {cores} core(s) available; "
        f"OpenSpiel {'present' if pyspiel else 'absent (pip install .[bench] for the ratios)'}; {args.repeat} rounds, min / median / max"
    )
    euchre = pyspiel.load_game("euchre") if pyspiel else None
    engine.simulate(args.variant, hands=200, bots=["random"] * rules.seating.players)  # warm the caches
    rows: dict[str, list[float]] = {}

    def keep(name: str, value: float) -> None:
        rows.setdefault(name, []).append(value)

    for _ in range(args.repeat):
        rng = random.Random(1)
        if euchre is not None:
            euchre_rate, euchre_decision = per_decision(args.seconds, lambda counted, rng=rng: euchre_deal(euchre, rng, counted, False))
            _, euchre_observed = per_decision(args.seconds, lambda counted, rng=rng: euchre_deal(euchre, rng, counted, True))
        random_rate = simulated(args.variant, "random", args.hands, 1)
        heuristic_rate = simulated(args.variant, "heuristic", args.hands // 4, 1)
        # About three seconds of one core's work, however fast the build: a short run measures the
        # workers' start-up rather than their throughput.
        span = max(args.hands * 2, int(random_rate * 3))
        two_rate = simulated(args.variant, "random", span, 2) if cores >= 2 else float("nan")
        one_again = simulated(args.variant, "random", span, 1)
        _, decision = per_decision(args.seconds, lambda counted, rng=rng: api_hand(rules, rng, counted, False))
        _, observed = per_decision(args.seconds, lambda counted, rng=rng: api_hand(rules, rng, counted, True))
        clone = engine_clone_seconds(rules)
        keep("random bots: hands/s", random_rate)
        keep("heuristic bots: hands/s", heuristic_rate)
        keep("two workers / one", two_rate / one_again)
        keep("API per decision, µs", decision * 1e6)
        keep("API + observation per decision, µs", observed * 1e6)
        keep("observation, µs (difference)", (observed - decision) * 1e6)
        keep("clone(), µs", clone * 1e6)
        keep("kitty legal_actions(), µs", kitty_seconds(rules) * 1e6)
        if euchre is not None:
            keep("euchre: deals/s", euchre_rate)
            keep("random bots: hands/s ÷ euchre deals/s", random_rate / euchre_rate)
            keep("heuristic bots: hands/s ÷ euchre deals/s", heuristic_rate / euchre_rate)
            keep("API per decision ÷ euchre's", decision / euchre_decision)
            keep("API + observation ÷ euchre + info state", observed / euchre_observed)
            keep("clone() ÷ euchre's", clone / euchre_clone_seconds(euchre))
    keep("import engine, s", import_seconds())
    width = max(map(len, rows)) + 2
    for name, values in rows.items():
        print(f"{name:<{width}}{spread(values, 3 if max(values) < 10 else 0)}")
    if args.memory:
        own, largest = memory_run(args.variant)
        print(
            f"simulate --hands 1000000 --workers 2 (random bots): main process {own:.0f} MB, largest worker {largest:.0f} MB, "
            f"all processes about {own + 2 * largest:.0f} MB"
        )
    print(
        f"(peak memory of this benchmark: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB; "
        f"machine load when it ended: {os.getloadavg()[0]:.2f})"
    )


if __name__ == "__main__":
    main()
