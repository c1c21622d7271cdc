"""The ``replay`` command: replay a hand transcript and print its result."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from ..errors import FiveHundredError, VariantError
from ..game.records import TranscriptError
from ..game.transcript import replay as replay_transcript
from ..kernel.events import HandResult
from ..language.resources import shipped_variant_path
from ..rules.compiler import load_variant
from ..rules.ruleset import Rules
from .common import EXIT_INVALID, EXIT_OK, EXIT_USAGE


def _format_result(result: HandResult, rules: Rules) -> str:
    seating = rules.seating
    teams = ", ".join(f"team {team} (seats {' and '.join(map(str, seats))}): {points:+d} -> {score}" for team, (seats, points, score) in enumerate(zip(seating.teams, result.hand_points, result.scores)))
    if result.contract is None:
        lines = ["No contract: every seat passed (or no bid could win); the hand is dealt again."]
    else:
        contract = rules.ladder[result.contract]
        outcome = "made" if result.made else "failed"
        lines = [f"Contract {contract.id} ({contract.name}) by seat {result.declarer}: {outcome}."]
        lines.append("Tricks by seat: " + ", ".join(f"{seat}: {count}" for seat, count in enumerate(result.tricks)) + ".")
    lines.append(f"Points: {teams}.")
    if result.next_hand_banned:
        lines.append("May not bid next hand: seat " + ", ".join(map(str, result.next_hand_banned)) + ".")
    if result.game_over:
        lines.append("Game over: " + (f"team {result.winner} wins." if result.winner is not None else "no winner."))
    return "\n".join(lines) + "\n"


def _command_replay(args: argparse.Namespace) -> int:
    try:
        with open(args.file, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        print(f"{args.file}: cannot read the transcript: {getattr(error, 'strerror', None) or error}", file=sys.stderr)
        return EXIT_USAGE
    try:
        transcript = json.loads(text)
    except json.JSONDecodeError as error:
        print(f"{args.file}:{error.lineno}:{error.colno}: not valid JSON: {error.msg}.", file=sys.stderr)
        return EXIT_INVALID
    try:
        rules = _transcript_rules(transcript, args.file)
        result = replay_transcript(transcript, rules)
    except FiveHundredError as error:
        print(f"{args.file}: {error}", file=sys.stderr)
        return EXIT_INVALID
    if args.format == "json":
        print(json.dumps(result.to_dict()))
    else:
        sys.stdout.write(_format_result(result, rules))
    return EXIT_OK


def _transcript_rules(transcript: object, file: str) -> Rules:
    """The transcript's variant; a relative path is read from the transcript's folder first."""
    variant = transcript.get("variant") if isinstance(transcript, dict) else None
    if not isinstance(variant, str) or not variant:
        raise TranscriptError("transcript: 'variant' must name the variant it was played under.")
    beside = os.path.join(os.path.dirname(os.path.abspath(file)), variant)
    try:
        return load_variant(beside if shipped_variant_path(variant) is None and os.path.isfile(beside) else variant)
    except VariantError as error:
        raise TranscriptError(f"its variant {variant!r} cannot be loaded:\n{error}") from None


def add_commands(commands: Any) -> None:
    """Add ``replay`` to the ``fivehundred`` subcommands."""
    replay_parser = commands.add_parser("replay", help="replay a hand transcript and print its result (exit 0 ok, 1 illegal or malformed)")
    replay_parser.add_argument("file", metavar="FILE", help="a JSON transcript (see docs/formats.md)")
    replay_parser.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    replay_parser.set_defaults(handler=_command_replay)
