"""Double-dummy analysis of one hand from its transcript: what each strain would make for each
declaring seat once the kitty is exchanged, and what each card played cost against best play.

A card's cost is the tricks its side lost by it: the declaring side's double-dummy tricks before the
card, against the tricks it takes in that trick plus its double-dummy tricks after, from the point of
view of the side that played it (for the misère family the declaring side wants fewer tricks). One
solver follows the hand card by card, so its table of positions serves every later question.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import UsageError
from ..game.game import Game
from ..game.records import read_entry, verify_check
from ..game.transcript import transcript_rules
from ..kernel.phase import Phase
from ..kernel.play import TrickPlay
from ..rules.ruleset import FirstLead, Rules
from .double_dummy import SearchStats, Solver, step
from .limits import SolverLimitError

DEFAULT_MAX_POSITIONS = 10_000_000
"""Positions one analysis may visit in all, by default (every search of the table and of the play
together; the cards of a last trick may take it a few past): a bound on its time and memory. Past it the analysis stops with what it has found
(``HandAnalysis.stopped``)."""


@dataclass(frozen=True)
class CardCost:
    """One card of the hand as played, weighed against best play."""

    trick: int
    """The trick it was played to, from 1."""
    seat: int
    """Who played it."""
    card: str
    """The card (``JK:H`` for a joker led naming hearts)."""
    cost: int
    """Tricks its side lost by playing it rather than the best card (0: a best card)."""
    best: tuple[str, ...] = ()
    """For a costly card: the cards that would have lost nothing."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data."""
        return {"trick": self.trick, "seat": self.seat, "card": self.card, "cost": self.cost, "best": list(self.best)}


@dataclass(frozen=True)
class HandAnalysis:
    """A hand's double-dummy analysis."""

    variant: str
    """The variant's name."""
    contract: str | None
    """The contract played (``None`` for a hand played without one)."""
    declarer: int | None
    """The declarer."""
    side: tuple[int, ...]
    """The declaring side's seats."""
    makeable: dict[str, dict[int, int]]
    """Per strain id, per declaring seat: the declaring side's double-dummy tricks from the first lead,
    with the hands as they were after the kitty (empty when not asked for)."""
    par: int | None
    """The declaring side's double-dummy tricks in the contract played, from the first lead."""
    taken: int
    """The tricks the declaring side took as played (up to a claim)."""
    plays: list[CardCost] = field(default_factory=list)
    """Every card played, in order, with its cost."""
    claimed: int | None = None
    """The seat that claimed the rest of the tricks, if one did: the cards after its claim are not
    weighed, and :attr:`taken` counts the tricks before it."""
    stopped: str | None = None
    """Why the analysis stopped before the end (its position budget spent), or ``None`` when it is
    whole: what it holds then is what was found before it stopped (the strains of :attr:`makeable`
    completed, :attr:`par` if reached, the cards weighed so far)."""
    positions: int = 0
    """Positions the searches visited in all."""

    def mistakes(self) -> dict[int, list[CardCost]]:
        """Per seat, its costly cards."""
        found: dict[int, list[CardCost]] = {}
        for play in self.plays:
            if play.cost > 0:
                found.setdefault(play.seat, []).append(play)
        return found

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data."""
        return {
            "variant": self.variant,
            "contract": self.contract,
            "declarer": self.declarer,
            "side": list(self.side),
            "makeable": {strain: {str(seat): tricks for seat, tricks in seats.items()} for strain, seats in self.makeable.items()},
            "par": self.par,
            "taken": self.taken,
            "plays": [play.to_dict() for play in self.plays],
            "claimed": self.claimed,
            "stopped": self.stopped,
            "positions": self.positions,
            "mistakes": {str(seat): sum(play.cost for play in plays) for seat, plays in self.mistakes().items()},
        }


def _game_at_first_lead(rules: Rules, transcript: Mapping[str, Any]) -> tuple[Game, list[str]]:
    """The hand's game with every action before the first card applied, and the actions left."""
    entry = read_entry(rules, transcript, "transcript")
    verify_check(transcript, "transcript", ("actions",))
    game = Game(
        rules,
        dealer=entry.dealer,
        scores=entry.scores,
        deals=[*entry.misdeals, entry.deal],
        rng=random.Random(0),
        banned=entry.banned,
        redeals=entry.redeals,
    )
    actions = list(entry.actions)
    applied = 0
    while applied < len(actions) and game.phase is not Phase.PLAY and game.hand_number == 0:
        game.play_recorded([actions[applied]], f"transcript (action {applied})")
        applied += 1
    return game, actions[applied:]


def _fresh(play: TrickPlay) -> TrickPlay:
    copy = play.copy()
    copy.hands = list(play.hands)
    return copy


def _budgeted(solver: Solver, stats: SearchStats, max_positions: int) -> Solver:
    """``solver`` counting its positions in ``stats``, shared by every search of one analysis, against one
    budget of ``max_positions``."""
    solver.stats = stats
    solver.max_nodes = max_positions
    return solver


