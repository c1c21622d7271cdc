"""The ``web`` command of ``fivehundred``: the card table, the editor and the reports in a browser.

The server library (aiohttp, the ``web`` extra) is imported only when the command runs; without it the
command exits 2 with a sentence saying how to install it.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import webbrowser
from typing import Any

from .common import EXIT_OK, EXIT_USAGE


def _port(text: str) -> int:
    if not text.isdecimal() or len(text) > 5 or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a port number from 0 to 65535 (0: a free port)")
    return int(text)


def missing_web_extra() -> str | None:
    """The sentence to print when the ``web`` extra is not installed, else ``None``."""
    if importlib.util.find_spec("aiohttp") is None:
        return "fivehundred web needs the web extra: pip install aiohttp matplotlib (or, in the engine's folder, pip install '.[web]')."
    return None


def command_web(args: argparse.Namespace) -> int:
    """``fivehundred web``: serve the page until interrupted."""
    missing = missing_web_extra()
    if missing is not None:
        print(missing, file=sys.stderr)
        return EXIT_USAGE
    from ..web.server import WebTable, serve_forever

    table = WebTable(os.getcwd(), args.port)

    def ready(started: WebTable) -> None:
        print(f"fivehundred web: the card table is at {started.address}", flush=True)
        print(f"Files are read and written under {started.root} only. Press Ctrl-C to stop.", flush=True)
        if args.open:
            webbrowser.open(started.address)

    try:
        serve_forever(table, ready)
    except OSError as error:
        print(f"fivehundred web: cannot listen on 127.0.0.1 port {args.port}: {error.strerror or error}.", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("fivehundred web: stopped.", file=sys.stderr)
    return EXIT_OK


def add_commands(commands: Any) -> None:
    """Add ``web`` to the command parser."""
    command = commands.add_parser(
        "web",
        help="open the card table, the house-rules editor and the reports in a browser (needs the web extra)",
        description="Serve the web table on 127.0.0.1 and print its address (with a random token that every request "
        "must carry). Files are read and written only under the folder it was started in.",
    )
    command.add_argument("--port", type=_port, default=0, help="the port to listen on (default 0: a free port)")
    command.add_argument("--open", action="store_true", help="open the address in the default browser")
    command.set_defaults(handler=command_web)
