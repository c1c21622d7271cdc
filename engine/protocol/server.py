"""The engine protocol ``fivehundred/1``: JSON lines over standard input and output, so that a program in
any language can run ``fivehundred serve`` as a subprocess and play games with it (docs/protocol.md).

A :class:`Session` answers one request line with one reply line, in order. Every request is a JSON object
with ``cmd`` and an optional ``id``, echoed in the reply; a reply has ``ok: true`` and its fields, or
``ok: false`` and ``error: {code, message}``. A malformed line, an unknown command or game, an illegal
action get an error reply and change nothing; the session never ends on bad input, only on ``quit`` or
the end of its input. Unknown fields are ignored, so that old clients keep working.
"""

from __future__ import annotations

import io
import json
import math
import os
import random
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import IO, Any, NoReturn

from ..bots import BOT_NAMES, make_bot
from ..bots.base import Bot
from ..errors import FiveHundredError, IllegalActionError, NotFoundError, Problem, UsageError, VariantError, shown
from ..game.game import Game
from ..game.saving import READABLE, SavedGameError
from ..game.telling import event_data, json_form, observation_data
from ..kernel.choices import DiscardChoices
from ..kernel.shuffling import checked_seed
from ..language.loader import missing_variant_message
from ..language.resources import shipped_variant_names, shipped_variant_path
from ..rules.compiler import compile_text, load_variant, load_variant_inside
from ..rules.ruleset import Rules

PROTOCOL = "fivehundred/1"
"""The protocol's name and version, as ``hello`` gives it."""
MAX_LINE_BYTES = 1 << 20
"""Longest request line read (1 MiB, newline included); a longer one is refused with ``line_too_long``."""
MAX_GAMES = 256
"""Most games open in one session at once; ``close`` frees one."""
MAX_LISTED = 5000
"""Most legal actions listed in one reply (a kitty discard may have thousands: they are described)."""
MAX_BOT_ACTIONS = 5000
"""Most actions the bots take in one ``play_bots`` request (a whole game of bots takes a few hundred); the
client asks again to go on."""
COMMANDS = ("hello", "new_game", "state", "act", "events", "bot", "play_bots", "save", "load", "transcript", "close", "quit")
"""Every command, as ``hello`` lists them."""
ERROR_CODES = (
    "bad_json",
    "line_too_long",
    "unknown_command",
    "bad_request",
    "unknown_game",
    "too_many_games",
    "invalid_variant",
    "illegal_action",
    "internal",
)
"""Every error code a reply may carry."""

_SURROGATE = re.compile("[\ud800-\udfff]")
"""A lone UTF-16 surrogate: JSON can escape one, but it is no character, and no UTF-8 writer takes it."""
_LARGEST_DOUBLE = int(sys.float_info.max)


def _version() -> str:
    from importlib import metadata  # slow to load: only when a client says hello

    try:
        return metadata.version("fivehundred")
    except metadata.PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown"


_LINE_BREAKING = {0x85: "\\u0085", 0x2028: "\\u2028", 0x2029: "\\u2029"}
"""Characters JSON leaves unescaped that some readers split lines on, and their JSON escapes."""


