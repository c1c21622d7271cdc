"""The expert bot (issue 14): it plays only legal cards, its choice depends only on what its seat has seen
and its seed (dealing the hidden cards differently changes nothing), and its two protocols agree.

The rules it samples under are the kernel's (rules/standard, "The play"): a seat that did not follow
the suit led is void in it, so no sampled deal gives it a card of that suit.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from test_fast_path import move_of
from test_seat_view import hide_differently

import engine
from engine.analysis.double_dummy import Solver
from engine.bots import ExpertBot, HeuristicBot
from engine.bots.profile import CLASSIC
from engine.kernel.phase import Phase
from engine.kernel.state import CARD_BITS, GameState


def small_expert(rules: engine.Rules, seed: int) -> ExpertBot:
    return ExpertBot(rules, seed, positions=3_000, samples=3)


def to_play(rules: engine.Rules, seed: int, tricks_done: int) -> GameState | None:
    """A heuristic game's state in the play once ``tricks_done`` tricks are over (``None`` if none). The
    classic profile's bidding reaches the contracts these positions were chosen for."""
    state = GameState.create(rules, seed=seed)
    bots = [HeuristicBot(rules, CLASSIC, seed=seat) for seat in range(rules.seating.players)]
    for _ in range(2000):
        play = state.hand.play
        if state.phase is Phase.PLAY and play is not None and play.number >= tricks_done:
            return state
        if state.phase is Phase.GAME_OVER or state.hand_number > 0:
            return None
        seat = state.to_act
        assert seat is not None
        state.apply_move(bots[rules.seating.controller(seat)].choose(state, seat, state.legal_mask()))
    return None


@pytest.mark.parametrize(
    ("variant", "seed"),
    [
        ("standard", 1),
        ("three-handed", 2),
        ("rules-text-003-two", 3),
        ("australian", 4),
        ("two-handed", 5),
        ("two-handed", 7),
        ("two-handed-52", 14),
        ("five-handed", 9),
        ("six-handed", 10),
    ],
)
def test_the_expert_plays_legal_cards_and_ignores_hidden_ones(variant: str, seed: int) -> None:
    rules = engine.load_variant(variant)
    state = to_play(rules, seed, 6)
    if state is None:
        pytest.skip("the hand ended before the play")
    rng = random.Random(seed)
    checked = 0
    while state.phase is Phase.PLAY and state.hand.play is not None and not state.hand.play.over and checked < 4:
        seat = state.to_act
        assert seat is not None
        legal = state.legal_mask()
        move = small_expert(rules, seed).choose(state, seat, legal)
        state.check_move(move)
        other = hide_differently(state, state.tables.controller[seat], rng)
        assert small_expert(rules, seed).choose(other, seat, other.legal_mask()) == move
        state.apply_move(move)
        checked += 1
    assert checked


@pytest.mark.parametrize("variant", ["three-handed", "two-handed"])
def test_act_and_choose_agree(variant: str) -> None:
    """Through the game API (the observation) and the fast path (the kernel state) the expert makes the
    same choice, for its own hand and (two-handed, rules text 000 "Two-handed 500") for its dummy."""
    rules = engine.load_variant(variant)
    game = engine.Game(rules, seed=5)
    helper = HeuristicBot(rules, seed=0)
    compared = 0
    acted: set[int | None] = set()
    while not game.results and compared < 10:
        seat = game.to_act
        assert seat is not None
        if game.phase is Phase.PLAY and game.state.hand.play is not None and game.state.hand.play.number >= 5:
            action = small_expert(rules, 7).act(game.observation(seat), game.legal_choices())
            acted.add(game.acting_seat)
            state = game.state
            assert state.to_act is not None
            move = small_expert(rules, 7).choose(state, state.to_act, state.legal_mask())
            assert game.can_apply(action)
            assert move == move_of(game, action)
            compared += 1
        else:
            action = helper.act(game.observation(seat), game.legal_choices())
        game.apply(action)
    assert compared
    assert not rules.seating.dummies or acted - set(range(rules.seating.players)), "no dummy's card was chosen"


def test_the_expert_needs_a_budget() -> None:
    rules = engine.load_variant("standard")
    with pytest.raises(ValueError, match="at least one position"):
        ExpertBot(rules, 1, positions=0)
    with pytest.raises(ValueError, match="solve_cards=-1"):
        ExpertBot(rules, 1, solve_cards=-1)
    with pytest.raises(ValueError, match="stop_z=0"):
        ExpertBot(rules, 1, stop_z=0)
    with pytest.raises(ValueError, match="a bid pool of 0"):
        ExpertBot(rules, 1, bid_pool=0)


