"""The ``simulate`` and ``compare`` commands of ``fivehundred``."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..bots import BOT_NAMES
from ..bots.calibration import CACHE_VARIABLE
from ..errors import FiveHundredError, NotFoundError, UnreadableFileError, UsageError, VariantError
from ..simulation.report import to_csv, to_data, to_text
from ..simulation.runner import MAX_UNITS, Execution, SimulationError, SimulationResult, simulate
from ..simulation.skill import CHAIN, SkillLink, skill_chain, skill_text
from .common import (
    EXIT_INVALID,
    EXIT_OK,
    EXIT_USAGE,
    bots_argument,
    output_file_argument,
    output_refusal,
    seed_argument,
    warnings_of,
    write_atomically,
)
from .progress import add_progress_argument, progress_line

if TYPE_CHECKING:
    from ..simulation.comparison import Comparison


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
        help=f"one bot for every seat, or a bot per seat, comma separated: {', '.join(BOT_NAMES)} (default: heuristic everywhere)",
    )
    parser.add_argument(
        "--workers", type=_positive, default=1, help="processes to use, at most one per core (default 1); results do not depend on it"
    )
    parser.add_argument(
        "--cluster", metavar="ADDRESS", help="run on the Dask cluster whose scheduler is at ADDRESS (needs the cluster extra)"
    )
    parser.add_argument(
        "--calibration-cache",
        metavar="DIR",
        type=_cache_folder,
        help="where a house rule's bot calibration is cached, or 'off' (default: $FIVEHUNDRED_CACHE, else ~/.cache/fivehundred/calibrations)",
    )
    add_progress_argument(parser)


def _cache_folder(text: str) -> str:
    """``--calibration-cache``'s value: a folder (made when first written) or ``off``."""
    if not text.strip() or len(text) > 4096 or "\0" in text:
        raise argparse.ArgumentTypeError("give a folder for the calibration cache, or 'off'")
    if text.strip().lower() not in ("off", "none", "0", "false") and os.path.exists(text) and not os.path.isdir(text):
        raise argparse.ArgumentTypeError(
            f"{text} is not a folder: give a folder for the calibration cache (made when first written), or 'off'"
        )
    return text


def html_argument(parser: Any, what: str) -> None:
    """Add ``--html FILE.html``: the one-page report of ``what``."""
    parser.add_argument(
        "--html", metavar="FILE.html", type=output_file_argument, help=f"write a one-page report: {what} (needs the plot extra)"
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
        help="write the report to FILE (a text report is printed too); finished work is checkpointed in FILE.partial as it goes",
    )
    sim.add_argument(
        "--skill",
        action="store_true",
        help="also play the skill chain on duplicate deals (stronger bot against weaker, each in every position)",
    )
    sim.add_argument(
        "--skill-chain",
        type=bots_argument,
        default=None,
        metavar="BOTS",
        help=f"the chain's bots, strongest first (default {','.join(CHAIN)}; the expert is slow: heuristic,random is quick)",
    )
    html_argument(sim, "the rules in words, rules in play, balance, skill and charts")
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
    html_argument(compare, "the comparison, how it was made, and charts")
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


def run_with_progress(
    args: argparse.Namespace, label: str, hands: int, games: int, runs: int, function: Callable[..., Any], *positional: Any, **fields: Any
) -> Any:
    """``function(*positional, hands=..., games=..., seed=..., execution=..., **fields)`` under a progress
    line over ``runs`` runs of the hands or games (the options ``simulate``, ``compare``, ``sweep`` and
    the skill chain share: the execution's workers, cluster and progress calls)."""
    if getattr(args, "calibration_cache", None):
        # The environment carries it: to this process's calibration and to the workers it starts.
        os.environ[CACHE_VARIABLE] = args.calibration_cache
    with progress_line(args.progress, label, hands or games, runs, "game" if games else "hand") as (progress, on_unit):
        return function(
            *positional,
            hands=hands,
            games=games,
            seed=args.seed,
            execution=Execution(args.workers, args.cluster, progress, on_unit),
            **fields,
        )


