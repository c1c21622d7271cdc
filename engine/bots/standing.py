"""The game's standing as a bidder weighs it: whether a hand's outcome would end the game, and for whom.

A contract's worth in points is not its worth in games. Near the end of a game the same result can win
it (the bidders reach the target), lose it (the bidders fall out the back door, or the defenders' trick
points carry them over the target first), or change nothing. :class:`Standing` reads that from the
kernel's own scoring (:func:`~engine.kernel.scoring.score_hand`) and end-of-game rule
(:func:`~engine.kernel.scoring.game_end`), so it holds for any variant's table and ending.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

from ..kernel.phase import PASS_MOVE
from ..kernel.scoring import game_end, score_hand
from ..kernel.seat_view import SeatView
from ..rules.contracts import Contract
from ..rules.ruleset import AllPassAction, Rules
from .memos import MEMO_LIMIT, memos_of, terms

WON, PLAYS_ON, LOST = 1, 0, -1
"""What a hand's outcome does to the game for the declaring side: won, played on, lost."""

TRICK_SPREAD = 1.3
"""Reading a bid near the end of a game (:meth:`Standing.end_choice`) where the variant has no measured
trick curve for its strain: how far, in tricks, the tricks taken spread around the estimate (one standard
deviation)."""

FORCED_TRICKS = 4.0
"""Reading a bid whose making is worth less than its failure, such as one made to be set back towards an
exact target (:func:`end_bid`): the tricks the defenders, who gain if it is made, may force on the
declaring side beyond its estimate (at 2, Walker's with must-win-by-bid lost 14% of its games over the
top, the bids meant to fail being made; at 4, 59 of 600 over three seeds; at 5 Walker's own rose from
7 of 200 to 21: bench/NOTES.md)."""

NEAREST_NEED = 10
"""Reading a game played on (:meth:`Standing.race`), the fewest points a team is taken to still need
(a team on or past the target whose game did not end)."""


EXACT_HANDS = 1.0
"""Reading a race to an exact target (:meth:`Standing.need`): the targets' worth of points added to every
side's need, for the whole hand each still has to place exactly (at 0.5 and 2, Walker's with
must-win-by-bid lost as many games over the top as at 1, at 0 a third more: bench/NOTES.md)."""

LOSING_DANGER = 2.0
"""Reading a race to an exact target with a losing high score (:meth:`Standing.need`): the targets' worth
of points added to a side's need on the losing score itself, falling to nothing a hand's defenders' trick
points below it."""


