"""Exceptions and problem records shared by the whole engine.

One exception per kind of failure, in the style of python-chess: a variant file that cannot be used
raises :class:`VariantError` (carrying every :class:`Problem` found, not just the first), and an action
that the rules do not allow raises :class:`IllegalActionError`.
"""

from __future__ import annotations

import reprlib
from collections.abc import Sequence
from dataclasses import dataclass


def _printable(text: str) -> str:
    # A name given by a program may hold a lone surrogate, which no output encodes: escaped, it prints.
    return text if text.isascii() else text.encode("utf-8", "backslashreplace").decode("utf-8")


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with a variant file, located as precisely as the engine can."""

    file: str
    """The file the offending node is written in (a shipped variant's name when it is one)."""
    line: int
    """1-based line of the offending node; 0 when the problem concerns the file as a whole."""
    column: int
    """1-based column of the offending node; 0 when the problem concerns the file as a whole."""
    path: str
    """JSON path of the offending node in the merged document, such as ``$.deal.kitty``."""
    message: str
    """A full sentence saying what is wrong and, where there is one, what to write instead."""

    @property
    def place(self) -> str:
        """Where it is, as a compiler names a place: ``file:line:column``, or ``file`` alone for a problem with
        the whole file (a user trial read ``file:0:0`` as a bug)."""
        return f"{self.file}:{self.line}:{self.column}" if self.line else self.file

    def __str__(self) -> str:
        return _printable(f"{self.place}: {self.path}: {self.message}")

    def warning_text(self) -> str:
        """The problem as a warning is printed: ``file:line:column: path: warning: message`` (``file: path:
        warning: message`` for a warning about the whole file, as :attr:`place` names it)."""
        return _printable(f"{self.place}: {self.path}: warning: {self.message}")

    def to_dict(self) -> dict[str, object]:
        """The problem as a JSON-ready mapping (used by ``fivehundred validate --format json``)."""
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "path": self.path,
            "message": self.message,
        }


class FiveHundredError(Exception):
    """Base class of every error the engine raises on purpose."""


class VariantError(FiveHundredError):
    """A variant file (or one it extends) cannot be read, is invalid, or cannot be compiled.

    ``problems`` holds every problem found, in file and line order.
    """

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(sorted(set(problems)))
        super().__init__("\n".join(str(problem) for problem in self.problems))


class UnreadableFileError(VariantError):
    """A variant file cannot be opened or decoded at all (missing, a directory, not UTF-8, too large)."""


class UsageError(FiveHundredError, ValueError, TypeError):
    """An argument given to the engine's API is not one it accepts: of the wrong type (a seed that is not a
    number, rules that are not compiled rules) or out of range (a dealer or seat out of range, scores of the
    wrong length, a bot's setting out of range, an unknown bot name); nothing is changed. Also a
    ``ValueError`` and a ``TypeError``, as Python's own argument errors are."""


class NotFoundError(FiveHundredError, KeyError, IndexError):
    """A name or number names nothing here: a contract, strain or modifier of the variant, a card or suit
    of its deck, a hand of the game. Also a ``KeyError`` and an ``IndexError``, so that lookups keep their
    protocol (``get`` and ``in`` still work); its message is a full sentence, shown as is."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class IllegalActionError(FiveHundredError, ValueError):
    """An action is malformed or not allowed in the current state; the state is left unchanged."""


class ConcurrentUseError(FiveHundredError, RuntimeError):
    """A :class:`~engine.Game` was used by a second thread while a call on it was still running. A game is
    not thread-safe: the second call is refused, and the game is left as the first call leaves it."""


_shown_value = reprlib.Repr()
_shown_value.maxstring = 40
_shown_value.maxother = 40


def shown(value: object) -> str:
    """A short description of any value for an error message; never raises (a hostile ``repr`` is
    replaced by the type's name)."""
    try:
        return _shown_value.repr(value)
    except Exception:
        return f"<{type(value).__name__} object>"