def _run(variant: str, args: argparse.Namespace, hands: int, games: int, checkpoint: str | None, label: str) -> SimulationResult:
    result: SimulationResult = run_with_progress(args, label, hands, games, 1, simulate, variant, bots=args.bots, checkpoint=checkpoint)
    return result


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
    if checkpoint and args.resume and not os.path.exists(checkpoint):
        print(f"note: there is no {checkpoint} to resume: the run starts from the beginning.", file=sys.stderr)
    if args.skill_chain is not None and not args.skill:
        return _fail("--skill-chain names the bots of the skill chain, which only --skill plays: add --skill.", EXIT_USAGE)
    if args.skill_chain is None:
        args.skill_chain = list(CHAIN)
    if args.skill and len(args.skill_chain) < 2:
        return _fail("--skill-chain names two or more bots, strongest first, such as heuristic,random.", EXIT_USAGE)
    missing = missing_plot_extra(args)
    if missing is not None:
        return missing
    links: list[SkillLink] = []
    try:
        result = _run(args.variant, args, hands, games, checkpoint, args.variant)
        if args.skill:
            links = _skill(args, hands, games, len(result.rules.seating.teams))
    except (UsageError, NotFoundError):
        raise  # a misuse of the engine by itself, inside the run: an internal error, reported as one
    except FiveHundredError as error:
        return _report_failure(error)
    _note_workers(args.workers, result)
    for warning in warnings_of(args.variant, result.rules, shipped=False):
        print(warning.warning_text(), file=sys.stderr)
    if args.format == "json":
        data = to_data(result)
        if args.skill:
            data["skill"] = [link.to_dict() for link in links]
        text = json.dumps(data, indent=2) + "\n"
    else:
        text = to_csv(result) if args.format == "csv" else to_text(result) + ("\n".join(skill_text(links)) + "\n" if links else "")
    if args.html:
        failed = _write_page(args.html, lambda page: page.simulation_page(result, links))
        if failed:
            return failed
    if args.plot:
        from ..simulation.plot import plot_result  # missing_plot_extra checked it imports

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


def _skill(args: argparse.Namespace, hands: int, games: int, sides: int) -> list[SkillLink]:
    runs = (len(args.skill_chain) - 1) * sides
    links: list[SkillLink] = run_with_progress(args, "skill chain", hands, games, runs, skill_chain, args.variant, chain=args.skill_chain)
    return links


def missing_plot_extra(args: argparse.Namespace) -> int | None:
    """Exit 2 with a sentence naming the extra when ``--html`` (or ``--plot``) was asked for and the
    ``plot`` extra is not installed; ``None`` when it is, or neither was asked for. Called before any
    simulation: a long run must not end in finding that its page cannot be drawn."""
    for option in ("html", "plot"):
        if getattr(args, option, None) is None:
            continue
        try:
            importlib.import_module(f"..simulation.{'page' if option == 'html' else 'plot'}", __package__)
        except ImportError:
            return _fail(
                f"--{option} needs the plot extra: pip install matplotlib (or, in the engine's folder, pip install '.[plot]').", EXIT_USAGE
            )
    return None


def _write_page(path: str, draw: Callable[[Any], str]) -> int:
    """Write the one-page report ``draw(engine.simulation.page)`` makes; the exit code."""
    page = importlib.import_module("..simulation.page", __package__)  # missing_plot_extra checked it imports
    try:
        write_atomically(path, draw(page))
    except OSError as error:
        return _fail(f"{path}: cannot write the page: {error.strerror}.", EXIT_USAGE)
    return EXIT_OK


def command_compare(args: argparse.Namespace) -> int:
    """``fivehundred compare``."""
    from ..simulation.comparison import compare, compare_data, compare_text  # loaded only for this command

    hands, games = args.hands or (0 if args.games else 2000), args.games or 0
    missing = missing_plot_extra(args)
    if missing is not None:
        return missing
    try:
        comparison: Comparison = run_with_progress(args, "compare", hands, games, 2, compare, args.first, args.second, bots=args.bots)
    except (UsageError, NotFoundError):
        raise  # a misuse of the engine by itself, inside the run: an internal error, reported as one
    except FiveHundredError as error:
        return _report_failure(error)
    _note_workers(args.workers, comparison.first)
    if args.format == "json":
        print(json.dumps(compare_data(comparison), indent=2))
    else:
        sys.stdout.write(compare_text(comparison))
    if args.html:
        return _write_page(args.html, lambda page: page.comparison_page(comparison))
    return EXIT_OK
