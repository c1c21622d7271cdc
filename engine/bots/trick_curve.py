"""The tricks a trick contract's declaring side takes, measured per variant from the bot's own reading.

The heuristic bot reads a hand as the tricks its side may expect in a strain
(:meth:`~engine.bots.heuristic.HeuristicBot.estimate`). How many it then takes depends on the variant: with
one defender (two-handed 500) the declaring sides took 1.8 tricks fewer than they read, in `three-handed`
0.7 more; in six-handed 500 a contract bid at its reading was made a quarter of the time, in `standard`
70%. So the reading is calibrated per variant, as the misères are (:mod:`~engine.bots.calibration`): on
fixed deals, the seat reading the most tricks in each kind of strain (with trumps, without) bids a contract
of that strain near its reading, everybody else passes, and bots of the same kind play it out. A line
through the play-outs' (reading, tricks taken), of slope :data:`SLOPE_RANGE`, is the :class:`TrickCurve`: the
tricks expected at a reading and how far they spread (one standard deviation), from which the chance of
every count of tricks follows (:meth:`~engine.bots.valuation.Valuation.trick_worth`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Protocol

from ..errors import UsageError
from ..kernel.phase import PASS_MOVE, Phase
from ..kernel.seat_view import SeatView, seat_view
from ..kernel.state import GameState
from ..kernel.tables import tables_for
from ..rules.contracts import Contract
from ..rules.ruleset import Rules
from .curve import NO_KNEE as NO_KNEE
from .curve import TrickCurve as TrickCurve
from .curve import expected_at as expected_at

TRICK_DEALS = 1200
"""Deals played out per kind of strain (about a second, pure Python, for both kinds; 300 measured a no-trump
curve's slope above its knee anywhere from 0.55 to 1.0 on four sets of deals of one variant: bench/NOTES.md)."""
MIN_SAMPLES = 50
"""The fewest play-outs a curve is fitted on (a variant whose contracts were outbid more often keeps the
profile's spread around the reading itself)."""
SLOPE_RANGE = (1.0, 1.0)
"""The bounds of a curve's slope (tricks taken per trick read), today one: the curve is the reading moved by
the variant's measured offset. A free slope fitted 0.3 to 0.45 (the seats that read the most tricks of a
deal regress towards the mean), and the tricks it then promised the low readings were bid in play and made
far less often than promised: 59% of `three-handed`'s seven-bids (bench/NOTES.md)."""
SPREAD_RANGE = (0.8, 3.0)
"""The bounds of a curve's spread, in tricks."""
UPPER_SLOPE_RANGE = (0.3, 1.0)
"""The bounds of a curve's slope above its knee (the median reading of the play-outs): the readings of the
strongest hands promise more than they take (in `standard` a reading of 10 took 8.9 in the play-outs, and 8.6
in whole games, where the curve of slope one promised 10 and the standing's bids at 10 were made 14% of the
time against 54% promised: bench/NOTES.md)."""
MIN_UPPER_SAMPLES = 10
"""The fewest play-outs above the knee its slope is fitted on (fewer: the slope below goes on)."""
KINDS = ("trumps", "no_trumps", "trumps_alone", "no_trumps_alone")
"""The kinds of contract measured apart: with trumps and without, and each played alone by a declarer who
could have called a partner (five-handed: :func:`alone_kinds`)."""


class Reading(Protocol):
    """A bot whose trick readings can be calibrated: it moves from the kernel's state and reads a hand."""

    def choose(self, state: GameState, seat: int, legal: int) -> int:
        """The bot's move."""

    def estimate(self, hand: int, strain: str, calls: Sequence[tuple[int, int]] = (), seat: int = 0, view: SeatView | None = None) -> float:
        """Tricks the declaring side may expect in ``strain`` with ``hand`` (and, with ``view``, the
        partners' cards it shows: a dummy's face-up cards)."""

    def own_estimate(self, hand: int, strain: str) -> float:
        """Tricks a settled ``hand`` (the kitty taken) may expect in ``strain`` played alone."""


def kind_of(rules: Rules, strain: str, alone: bool = False) -> str:
    """The kind of a contract in ``strain`` (:data:`KINDS`): with trumps or without, played ``alone`` or not."""
    kind = KINDS[0] if tables_for(rules).strains[strain].is_trump else KINDS[1]
    return kind + "_alone" if alone else kind


def alone_kinds(rules: Rules) -> bool:
    """Whether ``rules`` let a declarer go alone rather than call a partner (its play-outs are then measured
    alone too: a declarer's own reading is not its side's with a partner)."""
    called = rules.seating.called_partner
    return called is not None and called.may_go_alone


def trick_contracts(rules: Rules) -> list[Contract]:
    """The contracts read by tricks: a level, no ceiling below the hand, bid after looking, not an inkle
    that cannot win the auction (a signal, never played)."""
    inkles = rules.auction.inkles
    inkles = inkles if inkles is not None and not inkles.can_win else None
    size = rules.deal.hand_size
    return [
        contract
        for contract in rules.ladder
        if contract.level is not None
        and not contract.target.is_no_tricks
        and contract.target.maximum >= size
        and not contract.eligibility.before_looking
        and not (inkles and contract.level == inkles.level)
    ]


def fit_line(samples: Sequence[tuple[float, int]]) -> TrickCurve | None:
    """The least-squares line of tricks taken on reading through ``samples`` (reading, tricks), its slope and
    spread kept within :data:`SLOPE_RANGE` and :data:`SPREAD_RANGE`; ``None`` with fewer than
    :data:`MIN_SAMPLES`."""
    count = len(samples)
    if count < MIN_SAMPLES:
        return None
    mean_reading = sum(reading for reading, _ in samples) / count
    mean_taken = sum(taken for _, taken in samples) / count
    spread_reading = sum((reading - mean_reading) ** 2 for reading, _ in samples)
    slope = sum((reading - mean_reading) * (taken - mean_taken) for reading, taken in samples) / spread_reading if spread_reading else 1.0
    slope = min(max(slope, SLOPE_RANGE[0]), SLOPE_RANGE[1])
    intercept = mean_taken - slope * mean_reading
    # Above the median reading the strongest hands regress: a slope of their own, from the line's value at
    # the knee (the line below is left as fitted on every play-out).
    readings = sorted(reading for reading, _ in samples)
    knee = readings[count // 2]
    upper = [(reading - knee, taken - intercept - slope * knee) for reading, taken in samples if reading > knee]
    upper_slope = slope
    if len(upper) >= MIN_UPPER_SAMPLES:
        upper_slope = sum(run * rise for run, rise in upper) / sum(run * run for run, _ in upper)
        upper_slope = min(max(upper_slope, UPPER_SLOPE_RANGE[0]), min(slope, UPPER_SLOPE_RANGE[1]))
    shape = TrickCurve(intercept, slope, 1.0, knee, upper_slope)
    residual = math.sqrt(sum((taken - expected_at(shape, reading)) ** 2 for reading, taken in samples) / max(1, count - 2))
    return replace(shape, spread=min(max(residual, SPREAD_RANGE[0]), SPREAD_RANGE[1]))


def measure_tricks(rules: Rules, bots: Sequence[Reading], deals: int = TRICK_DEALS) -> dict[str, TrickCurve]:
    """Each kind of strain's :class:`TrickCurve` under ``rules``, from ``deals`` fixed deals played out by
    ``bots`` (one per player): the seat reading the most tricks in a strain of the kind bids that strain's
    contract nearest its reading at its first chance, everyone else passes where passing is allowed."""
    contracts = trick_contracts(rules)
    players = rules.seating.players
    samples: dict[str, list[tuple[float, int]]] = {kind: [] for kind in KINDS}
    strains = sorted({contract.style.strain for contract in contracts})
    alone_too = alone_kinds(rules)
    for deal in range(deals):
        seed, dealer = f"calibration-tricks-{deal}", deal % players
        dealt = GameState.create(rules, seed=seed, dealer=dealer, history=False)
        hands = dealt.hand.hands[:players]
        # Each seat read as it bids: its hand and what its view shows of its partners' (a dummy's face-up cards).
        views = [seat_view(dealt, seat) for seat in range(players)]
        for kind in KINDS[:2]:
            readings = [
                (bots[0].estimate(hands[seat], strain, (), seat, views[seat]), seat, strain)
                for strain in strains
                if kind_of(rules, strain) == kind
                for seat in range(players)
            ]
            if not readings:
                continue
            reading, seat, strain = max(readings)
            contract = min(
                (contract for contract in contracts if contract.style.strain == strain),
                key=lambda contract: (abs((contract.level or 0) - round(reading)), contract.rank),
            )
            for alone in (False, True) if alone_too else (False,):
                # (The same deal and bid played alone: the seat's own reading against the tricks it takes by itself.)
                state = GameState.create(rules, seed=seed, dealer=dealer, history=False)
                state.pause_between_hands = True
                played = _play_out(state, bots, seat, contract, alone)
                if played is not None:
                    samples[kind_of(rules, strain, alone)].append((played[1] if alone else reading, played[0]))
    return {kind: curve for kind in KINDS if (curve := fit_line(samples[kind])) is not None}


class _NotPlayed(Exception):
    """The auction of a calibration's play-out ended in another contract (:func:`bid_then_play`)."""


def bid_then_play(
    state: GameState,
    bots: Sequence[Reading],
    chosen: int,
    contract: Contract,
    others_pass: bool,
    on_card: Callable[[GameState], None],
    alone: Callable[[GameState], None] | None = None,
) -> bool:
    """Run the hand of ``state`` for a calibration's play-out (here and :func:`~engine.bots.playouts.play_out`):
    ``chosen`` bids ``contract`` at its first chance; every seat passes where passing is allowed, throughout
    (``others_pass``) or only once it is bid (the auction before it as the bots bid it); ``on_card(state)``
    is called before each move of the card play (it may raise to stop the hand); with ``alone``, the
    declarer goes alone where it may rather than call a partner, ``alone(state)`` called as it does;
    ``bots`` make every other move. Whether ``chosen`` declared ``contract``: the hand stops as soon as the
    auction ends in anything else."""
    bid = [False]
    players = len(bots)

    def choose(state: GameState, seat: int, legal: int) -> int:
        if state.phase is Phase.AUCTION:
            if seat == chosen and not bid[0] and legal >> (contract.rank + 1) & 1:
                bid[0] = True
                return contract.rank
            if (others_pass or bid[0]) and legal & 1:
                return PASS_MOVE
        else:
            played = state.hand.contract  # (None before the auction: a draw or a pick from the table)
            if played is not None and (played.id != contract.id or state.hand.declarer != chosen):
                raise _NotPlayed  # (the kitty, the discards and the play of another contract measure nothing)
            if played is None and state.phase is Phase.PLAY:
                raise _NotPlayed  # an all-passed hand played without a contract (``all_pass: play_no_trump``)
            if state.phase is Phase.PLAY:
                on_card(state)
            elif state.phase is Phase.PARTNER and alone is not None and legal & 1:
                alone(state)
                return PASS_MOVE  # going alone
        return bots[seat % players].choose(state, seat, legal)

    try:
        state.run([choose] * players)
    except _NotPlayed:
        return False
    result = state.result
    return result is not None and result.contract == contract.id and result.declarer == chosen


def _play_out(state: GameState, bots: Sequence[Reading], chosen: int, contract: Contract, alone: bool = False) -> tuple[int, float] | None:
    """Play the hand with ``chosen`` bidding ``contract`` at its first chance (and going ``alone`` where it
    may) and everyone else passing where allowed; the tricks its side took and, alone, its own reading of
    its hand once settled (the kitty taken, as it decides to go alone), or ``None`` when another contract
    was played."""
    side: list[tuple[int, ...]] = []
    settled: list[float] = [0.0]

    def note_side(state: GameState) -> None:
        if not side:
            side.append(state.hand.side())

    def note_hand(state: GameState) -> None:
        settled[0] = bots[chosen % len(bots)].own_estimate(state.hand.hands[chosen], contract.style.strain)

    if not bid_then_play(state, bots, chosen, contract, True, note_side, note_hand if alone else None) or not side:
        return None
    result = state.result
    assert result is not None
    return sum(result.tricks[seat] for seat in side[0]), settled[0]


def curves_from(data: Mapping[str, object]) -> dict[str, TrickCurve]:
    """Curves read back from :meth:`TrickCurve.to_data`'s lists by kind; raises on any other shape."""
    curves: dict[str, TrickCurve] = {}
    for kind, values in data.items():
        if kind not in KINDS or not isinstance(values, list) or len(values) != 5:
            raise UsageError("not a trick curve")
        intercept, slope, spread, knee, upper_slope = (float(value) for value in values)
        if (
            not all(math.isfinite(value) for value in (intercept, slope, spread, knee, upper_slope))
            or min(spread, slope, upper_slope) <= 0.0
        ):
            raise UsageError("not a trick curve")
        curves[kind] = TrickCurve(intercept, slope, spread, math.inf if knee >= NO_KNEE else knee, upper_slope)
    return curves


__all__ = [
    "KINDS",
    "MIN_SAMPLES",
    "MIN_UPPER_SAMPLES",
    "NO_KNEE",
    "UPPER_SLOPE_RANGE",
    "alone_kinds",
    "bid_then_play",
    "expected_at",
    "SLOPE_RANGE",
    "SPREAD_RANGE",
    "TRICK_DEALS",
    "Reading",
    "TrickCurve",
    "curves_from",
    "fit_line",
    "kind_of",
    "measure_tricks",
    "trick_contracts",
]
