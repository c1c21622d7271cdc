"""The game's standing as a bidder weighs it: whether a hand's outcome would end the game, and for whom.

A contract's worth in points is not its worth in games. Near the end of a game the same result can win
it (the bidders reach the target), lose it (the bidders fall out the back door, or the defenders' trick
points carry them over the target first), or change nothing. :class:`Standing` reads that from the
kernel's own scoring (:func:`~engine.kernel.scoring.score_hand`) and end-of-game rule
(:func:`~engine.kernel.scoring.game_end`), so it holds for any variant's table and ending.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ..kernel.scoring import game_end, score_hand
from ..rules.contracts import Contract
from ..rules.ruleset import Rules

WON, PLAYS_ON, LOST = 1, 0, -1
"""What a hand's outcome does to the game for the declaring side: won, played on, lost."""


class Standing:
    """The scores before a hand, and what each outcome of a contract would make of the game."""

    def __init__(self, rules: Rules, team_of: Sequence[int], scores: tuple[int, ...]) -> None:
        self.rules = rules
        """The variant played."""
        self.team_of = tuple(team_of)
        """Each seat's team."""
        self.scores = scores
        """Each team's score before the hand."""

    def points(self, contract: Contract, declarer: int, tricks: int) -> float:
        """What ``declarer``'s side scores on the hand when it plays ``contract`` and takes ``tricks``, less
        the mean of the other teams' points (the defenders' tricks shared out as in :meth:`outcome`)."""
        team = self.team_of[declarer]
        scored = score_hand(self.rules, contract, declarer, self._taken(declarer, tricks), self.scores)
        others = [points for each, points in enumerate(scored.hand_points) if each != team]
        return scored.hand_points[team] - (sum(others) / len(others) if others else 0.0)

    def _taken(self, declarer: int, tricks: int) -> list[int]:
        """Each seat's tricks: ``tricks`` to the declarer, the rest to the other teams' seats in turn."""
        seats = len(self.team_of)
        team = self.team_of[declarer]
        taken = [0] * seats
        taken[declarer] = tricks
        others = [seat for seat in range(seats) if self.team_of[seat] != team]
        if others:
            for count in range(self.rules.deal.hand_size - tricks):
                taken[others[count % len(others)]] += 1
        return taken

    def outcome(self, contract: Contract, declarer: int, tricks: int) -> int:
        """:data:`WON`, :data:`LOST` or :data:`PLAYS_ON` for ``declarer``'s side when it plays ``contract``
        and its side takes ``tricks``: the defenders' tricks are shared out between the other teams' seats
        in turn (the nearest reading of trick points for more than one defending team)."""
        team = self.team_of[declarer]
        scored = score_hand(self.rules, contract, declarer, self._taken(declarer, tricks), self.scores)
        ending = game_end(self.rules, scored.scores, (team,), scored.made)
        if ending is None or ending[0] is None:
            return PLAYS_ON
        return WON if ending[0] == team else LOST

    def odds(self, contract: Contract, declarer: int, results: Iterable[tuple[float, int]]) -> tuple[float, float]:
        """The weighted shares of ``results`` ((weight, the declaring side's tricks) for sampled deals)
        in which playing ``contract`` wins the game for ``declarer``'s side, and in which it loses it."""
        total = won = lost = 0.0
        cache: dict[int, int] = {}
        for weight, tricks in results:
            result = cache.get(tricks)
            if result is None:
                result = cache[tricks] = self.outcome(contract, declarer, tricks)
            total += weight
            won += weight * (result == WON)
            lost += weight * (result == LOST)
        return (won / total, lost / total) if total else (0.0, 0.0)


__all__ = ["LOST", "PLAYS_ON", "WON", "Standing"]
