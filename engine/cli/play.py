"""The ``play`` command: a whole game of any variant in the terminal, one person against bots.

The person types an action in the notation (``bid 7H``, ``play JD``) or its number in the list of legal
actions, or a command: ``help``, ``hint``, ``undo``, ``save FILE``, ``load FILE``, ``quit``. With
``rich`` installed (the ``play`` extra) and a terminal on both ends, the table is drawn in colour and
redrawn at each decision; otherwise (a pipe, scripted input, no ``rich``) the same table prints as plain
text, so a script can drive a whole game.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
from collections.abc import Callable
from typing import Any, TextIO

from ..bots import make_bot
from ..bots.base import Bot
from ..bots.heuristic import HeuristicBot
from ..bots.hints import hint
from ..errors import FiveHundredError, IllegalActionError, UnreadableFileError, VariantError
from ..game.game import Game
from ..game.saving import saved_seat
from ..kernel.actions import LOOK, verbs
from ..kernel.events import HandScored
from ..rules.compiler import load_variant
from ..rules.ruleset import Rules
from .common import (
    EXIT_INVALID,
    EXIT_OK,
    EXIT_USAGE,
    RecordFileError,
    bots_argument,
    output_refusal,
    read_json_file,
    saved_game_kind,
    seed_argument,
    write_atomically,
)
from .narration import narrate
from .replay import MAX_TRANSCRIPT_BYTES, format_result
from .table_view import MAX_LISTED, Names, choices_text, listed_choices, plain, rich_panel, rows

HELP = """\
Type an action in the notation, or its number in the list:
  bid 7H, bid misere, pass          in the auction (7H is seven hearts, 10NT ten no trump)
  discard 4D 5C 6C                  after taking the kitty
  play JD, play JK:H                in the play (JK:H leads the joker in no trump, naming hearts)
Cards are rank then suit (S C D H, or the symbols); 10 or T for ten; JK, BJ, RJ for jokers.
Commands:
  help          this text
  hint          what the heuristic bot would do in your seat, and why
  undo          take back your last action and the other seats' since (again: further back, within the hand;
                what you saw since, a kitty or a trick, stays seen: for practice)
  save FILE     save the game to a new file (JSON, the saved-game format); load FILE to go on from it
                (asks first if the game in progress is not saved)
  save! FILE    save over an earlier saved game (never over any other file)
  quit          leave the game (asks first if it is not saved)"""


_VERBS = {"does": "do", "has": "have", "is": "are", "holds": "hold", "was": "were"}
"""A refusal's verbs as said to the person ("seat 0 holds" → "you hold")."""


def to_person(text: str, seat: int, dummy: int | None = None) -> str:
    """The engine's refusal ``text`` said to the person at ``seat``: "seat 0 must follow hearts: holds 10H"
    reads "you must follow hearts: you hold 10H" (a trial was told its own seat's number, as the web table
    once did), and one about the person's ``dummy`` (the seat it plays for now) "your dummy ..."."""
    if dummy is not None and text.startswith(f"seat {dummy} "):
        return "your dummy " + text[len(f"seat {dummy} ") :]
    opening = re.match(rf"seat {seat} (\w+)", text)
    if opening is None:
        return text
    verb = opening.group(1)
    return f"you {_VERBS.get(verb, verb)}" + text[opening.end() :].replace(": holds ", ": you hold ", 1)


class Screen:
    """Plain text in, plain text out: for pipes, scripts and terminals without ``rich``."""

    symbols = False
    """Whether cards are shown with suit symbols."""

    def __init__(self, read: Callable[[str], str], out: TextIO) -> None:
        self.read = read
        self.out = out

    def table(self, game: Game, seat: int, said: list[str]) -> None:
        """Show the table and the person's legal actions (what was said since is already printed)."""
        print(file=self.out)
        print(plain(rows(game, seat, symbols=self.symbols)), file=self.out)
        print("Your choices:", file=self.out)
        print("\n".join(choices_text(game)), file=self.out)

    def say(self, text: str) -> None:
        """Tell the person something at once."""
        print(text, file=self.out)

    def ask(self, prompt: str) -> str:
        """A line typed by the person (``EOFError`` at the end of the input)."""
        return self.read(prompt)

    def pause(self) -> None:
        """Wait for the person to read a summary (nothing to wait for in plain mode)."""


