"""The ``replay`` command: replay hand transcripts and print their results.

One transcript file prints its result in full (text, or the result's JSON). Several files, or a folder
(every ``*.json`` below it), print a line per file and a summary, so that a corpus of reference hands
replays in one run; the variant of each is loaded once.
"""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import FiveHundredError
from ..game.records import CARRIED, TranscriptError, named_rules
from ..game.saving import READABLE as SAVED_GAME_FORMATS
from ..game.transcript import replay as replay_transcript
from ..kernel.events import HandResult
from ..language.resources import shipped_variant_path
from ..rules.ruleset import Rules
from .common import EXIT_INVALID, EXIT_OK, EXIT_USAGE
from .table_view import Names


@dataclass(frozen=True)
class Outcome:
    """What replaying one transcript file gave."""

    file: str
    """The file as named on the command line (or found in a folder)."""
    code: int
    """Its exit code: 0 replayed, 1 malformed or illegal, 2 unreadable."""
    result: HandResult | None = None
    """The hand's result, when it replayed."""
    rules: Rules | None = None
    """The variant it was played under, when it loaded."""
    error: str | None = None
    """Why it did not replay."""
    index: int | None = None
    """The offending entry of ``actions``, when an action was at fault."""
    position: str = ""
    """``:line:col`` in the file, when the JSON itself is broken."""

    def line(self) -> str:
        """The file and what became of it, in one line (the error's further lines indented)."""
        if self.result is not None:
            return f"{self.file}: ok: {_one_line(self.result)}"
        return f"{self.file}{self.position}: {self.error}"

    def to_dict(self) -> dict[str, Any]:
        """The outcome as JSON-ready data (``--format json`` with several files, or one that fails)."""
        data: dict[str, Any] = {"file": self.file, "ok": self.code == EXIT_OK}
        if self.result is not None:
            data["result"] = self.result.to_dict()
        else:
            line, _, column = self.position.lstrip(":").partition(":")
            where = f"line {line}, column {column}: " if line and column else ""
            data["error"] = f"{where}{self.error}"  # (broken JSON: where, as the text line says it)
            data["index"] = self.index
        return data


def _side(team: int, seats: tuple[int, ...]) -> str:
    """A team as the text names it: a player alone by its seat."""
    return f"team {team} (seats {' and '.join(map(str, seats))})" if len(seats) > 1 else f"seat {seats[0]}"


def format_result(result: HandResult, rules: Rules, names: Names | None = None) -> str:
    """A hand's result in words: the contract and whether it was made, tricks, points, what comes next.
    With ``names``, seats and sides are named as the person's table names them (``Seat 0 (you)``)."""
    seating = rules.seating
    seat_name = names.seat_name if names is not None else "seat {}".format
    side_name = names.side_name if names is not None else (lambda team: _side(team, seating.teams[team]))
    number = seat_name if names is not None else str  # (a seat in a list: replay's words number it alone)
    teams = ", ".join(
        f"{side_name(team)}: {points:+d} -> {score}" for team, (points, score) in enumerate(zip(result.hand_points, result.scores))
    )
    if result.contract is None:
        lines = ["No contract: every seat passed (or no bid could win)."]
    else:
        contract = rules.ladder[result.contract]
        outcome = "made" if result.made else "failed"
        partner = f" with {seat_name(result.partner)} as called partner" if result.partner is not None else ""
        assert result.declarer is not None  # (a contract has its declarer)
        lines = [f"Contract {contract.id} ({contract.name}) by {seat_name(result.declarer)}{partner}: {outcome}."]
        lines.append("Tricks by seat: " + ", ".join(f"{number(seat)}: {count}" for seat, count in enumerate(result.tricks)) + ".")
    lines.append(f"Points: {teams}.")
    if result.next_hand_banned:
        lines.append(f"May not bid next hand: {'seat ' if names is None else ''}{', '.join(map(number, result.next_hand_banned))}.")
    if result.game_over:
        winner = side_name(result.winner) if result.winner is not None else None
        lines.append("Game over: " + (f"{winner} wins." if winner is not None else "no winner."))
    elif result.next_dealer is not None:
        lines.append(f"Next dealer: {seat_name(result.next_dealer)}.")
    return "\n".join(lines) + "\n"


def _one_line(result: HandResult) -> str:
    if result.contract is None:
        text = "no contract"
    else:
        text = f"{result.contract} by seat {result.declarer} {'made' if result.made else 'failed'}"
    text += "; scores " + ", ".join(map(str, result.scores))
    return text + ("; game over" if result.game_over else f"; next dealer seat {result.next_dealer}")


MAX_TRANSCRIPT_BYTES = 16 * 2**20
"""Largest transcript file read (a hand's transcript is a few kilobytes)."""


def saved_game_instead(data: object) -> str | None:
    """The sentence for a saved game given where a transcript is wanted (by ``replay`` or ``analyze``):
    how to go on from it, and what writes transcripts; ``None`` when ``data`` is no saved game."""
    if isinstance(data, dict) and data.get("format") in SAVED_GAME_FORMATS:
        return (
            "this is a saved game, not a transcript: in fivehundred play, the command load FILE goes on from it "
            "(engine.Game.from_dict in Python); transcripts are written by play --transcripts DIR or Game.transcript (docs/formats.md)."
        )
    return None


