"""Property tests (hypothesis): every ladder is a strict total order and every deal uses its deck.

Besides the shipped variants, random house rules are generated over standard (levels, strain order,
value formulas, special placements): each either compiles to a strict total order or is refused with
located problems; never an exception of another kind.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.errors import VariantError
from engine.language.resources import shipped_variant_names
from engine.rules import Rules


def assert_strict_total_order(rules: Rules) -> None:
    contracts = list(rules.ladder)
    assert [contract.rank for contract in contracts] == list(range(len(contracts)))
    assert len({contract.id for contract in contracts}) == len(contracts)
    for first in contracts:
        for second in contracts:
            if first is second:
                assert not rules.ladder.outranks(first, second)
            else:
                assert rules.ladder.outranks(first, second) != rules.ladder.outranks(second, first)


def assert_deck_arithmetic(rules: Rules) -> None:
    seating, deal = rules.seating, rules.deal
    dummies = seating.dummies.size * seating.players if seating.dummies else 0
    assert deal.dealt_per_player * seating.players + deal.kitty + deal.dead_hand + dummies + deal.table == len(rules.deck)
    dealt = {target: sum(step.cards for step in deal.steps if step.target is target) for target in {step.target for step in deal.steps}}
    assert dealt.get(engine.rules.DealTarget.PLAYERS, 0) == deal.dealt_per_player
    assert dealt.get(engine.rules.DealTarget.KITTY, 0) == deal.kitty


@pytest.mark.parametrize("name", shipped_variant_names())
def test_shipped_ladder_is_a_strict_total_order_and_deal_uses_the_deck(name: str) -> None:
    rules = engine.load_variant(name)
    assert_strict_total_order(rules)
    assert_deck_arithmetic(rules)


@pytest.mark.parametrize("name", shipped_variant_names())
def test_card_orders_rank_every_card_exactly_once(name: str) -> None:
    rules = engine.load_variant(name)
    for order in rules.card_orders:
        placed = list(order.trump_cards) + [index for _, cards in order.plain_order for index in cards]
        assert sorted(placed) == list(range(len(rules.deck)))
        powers = [order.power[index] for index in order.trump_cards]
        assert powers == sorted(powers, reverse=True) and len(set(powers)) == len(powers)


strain_orders = st.permutations(["S", "C", "D", "H", "NT"])
anchors = st.sampled_from(["6S", "7NT", "8S", "8C", "9D", "10H", "10NT", "misere", "open_misere"])
placements = st.one_of(
    st.sampled_from(["highest", "lowest", "by_value"]),
    st.builds(lambda how, anchor: {how: anchor}, st.sampled_from(["above", "below"]), anchors),
    st.builds(lambda ties: {"by_value": True, "ties": ties}, st.sampled_from(["above", "below"])),
)


@settings(max_examples=150, deadline=None)
@given(
    low=st.integers(min_value=1, max_value=8),
    strains=strain_orders,
    base=st.integers(min_value=-50, max_value=200),
    per_level=st.integers(min_value=0, max_value=150),
    per_strain=st.integers(min_value=0, max_value=40),
    order=st.sampled_from(["by_level", "by_value"]),
    misere=placements,
    open_misere=placements,
    misere_value=st.integers(min_value=0, max_value=1200),
)
def test_random_house_rules_compile_to_a_strict_order_or_report_problems(
    low: int,
    strains: list[str],
    base: int,
    per_level: int,
    per_strain: int,
    order: str,
    misere: object,
    open_misere: object,
    misere_value: int,
) -> None:
    document = {
        "extends": "standard",
        "name": "generated",
        "ladder": {
            "levels": list(range(low, 11)),
            "strains": strains,
            "values": {"base": base, "per_level": per_level, "per_strain": per_strain},
            "order": order,
            "ties": "more_tricks_higher",
        },
        "contracts": {"misere": {"placement": misere, "value": misere_value}, "open_misere": {"placement": open_misere}},
    }
    import json

    try:
        rules = engine.compile_text(json.dumps(document), "generated.yaml")
    except VariantError as error:
        assert error.problems and all(problem.path.startswith("$") and problem.message for problem in error.problems)
        return
    assert_strict_total_order(rules)
    assert rules.ladder["misere"].value == misere_value
