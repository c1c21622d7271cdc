"""How much skill a variant rewards: a chain of bots (expert, heuristic, random by default), each link a
stronger bot against a weaker one on duplicate deals.

For a link, the stronger bot takes one side's seats and the weaker bot every other seat; the same hands or
games are played once per side, the stronger bot moving round the table, so every deal is played by each
bot in each position (with two sides: the seats swapped). Each hand or game number is one unit: the
stronger bot's result averaged over its positions. Over hands that result is its side's points a hand ahead
of the average other side; over games, its share of the games won, against the fair share of one side.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..analysis.statistics import share_interval, t_quantile
from ..bots import BOT_NAMES
from .figures import TEAM_POINTS, TEAM_WINS, Moments, Row
from .inference import SMALL_SAMPLE
from .runner import Execution, SimulationError, SimulationSettings, _rules, execution_of, simulate_group

CHAIN = ("expert", "heuristic", "random")
"""The default chain, strongest first."""


@dataclass(frozen=True)
class SkillLink:
    """One link of the chain: how far the stronger bot came out ahead of the weaker."""

    stronger: str
    """The stronger bot's name."""
    weaker: str
    """The weaker bot's name."""
    units: int
    """Hands or games per position."""
    games: bool
    """Whether whole games were played (else hands)."""
    measure: float
    """Over games, the stronger side's share of the games won; over hands, its points a hand ahead of the
    average other side."""
    interval: tuple[float, float]
    """The measure's 95% interval: for a share of games, a Wilson interval (within 0 and 1); for points,
    Student's t over the units (:func:`~engine.analysis.statistics.share_interval`)."""
    fair: float
    """What the measure would be with bots of equal strength: one side's share of the games (over games),
    0 (over hands)."""

    @property
    def edge(self) -> float:
        """How far the measure is above fair."""
        return self.measure - self.fair

    def to_dict(self) -> dict[str, object]:
        """JSON-ready."""
        return {
            "stronger": self.stronger,
            "weaker": self.weaker,
            "units": self.units,
            "measure": "share of games won" if self.games else "points a hand ahead",
            "value": round(self.measure, 4),
            "interval_95": [round(self.interval[0], 4), round(self.interval[1], 4)],
            "fair": round(self.fair, 4),
            "edge": round(self.edge, 4),
        }


def skill_chain(
    variant: str,
    *,
    hands: int = 0,
    games: int = 0,
    seed: int = 0,
    chain: Sequence[str] = CHAIN,
    execution: Execution | None = None,
    workers: int | None = None,
    cluster: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    on_unit: Callable[[], None] | None = None,
) -> list[SkillLink]:
    """Play each link of ``chain`` (bot names, strongest first) on duplicate deals of ``variant`` and
    measure the stronger bot's edge. Arguments as for :func:`~engine.simulation.simulate`
    (``execution``, or its fields as keywords)."""
    if len(chain) < 2 or any(name not in BOT_NAMES for name in chain):
        raise SimulationError(f"A skill chain names two or more bots, strongest first, from {', '.join(BOT_NAMES)}.")
    execution = execution_of(execution, workers, cluster, progress, on_unit)
    rules = _rules(variant)
    seating = rules.seating
    sides = len(seating.teams)
    links = []
    pairs = list(zip(chain, chain[1:]))
    for index, (stronger, weaker) in enumerate(pairs):
        group = [
            SimulationSettings(
                variant,
                hands,
                games,
                seed,
                tuple(stronger if seating.team_of(player) == side else weaker for player in range(seating.players)),
            )
            for side in range(sides)
        ]
        moments = Moments()

        def fold(rows: list[list[Row]], moments: Moments = moments) -> None:
            for unit in zip(*rows):
                moments.add({"measure": sum(_outcome(row, side, sides, bool(games)) for side, row in enumerate(unit)) / sides})

        # Each link's chunks count on from the links before (a trial's line ran to 60 of 40 games, and said
        # "calibrating" as each link began).
        simulate_group(group, dataclasses.replace(execution, progress=_counted_on(execution.progress, index, len(pairs))), fold=fold)
        mean, variance, count = moments.mean("measure"), moments.variance("measure"), moments.count
        if games:  # a share of games: an interval that stays within 0 and 1
            interval = share_interval(mean, variance, count)
        else:  # points a hand: Student's t, as wide as few hands allow
            error = math.sqrt(variance / count) if count else 0.0
            quantile = t_quantile(count - 1)
            interval = (mean - quantile * error, mean + quantile * error)
        links.append(SkillLink(stronger, weaker, hands or games, bool(games), mean, interval, 1 / sides if games else 0.0))
    return links


def _counted_on(told: Callable[[int, int], None] | None, index: int, links: int) -> Callable[[int, int], None] | None:
    """``told`` (``progress(done, chunks)``) for the ``index``-th of ``links`` links, each of as many chunks:
    its chunks counted on from the links before it."""
    if told is None:
        return None

    def progress(done: int, chunks: int) -> None:
        told(index * chunks + done, links * chunks)

    return progress


def _outcome(row: Row, side: int, sides: int, games: bool) -> float:
    """The stronger bot's result in one unit where it held ``side``."""
    if games:
        return row.get(TEAM_WINS.format(team=side), 0.0)
    own = row.get(TEAM_POINTS.format(team=side), 0.0)
    others = sum(row.get(TEAM_POINTS.format(team=team), 0.0) for team in range(sides) if team != side)
    return own - others / (sides - 1)


def skill_text(links: Sequence[SkillLink]) -> list[str]:
    """The chain in a few lines."""
    lines = ["", "Skill (stronger bot against weaker on duplicate deals, each in every position):"]
    for link in links:
        low, high = link.interval
        if link.games:
            lines.append(
                f"  {link.stronger} over {link.weaker}: won {100 * link.measure:.1f}% of {link.units} games a position "
                f"(95% interval {100 * low:.1f}-{100 * high:.1f}%; fair {100 * link.fair:.0f}%)."
            )
        else:
            lines.append(
                f"  {link.stronger} over {link.weaker}: {link.measure:+.1f} points a hand ahead over {link.units} hands "
                f"(95% interval {low:+.1f} to {high:+.1f})."
            )
        if link.units < SMALL_SAMPLE:
            lines.append(
                f"    (Only {link.units} {'games' if link.games else 'hands'} a position: the interval is a rough guide; "
                f"simulate {SMALL_SAMPLE} or more for one to rely on.)"
            )
    return lines
