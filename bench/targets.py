"""Benchmark: issue 30's figures, every build, in one run.

Each round measures OpenSpiel's euchre (random deals through its Python loop, and through its C++ loop,
``pyspiel.evaluate_bots`` with uniform random bots) and then, for every build given, whole processes of
this engine as a user runs them (start-up included):

- ``simulate standard --hands 1``: the start-up;
- ``simulate --hands R --bots random`` and ``--hands H`` with heuristic bots: hands per second, and each
  against euchre's deals per second in the same round; and the heuristic's against ``classic``'s (the
  heuristic bot as it was before it read the rules it is given);
- the random run again with ``--workers 2``: the speed-up of two workers over one.

Then once per build: the double-dummy solver on ``--solver-deals`` standard deals (median and 99th
percentile, ``bench/solver.py``), the expert's card decision (median, ``bench/expert.py``), with
``--expert-games`` the time of that many expert-against-heuristic games on two workers scaled to 500 (a
compiled build only), and
with ``--dask`` the CPU of a Dask LocalCluster run against the built-in workers' (in this interpreter).
Every figure prints as min / median / max over the rounds. Run:

    python bench/targets.py --build pure=/tmp/venv/bin/python --build compiled=/tmp/cvenv/bin/python

(``--build`` defaults to this interpreter; a build is any interpreter with the engine installed. Measure a
regular install, not an editable one: where bytecode is not cached, as with ``PYTHONDONTWRITEBYTECODE``
set, every process compiles the engine's modules again, which is most of an editable pure build's start-up.)
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

try:
    import pyspiel
except ImportError:  # pragma: no cover - the bench extra
    sys.exit("bench/targets.py measures against OpenSpiel: pip install '.[bench]'")

from bench import euchre_deal, for_seconds  # bench/bench.py, beside this file

HERE = Path(__file__).resolve().parent
RANDOM = ",".join(["random"] * 4)  # standard's four seats
CLASSIC = ",".join(["classic"] * 4)

TARGETS = {
    "start-up, s": ("≤ 0.15", "≤ 0.15"),
    "random hands ÷ euchre deals (Python loop)": ("≥ 0.6", "≥ 2.0"),
    "heuristic hands ÷ euchre deals (Python loop)": ("≥ 0.2", "≥ 0.6"),
    "two workers ÷ one": ("≥ 1.8", "≥ 1.8"),
    "solver, median s a standard deal": ("≤ 0.3", "≤ 0.05"),
    "solver, 99th percentile s": ("", "≤ 0.5"),
    "expert card decision, median s": ("", "≤ 0.02"),
    "Dask CPU ÷ built-in workers' CPU": ("≤ 1.15", "≤ 1.15"),
    "500 expert-against-heuristic games on two workers, minutes": ("", "≤ 10"),
    "heuristic hands ÷ classic hands (issue 35)": ("≥ 0.75", "≥ 0.75"),
}
"""Issue 30's targets: (pure, compiled)."""


def euchre_python(seconds: float, rng: random.Random) -> float:
    """Random euchre deals per second through OpenSpiel's Python loop (chance included)."""
    game = pyspiel.load_game("euchre")
    return for_seconds(seconds, lambda: euchre_deal(game, rng, [0], False))[0]


def euchre_cpp(seconds: float, seed: int) -> float:
    """Random euchre deals per second through OpenSpiel's C++ loop."""
    game = pyspiel.load_game("euchre")
    bots = [pyspiel.make_uniform_random_bot(player, seed + player) for player in range(game.num_players())]
    started, deals = time.perf_counter(), 0
    while time.perf_counter() - started < seconds:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed + deals)
        deals += 1
    return deals / (time.perf_counter() - started)


