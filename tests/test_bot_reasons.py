"""Issue 46, item 4: the heuristic bot's decisions return the move with its reason, which hints read
instead of re-walking the bot's branches; the sampling bot is the heuristic bot with another estimator
(composition), not a subclass overriding its private methods."""

from __future__ import annotations

import inspect

import pytest

import engine
import engine.bots.hints as hints
from engine.bots import HeuristicBot, SamplingBot
from engine.bots.heuristic import Estimator
from engine.bots.hints import hint
from engine.bots.profile import CLASSIC, THRESHOLD, Profile
from engine.bots.reasons import Bidding, BidReason, Decision, PlayReason
from engine.bots.sampling import SamplingEstimator
from engine.kernel.phase import Phase
from engine.kernel.seat_view import seat_view
from engine.kernel.state import GameState


@pytest.mark.parametrize("variant", ["standard", "american", "double-nullo", "five-handed", "two-handed"])
@pytest.mark.parametrize("profile", [Profile(), THRESHOLD, CLASSIC], ids=["default", "threshold", "classic"])
def test_issue46_item4_the_decision_with_its_reason_is_the_plain_decision(variant: str, profile: Profile) -> None:
    """The move :meth:`HeuristicBot.decide_with_reason` returns is :meth:`HeuristicBot.decide`'s, in every
    phase of four hands; bids and cards carry their reason."""
    rules = engine.load_variant(variant)
    bot = HeuristicBot(rules, profile, seed=1)
    state = GameState.create(rules, seed=3, history=False)
    reasons = {Phase.AUCTION: 0, Phase.KITTY: 0, Phase.PLAY: 0}
    while state.hand_number < 4 and state.phase is not Phase.GAME_OVER:
        seat = state.to_act
        assert seat is not None
        legal = state.legal_mask()
        view = seat_view(state, bot.tables.controller[seat])
        decision = bot.decide_with_reason(view, legal)
        assert isinstance(decision, Decision) and decision.move == bot.decide(view, legal)
        if state.phase in reasons and decision.reason is not None:
            reasons[state.phase] += 1
        state.apply_move(decision.move)
    assert reasons[Phase.AUCTION] and reasons[Phase.PLAY]


def test_issue46_item4_a_bid_by_convention_says_so() -> None:
    """An inkle is bid by convention, not on the tricks the hand counts: the decision says so, and the
    hint words that reason (it used to call 3.8 tricks in clubs "enough for 6C")."""
    rules = engine.load_variant("american")
    game = engine.Game(rules, seed=2)
    seat = game.to_act
    assert seat is not None
    bot = HeuristicBot(rules, seed=1)
    action, decision = bot.act_with_reason(game.observation(seat), game.legal_choices())
    assert decision is not None and isinstance(decision.reason, BidReason) and decision.reason.kind == Bidding.CONVENTION
    assert isinstance(action, engine.Bid) and action.contract == "6D"
    _, reason = hint(bot, game.observation(seat), game.legal_choices())
    assert reason == "by convention, with no bid of your own: 6 diamonds shows your partner a good diamonds suit."


def test_issue46_item4_a_card_s_hint_reads_the_card_play_s_reason() -> None:
    """Every card hinted in a hand of `standard` is worded from the reason the card play returned with
    it: a card that cannot take the trick is said so exactly when the play's reason is that."""
    rules = engine.load_variant("standard")
    bot = HeuristicBot(rules, seed=1)
    game = engine.Game(rules, seed=7)
    checked = 0
    while not game.is_over and game.hand_number < 1:
        seat = game.to_act
        assert seat is not None
        observation, legal = game.observation(seat), game.legal_choices()
        action, decision = bot.act_with_reason(observation, legal)
        _, reason = hint(bot, observation, legal)
        if decision is not None and isinstance(decision.reason, PlayReason) and len(legal) > 1:
            checked += 1
            # (Under a partner's winning card the same reason says the side is winning: a player's trial.)
            said = reason.startswith("you cannot beat") or "you could not beat it anyway" in reason
            assert (decision.reason.kind == "no winner") == said, (decision.reason, reason)
        game.apply(action)
    assert checked > 10


def test_issue46_item4_hints_read_no_private_attribute_of_the_bot() -> None:
    """The hints word the bot's reasons: they reach into none of its private attributes or methods."""
    source = inspect.getsource(hints)
    assert "bot._" not in source and "card_play.reading" not in source


def test_issue46_item4_the_sampling_bot_overrides_no_method_of_the_heuristic_bot() -> None:
    """The sampling bot is the heuristic bot with a :class:`SamplingEstimator`: its class adds a constructor
    and defines no method the heuristic bot has, public or private."""
    # (Names starting "__" are Python's and, in the compiled build, mypyc's own.)
    overridden = {name for name in vars(SamplingBot) if not name.startswith("__") and callable(getattr(HeuristicBot, name, None))}
    assert overridden == set()
    assert not [name for name in vars(SamplingBot) if name.startswith("_") and not name.startswith("__")]
    bot = SamplingBot(engine.load_variant("standard"), seed=1, samples=2)
    assert isinstance(bot.estimator, SamplingEstimator) and bot.estimator is bot.sampler and isinstance(bot.sampler, Estimator)
    assert type(HeuristicBot(engine.load_variant("standard")).estimator) is Estimator


def test_issue46_item4_the_sampling_estimator_still_changes_the_bids() -> None:
    """Through its estimator the sampling bot still bids otherwise than the heuristic bot: on the opening
    hands of seeds 2, 3, 5 and 10 of `standard`. (Seed 4 was one until the default weighed passing before any
    bid: both now pass there.)"""
    rules = engine.load_variant("standard")
    differ = 0
    for seed in (2, 3, 5, 10):
        state = GameState.create(rules, seed=seed)
        seat = state.to_act
        assert seat is not None and state.phase is Phase.AUCTION
        legal = state.legal_mask()
        differ += HeuristicBot(rules, seed=1).choose(state, seat, legal) != SamplingBot(rules, seed=1, samples=6).choose(state, seat, legal)
    assert differ == 4
