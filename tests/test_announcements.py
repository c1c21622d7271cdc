"""Announcements (issue 10, docs/announcements.md): the breach call (rules text 000, "Breach rule"), the
slam call (rules text 002, "Special bids"; rules text 000, "Non-standard bids") and declare (rules text
002, "No Trump 500"), played through one window mechanism, through the API, replay and saved games."""

from __future__ import annotations

import json
import random

import pytest
from commandline import run
from scripted import discard_kitty, game, legal_texts

import engine
from engine.bots import HeuristicBot
from engine.kernel.events import Announced, CardGiven
from engine.kernel.scoring import HandScore, settle_wagers
from engine.rules.announcements import Announcer, Effect, Moment

ANY: dict[int, str] = {}
SURE_HEARTS = "JK JH JD AH KH QH 10H 9H AS AC"
"""Every trick in hearts whatever the others hold: eight top trumps in a run, and two side aces."""


def called(variant: str, hands: dict[int, str], bid: str, call: str) -> engine.Game:
    """A game of ``variant`` where seat 0 wins with ``bid``, discards the kitty's cards, makes ``call``,
    receives its partner's first card and discards it again."""
    played = game(variant, hands, actions=[f"bid {bid}", "pass", "pass", "pass"])
    discard_kitty(played)
    played.apply(f"call {call}")
    played.apply(played.legal_actions()[0])
    played.apply(played.legal_actions()[0])
    return played


def play_out(played: engine.Game, seed: int = 0) -> engine.HandResult:
    """Finish the current hand with random legal actions; its result."""
    chooser = random.Random(seed)
    hand = played.hand_number
    while played.hand_number == hand and not played.is_over:
        played.apply(chooser.choice(played.legal_actions()))
    return played.results[hand]


# -- the rule objects -----------------------------------------------------------------------------


def test_the_compiler_turns_breach_and_calls_into_announcements() -> None:
    (breach,) = engine.load_variant("breach").announcements
    assert (breach.moment, breach.announcer, breach.effect, breach.levels, breach.all_specials) == (
        Moment.AFTER_AUCTION,
        Announcer.DEFENDER,
        Effect.WAGER,
        (7, 8, 9, 10),
        True,
    )
    (slam,) = engine.load_variant("slam-call").announcements
    assert (slam.moment, slam.announcer, slam.effect, slam.levels, slam.all_specials) == (
        Moment.AFTER_KITTY,
        Announcer.DECLARER,
        Effect.TERMS,
        (7,),
        False,
    )
    assert engine.load_variant("standard").announcements == ()
    for variant in ("breach", "slam-call", "declare"):
        assert engine.unsupported_rules(engine.load_variant(variant)) == []


# -- breach -----------------------------------------------------------------------------------------


def test_000_breach_a_defender_may_call_once_a_seven_trick_contract_is_won() -> None:
    """Rules text 000, "Breach rule": "A single player from a non-bidding partnership may call to breach
    another team's contract after a successful bid for a seven-trick (or more) contract"."""
    played = game("breach", ANY, actions=["bid 7H", "pass", "pass", "pass"])
    assert played.phase is engine.Phase.CALLS and played.to_act == 1
    assert legal_texts(played) == {"pass", "call breach"}
    played.apply("pass")
    assert played.to_act == 3  # the other defender; the declarer and partner are not asked
    played.apply("call breach")
    assert played.phase is engine.Phase.KITTY and played.to_act == 0
    assert played.observation(2).announced == ((3, "breach"),)
    assert [event for event in played.events if isinstance(event, Announced)] == [Announced(3, "breach")]


def test_000_breach_a_single_player_calls_so_the_first_call_closes_the_window() -> None:
    played = game("breach", ANY, actions=["bid 7H", "pass", "pass", "pass", "call breach"])
    assert played.phase is engine.Phase.KITTY and played.observation(0).announced == ((1, "breach"),)


def test_000_breach_is_not_offered_below_seven() -> None:
    played = game("breach", ANY, actions=["bid 6H", "pass", "pass", "pass"])
    assert played.phase is engine.Phase.KITTY


