"""Rules in play (issue 29, "What to build" 1; issue 35's measurement): each rule a variant states beyond
the plain ladder is counted as it comes up, with its outcome, and a rule that never came up is said to be
unmeasured. The hands below are scripted through the kernel, their auctions chosen by the test."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

import engine
from engine.bots import make_bot
from engine.kernel.actions import Bid
from engine.kernel.phase import PASS_MOVE, Phase
from engine.kernel.state import GameState
from engine.simulation.report import to_data, to_text
from engine.simulation.rule_use import RuleWatch, stated_rules


def one_hand(variant: str, auction: Callable[[GameState, int, int], int | None], seed: int = 4) -> tuple[GameState, dict[str, list[int]]]:
    """Play one hand of ``variant``: ``auction`` picks the auction's moves (``None``: the heuristic's),
    heuristic bots the rest; returns the state, scored, and what the watch counted."""
    rules = engine.load_variant(variant)
    state = GameState.create(rules, seed=seed, dealer=0, history=False)
    state.pause_between_hands = True
    bot = make_bot("heuristic", rules, 1)

    def choose(state: GameState, seat: int, legal: int) -> int:
        if state.phase is Phase.AUCTION:
            move = auction(state, seat, legal)
            if move is not None:
                return move
        return bot.choose(state, seat, legal)

    state.run([choose] * rules.seating.players)
    watch = RuleWatch(rules)
    counts = watch.empty()
    watch.count_hand(state, counts)
    return state, counts


def test_stated_rules_follow_the_file() -> None:
    """Rules text 000 "Nullo": the double-nullo file states grand and double nullo, inkles (rules text 000,
    "Inkles") and a next-dealer all pass; standard states misère and open misère, its redeal and slam."""
    double_nullo = {(rule.kind, rule.rule) for rule in stated_rules(engine.load_variant("double-nullo"))}
    assert {("contract", "grand_nullo"), ("contract", "double_nullo"), ("inkles", "inkles"), ("all_pass", "next_dealer")} <= double_nullo
    standard = [(rule.kind, rule.rule) for rule in stated_rules(engine.load_variant("standard"))]
    assert ("contract", "misere") in standard and ("contract", "open_misere") in standard
    assert ("modifier", "sans_kitty") not in standard and ("partner", "partner_call") not in standard
    five = {(rule.kind, rule.rule) for rule in stated_rules(engine.load_variant("five-handed"))}
    assert {("partner", "partner_call"), ("partner", "alone")} <= five


def test_a_modifier_said_with_the_winning_bid_is_counted_with_its_outcome() -> None:
    """The sans-kitty file (rules text 000, "Sans kitty"): a bid said sans kitty is one use of the modifier,
    a success when the contract is made."""

    def auction(state: GameState, seat: int, legal: int) -> int | None:
        if not state.hand.auction.bidding:
            return state.tables.bid_move(Bid("6S", "sans_kitty"))
        return PASS_MOVE

    state, counts = one_hand("sans-kitty", auction)
    assert state.result is not None and state.hand.contract is not None and state.hand.contract.id == "6S"
    assert counts["modifier:sans_kitty"] == [1, int(state.result.made)]
    assert counts["contract:misere"] == [0, 0]


def test_a_special_contract_and_an_all_pass_hand_are_counted() -> None:
    """Rules text 000 "Misère": a misère played is one use, a success when the declarer takes no trick; a
    hand every player passes is one use of the all-pass rule (standard: a redeal)."""

    def misere(state: GameState, seat: int, legal: int) -> int | None:
        bidding = state.hand.auction.bidding
        if not bidding:
            return state.rules.ladder["7S"].rank
        if len(bidding) == 1:
            return state.rules.ladder["misere"].rank  # it may be bid once the auction has reached 7
        return PASS_MOVE

    state, counts = one_hand("standard", misere)
    assert state.result is not None and state.hand.declarer is not None
    assert counts["contract:misere"] == [1, int(state.result.tricks[state.hand.declarer] == 0)]
    _, counts = one_hand("standard", lambda state, seat, legal: PASS_MOVE)
    assert counts["all_pass:redeal"] == [1, 0] and counts["contract:misere"] == [0, 0]


@pytest.mark.parametrize("variant", ["standard", "double-nullo", "five-handed", "sans-kitty", "walker"])
def test_counts_agree_with_the_contract_tally_and_any_number_of_workers(variant: str) -> None:
    """Two independent counts of the same hands agree: each special contract's uses and successes are its
    bids and makes in the contract table, all-pass hands are the all-pass count, slams paid within the slam count; and
    two workers count what one does."""
    players = engine.load_variant(variant).seating.players
    one = engine.simulate(variant, games=6, seed=2, bots=["heuristic"] * players, workers=1)
    two = engine.simulate(variant, games=6, seed=2, bots=["heuristic"] * players, workers=2)
    assert one.tally.rule_use == two.tally.rule_use
    tally = one.tally
    for rule in stated_rules(one.rules):
        used, succeeded = tally.rule_use[rule.key]
        assert 0 <= succeeded <= used
        if rule.kind == "contract":
            contract = tally.contracts.get(rule.rule)
            assert [used, succeeded] == ([contract.bid, contract.made] if contract else [0, 0])
        if rule.kind == "all_pass":
            assert used == tally.all_pass
        if rule.kind == "slam":
            assert used <= tally.slams  # a slam the bonus pays (its test below), of all hands taken whole
        if rule.kind == "partner":
            declared = sum(each.bid for each in tally.contracts.values())
            assert tally.rule_use["partner:partner_call"][0] + tally.rule_use.get("partner:alone", [0])[0] <= declared


def test_the_report_lists_rules_in_play_and_warns_of_rules_never_used() -> None:
    """Issue 29: the JSON has top-level ``rules`` (``rule``, ``kind``, ``used``, ``succeeded`` where success
    has a meaning) and ``warnings``, and the text says when a stated rule never came up."""
    result = engine.simulate("double-nullo", hands=60, seed=5, bots=["heuristic"] * 4)
    data = json.loads(json.dumps(to_data(result)))
    rows = {row["rule"]: row for row in data["rules"]}
    assert {"rule", "kind", "used", "succeeded", "success_rate"} <= set(rows["grand_nullo"])
    assert "succeeded" not in rows["inkles"]
    unused = [row["rule"] for row in data["rules"] if row["used"] == 0 and row["per"] == "hand"]
    assert unused, "some rule of double nullo should be unused in 60 hands"
    for rule in unused:
        assert any(repr(rule) in warning and "never came up" in warning for warning in data["warnings"])
    assert any("simulate --games" in warning for warning in data["warnings"])  # end rules need whole games
    text = to_text(result)
    assert "Rules in play:" in text and any(line.startswith("Warning: ") and repr(unused[0]) in line for line in text.splitlines())


def test_the_report_says_why_a_rule_the_bots_leave_alone_never_came_up() -> None:
    """Issue 29 ("when the bots are known not to adapt to a rule"): perfect's blind misère (bid before
    looking) is never bid by the heuristic bots, and the warning says so; hi/lo (rules text 000, "Hi Lo",
    exactly five tricks) has a play now (issue 35), so no warning says they leave it alone; with random
    bots only, no such reason is given."""
    result = engine.simulate("perfect", hands=60, seed=5, bots=["heuristic"] * 4)
    warnings = to_data(result)["warnings"]
    assert not any("'hi_lo'" in warning and "never bid" in warning for warning in warnings)
    assert any("'blind_misere'" in warning and "look at their cards first" in warning for warning in warnings)
    random_only = to_data(engine.simulate("perfect", hands=20, seed=5, bots=["random"] * 4))["warnings"]
    assert not any("heuristic bots never bid" in warning for warning in random_only)


def test_must_win_by_bid_and_exact_target_are_each_counted_where_they_keep_the_game_going() -> None:
    """A rules author's trial: with both end rules stated, only ``exact_target`` was listed in "Rules in
    play", so whether must-win-by-bid ever came up could not be told (rules text 000, "Scoring": winning by
    a bid; the exact target of the house rules). Each is stated and counted: ``exact_target`` after a hand
    that left a side past the target, ``must_win_by_bid`` after one that left a side on it, the game going
    on both times."""
    rules = engine.compile_text("extends: standard\nend: {target: 500, must_win_by_bid: true, exact_target: true, lose_at: -500}\n")
    assert {"end:exact_target", "end:must_win_by_bid"} <= {rule.key for rule in stated_rules(rules)}
    watch = RuleWatch(rules)
    counts = watch.empty()
    seen = {"over": 0, "on": 0}
    for seed in range(6):
        state = GameState.create(rules, seed=seed, history=False)
        state.pause_between_hands = True
        bots = [make_bot("heuristic", rules, seat).choose for seat in range(4)]
        while True:
            state.run(bots)
            result = state.result
            assert result is not None
            watch.count_hand(state, counts)
            if not result.game_over:
                seen["over"] += any(score > 500 for score in result.scores)
                seen["on"] += any(score == 500 for score in result.scores)
            if not state.paused or state.hand_number > 300:
                break
            state.next_hand()
    assert counts["end:exact_target"][0] == seen["over"] > 0
    assert counts["end:must_win_by_bid"][0] == seen["on"] > 0, seen


@pytest.mark.parametrize("variant", ["standard", "sans-kitty"])
def test_the_slam_rule_is_counted_only_where_its_bonus_pays(variant: str) -> None:
    """A rules author's trial: every contract made by taking every trick counted as the slam rule's use,
    10-level contracts too, which score their own value (rules text 000, "Score keeping": the slam bonus
    is for a contract below 250); and a review: a modifier's value counts (8S sans kitty, 280, is paid as
    280). The count is read against the scores: the hands whose declaring side was paid the slam's value
    on terms worth something else, fewer than the hands taken whole."""
    rules = engine.load_variant(variant)
    slam = rules.scoring.slam
    assert slam is not None
    watch = RuleWatch(rules)
    counts = watch.empty()
    whole = paid = 0
    for seed in range(150):
        state = GameState.create(rules, seed=seed, history=False)
        state.pause_between_hands = True
        state.run([make_bot("heuristic", rules, seat).choose for seat in range(4)])
        result, terms, declarer = state.result, state.hand.terms, state.hand.declarer
        assert result is not None
        watch.count_hand(state, counts)
        if terms is None or declarer is None or not result.made:
            continue
        if sum(result.tricks[seat] for seat in state.hand.side()) == rules.deal.hand_size:
            whole += 1
            paid += result.hand_points[rules.seating.team_of(declarer)] == slam.value != terms.value
    assert counts["slam:slam"] == [paid, paid] and 0 < paid < whole, (paid, whole)
