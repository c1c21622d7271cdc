"""Research adapters (issue 32): every shipped variant as an OpenSpiel game (random simulation with
serialisation, observations that hide what a seat cannot see, IS-MCTS through the resampler) and as a
PettingZoo AEC environment (its API and seed tests)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine.language.resources import shipped_variant_names

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")
import engine.adapters.openspiel  # noqa: E402  (registers python_fivehundred)
from engine.adapters.core import ResearchGame  # noqa: E402

VARIANTS = shipped_variant_names()
ROOT = Path(__file__).resolve().parent.parent


def _mid_hand(game: object, seed: int, steps: int) -> object:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    draw = random.Random(seed)
    while state.is_chance_node() or (steps > 0 and not state.is_terminal()):
        if state.is_chance_node():
            state.apply_action(draw.choice([action for action, _ in state.chance_outcomes()]))
        else:
            state.apply_action(draw.choice(state.legal_actions()))
            steps -= 1
    return state


@pytest.mark.parametrize("name", VARIANTS)
def test_openspiel_random_simulation_with_serialisation(name: str) -> None:
    """Issue 32: "pyspiel.random_sim_test (with serialisation) passes for every shipped variant"."""
    game = pyspiel.load_game("python_fivehundred", {"variant": name})
    assert game.num_players() == engine.load_variant(name).seating.players
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", ["standard", "two-handed-52", "five-handed"])
def test_openspiel_whole_games(name: str) -> None:
    game = pyspiel.load_game("python_fivehundred", {"variant": name, "scope": "game"})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name", ["standard", "two-handed", "five-handed-secret", "blind-misere", "two-handed-draw"])
def test_a_seats_view_does_not_change_when_hidden_cards_are_dealt_again(name: str) -> None:
    """Issue 32: "the observation tensors of a seat do not change when the hidden cards are re-dealt"."""
    game = pyspiel.load_game("python_fivehundred", {"variant": name})
    for seed in range(3):
        state = _mid_hand(game, seed, 8 + 5 * seed)
        if state.is_terminal():
            continue
        player = state.current_player()
        other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        for perfect_recall in (False, True):
            observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=perfect_recall))
            observer.set_from(state, player)
            before = observer.tensor.copy()
            observer.set_from(other, player)
            assert np.array_equal(before, observer.tensor)
            assert observer.string_from(state, player) == observer.string_from(other, player)
        assert state.legal_actions() == other.legal_actions()


def test_an_observation_type_other_than_the_seats_own_view_is_refused_not_given_with_its_cards() -> None:
    """A user trial asked for a public-only observation (``private_info=NONE``) and got the player's ten
    cards in it, and for every player's and got the player's own only: the observer gives a seat's own
    view, and says so for any other type rather than filling it wrongly."""
    game = pyspiel.load_game("python_fivehundred", {"variant": "standard"})
    for private, public in (
        (pyspiel.PrivateInfoType.NONE, True),
        (pyspiel.PrivateInfoType.ALL_PLAYERS, True),
        (pyspiel.PrivateInfoType.SINGLE_PLAYER, False),
    ):
        with pytest.raises(ValueError, match="gives a seat's own view"):
            game.make_py_observer(pyspiel.IIGObservationType(public_info=public, perfect_recall=False, private_info=private))
    assert game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False)).tensor.size
    assert game.make_py_observer().tensor.size


def test_resampling_deals_the_unseen_cards_anew() -> None:
    game = pyspiel.load_game("python_fivehundred", {"variant": "standard"})
    state = _mid_hand(game, 1, 2)
    player = state.current_player()
    hands = {tuple(state.research.game.hand_of((player + 1) % 4))}
    for _ in range(5):
        other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert other.research.game.hand_of(player) == state.research.game.hand_of(player)
        hands.add(tuple(other.research.game.hand_of((player + 1) % 4)))
    assert len(hands) > 1


def test_actions_read_in_the_engines_notation() -> None:
    game = pyspiel.load_game("python_fivehundred", {"variant": "standard"})
    state = _mid_hand(game, 0, 0)
    names = [state.action_to_string(state.current_player(), action) for action in state.legal_actions()]
    assert names[:3] == ["bid 6S", "bid 6C", "bid 6D"] and "pass" in names
    space = ResearchGame(engine.load_variant("standard")).space
    assert space.size == game.num_distinct_actions() and space.name(0) == "play " + str(engine.load_variant("standard").deck.cards[0])


def test_ismcts_example_plays_a_hand() -> None:
    """Issue 32: "the IS-MCTS example plays"."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "openspiel_ismcts.py"), "--hands", "1", "--simulations", "8"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "IS-MCTS team:" in done.stdout


@pytest.mark.filterwarnings("ignore:Observation:UserWarning")  # a dict with an action mask, as PettingZoo's own card games
@pytest.mark.parametrize("name", VARIANTS)
def test_pettingzoo_api_and_seed_tests(name: str) -> None:
    """Issue 32: "pettingzoo.test.api_test passes for every shipped variant, and its seed test"."""
    pettingzoo_test = pytest.importorskip("pettingzoo.test")
    from engine.adapters.pettingzoo import env

    pettingzoo_test.api_test(env(name), num_cycles=60, verbose_progress=False)
    pettingzoo_test.seed_test(lambda: env(name), num_cycles=30)


def test_pettingzoo_misuse_gets_the_engines_sentences_and_changes_nothing() -> None:
    """A user trial: ``step(None)``, ``step("bid 7H")`` and ``observe("player_9")`` raised Python's own
    errors (``int() argument must be ...``, ``'player_9' is not in list``) and ``step(1.0)`` was taken as
    action 1. Each is refused with the engine's sentence, the game unchanged; a numpy integer is taken."""
    pytest.importorskip("pettingzoo")
    import numpy as np

    from engine.adapters.pettingzoo import env
    from engine.errors import UsageError

    table = env("standard")
    table.reset(seed=1)
    before = table.observe(table.agent_selection)["observation"].copy()
    for wrong in (None, "bid 7H", 1.0):
        with pytest.raises(UsageError, match="An action is a whole number, not"):
            table.step(wrong)  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="'player_9' is not an agent of this environment: its agents are player_0"):
        table.observe("player_9")
    acting = table.agent_selection
    assert np.array_equal(before, table.observe(acting)["observation"])
    first = int(np.flatnonzero(table.observe(acting)["action_mask"])[0])
    table.step(np.int64(first))
    assert table.agent_selection != acting  # taken: the turn passed on


def test_pettingzoo_plays_a_hand_to_its_rewards() -> None:
    pytest.importorskip("pettingzoo")
    from engine.adapters.pettingzoo import env

    table = env("american", render_mode="ansi")
    table.reset(seed=3)
    assert "Your hand" in table.render()  # type: ignore[operator]
    # Without a render mode, PettingZoo's convention: a warning and nothing (an embedder's trial).
    quiet = env("american")
    quiet.reset(seed=3)
    with pytest.warns(UserWarning, match="without specifying any render mode"):
        assert quiet.render() is None
    draw = random.Random(3)
    final = {}
    for agent in table.agent_iter():
        observation, reward, terminated, _, _ = table.last()
        if terminated:
            final[agent] = reward
            table.step(None)
            continue
        table.step(draw.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    result = table.research.game.results[0]
    assert [final[f"player_{player}"] for player in range(4)] == [result.hand_points[player % 2] for player in range(4)]
