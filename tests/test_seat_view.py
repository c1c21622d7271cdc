"""What a seat may know is defined once, by :func:`engine.kernel.seat_view.seat_view`: the leak tests
re-deal the cards a player cannot see and check that its view does not change; the observation is that
view rendered as cards and reads back to it; the built-in bots decide from it on both protocols."""

from __future__ import annotations

import random

import pytest
from drawn import drawn_states
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.bots import HeuristicBot, RandomBot
from engine.game.observation import render, view_of
from engine.kernel.moves import legal_actions
from engine.kernel.phase import PASS_MOVE, Phase
from engine.kernel.seat_view import SeatView, seat_view
from engine.kernel.state import GameState
from engine.kernel.tables import cards_in, mask_of
from engine.language.resources import shipped_variant_names

VARIANTS = shipped_variant_names()
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
FAST = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DRAWN_ACTIONS = 160
"""At most this many drawn actions per game: about two hands of the largest tables."""


def hide_differently(state: GameState, player: int, rng: random.Random) -> GameState:
    """A copy of ``state`` where the cards ``player`` cannot see (the other unexposed hands, the dummies'
    face-down cards and, until the declarer takes it, the kitty but for a card turned up) are dealt out
    again among their places."""
    other = state.copy()
    seating = state.rules.seating
    # A player sees its own cards, its dummy's, and every dummy's face-up cards (they lie on the table).
    visible = {player, *other.hand.exposed, *range(seating.players, seating.seats)}
    hidden_places = [each for each in range(len(other.hand.hands)) if each not in visible]
    pool = [index for each in hidden_places for index in cards_in(other.hand.hands[each])]
    covered = sorted(other.hand.arrangement.covers)
    pool += [other.hand.arrangement.covers[each] for each in covered]
    dealt = state.rules.deal.kitty
    hidden_kitty = dealt - 1 if state.rules.deal.last_kitty_card_face_up else dealt
    if not other.hand.kitty_taken and state.phase is not Phase.GAME_OVER:
        pool += list(other.hand.kitty[:hidden_kitty])
    rng.shuffle(pool)
    for each in hidden_places:
        size = other.hand.hands[each].bit_count()
        other.hand.hands[each], pool = mask_of(pool[:size]), pool[size:]
    other.hand.arrangement.covers = dict(zip(covered, pool))
    other.hand.arrangement.face_down = mask_of(pool[: len(covered)])
    pool = pool[len(covered) :]
    if not other.hand.kitty_taken and state.phase is not Phase.GAME_OVER:
        other.hand.kitty = tuple(pool[:hidden_kitty]) + other.hand.kitty[hidden_kitty:]
    if other.hand.play is not None:
        other.hand.play.hands = other.hand.hands
    return other


def random_states(variant: str, seed: int, hands: int = 2) -> list[GameState]:
    """The states of a game of random moves, every decision of its first ``hands`` hands."""
    rules = engine.load_variant(variant)
    state = GameState.create(rules, seed=seed, dealer=seed % rules.seating.players)
    bots = [RandomBot(seed + player) for player in range(rules.seating.players)]
    states = []
    while state.to_act is not None and state.hand_number < hands:
        states.append(state.copy())
        seat, player = state.to_act, state.player_to_act
        assert player is not None
        state.apply_move(bots[player].choose(state, seat, state.legal_mask()))
    return states


@pytest.mark.parametrize("variant", VARIANTS)
@FAST
@given(data=st.data())
def test_a_seat_view_does_not_change_when_the_hidden_cards_are_dealt_again(variant: str, data: st.DataObject) -> None:
    """Issue 28, "one seat view": every player's view, at every decision, is the same whichever way the
    cards it cannot see lie (and so is every built-in bot's choice, which reads nothing else). The
    actions are drawn (``tests/drawn.py``): a leak shrinks to the short sequence that shows it."""
    rng = random.Random(0)
    checked = 0
    for state in drawn_states(data, variant, DRAWN_ACTIONS):
        for player in range(state.rules.seating.players):
            view = seat_view(state, player)
            other = hide_differently(state, player, rng)
            assert seat_view(other, player) == view
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("variant", ["standard", "australian", "six-handed", "two-handed", "five-handed-secret", "two-handed-52"])
@FAST
@given(seed=SEEDS)
def test_fast_bots_choose_alike_whichever_way_the_hidden_cards_lie(variant: str, seed: int) -> None:
    """Issue 4: bots "see only game.observation(seat), never hidden cards": the heuristic bot's choice
    (read through the one seat view) survives a re-deal of the cards its player cannot see."""
    rules = engine.load_variant(variant)
    rng = random.Random(seed)
    bots = [HeuristicBot(rules, seed=0) for _ in range(rules.seating.players)]
    for state in random_states(variant, seed, hands=1):
        seat, player = state.to_act, state.player_to_act
        assert seat is not None and player is not None
        other = hide_differently(state, player, rng)
        assert bots[player].choose(other, seat, other.legal_mask()) == bots[player].choose(state, seat, state.legal_mask())


