"""Hold the double-dummy solver against DDS, the bridge double-dummy solver (``endplay`` on PyPI).

    python bench/dds.py [--endings 40] [--size 7] [--seed 0] [--repeat 3] [--deals 0] [--max-nodes 20000000] [--json]

The variant ``tests/data/bridge.yaml`` states bridge's card play: 52 cards, no joker, no bowers, four hands
of 13, seats 0 and 2 against 1 and 3, NT with no trump at all. Positions are random endings (a random
52-card deal, each hand keeping ``--size`` of its 13 cards at random, the rest out of play) and, with
``--deals N``, N whole 13-card deals. Each is solved in every strain (S, H, D, C, NT) for every declarer
as DDS's tables read it: the declarer's side's tricks with the lead from the declarer's left-hand
opponent. The engine gets the same set-up: a ``TrickPlay`` whose leader is the seat after the
declarer, ``Solver(play, {declarer, declarer + 2}).tricks()``; DDS gets ``solve_board`` with
``first`` the declarer's left (the tricks of the side on lead; the declarer's are the rest). Engine
seats 0-3 are North, East, South, West (both clockwise).

Prints whether every value agrees (each disagreement with its position), and the seconds per solve of
each (min, median, max over the solves, each solve the quickest of ``--repeat`` rounds; each round
solves every position in a shuffled order, so that DDS's memory of the deal it solved last is seldom
used) and their ratio. Whole deals are solved once, one declarer a deal, each solve capped at
``--max-nodes`` positions (the pure build took 25-140 s and 3-16 million positions on each strain of
one deal); a capped solve is reported, not compared. DDS is held to one thread. One process, one core;
the machine's other load is not controlled. With ``--json`` the last line is a JSON object of the
figures (``bench/targets.py`` reads it): under ``"endings"`` the solves, the disagreements and the
engine's and DDS's median seconds a solve with the median of the per-solve ratios; under ``"deals"``
the strain solves, those within the cap, the disagreements and the seconds.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

try:
    import engine  # an installed engine (the compiled build, say) is the one measured
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from engine.analysis import Solver
from engine.analysis.limits import SolverLimitError
from engine.kernel.play import TrickPlay
from engine.kernel.tables import Tables, mask_of, tables_for

BRIDGE = Path(__file__).resolve().parent.parent / "tests" / "data" / "bridge.yaml"
STRAINS = ("S", "H", "D", "C", "NT")
"""The engine's strain ids, in DDS's order (spades, hearts, diamonds, clubs, no trump)."""
SEATS = "NESW"
"""Engine seat s is DDS's player s: both number the seats clockwise."""
INSTALL = "DDS is reached through the endplay package: pip install endplay (or pip install -e '.[dds]')."

Hands = list[list[int]]
"""Four hands, each a list of the engine's card indices."""


def bridge_tables() -> Tables:
    """The engine's tables for bridge card play (``tests/data/bridge.yaml``)."""
    return tables_for(engine.load_variant(str(BRIDGE)))


def ending(rng: random.Random, size: int) -> Hands:
    """A random 52-card deal, each hand keeping ``size`` of its 13 cards (the rest out of play)."""
    cards = list(range(52))
    rng.shuffle(cards)
    return [sorted(rng.sample(cards[13 * seat : 13 * seat + 13], size)) for seat in range(4)]


def engine_tricks(tables: Tables, hands: Hands, strain: str, declarer: int, max_nodes: int = 50_000_000) -> tuple[int, int]:
    """The declaring side's tricks by the engine's solver, the lead from the declarer's left, and the
    positions it searched."""
    size = len(hands[0])
    play = TrickPlay(tables, [mask_of(hand) for hand in hands], tables.strains[strain], [0, 1, 2, 3], (declarer + 1) % 4, size)
    solver = Solver(play, {declarer, (declarer + 2) % 4}, max_nodes=max_nodes)
    return solver.tricks(), solver.stats.nodes


def pbn(tables: Tables, hands: Hands) -> str:
    """The hands as a PBN deal from North (spades, hearts, diamonds, clubs; ten as T)."""
    holdings = []
    for hand in hands:
        cards = [tables.cards[index] for index in hand]  # the tables list each suit highest first
        suits = [
            "".join("T" if card.rank == "10" else card.rank for card in sorted(cards, key=lambda card: card.index) if card.suit == suit)
            for suit in "SHDC"
        ]
        holdings.append(".".join(suits))
    return "N:" + " ".join(holdings)