def makeable_table(
    game: Game,
    *,
    stats: SearchStats | None = None,
    max_positions: int = DEFAULT_MAX_POSITIONS,
    progress: Callable[[str], None] | None = None,
    table: dict[str, dict[int, int]] | None = None,
) -> dict[str, dict[int, int]]:
    """For a game at its first lead: per strain of the ordinary bids, per player as declarer, the
    declaring side's double-dummy tricks with the hands as they are (the kitty exchanged).

    One solver per strain and side serves every declarer of that side (the first lead is the only
    difference, and its table of positions is shared); with two teams the other side's tricks are the
    rest of the hand's, so one side is searched. The searches count their positions in ``stats`` against
    ``max_positions`` (raising :class:`~engine.analysis.limits.SolverLimitError` past it), telling
    ``progress`` each strain; each strain enters ``table`` (filled in place, so that what a stopped search
    completed is kept) once complete."""
    rules = game.rules
    state = game.state
    seating = rules.seating
    strains = [
        strain.id
        for strain in rules.strains
        if any(contract.style.strain == strain.id and not contract.is_special for contract in rules.ladder)
    ]
    seats, total = seating.seats, rules.deal.hand_size
    two_sides = len(seating.teams) == 2
    shared = stats if stats is not None else SearchStats()
    table = table if table is not None else {}
    for number, strain in enumerate(strains, 1):
        if progress is not None:
            progress(f"makeable contracts: {strain} ({number} of {len(strains)}), {shared.nodes:,} positions so far")
        row: dict[int, int] = {}
        solvers: dict[frozenset[int], Solver] = {}
        guess: int | None = None
        for declarer in range(seating.players):
            leader = declarer if rules.play.first_lead is FirstLead.DECLARER else (state.dealer + 1) % seats
            side = frozenset(seating.teams[seating.team_of(declarer)])
            searched, flip = side, False
            if two_sides and side not in solvers and solvers:
                searched, flip = next(iter(solvers)), True
            solver = solvers.get(searched)
            if solver is None:
                play = TrickPlay(state.tables, list(state.hand.hands), state.tables.strains[strain], list(range(seats)), leader, total)
                solver = solvers[searched] = _budgeted(
                    Solver(play, searched, covers=dict(state.hand.arrangement.covers)), shared, max_positions
                )
            solver.play.leader = solver.play.to_act = leader
            tricks = solver.tricks(guess)
            guess = tricks
            row[declarer] = total - tricks if flip else tricks
        table[strain] = row  # a strain appears once it is complete
    return table


def analyze(
    transcript: Mapping[str, Any],
    rules: Rules | None = None,
    *,
    table: bool = True,
    folder: str | None = None,
    max_positions: int = DEFAULT_MAX_POSITIONS,
    progress: Callable[[str], None] | None = None,
) -> HandAnalysis:
    """Analyse a hand transcript (see :mod:`engine.game.records`); ``table`` also computes the
    makeable contracts. Its variant is loaded unless ``rules`` is given, a file only from inside
    ``folder`` (see :func:`~engine.game.records.named_rules`); ``rules`` other than those the transcript
    carries are refused. Every search together visits at most
    ``max_positions`` positions; past them the analysis stops and says so (``HandAnalysis.stopped``)
    with what it found. ``progress`` is told what is being searched as it goes. Raises
    :class:`~engine.game.records.TranscriptError` for a transcript that does not replay, ``ValueError``
    for a ``max_positions`` below 1."""
    if type(max_positions) is not int or max_positions < 1:
        raise UsageError(f"max_positions must be a whole number of positions, at least 1, not {max_positions!r}.")
    rules = transcript_rules(transcript, rules, folder, "engine.analyze", "analyse it without rules= to analyse it under its own")
    game, rest = _game_at_first_lead(rules, transcript)
    state = game.state
    if game.phase is not Phase.PLAY or state.hand.play is None:
        return HandAnalysis(rules.name, None, None, (), {}, None, 0)
    contract = state.hand.contract
    declarer = state.hand.declarer
    side = tuple(state.hand.side()) if declarer is not None else (state.hand.play.active[0],)
    stats = SearchStats()
    makeable: dict[str, dict[int, int]] = {}
    par: int | None = None
    plays: list[CardCost] = []
    taken = 0
    claimed: int | None = None
    stopped: str | None = None
    try:
        if table:
            makeable_table(game, stats=stats, max_positions=max_positions, progress=progress, table=makeable)
        minimize = contract is not None and contract.target.is_no_tricks
        play = _fresh(state.hand.play)
        solver = _budgeted(Solver(play, set(side), minimize=minimize, covers=dict(state.hand.arrangement.covers)), stats, max_positions)
        if progress is not None:
            progress(f"the contract from the first lead, {stats.nodes:,} positions so far")
        par = solver.tricks()
        for entry in rest:
            seat_text, _, action = entry.strip().partition(" ")
            verb, _, argument = action.partition(" ")
            if verb == "claim":
                claimed = int(seat_text)
                break  # a claim ends what can be weighed card by card
            if verb != "play" or play.over:
                break
            card_text, _, named = argument.partition(":")
            move = (rules.deck.card(card_text).index, named or None)
            seat, trick = play.to_act, play.number + 1
            if progress is not None:
                progress(f"trick {trick}, seat {seat}'s card, {stats.nodes:,} positions so far")
            before = solver.tricks()
            value, gained, undo = step(solver, move, before)
            wants_more = (seat in side) != minimize
            cost = before - value if wants_more else value - before
            best: tuple[str, ...] = ()
            if cost > 0:
                undo()
                best = tuple(_name(play, other) for other, other_value in solver.move_values().items() if other_value == before)
                value, gained, undo = step(solver, move, before)
            taken += gained
            plays.append(CardCost(trick, int(seat_text), argument, cost, best))
    except SolverLimitError:
        stopped = (
            f"The analysis stopped after {max_positions:,} positions (its limit; raise it with --max-positions or "
            "max_positions=): what is shown was found before it stopped."
        )
    return HandAnalysis(
        rules.name,
        contract.id if contract is not None else None,
        declarer,
        side,
        makeable,
        par,
        taken,
        plays,
        claimed,
        stopped,
        stats.nodes,
    )


def _name(play: TrickPlay, move: tuple[int, str | None]) -> str:
    card = str(play.tables.cards[move[0]])
    return f"{card}:{move[1]}" if move[1] else card


__all__ = ["DEFAULT_MAX_POSITIONS", "CardCost", "HandAnalysis", "analyze", "makeable_table"]