def wall(python: str, *arguments: str) -> float:
    """Seconds a whole ``python -m engine ARGUMENTS`` process takes."""
    started = time.perf_counter()
    subprocess.run([python, "-m", "engine", *arguments], check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def compiled(python: str) -> bool:
    code = "import engine.kernel.state as s; print(s.__file__.endswith(('.so', '.pyd')))"
    return subprocess.run([python, "-c", code], capture_output=True, text=True, check=True).stdout.strip() == "True"


def script_figures(python: str, script: str, *arguments: str) -> str:
    return subprocess.run([python, str(HERE / script), *arguments], capture_output=True, text=True, check=True).stdout


def solver_figures(python: str, deals: int) -> tuple[float, float]:
    out = script_figures(python, "solver.py", "--deals", str(deals))
    found = re.search(r"median ([\d.]+), 90th percentile [\d.]+, 99th ([\d.]+)", out)
    assert found, out
    return float(found.group(1)), float(found.group(2))


def expert_card_median(python: str, hands: int) -> float:
    out = script_figures(python, "expert.py", "--hands", str(hands))
    found = re.search(r"card play: +\d+ decisions, seconds median ([\d.]+)", out)
    assert found, out
    return float(found.group(1))


def dask_cpu_ratio(hands: int) -> float:
    """CPU seconds of ``hands`` random hands on a two-process Dask LocalCluster (its start-up included)
    ÷ on the built-in two workers, both in this interpreter."""
    from distributed import Client, LocalCluster

    import engine

    bots = ["random"] * 4

    def own() -> float:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime

    def children() -> float:
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime

    before = own() + children()
    engine.simulate("standard", hands=hands, seed=1, bots=bots, workers=2)
    built_in = own() + children() - before

    def worker_cpu() -> float:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime

    before = own()
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, Client(cluster) as client:
        engine.simulate("standard", hands=hands, seed=1, bots=bots, cluster=cluster.scheduler_address)
        spent = sum(client.run(worker_cpu).values())
    return (own() - before + spent) / built_in


def spread(values: list[float]) -> str:
    digits = 3 if max(values) < 10 else 0
    return f"{min(values):.{digits}f} / {statistics.median(values):.{digits}f} / {max(values):.{digits}f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--build", action="append", metavar="LABEL=PYTHON", help="a build to measure (repeatable; default: this interpreter)"
    )
    parser.add_argument("--repeat", type=int, default=3, help="rounds (default 3)")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per euchre measurement (default 2)")
    parser.add_argument("--random-hands", type=int, default=30000, help="hands of the random run (default 30000)")
    parser.add_argument("--heuristic-hands", type=int, default=8000, help="hands of the heuristic run (default 8000)")
    parser.add_argument("--solver-deals", type=int, default=100, help="standard deals solved per build (0: skip)")
    parser.add_argument("--expert-hands", type=int, default=4, help="hands timing the expert's card play (0: skip)")
    parser.add_argument(
        "--expert-games", type=int, default=0, metavar="GAMES", help="also time GAMES expert-against-heuristic games on two workers"
    )
    parser.add_argument("--dask", type=int, default=0, metavar="HANDS", help="also measure Dask's CPU on HANDS random hands")
    args = parser.parse_args()
    builds = dict(entry.split("=", 1) for entry in (args.build or [f"{'this'}={sys.executable}"]))
    kinds = {label: "compiled" if compiled(python) else "pure" for label, python in builds.items()}
    print(
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f} at the start; "
        f"{args.repeat} rounds, min / median / max; builds: " + ", ".join(f"{label} ({kinds[label]})" for label in builds)
    )
    rows: dict[str, dict[str, list[float]]] = {}

    def keep(label: str, name: str, value: float) -> None:
        rows.setdefault(name, {}).setdefault(label, []).append(value)

    rng = random.Random(1)
    for round_ in range(args.repeat):
        python_loop = euchre_python(args.seconds, rng)
        cpp_loop = euchre_cpp(args.seconds, round_)
        keep("euchre", "euchre deals/s (Python loop)", python_loop)
        keep("euchre", "euchre deals/s (C++ loop)", cpp_loop)
        for label, python in builds.items():
            keep(label, "start-up, s", wall(python, "simulate", "standard", "--hands", "1"))
            random_rate = args.random_hands / wall(python, "simulate", "standard", "--hands", str(args.random_hands), "--bots", RANDOM)
            heuristic_rate = args.heuristic_hands / wall(python, "simulate", "standard", "--hands", str(args.heuristic_hands))
            classic_rate = args.heuristic_hands / wall(
                python, "simulate", "standard", "--hands", str(args.heuristic_hands), "--bots", CLASSIC
            )
            two = args.random_hands / wall(
                python, "simulate", "standard", "--hands", str(args.random_hands), "--bots", RANDOM, "--workers", "2"
            )
            keep(label, "random hands/s (whole process)", random_rate)
            keep(label, "heuristic hands/s (whole process)", heuristic_rate)
            keep(label, "random hands ÷ euchre deals (Python loop)", random_rate / python_loop)
            keep(label, "heuristic hands ÷ euchre deals (Python loop)", heuristic_rate / python_loop)
            keep(label, "random hands ÷ euchre deals (C++ loop)", random_rate / cpp_loop)
            keep(label, "heuristic hands ÷ classic hands (issue 35)", heuristic_rate / classic_rate)
            keep(label, "two workers ÷ one", two / random_rate)
    for label, python in builds.items():
        if args.solver_deals:
            median, p99 = solver_figures(python, args.solver_deals)
            keep(label, "solver, median s a standard deal", median)
            keep(label, "solver, 99th percentile s", p99)
        if args.expert_hands:
            keep(label, "expert card decision, median s", expert_card_median(python, args.expert_hands))
        if args.expert_games and kinds[label] == "compiled":  # the target is the compiled build's
            bots = "expert,heuristic,expert,heuristic"
            seconds = wall(python, "simulate", "standard", "--games", str(args.expert_games), "--bots", bots, "--workers", "2")
            keep(label, "500 expert-against-heuristic games on two workers, minutes", seconds * 500 / args.expert_games / 60)
    if args.dask:
        keep(
            next(iter(builds)) if sys.executable in builds.values() else "this",
            "Dask CPU ÷ built-in workers' CPU",
            dask_cpu_ratio(args.dask),
        )
    labels = ["euchre", *builds, *(["this"] if any("this" in row for row in rows.values()) and "this" not in builds else [])]
    width = max(map(len, rows)) + 2
    print(
        f"{'figure':<{width}}"
        + "".join(
            f"{label + ' (' + kinds.get(label, 'OpenSpiel' if label == 'euchre' else 'this interpreter') + ')':<28}" for label in labels
        )
        + "targets (pure; compiled)"
    )
    for name, by_label in rows.items():
        cells = "".join(f"{spread(by_label[label]) if label in by_label else '':<28}" for label in labels)
        target = "; ".join(TARGETS[name]) if name in TARGETS else ""
        print(f"{name:<{width}}{cells}{target}")
    print(f"(load {os.getloadavg()[0]:.2f} at the end)")
    if os.environ.get("BENCH_JSON"):
        Path(os.environ["BENCH_JSON"]).write_text(json.dumps(rows, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