class Standing:
    """The scores before a hand, and what each outcome of a contract would make of the game."""

    def __init__(self, rules: Rules, team_of: Sequence[int], scores: tuple[int, ...]) -> None:
        self.rules = rules
        """The variant played."""
        self.team_of = tuple(team_of)
        """Each seat's team."""
        self.scores = scores
        """Each team's score before the hand."""
        self._ends = memos_of(rules, self.team_of).ends

    def points(self, contract: Contract, declarer: int, tricks: int, partner: int | None = None, team: int | None = None) -> float:
        """What ``declarer``'s side scores on the hand when it plays ``contract`` and takes ``tricks``, less
        the mean of the other teams' points (the defenders' tricks shared out as in :meth:`outcome`); with a
        called ``partner`` (five-handed), the tricks are the declarer's and the partner's together, and the
        partner's share of the value counts among the other teams' points (it plays for itself next hand).
        With ``team``, the same for that team instead: what it scores less the mean of the others'. With
        two teams that is the declaring side's figure negated; with three, a defending team loses only its
        share of what the declarers gain over the field."""
        team = self.team_of[declarer] if team is None else team
        scored = score_hand(self.rules, contract, declarer, self._taken(declarer, tricks, partner), self.scores, partner=partner)
        others = [points for each, points in enumerate(scored.hand_points) if each != team]
        return scored.hand_points[team] - (sum(others) / len(others) if others else 0.0)

    def _taken(self, declarer: int, tricks: int, partner: int | None = None) -> list[int]:
        """Each seat's tricks: ``tricks`` to the declarer, the rest to the other teams' seats in turn (not
        to a called ``partner``, whose tricks count with the declarer's)."""
        seats = len(self.team_of)
        team = self.team_of[declarer]
        taken = [0] * seats
        taken[declarer] = tricks
        others = [seat for seat in range(seats) if self.team_of[seat] != team and seat != partner]
        if others:
            for count in range(self.rules.deal.hand_size - tricks):
                taken[others[count % len(others)]] += 1
        return taken

    def outcome(self, contract: Contract, declarer: int, tricks: int) -> int:
        """:data:`WON`, :data:`LOST` or :data:`PLAYS_ON` for ``declarer``'s side when it plays ``contract``
        and its side takes ``tricks``: the defenders' tricks are shared out between the other teams' seats
        in turn (the nearest reading of trick points for more than one defending team)."""
        winner, _ = self.after(contract, declarer, tricks)
        if winner is None:
            return PLAYS_ON
        return WON if winner == self.team_of[declarer] else LOST

    def after(self, contract: Contract, declarer: int, tricks: int) -> tuple[int | None, tuple[int, ...]]:
        """The team that wins the game on the hand (``None``: it plays on, or nobody wins it) and the
        scores after it, when ``declarer``'s side plays ``contract`` and takes ``tricks`` (remembered for
        every bot of the process, :mod:`~engine.bots.memos`: each side's plan and each bidder near the end
        weighs the same outcomes)."""
        key = (terms(contract), declarer, tricks, self.scores)
        found = self._ends.get(key)
        if found is None:
            if len(self._ends) >= MEMO_LIMIT:
                self._ends.clear()
            scored = score_hand(self.rules, contract, declarer, self._taken(declarer, tricks), self.scores)
            ending = game_end(self.rules, scored.scores, (self.team_of[declarer],), scored.made)
            found = self._ends[key] = ((ending[0] if ending is not None else None), scored.scores)
        return found

    def worth(self, contract: Contract, declarer: int, tricks: int, team: int | None = None, racing: bool = True) -> float:
        """What ``declarer``'s side taking ``tricks`` in ``contract`` is worth in games to ``team`` (the
        declaring side's by default), from -1 (the game lost) to 1 (won): a result that plays on is read
        as :meth:`race` reads the scores after it (0 where ``racing`` is false)."""
        team = self.team_of[declarer] if team is None else team
        winner, scores = self.after(contract, declarer, tricks)
        if winner is not None:
            return 1.0 if winner == team else -1.0
        return self.race(scores, team) if racing else 0.0

    def value(self, contract: Contract, declarer: int, results: Iterable[tuple[float, int]]) -> float:
        """What playing ``contract`` is worth in games to ``declarer``'s side over the sampled ``results``
        ((weight, the declaring side's tricks)), on a scale from -1 (the game lost) to 1 (won): a result
        that ends the game counts as such, one that plays on as :meth:`race` reads the scores after it."""
        total = worth = 0.0
        cache: dict[int, float] = {}
        for weight, tricks in results:
            result = cache.get(tricks)
            if result is None:
                result = cache[tricks] = self.worth(contract, declarer, tricks)
            total += weight
            worth += weight * result
        return worth / total if total else 0.0

    def race(self, scores: Sequence[int], team: int) -> float:
        """A game played on from ``scores``, read for ``team`` as a race to the target, from -1 to 1: each
        team's chance of winning taken as inversely proportional to the points it still needs (at least
        :data:`NEAREST_NEED`), twice ``team``'s chance less one. A crude guess (it ignores the back door
        and whose deal it is), used only to weigh a bid against a pass near the end of a game: at 0 to 0
        it reads 0; at 300 to 450, needing 200 against 50, -0.6."""
        inverse = [1.0 / self.need(score) for score in scores]
        return 2.0 * inverse[team] / sum(inverse) - 1.0

    def need(self, score: int) -> float:
        """The points a team on ``score`` still needs, read as :meth:`race` reads them (at least
        :data:`NEAREST_NEED`). Where the target must be met exactly (Walker's 500), a team past it has to
        come back down, which only a failed contract of the right value does: each point over counts as
        much as one still needed, plus half the target; every side's need there also counts
        :data:`EXACT_HANDS` targets, and a side near a losing high score :data:`LOSING_DANGER` more."""
        end = self.rules.end
        if not end.exact_target:
            return max(end.target - score, NEAREST_NEED)
        if lands_directly(self.rules, score):
            need = float(max(end.target - score, NEAREST_NEED))
        else:
            # Past the target, or short of it by less than any hand can close: the side must first come
            # down (a failed contract) and then land on the target.
            need = abs(score - end.target) + end.target / 2
        # Every side still needs a whole hand placed exactly, so the race is read as much in hands as in
        # points: the target counts once more in every side's need (in Walker's with must-win-by-bid the
        # bots won about half the games from 500-599 against 400-499, where points alone read -0.7).
        need += end.target * EXACT_HANDS
        if end.lose_at_or_above is not None and score > end.target:
            # Within one hand's defenders' trick points of the losing score, a side loses on nearly any hand
            # it does not fail a bid in.
            swing = self.rules.scoring.defender_trick_points * self.rules.deal.hand_size or end.target / 5
            room = end.lose_at_or_above - score
            need += end.target * LOSING_DANGER * max(0.0, swing - room) / swing
        return need

    def made_chance(self, expected: float, level: int, spread: float = TRICK_SPREAD) -> float:
        """The chance of taking at least ``level`` tricks when ``expected`` are expected: a normal
        spread of ``spread`` tricks around the estimate."""
        return 0.5 * (1.0 + math.erf((expected + 0.5 - level) / (spread * math.sqrt(2.0))))

    def end_choice(self, declarer: int, options: Sequence[tuple[Contract, float, float]], passing: bool) -> tuple[bool, Contract | None]:
        """Near the end of a game, the bid worth most in games among ``options`` ((an ordinary contract,
        the tricks its side is expected to take in its strain, how far they spread)), or passing
        (``None``) where ``passing`` allows it: each bid read as made with its level's tricks or failed two
        tricks short, with :meth:`made_chance`, each outcome as :meth:`value` reads it; passing as the race
        stands. Returns (whether any outcome weighed ends the game, or lands past an exact target, so the
        standing decides; the choice)."""
        team = self.team_of[declarer]
        decides = False
        best: Contract | None = None
        best_worth = self.race(self.scores, team) if passing else -2.0
        end = self.rules.end
        for contract, expected, spread in options:
            level = contract.level
            assert level is not None
            chance = self.made_chance(expected, level, spread)
            worth = 0.0
            for tricks, weight in ((level, chance), (max(0, level - 2), 1.0 - chance)):
                winner, scores = self.after(contract, declarer, tricks)
                if winner is not None:
                    decides = True
                    worth += weight * (1.0 if winner == team else -1.0)
                else:
                    decides = decides or (end.exact_target and max(scores) > end.target)
                    worth += weight * self.race(scores, team)
            if worth > best_worth:
                best, best_worth = contract, worth
        return decides, best

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


