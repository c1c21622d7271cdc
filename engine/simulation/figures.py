"""Figures measured unit by unit (a hand, or a whole game), for tests that need more than totals: the
paired and unpaired comparisons of ``compare``, the skill chain and sweeps.

:func:`unit_figures` turns one played unit into a row of named numbers. :class:`Moments` accumulates
rows of one run (counts, sums and sums of squares), and :class:`PairedMoments` rows of two runs on the
same units (adding the sums of the per-unit differences), in the order the units come, so the totals
are the same whatever the number of worker processes.

In a run of whole games the games are the units, independent of each other where the hands of one game
are not. A hand's figure (all passed, made, a level played, points) is then counted over each game's
hands, and its mean is the ratio of those counts to the games' hands, every hand pooled as ``simulate``
counts it (:func:`per_hand`); its variance is the games' (a ratio estimate's, by the delta method), so a
rule that makes games shorter does not weigh their hands more. A contract's figures when declared are
pooled alike: over every hand that declared it, as ``simulate`` counts them (:func:`declared_figure`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..kernel.events import GameEnd, HandResult
from ..rules.ruleset import Rules
from .rule_use import StatedRule

Row = dict[str, float]
"""One unit's figures: name → value (a figure missing from a row is 0 there)."""

RULE_USED = "{rule} used per hand"
RULE_SUCCEEDED = "{rule} succeeded per hand"
"""Names of the figures kept per stated rule within a hand (a contract's bids, a call's calls), so that a
comparison or a sweep tests each rule's use and success (:func:`rule_figures`)."""

CONTRACT_DECLARED = "contract {contract} declared per hand"
CONTRACT_MADE = "contract {contract} made per hand"
CONTRACT_MADE_WHEN_DECLARED = "contract {contract} made when declared"
CONTRACT_POINTS = "contract {contract} points when declared"
"""Names of the figures kept per contract of the ladder: how often it was declared (won the auction and
played) and made, a share of all hands; and how often it was made and the declaring side's average
points over the hands it was declared, *conditional* figures (:func:`conditional`)."""
CONDITIONAL = " when declared"
"""How a conditional figure's name ends: it is averaged over the units in which it was measured, not
over all units, and is compared as two independent samples of those units."""

TEAM_POINTS = "team {team} points per hand"
TEAM_WINS = "team {team} wins"
"""Names of the figures kept per team; compared only between the same seating."""


GAME_LENGTH = "game length (hands)"
"""Name of the figure counting a game's hands (kept when whole games are played)."""


def share(name: str) -> bool:
    """Whether figure ``name`` is a share of the hands or games (a hand passed out, a contract made when
    declared, a game won), which reports print in percent, whether each unit is a hand (0 or 1) or a game
    (its hands' average): every figure but points and a game's length."""
    if name == GAME_LENGTH or name.endswith(" points per hand"):
        return False
    return not (name.startswith("contract ") and name.endswith(" points" + CONDITIONAL))


def once_a_unit(name: str) -> bool:
    """Whether figure ``name`` is at most 1 in every unit: every share but a stated rule's uses and
    successes, which count each seat's call in a hand (two seats may make the same announcement)."""
    return not name.endswith((RULE_USED.removeprefix("{rule}"), RULE_SUCCEEDED.removeprefix("{rule}")))


def conditional(name: str) -> bool:
    """Whether figure ``name`` is averaged over the units that measured it (:data:`CONDITIONAL`)."""
    return name.endswith(CONDITIONAL)


def declared_figure(name: str) -> str | None:
    """The figure that counts the hands a conditional figure ``name`` (:func:`conditional`) was measured in:
    a contract's declarations (:data:`CONTRACT_DECLARED`); ``None`` for any other figure. Over whole games a
    conditional figure is the ratio of its sum over the games to that figure's (every declared hand pooled)."""
    for template in (CONTRACT_MADE_WHEN_DECLARED, CONTRACT_POINTS):
        head, tail = template.split("{contract}")
        if name.startswith(head) and name.endswith(tail) and len(name) > len(head) + len(tail):
            return CONTRACT_DECLARED.format(contract=name[len(head) : -len(tail)])
    return None


