"""A progress line on standard error for long work (``simulate``, ``compare``, ``sweep``, the skill chain),
drawn by tqdm, with ``--progress never|auto|always``.

The line counts hands or games. Chunks run in this process report each unit as it ends; chunks run by
worker processes report when they finish, so the line also redraws itself every second: its clock moves
while a slow chunk (expert bots) is under way.
"""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any

MODES = ("auto", "always", "never")
"""``--progress`` choices: ``auto`` shows the line when standard error is a terminal."""


def add_progress_argument(parser: Any) -> None:
    """Add ``--progress`` to a command's parser."""
    parser.add_argument(
        "--progress", choices=MODES, default="auto", help="a progress line on standard error (default: when it is a terminal)"
    )


def wanted(mode: str) -> bool:
    """Whether ``mode`` asks for the line here."""
    return mode == "always" or (mode == "auto" and sys.stderr.isatty())


ProgressHooks = tuple[Callable[[int, int], None] | None, Callable[[], None] | None]
"""``(progress(done_chunks, chunks), on_unit())`` as :func:`~engine.simulation.simulate` takes them."""


@contextlib.contextmanager
def progress_line(mode: str, label: str, units: int, runs: int = 1, unit: str = "hand") -> Iterator[ProgressHooks]:
    """Within the block, hooks that move a progress line over ``units`` hands or games (``unit``) played
    under each of ``runs`` settings; the line is removed at the end. Yields ``(None, None)`` when ``mode`` does not
    ask for a line."""
    if not wanted(mode):
        yield None, None
        return
    from tqdm import tqdm  # loaded only when a line is drawn: it costs a start-up 20 ms

    bar = tqdm(total=units * runs, desc=label[:40], unit=unit, file=sys.stderr, leave=False, dynamic_ncols=True)
    stop = threading.Event()

    def tick() -> None:
        while not stop.wait(1.0):
            bar.refresh()

    def on_unit() -> None:
        bar.update(1)

    def progress(done: int, chunks: int) -> None:
        # Before the first chunk (done 0) the bots' calibration is made ready, which can take seconds.
        bar.set_description(f"{label[:26]}: calibrating" if done == 0 else label[:40], refresh=True)
        reached = units * runs * done // max(1, chunks)
        if reached > bar.n:
            bar.update(reached - bar.n)

    ticker = threading.Thread(target=tick, name="progress", daemon=True)
    ticker.start()
    try:
        yield progress, on_unit
    finally:
        stop.set()
        ticker.join()
        bar.close()
