"""The ``fivehundred`` command.

Exit codes follow check-jsonschema: 0 valid, 1 invalid, 2 usage error or a file that cannot be read.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, Sequence

from .cli_simulate import add_commands as add_simulation_commands
from .compiler import load_variant
from .describe import describe
from .errors import FiveHundredError, UnreadableFileError, VariantError
from .events import HandResult
from .resources import schema_path, shipped_variant_names, shipped_variant_path
from .rules import Rules
from .support import unsupported_rules
from .transcript import TranscriptError, replay

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors name the command and exit with code 2, never a traceback."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def _first_line(text: str) -> str:
    line = " ".join(text.split())
    return line[: line.index(". ") + 1] if ". " in line else line


def _command_validate(args: argparse.Namespace) -> int:
    results: list[dict[str, Any]] = []
    worst = EXIT_OK
    for reference in args.files:
        try:
            load_variant(reference)
            results.append({"file": reference, "valid": True, "problems": []})
        except UnreadableFileError as error:
            worst = EXIT_USAGE
            results.append({"file": reference, "valid": False, "problems": [problem.to_dict() for problem in error.problems]})
        except VariantError as error:
            worst = max(worst, EXIT_INVALID)
            results.append({"file": reference, "valid": False, "problems": [problem.to_dict() for problem in error.problems]})
    if args.format == "json":
        print(json.dumps({"valid": worst == EXIT_OK, "files": results}, indent=2, ensure_ascii=False))
        return worst
    for result in results:
        if result["valid"]:
            print(f"{result['file']}: ok")
            continue
        for problem in result["problems"]:
            assert isinstance(problem, dict)
            print(f"{problem['file']}:{problem['line']}:{problem['column']}: {problem['path']}: {problem['message']}")
    invalid = sum(1 for result in results if not result["valid"])
    if invalid:
        count = sum(len(result["problems"]) for result in results)
        print(f"{invalid} of {len(results)} file(s) invalid, {count} problem(s).")
    return worst


def _report(error: VariantError) -> int:
    for problem in error.problems:
        print(problem, file=sys.stderr)
    return EXIT_USAGE if isinstance(error, UnreadableFileError) else EXIT_INVALID


def _command_show(args: argparse.Namespace) -> int:
    try:
        rules = load_variant(args.variant)
    except VariantError as error:
        return _report(error)
    sys.stdout.write(describe(rules))
    missing = unsupported_rules(rules)
    if missing:
        print("\nNot playable yet: the kernel does not play these rules:")
        for rule in missing:
            print(f"  - {rule}")
    return EXIT_OK


def _command_variants(args: argparse.Namespace) -> int:
    rows = []
    for name in shipped_variant_names():
        try:
            rules = load_variant(name)
            note = "" if not unsupported_rules(rules) else " (not playable yet)"
            rows.append((name, (_first_line(rules.description) or rules.name) + note))
        except VariantError as error:
            rows.append((name, f"(invalid: {error.problems[0].message})"))
    if args.format == "json":
        print(json.dumps([{"name": name, "description": text} for name, text in rows], indent=2, ensure_ascii=False))
        return EXIT_OK
    width = max(len(name) for name, _ in rows)
    for name, text in rows:
        print(f"{name:<{width}}  {text}")
    return EXIT_OK


def _command_schema(args: argparse.Namespace) -> int:
    sys.stdout.write(schema_path().read_text(encoding="utf-8"))
    return EXIT_OK


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
        result = replay(transcript, rules)
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


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``fivehundred`` command."""
    parser = _Parser(prog="fivehundred", description="A rules engine for the card game 500: house-rules variant files, validation and play.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True

    validate = commands.add_parser("validate", help="check variant files and report every problem (exit 0 valid, 1 invalid, 2 unreadable)")
    validate.add_argument("files", nargs="+", metavar="FILE", help="variant files (or shipped variant names)")
    validate.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    validate.set_defaults(handler=_command_validate)

    show = commands.add_parser("show", help="print a variant's whole rule set in plain words")
    show.add_argument("variant", metavar="VARIANT", help="a shipped variant name or a file path")
    show.set_defaults(handler=_command_show)

    variants = commands.add_parser("variants", help="list the shipped variants")
    variants.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    variants.set_defaults(handler=_command_variants)

    schema = commands.add_parser("schema", help="print the variant JSON Schema")
    schema.set_defaults(handler=_command_schema)

    replay_parser = commands.add_parser("replay", help="replay a hand transcript and print its result (exit 0 ok, 1 illegal or malformed)")
    replay_parser.add_argument("file", metavar="FILE", help="a JSON transcript (see docs/formats.md)")
    replay_parser.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    replay_parser.set_defaults(handler=_command_replay)

    add_simulation_commands(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.handler(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # Output piped into a command that stopped reading (``| head``): not an error worth a traceback.
        sys.stderr.close()
        return EXIT_OK
    sys.stdout.flush()
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

__all__ = ["main", "build_parser"]
