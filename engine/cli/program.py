"""The ``fivehundred`` program: its argument parser, made of one module per command group, and ``main``.

Exit codes follow check-jsonschema: 0 valid, 1 invalid, 2 usage error or a file that cannot be read.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from . import replay, simulation, variants
from .common import EXIT_OK, Parser


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``fivehundred`` command."""
    parser = Parser(prog="fivehundred", description="A rules engine for the card game 500: house-rules variant files, validation and play.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    commands.required = True

    variants.add_commands(commands)
    replay.add_commands(commands)
    simulation.add_commands(commands)
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
