"""The bots' memoised hand evaluation (``engine/bots/worth.py``, issue 30 "heuristic bidding"): each suit's
worth is kept and shared, so the memos must give what a direct evaluation of the whole hand gives, for any
hand of any shipped variant, and stay bounded.

The reference functions below are the evaluation as it was written before the memos (tricks summed as
floats, card by card); the memos count twentieths exactly, so the two agree to rounding."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.bots import worth
from engine.bots.worth import MEMO_LIMIT, forced_risks, holding_tricks
from engine.kernel.tables import StrainTable, mask_of, tables_for
from engine.language.resources import shipped_variant_names

_TRUMP_VALUE = (1.0, 0.95, 0.8, 0.65, 0.5, 0.4)
VARIANTS = sorted(shipped_variant_names())


def reference_tricks(hand: int, strain: StrainTable) -> float:
    tricks, held = 0.0, 0
    for position, index in enumerate(strain.trump_cards):
        if hand >> index & 1:
            tricks += _TRUMP_VALUE[min(position - held, len(_TRUMP_VALUE) - 1)]
            held += 1
    tricks += max(0, held - 4) * 0.6
    values = (0.9, 0.45, 0.15) if strain.is_trump else (1.0, 0.7, 0.4)
    for suit, tops in strain.side_suits:
        length = (hand & suit).bit_count()
        for position, index in enumerate(tops):
            if hand >> index & 1 and length > position:
                tricks += values[position]
        if not strain.is_trump:
            tricks += max(0, length - 4) * 0.5 if hand >> tops[0] & 1 else 0.0
        elif held >= 3:
            tricks += 0.6 if not length else 0.3 if length == 1 else 0.0
    return tricks


def reference_forced(strain: StrainTable, mask: int, outside: int, elsewhere: float) -> list[float]:
    dangers = [1.0] * (mask & strain.jokers).bit_count()
    for ladder in strain.ladders:
        mine = [position for position, index in enumerate(ladder) if mask >> index & 1]
        if not mine:
            continue
        theirs = [position for position, index in enumerate(ladder) if outside >> index & 1]
        for lead in theirs:
            if not mine:
                break
            below = [position for position in mine if position < lead]
            if below:
                mine.remove(below[-1])
            else:
                forced = mine.pop()
                dangers.append(1.0 - elsewhere ** sum(1 for position in theirs if position < forced))
    return dangers


@st.composite
def deals(draw: st.DrawFn) -> tuple[str, int, int, float]:
    """A shipped variant, a hand of its size, some of the other cards as the outside, and a chance."""
    variant = draw(st.sampled_from(VARIANTS))
    rules = engine.load_variant(variant)
    cards = list(range(len(rules.deck.cards)))
    hand = draw(st.lists(st.sampled_from(cards), min_size=0, max_size=rules.deal.hand_size, unique=True))
    rest = [card for card in cards if card not in hand]
    outside = draw(st.lists(st.sampled_from(rest), max_size=len(rest), unique=True)) if rest else []
    return variant, mask_of(hand), mask_of(outside), draw(st.floats(0.0, 1.0))


@settings(max_examples=300, deadline=None)
@given(deals())
def test_memoised_worth_is_the_direct_evaluation(deal: tuple[str, int, int, float]) -> None:
    """Rules text 000 "Bidding conventions" is what the bots' estimate follows; here only its memoised form
    is checked against the direct one: the same tricks in every strain, the same forced cards in a misère."""
    variant, hand, outside, elsewhere = deal
    tables = tables_for(engine.load_variant(variant))
    risk = [1.0 - elsewhere**count for count in range(len(tables.cards) + 1)]
    for strain in tables.strains.values():
        assert abs(holding_tricks(strain, hand) - reference_tricks(hand, strain)) < 1e-9
        assert forced_risks(strain, hand, outside, risk) == reference_forced(strain, hand, outside, elsewhere)
        assert holding_tricks(strain, hand) * worth.UNITS == round(holding_tricks(strain, hand) * worth.UNITS)


def test_memos_stay_bounded() -> None:
    """However many holdings are met, no memo keeps more than ``MEMO_LIMIT`` entries."""
    tables = tables_for(engine.load_variant("standard"))
    strain = tables.strains["NT"]
    count, ladder = len(tables.cards), strain.ladders[0]
    met = set()
    for number in range(2 * MEMO_LIMIT):
        # (held, outside) pairs in the first suit's ladder, more distinct ones than the limit: each card
        # of the ladder is one digit of ``number`` in base 3 (0 elsewhere, 1 held, 2 outside).
        digits = [number // 3**place % 3 for place in range(len(ladder))]
        mine = mask_of(index for digit, index in zip(digits, ladder) if digit == 1) or 1 << ladder[0]
        outside = mask_of(index for digit, index in zip(digits, ladder) if digit == 2) & ~mine
        met.add((mine, outside))
        forced_risks(strain, mine, outside, [0.5] * (count + 1))
    assert len(met) > MEMO_LIMIT
    sizes = [len(ladder[2]) for ladder in worth._MEMOS[id(strain)].ladders]
    assert sizes and max(sizes) <= MEMO_LIMIT