class RequestError(Exception):
    """A request that cannot be carried out: its error ``code`` and a sentence."""

    def __init__(self, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.code = code
        """One of :data:`ERROR_CODES`."""
        self.extra = extra
        """More fields for the error object (``problems`` for an invalid variant)."""


@dataclass
class _Open:
    """One game of the session, with the bots that play in it (``play_bots``)."""

    game: Game
    seed: int | str | None
    bots: dict[str, Bot] = field(default_factory=dict)


def _invalid(error: VariantError, message: str | None = None) -> RequestError:
    """The ``invalid_variant`` error of a variant that does not load, with each problem located; its
    message is ``message``, or the first problem."""
    return _invalid_problems(error.problems, message or (str(error.problems[0]) if error.problems else str(error)))


def _invalid_problems(problems: Sequence[Problem], message: str) -> RequestError:
    """The ``invalid_variant`` error saying ``message``, listing ``problems``, each located."""
    located = [{"file": p.file, "line": p.line, "column": p.column, "path": p.path, "message": p.message} for p in problems]
    return RequestError("invalid_variant", message, problems=located)


_KINDS = {bool: "true or false", str: "a string", float: "a number with a fraction", list: "a list", dict: "an object"}
"""How a reply names the JSON kind of a value the client sent (``int``, the expected kind, is not named)."""


def _sent(value: object) -> str:
    """A value as the client sent it, for an error message: its JSON text (cut short), and its kind when
    that is not a whole number (``"2" (a string)``), so that a value of the wrong kind never reads as a
    valid one."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):  # not from JSON: an embedding program's own value
        text = shown(value)
    text = text if len(text) <= 40 else text[:39] + "…"
    kind = _KINDS.get(type(value))
    return f"{text} ({kind})" if kind else text


def _not_json(constant: str) -> NoReturn:
    """For the JSON reader: ``NaN`` and the infinities, which Python's reader takes and JSON has not."""
    raise ValueError(f"{constant} is not a JSON value (JSON has no NaN or infinities)")


_EXACT_TEXT = 400
"""The longest number text read exactly to tell a whole number written with an exponent (longer ones keep
their double's value)."""


def _finite(text: str) -> float | int:
    """For the JSON reader: a number with a fraction or exponent, refused beyond a double's range; one
    written with an exponent that is a whole number is that whole number (``1e3`` is 1000: JavaScript
    writes large whole numbers so, and an embedder's trial saw ``"seed": 1e3`` refused as a fraction)."""
    value = float(text)
    if value in (math.inf, -math.inf):
        raise ValueError(f"the number {text[:40]} is out of range (beyond a double's largest)")
    if ("e" in text or "E" in text) and value.is_integer() and len(text) <= _EXACT_TEXT:
        try:
            exact = Decimal(text)
        except ArithmeticError:  # an exponent beyond the decimal module's (a review: it ended the session)
            return value
        if exact == exact.to_integral_value():
            return int(exact)  # a whole number within a double's range: at most 309 digits
    return value


def _whole(text: str) -> int:
    """For the JSON reader: a whole number, refused beyond a double's range (a JavaScript reader would read
    such a number echoed back as an infinity)."""
    if len(text.lstrip("-")) >= 309 and abs(int(text)) > _LARGEST_DOUBLE:
        raise ValueError(f"the number {text[:40]}… is out of range (beyond a double's largest)")
    return int(text)


def _surrogate_at(value: object, path: str = "$") -> str | None:
    """The path of the first string in a decoded request holding a lone UTF-16 surrogate (``"\\ud800"``
    escaped alone is JSON's syntax but no character: it cannot be written back as UTF-8), else ``None``."""
    if isinstance(value, str):
        return path if _SURROGATE.search(value) else None
    if isinstance(value, dict):
        for key, item in value.items():
            found = _surrogate_at(key, path) if _SURROGATE.search(key) else _surrogate_at(item, f"{path}.{key}")
            if found is not None:
                return found
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found = _surrogate_at(item, f"{path}[{index}]")
            if found is not None:
                return found
    return None


def _text(request: dict[str, Any], name: str, limit: int = 1 << 20) -> str:
    value = request.get(name)
    if not isinstance(value, str) or not value or len(value) > limit:
        raise RequestError("bad_request", f"'{name}' must be a non-empty string (at most {limit:,} characters).")
    return value


def _integer(request: dict[str, Any], name: str, default: int | None = None, low: int = 0, high: int = 2**63) -> int:
    value = request.get(name, default)
    if type(value) is not int or not low <= value <= high:
        raise RequestError("bad_request", f"'{name}' must be a whole number from {low} to {high}, not {_sent(value)}.")
    return value


class Session:
    """The games of one protocol session and the answers to its requests. ``root`` is the only folder a
    variant given by path is read from (with every file it extends)."""

    def __init__(self, root: str | None = None) -> None:
        self.root = os.path.abspath(root or os.getcwd())
        """The folder variant files are read from."""
        self.games: dict[str, _Open] = {}
        """Open games by id."""
        self.finished = False
        """Whether ``quit`` was asked."""
        self._next = 1
        self._handlers: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "hello": self._hello,
            "new_game": self._new_game,
            "state": self._state,
            "act": self._act,
            "events": self._events,
            "bot": self._bot,
            "play_bots": self._play_bots,
            "save": self._save,
            "load": self._load,
            "transcript": self._transcript,
            "close": self._close,
            "quit": self._quit,
        }

    # -- one line in, one line out -------------------------------------------------------------------

    def answer_line(self, line: bytes | str) -> str:
        """The reply (one JSON line, no newline) to one request line."""
        try:
            text = line.decode("utf-8") if isinstance(line, bytes) else line
            # A byte-order mark some editors and Windows tools write is not part of the request (RFC 8259 lets
            # a reader ignore it; Python's reader refused it in its own words).
            text = text.removeprefix("\ufeff")
            if not text.strip():
                # Answered like any other line (it was skipped): a client that counts its replies stays in step.
                return self._reply(None, error=RequestError("bad_json", "An empty line is not a request: send one JSON object a line."))
            request = json.loads(text, parse_constant=_not_json, parse_float=_finite, parse_int=_whole)
            # A lone surrogate can only be written as an escape: look for one only where there is one.
            lone = _surrogate_at(request) if "\\u" in text or _SURROGATE.search(text) else None
        except UnicodeDecodeError as error:
            byte = error.object[error.start : error.start + 1].hex()
            message = f"The line is not UTF-8 text: byte 0x{byte} at position {error.start} is not UTF-8 (send JSON encoded as UTF-8)."
            return self._reply(None, error=RequestError("bad_json", message))
        except RecursionError:
            message = (
                "The line is not a JSON object the engine reads: its arrays or objects nest too deeply (a request needs a few levels)."
            )
            return self._reply(None, error=RequestError("bad_json", message))
        except ValueError as error:
            return self._reply(None, error=RequestError("bad_json", f"The line is not a JSON object: {str(error)[:200]}."))
        if lone is not None:
            message = (
                f"The line is not valid Unicode text: the string at {lone[:200]} holds a lone UTF-16 surrogate "
                "(an escape such as \\ud800 without its pair)."
            )
            return self._reply(None, error=RequestError("bad_json", message))
        return self._reply(*self.answer(request))

    def answer(self, request: object) -> tuple[object, dict[str, Any] | None, RequestError | None]:
        """``(id, fields, None)`` or ``(id, None, error)`` for one decoded request."""
        if not isinstance(request, dict):
            return None, None, RequestError("bad_request", "A request is a JSON object with 'cmd' (and optional 'id').")
        identifier = request.get("id")
        if (
            not (identifier is None or type(identifier) in (int, float, str))
            or (isinstance(identifier, str) and (len(identifier) > 200 or _SURROGATE.search(identifier)))
            or (isinstance(identifier, float) and not math.isfinite(identifier))
        ):
            return None, None, RequestError("bad_request", "'id' must be a string (at most 200 characters of text) or a finite number.")
        command = request.get("cmd")
        handler = self._handlers.get(command) if isinstance(command, str) else None
        if handler is None:
            commands = ", ".join(COMMANDS)
            if "cmd" not in request:
                message = f"The request has no 'cmd' field: every request names its command, one of {commands}."
            elif not isinstance(command, str):
                message = f"'cmd' must be a command's name (a string), not {_sent(command)}; commands: {commands}."
            else:
                message = f"There is no command {command[:40]!r}; commands: {commands}."
            return identifier, None, RequestError("unknown_command", message)
        try:
            return identifier, handler(request), None
        except RequestError as error:
            return identifier, None, error
        except Exception as error:  # a bug: answered, never fatal to the session
            return (
                identifier,
                None,
                RequestError("internal", f"internal error, please report it: {type(error).__name__}: {str(error)[:300]}"),
            )

    @staticmethod
    def _reply(identifier: object, fields: dict[str, Any] | None = None, error: RequestError | None = None) -> str:
        reply: dict[str, Any] = {"id": identifier}
        if error is None:
            reply.update(ok=True, **(fields or {}))
        else:
            reply.update(ok=False, error={"code": error.code, "message": str(error), **error.extra})
        text = json.dumps(reply, ensure_ascii=False, separators=(",", ":"))
        if _SURROGATE.search(text):  # a program's own request (Session.answer) echoed: escaped, still JSON
            text = json.dumps(reply, separators=(",", ":"))
        # Characters some line readers (Python's str.splitlines, JavaScript's line terminators) take for
        # the end of a line: written escaped, so that a reply is one line to any reader.
        return text.translate(_LINE_BREAKING)

    # -- the commands ---------------------------------------------------------------------------------

    def _hello(self, request: dict[str, Any]) -> dict[str, Any]:
        return {
            "protocol": PROTOCOL,
            "engine": _version(),
            "commands": list(COMMANDS),
            "bots": list(BOT_NAMES),
            "variants": shipped_variant_names(),
            "saved_formats": list(READABLE),
            "limits": {"line_bytes": MAX_LINE_BYTES, "games": MAX_GAMES, "listed_actions": MAX_LISTED, "bot_actions": MAX_BOT_ACTIONS},
        }

    def _rules(self, request: dict[str, Any]) -> Rules:
        if "variant_text" in request and "variant" in request:
            raise RequestError("bad_request", "Give 'variant' (a name or a file) or 'variant_text' (a file's text), not both.")
        try:
            if "variant_text" in request:
                return compile_text(_text(request, "variant_text"), "variant_text", self.root)
            variant = _text(request, "variant", 1000)
            if shipped_variant_path(variant) is not None:
                return load_variant(variant)
            if not os.path.lexists(os.path.join(self.root, variant)):  # said as the command line says it
                message = missing_variant_message(variant, self.root)
                raise RequestError(
                    "invalid_variant", message, problems=[{"file": variant[:80], "line": 0, "column": 0, "path": "$", "message": message}]
                )
            return load_variant_inside(variant, self.root)
        except VariantError as error:
            raise _invalid(error) from None

    def _add(self, game: Game, seed: int | str | None) -> str:
        if len(self.games) >= MAX_GAMES:
            raise RequestError("too_many_games", f"At most {MAX_GAMES} games may be open at once; close one first.")
        identifier = f"g{self._next}"
        self._next += 1
        self.games[identifier] = _Open(game, seed)
        return identifier

    def _table(self, identifier: str, game: Game) -> dict[str, Any]:
        seating = game.rules.seating
        return {
            "game": identifier,
            "name": game.rules.name,
            "players": seating.players,
            "seats": seating.seats,
            "teams": [list(t) for t in seating.teams],
        }

    def _new_game(self, request: dict[str, Any]) -> dict[str, Any]:
        rules = self._rules(request)
        seed = request.get("seed")
        if type(seed) is int and abs(seed) >= 2**63:
            raise RequestError(
                "bad_request",
                "'seed' is a whole number out of range: a whole-number seed must be from "
                f"-{2**63 - 1:,} to {2**63 - 1:,} (2^63 - 1); a string of at most 200 characters is a seed too.",
            )
        if isinstance(seed, str) and len(seed) > 200:
            raise RequestError("bad_request", f"'seed' is a string of {len(seed):,} characters: a string seed has at most 200.")
        if seed is not None and not (type(seed) is int or isinstance(seed, str)):
            raise RequestError("bad_request", f"'seed' must be a whole number or a string of at most 200 characters, not {_sent(seed)}.")
        try:
            checked_seed(seed)  # a lone surrogate: only from a program's own request (Session.answer)
        except UsageError as error:
            raise RequestError("bad_request", f"'seed': {error}") from None
        dealer = _integer(request, "dealer", 0, 0, rules.seating.players - 1)
        if seed is None:  # chosen here, and answered, so that the game can be played again
            seed = random.SystemRandom().randrange(2**53)  # below 2**53: exact in every JSON reader (JavaScript's)
        try:
            game = Game(rules, seed=seed, dealer=dealer)
        except (UsageError, NotFoundError):
            raise  # the request's fields are checked above: a misuse here is the engine's own, answered as internal
        except FiveHundredError as error:  # a rule the kernel does not play
            raise RequestError("invalid_variant", str(error)) from None
        return {**self._table(self._add(game, seed), game), "seed": seed}

    def _open(self, request: dict[str, Any]) -> _Open:
        identifier = request.get("game")
        found = self.games.get(identifier) if isinstance(identifier, str) else None
        if found is None:
            if identifier is None:
                command = request.get("cmd")
                raise RequestError(
                    "unknown_game",
                    f'No game was named: {"an" if command == "act" else "a"} {command} request names its game ("game": the id new_game or load gave).',
                )
            if not isinstance(identifier, str):
                raise RequestError("unknown_game", f"'game' must be a game's id (a string, such as \"g1\"), not {_sent(identifier)}.")
            raise RequestError("unknown_game", f"There is no open game {identifier[:40]!r}; new_game or load opens one.")
        return found

    def _player(self, request: dict[str, Any], game: Game, name: str, former: str | None = None, required: bool = True) -> int | None:
        """The player number in field ``name`` (or in ``former``, its name in earlier versions); ``None`` when
        it is absent and not ``required``."""
        key = former if former is not None and name not in request and former in request else name
        if key not in request and not required:
            return None
        value = request.get(key)
        seating = game.rules.seating
        if type(value) is int and 0 <= value < seating.players:
            return value
        dummies = ""
        if seating.seats > seating.players and type(value) is int:
            dummies = (
                f" (seats {seating.players} to {seating.seats - 1} are dummies, not players: each is played by a player, "
                "whose state shows it)"
            )
        if key not in request:
            raise RequestError("bad_request", f"'{key}' is missing: it must be a player's number from 0 to {seating.players - 1}.")
        raise RequestError(
            "bad_request", f"'{key}' must be a player's number from 0 to {seating.players - 1}, not {_sent(value)}{dummies}."
        )

    def _view(self, game: Game, seat: int, all_legal: bool = False) -> dict[str, Any]:
        """What ``seat`` may know now, and its legal actions when it is to act."""
        to_act = game.to_act
        fields: dict[str, Any] = {
            "to_act": to_act,
            "acting_seat": game.acting_seat,
            "phase": game.phase.value,
            "hand_number": game.hand_number,
            "observation": observation_data(game.observation(seat)),
            "scores": list(game.scores),
            "over": game.is_over,
            "winner": game.winner,
            "event_count": len(game.events),
        }
        legal: Sequence[Any] = game.legal_choices() if to_act == seat else ()
        fields["legal_count"] = len(legal)
        if isinstance(legal, DiscardChoices) and not all_legal:
            fields["legal"] = None
            fields["discard"] = {"count": legal.size, "from": [str(card) for card in legal.cards]}
        else:
            fields["legal"] = [str(action) for action in legal[:MAX_LISTED]]
        return fields

    def _state(self, request: dict[str, Any]) -> dict[str, Any]:
        game = self._open(request).game
        player = self._player(request, game, "player", "seat")
        assert player is not None
        all_legal = request.get("all_legal", False)
        if type(all_legal) is not bool:
            raise RequestError("bad_request", f"'all_legal' must be true or false, not {_sent(all_legal)}.")
        return self._view(game, player, all_legal)

    def _told(self, game: Game, start: int, seat: int | None) -> list[dict[str, Any]]:
        return [event_data(event, game.rules, seat) for event in game.events_since(start)]

    def _act(self, request: dict[str, Any]) -> dict[str, Any]:
        game = self._open(request).game
        player = self._player(request, game, "player")
        assert player is not None
        action = _text(request, "action", 2000)
        told = self._player(request, game, "viewer", "seat", required=False)  # checked before the action is taken
        if game.to_act != player:
            whose = "the game is over" if game.to_act is None else f"it is player {game.to_act}'s turn"
            raise RequestError("illegal_action", f"Player {player} cannot act now: {whose}.")
        start = len(game.events)
        try:
            game.apply(action)
        except IllegalActionError as error:
            raise RequestError("illegal_action", str(error)) from None
        return {"events": self._told(game, start, told), **self._view(game, player)}

    def _events(self, request: dict[str, Any]) -> dict[str, Any]:
        game = self._open(request).game
        since = _integer(request, "since", 0, 0, len(game.events))
        told = self._player(request, game, "viewer", "seat", required=False)
        return {"events": self._told(game, since, told), "event_count": len(game.events)}

    def _named_bot(self, opened: _Open, request: dict[str, Any], hint: bool = False) -> Bot:
        """The bot the request names (``name``, default heuristic), with its ``budget``: for ``play_bots``
        made once per game; for a ``hint`` (the ``bot`` command) made afresh, seeded by the game's seed and
        the events so far, so that asking never changes what the bots play later, and the same question
        gets the same answer."""
        name = request.get("name", "heuristic")
        if not isinstance(name, str) or name not in BOT_NAMES:
            raise RequestError("bad_request", f"'name' must be one of {', '.join(BOT_NAMES)}, not {_sent(name)}.")
        budget = _integer(request, "budget", None, 1, 10**8) if "budget" in request else None
        bot: Bot | None = None if hint else opened.bots.get(name)
        if hint:
            bot = make_bot(name, opened.game.rules, f"{opened.seed}:{name}:hint:{len(opened.game.events)}")
        elif bot is None:
            bot = opened.bots[name] = make_bot(name, opened.game.rules, f"{opened.seed}:{name}")
        if budget is not None and hasattr(bot, "positions"):  # the expert's; other bots search nothing
            bot.positions = budget
        return bot

    def _bot(self, request: dict[str, Any]) -> dict[str, Any]:
        opened = self._open(request)
        game = opened.game
        bot = self._named_bot(opened, request, hint=True)
        if game.to_act is None:
            raise RequestError("illegal_action", "The game is over: no bot has an action to give.")
        action = bot.act(game.observation(game.to_act), game.legal_choices())
        return {"action": str(action), "player": game.to_act}

    def _play_bots(self, request: dict[str, Any]) -> dict[str, Any]:
        """The bot plays every player's turn until one of the players ``until`` must act (or the game ends,
        or :data:`MAX_BOT_ACTIONS` were taken): the actions taken, the events they caused, and the view of
        ``viewer`` (default: the player now to act)."""
        opened = self._open(request)
        game = opened.game
        until = request.get("until", [])
        players = game.rules.seating.players
        stops = [until] if type(until) is int else until
        if not isinstance(stops, list) or len(stops) > players or not all(type(each) is int and 0 <= each < players for each in stops):
            raise RequestError(
                "bad_request",
                f"'until' must be a player's number from 0 to {players - 1}, or a list of them (the players the client plays).",
            )
        bot = self._named_bot(opened, request)
        viewer = self._player(request, game, "viewer", required=False)
        start, actions = len(game.events), list[str]()
        while game.to_act is not None and game.to_act not in stops and len(actions) < MAX_BOT_ACTIONS:
            action = bot.act(game.observation(game.to_act), game.legal_choices())
            actions.append(f"{game.acting_seat} {action}")
            game.apply(action)
        shown = viewer if viewer is not None else game.to_act if game.to_act is not None else (stops[0] if stops else 0)
        return {"actions": actions, "events": self._told(game, start, viewer), **self._view(game, shown)}

    def _save(self, request: dict[str, Any]) -> dict[str, Any]:
        return {"saved": self._open(request).game.to_dict()}

    def _load(self, request: dict[str, Any]) -> dict[str, Any]:
        saved = request.get("saved")
        if not isinstance(saved, dict):
            raise RequestError("bad_request", "'saved' must be a saved game (the object 'save' gives).")
        try:
            game = Game.from_dict(saved, folder=self.root)
        except VariantError as error:
            raise _invalid(error) from None
        except SavedGameError as error:
            if error.problems:  # its variant is what does not load (a file missing or invalid): as new_game says it
                raise _invalid_problems(error.problems, f"The saved game cannot be loaded: {str(error)[:500]}") from None
            raise RequestError("bad_request", f"The saved game cannot be loaded: {str(error)[:500]}") from None
        except (FiveHundredError, ValueError, TypeError) as error:
            raise RequestError("bad_request", f"The saved game cannot be loaded: {str(error)[:500]}") from None
        return self._table(self._add(game, None), game)

    def _transcript(self, request: dict[str, Any]) -> dict[str, Any]:
        game = self._open(request).game
        hand = request.get("hand")
        if hand is not None and (type(hand) is not int or not 0 <= hand < len(game.records)):
            raise RequestError("bad_request", f"'hand' must be a hand number from 0 to {len(game.records) - 1}, not {_sent(hand)}.")
        return {"transcript": json_form(game.transcript(hand))}

    def _close(self, request: dict[str, Any]) -> dict[str, Any]:
        self._open(request)
        del self.games[request["game"]]
        return {}

    def _quit(self, request: dict[str, Any]) -> dict[str, Any]:
        self.finished = True
        return {}