def dds_deal(tables: Tables, hands: Hands, strain: str, declarer: int) -> Any:
    """An endplay ``Deal`` of ``hands`` in ``strain`` with the declarer's left on lead."""
    from endplay.types import Deal, Denom, Player

    deal = Deal(pbn(tables, hands))
    deal.trump = Denom(STRAINS.index(strain))
    deal.first = Player((declarer + 1) % 4)
    return deal


def dds_tricks(deal: Any, size: int) -> int:
    """The declaring side's tricks by DDS: the ``size`` tricks left less those of the side on lead."""
    from endplay.dds import solve_board
    from endplay.dds.solve import SolveMode

    (_, leaders), *_ = list(solve_board(deal, SolveMode.OptimalOne))
    return size - int(leaders)


def require_endplay() -> None:
    """Import endplay and hold DDS to one thread, or exit with how to install it."""
    try:
        import endplay._dds as dds
    except ImportError as error:
        sys.exit(f"bench/dds.py needs DDS and could not import endplay ({error}).\n{INSTALL}")
    dds.SetMaxThreads(1)


def spread(times: list[float]) -> str:
    return f"min {min(times) * 1e3:.2f} ms, median {statistics.median(times) * 1e3:.2f} ms, max {max(times) * 1e3:.2f} ms"


def compare_endings(tables: Tables, args: argparse.Namespace, summary: dict[str, Any]) -> bool:
    rng = random.Random(args.seed)
    positions = [ending(rng, args.size) for _ in range(args.endings)]
    solves = [(number, strain, declarer) for number in range(len(positions)) for strain in STRAINS for declarer in range(4)]
    deals = {solve: dds_deal(tables, positions[solve[0]], solve[1], solve[2]) for solve in solves}
    mine: dict[tuple[int, str, int], int] = {}
    theirs: dict[tuple[int, str, int], int] = {}
    mine_time = dict.fromkeys(solves, float("inf"))
    theirs_time = dict.fromkeys(solves, float("inf"))
    nodes: list[int] = []
    order = list(solves)
    for round_number in range(args.repeat):
        random.Random(args.seed + 1000 + round_number).shuffle(order)
        for solve in order:
            number, strain, declarer = solve
            start = time.perf_counter()
            value, searched = engine_tricks(tables, positions[number], strain, declarer)
            mine_time[solve] = min(mine_time[solve], time.perf_counter() - start)
            mine[solve] = value
            if round_number == 0:
                nodes.append(searched)
            start = time.perf_counter()
            value = dds_tricks(deals[solve], args.size)
            theirs_time[solve] = min(theirs_time[solve], time.perf_counter() - start)
            theirs[solve] = value
    differing = [solve for solve in solves if mine[solve] != theirs[solve]]
    print(
        f"{len(positions)} random {args.size}-card endings (seed {args.seed}) x {len(STRAINS)} strains x 4 declarers = {len(solves)} solves: "
        + ("every value agrees" if not differing else f"{len(differing)} DISAGREE")
    )
    for number, strain, declarer in differing:
        print(
            f"  ending {number} {pbn(tables, positions[number])}, {strain}, declarer {SEATS[declarer]} (lead {SEATS[(declarer + 1) % 4]}): "
            f"engine {mine[number, strain, declarer]}, DDS {theirs[number, strain, declarer]}"
        )
    engine_times, dds_times = list(mine_time.values()), list(theirs_time.values())
    print(f"  engine: {spread(engine_times)}; positions per solve median {int(statistics.median(nodes)):,}, max {max(nodes):,}")
    print(f"  DDS:    {spread(dds_times)}")
    ratios = [mine_time[solve] / theirs_time[solve] for solve in solves]
    print(
        f"  engine/DDS: {statistics.median(engine_times) / statistics.median(dds_times):,.0f}x on the medians, "
        f"{sum(engine_times) / sum(dds_times):,.0f}x in total, per solve median {statistics.median(ratios):,.0f}x "
        f"(min {min(ratios):,.0f}x, max {max(ratios):,.0f}x)"
    )
    summary["endings"] = {
        "endings": len(positions),
        "size": args.size,
        "solves": len(solves),
        "disagree": len(differing),
        "engine_median_s": statistics.median(engine_times),
        "dds_median_s": statistics.median(dds_times),
        "ratio_median": statistics.median(ratios),
        "ratio_of_medians": statistics.median(engine_times) / statistics.median(dds_times),
        "ratio_total": sum(engine_times) / sum(dds_times),
    }
    return not differing


