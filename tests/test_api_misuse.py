"""Issue 34, "The Python API": each misuse gets one documented error naming what is wrong, never an
``AttributeError`` or ``IndexError`` from inside the engine."""

from __future__ import annotations

import pytest

import engine
from engine.bots import ExpertBot, HeuristicBot, SamplingBot
from engine.kernel.state import GameState


def test_a_game_given_something_else_as_its_random_generator_is_refused() -> None:
    with pytest.raises(TypeError, match="rng must be a random.Random"):
        engine.Game(engine.load_variant("standard"), rng=1)  # type: ignore[arg-type]


def test_from_dict_given_something_else_as_its_rules_is_refused() -> None:
    rules = engine.load_variant("standard")
    saved = engine.Game(rules, seed=1).to_dict()
    with pytest.raises(TypeError, match="rules must be compiled rules"):
        engine.Game.from_dict(saved, rules=5)  # type: ignore[arg-type]


@pytest.mark.parametrize("count", [0, 1, 3, 5])
def test_run_needs_one_chooser_per_player(count: int) -> None:
    state = GameState.create(engine.load_variant("standard"), seed=1)
    with pytest.raises(ValueError, match=f"one chooser per player \\(4\\), not {count}"):
        state.run([lambda state, seat, legal: legal.bit_length() - 2] * count)


@pytest.mark.parametrize("make", [HeuristicBot, SamplingBot, lambda rules: ExpertBot(rules, positions=100, samples=1)])
def test_a_bot_given_another_seats_observation_says_so(make: object) -> None:
    """The built-in bots given an observation of a seat that is not to act raised ``ValueError: min()
    arg is an empty sequence``; now the error says whose observation it is and who is to act."""
    rules = engine.load_variant("standard")
    game = engine.Game(rules, seed=2)
    bot = make(rules)  # type: ignore[operator]
    to_act = game.to_act
    assert to_act is not None
    other = (to_act + 1) % 4
    with pytest.raises(ValueError, match=f"seat {other}'s observation, but seat {to_act} is to act"):
        bot.act(game.observation(other), game.legal_choices())
    assert (
        game.legal_choices()[0] in game.legal_choices() and bot.act(game.observation(to_act), game.legal_choices()) in game.legal_choices()
    )
