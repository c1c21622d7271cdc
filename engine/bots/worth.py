"""What a holding is worth to the bots: the tricks a hand may take in a strain, and the tricks a misère
hand may be forced to take.

Both are sums over the suits of what each suit's holding (and, for the trumps, the trump holding) is
worth, and a suit's worth depends on nothing else. So each suit's answer is kept, per strain table, in
memos shared by every bot of the process: bots meet the same holdings hand after hand, where a whole
hand rarely repeats. Each memo is cleared when it grows past :data:`MEMO_LIMIT` entries.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..kernel.tables import StrainTable, count_of, mask_of

MEMO_LIMIT: Final = 8192
"""Entries one memo keeps before it is cleared (a bound on memory, whatever the deck)."""

UNITS: Final = 20
"""Trick values are counted in twentieths of a trick, so that sums are exact."""

# A trump's worth by its place among the trumps held and missing (0 = the highest trump), in twentieths.
_TRUMP_VALUE = (20, 19, 16, 13, 10, 8)
_LONG_TRUMP = 12  # each trump past the fourth
# The top three cards of a side suit, when guarded by enough others of the suit: with trumps, without.
_TOP_VALUE_TRUMPED = (18, 9, 3)
_TOP_VALUE_NO_TRUMP = (20, 14, 8)
_LONG_SUIT = 10  # without trumps, each card past the fourth of a suit headed by its top card
_VOID, _SINGLETON = 12, 6  # with three trumps or more, a void or a singleton side suit ruffs


class _Memos:
    """The memos of one strain table."""

    def __init__(self, strain: StrainTable) -> None:
        self.strain = strain
        self.trump_mask = mask_of(strain.trump_cards)
        self.trumps: dict[int, tuple[int, int]] = {}
        self.sides: tuple[tuple[int, tuple[int, ...], dict[int, int]], ...] = tuple((suit, tops, {}) for suit, tops in strain.side_suits)
        # A suit's forced-card memo is keyed on its cards shifted down to its lowest index (most suits' cards
        # are consecutive indices, so the key fits a machine word rather than being a long integer).
        self.ladders: tuple[tuple[int, tuple[int, ...], dict[int, tuple[int, ...]], int, int], ...] = tuple(
            (mask_of(ladder), ladder, {}, min(ladder, default=0), max(ladder, default=0) - min(ladder, default=0) + 1)
            for ladder in strain.ladders
        )

    def trump_worth(self, trumps: int) -> tuple[int, int]:
        """(twentieths, trumps held) of a trump holding."""
        units = held = 0
        for position, index in enumerate(self.strain.trump_cards):
            if trumps >> index & 1:
                # A trump is worth more when the cards above it are ours too.
                units += _TRUMP_VALUE[min(position - held, len(_TRUMP_VALUE) - 1)]
                held += 1
        return units + max(0, held - 4) * _LONG_TRUMP, held

    def side_worth(self, holding: int, tops: tuple[int, ...], ruffing: bool) -> int:
        """Twentieths of a side suit's holding: its top cards guarded by enough others of the suit,
        length without trumps, shortness with three trumps or more (``ruffing``)."""
        strain = self.strain
        length = count_of(holding)
        values = _TOP_VALUE_TRUMPED if strain.is_trump else _TOP_VALUE_NO_TRUMP
        units = sum(values[position] for position, index in enumerate(tops) if holding >> index & 1 and length > position)
        if not strain.is_trump:
            return units + (max(0, length - 4) * _LONG_SUIT if holding >> tops[0] & 1 else 0)
        if ruffing:
            return units + (_VOID if not length else _SINGLETON if length == 1 else 0)
        return units

    def forced(self, ladder: tuple[int, ...], mine_mask: int, theirs_mask: int) -> tuple[int, ...]:
        """For each card of ``mine_mask`` in one suit (its ``ladder``, lowest first) that the defenders,
        leading the ``theirs_mask`` cards from the lowest up, force to win a trick: how many of their
        cards rank below it. The hand ducks with its highest card below each lead; a card that cannot
        duck is forced (the highest is shed)."""
        mine = [position for position, index in enumerate(ladder) if mine_mask >> index & 1]
        theirs = [position for position, index in enumerate(ladder) if theirs_mask >> index & 1]
        counts: list[int] = []
        for lead in theirs:
            if not mine:
                break
            below = [position for position in mine if position < lead]
            if below:
                mine.remove(below[-1])
            else:
                forced = mine.pop()
                counts.append(sum(1 for position in theirs if position < forced))
        return tuple(counts)


_MEMOS: dict[int, _Memos] = {}


def _memos_of(strain: StrainTable) -> _Memos:
    memos = _MEMOS.get(id(strain))
    if memos is None or memos.strain is not strain:
        memos = _MEMOS[id(strain)] = _Memos(strain)
    return memos


def holding_tricks(strain: StrainTable, hand: int) -> float:
    """Tricks ``hand`` may take by itself in ``strain`` (the kitty and partners not counted): each trump
    by its place among the trumps, with a bonus for length; each side suit's top three cards when
    guarded; without trumps, a long suit's length; with three trumps or more, short side suits."""
    memos = _memos_of(strain)
    trumps = hand & memos.trump_mask
    known = memos.trumps.get(trumps)
    if known is None:
        if len(memos.trumps) >= MEMO_LIMIT:
            memos.trumps.clear()
        known = memos.trumps[trumps] = memos.trump_worth(trumps)
    units, held = known
    ruffing = strain.is_trump and held >= 3
    for suit, tops, memo in memos.sides:
        holding = hand & suit
        key = holding << 1 | ruffing
        value = memo.get(key)
        if value is None:
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            value = memo[key] = memos.side_worth(holding, tops, ruffing)
        units += value
    return units / UNITS


def forced_risks(strain: StrainTable, mask: int, outside: int, risk: Sequence[float]) -> list[float]:
    """For each card of ``mask`` the defenders could force to win a trick in a misère, the chance that
    they can: a joker always wins (1.0); a plain card forced with ``k`` of the ``outside`` cards of its
    suit below it, ``risk[k]`` (the chance that the defenders hold at least one of them). Jokers first,
    then suit by suit."""
    memos = _memos_of(strain)
    risks = [1.0] * count_of(mask & strain.jokers)
    for suit, ladder, memo, low, span in memos.ladders:
        mine = mask & suit
        if not mine:
            continue
        key = (mine >> low) << span | (outside & suit) >> low
        counts = memo.get(key)
        if counts is None:
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            counts = memo[key] = memos.forced(ladder, mine, outside & suit)
        for count in counts:
            risks.append(risk[count])
    return risks


def sure_of_every_trick(strain: StrainTable, hand: int) -> bool:
    """Whether ``hand``, leading, takes every trick whatever the others hold: its top trumps in an
    unbroken run draw every trump it lacks, and every side card it holds tops its suit."""
    trumps = strain.trump_cards
    held = [index for index in trumps if hand >> index & 1]
    run = next((position for position, index in enumerate(trumps) if not hand >> index & 1), len(trumps))
    if run < len(trumps) - len(held):
        return False
    for _, plain in strain.order.plain_order:
        mine = [index for index in plain if hand >> index & 1]
        if mine != list(plain[: len(mine)]):
            return False
    return True


__all__ = ["MEMO_LIMIT", "UNITS", "forced_risks", "holding_tricks", "sure_of_every_trick"]
