"""The kernel's one flat action space (issue 46, item 1; engine/kernel/action_space.py), checked on every
playable shipped variant: each legal action is a step (or, for a discard and a pick that puts a card
back, steps) of the space; the legal steps are complete and the same whether a game is played by
actions or by numbers; a number not legal now is refused in a full sentence with the game unchanged.

Rules text 000, "Play" (a joker led in no trumps names its suit: one step per suit it may name) and
"The kitty" (the declarer's discards, here one card at a time)."""

from __future__ import annotations

import random

import pytest
from drawn import SEEDS, draw_from, drawn_steps
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.kernel.action_space import action_space
from engine.kernel.actions import Discard, Pick, Play
from engine.kernel.choices import DiscardChoices
from engine.kernel.support import unsupported_rules
from engine.language.resources import shipped_variant_names

PLAYABLE = [name for name in shipped_variant_names() if not unsupported_rules(engine.load_variant(name))]


def _expected_ids(game: engine.Game) -> set[int]:
    """The first steps of every legal action (a discard's next cards, given those chosen so far, and a
    pick's card put back once the card taken is chosen), read from the legal actions."""
    space = game.action_space
    state = game.state
    choices = game.legal_choices()
    if isinstance(choices, DiscardChoices):
        return {space.steps(Discard((card,)))[0] for card in choices.cards} - set(state.hand.chosen)
    if state.hand.chosen:
        taken = space.card(state.hand.chosen[0])
        return {
            space.steps(action)[1]
            for action in choices
            if isinstance(action, Pick) and action.card.index == taken and action.discard is not None
        }
    return {space.steps(action)[0] for action in choices if not isinstance(action, engine.Claim)}


def test_the_ranges_are_disjoint_and_every_number_names_one_step() -> None:
    """Every number of the space has one kind and one name, and the names are unique: a number means the
    same step in every phase (the space OpenSpiel's euchre has, ``kNumDistinctActions`` long)."""
    for name in PLAYABLE:
        space = action_space(engine.load_variant(name))
        names = [space.name(number) for number in range(space.size)]
        assert len(set(names)) == space.size, name
        starts = sorted(space.starts.values())
        assert starts[0] == 0 and starts[-1] < space.size
        for number in range(space.size):
            kind = space.kind(number)
            assert space.starts[kind] <= number
        with pytest.raises(ValueError, match="whole number from 0"):
            space.kind(space.size)


@pytest.mark.parametrize("variant", PLAYABLE)
def test_000_a_game_played_by_numbers_is_the_game_played_by_actions(variant: str) -> None:
    """Rules text 000 throughout, every playable shipped variant: a whole game played by random legal
    numbers, where at every step the legal numbers are exactly the steps of the legal actions, and the
    same game played again by the recorded actions reaches the same scores."""
    rules = engine.load_variant(variant)
    game = engine.Game(rules, seed=3)
    rng = random.Random(variant)
    steps = 0
    while not game.is_over and steps < 4000:
        legal = game.legal_ids()
        assert legal, f"no legal step in phase {game.phase}"
        assert set(legal) == _expected_ids(game)
        game.apply_id(rng.choice(legal))
        steps += 1
    assert game.is_over
    again = engine.Game(rules, seed=3)
    for record in game.records:
        for line in record.actions:
            again.apply(line.split(" ", 1)[1])
    assert again.is_over and again.scores == game.scores


@settings(max_examples=40, deadline=None)
@given(data=st.data(), variant=st.sampled_from(PLAYABLE))
def test_an_illegal_number_is_refused_in_a_sentence_and_the_game_is_unchanged(data: st.DataObject, variant: str) -> None:
    """Drawn positions (a drawn seed, then drawn legal numbers): any number not legal now, in or out of
    the space, raises ``IllegalActionError`` naming the legal numbers, and the game's legal numbers,
    steps chosen and record are as before."""
    seed = data.draw(SEEDS, label="seed")
    game = engine.Game(engine.load_variant(variant), seed=seed)
    for step in range(drawn_steps(data, 120)):
        if game.is_over:
            break
        game.apply_id(draw_from(data, game.legal_ids(), step))
    if game.is_over:
        return
    space = game.action_space
    legal = game.legal_ids()
    number = data.draw(st.one_of(st.integers(-5, space.size + 5), st.sampled_from([True, 1.0, "3", None])), label="number")
    if number in legal and type(number) is int:
        return
    before = (legal, game.state.hand.chosen, [list(record.actions) for record in game.records])
    with pytest.raises(engine.IllegalActionError, match=r"not legal|whole number"):
        game.apply_id(number)  # type: ignore[arg-type]
    assert (game.legal_ids(), game.state.hand.chosen, [list(record.actions) for record in game.records]) == before


