"""Benchmark: issue 30's and issue 47's figures, every build, in one run.

Each round measures OpenSpiel's euchre (random deals through its Python loop, and through its C++ loop,
``pyspiel.evaluate_bots`` with uniform random bots) and then, for every build given, whole processes of
this engine as a user runs them (start-up included):

- ``simulate standard --hands 1``: the start-up;
- ``simulate --hands R --bots random`` and ``--hands H`` with heuristic bots: hands per second, and each
  against euchre's deals per second in the same round; and the heuristic's against ``classic``'s (the
  heuristic bot as it was before it read the rules it is given);
- the random run again with ``--workers 2``: the speed-up of two workers over one; and two one-worker
  random runs started together: the speed-up the machine itself gives two processes that share nothing
  (the ceiling of the two workers' figure: on a shared virtual machine two busy cores run slower than one).

Then once per build, each through the build's interpreter (``0`` skips any of them):

- the double-dummy solver's exact count on ``--solver-deals`` standard deals (median and 99th percentile,
  ``bench/solver.py``), and the contract's question on ``--question-deals`` of the same deals (does the
  declaring side make it: ``makes_at_least(n)``, for the misère family whether it can be held to no
  trick; ``bench/solver.py --question``);
- the expert's card decision in ``--expert-hands`` hands (median and 99th percentile, ``bench/expert.py``);
  with ``--expert-games`` the time of that many expert-against-heuristic games on two workers scaled to
  500 (a compiled build only);
- the solver against DDS, the bridge double-dummy solver (``bench/dds.py``, which needs ``endplay`` in
  the build: ``pip install '.[dds]'``): ``--dds-endings`` random seven-card bridge endings in every
  strain for every declarer, the engine's time a solve and DDS's (medians, in the DDS column) and the
  median of the per-solve ratios, the values compared; and ``--dds-deals`` whole 13-card deals in every
  strain, each solve capped at ``--dds-max-nodes`` positions: the solves stopped at the cap, and the times;
- ``fivehundred analyze`` of a shipped four-handed hand (``--analyze-hand``, by default
  ``docs/examples/hand-7h.json``), the whole command's wall time, ``--analyze`` times.

With ``--dask`` the CPU of a Dask LocalCluster run against the built-in workers' (in this interpreter).
Every figure prints as min / median / max over the rounds (or the repeated measurements); each target's
row says whether each build's median meets it. Run:

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
from typing import Any

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
    "expert card decision, 99th percentile s": ("", "≤ 0.2"),
    "solver, contract question, median ms a standard deal": ("", "≤ 10"),
    "7-card bridge endings: engine ÷ DDS a solve (median of the ratios)": ("", "≤ 10"),
    "13-card bridge deals: strain solves stopped at the cap": ("", "= 0"),
    "analyze of a shipped four-handed hand (whole command), s": ("", "≤ 5"),
    "Dask CPU ÷ built-in workers' CPU": ("≤ 1.15", "≤ 1.15"),
    "500 expert-against-heuristic games on two workers, minutes": ("", "≤ 10"),
    "heuristic hands ÷ classic hands (issue 35)": ("≥ 0.75", "≥ 0.75"),
}
"""Issue 30's and issue 47's targets: (pure, compiled)."""
DDS = "DDS"
"""The column of DDS's own figures (measured in each build's run of ``bench/dds.py``)."""
SHIPPED_HAND = HERE.parent / "docs" / "examples" / "hand-7h.json"
"""A shipped four-handed hand: standard, 7H (the one docs/analysis.md analyses)."""


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


def wall_together(python: str, *arguments: str) -> float:
    """Seconds two whole ``python -m engine ARGUMENTS`` processes take, started together (until both end)."""
    started = time.perf_counter()
    processes = [subprocess.Popen([python, "-m", "engine", *arguments], stdout=subprocess.DEVNULL) for _ in range(2)]
    for process in processes:
        if process.wait() != 0:
            raise subprocess.CalledProcessError(process.returncode, process.args)
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


def question_figures(python: str, deals: int) -> tuple[float, float]:
    """The contract question's median and 99th percentile, seconds a standard deal."""
    out = script_figures(python, "solver.py", "--deals", str(deals), "--question")
    found = re.search(r"contract question, seconds per deal: median ([\d.]+), 90th percentile [\d.]+, 99th ([\d.]+)", out)
    assert found, out
    return float(found.group(1)), float(found.group(2))


def expert_card_figures(python: str, hands: int) -> tuple[float, float]:
    """The expert's card decision: median and 99th percentile, seconds."""
    out = script_figures(python, "expert.py", "--hands", str(hands))
    found = re.search(r"card play: +\d+ decisions, seconds median ([\d.]+), 90th percentile [\d.]+, 99th ([\d.]+)", out)
    assert found, out
    return float(found.group(1)), float(found.group(2))


