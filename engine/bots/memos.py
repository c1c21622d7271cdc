"""What the bots of a process remember of a variant across hands and across bots.

The simulator makes its bots afresh for each chunk of hands, and each seat has a bot of its own, yet what
a contract scores, or which counts of tricks serve a side at given scores, is the same for all of them:
a pure function of the rules, the seating and its arguments. So those answers are kept here, per
variant and seating, for every bot of the process (each memo cleared when it grows past
:data:`MEMO_LIMIT` entries). Only pure answers are kept, so a bot decides the same whatever another bot
asked before it: results do not depend on the order of hands or the number of workers.
"""

from __future__ import annotations

from typing import Final

from ..rules.contracts import Contract
from ..rules.ruleset import Rules

MEMO_LIMIT: Final = 16384
"""Entries each memo of a variant keeps before it is cleared (a bound on memory)."""

Terms = tuple[str, int, int, int]
"""A contract's terms as the memos read them (:func:`terms`)."""
PointsKey = tuple[Terms, int, int, tuple[int, ...], int, int]
"""A contract's terms, declarer, tricks, the scores as far as a hand's points read them, called partner
and team (:meth:`~engine.bots.valuation.Valuation.points`)."""
RowKey = tuple[Terms, int, tuple[int, ...], int]
"""A contract's terms, declarer, scores read as for :data:`PointsKey`, and called partner."""
PlanKey = tuple[Terms, int, tuple[int, ...], int]
"""A contract's terms, declarer, the scores and the team (:func:`~engine.bots.steering.trick_plan`)."""
EndKey = tuple[Terms, int, int, tuple[int, ...]]
"""A contract's terms, declarer, tricks and the scores (:meth:`~engine.bots.standing.Standing.after`)."""


def terms(contract: Contract) -> Terms:
    """What a hand's scoring reads of ``contract``: a call or a modifier keeps the bid's id with other
    terms, so its value and the tricks it asks for are read too."""
    return (contract.id, contract.value, contract.target.minimum, contract.target.maximum)


class VariantMemos:
    """The memos of one variant and seating."""

    def __init__(self, rules: Rules, team_of: tuple[int, ...]) -> None:
        self.rules = rules
        """The variant (held, so that its ``id`` is not reused while the memos are kept)."""
        self.team_of = team_of
        """Each seat's team."""
        self.points: dict[PointsKey, float] = {}
        """:meth:`~engine.bots.valuation.Valuation.points`."""
        self.rows: dict[RowKey, tuple[float, ...]] = {}
        """:meth:`~engine.bots.valuation.Valuation.trick_worth`'s points for every count of tricks."""
        self.chances: dict[tuple[float, float], tuple[float, ...]] = {}
        """:meth:`~engine.bots.valuation.Valuation.trick_chances`."""
        self.plans: dict[PlanKey, tuple[int, int] | None] = {}
        """:func:`~engine.bots.steering.trick_plan`."""
        self.ends: dict[EndKey, tuple[int | None, tuple[int, ...]]] = {}
        """:meth:`~engine.bots.standing.Standing.after`."""


_MEMOS: dict[int, VariantMemos] = {}


def memos_of(rules: Rules, team_of: tuple[int, ...]) -> VariantMemos:
    """The memos of ``rules`` with the seating ``team_of``."""
    memos = _MEMOS.get(id(rules))
    if memos is None or memos.rules is not rules or memos.team_of != team_of:
        if len(_MEMOS) >= 64:
            _MEMOS.clear()
        memos = _MEMOS[id(rules)] = VariantMemos(rules, team_of)
    return memos


__all__ = ["MEMO_LIMIT", "EndKey", "PlanKey", "PointsKey", "RowKey", "Terms", "VariantMemos", "memos_of", "terms"]
