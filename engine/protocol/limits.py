"""The protocol's name and its bounds, kept apart from the server so that the command line's help can
name them without loading it."""

from __future__ import annotations

PROTOCOL = "fivehundred/1"
"""The protocol's name and version, as ``hello`` gives it."""
MAX_LINE_BYTES = 1 << 20
"""Longest request line read (1 MiB, newline included); a longer one is refused with ``line_too_long``."""
MAX_GAMES = 256
"""Most games open in one session at once; ``close`` frees one."""
MAX_LISTED = 5000
"""Most legal actions listed in one reply (a kitty discard may have thousands: they are described)."""

__all__ = ["MAX_GAMES", "MAX_LINE_BYTES", "MAX_LISTED", "PROTOCOL"]