def tricks_land(rules: Rules) -> bool:
    """Whether defenders' trick points can carry a side onto the target and win the game (not under
    must-win-by-bid, nor capped short of the target)."""
    end, scoring = rules.end, rules.scoring
    cap = scoring.defender_cap
    return scoring.defender_trick_points > 0 and not end.must_win_by_bid and (cap is None or cap >= end.target)


_LANDINGS: dict[str, tuple[bool, ...]] = {}


def _landings(rules: Rules) -> tuple[bool, ...]:
    """For each gap below an exact target (up to the target's distance from the losing score), whether
    made bids and defenders' trick points can close it exactly, the last step a made bid (the target is
    landed on by a bid where trick points cannot win): a coin problem over the ladder's values."""
    found = _LANDINGS.get(rules.document_hash)
    if found is None:
        end, points = rules.end, rules.scoring.defender_trick_points
        floor = end.lose_at if end.lose_at is not None else -end.target
        size = max(0, end.target - floor) + 1
        values = sorted({contract.value for contract in rules.ladder if contract.value > 0})
        steps = [*values, points] if points > 0 else values
        any_way = [True] + [False] * (size - 1)
        for gap in range(1, size):
            any_way[gap] = any(step <= gap and any_way[gap - step] for step in steps)
        found = tuple(gap > 0 and any(value <= gap and any_way[gap - value] for value in values) for gap in range(size))
        if len(_LANDINGS) > 64:
            _LANDINGS.clear()
        _LANDINGS[rules.document_hash] = found
    return found


