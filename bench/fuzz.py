"""The deep fuzz search (issue 12): run every fuzz target of ``tests/fuzzing.py`` in turn for a given
time and print what was tried and what failed.

    python bench/fuzz.py --minutes 10

Each round gives every target a fresh batch of generated inputs (hypothesis, no example database, so
each round explores anew); a failing input is shrunk by hypothesis, printed, counted, and the search
goes on. The figures: variant documents tried (compiled and refused), games played to the end,
malformed inputs tried by kind, the slowest single check of each kind, and failures. Exit 1 when any
failed.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import fuzzing

BATCH = {
    "documents": 40,
    "variant files": 200,
    "saved games": 60,
    "transcripts": 100,
    "actions": 400,
    "action numbers": 400,
    "command lines": 40,
    "checkpoints": 20,
    "analyses": 30,
    "play sessions": 60,
    "bot entries": 100,
    "record variants": 200,
    "protocol sessions": 100,
    "web messages": 60,
    "web requests": 200,
}
"""Inputs per target per round (a round takes about a minute)."""


def run_batch(name: str, examples: int, folder: Path, deep: bool, deadline: float) -> str | None:
    """One batch of target ``name`` (inputs past the ``deadline`` are skipped); the failure's
    description, or ``None``."""
    # Deep: 20 hands of each generated variant through the API (the whole game is played by the kernel's loop anyway).
    overrides = {"max_hands": 20} if deep and name == "documents" else {}
    try:
        fuzzing.run_target(name, examples, folder, deadline=deadline, **overrides)
    except Exception:
        return traceback.format_exc(limit=-4)
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="how long to search (default 10)")
    parser.add_argument("--targets", default=",".join(fuzzing.TARGETS), help="comma-separated targets (default: all)")
    parser.add_argument("--deep-games", action="store_true", help="check 20 hands of each generated variant through the API, not 3")
    args = parser.parse_args()
    names = [name.strip() for name in args.targets.split(",") if name.strip()]
    unknown = [name for name in names if name not in fuzzing.TARGETS]
    if unknown:
        parser.error(f"unknown target {unknown[0]!r}; targets: {', '.join(fuzzing.TARGETS)}")
    deadline = time.monotonic() + args.minutes * 60
    failures: list[tuple[str, str]] = []
    rounds = 0
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as folder:
        while time.monotonic() < deadline:
            rounds += 1
            for name in names:
                if time.monotonic() >= deadline:
                    break
                failure = run_batch(name, BATCH[name], Path(folder), args.deep_games, deadline)
                if failure is not None:
                    failures.append((name, failure))
                    print(f"FAILURE in {name}:\n{failure}", file=sys.stderr)
    elapsed = time.monotonic() - started
    print(f"fuzz search: {elapsed / 60:.1f} minutes, {rounds} round(s), targets: {', '.join(names)}")
    for kind, count in sorted(fuzzing.STATS.items()):
        print(f"  {kind:32} {count:>9,}")
    for kind, seconds in sorted(fuzzing.SLOWEST.items()):
        print(f"  slowest {kind:24} {seconds:>8.2f} s")
    print(f"  {'failures':32} {len(failures):>9,}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