@pytest.mark.parametrize("variant", VARIANTS)
@FAST
@given(data=st.data())
def test_an_observation_is_the_seat_view_rendered_and_reads_back_to_it(variant: str, data: st.DataObject) -> None:
    """``Game.observation`` renders the seat view as cards; :func:`view_of` reads the observation (and, for
    the player to act, its legal actions) back to the very same view."""
    checked = 0
    for state in drawn_states(data, variant, DRAWN_ACTIONS):
        tables = state.tables
        for player in range(state.rules.seating.players):
            view = seat_view(state, player)
            observation = render(view, tables, {})
            chooses = state.player_to_act == player
            actions = legal_actions(state) if chooses else ()
            assert view_of(observation, tables, actions) == view
            checked += 1
    assert checked > 0


def test_the_observation_of_a_game_is_its_states_seat_view_rendered() -> None:
    """The Python API's observation and the kernel's seat view are one definition: field by field."""
    rules = engine.load_variant("standard")
    game = engine.Game(rules, seed=4)
    for text in ("bid 6S", "pass", "pass", "pass"):
        game.apply(text)
    declarer = game._state.hand.declarer
    assert declarer is not None
    for player in range(4):
        observation = game.observation(player)
        view = seat_view(game._state, player)
        assert observation == render(view, game._state.tables, {})
        assert observation.hand == tuple(rules.deck.cards[index] for index in cards_in(view.hand))
        assert view.kitty == (game._state.hand.kitty if player == declarer else ())


def test_a_bidding_view_needs_only_what_bidding_reads() -> None:
    """A view is a plain record: a test (or a bot author) may build the view of a bid by hand."""
    view = SeatView(2, Phase.AUCTION, acting_seat=2, bidding=((0, PASS_MOVE), (1, 0)), scores=(0, 0))
    assert view.actor == 2 and view.hand_of(2) == 0 and view.seen() == 0


def test_000_joker_in_no_trump_what_a_card_played_to_a_suit_shows() -> None:
    """Rules text 000, "Joker in no trump" and "Play" (follow suit if able), read once for every bot and
    the research adapters (engine.kernel.seat_view.shown_voids): a card of another suit to the suit led
    shows a void; the joker shows one only where it may be played only when void; a joker led names the
    suit to follow; to a trump led (the left bower is a trump), a plain card shows no trumps."""
    from engine.kernel.seat_view import shown_voids
    from engine.kernel.tables import tables_for

    def card(rules: engine.Rules, text: str) -> int:
        return next(each.index for each in rules.deck.cards if str(each) == text)

    standard, restricted = engine.load_variant("standard"), engine.load_variant("joker-restrictions")
    for rules, shows in ((standard, True), (restricted, False)):
        no_trump = tables_for(rules).strains["NT"]
        trick = [(0, card(rules, "AH")), (1, card(rules, "JK")), (2, card(rules, "5S")), (3, card(rules, "5H"))]
        found = shown_voids(no_trump, [(0, trick, 1, None)])
        assert found.get(2) == {"H"} and 3 not in found and 0 not in found
        assert (found.get(1) == {"H"}) is shows and (1 in found) is shows
    no_trump = tables_for(standard).strains["NT"]
    led_joker = [(0, card(standard, "JK")), (1, card(standard, "4H"))]
    assert shown_voids(no_trump, [], led_joker, "S") == {1: {"S"}}  # the trick in progress, its suit named
    assert shown_voids(no_trump, [], led_joker) == {}  # nothing named: nothing to follow
    hearts = tables_for(standard).strains["H"]
    trumps = [(0, card(standard, "JD")), (1, card(standard, "5H")), (2, card(standard, "5S"))]
    assert shown_voids(hearts, [(0, trumps, 0, None)]) == {2: {"H"}}
