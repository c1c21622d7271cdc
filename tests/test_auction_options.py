"""Auction options the texts describe (rules text 000, "Bidding after pass" and "Bidding"; rules text
001, "Special inkles"): bidding again after a pass when a bidder changes suit, the winner raising its own
bid, and 'inkle no' as a separate inkle."""

from __future__ import annotations

import pytest
from scripted import legal_texts

import engine


def variant(auction: str, base: str = "standard") -> engine.Rules:
    return engine.compile_text(f"extends: {base}\nauction: {auction}\n")


def start(rules: engine.Rules, actions: list[str]) -> engine.Game:
    played = engine.Game(rules, dealer=3, seed=2)
    for action in actions:
        played.apply(action)
    return played


def test_000_bid_after_pass_when_a_bidder_changes_the_suit_of_its_bid() -> None:
    """ "Some play that it is allowed to bid after pass if someone hereafter changes the suit of their bid"
    (read as: a seat that has bid bids again in another strain)."""
    rules = variant("{bid_after_pass: on_strain_change}")
    played = start(rules, ["bid 6S", "pass", "bid 6H", "pass", "bid 7S"])  # seat 0 raises in its own suit
    assert played.to_act == 2  # seats 1 and 3 passed and stay out
    played.apply("pass")
    assert played.phase is engine.Phase.KITTY and played.declarer == 0
    played = start(rules, ["bid 6S", "pass", "bid 6H", "pass", "bid 7D"])  # seat 0 changes suit
    assert played.to_act == 1 and "bid 7H" in legal_texts(played)  # seat 1, who passed, may bid again


def test_000_a_pass_is_final_by_default() -> None:
    played = start(engine.load_variant("standard"), ["bid 6S", "pass", "bid 6H", "pass", "bid 7D"])
    assert played.to_act == 2


def test_000_the_winner_may_raise_and_reopen_the_bidding_by_changing_suit() -> None:
    """ "Some play that the winner of the auction can raise their bid. If they change their suit ... other
    players are allowed to bid again. If they only raise their bid without changing the suit, other
    players cannot bid again"."""
    rules = variant("{winner_may_raise: true}")
    played = start(rules, ["bid 6S", "bid 6H", "pass", "pass", "bid 7S", "pass"])
    assert played.phase is engine.Phase.AUCTION and played.to_act == 0  # seat 0 won with 7S and may raise
    assert "bid 8S" in legal_texts(played) and "pass" in legal_texts(played)
    same = start(rules, ["bid 6S", "bid 6H", "pass", "pass", "bid 7S", "pass", "bid 8S"])
    assert same.phase is engine.Phase.KITTY and str(same.contract) == "8S"
    changed = start(rules, ["bid 6S", "bid 6H", "pass", "pass", "bid 7S", "pass", "bid 8D"])
    assert changed.phase is engine.Phase.AUCTION and changed.to_act == 1 and "bid 8H" in legal_texts(changed)
    stands = start(rules, ["bid 6S", "bid 6H", "pass", "pass", "bid 7S", "pass", "pass"])
    assert stands.phase is engine.Phase.KITTY and str(stands.contract) == "7S"
    assert stands.observation(1).calls[-2:] == ((1, "pass"), (0, "pass"))


def test_000_a_lone_bidder_may_not_raise() -> None:
    """ "if only one player partakes in the auction (other players pass), they cannot raise their bid"."""
    played = start(variant("{winner_may_raise: true}"), ["bid 6S", "pass", "pass", "pass"])
    assert played.phase is engine.Phase.KITTY


def test_raising_and_reopening_need_a_continuous_auction() -> None:
    for setting in ("{winner_may_raise: true}", "{bid_after_pass: on_strain_change}"):
        with pytest.raises(engine.VariantError, match="needs a continuous auction"):
            variant(setting, base="american")


def test_001_inkle_no_is_a_separate_inkle_just_below_inkle_no_trump() -> None:
    """Rules text 001, "Special inkles": "Inkle No is sometimes distinguished from Inkle No Trump ...
    Inkle No Trump is the highest inkle"."""
    rules = variant("{inkles: {separate_no: true}}", base="american")
    assert rules.ladder.ids[3:6] == ("6H", "6NO", "6NT") and rules.ladder["6NO"].name == "inkle no"
    played = start(rules, ["bid 6H"])
    assert {"bid 6NO", "bid 6NT"} <= legal_texts(played)
    played.apply("bid 6NO")
    assert "bid 6NO" not in legal_texts(played) and "bid 6NT" not in legal_texts(played)  # only the first two may inkle
    with pytest.raises(engine.VariantError, match="sits just below the no-trump inkle, 6NT"):
        engine.compile_text("extends: american\nladder: {strains: [S, C, D, H]}\nauction: {inkles: {separate_no: true}}\n")


@pytest.mark.parametrize(
    "setting",
    ["{bid_after_pass: on_strain_change}", "{winner_may_raise: true}", "{bid_after_pass: on_strain_change, winner_may_raise: true}"],
)
def test_the_auction_options_play_whole_games(setting: str) -> None:
    rules = variant(setting)
    assert engine.unsupported_rules(rules) == []
    assert engine.simulate(rules, games=3, seed=4, bots=["random", "heuristic"] * 2).tally.games == 3
