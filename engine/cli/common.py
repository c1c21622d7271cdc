"""What every ``fivehundred`` command shares: exit codes and an argument parser that never shows a traceback.

Exit codes follow check-jsonschema: 0 valid, 1 invalid, 2 usage error or a file that cannot be read or
written; 3 is kept for an error inside the engine itself (a bug: the message asks for a report).
"""

from __future__ import annotations

import argparse
import sys

EXIT_OK = 0
"""Success: every file valid, the command done."""
EXIT_INVALID = 1
"""Something given is invalid (a variant file, a transcript, an illegal action)."""
EXIT_USAGE = 2
"""A usage error or a file that cannot be read or written."""
EXIT_INTERNAL = 3
"""An error inside the engine (a bug), reported in one line instead of a traceback."""


def internal_error(error: BaseException) -> str:
    """The one-line report of an unexpected error inside the engine."""
    return f"internal error, please report it with the command that caused it: {type(error).__name__}: {str(error)[:300]}"


class Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors name the command and exit with code 2, never a traceback."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")
