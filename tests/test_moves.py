"""One move vocabulary (issue 28): the kernel converts actions to moves and back in one place
(:mod:`engine.kernel.moves`), answers for every move's legality in one place
(:meth:`GameState.why_illegal`), and reports every event itself, so that a bare state keeps the same
history as the :class:`engine.Game` around it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.kernel.moves import action_of, claim_of, legal_actions, move_of
from engine.kernel.phase import Phase
from engine.kernel.state import GameState
from engine.kernel.support import unsupported_rules
from engine.kernel.tables import cards_in
from engine.language.resources import shipped_variant_names

PLAYABLE = [name for name in shipped_variant_names() if not unsupported_rules(engine.load_variant(name))]


def legal_moves(state: GameState) -> list[int]:
    """Every legal move of the seat to act, listed from the legal mask (a kitty's discards sampled)."""
    mask = state.legal_mask()
    if state.phase is Phase.KITTY:
        cards = cards_in(mask)
        return [
            sum(1 << card for card in cards[start : start + state.hand.discard_count])
            for start in range(len(cards) - state.hand.discard_count + 1)
        ]
    if state.phase is Phase.PLAY:
        play = state.hand.play
        assert play is not None
        suits = state.tables.suits
        return [
            index | (suits.index(suit) + 1) << 8 if suit else index
            for index in cards_in(mask)
            for suit in (play.nameable() if play.names_suit(index) else [None])
        ]
    if state.phase is Phase.PICK:
        moves = []
        for card in cards_in(mask):
            if state.hand.table_cards.taking:
                moves.extend(
                    card | (discard + 1) << 8 for discard in cards_in(state.hand.hands[state.hand.table_cards.pickers[0]] | 1 << card)
                )
            else:
                moves.append(card)
        return moves
    if state.phase is Phase.GIVE:
        return cards_in(mask)
    return [bit - 1 for bit in cards_in(mask)]  # the auction, a window, a partner call, a draw: bit 0 is -1


@pytest.mark.parametrize("variant", PLAYABLE)
def test_every_legal_move_is_one_legal_action_and_back(variant: str) -> None:
    """Over two random games of every playable shipped variant: each legal move's action is among the
    legal actions, converts back to the same move, and the kernel finds it legal."""
    rules = engine.load_variant(variant)
    chooser = random.Random(variant)
    for seed in range(2):
        state = GameState.create(rules, seed=seed, history=False)
        steps = 0
        while state.to_act is not None and steps < 400:
            moves = legal_moves(state)
            assert moves, f"no legal move in phase {state.phase}"
            actions = legal_actions(state)
            for move in moves:
                action = action_of(state, move)
                assert move_of(state, action) == move
                assert state.why_illegal(move) is None
                assert action in actions
            state.apply_move(chooser.choice(moves))
            steps += 1


@pytest.mark.parametrize("variant", PLAYABLE)
def test_a_bare_state_keeps_the_same_history_as_the_game_around_it(variant: str) -> None:
    """The kernel reports every event (the deals, each bid, pass, discard, card and trick, the scores):
    a bare state made with ``history=True`` and a :class:`engine.Game` fed the same moves record the
    same events, in the same order."""
    rules = engine.load_variant(variant)
    game = engine.Game(rules, seed=5)
    state = GameState.create(rules, seed=5)
    chooser = random.Random(5)
    for _ in range(300):
        if game.is_over:
            break
        actions = game.legal_actions()
        action = actions[chooser.randrange(len(actions))]
        move = move_of(state, action)
        game.apply(action)
        state.apply_move(move)
        assert state.events == game.events
    assert len(state.events) > 10
    assert {type(event).__name__ for event in state.events} >= {"Dealt", "CardPlayed", "TrickWon"}


def test_a_state_without_history_records_nothing() -> None:
    state = GameState.create(engine.load_variant("standard"), seed=1, history=False)
    state.apply_move(-1)
    assert state.events == ()


def test_the_game_raises_the_kernels_sentence_for_every_illegal_move() -> None:
    """``Game`` has no legality of its own: the error of an illegal action is the kernel's reason for
    its move, word for word (rules text 000, "Play": follow suit)."""
    rules = engine.load_variant("standard")
    game = engine.Game(rules, seed=3)
    for text in ("bid 7H", "pass", "pass", "pass"):
        game.apply(text)
    game.apply(engine.Discard(game.legal_choices()[0].cards))  # type: ignore[attr-defined]
    state = game.state
    hand = state.hand.hands[state.to_act or 0]
    for index in range(len(rules.deck.cards)):
        reason = state.why_illegal(index)
        action = engine.Play(rules.deck.cards[index])
        if reason is None:
            assert game.can_apply(action)
            continue
        with pytest.raises(engine.IllegalActionError) as raised:
            game.apply(action)
        assert str(raised.value) == reason
        assert ("does not hold" in reason) == (not hand >> index & 1)


def test_an_action_of_another_phase_is_refused_in_a_sentence() -> None:
    rules = engine.load_variant("standard")
    state = GameState.create(rules, seed=3)
    with pytest.raises(engine.IllegalActionError, match="must pass or bid during the auction, not play JK"):
        move_of(state, engine.parse_action(rules, "play JK"))
    with pytest.raises(engine.IllegalActionError, match="only during the play"):
        move_of(state, engine.parse_action(rules, "claim JK"))


def test_a_claim_is_checked_by_the_kernel_and_reported_as_it_is_made() -> None:
    """Rules text 000, "Other scoring variations": the declarer, leading, lays its cards down."""
    rules = engine.load_variant("standard")
    state = GameState.create(rules, seed=3)
    for move in (rules.ladder["7H"].rank, -1, -1, -1):
        state.apply_move(move)
    state.apply_move(sum(1 << index for index in cards_in(state.legal_mask())[:3]))
    leader = state.to_act
    assert leader is not None
    if leader != state.hand.declarer:
        held = cards_in(state.hand.hands[leader])[0]
        assert "Only the declarer" in (state.why_claim_illegal([held]) or "")
        return
    held = cards_in(state.hand.hands[leader])
    stranger = next(index for index in range(len(rules.deck.cards)) if not state.hand.hands[leader] >> index & 1)
    assert "does not hold" in (state.why_claim_illegal([held[0], stranger]) or "")
    before = len(state.events)
    state.claim(claim_of(engine.parse_action(rules, f"claim {rules.deck.cards[held[-1]]}")))  # type: ignore[arg-type]
    assert [type(event).__name__ for event in state.events[before : before + 2]] == ["Claimed", "CardPlayed"]


@settings(max_examples=60, deadline=None)
@given(
    st.one_of(st.integers(), st.integers(min_value=-(2**80), max_value=2**80), st.text(max_size=5), st.floats(), st.none(), st.booleans())
)
def test_any_object_as_a_move_gets_a_reason_and_changes_nothing(move: object) -> None:
    """Whatever an embedder passes as a move, the answer is a sentence (never a Python error) and an
    illegal move leaves the state as it was, in every phase a random game reaches."""
    rules = engine.load_variant("standard")
    state = GameState.create(rules, seed=11, history=False)
    chooser = random.Random(11)
    for _ in range(40):
        before = (state.phase, state.to_act, list(state.hand.hands), state.hand.auction.bidding)
        reason = state.why_illegal(move)
        if reason is not None:
            assert isinstance(reason, str) and len(reason) < 600
            with pytest.raises(engine.IllegalActionError):
                state.apply_move(move)
            assert (state.phase, state.to_act, list(state.hand.hands), state.hand.auction.bidding) == before
        if state.to_act is None:
            break
        state.apply_move(chooser.choice(legal_moves(state)))