class RichScreen(Screen):
    """The table in colour, redrawn at each decision, with the latest events beneath it."""

    symbols = True

    def __init__(self) -> None:
        from rich.console import Console

        self.console = Console(highlight=False)
        super().__init__(lambda prompt: str(self.console.input(prompt)), sys.stdout)

    def table(self, game: Game, seat: int, said: list[str]) -> None:
        self.console.clear()
        self.console.print(rich_panel(rows(game, seat, symbols=True, said=said[-8:]), f"fivehundred play: {game.rules.name}"))
        self.console.print("\n".join(choices_text(game)), markup=False)
        self.console.print("(help for the commands)", style="dim")

    def say(self, text: str) -> None:
        self.console.print(text, markup=False)

    def pause(self) -> None:
        try:
            self.console.input("Press Enter to go on. ")
        except EOFError:
            pass  # input ended (Ctrl-D): the next question ends the session, the game unharmed


class Session:
    """One person's game: the person's seat, the bots in the other seats, and the undo history."""

    def __init__(self, rules: Rules, seat: int, bot_names: list[str], seed: int, screen: Screen, transcripts: str | None) -> None:
        self.rules = rules
        self.seat = seat
        self.bot_names = bot_names
        self.seed = seed
        self.screen = screen
        self.transcripts = transcripts
        self.game = Game(rules, seed=seed)
        self.bots = self._make_bots()
        self.adviser = HeuristicBot(rules, seed=seed)
        self.undo: list[tuple[Game, dict[int, object], int]] = []
        """Before each of the person's actions this hand: the game, each bot's generator state (so the bots
        act again as they did, should the person choose the same), and how many lines the table's "Latest"
        had said (an undo takes back the lines said since)."""
        self.told = 0
        self.said: list[str] = []
        self.shown = 0
        """How many of :attr:`said` the table showed when last drawn (a rich screen says only in the table)."""
        self.redraw = True  # the table is shown again after a change, not after help, a hint or a refusal
        self.unsaved = False
        """Whether the person has acted since the game was started, saved or loaded (quit asks first)."""
        self.leaving = False
        """Whether the last command was a quit refused for an unsaved game (a second quit, or y, leaves)."""
        self.replacing: str | None = None
        """The file a ``load`` refused for an unsaved game would load (a second load of it, or y, loads)."""
        self.loaded = False
        """Whether the game was loaded from a saved game (its deals then come from it, not from ``seed``)."""

    def _transcript_path(self) -> str:
        """The next free ``hand-NNN.json`` in the transcripts folder: the numbering goes on after the
        files an earlier session left there, and no file is ever overwritten."""
        assert self.transcripts is not None
        try:
            names = os.listdir(self.transcripts)
        except OSError:
            names = []
        taken = [int(name[5:-5]) for name in names if name.startswith("hand-") and name.endswith(".json") and name[5:-5].isdigit()]
        number = max(taken, default=0) + 1
        while os.path.lexists(os.path.join(self.transcripts, f"hand-{number:03d}.json")):
            number += 1
        return os.path.join(self.transcripts, f"hand-{number:03d}.json")

    def _make_bots(self) -> dict[int, Bot]:
        others = [each for each in range(self.rules.seating.players) if each != self.seat]
        names = self.bot_names if len(self.bot_names) == len(others) else [self.bot_names[0]] * len(others)
        return {each: make_bot(name, self.rules, f"{self.seed}:{each}") for each, name in zip(others, names)}

    def run(self) -> int:
        """Play until the game ends or the person quits; returns the exit code."""
        # A loaded game's deals come from the game itself (its generator is saved with it), not from the seed.
        dealt = f"; the deals go on from the saved game, the bots' seed {self.seed}" if self.loaded else f"; seed {self.seed}"
        self.screen.say(f"{self.rules.name}: you are seat {self.seat}{dealt}. Type help for the commands.")
        while True:
            self._tell()
            seat = self.game.to_act
            if seat is None:
                self._game_over()
                return EXIT_OK
            if seat != self.seat:
                self.game.apply(self.bots[seat].act(self.game.observation(seat), self.game.legal_choices()))
                continue
            if self.redraw:
                self.screen.table(self.game, self.seat, self.said)
                self.redraw = False
                self.shown = len(self.said)
            try:
                acting = self.game.acting_seat
                # Choosing for one's dummy (two-handed): the prompt names the dummy's seat.
                label = (
                    Names(self.game.rules, self.seat).seat_name(acting)
                    if acting is not None and acting != self.seat
                    else f"Seat {self.seat}"
                )
                line = self.screen.ask(f"{label} > ")
            except EOFError:
                self.screen.say("Input ended: the game is left unfinished.")
                return EXIT_OK
            if not self._command(line.strip()):
                return EXIT_OK

    def _tell(self) -> None:
        names = Names(self.game.rules, self.seat)
        for event in self.game.events_since(self.told):
            self.told += 1
            if isinstance(event, HandScored):
                self._hand_over(event)
                continue
            line = narrate(event, names)
            if line is not None:
                self.said.append(line)
                if not isinstance(self.screen, RichScreen):
                    self.screen.say(line)

    def _hand_over(self, event: HandScored) -> None:
        if isinstance(self.screen, RichScreen):
            # What happened since the table was last drawn, the last trick's cards among it (a player's
            # trial never saw the bots' last cards: the summary followed the person's last card).
            for line in self.said[self.shown :]:
                self.screen.say(line)
        self.screen.say("")
        self.screen.say(f"Hand {event.hand + 1} is over.")
        self.screen.say(format_result(event.result, self.game.rules, Names(self.game.rules, self.seat)).rstrip())
        if self.transcripts is not None:
            path = self._transcript_path()
            try:
                write_atomically(path, json.dumps(self.game.transcript(event.hand), indent=2) + "\n")
                self.screen.say(f"Transcript written to {path}.")
            except OSError as error:
                self.screen.say(f"Could not write the transcript {path}: {error.strerror or error}.")
        self.said.clear()
        self.shown = 0
        if not self.game.is_over:
            self.screen.pause()

    def _game_over(self) -> None:
        winner = self.game.winner
        names = Names(self.game.rules, self.seat)
        scores = ", ".join(f"{names.side_name(team)}: {score}" for team, score in enumerate(self.game.scores))
        self.screen.say(
            f"Game over after {self.game.hand_number + 1} hand{'s' if self.game.hand_number else ''}. "
            + (f"{names.side_name(winner)} wins." if winner is not None else "Nobody wins.")
        )
        self.screen.say(f"Final scores: {scores}.")

    def _command(self, line: str) -> bool:
        """Act on one line typed by the person; ``False`` to leave the game."""
        word, _, rest = line.partition(" ")
        word = word.lower()
        if not line:
            return True
        if self.leaving and word in ("y", "yes"):
            word = "quit"  # the answer to "leave without saving?"
        elif self.leaving and word in ("n", "no"):
            self.leaving = False
            self.screen.say("The game goes on.")
            return True
        if self.replacing is not None and word in ("y", "yes"):
            word, rest = "load", self.replacing  # the answer to "load and lose this game?"
        elif self.replacing is not None and word in ("n", "no"):
            self.replacing = None
            self.screen.say("The game goes on.")
            return True
        asked, self.replacing = self.replacing, None
        if word in ("quit", "exit"):
            if self.unsaved and not self.leaving and not self.game.is_over:
                self.leaving = True
                self.screen.say(
                    "The game is not saved. Leave without saving? Type y (or quit again) to leave, n to stay; save FILE keeps it."
                )
                return True
            self.screen.say("You left the game.")
            return False
        self.leaving = False
        if word in ("help", "?"):
            self.screen.say(f"{HELP}\nThe actions of {self.rules.name} start with: {', '.join(verbs(self.rules))}.")
        elif word == "hint":
            action, why = hint(self.adviser, self.game.observation(self.seat), self.game.legal_choices())
            self.screen.say(f"Hint: {action} ({why})")
        elif word == "undo":
            self._undo()
        elif word in ("save", "save!"):
            self._save(rest.strip(), replace=word == "save!")
        elif word == "load":
            self._load(rest.strip(), asked)
        else:
            self._act(line)
        return True

    def _act(self, line: str) -> None:
        choices = listed_choices(self.game)
        try:
            if line.isdecimal():
                # (isdecimal, not isdigit: '²' is a digit that int() refuses; a long number is no choice.)
                number = int(line) if len(line) <= 9 else 0
                if not 1 <= number <= len(choices):
                    raise IllegalActionError(f"There is no choice {number}: choose from 1 to {len(choices)}, or type an action.")
                action = choices[number - 1]
            else:
                action = self.game.check(line)
        except IllegalActionError as error:
            listed = ", or a number from the list" if len(choices) <= MAX_LISTED else ""  # (too many choices: no list shown)
            acting = self.game.acting_seat
            dummy = acting if acting is not None and acting != self.seat else None
            said = to_person(str(error), self.seat, dummy)
            self.screen.say(f"Not accepted. {said[:1].upper()}{said[1:]} Type help for the notation{listed}.")
            return
        before = self.game.clone()
        self.game.apply(action)
        if self.undo and self.undo[-1][0].hand_number != before.hand_number:
            self.undo.clear()  # undo goes back within the hand only
        self.undo.append((before, self._bot_generators(), len(self.said)))
        self.unsaved = True
        self.redraw = True

    def _bot_generators(self) -> dict[int, object]:
        """Each bot's random generator's state (bots without one decide from what they see alone)."""
        return {seat: bot.random.getstate() for seat, bot in self.bots.items() if isinstance(getattr(bot, "random", None), random.Random)}  # type: ignore[attr-defined]

    def _undo(self) -> None:
        """Take the game back to before the person's last action this hand: the other seats' actions since
        are taken back with it, and the bots will act again as they did if the person chooses the same."""
        if not self.undo or self.undo[-1][0].hand_number != self.game.hand_number:
            self.undo.clear()
            self.screen.say("Nothing to undo in this hand: you have not acted in it yet.")
            return
        unlooks = self.game.unlooks(self.undo[-1][0], self.seat)
        game, generators, said = self.undo.pop()
        if unlooks:
            # Cards seen stay seen: the seat looks again at once, so no blind bid is offered with them known.
            game.apply(LOOK)
        self.game = game
        self.unsaved = True  # (the game no longer matches what was saved)
        del self.said[said:]  # the plays taken back are no longer the latest
        self.shown = min(self.shown, said)
        for seat, state in generators.items():
            self.bots[seat].random.setstate(state)  # type: ignore[attr-defined]
        self.told = len(self.game.events)
        self.said.append("Your last action was taken back, with the other seats' actions since.")
        self.screen.say("Your last action was taken back, with the other seats' actions since.")
        self.redraw = True

    def _save(self, path: str, replace: bool = False) -> None:
        """Save the game to ``path``: a new file, or with ``replace`` (``save!``) an earlier saved game of this
        engine; any other file is left as it was (a transcript or a note kept there is not lost to a typo)."""
        if not path:
            self.screen.say("save needs a file name: save FILE.")
            return
        refused = output_refusal(path)  # a link, a folder, a pipe: never written to, whatever it holds
        if refused is not None:
            self.screen.say(f"Could not save to {path}: {refused}. The game goes on.")
            return
        held = saved_game_kind(path)
        if held == "other":
            self.screen.say(f"{path} already holds something other than a saved game: nothing was written. Choose another name.")
            return
        if held == "saved" and not replace:
            self.screen.say(f"{path} already holds a saved game: nothing was written. To replace it type save! {path}")
            return
        if held == "unreadable":
            self.screen.say(f"{path} exists and could not be read, so it may hold something: nothing was written. Choose another name.")
            return
        try:
            # The person's seat goes with the game, so that going on from the file seats them there again.
            write_atomically(path, json.dumps({**self.game.to_dict(), "seat": self.seat}, indent=1) + "\n", new_only=held == "none")
        except FileExistsError:
            self.screen.say(f"{path} appeared while the game was being saved: nothing was written. Choose another name.")
            return
        except OSError as error:
            self.screen.say(f"Could not save to {path}: {error.strerror or error}. The game goes on.")
            return
        self.unsaved = False
        self.screen.say(f"Saved to {path}; load {path} (or fivehundred play {path}) goes on from here.")

    def _history(self, game: Game) -> list[tuple[Game, dict[int, object], int]]:
        """The undo history of a loaded game: the current hand replayed from its start, the game kept before
        each of the person's actions in it, so that ``undo`` goes back as it would have before the save.
        (The bots are new: after an undo they choose again, not necessarily as they did.)"""
        data = game.to_dict()
        data.pop("check")  # edited on purpose: the hand from its start
        actions = data["hands"][-1]["actions"]
        data["hands"][-1]["actions"] = []
        try:
            replayed = Game.from_dict(data, game.rules)
            history: list[tuple[Game, dict[int, object], int]] = []
            for entry in actions:
                if replayed.to_act == self.seat:
                    # (What was said before the load is not on the table: an undo keeps its "Loaded" line.)
                    history.append((replayed.clone(), {}, 1))
                replayed.play_recorded([entry], "the loaded hand")
        except (FiveHundredError, ValueError):  # it loaded, so it replays: kept safe all the same
            return []
        return history

    def _load(self, path: str, asked: str | None = None) -> None:
        """Go on from the saved game in ``path``; where the game in progress is not saved, a loadable file
        is loaded only once the person has said so (``asked``: the file a load already asked about)."""
        if not path:
            self.screen.say("load needs a file name: load FILE.")
            return
        try:
            data = read_json_file(path, MAX_TRANSCRIPT_BYTES)
            game = Game.from_dict(data, folder=os.path.dirname(os.path.abspath(path)))
        except RecordFileError as error:
            self.screen.say(f"Could not load {path}: {str(error).rstrip('.')}. The game goes on.")
            return
        except (OSError, UnicodeDecodeError) as error:
            self.screen.say(f"Could not read {path}: {getattr(error, 'strerror', None) or error}. The game goes on.")
            return
        except (ValueError, FiveHundredError) as error:  # bad JSON, a corrupt saved game, its variant missing
            if _is_transcript(path):
                self.screen.say(
                    f"{path} is a hand's transcript, not a saved game: load goes on from a file written by save. "
                    f"To replay the hand, run fivehundred replay {path}. The game goes on."
                )
                return
            self.screen.say(f"{path} is not a saved game this engine can load: {error} The game goes on.")
            return
        if self.unsaved and not self.game.is_over and asked != path:
            # A trial's load of an earlier save threw away the game in progress at 200 to 50, unasked.
            self.replacing = path
            self.screen.say(
                f"The game is not saved. Load {path} and lose it? Type y (or load {path} again) to load, n to stay; save FILE keeps it."
            )
            return
        self._take(game, path, saved_seat(data, game.rules.seating.players))

    def _take(self, game: Game, path: str, seat: int | None) -> None:
        """Go on with ``game``, loaded from ``path``, where it seats as many players as this session: the
        person at ``seat``, the seat it was saved from (``None``: the session's)."""
        if game.rules.seating.players != self.rules.seating.players:
            self.screen.say(
                f"{path} is a game of {game.rules.name} for {game.rules.seating.players} players; this session has "
                f"{self.rules.seating.players}. The game goes on."
            )
            return
        moved = seat is not None and seat != self.seat
        if seat is not None:
            self.seat = seat
        self.rules, self.game, self.loaded = game.rules, game, True
        self.bots = self._make_bots()
        self.adviser = HeuristicBot(game.rules, seed=self.seed)
        self.undo = self._history(game)
        self.said = [f"Loaded {path}."]
        self.shown = 0
        self.told = len(game.events)
        self.unsaved = False
        where = f"; you are seat {self.seat}, as when it was saved" if moved else ""
        self.screen.say(f"Loaded {path}: hand {game.hand_number + 1} of {game.rules.name}{where}.")
        self.redraw = True


