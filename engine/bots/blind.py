"""A contract bid before looking (blind misère, rules text 000 "Non-standard bids"), weighed by worth.

A seat that has not looked at its cards may bid a contract eligible before looking. The threshold bot
always looks first. The default weighs the blind bid as it weighs any other: its chance of being made with
a hand it has not seen (the mean, over the hands of fixed deals, of the chance the variant's calibration
gives each: a misère's curve at the hand's danger, a trick contract's curve at its reading) times what the
variant pays, against passing (:meth:`~engine.bots.valuation.Valuation.pass_worth`), and bids it only where
that chance reaches the profile's ``least_chance`` (no sacrifice). Under the shipped variants a blind
misère is made by an unseen hand a few times in a hundred, so it is never bid; a house rule that made a
blind bid cheap to fail or easy to make would see it bid.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from functools import partial
from typing import Protocol

from ..kernel.seat_view import SeatView
from ..kernel.state import GameState
from ..kernel.tables import cards_in, tables_for
from ..rules.contracts import Contract
from ..rules.ruleset import Rules
from .calibration import known
from .curve import TrickCurve
from .profile import Profile
from .valuation import Valuation

BLIND_DEALS = 60
"""Fixed deals whose hands stand for the hand a seat has not seen (every player's hand of each)."""
MEMO_LIMIT = 256
"""Unseen chances remembered in a process before the memo is cleared (a bound on memory)."""

_chances: dict[tuple[str, str, Hashable], float | None] = {}


class BlindReader(Protocol):
    """A bot that weighs a blind bid (the heuristic bots): its rules, profile and valuation, and its chances."""

    rules: Rules
    profile: Profile
    valuation: Valuation

    def made_chance(self, hand: int, contract: Contract) -> float | None:
        """The chance ``hand`` makes a calibrated ``contract`` (``None``: no curve)."""

    def trick_curve(self, strain: str, alone: bool = False) -> TrickCurve | None:
        """The variant's measured trick curve in ``strain``."""

    def estimate(self, hand: int, strain: str, calls: Sequence[tuple[int, int]] = (), seat: int = 0) -> float:
        """Tricks the declaring side may expect in ``strain`` with ``hand``."""


def unseen_chance(rules: Rules, contract: Contract, chance_of: Callable[[int], float | None], reader: Hashable) -> float | None:
    """The chance a hand not yet seen makes ``contract``: the mean of ``chance_of(hand)`` over the hands of
    :data:`BLIND_DEALS` fixed deals (``None`` where ``chance_of`` has no answer: nothing measured to read
    it by). Remembered per rules, contract and ``reader`` (the profile reading the hands)."""
    key = (rules.document_hash, contract.id, reader)
    if key in _chances:
        return _chances[key]
    players = rules.seating.players
    hands = (
        hand
        for deal in range(BLIND_DEALS)
        for hand in GameState.create(rules, seed=f"blind-{deal}", dealer=deal % players, history=False).hand.hands[:players]
    )
    total, count, found = 0.0, 0, None
    for hand in hands:
        chance = chance_of(hand)
        if chance is None:
            break
        total, count = total + chance, count + 1
    else:
        found = total / count if count else None
    if len(_chances) >= MEMO_LIMIT:
        _chances.clear()
    _chances[key] = found
    return found


def _chance_and_least(bot: BlindReader, contract: Contract) -> tuple[float | None, float]:
    """The chance a hand ``bot`` has not seen makes ``contract`` (:func:`unseen_chance`), and the least
    chance it bids such a contract on: its profile's ``least_chance``, or ``trick_chance`` for a trick
    contract."""
    profile = bot.profile
    least = profile.least_chance if contract.level is None or contract.target.is_no_tricks else profile.trick_chance
    return unseen_chance(bot.rules, contract, partial(_chance, bot, contract), profile), least


def blind_bid(bot: BlindReader, view: SeatView, legal: int) -> int | None:
    """The contract ``bot`` bids before looking (its rank), by its worth with a hand not yet seen: made at
    least the profile's ``least_chance`` (a trick contract its ``trick_chance``) and worth more than passing
    by its ``value_margin`` (looking first is worth at least as much as passing, so this asks the blind bid
    no less than the bot asks any other); ``None`` to look first."""
    seat, scores, profile, valuation = view.actor, view.scores, bot.profile, bot.valuation
    held = valuation.held(view.bidding)
    best, best_worth = None, valuation.pass_worth(held, seat, scores, profile.pass_weight, profile.holder_make_share) + profile.value_margin
    tables = tables_for(bot.rules)
    for rank in cards_in(legal >> 1 & tables.blind_ranks):
        contract = tables.contracts[rank]
        chance, least = _chance_and_least(bot, contract)
        if chance is not None and chance >= least and (worth := valuation.share_worth(contract, seat, chance, scores)) > best_worth:
            best, best_worth = rank, worth
    return best


def why_blind(bot: BlindReader, contract: Contract) -> str:
    """Why ``bot`` seldom bids ``contract`` before looking, in words for a report: with the chance an unseen
    hand makes it and the least chance the bot bids on, where its variant's calibration is already known
    (it is not measured for this)."""
    reason = "the heuristic bots look at their cards first unless an unseen hand's chance makes it worth bidding"
    if known(bot.rules) is None:
        return reason
    chance, least = _chance_and_least(bot, contract)
    if chance is None:
        return reason
    return (
        f"{reason}: a hand not yet seen makes it about {100 * chance:.0f}% of the time, and the default bids it"
        f" only from {100 * least:.0f}%, whatever it is worth"
    )


def _chance(bot: BlindReader, contract: Contract, hand: int) -> float | None:
    """The chance ``hand`` makes ``contract`` as ``bot`` reads it: on the calibration's curve where there is
    one (a misère, hi/lo), else on its strain's trick curve at the hand's reading (``None``: nothing measured)."""
    calibrated = bot.made_chance(hand, contract)
    if calibrated is not None or contract.level is None:
        return calibrated
    curve = bot.trick_curve(contract.style.strain)
    return None if curve is None else curve.made_chance(bot.estimate(hand, contract.style.strain), contract.target.minimum)


__all__ = ["BLIND_DEALS", "MEMO_LIMIT", "BlindReader", "blind_bid", "unseen_chance", "why_blind"]
