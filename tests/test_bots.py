"""Bots (issue 4, "Bots"): the protocol, the random bot, and the heuristic bot's bidding, discarding
and play, checked on scripted hands and over whole games of every playable variant."""

from __future__ import annotations

import pytest
from scripted import discard_kitty, game

import engine
from engine.bots import Bot, HeuristicBot, Profile, RandomBot, make_bot
from engine.bots.profile import CLASSIC
from engine.language.resources import shipped_variant_names

PLAYABLE = [name for name in shipped_variant_names() if not engine.unsupported_rules(engine.load_variant(name))]


def test_bots_follow_the_protocol() -> None:
    rules = engine.load_variant("standard")
    assert isinstance(RandomBot(1), Bot) and isinstance(HeuristicBot(rules), Bot)
    with pytest.raises(ValueError, match="There is no bot called 'clever'"):
        make_bot("clever", rules)
    with pytest.raises(ValueError, match="aggression must be between -3 and 3"):
        Profile(aggression=9)
    with pytest.raises(ValueError, match="misere_checked_share must be a share between 0 and 1, not 1.5"):
        Profile(misere_checked_share=1.5)
    with pytest.raises(ValueError, match="game_lost_share must be a share between 0 and 1, not -0.1"):
        Profile(game_lost_share=-0.1)


def test_every_tuning_number_of_the_bots_is_a_profile_setting_checked_when_made() -> None:
    """Issue 46, item 4: the margins the heuristic and sampling bots read are Profile fields, each checked
    as the profile is made (a full sentence naming the field)."""
    for field, bad, words in (
        ("partner_outbid_margin", -1.0, "between 0 and 10 tricks"),
        ("unexplained_pass", 11.0, "between 0 and 10 tricks"),
        ("unexplained_bid", -0.5, "between 0 and 10 tricks"),
        ("unlikely_weight", 1.5, "a share between 0 and 1"),
        ("game_won_loss_share", 1.25, "a share between 0 and 1"),
        ("misere_solved_deals", 0, "between 1 and 1000 deals"),
    ):
        with pytest.raises(ValueError, match=f"Profile {field} must be {words}"):
            Profile(**{field: bad})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"name": 3}, "Profile name must be text, not 3"),
        ({"values_bids": 1}, "Profile values_bids must be true or false, not 1"),
        ({"misere_solved_deals": 5.0}, "Profile misere_solved_deals must be a whole number, not 5.0"),
        ({"aggression": "0.3"}, "Profile aggression must be a number, not '0.3'"),
        ({"aggression": None}, "Profile aggression must be a number, not None"),
        ({"aggression": True}, "Profile aggression must be a number, not True"),
        ({"breach_curve": (1.0, "x")}, r"Profile breach_curve must be two numbers, not \(1.0, 'x'\)"),
    ],
)
def test_a_profile_setting_of_the_wrong_kind_is_refused_by_name(settings: dict[str, object], message: str) -> None:
    """A profile given through the API names the setting whose value is of the wrong kind (it was
    accepted, or failed comparing it with an unnamed TypeError); a whole number stands for a float."""
    with pytest.raises(ValueError, match=message):
        Profile(**settings)  # type: ignore[arg-type]
    assert Profile(aggression=1).aggression == 1


def test_random_bot_is_uniform_and_seeded() -> None:
    played = game("standard", {})
    legal = played.legal_actions()
    picks = [RandomBot(7).act(played.observation(0), legal) for _ in range(3)]
    assert picks[0] == picks[1] == picks[2]
    chosen = {str(RandomBot(seed).act(played.observation(0), legal)) for seed in range(300)}
    assert len(chosen) > len(legal) * 0.6


@pytest.mark.parametrize("variant", PLAYABLE)
def test_heuristic_bots_play_whole_games_of_every_playable_variant(variant: str) -> None:
    """Issue 4: the heuristic bot "must play every contract the kernel supports ... in every player count"."""
    rules = engine.load_variant(variant)
    for seed in range(2):
        played = engine.Game(rules, seed=seed)
        bots = [HeuristicBot(rules, seed=seat) for seat in range(rules.seating.players)]
        while not played.is_over and played.hand_number < 40:
            seat = played.to_act
            assert seat is not None
            played.apply(bots[seat].act(played.observation(seat), played.legal_choices()))
        assert played.results