class _VariantCache:
    """Each variant a transcript names, loaded once (a corpus of hands names a few variants many times)."""

    def __init__(self) -> None:
        self.loaded: dict[tuple[str, str], Rules | TranscriptError] = {}

    def rules_for(self, transcript: object, file: str) -> Rules:
        """The transcript's variant: a shipped one, or a file read only from the transcript's folder
        (:func:`~engine.game.records.named_rules`)."""
        if not isinstance(transcript, dict):
            raise TranscriptError("A transcript must be a JSON object.")
        folder = os.path.dirname(os.path.abspath(file))
        if CARRIED in transcript:  # it carries its variant: checked against its hash each time, read from no file
            return named_rules(transcript, "transcript", folder)
        variant = str(transcript.get("variant"))
        key = (variant, "" if shipped_variant_path(variant) is not None else folder)  # a shipped variant is one for all folders
        if key not in self.loaded:
            try:
                self.loaded[key] = named_rules(transcript, "transcript", folder)
            except TranscriptError as error:
                self.loaded[key] = error
        found = self.loaded[key]
        if isinstance(found, TranscriptError):
            raise found
        return found


def _replay_file(file: str, variants: _VariantCache) -> Outcome:
    try:
        info = os.stat(file)
        if not stat.S_ISREG(info.st_mode):
            return Outcome(file, EXIT_USAGE, error="cannot read the transcript: it is not a regular file.")
        if info.st_size > MAX_TRANSCRIPT_BYTES:
            return Outcome(
                file,
                EXIT_USAGE,
                error=f"cannot read the transcript: it is {info.st_size:,} bytes, over the {MAX_TRANSCRIPT_BYTES // 2**20} MiB a transcript may take.",
            )
        with open(file, encoding="utf-8") as handle:
            text = handle.read(MAX_TRANSCRIPT_BYTES + 1)
    except (OSError, UnicodeDecodeError, ValueError) as error:
        return Outcome(file, EXIT_USAGE, error=f"cannot read the transcript: {getattr(error, 'strerror', None) or error}")
    try:
        transcript = json.loads(text)
    except json.JSONDecodeError as error:
        return Outcome(file, EXIT_INVALID, error=f"not valid JSON: {error.msg}.", position=f":{error.lineno}:{error.colno}")
    except RecursionError:
        return Outcome(file, EXIT_INVALID, error="not valid JSON for a transcript: nested too deeply.")
    saved_game = saved_game_instead(transcript)
    if saved_game is not None:
        return Outcome(file, EXIT_INVALID, error=saved_game)
    try:
        rules = variants.rules_for(transcript, file)
        return Outcome(file, EXIT_OK, replay_transcript(transcript, rules), rules)
    except TranscriptError as error:
        return Outcome(file, EXIT_INVALID, error=str(error), index=error.index)
    except FiveHundredError as error:
        return Outcome(file, EXIT_INVALID, error=str(error))


def _transcript_files(paths: list[str]) -> tuple[list[str], list[Outcome]]:
    """The files to replay: each path given, a folder expanded to the ``*.json`` files below it (sorted);
    and an outcome for each folder that holds none."""
    files: list[str] = []
    empty: list[Outcome] = []
    for path in paths:
        if os.path.isdir(path):
            found = sorted(str(each) for each in Path(path).rglob("*.json") if each.is_file())
            if not found:
                empty.append(Outcome(path, EXIT_USAGE, error="this folder holds no *.json transcript."))
            files.extend(found)
        else:
            files.append(path)
    return files, empty


def _command_replay(args: argparse.Namespace) -> int:
    variants = _VariantCache()
    if len(args.files) == 1 and not os.path.isdir(args.files[0]):
        outcome = _replay_file(args.files[0], variants)
        if outcome.result is None or outcome.rules is None:
            print(outcome.line(), file=sys.stderr)
            if args.format == "json":  # a reader of the JSON gets the failure as JSON too
                print(json.dumps(outcome.to_dict()))
            return outcome.code
        if args.format == "json":
            print(json.dumps(outcome.result.to_dict()))
        else:
            sys.stdout.write(format_result(outcome.result, outcome.rules))
        return EXIT_OK
    files, outcomes = _transcript_files(args.files)
    if args.format == "text":
        for outcome in outcomes:  # folders without transcripts
            print(outcome.line())
    for file in files:
        outcome = _replay_file(file, variants)
        outcomes.append(outcome)
        if args.format == "text" and not (args.failures_only and outcome.code == EXIT_OK):
            print(outcome.line())
    failed = sum(1 for outcome in outcomes if outcome.code != EXIT_OK)
    if args.format == "json":
        print(
            json.dumps(
                {"files": [outcome.to_dict() for outcome in outcomes], "replayed": len(outcomes) - failed, "failed": failed}, indent=2
            )
        )
    else:
        print(f"{len(outcomes)} transcript(s): {len(outcomes) - failed} replayed, {failed} failed.")
    return max((outcome.code for outcome in outcomes), default=EXIT_OK)


def add_commands(commands: Any) -> None:
    """Add ``replay`` to the ``fivehundred`` subcommands."""
    replay_parser = commands.add_parser(
        "replay",
        help="replay hand transcripts and print their results (exit 0 ok, 1 illegal or malformed, 2 unreadable)",
        description="Replay hand transcripts. One file prints its result in full; several files or folders "
        "(every *.json below a folder) print a line per file and a summary line.",
    )
    replay_parser.add_argument("files", nargs="+", metavar="FILE", help="JSON transcripts or folders of them (see docs/formats.md)")
    replay_parser.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    replay_parser.add_argument(
        "--failures-only", action="store_true", help="with several files: list only the ones that fail, then the summary"
    )
    replay_parser.set_defaults(handler=_command_replay)
