"""The ``sweep`` command of ``fivehundred``: a variant simulated at each value of its keys."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from ..errors import FiveHundredError, NotFoundError, UsageError
from .common import EXIT_OK, EXIT_USAGE

if TYPE_CHECKING:
    from ..simulation.sweep import Sweep, SweepKey

from .simulation import (
    _common,
    _fail,
    _note_workers,
    _report_failure,
    _write_page,
    html_argument,
    missing_plot_extra,
    run_with_progress,
)


def _set_argument(text: str) -> SweepKey:
    from ..simulation.sweep import SweepError, parse_set  # loaded only for this command

    try:
        return parse_set(text)
    except SweepError as error:
        raise argparse.ArgumentTypeError(str(error).removeprefix(f"--set {text[:60]!r}: ")) from None


def add_commands(commands: Any) -> None:
    """Add ``sweep`` to the command parser."""
    command = commands.add_parser(
        "sweep",
        help="simulate a variant at each value of one or more of its keys and show how every figure moves",
        description="Simulate VARIANT at each value of each --set key (every combination), on the same hand or game "
        "numbers, and report each figure per setting against the first.",
    )
    command.add_argument("variant", metavar="VARIANT", help="a shipped variant name or a file path")
    command.add_argument(
        "--set",
        dest="keys",
        metavar="KEY=V1,V2,...",
        type=_set_argument,
        action="append",
        required=True,
        help="a key of the variant as the variant language names it (dotted), and its values: contracts.misere.value=250,300,350",
    )
    _common(command, "hands to play under each setting", "whole games to play under each setting (default 200)")
    command.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    html_argument(command, "each figure at each setting, and charts")
    command.set_defaults(handler=command_sweep)


def command_sweep(args: argparse.Namespace) -> int:
    """``fivehundred sweep``."""
    from ..simulation.sweep import SweepError, sweep, sweep_data, sweep_text

    hands, games = args.hands or 0, args.games or (0 if args.hands else 200)
    missing = missing_plot_extra(args)
    if missing is not None:
        return missing
    settings = 1
    for key in args.keys:
        settings *= len(key.values)
    try:
        result: Sweep = run_with_progress(args, "sweep", hands, games, settings, sweep, args.variant, args.keys, bots=args.bots)
    except SweepError as error:
        return _fail(str(error), EXIT_USAGE)
    except (UsageError, NotFoundError):
        raise  # a misuse of the engine by itself, inside the run: an internal error, reported as one
    except FiveHundredError as error:
        return _report_failure(error)
    _note_workers(args.workers, result.results[0])
    if args.format == "json":
        print(json.dumps(sweep_data(result), indent=2))
    else:
        sys.stdout.write(sweep_text(result))
    if args.html:
        return _write_page(args.html, lambda page: page.sweep_page(result))
    return EXIT_OK
