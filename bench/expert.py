"""Benchmark: the expert bot's time per decision, by kind (bids, the kitty's discards, card plays).

Plays ``--hands`` hands of a variant with expert bots in seats 0 and 2 and heuristic bots in the others,
timing each of the expert's decisions, and prints the median, 90th and 99th percentiles and maximum for each kind.
Whether the solver is the compiled one is said in the output (install the compiled build to measure it).

    python bench/expert.py [--variant standard] [--hands 20] [--seed 0]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

try:
    import engine  # an installed engine (the compiled build, say) is the one measured
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/solver.py, with the script's folder off the path (python -P)
from solver import percentile

import engine
from engine.bots import ExpertBot, HeuristicBot
from engine.kernel.phase import Phase
from engine.kernel.state import GameState

KINDS = {Phase.AUCTION: "bid", Phase.KITTY: "discard", Phase.PLAY: "card play"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rules = engine.load_variant(args.variant)
    players = rules.seating.players
    times: dict[str, list[float]] = {kind: [] for kind in [*KINDS.values(), "other"]}
    for hand in range(args.hands):
        state = GameState.create(rules, seed=args.seed + hand, history=False)
        bots = [ExpertBot(rules, seed) if seed % 2 == 0 else HeuristicBot(rules, seed=seed) for seed in range(players)]
        while state.hand_number == 0 and state.phase is not Phase.GAME_OVER:
            seat = state.to_act
            assert seat is not None
            player = rules.seating.controller(seat)
            legal = state.legal_mask()
            started = time.perf_counter()
            move = bots[player].choose(state, seat, legal)
            if isinstance(bots[player], ExpertBot) and legal & (legal - 1):
                times[KINDS.get(state.phase, "other")].append(time.perf_counter() - started)
            state.apply_move(move)
    compiled = engine.analysis.double_dummy.__file__.endswith((".so", ".pyd"))
    print(
        f"{rules.name}: the expert's decisions in {args.hands} hands (seeds {args.seed}-{args.seed + args.hands - 1}), "
        f"{'compiled' if compiled else 'pure-Python'} solver"
    )
    for kind, values in times.items():
        if values:
            print(
                f"{kind:>10}: {len(values):4} decisions, seconds median {statistics.median(values):.3f}, 90th percentile "
                f"{percentile(values, 0.9):.3f}, 99th {percentile(values, 0.99):.3f}, max {max(values):.3f}"
            )


if __name__ == "__main__":
    main()