def lands_directly(rules: Rules, score: int) -> bool:
    """Whether a side on ``score`` can still land on an exact target without first coming down: it is
    short of it, by any whole tricks' points where they can win the game (:func:`tricks_land`), else by
    a gap that made bids and trick points can close, the last a bid (a cap on trick points not counted)."""
    gap = rules.end.target - score
    if gap <= 0:
        return False
    if tricks_land(rules):
        return True
    landings = _landings(rules)
    return landings[gap] if gap < len(landings) else True


def passes_out(rules: Rules, view: SeatView) -> bool:
    """Whether the view's bidder passing would pass the hand out with the scores unchanged: nobody has bid,
    every other player has passed, and the variant deals again when all pass (it does not play the hand)."""
    if rules.auction.all_pass.action is AllPassAction.PLAY_NO_TRUMP:
        return False
    calls = view.bidding
    return all(call == PASS_MOVE for _, call in calls) and len({who for who, _ in calls}) >= rules.seating.players - 1


def stuck(rules: Rules, scores: Sequence[int]) -> bool:
    """Whether no side can land on an exact target from ``scores`` without first coming down (a game in
    which every side would rather pass: it ends only if someone bids)."""
    return rules.end.exact_target and not any(lands_directly(rules, score) for score in scores)


def stalled(rules: Rules, view: SeatView) -> bool:
    """Whether the game stands still while all pass: a whole round of deals (one per player) has been
    passed out in a row before this hand (:attr:`~engine.kernel.seat_view.SeatView.passed_out`), under any
    end rule. Near the end of a game every side can wait for another to bid, whose contract's trick points
    or failure would give it the game (under an exact target most of all: five-handed to an exact 300
    stood still for hundreds of hands, bench/NOTES.md)."""
    return view.passed_out >= rules.seating.players


def near_end(rules: Rules, scores: Sequence[int], reach: int) -> bool:
    """Whether a hand that moves a score by up to ``reach`` could end the game from ``scores``: some team
    within reach of the target, of the back door or of a losing score from above (a cheap test before
    :meth:`Standing.end_choice`)."""
    end = rules.end
    for score in scores:
        if score >= end.target - reach or (end.lose_at is not None and score <= end.lose_at + reach):
            return True
        if end.lose_at_or_above is not None and score >= end.lose_at_or_above - reach:
            return True
    return False