def test_000_play_a_led_joker_names_its_suit_one_step_per_suit() -> None:
    """Rules text 000, "Play": a joker led in no trumps names the suit it stands for; each suit it may
    name is a step of its own, and the step's name is the play's notation."""
    rules = engine.load_variant("standard")
    space = action_space(rules)
    joker = next(card for card in rules.deck.cards if card.is_joker)
    named = {space.steps(Play(joker, suit.id))[0] for suit in rules.deck.suits}
    assert len(named) == len(rules.deck.suits)
    assert all(space.kind(number) == "play_named" for number in named)
    assert {space.name(number) for number in named} == {f"play {joker}:{suit.id}" for suit in rules.deck.suits}
    assert all(space.action(number) == Play(joker, space.name(number).split(":")[1]) for number in named)


def test_000_the_kitty_a_discard_is_taken_a_card_at_a_time_and_recorded_whole() -> None:
    """Rules text 000, "The kitty": the declarer discards as many cards as it took; by numbers, one card
    a step: each step leaves the cards chosen waiting, a card chosen is no longer legal, and the last
    step records and makes the whole discard."""
    rules = engine.load_variant("standard")
    game = engine.Game(rules, seed=5)
    while game.phase is not engine.Phase.KITTY:
        game.apply("bid 6S" if "bid 6S" in map(str, game.legal_actions()) else "pass")
    space = game.action_space
    count = game.state.hand.discard_count
    recorded = len(game.records[-1].actions)
    for step in range(count):
        legal = game.legal_ids()
        assert all(space.kind(number) == "discard" for number in legal)
        game.apply_id(legal[0])
        if step < count - 1:
            assert len(game.state.hand.chosen) == step + 1 and game.phase is engine.Phase.KITTY
            assert legal[0] not in game.legal_ids()
    assert game.state.hand.chosen == () and game.phase is not engine.Phase.KITTY
    assert game.records[-1].actions[recorded].split(" ")[1] == "discard"
    assert len(game.records[-1].actions) == recorded + 1


def _mid_discard(seed: int = 5) -> engine.Game:
    """A ``standard`` game whose declarer has chosen two of its discards, one step each."""
    game = engine.Game(engine.load_variant("standard"), seed=seed)
    while game.phase is not engine.Phase.KITTY:
        game.apply("bid 6S" if "bid 6S" in map(str, game.legal_actions()) else "pass")
    for _ in range(2):
        game.apply_id(game.legal_ids()[0])
    return game


def test_000_the_kitty_a_saved_game_keeps_a_discard_in_progress() -> None:
    """Rules text 000, "The kitty": a game saved with two discards chosen of a discard in progress is
    rebuilt with them chosen (a clone keeps them too); steps that are not a discard in progress, or that
    would complete it, are refused naming ``choosing``."""
    game = _mid_discard()
    data = game.to_dict()
    again = engine.Game.from_dict(data)
    assert again.state.hand.chosen == game.state.hand.chosen and again.legal_ids() == game.legal_ids()
    assert game.clone().state.hand.chosen == game.state.hand.chosen
    assert "choosing" not in engine.Game(engine.load_variant("standard"), seed=5).to_dict()
    for bad in ("x", [10**6], [data["choosing"][0]] * 2, [*data["choosing"], *game.legal_ids()[:2]], [game.legal_ids()[0], True]):
        with pytest.raises(engine.SavedGameError, match="choosing"):
            engine.Game.from_dict({**data, "choosing": bad})


def test_000_the_kitty_a_whole_discard_replaces_the_steps_chosen() -> None:
    """Rules text 000, "The kitty": a whole discard given as an action while steps are chosen is taken
    as given, and the steps chosen are dropped."""
    game = _mid_discard()
    hand = [card for card in game.hand_of(game.state.hand.discarder)]
    chosen = {game.action_space.card(step) for step in game.state.hand.chosen}
    others = [card for card in hand if card.index not in chosen][: game.state.hand.discard_count]
    game.apply(Discard(tuple(others)))
    assert game.state.hand.chosen == () and game.phase is not engine.Phase.KITTY
    assert all(card not in game.hand_of(game.state.hand.declarer or 0) for card in others)


def test_the_research_game_takes_any_integer_type_and_refuses_the_rest_unchanged() -> None:
    """The research adapters' game reads an action number of any integer type (numpy's among them, as an
    agent draws them) and refuses anything else, or a number not legal now, before changing anything (a
    refused action once left a history entry that was never applied)."""
    from engine.adapters.core import ResearchGame

    class Index:
        def __init__(self, value: int) -> None:
            self.value = value

        def __index__(self) -> int:
            return self.value

    research = ResearchGame(engine.load_variant("standard"))
    while research.dealing:
        research.apply(Index(research.legal()[0]))  # type: ignore[arg-type]
    for bad in (True, 1.0, "3", None, research.space.size, -1):
        before = (list(research.history), research.legal())
        with pytest.raises(ValueError):
            research.apply(bad)  # type: ignore[arg-type]
        assert (research.history, research.legal()) == before
    research.apply(Index(research.legal()[-1]))  # type: ignore[arg-type]
    assert research.hand_in_play().history == research.history[-len(research.hand_in_play().history) :]
