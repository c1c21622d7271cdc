"""Rules-text fidelity (issue 15): the all-pass redeal limit, transcripts that carry what a hand inherits
(bans, redeals), deals scripted from data, and a stated rule for a tie at the top."""

from __future__ import annotations

import random

import pytest
from scripted import deal

import engine
from engine.kernel.events import AllPassed, GameEnd
from engine.kernel.scoring import game_end
from engine.language.resources import shipped_variant_names
from engine.rules import AllPassAction, Rules, SimultaneousTie

# What each shipped file's rules text says happens when nobody bids (the action, and the most redeals
# by one dealer before the deal passes on).
ALL_PASS_BY_TEXT = {
    # Rules text 004, "The Deal" (American): "If every[one] passes, the deal advances and the cards are redealt."
    "american": (AllPassAction.NEXT_DEALER, None),
    "double-nullo": (AllPassAction.NEXT_DEALER, None),  # American 500 with two more contracts: it extends american
    "inkle-no": (AllPassAction.NEXT_DEALER, None),  # American 500 with inkle no: it extends american
    # Rules text 003: "In the event all players pass ... the hand is played as a No Trump" (its second option).
    "rules-text-003": (AllPassAction.PLAY_NO_TRUMP, None),
    **{f"rules-text-003-{count}": (AllPassAction.PLAY_NO_TRUMP, None) for count in ("two", "three", "five", "six")},  # the same page
}
STANDARD_ALL_PASS = (AllPassAction.REDEAL, 2)
"""Rules text 000, "Bidding": redeal, "repeated only twice, after which the deal passes to the next
player"; every other shipped file extends standard and its text says nothing else about it."""


def dealers_of_dead_deals(variant: str, deals: int, dealer: int = 3) -> list[int]:
    """Everyone passes ``deals`` times in a row; the dealer of each of those hands, then of the next."""
    game = engine.Game(engine.load_variant(variant), seed=5, dealer=dealer)
    dealers = []
    for _ in range(deals):
        dealers.append(game.dealer)
        while game.hand_number == len(dealers) - 1:
            game.apply("pass" if game.phase is engine.Phase.AUCTION else game.legal_actions()[0])  # table cards to the kitty first
    return dealers + [game.dealer]


def test_000_bidding_a_dead_hand_is_redealt_only_twice_then_the_deal_passes() -> None:
    """Rules text 000, "Bidding": "the hand is declared dead and a reshuffle and redeal is made. This can
    be repeated only twice, after which the deal passes to the next player" (standard, read as two
    redeals after the first dead deal)."""
    assert dealers_of_dead_deals("standard", 7) == [3, 3, 3, 0, 0, 0, 1, 1]


def test_000_bidding_the_redeal_count_restarts_with_each_dealer_and_after_a_played_hand() -> None:
    rules = engine.load_variant("standard")
    game = engine.Game(rules, seed=2, dealer=3)
    for _ in range(2 * 4):  # two dead deals by seat 3
        game.apply("pass")
    assert (game.dealer, game.records[-1].redeals) == (3, 2)
    for action in ("bid 7H", "pass", "pass", "pass"):
        game.apply(action)
    chooser = random.Random(1)
    while game.hand_number == 2:  # a 7H hand cannot end the game from 0-0
        game.apply(chooser.choice(game.legal_actions()))
    assert game.dealer == 0 and game.records[-1].redeals == 0
    for _ in range(4):
        game.apply("pass")
    assert game.dealer == 0 and game.results[-1].next_dealer == 0  # seat 0's first dead deal is redealt


def test_004_american_if_everyone_passes_the_deal_advances() -> None:
    """Rules text 004, "The Deal": "If every[one] passes, the deal advances and the cards are redealt"."""
    assert dealers_of_dead_deals("american", 5) == [3, 0, 1, 2, 3, 0]


def test_the_all_pass_event_and_result_name_the_next_dealer() -> None:
    game = engine.Game(engine.load_variant("standard"), seed=5, dealer=1)
    for _ in range(3 * 4):
        game.apply("pass")
    passes = [event for event in game.events if isinstance(event, AllPassed)]
    assert [event.next_dealer for event in passes] == [1, 1, 2]
    assert [result.next_dealer for result in game.results] == [1, 1, 2]


