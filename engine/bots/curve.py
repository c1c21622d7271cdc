"""A trick contract's measured curve: the tricks a declaring side takes at each reading of its hand
(:mod:`~engine.bots.trick_curve` measures it per variant). A record of its own module, which the optional
compiled build compiles, since the bots read its numbers at every bid they weigh (docs/speed.md)."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ..rules.records import Record


@dataclass(frozen=True, eq=False, repr=False)
class TrickCurve(Record):
    """The tricks a declaring side takes at each reading of its hand, in one kind of strain."""

    intercept: float
    """Tricks taken at a reading of none (the line's intercept)."""
    slope: float
    """Tricks taken per trick read."""
    spread: float
    """How far the tricks taken spread around the line (one standard deviation)."""
    knee: float = math.inf
    """The reading above which the line rises by :attr:`upper_slope` (no knee: infinity)."""
    upper_slope: float = 1.0
    """Tricks taken per trick read above the knee."""

    def expected(self, reading: float) -> float:
        """The tricks expected when the bot reads ``reading``."""
        return expected_at(self, reading)

    def least_reading(self, tricks: float) -> float:
        """The least reading at which :meth:`expected` reaches ``tricks`` (its inverse; the slopes are positive)."""
        at_knee = self.intercept + self.slope * self.knee
        if tricks <= at_knee:
            return (tricks - self.intercept) / self.slope
        return self.knee + (tricks - at_knee) / self.upper_slope

    def made_chance(self, reading: float, tricks: int) -> float:
        """The chance of taking at least ``tricks`` at ``reading`` (each count taking the half-trick either side)."""
        return 0.5 * (1.0 - math.erf((tricks - 0.5 - self.expected(reading)) / (self.spread * math.sqrt(2.0))))

    def lifted_at_most(self, lift: float) -> TrickCurve:
        """This curve with its intercept at most ``lift`` (slope one: it raises no reading by more)."""
        return self if self.intercept <= lift else replace(self, intercept=lift)

    def to_data(self) -> list[float]:
        """The curve as five numbers (intercept, slope, spread, knee, slope above the knee), for JSON (a
        curve without a knee: its knee at 1000)."""
        knee = min(self.knee, NO_KNEE)
        return [round(self.intercept, 6), round(self.slope, 6), round(self.spread, 6), round(knee, 6), round(self.upper_slope, 6)]


NO_KNEE = 1000.0
"""A knee no reading reaches: how a curve without one is written (JSON has no infinity)."""


def expected_at(curve: TrickCurve, reading: float) -> float:
    """:meth:`TrickCurve.expected`: the tricks ``curve`` expects at ``reading``, its slope up to the knee
    and its upper slope past it."""
    if reading <= curve.knee:
        return curve.intercept + curve.slope * reading
    return curve.intercept + curve.slope * curve.knee + curve.upper_slope * (reading - curve.knee)


__all__ = ["NO_KNEE", "TrickCurve", "expected_at"]