def serve(source: IO[bytes] | None = None, sink: IO[str] | None = None, root: str | None = None) -> int:
    """Answer requests from ``source`` (standard input) on ``sink`` (standard output), one line each,
    until ``quit`` or the end of input; returns the exit code (0)."""
    source = source if source is not None else sys.stdin.buffer
    # Replies are UTF-8 whatever the locale says (the protocol is UTF-8).
    wrapper = None if sink is not None else io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", newline="\n", write_through=True)
    session = Session(root)
    try:
        _serve_lines(session, source, sink or wrapper)  # type: ignore[arg-type]
    except (BrokenPipeError, ConnectionResetError):  # the client went away: nobody is left to answer
        pass
    finally:
        if wrapper is not None:
            wrapper.detach()  # standard output stays open for the program
    return 0


def _serve_lines(session: Session, source: IO[bytes], sink: IO[str]) -> None:
    while not session.finished:
        line = source.readline(MAX_LINE_BYTES)
        if not line:
            break
        if len(line) >= MAX_LINE_BYTES and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):  # skip the rest of the long line
                line = source.readline(MAX_LINE_BYTES)
            reply = session._reply(None, error=RequestError("line_too_long", f"A request line may have at most {MAX_LINE_BYTES:,} bytes."))
        else:
            reply = session.answer_line(line)
        sink.write(reply + "\n")
        sink.flush()
