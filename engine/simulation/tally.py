"""Simulation tallies: integer totals that merge exactly (so any number of workers gives the same
totals), from which the reports compute the figures a rules author asks for at the end (with
:mod:`engine.analysis.statistics`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from ..errors import UsageError
from ..kernel.events import GameEnd, HandResult
from ..rules.ruleset import Rules


@dataclass
class ContractTally:
    """How one contract fared."""

    bid: int = 0
    """Hands played in it."""
    made: int = 0
    """Hands in which it was made."""
    points: int = 0
    """Sum of the declaring side's points on those hands."""


@dataclass
class Tally:
    """Integer totals over hands and games; :meth:`merge` adds another tally's."""

    players: int
    """Seats at the table."""
    teams: int
    """Teams."""
    hands: int = 0
    """Hands dealt (all-pass hands included)."""
    all_pass: int = 0
    """Hands nobody won the auction."""
    slams: int = 0
    """Hands in which the declaring side took every trick."""
    barred: int = 0
    """Hands after which a player was barred from bidding in the next (set rule, ralphing, a breach's bans)."""
    contracts: dict[str, ContractTally] = field(default_factory=dict)
    """Contract id → its tally."""
    team_contracts: list[dict[str, ContractTally]] = field(default_factory=list)
    """Per declaring team: contract id → its tally (so bots seated as teams can be told apart)."""
    team_points: list[int] = field(default_factory=list)
    """Per team: sum of hand points."""
    team_points_squares: list[int] = field(default_factory=list)
    """Per team: sum of squared hand points (for variances)."""
    seat_declared: list[int] = field(default_factory=list)
    """Per seat: hands declared."""
    seat_made: list[int] = field(default_factory=list)
    """Per seat: contracts made as declarer."""
    games: int = 0
    """Games finished."""
    unfinished: int = 0
    """Games stopped at the hand limit."""
    lengths: dict[int, int] = field(default_factory=dict)
    """Game length in hands → games."""
    wins: list[int] = field(default_factory=list)
    """Per team: games won."""
    first_bidder_wins: int = 0
    """Games won by the team of the first hand's first bidder (left of the first dealer)."""
    dealer_wins: int = 0
    """Games won by the team of the first dealer."""
    ends: dict[str, int] = field(default_factory=dict)
    """How games ended (front door, back door, ...) → games."""
    lead_changes: int = 0
    """Times the leading team changed, over all games."""
    no_winner: int = 0
    """Games finished with no winner (a tie at the hand limit)."""
    decided_last: int = 0
    """Games whose winner was not leading alone before the last hand."""
    leader_before_last: int = 0
    """Games with one side leading alone before the last hand."""
    behind_won: int = 0
    """Of those, games won by a side that was behind before the last hand."""
    declarer_points: dict[int, int] = field(default_factory=dict)
    """The declaring side's points on a hand → hands (the score distribution)."""
    rule_use: dict[str, list[int]] = field(default_factory=dict)
    """Rules in play: ``kind:rule`` → [times used, times succeeded]
    (:class:`~engine.simulation.rule_use.RuleWatch`)."""

    def __post_init__(self) -> None:
        if not self.team_contracts:
            self.team_contracts = [{} for _ in range(self.teams)]
        for name, size in (
            ("team_points", self.teams),
            ("team_points_squares", self.teams),
            ("wins", self.teams),
            ("seat_declared", self.players),
            ("seat_made", self.players),
        ):
            if not getattr(self, name):
                setattr(self, name, [0] * size)

    def add_hand(self, result: HandResult, rules: Rules) -> None:
        """Count one scored hand."""
        self.hands += 1
        for team, points in enumerate(result.hand_points):
            self.team_points[team] += points
            self.team_points_squares[team] += points * points
        if result.contract is None or result.declarer is None:
            self.all_pass += 1
            return
        team = rules.seating.team_of(result.declarer)
        for contracts in (self.contracts, self.team_contracts[team]):
            tally = contracts.get(result.contract)
            if tally is None:
                tally = contracts[result.contract] = ContractTally()
            tally.bid += 1
            tally.made += result.made
            tally.points += result.hand_points[team]
        points = result.hand_points[team]
        self.declarer_points[points] = self.declarer_points.get(points, 0) + 1
        self.seat_declared[result.declarer] += 1
        self.seat_made[result.declarer] += result.made
        side = set(rules.seating.teams[team]) | ({result.partner} if result.partner is not None else set())
        declaring = sum(result.tricks[seat] for seat in side)
        self.slams += declaring == rules.deal.hand_size and result.made
        self.barred += bool(result.next_hand_banned)

    def add_game(self, results: list[HandResult], first_dealer: int, winner: int | None, how: GameEnd | None, rules: Rules) -> None:
        """Count one game (its hands are counted by :meth:`add_hand`)."""
        if how is None:
            self.unfinished += 1
            return
        self.games += 1
        self.lengths[len(results)] = self.lengths.get(len(results), 0) + 1
        self.ends[how.value] = self.ends.get(how.value, 0) + 1
        if winner is not None:
            self.wins[winner] += 1
            players = rules.seating.players
            self.first_bidder_wins += winner == rules.seating.team_of((first_dealer + 1) % players)
            self.dealer_wins += winner == rules.seating.team_of(first_dealer)
        else:
            self.no_winner += 1
        if len(results) > 1:
            before = results[-2].scores
            leaders = [team for team, score in enumerate(before) if score == max(before)]
            if winner is not None:
                self.decided_last += leaders != [winner]
            if len(leaders) == 1:
                self.leader_before_last += 1
                self.behind_won += winner is not None and winner != leaders[0]
        leader: int | None = None
        for result in results:
            best = max(result.scores)
            leaders = [team for team, score in enumerate(result.scores) if score == best]
            if len(leaders) == 1:
                if leader is not None and leaders[0] != leader:
                    self.lead_changes += 1
                leader = leaders[0]

    def merge(self, other: Tally) -> None:
        """Add ``other``'s totals to this tally."""
        for name in _COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("team_points", "team_points_squares", "wins", "seat_declared", "seat_made"):
            setattr(self, name, [mine + theirs for mine, theirs in zip(getattr(self, name), getattr(other, name))])
        for contracts, others in zip((self.contracts, *self.team_contracts), (other.contracts, *other.team_contracts)):
            for contract, tally in others.items():
                mine = contracts.setdefault(contract, ContractTally())
                mine.bid, mine.made, mine.points = mine.bid + tally.bid, mine.made + tally.made, mine.points + tally.points
        for length, count in other.lengths.items():
            self.lengths[length] = self.lengths.get(length, 0) + count
        for how, count in other.ends.items():
            self.ends[how] = self.ends.get(how, 0) + count
        for points, count in other.declarer_points.items():
            self.declarer_points[points] = self.declarer_points.get(points, 0) + count
        for key, (used, succeeded) in other.rule_use.items():
            mine_use = self.rule_use.setdefault(key, [0, 0])
            mine_use[0] += used
            mine_use[1] += succeeded

    def sort(self) -> None:
        """Put the contracts, game lengths and game ends in order of their keys (they are kept in the
        order first met, which depends on the order tallies were merged in)."""
        self.contracts = dict(sorted(self.contracts.items()))
        self.team_contracts = [dict(sorted(contracts.items())) for contracts in self.team_contracts]
        self.lengths = dict(sorted(self.lengths.items()))
        self.ends = dict(sorted(self.ends.items()))
        self.declarer_points = dict(sorted(self.declarer_points.items()))
        self.rule_use = dict(sorted(self.rule_use.items()))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready totals (checkpoints of long runs)."""
        data: dict[str, Any] = {name: getattr(self, name) for name in _ORDER}
        data["contracts"] = _contracts_data(self.contracts)
        data["team_contracts"] = [_contracts_data(contracts) for contracts in self.team_contracts]
        data["lengths"] = {str(key): value for key, value in sorted(self.lengths.items())}
        data["declarer_points"] = {str(key): value for key, value in sorted(self.declarer_points.items())}
        data["rule_use"] = {key: list(value) for key, value in sorted(self.rule_use.items())}
        return data

    @classmethod
    def from_dict(cls, data: object, players: int | None = None, teams: int | None = None) -> Tally:
        """Totals written by :meth:`to_dict` (of ``players`` seats and ``teams`` teams, when given); raises
        ``ValueError`` saying what is wrong when ``data`` is not such totals."""
        if not isinstance(data, dict) or set(data) != _FIELDS:
            raise UsageError("a tally has exactly the keys " + ", ".join(sorted(_FIELDS)) + ".")
        seats: object = data["players"] if players is None else players  # (read as object: the compiled build checks types)
        sides: object = data["teams"] if teams is None else teams
        if type(seats) is not int or type(sides) is not int:
            raise UsageError("players and teams must be whole numbers.")
        players, teams = seats, sides
        if data["players"] != players or data["teams"] != teams:
            raise UsageError(f"a tally of {players} seats and {teams} teams was expected.")
        values: dict[str, Any] = {}
        for name in _COUNTS:
            values[name] = _count(data[name], name)
        for name, size, signed in (
            ("team_points", teams, True),
            ("team_points_squares", teams, False),
            ("wins", teams, False),
            ("seat_declared", players, False),
            ("seat_made", players, False),
        ):
            items = data[name]
            if not isinstance(items, list) or len(items) != size:
                raise UsageError(f"{name} must be a list of {size} numbers.")
            values[name] = [_count(item, name, signed) for item in items]
        contracts, lengths, ends = data["contracts"], data["lengths"], data["ends"]
        if not (isinstance(contracts, dict) and isinstance(lengths, dict) and isinstance(ends, dict)):
            raise UsageError("contracts, lengths and ends must be mappings.")
        values["contracts"] = _contracts_from(contracts, "contracts")
        team_contracts = data["team_contracts"]
        if (
            not isinstance(team_contracts, list)
            or len(team_contracts) != teams
            or not all(isinstance(each, dict) for each in team_contracts)
        ):
            raise UsageError(f"team_contracts must be a list of {teams} mappings.")
        values["team_contracts"] = [_contracts_from(each, f"team_contracts[{team}]") for team, each in enumerate(team_contracts)]
        if not all(key.isdigit() and len(key) < 10 for key in lengths):
            raise UsageError("lengths must map game lengths (whole numbers) to counts.")
        values["lengths"] = {int(key): _count(value, "lengths") for key, value in lengths.items()}
        values["ends"] = {key: _count(value, "ends") for key, value in ends.items()}
        points = data["declarer_points"]
        if not isinstance(points, dict) or not all(isinstance(key, str) and key.lstrip("-").isdigit() and len(key) < 10 for key in points):
            raise UsageError("declarer_points must map whole numbers of points to counts.")
        values["declarer_points"] = {int(key): _count(value, "declarer_points") for key, value in points.items()}
        rule_use = data["rule_use"]
        if not isinstance(rule_use, dict) or not all(isinstance(value, list) and len(value) == 2 for value in rule_use.values()):
            raise UsageError("rule_use must map rules to [used, succeeded] counts.")
        counted = {str(key): [_count(value[0], "rule_use"), _count(value[1], "rule_use")] for key, value in rule_use.items()}
        if not all(succeeded <= used for used, succeeded in counted.values()):
            raise UsageError("rule_use must map rules to [used, succeeded] counts, never more successes than uses.")
        values["rule_use"] = counted
        return cls(players, teams, **values)


_ORDER = tuple(each.name for each in fields(Tally))
"""The tally's fields in the order :meth:`Tally.to_dict` writes them."""
_FIELDS = frozenset(_ORDER)
"""The keys of a tally's JSON form."""
_COUNTS = (
    "hands",
    "all_pass",
    "slams",
    "barred",
    "games",
    "unfinished",
    "first_bidder_wins",
    "dealer_wins",
    "lead_changes",
    "no_winner",
    "decided_last",
    "leader_before_last",
    "behind_won",
)


def _contracts_data(contracts: dict[str, ContractTally]) -> dict[str, list[int]]:
    """Contract tallies as JSON-ready ``[bid, made, points]`` lists."""
    return {key: [value.bid, value.made, value.points] for key, value in sorted(contracts.items())}


def _contracts_from(data: dict[Any, Any], name: str) -> dict[str, ContractTally]:
    """Contract tallies written by :func:`_contracts_data`; raises ``ValueError`` naming ``name``."""
    contracts = {}
    for key, numbers in data.items():
        if not (isinstance(numbers, list) and len(numbers) == 3):
            raise UsageError(f"{name}[{key!r}] must be [bid, made, points].")
        contracts[key] = ContractTally(_count(numbers[0], "bid"), _count(numbers[1], "made"), _count(numbers[2], "points", True))
    return contracts


def _count(value: object, name: str, signed: bool = False) -> int:
    """``value`` as a tally's integer: a whole number (not a bool), not negative unless ``signed``."""
    if type(value) is not int or (value < 0 and not signed):
        raise UsageError(f"{name} must hold whole numbers{'' if signed else ', 0 or more'}, not {value!r:.40}.")
    return value
