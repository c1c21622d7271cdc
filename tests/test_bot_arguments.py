"""Every public entry of ``engine.bots`` checks its arguments (issue 50, item 3): a wrong type raises
``TypeError`` and a value that cannot be right here (another variant's state or observation, a seat not at
the table, no legal move) ``ValueError``, each with a sentence, never ``AttributeError`` or ``IndexError``
from inside a decision; the same classes on both builds (the compiled build checks types itself)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.bots import BOT_NAMES, HeuristicBot, make_bot
from engine.bots.hints import hint
from engine.game.telling import observation_data

STANDARD = engine.load_variant("standard")
FIVE = engine.load_variant("five-handed")
GAME = engine.Game(STANDARD, seed=3)
OTHER = engine.Game(FIVE, seed=3)
BOTS = {name: make_bot(name, STANDARD, 1) for name in BOT_NAMES}

junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True),
    st.text(max_size=8),
    st.binary(max_size=8),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


def _refused(call: Any, *arguments: Any) -> BaseException:
    with pytest.raises((TypeError, ValueError)) as caught:
        call(*arguments)
    assert str(caught.value), "the error says nothing"
    return caught.value


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(BOT_NAMES), junk, junk)
def test_act_refuses_anything_but_an_observation_and_its_legal_actions(name: str, observation: object, legal: object) -> None:
    """``act(None, legal)`` raised AttributeError; junk in either place is a TypeError or ValueError."""
    bot = BOTS[name]
    _refused(bot.act, observation, GAME.legal_actions())
    _refused(bot.act, GAME.observation(GAME.to_act or 0), legal)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(BOT_NAMES), junk, junk, junk)
def test_choose_refuses_anything_but_a_state_a_seat_and_a_mask(name: str, state: object, seat: object, legal: object) -> None:
    """``choose(state, seat=9, ...)`` raised IndexError; junk anywhere is a TypeError or ValueError."""
    bot = BOTS[name]
    real = GAME.state
    seat_now = real.to_act if real.to_act is not None else 0
    mask = real.legal_mask()
    _refused(bot.choose, state, seat_now, mask)
    # (A bool counts as a whole number, as the compiled build reads it: True is seat or mask 1.)
    if not (isinstance(seat, int) and 0 <= seat < STANDARD.seating.seats):
        _refused(bot.choose, real, seat, mask)
    if not (isinstance(legal, int) and legal > 0):
        _refused(bot.choose, real, seat_now, legal)


@pytest.mark.parametrize("name", BOT_NAMES)
def test_values_from_another_game_or_no_choice_are_refused_with_a_sentence(name: str) -> None:
    """An observation or state of another variant (adapter.py raised IndexError), seat 9, an empty mask and
    an empty list of legal actions (moves.py raised IndexError) are each a ValueError saying what is wrong."""
    bot = BOTS[name]
    real = GAME.state
    seat_now = real.to_act if real.to_act is not None else 0
    mask = real.legal_mask()
    assert "not at this table" in str(_refused(bot.choose, real, 9, mask))
    assert "no legal move" in str(_refused(bot.choose, real, seat_now, 0))
    assert "no legal actions" in str(_refused(bot.act, GAME.observation(seat_now), []))
    other_seat = OTHER.to_act if OTHER.to_act is not None else 0
    if name != "random":  # the random bot plays any variant: it only needs the moves
        assert "another game" in str(_refused(bot.act, OTHER.observation(other_seat), OTHER.legal_actions()))
        assert "game of" in str(_refused(bot.choose, OTHER.state, other_seat, OTHER.state.legal_mask()))
    # The right arguments still give a legal move.
    assert real.why_illegal(bot.choose(real, seat_now, mask)) is None


@pytest.mark.parametrize("variant", ["australian", "slam-call", "declare", "blind-misere"])
@pytest.mark.parametrize("name", [name for name in BOT_NAMES if name != "random"])
def test_a_bot_refuses_the_observation_of_a_variant_with_its_own_seats_and_deck(name: str, variant: str) -> None:
    """An embedder's trial: a bot of standard handed a game of australian (the same seats and deck) played
    it by standard's values, and one of slam-call, declare or blind-misère crashed on a call or contract
    standard has not (``ValueError: 'slam_call' is not in list``). The observation carries its rules'
    hash, so the bot refuses it before deciding anything."""
    other = engine.load_variant(variant)
    bots = [make_bot(name, STANDARD, seat) for seat in range(4)]
    with pytest.raises(ValueError, match=r"another game than this bot's \(Standard 500\)"):
        engine.play_game(other, bots, seed=1)
    game = engine.Game(other, seed=1)
    assert game.observation(0)._variant == other.document_hash != STANDARD.document_hash
    assert "_variant" not in observation_data(game.observation(0))


@settings(max_examples=30, deadline=None)
@given(junk, junk)
def test_make_bot_and_hint_refuse_other_kinds(name: object, rules: object) -> None:
    """``make_bot`` takes a bot's name, a compiled variant and a seed; ``hint`` a heuristic bot."""
    if name not in BOT_NAMES:
        _refused(make_bot, name, STANDARD)
    _refused(make_bot, "heuristic", rules)
    _refused(HeuristicBot, rules)
    _refused(make_bot, "random", STANDARD, 1.5)
    seat_now = GAME.to_act or 0
    _refused(hint, rules, GAME.observation(seat_now), GAME.legal_actions())


def _in_play(seed: int) -> engine.Game:
    game = engine.Game(STANDARD, seed=seed)
    bot = make_bot("heuristic", STANDARD, seed)
    while game.state.phase is not engine.Phase.PLAY:
        game.apply(bot.act(game.observation(game.rules.seating.controller(game.to_act or 0)), game.legal_actions()))
    return game


@pytest.mark.parametrize("name", [name for name in BOT_NAMES if name != "random"])
def test_a_mask_holding_moves_the_seat_cannot_make_is_refused(name: str) -> None:
    """The fuzz suite's "bot entries" found ``choose(state, seat, 2**43 + 1)`` in play (a card past a
    43-card deck) raising IndexError from the card play; a mask with moves outside the seat's is a
    ValueError, in play (bounded by the seat's hand) and in the auction (by its legal moves). The random bot
    only picks a bit of the mask (a stray one is a move the kernel refuses), so it is not bounded."""
    bot = BOTS[name]
    for game in (GAME, _in_play(4)):
        state = game.state
        seat = state.to_act
        assert seat is not None
        mask = state.legal_mask()
        strays = [1 << 200, 1 << mask.bit_length()]
        if state.phase is engine.Phase.PLAY:
            not_held = ~state.hand.hands[seat] & ((1 << len(STANDARD.deck.cards)) - 1)
            strays += [1 << len(STANDARD.deck.cards), not_held & -not_held]
        for stray in strays:
            assert "cannot make now" in str(_refused(bot.choose, state, seat, mask | stray))
        assert state.why_illegal(bot.choose(state, seat, mask)) is None
