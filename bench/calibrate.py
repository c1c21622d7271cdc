"""Remake ``engine/bots/calibrations.json``: the heuristic bot's misère limits and curves and its trick
curves for every shipped variant, measured by play-outs (``engine.bots.calibration``). Run after changing
how the heuristic bots bid or play a misère or read or play a trick contract (raise
``calibration.VERSION`` too), or after changing a shipped variant:

    python bench/calibrate.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this source tree, not an installed engine

from engine.bots import calibration
from engine.bots.heuristic import HeuristicBot


def main() -> None:
    started = time.perf_counter()
    calibration.write_shipped(lambda rules: HeuristicBot(rules, calibration.MEASURED_WITH))
    print(f"wrote {calibration.SHIPPED} in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