def per_hand(name: str) -> bool:
    """Whether figure ``name`` is a hand's, counted over a game's hands in a run of whole games and pooled
    over every hand (not a game's own: its length, how it ended, who won; not a conditional figure)."""
    return not (conditional(name) or name == GAME_LENGTH or name.startswith("games ") or name.endswith(" wins"))


def _hand_figures(result: HandResult, rules: Rules) -> Row:
    """One hand's figures."""
    row: Row = {}
    seating = rules.seating
    teams = len(seating.teams)
    for team, points in enumerate(result.hand_points):
        row[TEAM_POINTS.format(team=team)] = points
    # A player's share: the mean, over the players (not dummies), of their team's points.
    row["a player's points per hand"] = sum(result.hand_points[seating.team_of(seat)] for seat in range(seating.players)) / seating.players
    if result.contract is None or result.declarer is None:
        row["hands passed out"] = 1
        row["defenders' points per hand"] = sum(result.hand_points) / teams
        return row
    declaring = {seating.team_of(result.declarer)}
    if result.partner is not None:
        declaring.add(seating.team_of(result.partner))
    defending = [team for team in range(teams) if team not in declaring]
    side = sum(result.hand_points[team] for team in declaring)  # (with a called partner, both its teams' shares)
    row["declaring side's points per hand"] = side
    if defending:
        row["defenders' points per hand"] = sum(result.hand_points[team] for team in defending) / len(defending)
    contract = rules.ladder.get(result.contract)
    row[CONTRACT_DECLARED.format(contract=result.contract)] = 1
    row[CONTRACT_MADE.format(contract=result.contract)] = int(result.made)
    row[CONTRACT_MADE_WHEN_DECLARED.format(contract=result.contract)] = int(result.made)
    row[CONTRACT_POINTS.format(contract=result.contract)] = side
    row["contracts made per hand"] = int(result.made)
    row["contracts set per hand"] = int(not result.made)
    if contract is not None and contract.is_special:
        row["misère family contracts per hand"] = 1
    elif contract is not None:
        row[f"level {contract.level} contracts per hand"] = 1
    tricks = sum(result.tricks[seat] for seat in range(seating.seats) if seating.team_of(seat) in declaring)
    row["slams per hand"] = int(result.made and tricks == rules.deal.hand_size)
    row["declarers barred per hand"] = int(bool(result.next_hand_banned))
    return row


COUNTED_ELSEWHERE = {
    "contract": CONTRACT_DECLARED,
    "all_pass": "hands passed out",
    "bar": "declarers barred per hand",
}
"""Kinds of stated rule whose use another figure already counts, hand by hand (a special contract's own
rows, the passed-out hands, barred declarers): a comparison tests each once, under that name. (The slam
rule's use, a slam the bonus pays, is its own figure: ``slams per hand`` counts every hand taken whole.)"""


def use_figure(kind: str, rule: str) -> str:
    """The figure that counts the uses of stated rule ``rule`` of ``kind`` (:data:`COUNTED_ELSEWHERE`, or
    :data:`RULE_USED`)."""
    name = COUNTED_ELSEWHERE.get(kind, RULE_USED)
    return name.format(contract=rule, rule=rule)


def rule_figures(stated: Sequence[StatedRule], counts: Mapping[str, Sequence[int]], games: bool = False) -> Row:
    """A unit's figures for the rules it ``stated`` that come up within a hand: each one's uses (and, where
    a use has an outcome, successes) in ``counts`` (a :class:`~engine.simulation.rule_use.RuleWatch`
    tally of the unit), counted over the unit's hands as every hand's figure is (:func:`per_hand`); in a
    unit of a whole game (``games``) the end rules counted by the hand too (must win by a bid, an exact
    target), which a run of single hands never meets (those counted by the game are the unit's ``games
    ended`` figures). A rule not used is 0 (left out of the row)."""
    row: Row = {}
    for rule in stated:
        if rule.per_game or (rule.needs_games and not games) or rule.kind in COUNTED_ELSEWHERE:
            continue
        found = counts.get(rule.key)
        if not found or not found[0]:
            continue
        row[RULE_USED.format(rule=rule.rule)] = found[0]
        if rule.success is not None:
            row[RULE_SUCCEEDED.format(rule=rule.rule)] = found[1]
    return row


