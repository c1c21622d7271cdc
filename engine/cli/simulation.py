"""The ``simulate`` and ``compare`` commands of ``fivehundred``."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable
from typing import Any

from ..bots import BOT_NAMES
from ..errors import FiveHundredError, UnreadableFileError, VariantError
from ..simulation.report import compare_data, compare_text, to_csv, to_data, to_text
from ..simulation.runner import MAX_UNITS, SimulationError, SimulationResult, simulate
from .common import (
    EXIT_INVALID,
    EXIT_OK,
    EXIT_USAGE,
    bots_argument,
    output_file_argument,
    output_refusal,
    seed_argument,
    write_atomically,
)


def _positive(text: str) -> int:
    if len(text) > 12:
        raise argparse.ArgumentTypeError(f"{text[:15]!r}... is too long a number (at most {MAX_UNITS:,})")
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a positive number")
    if value > MAX_UNITS:
        raise argparse.ArgumentTypeError(f"{value:,} is more than the {MAX_UNITS:,} one run may ask for")
    return value


def _progress(enabled: bool, label: str) -> tuple[Callable[[int, int], None] | None, Callable[[], None]]:
    """A tqdm progress bar on standard error when asked for and installed (the ``sim`` extra)."""
    if not enabled:
        return None, lambda: None
    try:
        from tqdm import tqdm
    except ImportError:
        return None, lambda: None
    bar: Any = None

    def update(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            bar = tqdm(total=total, initial=done - 1, desc=label, unit="chunk", file=sys.stderr, leave=False)
        bar.update(1)

    def close() -> None:
        if bar is not None:
            bar.close()

    return update, close


def _common(parser: Any, hands_help: str, games_help: str) -> None:
    """The options ``simulate`` and ``compare`` share."""
    amount = parser.add_mutually_exclusive_group()
    amount.add_argument("--hands", type=_positive, help=hands_help)
    amount.add_argument("--games", type=_positive, help=games_help)
    parser.add_argument("--seed", type=seed_argument, default=0, help="the run's seed (default 0): the same seed gives the same results")
    parser.add_argument(
        "--bots",
        type=bots_argument,
        default=[],
        help=f"a bot per seat, comma separated: {', '.join(BOT_NAMES)} (default: heuristic everywhere)",
    )
    parser.add_argument(
        "--workers", type=_positive, default=1, help="processes to use, at most one per core (default 1); results do not depend on it"
    )
    parser.add_argument(
        "--cluster", metavar="ADDRESS", help="run on the Dask cluster whose scheduler is at ADDRESS (needs the cluster extra)"
    )
    parser.add_argument(
        "--progress",
        choices=("auto", "always", "never"),
        default="auto",
        help="progress bar on standard error (default: when it is a terminal)",
    )


def add_commands(commands: Any) -> None:
    """Add ``simulate`` and ``compare`` to the command parser."""
    sim = commands.add_parser("simulate", help="play many hands or games with bots and print statistics")
    sim.add_argument("variant", metavar="VARIANT", help="a shipped variant name or a file path")
    _common(sim, "hands to play, each the first hand of a fresh game", "whole games to play (default 100)")
    sim.add_argument("--format", choices=("text", "json", "csv"), default="text", help="output format (default: text)")
    sim.add_argument(
        "--out",
        metavar="FILE",
        type=output_file_argument,
        help="write the report to FILE; finished work is checkpointed in FILE.partial as it goes",
    )
    sim.add_argument("--resume", action="store_true", help="continue an interrupted run from FILE.partial (needs --out)")
    sim.add_argument(
        "--plot",
        metavar="FILE.png",
        type=output_file_argument,
        help="draw contract frequencies and game lengths (needs the plot extra: matplotlib)",
    )
    sim.set_defaults(handler=command_simulate)

    compare = commands.add_parser("compare", help="simulate two variants on the same deals and show the differences")
    compare.add_argument("first", metavar="A", help="a shipped variant name or a file path")
    compare.add_argument("second", metavar="B", help="another variant")
    _common(compare, "hands to play under each (default 2000)", "whole games to play under each")
    compare.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    compare.set_defaults(handler=command_compare)


def _fail(message: str, code: int = EXIT_INVALID) -> int:
    print(f"fivehundred: {message}", file=sys.stderr)
    return code


def _report_failure(error: FiveHundredError) -> int:
    """Print why a run could not happen (every problem of a variant file) and return the exit code: 2 for
    settings and files that cannot be read or written, 1 for a variant that is invalid or not playable."""
    if isinstance(error, VariantError):
        for problem in error.problems:
            print(problem, file=sys.stderr)
        return EXIT_USAGE if isinstance(error, UnreadableFileError) else EXIT_INVALID
    return _fail(str(error), EXIT_USAGE if isinstance(error, SimulationError) else EXIT_INVALID)


def _note_workers(asked: int, result: SimulationResult) -> None:
    if asked > result.workers:
        print(
            f"fivehundred: --workers {asked} is more than the {result.workers} core(s) this machine offers; used {result.workers}.",
            file=sys.stderr,
        )
    replayed = result.extra.get("replayed_chunks", 0)
    if replayed:
        print(
            f"fivehundred: {replayed} damaged line(s) of the checkpoint were not trusted; their chunks were played again.", file=sys.stderr
        )


def _run(variant: str, args: argparse.Namespace, hands: int, games: int, checkpoint: str | None, label: str) -> SimulationResult:
    wanted = args.progress == "always" or (args.progress == "auto" and sys.stderr.isatty())
    update, close = _progress(wanted, label)
    try:
        return simulate(
            variant,
            hands=hands,
            games=games,
            seed=args.seed,
            bots=args.bots,
            workers=args.workers,
            cluster=args.cluster,
            checkpoint=checkpoint,
            progress=update,
        )
    finally:
        close()


def command_simulate(args: argparse.Namespace) -> int:
    """``fivehundred simulate``."""
    hands, games = args.hands or 0, args.games or (0 if args.hands else 100)
    checkpoint = f"{args.out}.partial" if args.out else None
    if args.resume and not args.out:
        return _fail("--resume continues the run whose report goes to --out FILE; give --out too.", EXIT_USAGE)
    refused = output_refusal(checkpoint) if checkpoint else None
    if refused is not None:
        return _fail(f"cannot keep the checkpoint: {refused}.", EXIT_USAGE)
    if checkpoint and os.path.exists(checkpoint) and not args.resume:
        return _fail(f"{checkpoint} holds an interrupted run; pass --resume to continue it, or remove it to start afresh.", EXIT_USAGE)
    try:
        result = _run(args.variant, args, hands, games, checkpoint, args.variant)
    except FiveHundredError as error:
        return _report_failure(error)
    _note_workers(args.workers, result)
    text = (
        json.dumps(to_data(result), indent=2) + "\n"
        if args.format == "json"
        else to_csv(result)
        if args.format == "csv"
        else to_text(result)
    )
    if args.plot:
        try:
            from ..simulation.plot import plot_result
        except ImportError:
            return _fail("--plot needs matplotlib: pip install 'fivehundred[plot]'.", EXIT_USAGE)
        refused = output_refusal(args.plot)
        if refused is not None:
            return _fail(f"cannot write the chart: {refused}.", EXIT_USAGE)
        try:
            plot_result(result, args.plot)
        except OSError as error:
            return _fail(f"{args.plot}: cannot write the chart: {error.strerror}.", EXIT_USAGE)
    if args.out is not None:
        try:
            write_atomically(args.out, text)
        except OSError as error:
            return _fail(f"{args.out}: cannot write the report: {error.strerror}; the finished work stays in {checkpoint}.", EXIT_USAGE)
        assert checkpoint is not None
        with contextlib.suppress(FileNotFoundError):  # a run resumed from it as this one ended may have removed it
            os.remove(checkpoint)
        if args.format == "text":
            sys.stdout.write(text)
        return EXIT_OK
    sys.stdout.write(text)
    return EXIT_OK


def command_compare(args: argparse.Namespace) -> int:
    """``fivehundred compare``."""
    hands, games = args.hands or (0 if args.games else 2000), args.games or 0
    try:
        first = _run(args.first, args, hands, games, None, args.first)
        second = _run(args.second, args, hands, games, None, args.second)
    except FiveHundredError as error:
        return _report_failure(error)
    _note_workers(args.workers, first)
    if args.format == "json":
        print(json.dumps(compare_data(first, second), indent=2))
    else:
        sys.stdout.write(compare_text(first, second))
    return EXIT_OK
