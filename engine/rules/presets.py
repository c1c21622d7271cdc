"""Named presets: the packs and value tables players call by name.

Each named pack is written in the long form a variant file could use, so presets and spelled-out decks
go through the same compiler.
"""

from __future__ import annotations

from collections.abc import Callable

_A_TO = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]


def _down_to(lowest: str) -> list[str]:
    return _A_TO[: _A_TO.index(lowest) + 1]


DECKS: dict[str, dict[str, object]] = {
    "25-card": {"ranks": _down_to("9"), "jokers": 1},
    "33-card": {"ranks": _down_to("7"), "jokers": 1},
    "43-card": {"ranks": _down_to("5"), "add": ["4D", "4H"], "jokers": 1},
    "43-card-trump-colour-four": {"ranks": _down_to("5"), "add": ["4C", "4H"], "jokers": 1},
    "44-card": {"ranks": _down_to("5"), "add": ["4D", "4H"], "jokers": 2},
    "45-card": {"ranks": _down_to("4"), "jokers": 1},
    "46-card": {"ranks": _down_to("4"), "jokers": 2},
    "52-card": {"ranks": _down_to("2"), "jokers": 0},
    "53-card": {"ranks": _down_to("2"), "jokers": 1},
    "63-card": {"ranks": _down_to("2") + ["11", "12"], "add": ["13D", "13H"], "jokers": 1},
    "65-card": {"ranks": _down_to("2") + ["11", "12", "13"], "jokers": 1},
}
"""Named packs in long form (ranks in every suit, extra cards, number of jokers)."""


STANDARD_STRAIN_ORDER = ("S", "C", "D", "H", "NT")
"""The strains the named value tables are written for, lowest first."""


def _avondale_like(six_spades: int) -> Callable[[int, str], int | None]:
    def value(level: int, strain: str) -> int | None:
        if strain not in STANDARD_STRAIN_ORDER:
            return None
        return six_spades + 100 * (level - 6) + 20 * STANDARD_STRAIN_ORDER.index(strain)

    return value


def _original(level: int, strain: str) -> int | None:
    # The 1904 table: (tricks - 4) x 20, 40, 60, 80, 100 for spades .. no trump.
    if strain not in STANDARD_STRAIN_ORDER:
        return None
    return (level - 4) * 20 * (STANDARD_STRAIN_ORDER.index(strain) + 1)


VALUE_TABLES: dict[str, Callable[[int, str], int | None]] = {
    "avondale": _avondale_like(40),
    "australian-deck": _avondale_like(40),
    "perfect": _avondale_like(20),
    "original": _original,
}
"""Named value tables: value(level, strain id), or ``None`` for a strain the table does not cover."""
