"""Hand scoring and the end of the game (rules text 000, "Score keeping", the Avondale and original
tables, "Other scoring variations"; rules text 004, "must bid to win")."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.kernel.events import GameEnd
from engine.kernel.scoring import game_end, points_key, score_hand


def points(variant: str, contract: str, declarer: int, tricks: list[int], scores: tuple[int, ...] = (0, 0)) -> tuple[int, ...]:
    rules = engine.load_variant(variant)
    return score_hand(rules, rules.ladder[contract], declarer, tricks, scores).hand_points


def test_000_score_keeping_made_contract_and_defenders_ten_points_a_trick() -> None:
    """Rules text 000, "Score keeping": the bidders score the table value; "Whether or not the bid
    winning team achieves its bid, the opposing team receives 10 points for each trick they take"."""
    assert points("standard", "7H", 1, [1, 6, 1, 2]) == (20, 200)
    assert points("standard", "8S", 0, [4, 2, 3, 1]) == (-240, 30)


def test_000_score_keeping_original_table_values() -> None:
    """Rules text 000, "Original": 7♥ is worth 240 and 9NT 500."""
    assert points("original", "7H", 1, [1, 6, 1, 2]) == (20, 240)
    assert points("original", "9NT", 0, [5, 0, 4, 1]) == (500, 10)


def test_000_avondale_slam_scores_250_below_250() -> None:
    """Rules text 000, "Avondale": "Slam: 250 for contract below total points of 250, normal for above 250"."""
    assert points("standard", "7H", 1, [0, 6, 0, 4]) == (0, 250)
    assert points("standard", "8H", 1, [0, 6, 0, 4]) == (0, 300)
    assert points("standard", "7H", 1, [1, 6, 0, 3]) == (10, 200)


def test_004_american_slam_with_eight_spades_or_lower() -> None:
    """Rules text 004: "slam with 8♠ or lower" scores 250."""
    assert points("american", "8S", 0, [5, 0, 5, 0]) == (250, 0)
    assert points("american", "8C", 0, [5, 0, 5, 0]) == (260, 0)


def test_000_other_scoring_defenders_trick_points_stop_at_490() -> None:
    """Rules text 000, "Other scoring variations" (must win by a bid) with the Australian file's cap of
    490: defenders' trick points never lift them past 490."""
    assert points("australian", "7H", 1, [2, 6, 1, 1], (480, 0)) == (10, 200)
    assert points("australian", "7H", 1, [2, 6, 1, 1], (495, 0)) == (0, 200)
    assert points("standard", "7H", 1, [2, 6, 1, 1], (480, 0)) == (30, 200)


def test_000_misere_made_and_failed() -> None:
    """Rules text 000, "Avondale": misère 250; the defenders take 10 points a trick as in any contract."""
    assert points("standard", "misere", 1, [5, 0, 5, 0]) == (100, 250)
    assert points("standard", "misere", 1, [4, 1, 5, 0]) == (90, -250)
    assert points("standard", "open_misere", 1, [4, 1, 5, 0]) == (90, -500)


def test_000_score_keeping_front_door_bidder_wins_when_both_cross() -> None:
    """Rules text 000, "Score keeping": "if two teams score 500 or more in the same hand ... only the team
    winning the bid wins the game"."""
    rules = engine.load_variant("standard")
    assert game_end(rules, (510, 520), 1, True) == (1, GameEnd.FRONT_DOOR)
    assert game_end(rules, (510, 420), 1, False) == (0, GameEnd.TARGET)
    assert game_end(rules, (490, 420), 1, True) is None


def test_000_score_keeping_back_door_at_minus_500() -> None:
    """Rules text 000, "Score keeping": "A team whose score dips to −500 points or below ... loses"."""
    rules = engine.load_variant("standard")
    assert game_end(rules, (-500, 40), 0, False) == (1, GameEnd.BACK_DOOR)
    assert game_end(rules, (-490, 40), 0, False) is None


def test_000_other_scoring_must_win_by_a_bid() -> None:
    """Rules text 000, "Other scoring variations": "require a team to win the game by scoring at least
    500 points through winning bids"."""
    rules = engine.load_variant("australian")
    assert game_end(rules, (505, 100), 1, True) is None  # team 0 crossed on tricks only
    assert game_end(rules, (505, 100), 0, True) == (0, GameEnd.FRONT_DOOR)