@pytest.mark.parametrize("variant", shipped_variant_names())
def test_every_shipped_all_pass_rule_follows_its_rules_text(variant: str) -> None:
    """Each shipped file says what its rules text says about a dead deal; where the kernel plays the
    file, a scripted run of dead deals deals as the text says."""
    rules = engine.load_variant(variant)
    action, most = ALL_PASS_BY_TEXT.get(variant, STANDARD_ALL_PASS)
    assert (rules.auction.all_pass.action, rules.auction.all_pass.max_redeals) == (action, most)
    if engine.unsupported_rules(rules) or action is AllPassAction.PLAY_NO_TRUMP:
        return  # the unbid hand is played: see the rules text 003 test below
    players = rules.seating.players
    dealers = dealers_of_dead_deals(variant, 2 * players + 1, dealer=0)
    if action is AllPassAction.NEXT_DEALER:
        expected = [seat % players for seat in range(len(dealers))]
    else:
        assert most is not None
        expected = [(deal_number // (most + 1)) % players for deal_number in range(len(dealers))]
    assert dealers == expected


# -- transcripts carry what a hand inherits -----------------------------------------------------------


def played_game(variant: str, seed: int, pass_rate: float) -> engine.Game:
    """A whole game with random actions, passing with ``pass_rate`` in the auction (for dead deals)."""
    game = engine.Game(engine.load_variant(variant), seed=seed)
    chooser = random.Random(seed)
    while not game.is_over:
        legal = game.legal_actions()
        passing = [action for action in legal if isinstance(action, engine.Pass)]
        game.apply(passing[0] if passing and chooser.random() < pass_rate else chooser.choice(legal))
    return game


@pytest.mark.parametrize(("variant", "seed"), [("set-rule", 1), ("set-rule", 2), ("ralphing", 3), ("standard", 4)])
def test_every_hand_of_a_game_replays_alone_with_its_bans_and_redeals(variant: str, seed: int) -> None:
    game = played_game(variant, seed, pass_rate=0.9)
    transcripts = [game.transcript(number) for number in range(len(game.results))]
    assert all(engine.replay(transcript) == result for transcript, result in zip(transcripts, game.results))
    carried = [(transcript["banned"], transcript["redeals"]) for transcript in transcripts]
    assert any(redeals for _, redeals in carried), "no hand was dealt after a redeal: the test would prove nothing"
    if variant != "standard":
        assert any(banned for banned, _ in carried), "no seat was ever banned: the test would prove nothing"
    for before, (banned, _) in zip(game.results, carried[1:]):
        assert banned == (list(before.next_hand_banned) if before.contract is not None else [])


def standard_transcript(**extra: object) -> dict[str, object]:
    rules = engine.load_variant("standard")
    return {"variant": "standard", "dealer": 0, "scores": [0, 0], "deal": deal(rules, {}).to_dict(), "actions": ["1 bid 7H"], **extra}


def test_replay_enforces_a_transcripts_ban() -> None:
    """A seat barred by the hand before (rules text 000, "Set rule": "is not allowed to bid in the next
    round") may not bid when its hand is replayed alone."""
    with pytest.raises(engine.TranscriptError, match="stops before the hand is over"):
        engine.replay(standard_transcript())
    with pytest.raises(engine.TranscriptError, match=r"actions\[0\].*seat 1 was set in the last hand") as raised:
        engine.replay(standard_transcript(banned=[1]))
    assert raised.value.index == 0


def test_replay_enforces_a_transcripts_redeal_count() -> None:
    """A dead deal after two redeals passes the deal on (rules text 000, "Bidding")."""
    dead = ["1 pass", "2 pass", "3 pass", "0 pass"]
    assert engine.replay(standard_transcript(actions=dead)).next_dealer == 0
    assert engine.replay(standard_transcript(actions=dead, redeals=1)).next_dealer == 0
    assert engine.replay(standard_transcript(actions=dead, redeals=2)).next_dealer == 1


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"banned": [4]}, r"transcript\.banned must be a list of seats from 0 to 3, not \[4\]"),
        ({"banned": "1"}, r"transcript\.banned must be a list of seats"),
        ({"banned": [1, 1]}, r"transcript\.banned names a seat twice"),
        ({"banned": [True]}, r"transcript\.banned must be a list of seats"),
        ({"redeals": -1}, r"transcript\.redeals must be a whole number of redeals, 0 or more"),
        ({"redeals": 1.0}, r"transcript\.redeals must be a whole number"),
        ({"redeals": 3}, r"at most 2 redeals before the deal passes on"),
    ],
)
def test_a_transcripts_inherited_keys_are_checked(extra: dict[str, object], message: str) -> None:
    with pytest.raises(engine.TranscriptError, match=message):
        engine.replay(standard_transcript(**extra))


def test_a_variant_that_never_redeals_refuses_a_redeal_count() -> None:
    transcript = dict(standard_transcript(redeals=1), variant="american")
    with pytest.raises(engine.TranscriptError, match="never redeals by the same dealer"):
        engine.replay(transcript)