def _is_transcript(path: str) -> bool:
    """Whether ``path`` holds a hand's transcript (``deal`` and ``actions``, no saved game's ``format``)."""
    try:
        data = read_json_file(path, MAX_TRANSCRIPT_BYTES)
    except (RecordFileError, OSError, UnicodeDecodeError):
        return False
    return isinstance(data, dict) and "format" not in data and "deal" in data and "actions" in data


def _screen(plain_only: bool) -> Screen:
    if not plain_only and sys.stdin.isatty() and sys.stdout.isatty():
        try:
            return RichScreen()
        except ImportError:
            pass  # rich is an optional extra: the plain screen plays the same game
    return Screen(_read_line, sys.stdout)


MAX_LINE = 4096
"""Longest line of piped input kept (an entry is a few words): the rest of a longer line is read and dropped."""


def _read_line(prompt: str) -> str:
    if sys.stdin.isatty():
        return input(prompt)
    print(prompt, end="", flush=True)
    line = sys.stdin.readline(MAX_LINE + 1)
    if not line:
        print()
        raise EOFError
    if len(line) > MAX_LINE and not line.endswith("\n"):
        # Over-long: drop the rest of it a piece at a time, never holding the whole line.
        while True:
            rest = sys.stdin.readline(MAX_LINE)
            if not rest or rest.endswith("\n"):
                break
        print(f"(a line of over {MAX_LINE} characters)")
        return f"(a line of over {MAX_LINE} characters)"
    print(line.rstrip("\n"))  # echo scripted input, so the log reads like a session
    return line