def test_000_breach_misere_may_be_breached() -> None:
    """Rules text 000, "Breach rule": "for misère, open misère, and double misère a breach always occurs
    at 3 tricks"; the misère declarer's partner sits out, so only the defenders speak."""
    played = game("breach", ANY, actions=["bid 7S", "pass", "pass", "pass"])
    assert played.phase is engine.Phase.CALLS
    played = game("breach", ANY, actions=["bid 7S", "bid misere", "pass", "pass", "pass"])
    assert played.phase is engine.Phase.CALLS and played.to_act == 2 and legal_texts(played) == {"pass", "call breach"}


def test_a_call_outside_its_window_is_refused_and_the_game_is_unchanged() -> None:
    played = game("breach", ANY, actions=["bid 7H", "pass", "pass", "pass"])
    before = played.to_dict()
    for action, message in (("play AS", "may now make an announcement or pass"), ("call slam", "is not a valid action")):
        with pytest.raises(engine.IllegalActionError, match=message):
            played.apply(action)
    assert played.to_dict() == before
    played.apply("pass")
    played.apply("pass")
    with pytest.raises(engine.IllegalActionError, match="has taken the kitty"):
        played.apply("call breach")


@pytest.mark.parametrize(
    ("taken", "caller_points", "declarer_points", "banned"),
    [
        (7, -100 + 30, 200, (3,)),  # win/lose: made; the caller's side loses the breach value and the caller may not bid next
        (6, -100 + 40, -200, (3,)),  # lose/lose: failed by one; both sides lose
        (5, 100 + 50, -200, (0,)),  # lose/win: breached (two short); the caller's side gains and a 7-level declarer is barred
    ],
)
def test_000_breach_outcomes(taken: int, caller_points: int, declarer_points: int, banned: tuple[int, ...]) -> None:
    """Rules text 000, "Breach rule": win/lose, lose/lose and lose/win, and the bans that follow."""
    rules = engine.load_variant("breach")
    contract = rules.ladder["7H"]
    tricks = [taken, 10 - taken, 0, 0]
    scored = HandScore(taken >= 7, (declarer_points, (10 - taken) * 10), (declarer_points, (10 - taken) * 10), ())
    settled, ending = settle_wagers(rules, contract, 0, tricks, scored, [3])
    assert settled.hand_points == (declarer_points, caller_points) and settled.banned == banned and ending is None


def test_000_breach_points_cannot_win_the_game() -> None:
    """Rules text 000, "Breach rule": "a team may not win or lose ('go out the back door') based on points
    gained or lost from a breach call" (unless the variant says they can)."""
    rules = engine.load_variant("breach")
    contract = rules.ladder["7H"]
    scored = HandScore(False, (-200, 50), (-200, 450), ())
    settled, ending = settle_wagers(rules, contract, 0, [5, 5, 0, 0], scored, [1])
    assert settled.scores == (-200, 550) and ending is None
    counting = engine.compile_text("extends: breach\nbreach: {can_end_game: true}\n")
    settled, ending = settle_wagers(counting, counting.ladder["7H"], 0, [5, 5, 0, 0], scored, [1])
    assert ending is not None and ending[0] == 1


