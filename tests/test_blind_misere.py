"""Blind misère (rules text 000, "Non-standard bids": "Blind Misère is the same as misère except the bid
must be called before the player views their cards"; rules text 001, "special bids"): looking at one's
cards is explicit, each seat's observation hides its hand until it looks or acts, and the blind bid is
offered only before."""

from __future__ import annotations

import pytest
from scripted import game, legal_texts

import engine
from engine.bots import HeuristicBot
from engine.kernel.events import Looked


def test_000_blind_misere_is_offered_only_before_looking() -> None:
    played = game("blind-misere", {}, dealer=3)
    assert played.to_act == 0 and {"bid blind_misere", "look", "pass", "bid 6S"} <= legal_texts(played)
    seen = played.observation(0)
    assert seen.hand == () and not seen.looked and played.observation(2).hand == ()
    played.apply("look")
    assert played.to_act == 0 and played.observation(0).looked and len(played.observation(0).hand) == 10
    assert "bid blind_misere" not in legal_texts(played) and "look" not in legal_texts(played)
    with pytest.raises(
        engine.IllegalActionError, match="blind misère may be bid only before looking at one's cards, and seat 0 has looked"
    ):
        played.apply("bid blind_misere")
    with pytest.raises(engine.IllegalActionError, match="has already looked"):
        played.apply("look")
    assert Looked(0) in played.events


def test_000_acting_is_looking() -> None:
    """A seat that passes or bids normally has seen its cards, so it may not bid blind later."""
    played = game("blind-misere", {}, dealer=3, actions=["bid 6S"])
    assert played.observation(0).looked and len(played.observation(0).hand) == 10
    assert not played.observation(1).looked  # not yet acted


def test_000_a_blind_bidder_sees_its_cards_once_the_auction_is_over() -> None:
    played = game("blind-misere", {}, dealer=3, actions=["bid blind_misere"])
    assert not played.observation(0).looked and played.observation(0).hand == ()
    for _ in range(3):
        played.apply("pass")
    assert str(played.contract) == "blind_misere" and played.declarer == 0
    assert all(played.observation(seat).looked for seat in range(4)) and len(played.observation(0).hand) == 13  # with the kitty


def test_looking_is_recorded_and_replays() -> None:
    played = game("blind-misere", {}, dealer=3, actions=["look", "bid 7H", "look", "pass", "pass", "pass"])
    assert played.transcript(0)["actions"][:3] == ["0 look", "0 bid 7H", "1 look"]
    saved = played.to_dict()
    assert engine.Game.from_dict(saved).to_dict() == saved


def test_variants_without_a_blind_contract_never_ask_to_look() -> None:
    played = game("standard", {}, dealer=3)
    assert "look" not in legal_texts(played) and played.observation(1).looked and len(played.observation(1).hand) == 10
    with pytest.raises(engine.IllegalActionError, match="has already looked"):
        played.apply("look")


def test_the_heuristic_bot_looks_before_bidding_and_never_bids_blind() -> None:
    rules = engine.load_variant("perfect")
    bot = HeuristicBot(rules, seed=0)
    played = game("perfect", {}, dealer=3)
    assert bot.act(played.observation(0), played.legal_choices()) == engine.Look()
    state = played._state
    assert bot.choose(state, 0, state.legal_mask()) == state.tables.look_move


@pytest.mark.parametrize("variant", ["blind-misere", "perfect"])
def test_the_blind_misere_variants_play(variant: str) -> None:
    assert engine.unsupported_rules(engine.load_variant(variant)) == []
    assert engine.simulate(variant, games=3, seed=5, bots=["random", "heuristic"] * 2).tally.games == 3