def test_the_expert_asks_its_sampler_for_a_pool() -> None:
    """The expert's bids sample BID_SAMPLES deals, drawn BID_POOL for each one kept once calls are made
    (the sampling bot keeps every deal it draws; what a pool keeps is tested in test_sampling)."""
    from engine.bots.expert import BID_POOL, BID_SAMPLES
    from engine.bots.sampling import SamplingBot

    rules = engine.load_variant("standard")
    sampler = ExpertBot(rules, 1).heuristic.sampler
    assert (sampler.samples, sampler.pool) == (BID_SAMPLES, BID_POOL) and BID_POOL > 1
    assert SamplingBot(rules, seed=1).sampler.pool == 1


class _CountingSolver:
    """Makes solvers and counts them (the deals an expert's decision solves); a function rather than a
    subclass, which the compiled build's solver does not allow."""

    made = 0

    def __new__(cls, *arguments: Any, **keywords: Any) -> Solver:  # type: ignore[misc]
        _CountingSolver.made += 1
        return Solver(*arguments, **keywords)


@pytest.mark.parametrize(("variant", "seed"), [("standard", 3), ("three-handed", 2), ("five-handed", 9)])
def test_early_in_the_hand_the_expert_plays_the_heuristics_card_without_solving(
    variant: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While more cards than ``solve_cards`` are left in the hands in play (the first tricks), the expert
    plays the heuristic bot's card and solves no deal; once fewer are left, it solves sampled deals."""
    monkeypatch.setattr("engine.bots.expert.Solver", _CountingSolver)
    rules = engine.load_variant(variant)
    state = to_play(rules, seed, 0)
    assert state is not None
    seat = state.to_act
    assert seat is not None
    legal = state.legal_mask()
    _CountingSolver.made = 0
    expert = ExpertBot(rules, 1, positions=20_000)
    assert expert.choose(state, seat, legal) == HeuristicBot(rules, seed=1).choose(state, seat, legal)
    assert _CountingSolver.made == 0
    late = to_play(rules, seed, rules.deal.hand_size - 3)
    assert late is not None and late.to_act is not None
    expert.choose(late, late.to_act, late.legal_mask())
    assert _CountingSolver.made > 0


def test_sampling_stops_once_the_best_card_is_clear() -> None:
    """The stopping rule: a card that leads every other on every deal, or by far more than the noise, is
    clear; a lead within the noise is not; a card equal to the best on every deal does not hold it up;
    for the defenders the lowest worth is best."""
    from engine.bots.expert import _clear

    steady = {(1, None): [10.0, 12.0, 11.0, 10.0, 12.0, 11.0], (2, None): [0.0, 1.0, 0.0, 0.0, 1.0, 0.0]}
    assert _clear(steady, True, 2.0)
    # Card 1 leads card 3 by 1 a deal with a standard error of 4 (not clear); for the defenders card 2 is
    # best, 10 below card 1 on every deal and 9 below card 3 on average, with the same standard error.
    sides = {(1, None): [10.0] * 6, (2, None): [0.0] * 6, (3, None): [0.0, 18.0] * 3}
    assert not _clear(sides, True, 2.0)
    assert _clear(sides, False, 2.0)
    noisy = {(1, None): [30.0, -20.0, 25.0, -18.0, 22.0, -15.0], (2, None): [0.0] * 6}
    assert not _clear(noisy, True, 2.0)
    alike = {(1, None): [5.0, 0.0, 5.0, 0.0, 5.0, 0.0], (2, None): [5.0, 0.0, 5.0, 0.0, 5.0, 0.0], (3, None): [0.0] * 6}
    assert _clear(alike, True, 1.0)
    assert not _clear(alike, True, 3.0)  # 3 trails by 2.5 a deal on average, with a standard error of 1.1


def test_with_stopping_an_expert_solves_no_more_deals_than_without(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over the later tricks of a few hands, the expert with the stopping rule solves fewer deals than one
    that solves every deal the budget allows, and plays legal cards either way."""
    monkeypatch.setattr("engine.bots.expert.Solver", _CountingSolver)
    rules = engine.load_variant("standard")
    made = {}
    for stop_z in (None, 2.0):
        _CountingSolver.made = 0
        for seed in (1, 2, 3):
            state = to_play(rules, seed, 6)
            expert = ExpertBot(rules, seed, positions=30_000, stop_z=stop_z)
            while state is not None and state.phase is Phase.PLAY and state.to_act is not None:
                move = expert.choose(state, state.to_act, state.legal_mask())
                state.check_move(move)
                state.apply_move(move)
        made[stop_z] = _CountingSolver.made
    assert 0 < made[2.0] < made[None]


def test_past_its_budget_the_expert_plays_as_the_heuristic_bot() -> None:
    """At the first lead, with ten cards each, a deal needs far more than 100 positions: no deal fits
    the budget, so the heuristic bot's card is played."""
    rules = engine.load_variant("standard")
    state = to_play(rules, 3, 0)
    assert state is not None
    seat = state.to_act
    assert seat is not None
    legal = state.legal_mask()
    expert = ExpertBot(rules, 1, positions=100, solve_cards=40)
    assert expert.choose(state, seat, legal) == HeuristicBot(rules, seed=1).choose(state, seat, legal)


@pytest.mark.parametrize(
    ("variant", "seed"), [("standard", 1), ("standard", 2), ("three-handed", 2), ("five-handed", 9), ("australian", 4)]
)
def test_early_in_the_hand_rollouts_play_legal_cards_and_ignore_hidden_ones(variant: str, seed: int) -> None:
    """Past the budget (at the first tricks) and with rollouts on, the expert plays the rest of sampled
    deals out with heuristic bots: its card is still legal and depends only on what its seat has seen."""
    rules = engine.load_variant(variant)
    state = to_play(rules, seed, 0)
    if state is None:
        pytest.skip("the hand ended before the play")
    rng = random.Random(seed)
    for _ in range(6):
        if state.hand.play is None or state.hand.play.over:
            break
        seat = state.to_act
        assert seat is not None
        legal = state.legal_mask()
        move = ExpertBot(rules, seed, positions=1, samples=4, rollouts=True, solve_cards=60).choose(state, seat, legal)
        state.check_move(move)
        other = hide_differently(state, state.tables.controller[seat], rng)
        assert ExpertBot(rules, seed, positions=1, samples=4, rollouts=True, solve_cards=60).choose(other, seat, other.legal_mask()) == move
        state.apply_move(move)
    assert state.hand.play is not None and state.hand.play.number >= 1


def test_000_score_keeping_the_expert_values_tricks_by_the_hand_score() -> None:
    """Rules text 000, "Score keeping": the bidders score the contract when they take at least as many
    tricks as they bid and lose it otherwise, with no bonus for overtricks; the opponents score ten points
    a trick. The expert's card play weighs each count of tricks so (less the opponents' points), plus a
    hundredth of a point a trick to break ties. Rules text 000's Avondale table: a slam below 250 scores 250."""
    rules = engine.load_variant("standard")
    worth = ExpertBot(rules, 1)._worth("7S", 0, frozenset({0, 2}))
    assert [round(value) for value in worth] == [-140 - 10 * (10 - tricks) for tricks in range(7)] + [
        140 - 10 * (10 - tricks) for tricks in (7, 8, 9)
    ] + [250]
    assert worth[8] > worth[7]  # the tie-break: among made contracts, more tricks are worth a little more
    misere = ExpertBot(rules, 1)._worth("misere", 1, frozenset({1, 3}))
    assert [round(value) for value in misere] == [250 - 100] + [-250 - 10 * (10 - tricks) for tricks in range(1, 11)]


def _peeking(state: GameState) -> Callable[..., tuple[dict[int, int], dict[int, int]] | None]:
    """A sampler that deals every hidden card where it really lies (for a test only: the bot then plays
    double dummy on the true deal)."""

    def sample(unseen: int, counts: dict[int, int], known: dict[int, int], *_: object) -> tuple[dict[int, int], dict[int, int]] | None:
        return {each: state.hand.hands[each] for each in counts}, {}

    return sample


@pytest.mark.parametrize(("seed", "contract"), [(62, "misere"), (98, "misere"), (181, "misere"), (1, None), (2, None), (4, None)])
def test_000_scoring_the_expert_plays_for_the_hand_score_on_a_known_deal(
    seed: int, contract: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rules text 000, "Misère and open misère" and "Score keeping": when its sampled deals are all the
    true deal, the expert's card is the best by the hand's score for its side: the declarer of a misère
    avoids tricks, its defenders force them, and an ordinary contract's declarer and defenders play to
    make or to set it. (A worth oriented the wrong way lets a misère declarer take tricks.)"""
    rules = engine.load_variant("standard")
    state = to_play(rules, seed, 5)
    assert state is not None and state.hand.contract is not None and state.hand.play is not None and state.hand.declarer is not None
    assert (state.hand.contract.id == contract) if contract is not None else not state.hand.contract.target.is_no_tricks
    side = frozenset(state.hand.side())
    minimize = state.hand.contract.target.is_no_tricks
    checked = 0
    while not state.hand.play.over and checked < 8:
        seat = state.to_act
        assert seat is not None
        legal = state.legal_mask()
        expert = ExpertBot(rules, seed, samples=2)
        monkeypatch.setattr(expert, "_sample", _peeking(state))
        # The solver counts the tricks to come; the worths are of the hand's whole count. A misère not yet
        # lost is searched only for whether the declarer can be forced to take a trick.
        taken = sum(state.hand.play.tricks[each] for each in side)
        worth = expert._worth(state.hand.contract.id, state.hand.declarer, side)[taken:]
        truth = state.hand.play.copy()
        truth.hands = list(state.hand.hands)
        values = Solver(truth, side, minimize=minimize).move_values(1 if minimize and not taken else None)
        sign = 1 if seat in side else -1
        best = max(sign * worth[value] for value in values.values())
        move = expert.choose(state, seat, legal)
        assert sign * worth[values[(move & CARD_BITS, None)]] == best
        state.apply_move(move)
        checked += 1
    assert checked >= 4


def test_000_score_keeping_the_expert_weighs_the_whole_hands_tricks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rules text 000, "Score keeping": a contract is made on the tricks of the whole hand. Midway through
    a hand the solver counts only the tricks to come, so the expert adds those its side has taken before
    weighing a count by the hand's score. Here one card always makes the contract exactly, and another
    takes one trick fewer in half the deals and every trick left in the other half (more tricks on
    average, but the contract fails half the time). The declaring side must choose the first; a
    defender the second. Weighing the tricks to come as if they were the whole hand's (a bug once) put
    every count in the failing range, where the card taking the most tricks on average looks best."""
    rules = engine.load_variant("standard")
    for seed in range(1, 60):
        state = to_play(rules, seed, 4)
        if (
            state is None
            or state.hand.contract is None
            or state.hand.contract.target.is_no_tricks
            or state.hand.play is None
            or state.hand.contract.level is None
        ):
            continue
        play = state.hand.play
        side = frozenset(state.hand.side())
        needed = state.hand.contract.level - sum(play.tricks[each] for each in side)
        remaining = play.total - play.number
        seat = state.to_act
        assert seat is not None
        legal = state.legal_mask()
        if 1 <= needed <= remaining - 2 and legal & (legal - 1) and not play.trick and not legal & play.strain.suitless:
            break
    else:
        pytest.fail("no suitable position in 60 seeds")
    cards = [index for index in range(legal.bit_length()) if legal >> index & 1]
    steady, gamble = cards[0], cards[1]
    calls = 0

    def values(self: Solver, at_most: int | None = None) -> dict[tuple[int, str | None], int]:
        nonlocal calls
        calls += 1
        other = 0 if seat in side else remaining  # every other card: the worst for the seat to act
        result: dict[tuple[int, str | None], int] = {(card, None): other for card in cards}
        result[(steady, None)] = needed
        result[(gamble, None)] = needed - 1 if calls % 2 else remaining
        return result

    monkeypatch.setattr(Solver, "move_values", values)
    move = ExpertBot(rules, seed, samples=4).choose(state, seat, legal)
    assert calls == 4
    assert move == (steady if seat in side else gamble)


def test_the_deals_solved_are_the_best_explained_of_those_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rules text 000, "Misère and open misère": defending a misère, the expert draws more deals than it
    solves and keeps those that best explain the calls (a misère bidder holds a low hand), in the order
    drawn among equals; its card is still legal."""
    rules = engine.load_variant("standard")
    state = to_play(rules, 62, 5)
    assert state is not None and state.hand.contract is not None and state.hand.contract.id == "misere" and state.hand.play is not None
    seat = state.to_act
    assert seat is not None
    expert = ExpertBot(rules, 3, samples=4)
    drawn: list[dict[int, int]] = []
    solved: list[float] = []
    sample, keep = ExpertBot._sample, ExpertBot._drawn

    def recording(self: ExpertBot, *arguments: object) -> tuple[dict[int, int], dict[int, int]] | None:
        result = sample(self, *arguments)  # type: ignore[arg-type]
        if result is not None:
            drawn.append(result[0])
        return result

    def keeping(self: ExpertBot, *arguments: object) -> list[tuple[float, dict[int, int], dict[int, int]]]:
        chosen = keep(self, *arguments)  # type: ignore[arg-type]
        solved.extend(weight for weight, _, _ in chosen)
        return chosen

    # (Patched on the interpreted expert: the compiled build's sampling bot cannot be patched.)
    monkeypatch.setattr(ExpertBot, "_sample", recording)
    monkeypatch.setattr(ExpertBot, "_drawn", keeping)
    move = expert.choose(state, seat, state.legal_mask())
    state.check_move(move)
    played = [0] * 4
    for _, cards, _, _ in state.hand.play.completed:
        for each, card in cards:
            played[each] |= 1 << card
    for each, card in state.hand.play.trick:
        played[each] |= 1 << card
    weights = [
        expert.heuristic.sampler.calls_weight([hands.get(each, 0) | played[each] for each in range(4)], state.hand.auction.bidding)
        for hands in drawn
    ]
    assert len(solved) == 4 < len(drawn)
    assert solved == sorted(solved, reverse=True)
    assert solved == sorted(weights, reverse=True)[:4]
    assert min(weights) < solved[0]  # some drawn deals explained the misère less and were not solved


def test_000_score_keeping_the_expert_plays_for_the_game_not_the_hand() -> None:
    """Rules text 000, "Score keeping": the defenders' ten points a trick count toward 500 whether or not
    the contract is made. With the defenders at 470, three defending tricks win them the game: in the
    expert's weighing, the declarer's 7 tricks (made, but the defenders reach 500) are worth less than 6
    tricks were without the score, and 8 tricks (they stop at 490) far more than 7."""
    rules = engine.load_variant("standard")
    expert = ExpertBot(rules, 1)
    side = frozenset({0, 2})
    plain = expert._worth("7H", 0, side)
    late = expert._worth("7H", 0, side, (200, 470))
    assert late[7] < plain[6] < plain[7]
    assert late[8] - late[7] > 1000 > plain[8] - plain[7]
    assert late[10] - late[8] == pytest.approx(plain[10] - plain[8])  # both play on: the hand's points alone
    # Out the front door: at 400 the bidders win with any made contract of 7 hearts.
    assert expert._worth("7H", 0, side, (400, 0))[7] - plain[7] == 1000


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_where_the_deals_cannot_tell_cards_apart_the_heuristic_card_is_played(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """When every sampled deal values every card alike (a misère each deal says is lost whatever is played,
    say), the double-dummy results say nothing: the heuristic bot's card is played, in both protocols.
    When one card is better, it is played whatever the heuristic would."""
    rules = engine.load_variant("standard")
    state = to_play(rules, seed, 4)
    assert state is not None and state.hand.play is not None
    while state.legal_mask().bit_count() < 3 or (not state.hand.play.trick and state.legal_mask() & state.hand.play.strain.suitless):
        seat = state.to_act
        assert seat is not None
        state.apply_move(HeuristicBot(rules, seed=0).choose(state, seat, state.legal_mask()))
    seat = state.to_act
    assert seat is not None
    legal = state.legal_mask()
    heuristic = ExpertBot(rules, seed).heuristic.choose(state, seat, legal)
    cards = [index for index in range(legal.bit_length()) if legal >> index & 1]
    monkeypatch.setattr(Solver, "move_values", lambda self, at_most=None: {(card, None): 2 for card in cards})
    assert ExpertBot(rules, seed, samples=4).choose(state, seat, legal) == heuristic
    other = next(card for card in cards if card != heuristic)
    side = frozenset(state.hand.side())
    better = 3 if seat in side else 1
    monkeypatch.setattr(Solver, "move_values", lambda self, at_most=None: {(card, None): better if card == other else 2 for card in cards})
    assert ExpertBot(rules, seed, samples=4).choose(state, seat, legal) == other