def run_play(args: argparse.Namespace) -> int:
    """``fivehundred play``: one person against bots."""
    saved = saved_game_kind(args.variant) == "saved"  # a game written by save: go on with it
    if not saved and _is_transcript(args.variant):
        print(
            f"fivehundred play: {args.variant} is a hand's transcript, not a variant or a saved game: "
            f"replay it with fivehundred replay {args.variant}.",
            file=sys.stderr,
        )
        return EXIT_USAGE
    loaded: Game | None = None
    seat_saved: int | None = None
    try:
        if saved:
            folder = os.path.dirname(os.path.abspath(args.variant))
            data = read_json_file(args.variant, MAX_TRANSCRIPT_BYTES)
            loaded = Game.from_dict(data, folder=folder)
            rules = loaded.rules
            seat_saved = saved_seat(data, rules.seating.players)
        else:
            rules = load_variant(args.variant)
    except VariantError as error:
        print(error, file=sys.stderr)
        return EXIT_USAGE if isinstance(error, UnreadableFileError) else EXIT_INVALID
    except (RecordFileError, OSError, UnicodeDecodeError, ValueError, FiveHundredError) as error:
        print(f"fivehundred play: {args.variant} is a saved game that cannot be loaded: {error}", file=sys.stderr)
        return EXIT_INVALID
    players = rules.seating.players
    # Going on with a saved game seats the person where it was saved from, unless --seat says otherwise.
    seat = args.seat if args.seat is not None else seat_saved if seat_saved is not None else 0
    if not 0 <= seat < players:
        print(f"fivehundred play: --seat must be from 0 to {players - 1} in {rules.name}, not {seat}.", file=sys.stderr)
        return EXIT_USAGE
    if len(args.bots) not in (1, players - 1):
        print(
            f"fivehundred play: --bots names one bot for every other seat, or {players - 1} bots (one per other seat), not {len(args.bots)}.",
            file=sys.stderr,
        )
        return EXIT_USAGE
    if args.transcripts is not None and not os.path.isdir(args.transcripts):
        if os.path.lexists(args.transcripts):
            print(f"fivehundred play: --transcripts {args.transcripts!r} is not a folder.", file=sys.stderr)
            return EXIT_USAGE
        try:
            os.makedirs(args.transcripts)  # a new folder for this session's transcripts
        except OSError as error:
            print(f"fivehundred play: cannot make the folder --transcripts {args.transcripts!r}: {error.strerror}.", file=sys.stderr)
            return EXIT_USAGE
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    try:
        session = Session(rules, seat, args.bots, seed, _screen(args.plain), args.transcripts)
    except FiveHundredError as error:  # a rule the kernel does not play yet
        print(error, file=sys.stderr)
        return EXIT_INVALID
    if loaded is not None:
        session._take(loaded, args.variant, None)
    try:
        return session.run()
    except KeyboardInterrupt:
        session.screen.say("\nInterrupted: the game is left unfinished.")
        return EXIT_OK


def add_commands(commands: Any) -> None:
    """Add ``play`` to the program's subcommands."""
    play = commands.add_parser(
        "play",
        help="play a game yourself against bots in the terminal",
        description=__doc__.split("\n\n")[0].replace("``", "") if __doc__ else None,
    )
    play.add_argument(
        "variant", metavar="VARIANT", help="a shipped variant's name, a variant file, or a game written by save (to go on with it)"
    )
    play.add_argument("--seat", type=int, default=None, help="your seat (default 0, or the seat a saved game was saved from)")
    play.add_argument("--seed", type=seed_argument, default=None, help="seed the deal (default: a random seed, printed)")
    play.add_argument(
        "--bots",
        type=bots_argument,
        default=["heuristic"],
        help="the other seats' bots: one name for all of them, or one per other seat in seat order (one fewer than the players), "
        "comma-separated (default heuristic)",
    )
    play.add_argument("--transcripts", metavar="DIR", default=None, help="write each hand's transcript to DIR (hand-001.json, ...)")
    play.add_argument("--plain", action="store_true", help="plain text even in a terminal with rich installed")
    play.set_defaults(handler=run_play)


__all__ = ["HELP", "RichScreen", "Screen", "Session", "add_commands", "run_play"]