def test_000_bidding_heuristic_bids_misere_with_a_hand_of_low_cards() -> None:
    """Rules text 000, "Misère and open misère" and "Strategy": once the auction has reached 7, a hand of
    the lowest cards bids open misère (safe even when shown); one high card that the kitty lets it
    discard is discarded before the hand is shown ("after the first trick"), so the threshold bot (the
    default's danger limits) still bids open misère, where the classic bot, which asked an open misère to
    be safe before the kitty, bid misère; a hand that could be forced in several suits does neither."""
    from engine.bots.profile import THRESHOLD

    safe = game("standard", {0: "5S 6S 7S 5C 6C 7C 4D 5D 4H 5H"}, dealer=2, actions=["bid 7S"])
    bot = HeuristicBot(safe.rules)
    assert str(bot.act(safe.observation(0), safe.legal_actions())) == "bid open_misere"
    threshold = HeuristicBot(safe.rules, THRESHOLD)
    assert str(threshold.act(safe.observation(0), safe.legal_actions())) == "bid open_misere"
    one_high = game("standard", {0: "5S 6S 7S 5C 6C 7C 4D 5D 4H KH"}, dealer=2, actions=["bid 7S"])
    assert str(threshold.act(one_high.observation(0), one_high.legal_actions())) == "bid open_misere"
    classic = HeuristicBot(safe.rules, CLASSIC)
    assert str(classic.act(one_high.observation(0), one_high.legal_actions())) == "bid misere"
    exposed = game("standard", {0: "9S 5C 10C 9D 4D 6D JH 9H 5H 10S"}, dealer=2, actions=["bid 7S"])
    assert bot.misere_danger(exposed.hand_of(0)) > bot.profile.misere_limit
    assert not str(bot.act(exposed.observation(0), exposed.legal_actions())).startswith("bid misere")


def test_000_strategy_misere_declarer_discards_what_it_could_be_forced_to_win_with() -> None:
    """Rules text 000, "Misère and open misère": the declarer puts away the cards the defenders could
    force to win a trick (a lone 8 of clubs under three lower clubs), not merely the highest (the 10 of
    spades is safe above the 9, 7 and 5), then leads a card no defender can play under."""
    hands = {2: "5S 7S 9S 10S 4H 5H 6H 4D 5D 6D"}
    played = game("standard", hands, "AC KD 8C", dealer=0, actions=["bid 7S", "bid misere", "pass", "pass", "pass"])
    bot = HeuristicBot(played.rules)
    discard = bot.act(played.observation(2), played.legal_choices())
    assert isinstance(discard, engine.Discard)
    assert {str(card) for card in discard.cards} == {"AC", "KD", "8C"}
    played.apply(discard)
    assert played.to_act == 2
    assert str(bot.act(played.observation(2), played.legal_actions())) in {"play 4H", "play 4D"}


def test_000_bidding_heuristic_bids_a_strong_trump_hand_and_passes_a_weak_one() -> None:
    """Rules text 000, "Strategy": bid on trumps with the bowers and the joker; pass with nothing."""
    strong = game("standard", {0: "JK JH JD AH KH QH 10H AS AC 5D"})
    bid = HeuristicBot(strong.rules).act(strong.observation(0), strong.legal_actions())
    assert isinstance(bid, engine.Bid) and bid.contract.endswith("H") and int(bid.contract[:-1]) >= 8
    weak = game("standard", {0: "5S 9S 7C 8C 9D 6D 8H 6H KS 10C"}, dealer=2, actions=["bid 8H"])
    assert str(HeuristicBot(weak.rules).act(weak.observation(0), weak.legal_actions())) == "pass"


def test_000_strategy_heuristic_discard_keeps_trumps_aces_and_king_x() -> None:
    """Rules text 000, "Strategy": shorten side suits, keep aces and guarded kings."""
    played = game("standard", {0: "JK JH AH KH QH AS KS 5S 9C 8D"}, "6C 7D 10D", actions=["bid 7H", "pass", "pass", "pass"])
    discard = HeuristicBot(played.rules).act(played.observation(0), played.legal_choices())
    assert isinstance(discard, engine.Discard)
    thrown = {str(card) for card in discard.cards}
    assert not thrown & {"JK", "JH", "AH", "KH", "QH", "AS", "KS"}
    assert thrown <= {"5S", "9C", "8D", "6C", "7D", "10D"}


def test_000_strategy_heuristic_does_not_overtake_a_partners_winner() -> None:
    """Issue 4: "don't overtake a partner's winner"; follow cheaply."""
    hands = {
        0: "AS 5C 6C 7C 8C 9C 10C 5D 6D 7D",
        1: "6S 7S AC KC QC JC AD KD QD JD",
        2: "KS QS 5S 4H 5H 6H 7H 8H 9H 10H",
        3: "8S 9S 10S JS JK AH KH QH JH 4D",
    }
    played = game("standard", hands, "8D 9D 10D", actions=["bid 6H", "pass", "pass", "pass"])
    discard_kitty(played)
    played.apply("play AS")
    played.apply("play 6S")
    choice = HeuristicBot(played.rules).act(played.observation(2), played.legal_actions())
    assert str(choice) == "play 5S"


def test_heuristic_team_beats_random_team() -> None:
    """Issue 4, "Measured strength" (a small sample here; the report over 1000 games is in the README)."""
    result = engine.simulate("standard", games=150, seed=3, bots=["heuristic", "random", "heuristic", "random"])
    assert result.tally.wins[0] / result.tally.games >= 0.95
