"""How long a house rule's first run waits for its calibration (issue 44): the wall time of
``measure_all`` for house files over three shipped variants, in one process and with the forked helper
(the result is the same: checked here too), a few rounds back to back; min / median / max.

    python bench/calibration_time.py [--rounds 3]

Measure on an otherwise idle machine: the helper needs the second core.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this source tree, not an installed engine

import engine
from engine.bots.calibration import measure_all
from engine.bots.heuristic import HeuristicBot
from engine.bots.profile import Profile

BASES = ("perfect", "standard", "australian")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    arguments = parser.parse_args()
    for base in BASES:
        rules = engine.compile_text(f"extends: {base}\nname: House over {base}\n")  # a name of its own: not shipped
        bot = HeuristicBot(rules)
        uncalibrated = replace(bot.profile, calibrated=False)

        def make(rules: engine.Rules = rules, uncalibrated: Profile = uncalibrated) -> HeuristicBot:
            return HeuristicBot(rules, uncalibrated)

        times: dict[bool, list[float]] = {False: [], True: []}
        found: dict[bool, object] = {}
        for _ in range(arguments.rounds):
            for parallel in (False, True):
                started = time.perf_counter()
                found[parallel] = measure_all(rules, bot._calibrated, make, parallel=parallel)
                times[parallel].append(time.perf_counter() - started)
        assert found[False] == found[True], base
        for parallel, label in ((False, "one process"), (True, "with the helper")):
            each = sorted(times[parallel])
            print(f"{base:12} {label:16} {each[0]:.2f} / {statistics.median(each):.2f} / {each[-1]:.2f} s")


if __name__ == "__main__":
    main()
