"""The game's standing in the sampled bidding (issue 14, the expert's bids): what a hand's outcome does to
the game, read from the kernel's scoring and end rules (rules text 000, "Score keeping"), and bids that
weigh it near the end of a game."""

from __future__ import annotations

import pytest
from test_sampling import hand_of

import engine
from engine.bots import SamplingBot
from engine.bots.profile import Profile
from engine.bots.standing import LOST, PLAYS_ON, WON, Standing
from engine.kernel.phase import PASS_MOVE


def standing(scores: tuple[int, int], variant: str = "standard") -> Standing:
    rules = engine.load_variant(variant)
    return Standing(rules, [rules.seating.team_of(seat) for seat in range(rules.seating.seats)], scores)


@pytest.mark.parametrize(
    ("scores", "contract", "tricks", "expected"),
    [
        ((400, 0), "7H", 7, WON),  # out the front door: 400 + 200
        ((200, 470), "7H", 7, LOST),  # made, but the defenders' three tricks carry them to 500 first
        ((300, 470), "7H", 7, WON),  # both reach 500 on the hand: the bidders win
        ((200, 470), "7H", 8, PLAYS_ON),  # two defenders' tricks: 490
        ((200, 470), "7H", 10, PLAYS_ON),  # a slam below 250 scores 250: 450
        ((-400, 0), "7H", 5, LOST),  # set to -600: out the back door
        ((-200, 0), "7H", 5, PLAYS_ON),
        ((0, 400), "misere", 0, LOST),  # the misère made, the defenders' ten tricks make 500
        ((300, 400), "misere", 0, WON),
    ],
)
def test_000_score_keeping_what_a_hand_does_to_the_game(scores: tuple[int, int], contract: str, tricks: int, expected: int) -> None:
    """Rules text 000, "Score keeping": a side wins by reaching 500 (the bidders first when both do on one
    hand, "out the front door"), loses at -500 ("out the back door"), and the defenders score ten points a
    trick whether or not the contract is made."""
    position = standing(scores)
    assert position.outcome(position.rules.ladder[contract], 0, tricks) == expected


def test_the_odds_weigh_each_sampled_result() -> None:
    position = standing((200, 470))
    seven = position.rules.ladder["7H"]
    won, lost = position.odds(seven, 0, [(1.0, 7), (1.0, 8), (2.0, 5)])
    assert (won, lost) == (0.0, 0.75)  # 7 tricks and 5 lose (the defenders reach 500), 8 plays on
    won, lost = standing((400, 0)).odds(seven, 0, [(3.0, 7), (1.0, 6)])
    assert (won, lost) == (0.75, 0.0)


def _bid(scores: tuple[int, int], hand: int, reads_score: bool, calls: list[tuple[int, str]] | None = None) -> int:
    rules = engine.load_variant("standard")
    bot = SamplingBot(rules, Profile(reads_score=reads_score), seed=4, samples=8)
    bot._scores = scores
    ranks = sum(1 << contract.rank for contract in rules.ladder.contracts)
    return bot._bid(0, hand, calls or [], ranks, True)


def test_000_score_keeping_no_bid_that_hands_the_defenders_the_game() -> None:
    """Rules text 000, "Score keeping": with the opponents at 490, any trick they take as defenders wins
    them the game, so a good hand that cannot reach 500 itself passes rather than declare (and bids as
    usual when the score does not stand so)."""
    rules = engine.load_variant("standard")
    hand = hand_of(rules, "JH", "JD", "AH", "KH", "10H", "9H", "AS", "7C", "6D", "5S")
    usual = _bid((0, 0), hand, True)
    assert usual != PASS_MOVE and _bid((0, 490), hand, False) == usual
    assert _bid((0, 490), hand, True) == PASS_MOVE
    # A bid that makes 500 for the bidders wins the hand's race (the bidders first), so it stands.
    assert _bid((300, 490), hand, True) == usual


def test_000_score_keeping_a_cheap_contract_that_wins_the_game_is_bid() -> None:
    """Rules text 000, "Score keeping": at 460 a made contract of six wins the game, and a set costs only
    its value; a hand the bidding would pass then bids the cheapest contract it makes often enough."""
    rules = engine.load_variant("standard")
    hand = hand_of(rules, "KH", "9H", "8H", "7H", "QS", "7C", "6C", "5D", "4D", "5S")
    assert _bid((0, 0), hand, True) == PASS_MOVE
    assert _bid((460, 0), hand, False) == PASS_MOVE
    move = _bid((460, 0), hand, True)
    assert move != PASS_MOVE
    contract = [contract for contract in rules.ladder.contracts if contract.rank == move][0]
    assert contract.level == 6


def test_000_score_keeping_a_hands_points_for_the_declaring_side() -> None:
    """Rules text 000, "Score keeping" and the Avondale table: 7♥ made scores 200, lost costs 200, and the
    defenders score ten a trick either way; the worth is the declaring side's less the defenders'."""
    position = standing((0, 0))
    seven = position.rules.ladder["7H"]
    assert position.points(seven, 0, 7) == 200 - 30
    assert position.points(seven, 0, 5) == -200 - 50
    assert position.points(seven, 0, 10) == 250  # a slam below 250 scores 250
