"""Suggestions for misspelt words, shared by every message that offers one."""

from __future__ import annotations

import difflib


def suggestion(word: str, options: list[str]) -> str:
    """`` Did you mean 'x'?`` for the closest option, or an empty string."""
    # Short words (strain ids such as NX for NT) differ by a larger share for one wrong letter.
    close = difflib.get_close_matches(word, options, n=1, cutoff=0.5 if len(word) <= 3 else 0.6)
    if not close:
        close = [option for option in options if option.lower() == word.lower()]
    return f" Did you mean '{close[0]}'?" if close else ""
