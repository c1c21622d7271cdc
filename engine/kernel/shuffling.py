"""A shuffle drawing exactly what ``random.Random.shuffle`` draws, in compiled code.

``random.Random.shuffle`` is written in Python: a call per card to ``_randbelow``, itself Python. The
samplers shuffle a few dozen cards for every deal they draw (the expert draws up to 192 deals for a card
and 160 for a bid), so the interpreted loop was a good part of their time. :func:`shuffle` takes the same
numbers from the generator in the same order (``getrandbits`` of the bound's bit length, again while the
draw is out of range), so a seeded sample is the same deal either way; a test holds the two together.
"""

from __future__ import annotations

import random

from ..errors import UsageError, shown


def checked_seed(seed: object) -> int | str | None:
    """``seed``, checked: a seed ``random.Random`` cannot take the same way on every machine is refused with
    :class:`~engine.errors.UsageError`: one that is not a whole number, a string or ``None``, or a string
    holding a lone UTF-16 surrogate (a string seeds from its UTF-8 bytes, and such a string has none)."""
    if seed is not None and type(seed) is not int and type(seed) is not str:
        raise UsageError(f"A seed is a whole number or a string (or None), not {shown(seed)}.")
    if type(seed) is str and not seed.isascii():
        try:
            seed.encode("utf-8")
        except UnicodeEncodeError:
            raise UsageError(f"A string seed must be text: {ascii(seed)[:80]} holds a lone UTF-16 surrogate.") from None
    return seed


def shuffle(rng: random.Random, items: list[int]) -> None:
    """Shuffle ``items`` in place as ``rng.shuffle(items)`` does, with the same draws from ``rng`` (a
    generator of another class, which may draw differently, is asked to shuffle them itself)."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for position in range(len(items) - 1, 0, -1):
        bound = position + 1
        width = bound.bit_length()
        other = getrandbits(width)
        while other >= bound:
            other = getrandbits(width)
        items[position], items[other] = items[other], items[position]


__all__ = ["shuffle"]
