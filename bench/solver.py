"""Measure the double-dummy solver on whole deals: time and positions searched per deal.

    python bench/solver.py [--variant standard] [--deals 200] [--seed 0] [--question]

Each deal is bid and the kitty exchanged by four heuristic bots; the solver then finds the declaring
side's tricks from the first lead to the last (the misère family: the fewest it can be held to). Prints
the median, 90th and 99th percentiles and the maximum of the time per deal, and the positions searched.
With ``--question`` it asks instead only the contract's question on the same deals, whether the declaring
side makes it: ``makes_at_least(n)`` for a contract of n tricks, and for the misère family whether the
declarer can be held to no trick, ``Solver(..., minimize=True).tricks(at_most=1) == 0``.
One core, one process; the machine's other load is not controlled, so compare figures from one run.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

try:
    import engine  # an installed engine (the compiled build, say) is the one measured
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from engine.analysis import Solver
from engine.bots import HeuristicBot
from engine.kernel.phase import Phase
from engine.kernel.state import GameState


def deal_to_solve(rules: engine.Rules, seed: int) -> tuple[Solver, str, int] | None:
    """The solver set at the first lead of a deal bid by heuristic bots, the contract, and the tricks it
    asks for (0 for the misère family; ``None`` when all pass)."""
    state = GameState.create(rules, seed=seed, history=False)
    bots = [HeuristicBot(rules, seed=seat) for seat in range(rules.seating.players)]
    while state.phase is not Phase.PLAY:
        if state.phase is Phase.GAME_OVER or state.hand_number > 0:
            return None
        seat = state.to_act
        assert seat is not None
        state.apply_move(bots[rules.seating.controller(seat)].choose(state, seat, state.legal_mask()))
    if state.hand.declarer is None or state.hand.contract is None or state.hand.play is None:
        return None  # an unbid hand played in no trump
    play = state.hand.play.copy()
    play.hands = list(state.hand.play.hands)
    declaring = set(state.hand.side())
    contract = state.hand.contract
    # The search starts from the tricks the contract asks for: the bidder's own estimate.
    guess = contract.target.minimum if not contract.target.is_no_tricks else 0
    return Solver(play, declaring, minimize=contract.target.is_no_tricks, covers=dict(state.hand.arrangement.covers)), contract.id, guess


def percentile(values: list[float], fraction: float) -> float:
    """The nearest-rank percentile: the smallest value at least ``fraction`` of the values are at or
    below (the 99th of 100 values is the 99th smallest; before the sixteenth session this read one rank
    higher, the largest of 100, and the maximum is printed beside it)."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, math.ceil(fraction * len(ordered)) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--verbose", action="store_true", help="print each deal")
    parser.add_argument(
        "--question", action="store_true", help="time the contract's question (does the declaring side make it?) instead of the count"
    )
    args = parser.parse_args()
    rules = engine.load_variant(args.variant)
    times: list[float] = []
    nodes: list[int] = []
    made = 0
    seed = args.seed
    while len(times) < args.deals:
        found = deal_to_solve(rules, seed)
        seed += 1
        if found is None:
            continue
        solver, contract, guess = found
        start = time.perf_counter()
        if args.question:
            # The misère family's solver minimizes; its guess is 0: held to no trick is the contract made.
            makes = solver.tricks(at_most=1) == 0 if solver.minimize else solver.makes_at_least(guess)
            answer = "made" if makes else "not made"
            made += makes
        else:
            answer = f"{solver.tricks(guess)} tricks"
        times.append(time.perf_counter() - start)
        nodes.append(solver.stats.nodes)
        if args.verbose:
            print(f"deal {seed - 1}: {contract}, {answer}, {times[-1]:.4f} s, {solver.stats.nodes:,} positions", flush=True)
    compiled = engine.analysis.double_dummy.__file__.endswith((".so", ".pyd"))
    print(
        f"{rules.name}: {len(times)} deals solved from the first lead (seeds {args.seed}-{seed - 1}), {'compiled' if compiled else 'pure Python'} solver"
    )
    if args.question:
        print(
            f"contract question, seconds per deal: median {statistics.median(times):.4f}, 90th percentile {percentile(times, 0.9):.4f}, "
            f"99th {percentile(times, 0.99):.4f}, max {max(times):.4f}; the declaring side makes {made} of {len(times)} contracts"
        )
    else:
        print(
            f"seconds per deal: median {statistics.median(times):.2f}, 90th percentile {percentile(times, 0.9):.2f}, 99th "
            f"{percentile(times, 0.99):.2f}, max {max(times):.2f}"
        )
    print(f"positions per deal: median {int(statistics.median(nodes)):,}, max {max(nodes):,}; {sum(nodes) / sum(times):,.0f} positions/s")


if __name__ == "__main__":
    main()