def test_000_breach_a_played_hand_scores_as_the_wager_says_and_replays_alone(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    played = game("breach", ANY, actions=["bid 7H", "pass", "pass", "pass", "pass", "call breach"])
    discard_kitty(played)
    result = play_out(played, seed=3)
    taken = result.tricks[0] + result.tricks[2]
    defenders = 10 * (10 - taken)
    if taken >= 7:
        expected = (200, defenders - 100)
    elif taken == 6:
        expected = (-200, defenders - 100)
    else:
        expected = (-200, defenders + 100)
    assert result.hand_points == expected
    transcript = played.transcript(0)
    assert "3 call breach" in transcript["actions"] and "1 pass" in transcript["actions"]
    assert engine.replay(transcript) == result
    path = tmp_path / "breach.json"  # type: ignore[operator]
    path.write_text(json.dumps(transcript))
    code, out, _ = run(capsys, "replay", str(path), "--format", "json")
    assert code == 0 and json.loads(out) == result.to_dict()


def test_a_saved_game_in_an_announcement_window_round_trips() -> None:
    played = game("breach", ANY, actions=["bid 7H", "pass", "pass", "pass", "pass"])
    saved = played.to_dict()
    restored = engine.Game.from_dict(json.loads(json.dumps(saved)))
    assert restored.to_dict() == saved and restored.phase is engine.Phase.CALLS and restored.to_act == 3
    assert restored.legal_actions() == played.legal_actions()


# -- slam call and declare ----------------------------------------------------------------------------


def test_002_slam_call_after_the_kitty_the_partner_passes_a_card_and_folds() -> None:
    """Rules text 002, "Special bids": "after picking up the kitty, a player who bid a seven trick contract
    ... may call for a slam hand. The partner ... passes a single card to his partner then folds his hand
    ... The contractor ... must discard until he has only 10 cards ... must then win all ten tricks"."""
    played = game("slam-call", {0: SURE_HEARTS}, actions=["bid 7H", "pass", "pass", "pass"])
    discard_kitty(played)
    assert played.phase is engine.Phase.CALLS and played.to_act == 0 and legal_texts(played) == {"pass", "call slam_call"}
    played.apply("call slam_call")
    assert played.phase is engine.Phase.GIVE and played.to_act == 2
    assert legal_texts(played) == {f"give {card}" for card in played.hand_of(2)}
    given = played.hand_of(2)[0]
    played.apply(f"give {given}")
    assert played.phase is engine.Phase.KITTY and played.to_act == 0 and given in played.hand_of(0)
    assert len(played.hand_of(0)) == 11 and len(played.hand_of(2)) == 9
    with pytest.raises(engine.IllegalActionError, match="received 1 card"):
        played.apply("play AS")
    played.apply(f"discard {given}")
    assert played.phase is engine.Phase.PLAY and played.observation(0).sitting_out == (2,)
    assert CardGiven(2, 0, given) in played.events
    result = play_out(played)
    assert result.tricks[0] == 10 and result.made and result.hand_points[0] == 200 + 100  # 7H and the slam call's 100


def test_002_slam_call_only_on_a_seven_trick_contract() -> None:
    played = game("slam-call", {0: SURE_HEARTS}, actions=["bid 8H", "pass", "pass", "pass"])
    discard_kitty(played)
    assert played.phase is engine.Phase.PLAY


def test_002_slam_call_failed_loses_the_bid_plus_100() -> None:
    result = play_out(called("slam-call", {}, "7H", "slam_call"), seed=1)
    assert not result.made and result.tricks[0] < 10 and result.hand_points[0] == -(200 + 100)


def test_002_declare_plays_alone_for_every_trick_at_500() -> None:
    """Rules text 002, "No Trump 500": the declarer receives one card from the partner "after discarding
    from the kitty", discards one more and "must take all ten tricks. If such a bid is unsuccessful it is
    scored as -500" (+500 made: the engine's reading)."""
    result = play_out(called("declare", {0: SURE_HEARTS}, "7H", "declare"))
    assert result.made and result.hand_points[0] == 500
    result = play_out(called("declare", {}, "7H", "declare"), seed=2)
    assert not result.made and result.hand_points[0] == -500


def test_a_called_slam_is_scored_as_called_not_by_the_slam_bonus() -> None:
    """Standard scores 250 for all ten tricks on a contract worth less; a called slam scores its own terms."""
    result = play_out(called("slam-call", {0: SURE_HEARTS}, "7S", "slam_call"))
    assert result.contract == "7S" and result.hand_points[0] in (140 + 100, -(140 + 100))


# -- the bots -----------------------------------------------------------------------------------------


def test_the_threshold_bot_calls_slam_and_declare_only_when_sure_and_gives_its_best_card() -> None:
    """Rules text 002, "Special bids": the threshold bot calls for every trick only with a hand sure of
    every trick (the default weighs the call by its worth: the next test)."""
    from engine.bots.profile import THRESHOLD

    for variant, call in (("slam-call", "call slam_call"), ("declare", "call declare")):
        rules = engine.load_variant(variant)
        bot = HeuristicBot(rules, THRESHOLD, seed=0)
        sure = game(variant, {0: SURE_HEARTS}, actions=["bid 7H", "pass", "pass", "pass"])
        discard_kitty(sure)
        assert str(bot.act(sure.observation(0), sure.legal_choices())) == call
        sure.apply(call)
        gift = bot.act(sure.observation(2), sure.legal_choices())
        assert isinstance(gift, engine.Give) and gift.card == max(sure.hand_of(2), key=lambda card: rules.card_order("H").power[card.index])
        doubtful = game(variant, {0: "JK JH AH KH QH 10H 9H AS AC KC"}, actions=["bid 7H", "pass", "pass", "pass"])
        discard_kitty(doubtful)
        assert str(bot.act(doubtful.observation(0), doubtful.legal_choices())) == "pass"


def test_rules_text_002_special_bids_the_default_calls_for_every_trick_when_it_is_worth_more() -> None:
    """Rules text 002, "Special bids": the default bot calls declare (500 for every trick, played alone)
    on a hand missing only the left bower among seven trumps, where making all ten is likely and worth
    twice a slam's 250, and not on a hand with a side suit to lose; the slam call's 100 bonus over 7H
    does not pay the risk of the same likely hand."""
    likely = "JK JH AH KH QH 10H 9H AS AC KC"
    doubtful = "JH AH KH QH 10H AS KS AC KC 5D"
    for variant, call, on_likely in (("declare", "call declare", True), ("slam-call", "call slam_call", False)):
        bot = HeuristicBot(engine.load_variant(variant), seed=0)
        for hand, calls in ((likely, on_likely), (doubtful, False)):
            played = game(variant, {0: hand}, actions=["bid 7H", "pass", "pass", "pass"])
            discard_kitty(played)
            assert str(bot.act(played.observation(0), played.legal_choices())) == (call if calls else "pass"), (variant, hand)


def test_the_heuristic_bot_calls_breach_on_a_strong_defence_only() -> None:
    rules = engine.load_variant("breach")
    bot = HeuristicBot(rules, seed=0)
    strong = game("breach", {1: "JK JH JD AH KH QH AS AC AD KS"}, actions=["bid 7H", "pass", "pass", "pass"])
    assert str(bot.act(strong.observation(1), strong.legal_choices())) == "call breach"
    weak = game("breach", {1: "5S 6S 7S 5C 6C 7C 5D 6D 7D 8D"}, actions=["bid 7H", "pass", "pass", "pass"])
    assert str(bot.act(weak.observation(1), weak.legal_choices())) == "pass"


def test_show_states_every_breach_setting_and_when_a_call_is_made(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "breach")
    assert code == 0
    for words in (
        "once the auction is won, before the kitty",
        "level 7+",
        "ends 2 or more tricks short",
        "takes 3 or more",
        "the callers lose 100",
        "the callers gain 100",
        "cannot win or lose the game",
        "A caller whose breach fails may not bid",
        "level-7 contract who is breached may not bid",
    ):
        assert words in out, words
    code, out, _ = run(capsys, "show", "slam-call")
    assert "called by the declarer once the kitty is exchanged, before the first lead" in out


def test_000_the_slam_call_worth_500_with_trumps_and_520_in_no_trump() -> None:
    """Rules text 000, "Non-standard bids": the slam "is worth 500 if there are trumps and 520 in no
    trump" (the other form of the call: a fixed value and a no-trump value)."""
    from engine.kernel.calls import called_terms

    rules = engine.compile_text("extends: slam-call\ncontracts: {slam_call: {bonus: 0, value: 500, no_trump_value: 520}}\n")
    (call,) = rules.extras
    assert called_terms(rules.ladder["7H"], call, no_trump=False).value == 500
    assert called_terms(rules.ladder["7NT"], call, no_trump=True).value == 520
    assert called_terms(rules.ladder["7NT"], call, no_trump=True).target.minimum == 10


def test_a_contract_whose_partner_passes_a_card_plays_after_the_kitty() -> None:
    """The language lets a bid (not only a call) say ``partner: passes_card``: the hand-off follows the
    kitty as it does after a call."""
    rules = engine.compile_text(
        "extends: standard\ncontracts: {lone: {name: lone hand, value: 600, placement: highest, partner: passes_card, target: all, strain: NT}}\n"
    )
    assert engine.unsupported_rules(rules) == []
    played = engine.Game(rules, dealer=3, seed=1)
    for action in ("bid lone", "pass", "pass", "pass"):
        played.apply(action)
    discard_kitty(played)
    assert played.phase is engine.Phase.GIVE and played.to_act == 2
    played.apply(played.legal_actions()[0])
    played.apply(played.legal_actions()[0])
    assert played.phase is engine.Phase.PLAY and played.observation(1).sitting_out == (2,)
    result = play_out(played)
    assert result.hand_points[0] == (600 if result.tricks[0] == 10 else -600)
