"""Contracts with a ceiling: a number of tricks the declaring side must not pass (hi/lo's exactly five).

A contract whose target has a ceiling below the hand size but above nought (rules text 000, "Hi/Lo or 5
and 5": the declarer, its partner sitting out, must take exactly five tricks, in no trump) is played in
two halves. Until the declaring side has taken its minimum it plays to take tricks, and the defenders
play to stop it, as in any contract; from then on every further trick may break the contract, so the
declarer plays as in a misère and the defenders as against one (they lead and play to force a trick on
it). The heuristic bot bids such a contract when its hand fits both halves: its top cards take the
minimum (:func:`~engine.bots.worth.holding_tricks`) and the rest are safe as a misère hand
(:func:`~engine.bots.worth.forced_risks`); the limit on that measure is calibrated by play-outs like a
misère's (:mod:`engine.bots.calibration`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..kernel.tables import StrainTable, cards_in
from ..rules.contracts import Contract
from .steering import own_tricks
from .trick_play import Table, winning


def has_ceiling(contract: Contract, hand_size: int) -> bool:
    """Whether ``contract``'s target has a ceiling above nought and below ``hand_size`` (hi/lo)."""
    return 0 < contract.target.maximum < hand_size


def declaring_side_taken(table: Table) -> int:
    """The tricks the declaring side has taken so far this hand, as the seat of ``table`` knows it."""
    return own_tricks(table.completed, table.allies if table.mine else 1 << table.declarer)


def past_minimum(contract: Contract, table: Table) -> bool:
    """Whether the declaring side has taken the minimum of ``contract`` (which has a ceiling), so that
    every further trick may break it: the hand is then played as a misère."""
    return declaring_side_taken(table) >= contract.target.minimum


def spend_high(strain: StrainTable, table: Table) -> int | None:
    """The declarer's card while short of a ceiling contract's minimum, when it can take the trick: its
    highest card that takes it (the high cards spent while tricks are wanted are not there to be forced
    later); leading, a joker it holds (no trick it is played to is lost, so it must be one of those
    wanted); ``None`` when it cannot take the trick, or leads without a joker."""
    if not table.trick:
        jokers = table.playable & strain.jokers
        return (jokers & -jokers).bit_length() - 1 if jokers else None
    keys = strain.keys[table.led]
    best = winning(strain, table)[1]
    winners = [index for index in cards_in(table.playable) if keys[index] > best]
    return max(winners, key=strain.power.__getitem__) if winners else None


def sure_winners(strain: StrainTable, hand: int) -> list[int]:
    """The cards of ``hand`` that take a trick whatever the others hold (but a trump), strongest first:
    its jokers and, in each suit, its unbroken run of cards from the top."""
    found = [index for index in strain.trump_cards if hand >> index & 1 and strain.jokers >> index & 1]
    runs: list[int] = []
    for ladder in strain.ladders:
        for index in reversed(ladder):
            if not hand >> index & 1:
                break
            runs.append(index)
    return found + sorted(runs, key=strain.power.__getitem__, reverse=True)


def ceiling_measure(
    strain: StrainTable,
    hand: int,
    minimum: int,
    outside: int,
    kitty: int,
    forced: Callable[[StrainTable, int, int], Sequence[float]],
    typical: float = 0.0,
) -> float:
    """How far ``hand`` is from fitting a contract for ``minimum`` tricks and no more (0 = fits): the
    tricks its sure winners (:func:`sure_winners`) fall short of the minimum, plus the tricks the rest
    may be forced to take as a misère hand (``forced``'s risks for each card, against the ``outside``
    cards; sure winners beyond the minimum among them) with the ``kitty`` cards the declarer takes (each
    as forced as ``typical``), but for the ``kitty`` worst, which it discards; plus, per suit, the low
    cards it holds beyond the others' count of the suit (they win once the others are out of it)."""
    top = 0
    winners = sure_winners(strain, hand)[:minimum]
    for index in winners:
        top |= 1 << index
    risks = sorted([*forced(strain, hand & ~top, outside), *[typical] * kitty], reverse=True)
    # A suit the hand holds more of than the others do: once they are out of it, its low cards win too.
    long = sum(
        min((hand & ~top & mask).bit_count(), max(0, (hand & mask).bit_count() - (outside & mask).bit_count()))
        for mask, _ in strain.side_suits
    )
    forced_tricks = 0.0  # (summed by hand: the compiled build reads a sum of floats as an int)
    for risk in risks[kitty:]:
        forced_tricks += risk
    return float(minimum - len(winners) + long) + forced_tricks


__all__ = ["ceiling_measure", "declaring_side_taken", "has_ceiling", "past_minimum", "spend_high", "sure_winners"]
