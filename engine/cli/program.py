"""The ``fivehundred`` program: its argument parser, made of one module per command group, and ``main``.

Exit codes follow check-jsonschema: 0 valid, 1 invalid, 2 usage error or a file that cannot be read or
written, 3 an error inside the engine (never a traceback).
"""

from __future__ import annotations

import argparse
import importlib
import io
import sys
from collections.abc import Sequence
from typing import Any

from .common import EXIT_INTERNAL, EXIT_OK, Parser, internal_error


class _Version(argparse.Action):
    """``--version``: the installed version, looked up only when asked (importlib.metadata is slow to load)."""

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option_string: str | None = None
    ) -> None:
        from importlib import metadata

        try:
            version = metadata.version("fivehundred")
        except metadata.PackageNotFoundError:  # run from a source tree that was never installed
            version = "unknown (not installed)"
        print(f"fivehundred {version}")  # on standard output, as argparse's own version action prints it
        parser.exit()


GROUPS = ("variants", "replay", "simulation", "sweep", "serve", "web", "play", "analyze")
"""The modules of ``engine.cli`` that add commands, in the order the help lists them."""

COMMANDS = {
    **dict.fromkeys(("validate", "show", "variants", "schema", "reference"), "variants"),
    "replay": "replay",
    **dict.fromkeys(("simulate", "compare"), "simulation"),
    "sweep": "sweep",
    "serve": "serve",
    "web": "web",
    "play": "play",
    "analyze": "analyze",
}
"""Each command and the module that adds it."""


def build_parser(groups: Sequence[str] = GROUPS) -> argparse.ArgumentParser:
    """The argument parser of the ``fivehundred`` command (with ``groups``: only those modules' commands)."""
    parser = Parser(prog="fivehundred", description="A rules engine for the card game 500: house-rules variant files, validation and play.")
    parser.add_argument("--version", action=_Version, nargs=0, help="show the program's version and exit")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    commands.required = True
    for group in groups:
        importlib.import_module(f".{group}", __package__).add_commands(commands)
    return parser


def _parser_for(argv: Sequence[str]) -> argparse.ArgumentParser:
    # A command named first needs only its own module: the others (the play screen, the solver, the
    # protocol server) are not loaded, which is most of the program's start-up. Anything else (help, a
    # misspelt command) gets the whole parser.
    group = COMMANDS.get(argv[0]) if argv else None
    return build_parser((group,) if group is not None else GROUPS)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    for stream in (sys.stdout, sys.stderr):
        # A terminal that cannot show a character (a suit symbol, a name in a file) gets an escape, not a crash.
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    arguments = list(sys.argv[1:] if argv is None else argv)
    args = _parser_for(arguments).parse_args(arguments)
    try:
        code: int = args.handler(args)
        sys.stdout.flush()
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # Output piped into a command that stopped reading (``| head``): not an error worth a traceback.
        sys.stderr.close()
        return EXIT_OK
    except Exception as error:
        print(f"fivehundred: {internal_error(error)}", file=sys.stderr)
        return EXIT_INTERNAL
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

__all__ = ["main", "build_parser"]
