"""``python -m engine``: the ``fivehundred`` command, for where the console script is not on the path."""

from __future__ import annotations

import sys

from .cli.program import main

if __name__ == "__main__":
    sys.exit(main())
