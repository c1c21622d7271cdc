"""Property tests over random seeds for every shipped variant the kernel plays (issue 3, "Tests"):
each card dealt once, one winner per trick, legal actions never empty before the end, saved games
round-trip exactly at every step, and every finished hand's transcript replays to the live result."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from drawn import drawn_actions
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.kernel.events import CardPlayed, Dealt, TrickWon
from engine.language.resources import shipped_variant_names

PLAYABLE = [name for name in shipped_variant_names() if not engine.unsupported_rules(engine.load_variant(name))]
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
FAST = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_the_required_variants_are_playable() -> None:
    """Issue 3: standard, american, australian and the 45- and 46-card packs are played by the kernel."""
    assert {"standard", "american", "australian", "45-card", "46-card"} <= set(PLAYABLE)


def random_game(variant: str, seed: int, max_hands: int = 1000) -> tuple[engine.Game, list[str]]:
    rules = engine.load_variant(variant)
    game = engine.Game(rules, seed=seed, dealer=seed % rules.seating.players)
    chooser = random.Random(seed)
    while not game.is_over and game.hand_number < max_hands:
        actions = game.legal_actions()
        assert actions, "legal actions are empty before the game is over"
        game.apply(chooser.choice(actions))
    return game, [entry for record in game.records for entry in record.actions]


@pytest.mark.parametrize("variant", PLAYABLE)
@FAST
@given(seed=SEEDS)
def test_random_games_deal_every_card_once_and_each_trick_has_one_winner(variant: str, seed: int) -> None:
    game, _ = random_game(variant, seed, max_hands=12)
    rules = game.rules
    deals = [event for event in game.events if isinstance(event, Dealt)]
    assert deals
    for deal in deals:
        cards = [card.index for hand in deal.hands for card in hand] + [card.index for card in deal.kitty + deal.dead_hand + deal.table]
        assert sorted(cards) == list(range(len(rules.deck)))
    for event in game.events:
        if isinstance(event, TrickWon):
            seats = [seat for seat, _ in event.cards]
            assert len(set(seats)) == len(seats) and event.seat in seats
    # Replay each played hand and check every trick's winner against the strain's card order.
    for record, result in zip(game.records, game.results):
        if result.contract is None:
            continue
        # Every trick is played, unless a side scored out during the hand (rules text 000, "Scoring": "If any
        # player scores out during play of a hand, balance of hand is not played"; `score-out-1904`).
        ended_early = result.game_over and rules.end.score_out_during_hand
        assert sum(result.tricks) == rules.deal.hand_size or (ended_early and sum(result.tricks) < rules.deal.hand_size)
        order = rules.card_order(rules.ladder[result.contract].style.strain)
        replayed = engine.Game(rules, dealer=record.dealer, scores=record.scores, deals=[record.deal], seed=0)
        led: str | None = None
        for entry in record.actions:
            before = len(replayed.events)
            leading = replayed.phase is engine.Phase.PLAY and not replayed.observation(0).trick
            replayed.apply(entry.split(" ", 1)[1])
            first = replayed.events[before]
            if leading and isinstance(first, CardPlayed):
                led = first.suit if first.suit is not None else order.suit_of[first.card.index]
            for event in replayed.events[before:]:
                if isinstance(event, TrickWon):
                    cards = [card for _, card in event.cards]
                    assert event.cards[order.winner(cards, led)][0] == event.seat


@pytest.mark.parametrize("variant", PLAYABLE)
@FAST
@given(seed=SEEDS)
def test_random_games_transcripts_replay_to_the_live_result(variant: str, seed: int) -> None:
    game, _ = random_game(variant, seed, max_hands=12)
    for number, result in enumerate(game.results):
        transcript = json.loads(json.dumps(game.transcript(number)))
        assert engine.replay(transcript) == result


@pytest.mark.parametrize("variant", ["standard", "american", "australian", "45-card", "46-card", "three-handed", "six-handed-three-teams"])
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_saved_games_round_trip_exactly_at_every_step(variant: str, seed: int) -> None:
    rules = engine.load_variant(variant)
    game = engine.Game(rules, seed=seed)
    chooser = random.Random(seed)
    while not game.is_over and game.hand_number < 2:
        saved = json.loads(json.dumps(game.to_dict()))
        restored = engine.Game.from_dict(saved)
        assert restored.to_dict() == saved
        assert restored.events == game.events
        assert restored.legal_actions() == game.legal_actions()
        assert [restored.observation(seat) for seat in range(rules.seating.players)] == [
            game.observation(seat) for seat in range(rules.seating.players)
        ]
        game.apply(chooser.choice(game.legal_actions()))


@pytest.mark.parametrize("variant", PLAYABLE)
@settings(max_examples=3, deadline=None)
@given(seed=SEEDS, data=st.data())
def test_legal_actions_are_exactly_the_accepted_ones(variant: str, seed: int, data: st.DataObject) -> None:
    """Every listed action is accepted, and every card of the hand not listed is refused. The actions
    are drawn (``tests/drawn.py``), so a failure shrinks to a short sequence of them."""
    rules = engine.load_variant(variant)
    game = engine.Game(rules, seed=seed, dealer=seed % rules.seating.players)
    for action in drawn_actions(data, game, 160):
        legal = game.legal_actions()
        assert all(game.can_apply(action) for action in legal)
        if game.phase is engine.Phase.PLAY:
            seat = game.to_act
            assert seat is not None
            listed = {action.card for action in legal if isinstance(action, engine.Play)}
            for card in game.hand_of(seat):
                if card not in listed:
                    assert not game.can_apply(engine.Play(card))
        if game.phase is engine.Phase.AUCTION:
            listed_bids = {action.contract for action in legal if isinstance(action, engine.Bid)}
            for contract in rules_of(game).ladder:
                assert game.can_apply(engine.Bid(contract.id)) == (contract.id in listed_bids)
        game.apply(action)


def rules_of(game: engine.Game) -> engine.Rules:
    return game.rules


@settings(max_examples=10, deadline=None)
@given(seed=SEEDS)
def test_same_seed_and_actions_give_the_same_game(seed: int) -> None:
    """Developers' guide, "Determinism": the same seed and the same actions give the same game."""
    first, actions = random_game("australian", seed, max_hands=3)
    second = engine.Game(engine.load_variant("australian"), seed=seed, dealer=seed % 4)
    for entry in actions:
        second.apply(entry.split(" ", 1)[1])
    assert second.to_dict() == first.to_dict()


