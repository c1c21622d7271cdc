"""What every ``fivehundred`` command shares: exit codes and an argument parser that never shows a traceback.

Exit codes follow check-jsonschema: 0 valid, 1 invalid, 2 usage error or a file that cannot be read or
written; 3 is kept for an error inside the engine itself (a bug: the message asks for a report).
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import stat
import sys
from typing import Any

from ..bots import BOT_NAMES
from ..errors import Problem, VariantError
from ..game.saving import READABLE as SAVED_GAME_FORMATS
from ..language.resources import shipped_variant_path
from ..language.writing import replace_whole
from ..rules.never_apply import variant_warnings
from ..rules.ruleset import Rules

EXIT_OK = 0
"""Success: every file valid, the command done."""
EXIT_INVALID = 1
"""Something given is invalid (a variant file, a transcript, an illegal action)."""
EXIT_USAGE = 2
"""A usage error or a file that cannot be read or written."""
EXIT_INTERNAL = 3
"""An error inside the engine (a bug), reported in one line instead of a traceback."""
EXIT_LIMIT = 4
"""The work stopped at its documented limit (``analyze --max-positions``); what was done is printed."""


def internal_error(error: BaseException) -> str:
    """The one-line report of an unexpected error inside the engine."""
    return f"internal error, please report it with the command that caused it: {type(error).__name__}: {str(error)[:300]}"


def warnings_of(reference: str, rules: Rules, shipped: bool = True) -> list[Problem]:
    """The validation warnings of the variant ``reference``, compiled into ``rules`` (see
    :mod:`engine.rules.never_apply`); none if the file can no longer be read (it changed meanwhile), nor,
    unless ``shipped``, for a shipped variant named as such (`simulate` and `show` tell an author of their
    own file; a player of a shipped game cannot change it, and `validate` still lists them)."""
    if not shipped and shipped_variant_path(reference) is not None and not os.path.exists(reference):
        return []
    try:
        return variant_warnings(reference, rules)
    except VariantError:
        return []


class Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors name the command and exit with code 2, never a traceback."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def seed_argument(text: str) -> int:
    """``--seed``: a whole number of at most 40 digits."""
    if len(text) > 40:
        raise argparse.ArgumentTypeError("a seed has at most 40 digits")
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def bots_argument(text: str) -> list[str]:
    """``--bots``: shipped bots' names, comma-separated."""
    names = [name.strip() for name in text.split(",")]
    if not any(names):
        raise argparse.ArgumentTypeError(f"give a bot per seat, such as heuristic,random,heuristic,random (bots: {', '.join(BOT_NAMES)})")
    unknown = [name for name in names if name not in BOT_NAMES]
    if unknown:
        raise argparse.ArgumentTypeError(f"there is no bot called {unknown[0][:40]!r}; choose from {', '.join(BOT_NAMES)}")
    return names


def file_name_argument(text: str) -> str:
    """A file name argument: not empty."""
    if not text.strip():
        raise argparse.ArgumentTypeError("give a file name")
    return text


class UnwritablePathError(OSError):
    """An output path that names something other than a regular file or a new path; its ``strerror``
    says what, naming the path."""


def output_refusal(path: str) -> str | None:
    """Why the program may not write ``path``, or ``None``: output goes only to a regular file (never
    through a link) or to a path that does not exist yet, never to a folder, a pipe, a device or a
    socket, which replacing would destroy or writing would block on."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:  # ValueError: a NUL in the name
        return f"{path!r} cannot be checked ({getattr(error, 'strerror', None) or error})"
    mode = info.st_mode
    if stat.S_ISREG(mode):
        return None
    kinds = [
        (stat.S_ISLNK, "a link"),
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a pipe"),
        (stat.S_ISCHR, "a device"),
        (stat.S_ISBLK, "a device"),
        (stat.S_ISSOCK, "a socket"),
    ]
    kind = next((name for test, name in kinds if test(mode)), "not a regular file")
    return f"{path} is {kind}; output goes only to a regular file or a new path"


def output_file_argument(text: str) -> str:
    """An output file argument: a file name that is a regular file or a new path (see :func:`output_refusal`)."""
    text = file_name_argument(text)
    reason = output_refusal(text)
    if reason is not None:
        raise argparse.ArgumentTypeError(reason)
    return text


class RecordFileError(ValueError):
    """A file given as a transcript or a saved game that cannot be read as JSON: what is wrong, in a
    sentence naming the file."""

    def __init__(self, message: str, *, unreadable: bool = False) -> None:
        super().__init__(message)
        self.unreadable = unreadable
        """Whether the file itself could not be read (not a regular file, too large): a usage error,
        where a file read but not valid JSON is invalid input."""


def read_json_file(path: str, limit: int) -> Any:
    """The JSON data in the file at ``path``, read without blocking: opened first, then checked through
    its descriptor to be a regular file (a pipe or a device is refused at once, never read) of at most
    ``limit`` bytes. Raises ``OSError`` when it cannot be opened, :class:`RecordFileError` for anything
    else (not a regular file, too large, not UTF-8, not JSON, nested too deeply)."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except ValueError as error:  # a NUL, or text the file system cannot encode (a lone surrogate)
        raise RecordFileError(f"{path!r:.200} cannot be a file name here ({error}).", unreadable=True) from None
    with os.fdopen(descriptor, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise RecordFileError(f"{path} is not a regular file (a folder, pipe or device); give a .json file.", unreadable=True)
        raw = handle.read(limit + 1)
    if len(raw) > limit:
        raise RecordFileError(f"{path} is over {limit // 2**20} MiB, too large for a transcript or a saved game.", unreadable=True)
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise RecordFileError(f"{path} is not UTF-8 text (bad byte at offset {error.start}).") from None
    except RecursionError:
        raise RecordFileError(f"{path}: its JSON is nested too deeply to be a transcript or a saved game.") from None
    except ValueError as error:
        raise RecordFileError(f"{path}: not JSON: {error}") from None


MAX_SAVED_BYTES = 16 * 2**20
"""The largest file :func:`saved_game_kind` reads to tell whether it is a saved game (larger: not one)."""


def saved_game_kind(path: str) -> str:
    """What ``path`` holds, for a writer that may replace only its own saved games: ``"none"`` (nothing
    there yet), ``"saved"`` (a saved game of this engine: its ``format`` tag), ``"other"`` (anything else:
    a transcript, a note, a folder) or ``"unreadable"`` (there, but it could not be read)."""
    if not os.path.lexists(path):
        return "none"
    try:
        data = read_json_file(path, MAX_SAVED_BYTES)
    except (RecordFileError, UnicodeDecodeError):  # not JSON, not a regular file, too large: not ours
        return "other"
    except OSError:
        return "unreadable"
    return "saved" if isinstance(data, dict) and data.get("format") in SAVED_GAME_FORMATS else "other"


def write_atomically(path: str, text: str, *, new_only: bool = False) -> None:
    """Write ``text`` to ``path`` whole or not at all (a temporary file beside it, then renamed), so an
    interruption never leaves half a report; raises ``OSError`` (:class:`UnwritablePathError` for a path
    that is not a regular file or a new one, checked first: nothing is replaced then; with ``new_only``,
    ``FileExistsError`` where a file is there when it would land)."""
    reason = output_refusal(path)
    if reason is not None:
        raise UnwritablePathError(errno.EINVAL, reason)
    replace_whole(path, text.encode("utf-8"), new_only=new_only)
