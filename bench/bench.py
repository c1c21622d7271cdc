"""Benchmark: complete hands per second and actions per second for ``standard``, with random and with
heuristic bots, in one process and with two workers.

A hand is a deal, the auction, the kitty, ten tricks and the scoring (each the first hand of a fresh
game, seeded from the run's seed). Each row is the fastest of ``--repeat`` runs (5). Run:
``python bench/bench.py [--hands N] [--variant NAME] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import os
import platform

import engine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4000, help="hands per measurement (default 4000)")
    parser.add_argument("--variant", default="standard", help="variant to measure (default standard)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per row; the fastest is shown, as timeit does (default 5)")
    args = parser.parse_args()
    print(f"{args.variant}: {args.hands} hands per row; Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs")
    print(f"{'bots':<12}{'workers':>8}{'hands/s':>12}{'actions/s':>12}{'seconds':>10}")
    players = engine.load_variant(args.variant).seating.players
    engine.simulate(args.variant, hands=100, bots=["random"] * players)  # warm the caches
    for bot in ("random", "heuristic"):
        for workers in (1, 2):
            runs = [engine.simulate(args.variant, hands=args.hands, seed=1, bots=[bot] * players, workers=workers) for _ in range(args.repeat)]
            result = min(runs, key=lambda run: run.seconds)  # the least disturbed run, as timeit reports
            seconds = result.seconds
            print(f"{bot:<12}{workers:>8}{result.tally.hands / seconds:>12.0f}{result.actions / seconds:>12.0f}{seconds:>10.2f}")


if __name__ == "__main__":
    main()
