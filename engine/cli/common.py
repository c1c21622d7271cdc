"""What every ``fivehundred`` command shares: exit codes and an argument parser that never shows a traceback.

Exit codes follow check-jsonschema: 0 valid, 1 invalid, 2 usage error or a file that cannot be read.
"""

from __future__ import annotations

import argparse
import sys

EXIT_OK = 0
"""Success: every file valid, the command done."""
EXIT_INVALID = 1
"""Something given is invalid (a variant file, a transcript, an illegal action)."""
EXIT_USAGE = 2
"""A usage error or a file that cannot be read."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors name the command and exit with code 2, never a traceback."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")
