"""Sans kitty (rules text 001, "Sans Kitty"): "Any player may make a contract bid for six or more tricks,
misère, open misère ... sans kitty ... A sans bid must be included in the original bid ... This typically
adds 40 points to the total bid ... it is not necessary for an opposing team to account for those points
when attempting to outbid another team. For example, a bid of six no trump sans kitty can still be outbid
by seven clubs"."""

from __future__ import annotations

import random

import pytest
from scripted import game, legal_texts

import engine
from engine.bots import HeuristicBot


def test_001_sans_kitty_is_said_with_the_bid() -> None:
    played = game("sans-kitty", {}, dealer=3)
    offered = legal_texts(played)
    assert {"bid 6S sans_kitty", "bid 10NT sans_kitty", "bid open_misere sans_kitty", "bid 7H"} <= offered
    assert "bid misere sans_kitty" not in offered  # misère itself waits for the auction to reach 7
    played.apply("bid 6NT sans_kitty")
    assert played.observation(2).calls == ((0, "6NT sans_kitty"),)


def test_001_sans_kitty_does_not_count_for_outbidding() -> None:
    played = game("sans-kitty", {}, dealer=3, actions=["bid 6NT sans_kitty"])
    offered = legal_texts(played)
    assert "bid 7C" in offered and "bid 6NT" not in offered and "bid 6NT sans_kitty" not in offered
    with pytest.raises(engine.IllegalActionError, match="6NT does not outrank the current bid, 6NT"):
        played.apply("bid 6NT")


def test_001_sans_kitty_the_kitty_is_not_taken_and_40_is_added() -> None:
    played = game("sans-kitty", {}, dealer=3, actions=["bid 7H sans_kitty", "pass", "pass", "pass"])
    assert played.phase is engine.Phase.PLAY and played.observation(0).kitty == () and len(played.hand_of(0)) == 10
    chooser = random.Random(1)
    while played.hand_number == 0:
        played.apply(chooser.choice(played.legal_actions()))
    result = played.results[0]
    value = played.rules.ladder["7H"].value + 40
    assert result.contract == "7H" and result.hand_points[0] == (value if result.made else -value)
    transcript = played.transcript(0)
    assert transcript["actions"][0] == "0 bid 7H sans_kitty" and engine.replay(transcript) == result


def test_a_modifier_is_refused_where_it_does_not_go() -> None:
    rules = engine.compile_text("extends: sans-kitty\ncontracts: {sans_kitty: {eligible: {levels: [7]}}}\n")
    played = engine.Game(rules, dealer=3, seed=1)
    assert "bid 6S sans_kitty" not in legal_texts(played)
    with pytest.raises(engine.IllegalActionError, match="sans kitty does not go with 6S"):
        played.apply("bid 6S sans_kitty")
    with pytest.raises(
        engine.IllegalActionError, match=r"is not a valid action: 'sans' is not a modifier of this variant \(its modifiers are sans_kitty\)"
    ):
        played.apply("bid 6S sans")
    with pytest.raises(
        engine.IllegalActionError, match="is not a valid action: write bid and one contract, like bid 7H, or a contract and a modifier"
    ):
        played.apply("bid 6S sans kitty")


def test_the_heuristic_bot_bids_sans_kitty_only_with_tricks_to_spare() -> None:
    rules = engine.load_variant("sans-kitty")
    bot = HeuristicBot(rules, seed=0)
    strong = game("sans-kitty", {0: "JK JH JD AH KH QH 10H AS AC AD"}, dealer=3)
    chosen = bot.act(strong.observation(0), strong.legal_choices())
    assert isinstance(chosen, engine.Bid) and chosen.modifier == "sans_kitty"
    weak = game("sans-kitty", {0: "JH AH KH 9H 5S 6S 7C 8C 5D 6D"}, dealer=3)
    chosen = bot.act(weak.observation(0), weak.legal_choices())
    assert not (isinstance(chosen, engine.Bid) and chosen.modifier)
