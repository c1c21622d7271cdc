"""Benchmark: the peak memory of a long simulation, all its processes together (issue 13).

Runs ``fivehundred simulate VARIANT --hands N --workers W`` as a child process and, every 0.1 s, adds up
the resident memory (``VmRSS`` in ``/proc``) of that process and every process below it (the workers),
reporting the largest total seen and the largest single process. Linux only (it reads ``/proc``).

    python bench/memory.py [--variant standard] [--hands 1000000] [--workers 2] [--bots random]

Compare runs of different lengths to see whether memory grows with the number of hands.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path


def children() -> dict[int, list[int]]:
    """Each process id's children, read from ``/proc/*/stat``."""
    tree: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # the process ended while being read
        tree.setdefault(int(fields[1]), []).append(int(entry.name))
    return tree


def resident_kib(pid: int) -> int:
    """A process's resident memory in KiB (0 once it has ended)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def tree_of(root: int) -> list[int]:
    """``root`` and every process below it."""
    tree, found, todo = children(), [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(tree.get(pid, ()))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--bots", default="random", help="a bot name for every seat (default random: the fastest, so the longest run)")
    args = parser.parse_args()
    if not Path("/proc/self/status").exists():
        sys.exit("bench/memory.py reads /proc: it runs on Linux only.")
    seats = 4 if args.variant == "standard" else None
    command = [
        sys.executable,
        "-m",
        "engine",
        "simulate",
        args.variant,
        "--hands",
        str(args.hands),
        "--workers",
        str(args.workers),
        "--progress",
        "never",
    ]
    if seats is not None:
        command += ["--bots", ",".join([args.bots] * seats)]
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    peak_total = peak_single = 0
    samples: list[tuple[float, int]] = []
    while process.poll() is None:
        sizes = [resident_kib(pid) for pid in tree_of(process.pid)]
        total = sum(sizes)
        peak_total, peak_single = max(peak_total, total), max(peak_single, max(sizes, default=0))
        samples.append((time.perf_counter() - started, total))
        time.sleep(0.1)
    seconds = time.perf_counter() - started
    if process.returncode:
        sys.exit(f"the simulation failed with exit status {process.returncode}")
    quarter = len(samples) // 4
    early = max((total for _, total in samples[quarter : 2 * quarter]), default=0)
    late = max((total for _, total in samples[3 * quarter :]), default=0)
    print(f"{args.hands:,} hands of {args.variant}, {args.workers} workers, {args.bots} bots: {seconds:.0f} s")
    print(f"peak memory of all processes together: {peak_total / 1024:.1f} MB (largest single process {peak_single / 1024:.1f} MB)")
    print(f"largest total in the second quarter of the run: {early / 1024:.1f} MB; in the last quarter: {late / 1024:.1f} MB")


if __name__ == "__main__":
    main()