def unit_figures(rules: Rules, results: Sequence[HandResult], first_dealer: int, ending: GameEnd | None, games: bool) -> Row:
    """The figures of one unit: a hand (``games`` false: ``results`` holds it) or a whole game (its hands'
    figures summed, a conditional one's too, pooled by :class:`Moments`; and the game's own: length, who
    won, how it ended, whether the last hand decided it).
    """
    if not games:
        return _hand_figures(results[0], rules)
    row: Row = {}
    for result in results:
        for name, value in _hand_figures(result, rules).items():
            row[name] = row.get(name, 0) + value
    row[GAME_LENGTH] = len(results)
    last = results[-1]
    winner = last.winner if ending is not None else None
    if ending is None:
        row["games unfinished (hand limit)"] = 1
    else:
        row[f"games ended: {ending.value.replace('_', ' ')}"] = 1
    if winner is None:
        row["games with no winner"] = 1
        return row
    row[TEAM_WINS.format(team=winner)] = 1
    seating = rules.seating
    row["first bidder's side wins"] = int(winner == seating.team_of((first_dealer + 1) % seating.players))
    row["dealer's side wins"] = int(winner == seating.team_of(first_dealer))
    before = results[-2].scores if len(results) > 1 else None
    if before is not None:
        best = max(before)
        leaders = [team for team, score in enumerate(before) if score == best]
        row["games decided on the last hand"] = int(leaders != [winner])
    return row


