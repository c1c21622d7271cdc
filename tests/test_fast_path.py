"""The kernel's fast path (issue 4, "Speed"): :class:`engine.kernel.state.GameState` moves by number, the legal
move masks, :meth:`GameState.run` and the bots' ``choose``. The fast path must be the same kernel as
:class:`engine.Game`: the same deals, the same legal moves, the same results, and bots that make the
same choices from the same (and only their seat's) information."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from drawn import drawn_actions
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.bots import HeuristicBot, RandomBot
from engine.kernel.deal import shuffled_deck
from engine.kernel.phase import Phase
from engine.kernel.state import PASS_MOVE, SUIT_SHIFT, GameState
from engine.kernel.table_cards import DISCARD_SHIFT
from engine.kernel.tables import cards_in, count_of, mask_of, tables_for
from engine.language.resources import shipped_variant_names

PLAYABLE = [name for name in shipped_variant_names() if not engine.unsupported_rules(engine.load_variant(name))]
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
FAST = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def move_of(game: engine.Game, action: engine.Action) -> int:
    """The fast path's move for an action of ``game``."""
    tables = tables_for(game.rules)
    if isinstance(action, engine.Pass):
        return PASS_MOVE
    if isinstance(action, engine.Bid):
        modifier = [each.id for each in tables.modifiers].index(action.modifier) + 1 if action.modifier else 0
        return game.rules.ladder[action.contract].rank + modifier * tables.stride
    if isinstance(action, engine.Discard):
        return mask_of(card.index for card in action.cards)
    if isinstance(action, engine.Call):
        return [each.id for each in game.rules.announcements].index(action.announcement)
    if isinstance(action, engine.Give):
        return action.card.index
    if isinstance(action, engine.Look):
        return tables.look_move
    if isinstance(action, engine.CallPartner):
        return PASS_MOVE if action.card is None else action.card.index
    if isinstance(action, engine.Draw):
        return 0 if action.keep else PASS_MOVE
    if isinstance(action, engine.Pick):
        return action.card.index | ((action.discard.index + 1) << DISCARD_SHIFT if action.discard is not None else 0)
    assert isinstance(action, engine.Play)
    named = tables.suits.index(action.suit) + 1 if action.suit else 0
    return action.card.index | named << SUIT_SHIFT


def moves_in(state: GameState) -> set[int]:
    """Every legal move the state's mask stands for (discards: the mask of the cards that may go)."""
    legal = state.legal_mask()
    if state.phase in (Phase.AUCTION, Phase.CALLS, Phase.PARTNER, Phase.DRAW):
        return {bit - 1 for bit in cards_in(legal)}
    if state.phase is Phase.KITTY:
        return {legal}
    if state.phase is Phase.GIVE:
        return set(cards_in(legal))
    if state.phase is Phase.PICK:
        if not state.hand.table_cards.taking:
            return set(cards_in(legal))
        hand = state.hand.hands[state.hand.table_cards.pickers[0]]
        return {card | (discard + 1) << DISCARD_SHIFT for card in cards_in(legal) for discard in cards_in(hand | 1 << card)}
    play = state.hand.play
    assert play is not None
    suits = state.tables.suits
    named = [(suits.index(suit) + 1) << SUIT_SHIFT for suit in play.nameable()]
    return {index | suit for index in cards_in(legal) for suit in (named if play.names_suit(index) else (0,))}


@pytest.mark.parametrize("variant", PLAYABLE)
@FAST
@given(seed=SEEDS, data=st.data())
def test_fast_state_matches_the_game_move_for_move(variant: str, seed: int, data: st.DataObject) -> None:
    """The same seed deals the same cards; the legal move masks are exactly the game's legal actions; the
    same moves give the same hands, turns, scores and results. The actions are drawn one by one
    (``tests/drawn.py``), so a failure shrinks to a short sequence of them."""
    rules = engine.load_variant(variant)
    dealer = seed % rules.seating.players
    game = engine.Game(rules, seed=seed, dealer=dealer)
    state = GameState.create(rules, seed=seed, dealer=dealer)
    for action in drawn_actions(data, game, 400):
        assert state.hand.deal == game.records[-1].deal
        assert (state.phase, state.to_act, state.scores, state.hand_number) == (game.phase, game.acting_seat, game.scores, game.hand_number)
        assert state.player_to_act == game.to_act
        legal = game.legal_actions()
        if state.phase is Phase.KITTY:
            assert moves_in(state) == {mask_of(card.index for card in game.hand_of(game.to_act or 0))}
            assert state.hand.discard_count == len(legal[0].cards)  # type: ignore[union-attr]
        else:
            assert moves_in(state) == {move_of(game, each) for each in legal}
        state.apply_move(move_of(game, action))
        game.apply(action)
        assert state.hand.hands == [mask_of(card.index for card in game.hand_of(seat)) for seat in range(rules.seating.seats)]
        if game.results:
            assert state.result == game.results[-1]


