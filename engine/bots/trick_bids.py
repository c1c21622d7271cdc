"""A trick contract chosen by what it is worth: its measured chance of every count of tricks times what
each scores under the variant, against what passing leaves to an opponent's bid.

The threshold bot bids a trick contract whose level its reading reaches, in the strain it reads the most
tricks in. The default bot reads the same hand through the variant's measured
:class:`~engine.bots.trick_curve.TrickCurve` and weighs each contract it may bid by its expected score
(:meth:`~engine.bots.valuation.Valuation.trick_worth`): a contract made less than the profile's
``trick_chance`` is never bid (no sacrifice), one over an opponent's bid only when it is worth more than
passing (:meth:`~engine.bots.valuation.Valuation.pass_worth`), and of the rest the strain and level worth the
most, bid at once where the auction has one round and one level below it where the bidding goes on (room to
rise later, rules text 000 "Bidding conventions").
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from math import erf

from ..kernel.phase import PASS_MOVE
from ..kernel.seat_view import SeatView
from ..kernel.tables import StrainTable, cards_in
from ..rules.contracts import Contract
from .curve import TrickCurve
from .profile import Profile
from .valuation import Valuation

_SQRT2 = math.sqrt(2.0)


def choose_by_worth(
    valuation: Valuation,
    profile: Profile,
    view: SeatView,
    ordinary: Sequence[Contract],
    readings: dict[str, float],
    curves: dict[str, TrickCurve | None],
    one_round: bool,
    may_pass: bool = True,
) -> Contract | None:
    """The trick contract of ``ordinary`` (the legal ones) to bid from ``view`` when the hand reads
    ``readings`` tricks per strain and ``curves`` holds each strain's measured curve (``None``: the level
    must be within the reading, as the threshold bot has it); ``None`` to bid none. (``may_pass``: whether
    passing is legal; where it is not, it is not weighed.)"""
    acceptable = worth_bidding(valuation, profile, view, ordinary, readings, curves, may_pass)
    if not acceptable:
        return None
    best: dict[str, tuple[float, int, Contract]] = {}
    for contract, worth in acceptable:
        known = best.get(contract.style.strain)
        if known is None or (worth, -contract.rank) > known[:2]:
            best[contract.style.strain] = (worth, -contract.rank, contract)
    _, _, chosen = max(best.values(), key=lambda entry: (entry[0], entry[2].style.strain))
    if one_round or chosen.level is None:
        return chosen
    in_strain = sorted((contract for contract, _ in acceptable if contract.style.strain == chosen.style.strain), key=lambda each: each.rank)
    lower = [contract for contract in in_strain if (contract.level or 0) < chosen.level]
    return lower[-1] if lower else in_strain[0]


def worth_bidding(
    valuation: Valuation,
    profile: Profile,
    view: SeatView,
    ordinary: Sequence[Contract],
    readings: dict[str, float],
    curves: dict[str, TrickCurve | None],
    may_pass: bool = True,
) -> list[tuple[Contract, float]]:
    """The contracts of ``ordinary`` (lowest first) :func:`choose_by_worth` chooses among, each with its
    worth: made at least the profile's ``trick_chance``, and worth more than passing: over an opponent's bid, what that bid
    is worth to its side; before any bid, the profile's ``opening_pass_worth``."""
    seat, scores = view.actor, view.scores
    held = valuation.held(view.bidding)
    passing: float | None = None
    if held is not None and valuation.team_of[held[0]] != valuation.team_of[seat]:
        passing = valuation.pass_worth(held, seat, scores, profile.pass_weight, profile.holder_make_share) + profile.value_margin
    elif held is None and may_pass and profile.weighs_opening_pass:  # (a dealer who must bid weighs no pass)
        passing = valuation.pass_worth(None, seat, scores, profile.pass_weight, profile.holder_make_share) + profile.opening_pass_worth
    acceptable: list[tuple[Contract, float]] = []
    # Per strain, the fewest tricks asked that were made too seldom: a contract asking as many or more is
    # made no more often (the chance falls with the tricks asked), so it is passed over unread.
    out_of_reach: dict[str, int] = {}
    least = profile.trick_chance
    for contract in ordinary:
        strain, minimum = contract.style.strain, contract.target.minimum
        if minimum >= out_of_reach.get(strain, minimum + 1):
            continue
        reading, curve = readings[strain], curves[strain]
        if curve is None:
            chance = 1.0 if (contract.level or 0) <= reading else 0.0
        else:  # (curve.made_chance written out: this module is compiled, the curve's class is not)
            expected = curve.intercept + curve.slope * reading
            if reading > curve.knee:
                expected += (curve.upper_slope - curve.slope) * (reading - curve.knee)
            chance = 0.5 * (1.0 - erf((minimum - 0.5 - expected) / (curve.spread * _SQRT2)))
        if chance < least:
            if curve is not None:
                out_of_reach[strain] = minimum
            continue  # (checked first: most of the ladder is out of reach, and its worth is not needed)
        worth = valuation.reading_worth(contract, seat, reading, scores, curve)
        if passing is None or worth > passing:
            acceptable.append((contract, worth))
    return acceptable