@pytest.mark.parametrize("variant", shipped_variant_names())
def test_every_shipped_variant_plays_or_is_refused_by_rule(variant: str) -> None:
    """Developers' guide: a rule the kernel does not play is refused at creation, never ignored."""
    rules = engine.load_variant(variant)
    missing = engine.unsupported_rules(rules)
    if missing:
        with pytest.raises(engine.UnsupportedRuleError) as caught:
            engine.Game(rules, seed=1)
        assert list(caught.value.rules) == missing
        return
    game = engine.Game(rules, seed=1)
    chooser = random.Random(1)
    while not game.is_over and game.hand_number < 3:
        game.apply(chooser.choice(game.legal_actions()))
    assert game.results


@FAST
@given(seed=SEEDS, first=st.booleans())
def test_a_clone_deals_what_its_original_deals_whichever_plays_on_first(seed: int, first: bool) -> None:
    """Issue 13: clone() shares the random generator until one of the two deals from it; the original
    and its copy still deal the same hands afterwards, whichever of them deals first, and a copy of a copy
    too."""
    original, _ = random_game("standard", seed, max_hands=1)
    copy = original.clone()
    copy_of_copy = copy.clone()

    def play_on(game: engine.Game) -> list[object]:
        chooser = random.Random(seed)
        while not game.is_over and game.hand_number < 4:
            game.apply(chooser.choice(game.legal_actions()))
        return [event.hands for event in game.events if isinstance(event, Dealt)]

    order = [original, copy, copy_of_copy] if first else [copy_of_copy, copy, original]
    deals = {id(game): play_on(game) for game in order}
    assert deals[id(original)] == deals[id(copy)] == deals[id(copy_of_copy)]


@pytest.mark.parametrize("variant", PLAYABLE)
@settings(max_examples=2, deadline=None)
@given(seed=SEEDS)
def test_observations_equal_the_ones_the_constructor_makes(variant: str, seed: int) -> None:
    """Issue 13: observations are assembled without the frozen dataclass's constructor, for speed; at
    every step of a random game each seat's observation equals the one the constructor makes from the
    same values (every field present, nothing else), and it is still frozen."""
    rules = engine.load_variant(variant)
    game = engine.Game(rules, seed=seed)
    rng = random.Random(seed)
    names = {field.name for field in dataclasses.fields(engine.Observation)}
    for _ in range(400):
        if game.is_over:
            break
        for seat in range(rules.seating.players):
            observation = game.observation(seat)
            assert set(vars(observation)) == names
            assert engine.Observation(**vars(observation)) == observation
        with pytest.raises(dataclasses.FrozenInstanceError):
            observation.seat = 0  # type: ignore[misc]
        game.apply(rng.choice(game.legal_actions()))