def dds_figures(python: str, endings: int, repeat: int, deals: int, max_nodes: int) -> dict[str, Any] | str:
    """``bench/dds.py --json`` in the build: its summary, or why it could not run (no endplay, say)."""
    arguments = ["--endings", str(endings), "--repeat", str(repeat), "--deals", str(deals), "--max-nodes", str(max_nodes), "--json"]
    done = subprocess.run([python, str(HERE / "dds.py"), *arguments], capture_output=True, text=True)
    lines = done.stdout.strip().splitlines()
    if done.returncode not in (0, 1) or not lines or not lines[-1].startswith("{"):  # 1: values disagree
        return (done.stderr.strip() or done.stdout.strip() or f"exit {done.returncode}").splitlines()[-1]
    summary: dict[str, Any] = json.loads(lines[-1])
    return summary


def analyze_wall(python: str, hand: Path, max_positions: int) -> tuple[float, bool]:
    """Seconds a whole ``python -m engine analyze HAND`` process takes, and whether it stopped at its
    cap on positions (exit 4)."""
    arguments = ["analyze", str(hand), "--progress", "never"]
    if max_positions:
        arguments += ["--max-positions", str(max_positions)]
    started = time.perf_counter()
    done = subprocess.run([python, "-m", "engine", *arguments], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - started
    if done.returncode not in (0, 4):
        raise subprocess.CalledProcessError(done.returncode, [python, "-m", "engine", *arguments], stderr=done.stderr)
    return seconds, done.returncode == 4


def verdict(target: str, values: list[float]) -> bool | None:
    """Whether the median of ``values`` meets ``target`` ("≤ 0.3", "≥ 2.0", "= 0"; ``None`` for none)."""
    found = re.fullmatch(r"([≤≥=]) ([\d.]+)", target)
    if not found or not values:
        return None
    median, bound = statistics.median(values), float(found.group(2))
    return {"≤": median <= bound, "≥": median >= bound, "=": median == bound}[found.group(1)]


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
    digits = 3 if max(values) < 10 and not all(float(value).is_integer() for value in values) else 0
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
    parser.add_argument(
        "--question-deals", type=int, default=100, help="standard deals timing the solver's contract question per build (0: skip)"
    )
    parser.add_argument("--expert-hands", type=int, default=4, help="hands timing the expert's card play (0: skip)")
    parser.add_argument("--dds-endings", type=int, default=40, help="seven-card bridge endings against DDS per build (default 40; 0: skip)")
    parser.add_argument("--dds-repeat", type=int, default=3, help="rounds over the endings, each solve its quickest (default 3)")
    parser.add_argument("--dds-deals", type=int, default=1, help="whole 13-card bridge deals, every strain, per build (default 1; 0: skip)")
    parser.add_argument(
        "--dds-max-nodes", type=int, default=20_000_000, help="the engine's cap on positions a whole deal's solve (default 20,000,000)"
    )
    parser.add_argument("--analyze", type=int, default=1, metavar="TIMES", help="time `analyze` of the shipped hand TIMES times (0: skip)")
    parser.add_argument(
        "--analyze-hand", type=Path, default=SHIPPED_HAND, help="the transcript analysed (default docs/examples/hand-7h.json)"
    )
    parser.add_argument(
        "--analyze-max-positions", type=int, default=0, metavar="N", help="pass --max-positions N to analyze (default 0: its own default)"
    )
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

    notes: list[str] = []
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
            together = (
                2 * args.random_hands / wall_together(python, "simulate", "standard", "--hands", str(args.random_hands), "--bots", RANDOM)
            )
            keep(label, "random hands/s (whole process)", random_rate)
            keep(label, "heuristic hands/s (whole process)", heuristic_rate)
            keep(label, "random hands ÷ euchre deals (Python loop)", random_rate / python_loop)
            keep(label, "heuristic hands ÷ euchre deals (Python loop)", heuristic_rate / python_loop)
            keep(label, "random hands ÷ euchre deals (C++ loop)", random_rate / cpp_loop)
            keep(label, "heuristic hands ÷ classic hands (issue 35)", heuristic_rate / classic_rate)
            keep(label, "two workers ÷ one", two / random_rate)
            keep(label, "two one-worker processes at once ÷ one (the machine's ceiling)", together / random_rate)
            keep(label, "two workers ÷ two one-worker processes at once", two / together)
    for label, python in builds.items():
        if args.solver_deals:
            median, p99 = solver_figures(python, args.solver_deals)
            keep(label, "solver, median s a standard deal", median)
            keep(label, "solver, 99th percentile s", p99)
        if args.question_deals:
            median, p99 = question_figures(python, args.question_deals)
            keep(label, "solver, contract question, median ms a standard deal", median * 1e3)
            keep(label, "solver, contract question, 99th percentile ms", p99 * 1e3)
        if args.expert_hands:
            median, p99 = expert_card_figures(python, args.expert_hands)
            keep(label, "expert card decision, median s", median)
            keep(label, "expert card decision, 99th percentile s", p99)
        if args.dds_endings or args.dds_deals:
            summary = dds_figures(python, args.dds_endings, args.dds_repeat, args.dds_deals, args.dds_max_nodes)
            if isinstance(summary, str):
                notes.append(f"{label}: bench/dds.py did not run ({summary})")
            else:
                differing = 0
                if "endings" in summary:
                    endings = summary["endings"]
                    keep(label, "7-card bridge endings: ms a solve (median)", endings["engine_median_s"] * 1e3)
                    keep(DDS, "7-card bridge endings: ms a solve (median)", endings["dds_median_s"] * 1e3)
                    keep(label, "7-card bridge endings: engine ÷ DDS a solve (median of the ratios)", endings["ratio_median"])
                    differing += endings["disagree"]
                if "deals" in summary:
                    deals = summary["deals"]
                    keep(label, "13-card bridge deals: strain solves stopped at the cap", deals["capped"])
                    if deals["engine_median_s"] is not None:
                        keep(label, "13-card bridge deals: s a strain solve within the cap (median)", deals["engine_median_s"])
                    keep(DDS, "13-card bridge deals: s a strain solve within the cap (median)", deals["dds_median_s"])
                    keep(label, "13-card bridge deals: engine s in all (stopped solves included)", deals["engine_seconds"])
                    differing += deals["disagree"]
                keep(label, "bridge values differing from DDS", differing)
        if args.analyze:
            stopped = 0
            for _ in range(args.analyze):
                seconds, capped = analyze_wall(python, args.analyze_hand, args.analyze_max_positions)
                # A run stopped at the cap did not analyse the hand: its time is not held to the target.
                name = "analyze of a shipped four-handed hand (whole command), s"
                keep(label, name.replace(", s", ", s, stopped at the cap") if capped else name, seconds)
                stopped += capped
            if stopped:
                notes.append(f"{label}: analyze stopped at its cap on positions in {stopped} of {args.analyze} runs (exit 4)")
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
    labels = [
        "euchre",
        *([DDS] if any(DDS in row for row in rows.values()) else []),
        *builds,
        *(["this"] if any("this" in row for row in rows.values()) and "this" not in builds else []),
    ]
    if "this" in labels:
        kinds.setdefault("this", "compiled" if compiled(sys.executable) else "pure")
    width = max(map(len, rows)) + 2
    print(
        f"{'figure':<{width}}"
        + "".join(
            f"{label + ' (' + {'euchre': 'OpenSpiel', DDS: 'endplay, one thread'}.get(label, kinds.get(label, '')) + ')':<28}"
            for label in labels
        )
        + f"{'targets (pure; compiled)':<26}"
    )
    for name, by_label in rows.items():
        cells = "".join(f"{spread(by_label[label]) if label in by_label else '':<28}" for label in labels)
        target = "; ".join(TARGETS[name]) if name in TARGETS else ""
        verdicts = []
        if name in TARGETS:
            for label, values in by_label.items():
                if label in kinds:
                    met = verdict(TARGETS[name][kinds[label] == "compiled"], values)
                    if met is not None:
                        verdicts.append(f"{label} {'met' if met else 'not met'}")
            if not verdicts:
                verdicts.append(f"no {'pure' if TARGETS[name][0] else 'compiled'} build measured")
        print(f"{name:<{width}}{cells}{target:<26}{'; '.join(verdicts)}")
    if args.dds_endings or args.dds_deals:
        notes.append(
            f"bridge (bench/dds.py): {args.dds_endings} random 7-card endings x 5 strains x 4 declarers, each solve the quickest of "
            f"{args.dds_repeat} rounds; {args.dds_deals} whole 13-card deals x 5 strains, the engine capped at {args.dds_max_nodes:,} "
            "positions a solve"
        )
    if args.analyze:
        notes.append(f"analyze: {args.analyze_hand.name}, the whole command (start-up and the makeable-contracts table included)")
    for note in notes:
        print(f"- {note}")
    print(f"(load {os.getloadavg()[0]:.2f} at the end)")
    if os.environ.get("BENCH_JSON"):
        Path(os.environ["BENCH_JSON"]).write_text(json.dumps(rows, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
