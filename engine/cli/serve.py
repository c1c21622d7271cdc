"""The ``serve`` command of ``fivehundred``: the engine protocol on standard input and output."""

from __future__ import annotations

import argparse
import os
from typing import Any

from ..protocol.server import MAX_LINE_BYTES, PROTOCOL, serve


def _folder(text: str) -> str:
    if not os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"{text[:200]!r} is not a folder")
    return text


def add_commands(commands: Any) -> None:
    """Add ``serve`` to the command parser."""
    command = commands.add_parser(
        "serve",
        help=f"speak the engine protocol ({PROTOCOL}): JSON lines on standard input and output (docs/protocol.md)",
        description=f"Answer {PROTOCOL} requests, one JSON object per line on standard input, one reply per line on standard "
        f"output, until 'quit' or the end of input. Lines over {MAX_LINE_BYTES:,} bytes are refused.",
    )
    command.add_argument("--root", type=_folder, help="the only folder a variant given by path is read from (default: the current folder)")
    command.set_defaults(handler=lambda args: serve(root=args.root))
