"""How often does ``compare`` flag a difference between two files that describe the same game but deal the
cards differently? (Issue 29: "over many seeds such a null comparison must flag something in about 5% of
runs".)

``standard`` against the same game dealt in other bundles (``deal.pattern: 4-1-3-1-3-1``: the same hands and
kitty sizes, so the same game, but other cards to each seat): the deals differ, so ``compare`` tests
unpaired. Prints the share of seeds with a figure significant after Holm's adjustment, and before it.

    python bench/null_compare.py --runs 200 --hands 1000
"""

from __future__ import annotations

import argparse
import time

from engine import compile_text
from engine.analysis.statistics import wilson
from engine.simulation.comparison import compare, compare_data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=200, help="seeds to compare (default 200)")
    parser.add_argument("--hands", type=int, default=1000, help="hands per variant per seed (default 1000)")
    parser.add_argument("--games", type=int, default=0, help="games instead of hands")
    parser.add_argument("--bots", default="heuristic", help="bot everywhere (default heuristic)")
    args = parser.parse_args()
    other = compile_text("extends: standard\nname: Standard dealt 4-1-3-1-3-1\ndeal:\n  pattern: 4-1-3-1-3-1\n")
    flagged = unadjusted = 0
    started = time.perf_counter()
    for seed in range(args.runs):
        data = compare_data(
            compare("standard", other, hands=0 if args.games else args.hands, games=args.games, seed=seed, bots=[args.bots] * 4)
        )
        assert not data["design"]["paired"]
        flagged += any(row["significant"] for row in data["figures"])
        unadjusted += any(row["p_value"] < 0.05 for row in data["figures"])
    for label, count in (("flagged after Holm", flagged), ("flagged before adjustment", unadjusted)):
        low, high = wilson(count, args.runs)
        print(f"{label}: {count} of {args.runs} runs = {100 * count / args.runs:.1f}% (95% interval {100 * low:.1f}-{100 * high:.1f}%)")
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