def end_bid(
    rules: Rules,
    team_of: Sequence[int],
    view: SeatView,
    ordinary: Sequence[Contract],
    estimates: dict[str, float],
    choice: Contract | None,
    passing: bool,
    spreads: Mapping[str, float] | None = None,
) -> int | None:
    """Near the end of the game, the auction move the standing decides for the view's bidder (``None``
    where it does not): a bid that lands on an exact target, no bid that would carry the side past it or
    out the back door, a bid that wins the game (:meth:`Standing.end_choice`). Among the ``ordinary`` bids
    legal now (lowest first), with the tricks its side is expected to take per strain (``estimates``,
    spread by ``spreads`` per strain, :data:`TRICK_SPREAD` where a strain has none: the variant's measured
    :class:`~engine.bots.trick_curve.TrickCurve` read at the hand's reading, where there is one), it weighs in each strain
    within a trick and a half of the best the cheapest bid and the cheapest that reaches the target when
    made; and the bidder's usual ``choice``, and, past an exact target, a contract whose failure brings the
    side back onto it."""
    seat = view.actor
    end, score = rules.end, view.scores[team_of[seat]]
    landing = score - end.target if end.exact_target and score > end.target else None
    # A side that must come down before it can land on an exact target (past it, or short of it by less
    # than a hand can close) weighs, in each strain, the two cheapest bids whose failure leaves it close
    # enough to land: the bid to fail is not the one its hand would make.
    # (Where a trick's points can land it, as in Walker's own rules, failing onto the target wins: the
    # landing bid below is enough.)
    down = None
    if end.exact_target and not tricks_land(rules) and not lands_directly(rules, score):
        floor = end.lose_at if end.lose_at is not None else -10 * end.target
        down = next((score - target for target in range(min(end.target, score) - 1, floor, -1) if lands_directly(rules, target)), None)
    falling: dict[str, int] = {}
    options: list[tuple[Contract, float]] = []
    strongest = max(estimates.values(), default=0.0)
    cheapest: set[str] = set()
    reaching: set[str] = set()
    for contract in ordinary:
        strain, level = contract.style.strain, contract.level
        expected = estimates[strain]
        if down is not None and contract.value >= down and falling.get(strain, 0) < 2:
            falling[strain] = falling.get(strain, 0) + 1
            options.append((contract, expected))
        elif contract is choice or contract.value == landing:
            options.append((contract, expected))
        elif level is not None and level <= expected + 1.0 and expected >= strongest - 1.5:
            if strain not in cheapest:
                cheapest.add(strain)
                options.append((contract, expected))
            elif strain not in reaching and score + contract.value >= end.target:
                reaching.add(strain)
                options.append((contract, expected))
    # One hand moves a score by at most the contract's value and the defenders' trick points.
    trick_points = rules.scoring.defender_trick_points * rules.deal.hand_size
    if not options or not near_end(rules, view.scores, max(contract.value for contract, _ in options) + trick_points):
        return None
    standing = Standing(rules, team_of, view.scores)
    # A bid whose making is worth less to the declaring side than its failure (one bid to be set back
    # towards an exact target, or whose making loses the game): the defenders, who gain if it is made,
    # give the declaring side every trick they can, so it takes more than its estimate.
    spread_of = spreads or {}
    weighed = [
        (
            contract,
            expected + FORCED_TRICKS
            if contract.level is not None
            and standing.worth(contract, seat, contract.level) < standing.worth(contract, seat, max(0, contract.level - 2))
            else expected,
            spread_of.get(contract.style.strain, TRICK_SPREAD),
        )
        for contract, expected in options
    ]
    forced = passing and passes_out(rules, view) and bool(ordinary) and (stuck(rules, view.scores) or stalled(rules, view))
    if forced:
        # Passing out would deal again with the scores as they are, and either no side can land on the
        # exact target from where it stands or a whole round of deals has been passed out already (each
        # side waits for another to bid and so give it the game): every side would rather pass, and the
        # game would never end, so the last to speak bids the best it can.
        passing = False
        if all(contract is not ordinary[0] for contract, _ in options):
            strain = ordinary[0].style.strain
            weighed.append((ordinary[0], estimates[strain], spread_of.get(strain, TRICK_SPREAD)))
    decides, best = standing.end_choice(seat, weighed, passing)
    if not decides and not forced:
        return None
    return best.rank if best is not None else PASS_MOVE


__all__ = [
    "EXACT_HANDS",
    "FORCED_TRICKS",
    "LOSING_DANGER",
    "LOST",
    "NEAREST_NEED",
    "PLAYS_ON",
    "TRICK_SPREAD",
    "WON",
    "Standing",
    "end_bid",
    "lands_directly",
    "near_end",
    "passes_out",
    "stalled",
    "stuck",
    "tricks_land",
]
