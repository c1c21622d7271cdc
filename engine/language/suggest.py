"""Suggestions for misspelt words, shared by every message that offers one.

Only what may be written where the word was is suggested: a name that exists but is not allowed there
(a contract switched off with ``allowed: false``, a modifier where a bid is needed) is passed as
``unavailable`` with the reason, and when it is the closest match the message says why it is not
suggested instead of suggesting it.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Mapping


def unaccented(word: str) -> str:
    """``word`` without its accents (``misère`` → ``misere``): the names of a variant file are plain ASCII,
    and an author writes the word as it is spelt."""
    return "".join(char for char in unicodedata.normalize("NFKD", word) if not unicodedata.combining(char))


def _closest(word: str, options: list[str]) -> str | None:
    # Short words (strain ids such as NX for NT) differ by a larger share for one wrong letter.
    close = difflib.get_close_matches(word, options, n=1, cutoff=0.5 if len(word) <= 3 else 0.6)
    if not close:
        close = [option for option in options if option.lower() == word.lower()]
    return close[0] if close else None


def suggestion(word: str, options: list[str], unavailable: Mapping[str, str] | None = None) -> str:
    """`` Did you mean 'x'?`` for the closest of ``options`` (what may be written here), or an empty string.

    ``unavailable`` maps names that exist but may not be written here to why (``"it is switched off
    (allowed: false)"``); one that is closer than every option is never suggested: the message says why
    it is not, then suggests the closest option if there is one."""
    allowed = _closest(word, options)
    offer = f" Did you mean '{allowed}'?" if allowed is not None else ""
    refused = {name: why for name, why in (unavailable or {}).items() if name not in options}
    if refused:
        overall = _closest(word, list(options) + list(refused))
        if overall is not None and overall in refused:
            return f" '{overall}' is close, but {refused[overall]}.{offer}"
    return offer