def goes_alone(
    valuation: Valuation,
    profile: Profile,
    seat: int,
    contract: Contract,
    own: float,
    scores: tuple[int, ...],
    curves: tuple[TrickCurve | None, TrickCurve],
) -> bool:
    """Whether the declarer ``seat``, who may call a partner or play alone (five-handed, rules text 000
    "Five-handed 500"), is worth more alone: ``contract`` at its own reading ``own`` through the variant's
    curve of contracts played alone (``curves[1]``), against its side's reading with a partner (the
    profile's ``partner_tricks`` more) through the usual curve (``curves[0]``), where the partner's share
    of the value counts among the other players' points (it plays for itself next hand); alone only by the
    profile's value margin."""
    team_of = valuation.team_of
    partner = next(other for other in range(len(team_of)) if team_of[other] != team_of[seat])  # (which one: alike)
    alone = valuation.reading_worth(contract, seat, own, scores, curves[1])
    helped = valuation.reading_worth(contract, seat, own + profile.partner_tricks, scores, curves[0], partner)
    return alone > helped + profile.value_margin


def call_partner(
    strain: StrainTable,
    hand: int,
    contract: Contract,
    legal: int,
    own: float,
    profile: Profile,
    by_worth: tuple[Valuation, int, tuple[int, ...], TrickCurve | None, TrickCurve] | None,
) -> int:
    """The declarer's call of a partner (bit 0 of ``legal``: going alone; bit ``i + 1``: naming card ``i``)
    when its settled hand reads ``own`` tricks in ``contract``'s ``strain`` (the bot's
    :meth:`~engine.bots.heuristic.HeuristicBot.own_estimate` where it weighs worth): alone where that is worth more
    (:func:`goes_alone`, ``by_worth`` giving the valuation, the declarer's seat, the scores and the
    strain's curves with a partner and alone; without it, by the profile's ``alone_margin``: tricks to
    spare), else the highest trump it lacks, else the highest card it lacks (an ace of a side suit), so the
    partner brings a sure trick."""
    nameable = (legal >> 1) & ~hand
    if legal & 1:
        if contract.level is None or not nameable or (by_worth is None and own >= contract.level + profile.alone_margin):
            return PASS_MOVE
        if by_worth is not None:
            valuation, seat, scores, helped, alone = by_worth
            if goes_alone(valuation, profile, seat, contract, own, scores, (helped, alone)):
                return PASS_MOVE
    for index in strain.trump_cards:
        if nameable >> index & 1:
            return index
    if nameable:
        return max(cards_in(nameable), key=strain.power.__getitem__)
    return PASS_MOVE if legal & 1 else (legal >> 1).bit_length() - 1


__all__ = ["call_partner", "choose_by_worth", "goes_alone", "worth_bidding"]