def compare_deals(tables: Tables, args: argparse.Namespace, summary: dict[str, Any]) -> bool:
    rng = random.Random(args.seed + 1)
    agreed = True
    engine_times: list[float] = []
    dds_times: list[float] = []
    capped = 0
    compared = 0
    disagree = 0
    spent = 0.0  # the engine's seconds on every strain solve, capped ones included
    for number in range(args.deals):
        hands = ending(rng, 13)
        print(f"deal {number}: {pbn(tables, hands)}", flush=True)
        for strain in STRAINS:
            declarer = number % 4  # one declarer a deal (a whole table would take the pure build hours)
            deal = dds_deal(tables, hands, strain, declarer)
            start = time.perf_counter()
            expected = dds_tricks(deal, 13)
            dds_times.append(time.perf_counter() - start)
            start = time.perf_counter()
            try:
                value, searched = engine_tricks(tables, hands, strain, declarer, args.max_nodes)
            except SolverLimitError:
                seconds = time.perf_counter() - start
                spent += seconds
                capped += 1
                print(
                    f"  {strain:2} declarer {SEATS[declarer]}: DDS {expected}; engine stopped at {args.max_nodes:,} positions after {seconds:.1f} s"
                )
                continue
            engine_times.append(time.perf_counter() - start)
            spent += engine_times[-1]
            compared += 1
            same = value == expected
            agreed &= same
            disagree += not same
            print(
                f"  {strain:2} declarer {SEATS[declarer]}: DDS {expected} in {dds_times[-1] * 1e3:.1f} ms; engine {value} in "
                f"{engine_times[-1]:.2f} s, {searched:,} positions{'' if same else '  DISAGREE'}",
                flush=True,
            )
    print(
        f"{args.deals} whole deals (seed {args.seed + 1}) x {len(STRAINS)} strains: {compared} compared, "
        + ("none to compare" if not compared else "every value agrees" if agreed else "SOME DISAGREE")
        + f", {capped} stopped at the cap of {args.max_nodes:,} positions"
    )
    print(f"  DDS: {spread(dds_times)}")
    if engine_times:
        print(
            f"  engine (solves within the cap): {spread(engine_times)}; median ratio {statistics.median(engine_times) / statistics.median(dds_times):,.0f}x"
        )
    summary["deals"] = {
        "deals": args.deals,
        "solves": compared + capped,
        "solved": compared,
        "capped": capped,
        "max_nodes": args.max_nodes,
        "disagree": disagree,
        "engine_seconds": spent,
        "engine_median_s": statistics.median(engine_times) if engine_times else None,
        "dds_median_s": statistics.median(dds_times),
    }
    return agreed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--endings", type=int, default=40, help="random endings (default 40)")
    parser.add_argument("--size", type=int, default=7, help="cards in each hand of an ending (default 7)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=3, help="rounds over the endings; each solve's time is its quickest (default 3)")
    parser.add_argument("--deals", type=int, default=0, help="whole 13-card deals to solve as well (default 0)")
    parser.add_argument(
        "--max-nodes", type=int, default=20_000_000, help="the engine's cap on positions for a whole deal's solve (default 20,000,000)"
    )
    parser.add_argument("--json", action="store_true", help="end with a line of the figures as a JSON object")
    args = parser.parse_args()
    if not 1 <= args.size <= 13:
        parser.error("--size is 1 to 13")
    require_endplay()
    import endplay

    tables = bridge_tables()
    compiled = engine.analysis.double_dummy.__file__.endswith((".so", ".pyd"))
    print(
        f"engine {engine.__file__} ({'compiled' if compiled else 'pure Python'} solver); endplay {endplay.__version__}, DDS on one thread"
    )
    summary: dict[str, Any] = {"compiled": compiled}
    agreed = compare_endings(tables, args, summary) if args.endings else True
    if args.deals:
        agreed &= compare_deals(tables, args, summary)
    if args.json:
        print(json.dumps(summary))
    sys.exit(0 if agreed else 1)


if __name__ == "__main__":
    main()
