"""What a bid is worth: the expected score of a contract under the variant's own scoring.

The threshold bot bids a contract when its hand clears a fixed margin, whatever the contract scores, so a
house rule that changes a value (misère worth 150 or 400, a bigger slam bonus, a failed contract paid to
the other side) changed only the arithmetic of a simulation, never the bidding. :class:`Valuation` reads a
contract's worth from the kernel's scoring (:func:`~engine.kernel.scoring.score_hand`, through
:meth:`~engine.bots.standing.Standing.points`): the points the bidder's side scores on the hand less the
mean of the other sides', for each count of tricks it may take, weighed by the chance of that count. So
whatever the variant pays (the value table, trick points to the defenders, a slam bonus, subtracting or
paying a failed contract to the other side, a score that never falls), the worth follows it.

The chances come from the bot's own reading of its hand: for a trick contract a normal spread around the
tricks the variant's measured :class:`~engine.bots.trick_curve.TrickCurve` expects at its reading (or of
:data:`~engine.bots.standing.TRICK_SPREAD` tricks around the reading itself); for a misère, hi/lo or any contract
calibrated by play-outs, the share made at its danger on the variant's calibrated curve
(:func:`~engine.bots.calibration.made_share`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..kernel.calls import terms_of
from ..kernel.phase import PASS_MOVE
from ..kernel.scoring import points_key
from ..kernel.tables import tables_for
from ..rules.contracts import Contract, PartnerRole
from ..rules.ruleset import BreachRule, Rules
from .curve import TrickCurve, expected_at
from .memos import MEMO_LIMIT, memos_of, terms
from .standing import TRICK_SPREAD, Standing


def made_share(curve: tuple[float, float], danger: float) -> float:
    """The chance a hand of ``danger`` is made on the logistic ``curve`` ``(a, b)`` (a calibration's curve,
    :mod:`~engine.bots.calibration`; here, compiled, since the bidding reads it for every misère weighed)."""
    exponent = curve[0] + curve[1] * danger
    if exponent < -30.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-exponent))


class Valuation:
    """Expected scores of contracts for one variant and seating, memoised in the process per variant
    (as far as a hand's points read the scores, :func:`~engine.kernel.scoring.points_key`)."""

    def __init__(self, rules: Rules, team_of: Sequence[int]) -> None:
        self.rules = rules
        """The variant played."""
        self.team_of = tuple(team_of)
        """Each seat's team."""
        memos = memos_of(rules, self.team_of)
        self._points = memos.points
        self._hand_size = rules.deal.hand_size
        self._rows = memos.rows
        self._chances = memos.chances

    def points(self, contract: Contract, declarer: int, tricks: int, scores: tuple[int, ...], partner: int = -1, team: int = -1) -> float:
        """What ``declarer``'s side scores on the hand, less the mean of the other sides', when it plays
        ``contract`` from ``scores`` and takes ``tricks`` (:meth:`~engine.bots.standing.Standing.points`),
        with the called ``partner`` (``-1``: none); with ``team`` (``-1``: the declarer's), what that
        team scores less the mean of the others'."""
        # (The scores only as far as a hand's points read them: most variants' not at all, so what a
        # contract is worth is remembered from hand to hand.)
        key = (terms(contract), declarer, tricks, points_key(self.rules, scores, self._hand_size), partner, team)
        found = self._points.get(key)
        if found is None:
            if len(self._points) >= MEMO_LIMIT:
                self._points.clear()
            standing = Standing(self.rules, self.team_of, scores)
            found = self._points[key] = standing.points(
                contract, declarer, tricks, None if partner < 0 else partner, None if team < 0 else team
            )
        return found

    def trick_chances(self, expected: float, spread: float = TRICK_SPREAD) -> tuple[float, ...]:
        """The chance of each count of tricks from 0 to the hand size when ``expected`` are expected: a
        normal spread of ``spread`` tricks, each count taking the half-trick either side of it (the ends
        take the tails)."""
        known = self._chances.get((expected, spread))
        if known is not None:
            return known
        scale = spread * math.sqrt(2.0)
        size = self._hand_size
        below = [0.5 * (1.0 + math.erf((count + 0.5 - expected) / scale)) for count in range(size)]
        chances = []
        previous = 0.0
        for cumulative in below:
            chances.append(cumulative - previous)
            previous = cumulative
        chances.append(1.0 - previous)
        if len(self._chances) >= MEMO_LIMIT:
            self._chances.clear()
        found = self._chances[(expected, spread)] = tuple(chances)
        return found

    def trick_worth(
        self, contract: Contract, declarer: int, expected: float, scores: tuple[int, ...], spread: float = TRICK_SPREAD, partner: int = -1
    ) -> float:
        """``contract``'s expected worth to ``declarer``'s side (with the called ``partner``; ``-1``: none)
        when its side expects ``expected`` tricks, spread by ``spread``: every count of tricks weighed by
        :meth:`trick_chances` (so a slam bonus counts by the chance of every trick, and a failure by how far
        short it may fall)."""
        key = (terms(contract), declarer, points_key(self.rules, scores, self._hand_size), partner)
        row = self._rows.get(key)
        if row is None:  # every count of tricks at once: the same contract is weighed at many readings
            if len(self._rows) >= MEMO_LIMIT:
                self._rows.clear()
            row = self._rows[key] = tuple(self.points(contract, declarer, tricks, scores, partner) for tricks in range(self._hand_size + 1))
        return sum(chance * points for chance, points in zip(self.trick_chances(expected, spread), row))

    def reading_worth(
        self, contract: Contract, declarer: int, reading: float, scores: tuple[int, ...], curve: TrickCurve | None, partner: int = -1
    ) -> float:
        """:meth:`trick_worth` when the declaring side's hands read ``reading`` tricks: the tricks ``curve``
        (the variant's measured :class:`~engine.bots.trick_curve.TrickCurve`) expects and its spread, or,
        with no curve, the reading itself."""
        if curve is None:
            return self.trick_worth(contract, declarer, reading, scores, TRICK_SPREAD, partner)
        return self.trick_worth(contract, declarer, expected_at(curve, reading), scores, curve.spread, partner)

    def made_and_failed(self, contract: Contract) -> tuple[int, int]:
        """The tricks counted for ``contract`` made and failed when only the share made is known: its
        minimum, and one trick past its ceiling (a misère's first trick, hi/lo's sixth) or, without one,
        two short of its minimum (the usual failure of a trick contract)."""
        target = contract.target
        if target.maximum < self._hand_size:
            return target.minimum, target.maximum + 1
        return target.minimum, max(0, target.minimum - 2)

    def share_worth(self, contract: Contract, declarer: int, share: float, scores: tuple[int, ...], team: int = -1) -> float:
        """``contract``'s expected worth to ``declarer``'s side (or to ``team``, see :meth:`points`) when it
        is made with chance ``share`` (:meth:`made_and_failed`'s tricks either way)."""
        made, failed = self.made_and_failed(contract)
        return share * self.points(contract, declarer, made, scores, team=team) + (1.0 - share) * self.points(
            contract, declarer, failed, scores, team=team
        )

    def held(self, bidding: Sequence[tuple[int, int]]) -> tuple[int, Contract] | None:
        """The seat holding the highest bid of ``bidding`` (the seat view's: seats and auction moves) and
        the terms it would play (a modifier said with it, such as sans kitty, applied), or ``None`` before
        any bid."""
        holder = next(((who, call) for who, call in reversed(bidding) if call != PASS_MOVE), None)
        if holder is None:
            return None
        who, call = holder
        tables = tables_for(self.rules)
        modifier, rank = divmod(call, tables.stride)
        contract = tables.contracts[rank]
        if modifier:  # said with a modifier (sans kitty): scored under the modified terms
            contract = terms_of(self.rules, contract, tables.modifiers[modifier - 1].id, ()) or contract
        return who, contract

    def pass_worth(self, held: tuple[int, Contract] | None, actor: int, scores: tuple[int, ...], weight: float, share: float) -> float:
        """What passing is worth to ``actor``'s side, in points, when ``held`` (:meth:`held`) is the bid now
        highest and its holder: ``weight`` of what the actor's side expects to score on it (made with
        chance ``share``) less the mean of the other sides', gained where a partner holds it and lost where
        an opponent does (with three teams or more, only the actor's share of the loss: the other
        defenders lose as much); nothing before any bid (what the others would bid is unknown)."""
        if held is None:
            return 0.0
        who, contract = held
        return weight * self.share_worth(contract, who, share, scores, self.team_of[actor])

    def wager_worth(self, breach: BreachRule, chance: float) -> float:
        """What calling ``breach`` is worth to the caller's side, in points, when it is won with ``chance``
        (the profile's :attr:`~engine.bots.profile.Profile.breach_curve`): its value won, or lost (the bans
        it may bring are not counted)."""
        return breach.value * (2.0 * chance - 1.0)

    def call_gain(
        self, contract: Contract, terms: Contract, declarer: int, own: float, partners: float, discount: float, scores: tuple[int, ...]
    ) -> float:
        """What the declarer's call that turns ``contract`` into ``terms`` (a slam call, a declare) adds to
        its side's expected score: ``terms`` at the ``own`` tricks its hand expects less ``discount`` (every
        card must then win, which a sum of each card's chance reads too kindly), plus half a trick for a
        card its partner passes, against ``contract`` with its partners' ``partners`` tricks."""
        helped = own + partners
        if terms.style.partner is PartnerRole.PLAYS:
            called = helped
        else:
            called = own + (0.5 if terms.style.partner is PartnerRole.PASSES_CARD else 0.0) - discount
        return self.trick_worth(terms, declarer, called, scores) - self.trick_worth(contract, declarer, helped, scores)


__all__ = ["Valuation", "made_share"]
