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
from collections.abc import Callable, Mapping, Sequence

from ..kernel.seat_view import SeatView
from ..rules.contracts import Contract
from .profile import Profile
from .trick_curve import TrickCurve
from .valuation import Valuation

_SQRT2 = math.sqrt(2.0)


def choose_by_worth(
    valuation: Valuation,
    profile: Profile,
    view: SeatView,
    ordinary: Sequence[Contract],
    readings: Mapping[str, float],
    curve_of: Callable[[str], TrickCurve | None],
    one_round: bool,
) -> Contract | None:
    """The trick contract of ``ordinary`` (the legal ones) to bid from ``view`` when the hand reads
    ``readings`` tricks per strain and ``curve_of`` gives each strain's measured curve (``None``: the level
    must be within the reading, as the threshold bot has it); ``None`` to bid none."""
    seat, scores = view.actor, view.scores
    held = valuation.held(view.bidding)
    passing: float | None = None
    if held is not None and valuation.team_of[held[0]] != valuation.team_of[seat]:
        passing = valuation.pass_worth(held, seat, scores, profile.pass_weight, profile.holder_make_share) + profile.value_margin
    acceptable: list[tuple[Contract, float]] = []
    curves = {strain: curve_of(strain) for strain in readings}
    for contract in ordinary:
        reading, curve = readings[contract.style.strain], curves[contract.style.strain]
        if curve is None:
            chance = 1.0 if (contract.level or 0) <= reading else 0.0
        else:  # (curve.made_chance written out: this module is compiled, the curve's class is not)
            expected = curve.intercept + curve.slope * reading
            chance = 0.5 * (1.0 - math.erf((contract.target.minimum - 0.5 - expected) / (curve.spread * _SQRT2)))
        if chance < profile.trick_chance:
            continue  # (checked first: most of the ladder is out of reach, and its worth is not needed)
        worth = valuation.reading_worth(contract, seat, reading, scores, curve)
        if passing is None or worth > passing:
            acceptable.append((contract, worth))
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


__all__ = ["choose_by_worth"]