@dataclass
class Moments:
    """Sums of one run's rows: per figure, the sum and the sum of squares over ``count`` units."""

    count: int = 0
    """Units added."""
    sums: dict[str, float] = field(default_factory=dict)
    """Figure → sum of its values."""
    squares: dict[str, float] = field(default_factory=dict)
    """Figure → sum of its squared values."""
    binary: dict[str, bool] = field(default_factory=dict)
    """Figure → whether every value so far was 0 or 1 (so exact tests apply)."""
    measured: dict[str, int] = field(default_factory=dict)
    """Conditional figure (:func:`conditional`) → units that measured it."""
    games: bool = False
    """Whether the units are whole games (their rows hold :data:`GAME_LENGTH`): a hand's figure is then a
    ratio to the games' hands (:func:`per_hand`)."""
    by_length: dict[str, float] = field(default_factory=dict)
    """Figure of the hands (:func:`per_hand`) → sum over the games of its count times the game's length
    (what a ratio estimate's variance needs besides the sums and squares); a conditional figure → the sum
    over the games of its sum times the game's count of its :func:`declared_figure`."""

    def add(self, row: Mapping[str, float]) -> None:
        """Add one unit's row."""
        self.count += 1
        length = row.get(GAME_LENGTH)
        if length is not None:
            self.games = True
        for name, value in row.items():
            measured_in = None
            if conditional(name):
                self.measured[name] = self.measured.get(name, 0) + 1
                measured_in = declared_figure(name)
                # (A new conditional figure must say what it is measured over, or games would pool it wrongly.)
                assert measured_in is not None or length is None, f"{name!r} has no figure of the hands it is measured in"
            self.sums[name] = self.sums.get(name, 0.0) + value
            self.squares[name] = self.squares.get(name, 0.0) + value * value
            if length is not None and measured_in is not None:
                self.by_length[name] = self.by_length.get(name, 0.0) + value * row.get(measured_in, 0.0)
                self.binary[name] = False  # a sum over a game's declared hands, not a 0 or 1
            elif length is not None and per_hand(name):
                self.by_length[name] = self.by_length.get(name, 0.0) + value * length
                self.binary[name] = False  # a count over a game's hands, not a 0 or 1
            elif value not in (0, 1):
                self.binary[name] = False
            else:
                self.binary.setdefault(name, True)

    def pooled(self, name: str) -> bool:
        """Whether figure ``name`` is a ratio to the games' hands (:func:`per_hand` in a run of games)."""
        return self.games and per_hand(name)

    def _ratio_of(self, name: str) -> str | None:
        """In a run of games, the figure ``name``'s sum is a ratio to (the games' hands, or for a conditional
        figure its :func:`declared_figure`); ``None``: a mean per unit."""
        if not self.games:
            return None
        if per_hand(name):
            return GAME_LENGTH
        return declared_figure(name) if conditional(name) else None

    def units(self, name: str) -> int:
        """The units the figure is averaged over: all of them, or for a conditional figure those that
        measured it."""
        return self.measured.get(name, 0) if conditional(name) else self.count

    def mean(self, name: str) -> float:
        """The figure's mean per unit (0 with no units); in a run of games, a hand's figure per hand of all
        the games (:meth:`pooled`) and a conditional figure per hand that measured it."""
        over = self._ratio_of(name)
        if over is not None:
            hands = self.sums.get(over, 0.0)
            return self.sums.get(name, 0.0) / hands if hands else 0.0
        units = self.units(name)
        return self.sums.get(name, 0.0) / units if units else 0.0

    def variance(self, name: str) -> float:
        """The figure's sample variance (0 with fewer than two units); in a run of games, for a figure that
        is a ratio (:meth:`mean`), the variance over the games (that measured it) of its linearised sum,
        (sum - ratio * hands) / mean hands, whose mean's square error is the ratio's (the delta method)."""
        units = self.units(name)
        if units < 2:
            return 0.0
        mean = self.mean(name)
        over = self._ratio_of(name)
        if over is not None:
            hands = self.sums.get(over, 0.0) / units
            spread = self.squares.get(name, 0.0) - 2 * mean * self.by_length.get(name, 0.0) + mean * mean * self.squares.get(over, 0.0)
            return max(0.0, spread / (units - 1)) / (hands * hands) if hands else 0.0
        return max(0.0, (self.squares.get(name, 0.0) - units * mean * mean) / (units - 1))


@dataclass
class PairedMoments:
    """Sums of two runs' rows on the same units: each run's :class:`Moments` and, per figure, the sum
    and sum of squares of the differences (second minus first)."""

    first: Moments = field(default_factory=Moments)
    """The first run's sums."""
    second: Moments = field(default_factory=Moments)
    """The second run's sums."""
    differences: Moments = field(default_factory=Moments)
    """Sums of the per-unit differences (second minus first)."""
    products: dict[str, tuple[float, float, float]] = field(default_factory=dict)
    """In runs of whole games, per figure of the hands (:func:`per_hand`) and for :data:`GAME_LENGTH`: the
    sums over the games of first × second, first × the second's length and the first's length × second
    (the covariance of the two runs' ratio estimates, for a paired test)."""

    def add(self, first: Mapping[str, float], second: Mapping[str, float]) -> None:
        """Add one unit played under both runs."""
        self.first.add(first)
        self.second.add(second)
        first_length, second_length = first.get(GAME_LENGTH), second.get(GAME_LENGTH)
        if first_length is not None and second_length is not None:
            for name in first.keys() | second.keys():
                if per_hand(name) or name == GAME_LENGTH:
                    a, b = first.get(name, 0.0), second.get(name, 0.0)
                    both, a_by, by_b = self.products.get(name, (0.0, 0.0, 0.0))
                    self.products[name] = (both + a * b, a_by + a * second_length, by_b + first_length * b)
        # (A conditional figure has no per-unit difference: it is measured in other units under each run.)
        self.differences.add(
            {name: second.get(name, 0) - first.get(name, 0) for name in first.keys() | second.keys() if not conditional(name)}
        )
