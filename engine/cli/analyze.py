"""The ``analyze`` command: double-dummy analysis of a hand transcript.

Prints what each strain makes for each declaring seat once the kitty is exchanged (the makeable
contracts), the declaring side's tricks in the contract under best play against what it took, and each
card played that cost its side tricks, with the cards that would have lost nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from ..analysis.hand import DEFAULT_MAX_POSITIONS, HandAnalysis, analyze
from ..errors import FiveHundredError
from .common import EXIT_INVALID, EXIT_LIMIT, EXIT_OK, EXIT_USAGE, RecordFileError, read_json_file
from .progress import add_progress_argument, wanted
from .replay import MAX_TRANSCRIPT_BYTES, saved_game_instead


def format_analysis(result: HandAnalysis) -> str:
    """The analysis in words, a table and a list of mistakes."""
    lines = [
        f"{result.variant}: {result.contract or 'no contract'}"
        + (f" by seat {result.declarer} (side: seats {', '.join(map(str, result.side))})" if result.declarer is not None else "")
    ]
    if result.makeable:
        seats = sorted({seat for row in result.makeable.values() for seat in row})
        lines.append("")
        lines.append("Double-dummy tricks after the kitty, by strain and declaring seat:")
        lines.append("strain " + "".join(f"{'seat ' + str(seat):>8}" for seat in seats))
        for strain, row in result.makeable.items():
            lines.append(f"{strain:<7}" + "".join(f"{row[seat]:>8}" for seat in seats))
    if result.par is not None:
        lines.append("")
        lines.append(
            f"Best play gives the declaring side {result.par} tricks from the first lead; it took {result.taken}"
            + (
                f" before seat {result.claimed} claimed the rest (the cards after the claim are not weighed)."
                if result.claimed is not None
                else "."
            )
        )
        mistakes = result.mistakes()
        if not mistakes:
            lines.append("No card cost a trick.")
        for play in result.plays:
            if play.cost:
                better = f"; {' or '.join(play.best)} lost nothing" if play.best else ""
                lines.append(
                    f"  trick {play.trick}: seat {play.seat} played {play.card}, costing {play.cost} trick{'s' if play.cost > 1 else ''}{better}"
                )
        if mistakes:
            lines.append(
                "Tricks lost by seat: "
                + ", ".join(f"seat {seat}: {sum(play.cost for play in plays)}" for seat, plays in sorted(mistakes.items()))
                + "."
            )
    return "\n".join(lines) + "\n"


def _run(args: argparse.Namespace) -> int:
    try:
        data: Any = read_json_file(args.transcript, MAX_TRANSCRIPT_BYTES)
    except OSError as error:
        print(f"fivehundred analyze: cannot read {args.transcript}: {error.strerror or error}", file=sys.stderr)
        return EXIT_USAGE
    except RecordFileError as error:
        print(f"fivehundred analyze: {error}", file=sys.stderr)
        return EXIT_USAGE if error.unreadable else EXIT_INVALID
    saved_game = saved_game_instead(data)
    if saved_game is not None:
        print(f"{args.transcript}: {saved_game}", file=sys.stderr)
        return EXIT_INVALID
    progress = _progress_line() if wanted(args.progress) else None
    try:
        result = analyze(
            data,
            table=not args.no_table,
            folder=os.path.dirname(os.path.abspath(args.transcript)),
            max_positions=args.max_positions,
            progress=progress,
        )
    except (FiveHundredError, ValueError) as error:  # a transcript or its variant that does not load
        print(f"{args.transcript}: {error}", file=sys.stderr)
        return EXIT_INVALID
    finally:
        if progress is not None:
            sys.stderr.write("\r\033[K")  # clear the progress line
    if args.format == "json":
        print(json.dumps(result.to_dict(), indent=2))
    else:
        sys.stdout.write(format_analysis(result))
    if result.stopped is not None:
        print(f"fivehundred analyze: {result.stopped}", file=sys.stderr)
        return EXIT_LIMIT
    return EXIT_OK


def _progress_line() -> Any:
    """A progress report on one line of the terminal (standard error), rewritten as the search goes."""

    def show(what: str) -> None:
        sys.stderr.write(f"\ranalyze: {what[:100]}\033[K")
        sys.stderr.flush()

    return show


def _positions(text: str) -> int:
    try:
        value = int(text.replace("_", "").replace(",", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a number of positions, such as 10000000, not {text[:40]!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"at least 1 position, not {value}")
    return value


def add_commands(commands: Any) -> None:
    """Add ``analyze`` to the program's subcommands."""
    command = commands.add_parser(
        "analyze",
        help="double-dummy analysis of a hand transcript: makeable contracts and each card's cost",
        description=__doc__.split("\n\n")[0].replace("``", "") if __doc__ else None,
    )
    command.add_argument(
        "transcript",
        metavar="TRANSCRIPT",
        help="a hand transcript (JSON), as fivehundred play --transcripts or Game.transcript() writes it",
    )
    command.add_argument("--format", choices=("text", "json"), default="text")
    add_progress_argument(command)
    command.add_argument(
        "--no-table", action="store_true", help="skip the makeable-contracts table (the slowest part: a search per strain and side)"
    )
    command.add_argument(
        "--max-positions",
        type=_positions,
        default=DEFAULT_MAX_POSITIONS,
        metavar="N",
        help=f"positions every search together may visit (default {DEFAULT_MAX_POSITIONS:,}); past them the analysis "
        "stops, prints what it found and exits with 4",
    )
    command.set_defaults(handler=_run)


__all__ = ["add_commands", "format_analysis"]
