"""Claims (rules text 000, "Other scoring variations": "Some informal games allow the bidder to lay down
several cards at once when they know they will win the tricks, but some rules penalise such actions with
100 points"): the declarer, leading, lays cards down; they lead in order while they win; where the variant
penalises laying down, the declaring side loses the penalty."""

from __future__ import annotations

import random

import pytest
from scripted import deal, discard_kitty

import engine
from engine.kernel.events import Claimed

SURE = "JK JH JD AH KH QH 10H 9H AS AC"


def declaring(hand: str, penalty: int | None = 100, bid: str = "7H") -> engine.Game:
    rules = engine.compile_text("extends: standard\n" + (f"scoring: {{lay_down_penalty: {penalty}}}\n" if penalty else ""))
    played = engine.Game(rules, deals=[deal(rules, {0: hand})], dealer=3)
    for action in (f"bid {bid}", "pass", "pass", "pass"):
        played.apply(action)
    discard_kitty(played)
    return played


def finish(played: engine.Game, seed: int = 0) -> engine.HandResult:
    chooser = random.Random(seed)
    while played.hand_number == 0:
        played.apply(chooser.choice(played.legal_actions()))
    return played.results[0]


def test_000_a_claim_leads_the_cards_laid_down_and_costs_the_penalty() -> None:
    played = declaring(SURE)
    played.apply("claim " + SURE)
    assert Claimed(0, tuple(played.rules.deck.card(text) for text in SURE.split())) in played.events
    while played.hand_number == 0:
        if played.to_act == 0:
            assert len(played.legal_actions()) == 1  # the next card laid down
        played.apply(played.legal_actions()[0])
    result = played.results[0]
    assert result.tricks[0] == 10 and result.made
    assert result.hand_points[0] == 250 - 100  # the slam's 250, less the penalty for laying down
    transcript = played.transcript(0)
    assert transcript["actions"][5] == "0 claim " + SURE and engine.replay(transcript, played.rules) == result


def test_000_without_a_penalty_a_claim_costs_nothing() -> None:
    played = declaring(SURE, penalty=None)
    played.apply("claim JK JH JD")
    assert finish(played).hand_points[0] == 250


def test_000_a_claim_stands_only_as_far_as_the_cards_make_it_good() -> None:
    played = declaring("JH AH KH 5S 6S 7S 5C 6C 7C 5D")
    played.apply("claim 5S JH AH")  # a low spade first: it loses, and the claim ends there
    for _ in range(3):
        played.apply(played.legal_actions()[0])
    assert played.to_act != 0 or len(played.legal_actions()) > 1
    assert not played._state.hand.play.claimed  # type: ignore[union-attr]
    result = finish(played, seed=1)
    assert result.hand_points[0] in (-100 - 200, 200 - 100)


@pytest.mark.parametrize(
    ("setup", "claim", "message"),
    [
        (lambda game: None, "claim AS AS", "names AS twice"),
        (lambda game: None, "claim 4H", "does not hold 4H"),
        (lambda game: game.apply("play AS"), "claim AC", "Only the declarer may lay cards down"),
        (lambda game: game.apply("claim AS AC"), "claim AC", "Only the declarer may lay cards down"),
    ],
)
def test_a_bad_claim_is_refused_and_the_game_unchanged(setup: object, claim: str, message: str) -> None:
    played = declaring(SURE)
    setup(played)  # type: ignore[operator]
    before = played.to_dict()
    with pytest.raises(engine.IllegalActionError, match=message):
        played.apply(claim)
    assert played.to_dict() == before


def test_a_claim_with_a_joker_that_names_a_suit_is_refused() -> None:
    played = declaring(SURE, bid="7NT")
    with pytest.raises(engine.IllegalActionError, match="JK led in no trump names a suit"):
        played.apply("claim JK AS")


def test_a_pending_claim_cannot_be_claimed_again() -> None:
    played = declaring(SURE)
    played.apply("claim JK JH JD")
    for _ in range(3):
        played.apply(played.legal_actions()[0])
    assert played.to_act == 0
    with pytest.raises(engine.IllegalActionError, match="has laid cards down already and must lead JH"):
        played.apply("claim AS")


def test_a_game_saved_during_a_claim_round_trips() -> None:
    played = declaring(SURE)
    played.apply("claim JK JH JD AH")
    for _ in range(5):
        played.apply(played.legal_actions()[0])
    saved = played.to_dict()
    restored = engine.Game.from_dict(saved, played.rules)
    assert restored.to_dict() == saved and [str(each) for each in restored.legal_actions()] == [
        str(each) for each in played.legal_actions()
    ]