@pytest.mark.parametrize("variant", PLAYABLE)
@FAST
@given(seed=SEEDS)
def test_heuristic_choose_agrees_with_act(variant: str, seed: int) -> None:
    """The heuristic bot decides once, on masks: the fast path (``choose``, reading the state) and the
    protocol (``act``, reading the observation) pick the same action at every step."""
    rules = engine.load_variant(variant)
    game = engine.Game(rules, seed=seed, dealer=seed % rules.seating.players)
    bot = HeuristicBot(rules, seed=0)
    while not game.is_over and game.hand_number < 4:
        player, seat = game.to_act, game.acting_seat
        assert player is not None and seat is not None
        action = bot.act(game.observation(player), game.legal_choices())
        state = game._state
        assert bot.choose(state, seat, state.legal_mask()) == move_of(game, action)
        game.apply(action)


def test_random_bot_choose_is_uniform_over_the_legal_moves() -> None:
    """Issue 4, "random: uniform over legal actions": the fast path draws every legal move about equally
    often, discards included."""
    rules = engine.load_variant("standard")
    state = GameState.create(rules, seed=5)
    bot = RandomBot(1)
    legal = state.legal_mask()
    counts = Counter(bot.choose(state, state.to_act or 0, legal) for _ in range(28000))
    assert set(counts) == {bit - 1 for bit in cards_in(legal)}
    expected = 28000 / len(counts)
    assert all(abs(count - expected) < 0.2 * expected for count in counts.values())
    state.apply_move(0)  # bid the lowest contract; the others pass
    for _ in range(3):
        state.apply_move(PASS_MOVE)
    assert state.phase is Phase.KITTY
    hand = state.legal_mask()
    picks = Counter(index for _ in range(13000) for index in cards_in(bot.choose(state, state.hand.declarer or 0, hand)))
    assert set(picks) == set(cards_in(hand))
    assert all(abs(count - 3000) < 400 for count in picks.values())


def test_run_pauses_between_hands_when_asked() -> None:
    """``GameState.run`` plays until no seat is to act; with ``pause_between_hands`` that is after each
    hand, and ``next_hand`` deals the next one."""
    rules = engine.load_variant("standard")
    state = GameState.create(rules, seed=3)
    state.pause_between_hands = True
    bots = [HeuristicBot(rules, seed=seat).choose for seat in range(4)]  # a first hand does not end their game
    moves = state.run(bots)
    assert state.paused and state.to_act is None and state.result is not None and moves >= 4
    first = state.result
    state.next_hand()
    assert not state.paused and state.hand_number == 1 and state.to_act is not None
    state.pause_between_hands = False
    state.run(bots)
    assert state.phase is Phase.GAME_OVER and state.result is not first and state.result.game_over


def test_shuffled_deck_is_a_permutation_fixed_by_the_seed() -> None:
    """Chance is explicit: the same seed shuffles the same way; every card is in the deck once."""
    tables = tables_for(engine.load_variant("standard"))
    first = shuffled_deck(tables, random.Random("seed"))
    assert sorted(first) == list(range(len(tables.cards)))
    assert shuffled_deck(tables, random.Random("seed")) == first
    assert shuffled_deck(tables, random.Random("other")) != first


def test_every_shipped_variant_is_played_by_the_kernel() -> None:
    """Issue 11: no shipped variant is refused any more; the fast path creates a state for each."""
    for name in shipped_variant_names():
        rules = engine.load_variant(name)
        assert engine.unsupported_rules(rules) == []
        assert GameState.create(rules, seed=1).to_act is not None
    with pytest.raises(ValueError, match="dealer must be a seat"):
        GameState.create(engine.load_variant("standard"), dealer=7)


