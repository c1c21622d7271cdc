"""Stage 10, the command line: arguments in, the ``fivehundred`` program's output and exit code out.

:mod:`~engine.cli.program` builds the parser and runs a command; each command group has its own module:
:mod:`~engine.cli.variants` (``validate``, ``show``, ``variants``, ``schema``), :mod:`~engine.cli.replay`
(``replay``), :mod:`~engine.cli.simulation` (``simulate``, ``compare``) and :mod:`~engine.cli.play`
(``play``, drawn by :mod:`~engine.cli.table_view` and told by :mod:`~engine.cli.narration`). :mod:`~engine.cli.common` holds
the exit codes (0 valid, 1 invalid, 2 usage error) and a parser that never shows a traceback.
"""

from __future__ import annotations

from .program import build_parser, main

__all__ = ["build_parser", "main"]