def test_a_game_that_starts_with_bans_and_redeals_saves_and_restores_them() -> None:
    rules = engine.load_variant("standard")
    game = engine.Game(rules, seed=3, dealer=2, banned=[0, 3], redeals=2)
    assert game.observation(1).banned == (0, 3)
    saved = game.to_dict()
    assert (saved["banned"], saved["redeals"]) == ([0, 3], 2)
    restored = engine.Game.from_dict(saved)
    assert restored.to_dict() == saved and restored.observation(1).banned == (0, 3)
    for _ in range(4):
        restored.apply("pass")
    assert restored.dealer == 3  # the third dead deal passes the deal on


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"banned": [9]}, "banned must be a list of seats from 0 to 3"),
        ({"banned": 1}, "banned must be a list of seats"),
        ({"redeals": "2"}, "redeals must be a whole number"),
        ({"redeals": 5}, "at most 2 redeals"),
    ],
)
def test_game_refuses_bad_inherited_state(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        engine.Game(engine.load_variant("standard"), **arguments)  # type: ignore[arg-type]


# -- scripting deals from data ------------------------------------------------------------------------


def test_deals_may_be_given_as_transcript_mappings() -> None:
    rules = engine.load_variant("standard")
    source = engine.Game(rules, seed=8)
    data = source.transcript(0)["deal"]
    game = engine.Game(rules, deals=[data])
    assert game.records[0].deal == source.records[0].deal == engine.Deal.from_dict(rules, data)


@pytest.mark.parametrize(
    ("deals", "message"),
    [
        (["AS KS"], r"deals\[0\] must be an engine.Deal or a mapping in transcript form .*not str"),
        ([None], r"deals\[0\] must be an engine.Deal or a mapping .*not NoneType"),
        ([{"hands": [], "kitty": []}], r"deals\[0\] has 0 hands but this variant has 4 players"),
        ([{"hands": [["AS"]] * 4, "kitty": ["XX"]}], r"deals\[0\]\.hands\[1\]\[0\]|deals\[0\]\.kitty\[0\]"),
    ],
)
def test_a_bad_scripted_deal_is_refused_with_where_and_the_expected_type(deals: list[object], message: str) -> None:
    with pytest.raises(engine.DealError, match=message):
        engine.Game(engine.load_variant("standard"), deals=deals)  # type: ignore[arg-type]


# -- a tie at the top ---------------------------------------------------------------------------------


def three_handed(tie: str | None) -> Rules:
    text = "extends: three-handed\n" + (f"end: {{simultaneous_tie: {tie}}}\n" if tie else "")
    return engine.compile_text(text)


@pytest.mark.parametrize(
    ("tie", "declaring", "made", "expected"),
    [
        (None, 0, False, None),  # the default: two defenders tied at 510, nobody wins yet
        ("play_on", 0, False, None),
        ("shared", 0, False, (None, GameEnd.TARGET)),
        ("bidder_side", 0, False, None),  # the bidder is not among the tied defenders
    ],
)
def test_two_defenders_tied_on_the_target(tie: str | None, declaring: int, made: bool, expected: object) -> None:
    """Three-handed, each alone: seats 1 and 2 reach 510 on trick points on the same hand (the texts leave
    the tie open; the variant states it with ``end.simultaneous_tie``)."""
    assert game_end(three_handed(tie), (100, 510, 510), declaring, made) == expected


def test_a_tied_bidder_wins_with_bidder_side_and_shares_with_shared() -> None:
    highest = "extends: three-handed\nend: {simultaneous: highest, simultaneous_tie: %s}\n"
    scores = (520, 520, 100)  # the declarer (seat 0) made its contract and tied a defender
    assert game_end(engine.compile_text(highest % "play_on"), scores, 0, True) is None
    assert game_end(engine.compile_text(highest % "bidder_side"), scores, 0, True) == (0, GameEnd.FRONT_DOOR)
    assert game_end(engine.compile_text(highest % "shared"), scores, 0, True) == (None, GameEnd.FRONT_DOOR)


def test_the_tie_rule_is_compiled_and_shown() -> None:
    assert three_handed(None).end.simultaneous_tie is SimultaneousTie.PLAY_ON
    shared = three_handed("shared")
    assert shared.end.simultaneous_tie is SimultaneousTie.SHARED
    assert "If they tie at the top, the game ends and they share the win." in engine.rules.describe(shared)
    with pytest.raises(engine.VariantError, match=r"\$\.end\.simultaneous_tie"):
        engine.compile_text("extends: standard\nend: {simultaneous_tie: coin_toss}\n")


def test_003_all_pass_the_hand_is_played_in_no_trump_at_ten_a_trick() -> None:
    """Rules text 003: "In the event all players pass ... the player to the left of the dealer leads and the
    hand is played as a No Trump. The stockpile is left alone and each trick counts for 10 points"."""
    rules = engine.load_variant("rules-text-003")
    game = engine.Game(rules, seed=4, dealer=3)
    for _ in range(4):
        game.apply("pass")
    assert game.phase is engine.Phase.PLAY and game.to_act == 0 and game.contract is None and game.declarer is None
    assert len(game.hand_of(0)) == 10 and game.observation(0).kitty == ()
    chooser = random.Random(4)
    while game.hand_number == 0:
        game.apply(chooser.choice(game.legal_actions()))
    result = game.results[0]
    assert result.contract is None and not result.made and sum(result.tricks) == 10
    assert result.hand_points == (10 * (result.tricks[0] + result.tricks[2]), 10 * (result.tricks[1] + result.tricks[3]))
    assert result.scores == result.hand_points and result.next_dealer == 0 and game.dealer == 0
    assert engine.replay(game.transcript(0)) == result


# -- the 1904 rule: scoring out during a hand ------------------------------------------------------------


def play_1904(scores: tuple[int, int], hand: str | None, bid: str, seed: int) -> tuple[engine.Game, list[int]]:
    """Seat 0 wins ``bid`` in the 1904 rules from ``scores`` and plays its strongest card each time; the
    others play at random. The game, and the team that took each trick, in order."""
    from scripted import deal, discard_kitty

    rules = engine.load_variant("score-out-1904")
    dealt = deal(rules, {0: hand} if hand else {})
    game = engine.Game(rules, deals=[dealt], dealer=3, scores=scores, seed=seed)
    for action in (f"bid {bid}", "pass", "pass", "pass"):
        game.apply(action)
    discard_kitty(game)
    chooser = random.Random(seed)
    strain = bid[1:]
    power = rules.card_order(strain).power
    while game.hand_number == 0 and not game.is_over:
        legal = game.legal_actions()
        if game.to_act == 0:
            game.apply(max(legal, key=lambda action: power[action.card.index]))  # type: ignore[union-attr]
        else:
            game.apply(chooser.choice(legal))
    winners = [rules.seating.team_of(event.seat) for event in game.events if isinstance(event, engine.kernel.events.TrickWon)]
    return game, winners


def test_000_1904_the_bidder_scores_out_as_soon_as_the_contract_is_made() -> None:
    """Rules text 000, "Score keeping": the 1904 rules, "If any player scores out during play of a hand,
    balance of hand is not played"; the declaring side scores out once it has made a contract that takes
    it to the target."""
    game, winners = play_1904((450, 0), "JK JH JD AH KH QH 10H 9H AS AC", "7H", seed=1)
    result = game.results[0]
    assert game.is_over and game.winner == 0 and result.made and sum(result.tricks) == 7 == winners.count(0)
    assert result.hand_points[0] == game.rules.ladder["7H"].value and result.next_dealer is None


def test_000_1904_a_defender_scores_out_and_the_bidder_cannot_win_out() -> None:
    """A defending side reaching the target on its trick points ends the hand at once when the bidder could
    not reach the target even by making the contract."""
    game, winners = play_1904((0, 490), "5S 6S 7S 5C 6C 7C 5D 6D 7D 8D", "7S", seed=2)
    first = winners.index(1)
    result = game.results[0]
    assert game.is_over and game.winner == 1 and not result.made
    assert sum(result.tricks) == first + 1 and result.hand_points == (0, 10) and result.scores == (0, 500)


@pytest.mark.parametrize("seed", range(6))
def test_000_1904_unless_the_bidder_can_win_out(seed: int) -> None:
    """ "unless the bidder can win out": the hand goes on while the bidder can still make a contract that
    takes it to the target; the bidder wins if it does, else the side that scored out first wins."""
    game, winners = play_1904((450, 490), "JK JH JD AH 5S 6S 7S 5C 6C 7C", "7H", seed=seed)
    result = game.results[0]
    taken = winners.count(0)
    assert game.is_over and 1 in winners
    first = winners.index(1)
    if result.made:
        assert game.winner == 0 and taken == 7 and sum(result.tricks) > first + 1
    else:
        assert game.winner == 1
        # the hand stopped at the first trick after which seven tricks were out of the bidder's reach
        reach = [position for position in range(first, len(winners)) if winners[: position + 1].count(0) + (10 - position - 1) < 7]
        assert sum(result.tricks) == reach[0] + 1