@pytest.mark.parametrize("variant", PLAYABLE)
@FAST
@given(seed=SEEDS)
def test_built_in_bots_move_legally_so_the_simulator_may_trust_them(variant: str, seed: int) -> None:
    """The simulator runs its bots with ``trusted=True``; checked here: every move of the random and the
    heuristic bot passes the full check, in every playable variant, whole games long."""
    rules = engine.load_variant(variant)
    for bots in ([RandomBot(seed), RandomBot(seed + 1)], [HeuristicBot(rules, seed=seed)]):
        state = GameState.create(rules, seed=seed, dealer=seed % rules.seating.players)
        choosers = [bots[seat % len(bots)].choose for seat in range(rules.seating.players)]
        while state.to_act is not None and state.hand_number < 8:
            seat, player = state.to_act, state.player_to_act
            assert player is not None
            state.apply_move(choosers[player](state, seat, state.legal_mask()))  # checks each move


def test_illegal_moves_are_refused_with_the_state_unchanged() -> None:
    """Bad input through the fast path gets a clear error and changes nothing."""
    rules = engine.load_variant("standard")
    state = GameState.create(rules, seed=8)
    before = (state.phase, state.to_act, list(state.hand.hands), state.hand.auction.bidding)
    for move, message in [
        (-2, "cannot make auction move -2"),
        (500, "cannot make auction move 500"),
        ("7H", "whole number"),
        (True, "whole number"),
    ]:
        with pytest.raises(engine.IllegalActionError, match=message):
            state.apply_move(move)  # any object: apply_move checks it
    assert (state.phase, state.to_act, list(state.hand.hands), state.hand.auction.bidding) == before
    state.apply_move(rules.ladder["7H"].rank)
    for _ in range(3):
        state.apply_move(PASS_MOVE)
    hand = state.legal_mask()
    with pytest.raises(engine.IllegalActionError, match="must discard exactly 3 cards, not 13"):
        state.apply_move(hand)
    state.apply_move(mask_of(cards_in(hand)[:3]))
    seat = state.to_act or 0
    foreign = next(index for index in range(len(state.tables.cards)) if not state.hand.hands[seat] >> index & 1)
    card = state.tables.cards[foreign]
    with pytest.raises(engine.IllegalActionError, match=f"seat {seat} does not hold {card}"):
        state.apply_move(foreign)

    def cheat(state: GameState, seat: int, legal: int) -> int:
        return foreign

    played = state.hand.play.number if state.hand.play else -1
    with pytest.raises(engine.IllegalActionError, match=f"does not hold {card}"):
        state.run([cheat] * 4)
    assert state.hand.play is not None and state.hand.play.number == played and not state.hand.play.trick


@pytest.mark.parametrize("variant", PLAYABLE)
def test_run_plays_whole_games_as_move_by_move_play_does(variant: str) -> None:
    """The simulator's loop (``run``, with its shortcuts) and ``apply_move`` one move at a time reach the
    same end, in every playable variant (hands that stop early included, such as the 1904 rule's)."""
    rules = engine.load_variant(variant)
    for seed in range(3):
        ran = GameState.create(rules, seed=seed)
        ran.run([HeuristicBot(rules, seed=seed).choose for _ in range(rules.seating.players)])
        stepped = GameState.create(rules, seed=seed)
        bots = [HeuristicBot(rules, seed=seed) for _ in range(rules.seating.players)]
        while stepped.to_act is not None:
            seat, player = stepped.to_act, stepped.player_to_act
            assert player is not None
            stepped.apply_move(bots[player].choose(stepped, seat, stepped.legal_mask()))
        assert ran.phase is stepped.phase is Phase.GAME_OVER
        assert (ran.scores, ran.winner, ran.hand_number, ran.result) == (
            stepped.scores,
            stepped.winner,
            stepped.hand_number,
            stepped.result,
        )


@given(st.integers(min_value=-(2**130), max_value=2**130))
def test_count_of_counts_a_masks_cards_as_bit_count_does(mask: int) -> None:
    """``engine.kernel.tables.count_of`` (the compiled build's popcount: ``int.bit_count`` is a method call
    there) gives ``bit_count``'s answer for any number, wider than a word or negative."""
    assert count_of(mask) == mask.bit_count()