def test_000_score_keeping_scripted_game_to_the_front_door() -> None:
    """Rules text 000, "Score keeping": a made contract taking a side to 500 ends the game and the
    result reports it (scores start at 400 for team 1)."""
    rules = engine.load_variant("standard")
    game = engine.Game(rules, seed=7, dealer=0, scores=(0, 400))
    chooser = random.Random(7)
    game.apply("bid 7H")
    for _ in range(3):
        game.apply("pass")
    while game.hand_number == 0:
        game.apply(chooser.choice(game.legal_actions()))
    result = game.results[0]
    declaring = result.tricks[1] + result.tricks[3]
    assert result.made == (declaring >= 7)
    if result.made:
        assert game.is_over and game.winner == 1 and result.winner == 1
    assert json.loads(json.dumps(result.to_dict()))["contract"] == "7H"


@pytest.mark.parametrize("variant", ["standard", "australian"])
def test_000_score_keeping_game_played_to_its_end(variant: str) -> None:
    """Rules text 000, "Score keeping": a game goes on hand after hand until a side wins or loses."""
    game = engine.Game(engine.load_variant(variant), seed=3)
    chooser = random.Random(3)
    while not game.is_over:
        game.apply(chooser.choice(game.legal_actions()))
    assert game.winner is not None and game.results[-1].game_over
    assert game.scores == game.results[-1].scores


_CAPPED_HOUSE_FILES = {
    "a failed contract paid to the other side, under a cap": "extends: french-canadian\nname: H\nscoring: {defender_cap: 490}\n",
    "trick points of 30 under a cap": "extends: australian\nname: H\nscoring: {defender_trick_points: 30}\n",
    "five-handed under a cap": "extends: five-handed\nname: H\nscoring: {defender_cap: 490}\n",
}


@pytest.mark.parametrize("source", ["australian", "standard", "five-handed", "six-handed-three-teams", *_CAPPED_HOUSE_FILES])
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_000_other_scoring_a_hands_points_read_the_scores_only_as_far_as_points_key_says(source: str, data: st.DataObject) -> None:
    """Rules text 000, "Other scoring variations" (the defenders' trick points stop at 490): the only way
    the scores before a hand reach its points. Two scores with the same :func:`points_key` give every
    contract, declarer and share of the tricks the same points, so a bot may remember them across hands."""
    rules = engine.compile_text(_CAPPED_HOUSE_FILES[source]) if source in _CAPPED_HOUSE_FILES else engine.load_variant(source)
    teams = len(rules.seating.teams)
    seats = rules.seating.seats
    size = rules.deal.hand_size
    contract = data.draw(st.sampled_from(list(rules.ladder)))
    declarer = data.draw(st.integers(0, rules.seating.players - 1))
    # (Five-handed: a called partner scores its share of the value with the declarer.)
    partner = data.draw(st.one_of(st.none(), st.integers(0, rules.seating.players - 1))) if rules.seating.called_partner else None
    tricks = [0] * seats
    heavy = data.draw(st.integers(0, size))  # one seat's many tricks: trick points up against the cap
    tricks[data.draw(st.integers(0, seats - 1))] += heavy
    for _ in range(size - heavy):
        tricks[data.draw(st.integers(0, seats - 1))] += 1
    near = st.integers(-600, 1100)
    first = tuple(data.draw(near) for _ in range(teams))
    key = points_key(rules, first, size)

    # A second score for each team with the same key: any score where there is no cap, else one clamped
    # to the same end of the span (or the same score).
    def same_key(team: int) -> st.SearchStrategy[int]:
        if not key:
            return near
        nearby = sorted({first[team], *(key[team] + step for step in (-300, -50, -1, 0, 1, 50, 300))})
        return st.sampled_from(nearby).filter(lambda score: points_key(rules, (*first[:team], score, *first[team + 1 :]), size) == key)

    second = tuple(data.draw(same_key(team)) for team in range(teams))
    assert points_key(rules, second, size) == key
    assert (
        score_hand(rules, contract, declarer, tricks, first, partner=partner).hand_points
        == score_hand(rules, contract, declarer, tricks, second, partner=partner).hand_points
    )


def test_000_other_scoring_the_points_key_is_empty_without_a_cap_and_clamps_under_one() -> None:
    """Rules text 000, "Other scoring variations": without a cap no score matters; under 490 with ten
    tricks of 10, only scores from 390 to 490 do, and a failed contract paid to the other side keeps them all."""
    assert points_key(engine.load_variant("standard"), (-200, 480), 10) == ()
    assert points_key(engine.load_variant("australian"), (-200, 400, 520), 10) == (390, 400, 490)
    paid = engine.compile_text(_CAPPED_HOUSE_FILES["a failed contract paid to the other side, under a cap"])
    assert points_key(paid, (-200, 480), 10) == (-200, 480)
