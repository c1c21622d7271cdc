"""One observer (issue 46, item 2): what a seat is told of each event is the kernel's one answer,
:func:`engine.kernel.seat_view.event_for`, next to the seat view, and it tells nobody a card the seat
view hides. The protocol's JSON events, the research adapters' and the ``play`` screen's narration read
it, so they agree, a dummy's player included.

Rules texts: a player sees only its own cards and its dummy's (../shared/rules, 003, "Two-handed" and
"Dummy hands"), the declarer alone sees the kitty it takes and what it discards (000, "The kitty"), and a
card given passes between giver and taker (the declare variant's partner exchange).
"""

from __future__ import annotations

import dataclasses

import pytest
from drawn import SEEDS, draw_from, drawn_steps
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.cli.narration import narrate
from engine.cli.table_view import Names
from engine.game.telling import event_data
from engine.kernel.events import CardGiven, Dealt, Discarded, Drew, Event, KittyTaken, Picked
from engine.kernel.moves import legal_actions, move_of
from engine.kernel.seat_view import SeatView, Told, event_for, seat_view
from engine.kernel.state import GameState
from engine.kernel.tables import mask_of
from engine.language.resources import shipped_variant_names
from engine.rules.cards import Card

VARIANTS = shipped_variant_names()
FAST = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def known(view: SeatView) -> int:
    """Every card the view shows its player, wherever it lies."""
    cards = view.seen() | mask_of(view.kitty) | mask_of(view.face_up) | view.table | view.covering
    cards |= mask_of(card for _, card in view.trick)
    cards |= mask_of(card for _, played, _, _ in view.tricks for _, card in played)
    if view.drawing >= 0:
        cards |= 1 << view.drawing
    if view.called_card is not None:
        cards |= 1 << view.called_card
    return cards


def cards_in_value(value: object) -> list[Card]:
    """The cards a field's value names (in tuples, nested)."""
    if isinstance(value, Card):
        return [value]
    if isinstance(value, tuple):
        return [card for each in value for card in cards_in_value(each)]
    return []


def told_cards(told: Told) -> list[Card]:
    """The cards the told event names to its player."""
    event = told.event
    assert dataclasses.is_dataclass(event)
    return [card for field in dataclasses.fields(event) if told.shows(field.name) for card in cards_in_value(getattr(event, field.name))]


@pytest.mark.parametrize("variant", VARIANTS)
@FAST
@given(seed=SEEDS, data=st.data())
def test_no_seat_is_told_of_an_event_a_card_its_seat_view_hides(variant: str, seed: int, data: st.DataObject) -> None:
    """Every event, told to every player (dummies' players, called partners and drawn hands included),
    names only cards that player's view shows it just before or just after the move that caused it."""
    rules = engine.load_variant(variant)
    players = rules.seating.players
    state = GameState.create(rules, seed=seed, dealer=seed % players)
    state.pause_between_hands = True
    controller = state.tables.controller

    def check(events: tuple[Event, ...], before: list[int], after: list[int]) -> None:
        for event in events:
            for player in range(players):
                for card in told_cards(event_for(event, player, controller)):
                    assert (before[player] | after[player]) >> card.index & 1, f"{event} tells player {player} {card}"

    start = [known(seat_view(state, player)) for player in range(players)]
    check(state.events, start, start)  # the first deal
    for step in range(drawn_steps(data, 200)):
        if state.phase is engine.Phase.GAME_OVER:
            break
        before = [known(seat_view(state, player)) for player in range(players)]
        count = len(state.events)
        if state.paused:
            state.next_hand()
        else:
            state.apply_move(move_of(state, draw_from(data, legal_actions(state), step)))
        check(state.events[count:], before, [known(seat_view(state, player)) for player in range(players)])


def _withheld(event: Event, player: int, controller: tuple[int, ...]) -> tuple[str, ...]:
    return event_for(event, player, controller).hidden


def test_a_dummys_player_is_told_what_its_dummy_discards_and_everyone_is_told_it_the_same_way() -> None:
    """Two-handed with dummies (rules text 003, "Two-handed"): the player of a dummy sees the dummy's
    cards, so the JSON events and the narration both name a card its dummy gives or discards to it, and
    neither names it to the other player; they read the same answer."""
    rules = engine.load_variant("two-handed")
    controller = tuple(rules.seating.controller(seat) for seat in range(rules.seating.seats))
    dummy = rules.seating.players  # the first dummy's seat
    owner = controller[dummy]
    other = next(player for player in range(rules.seating.players) if player != owner)
    cards = rules.deck.cards[:3]
    discarded = Discarded(dummy, tuple(cards))
    assert _withheld(discarded, owner, controller) == ()
    assert _withheld(discarded, other, controller) == ("cards",)
    assert event_data(discarded, rules, owner)["cards"] == [str(card) for card in cards]
    assert event_data(discarded, rules, other)["cards"] == 3
    assert narrate(discarded, Names(rules, owner)) is not None and str(cards[0]) in (narrate(discarded, Names(rules, owner)) or "")
    assert str(cards[0]) not in (narrate(discarded, Names(rules, other)) or "")


def test_what_is_withheld_from_whom() -> None:
    """The deal is withheld from everyone; a kitty and a discard from all but their owner; a card given
    from all but giver and taker; a card drawn (and whether it was kept) from all but the drawer; a table
    card's discard from all but its taker; a spectator (``None``) is told what everyone is."""
    rules = engine.load_variant("standard")
    controller = tuple(range(4))
    ace, king = rules.deck.cards[-1], rules.deck.cards[-2]
    assert _withheld(Dealt(0, 0, ((ace,),) * 4, (king,), ()), 0, controller) == ("hands", "kitty", "dead_hand")
    for event in (KittyTaken(1, (ace,)), Discarded(1, (ace,))):
        assert _withheld(event, 1, controller) == () and _withheld(event, 0, controller) == ("cards",)
        assert event_for(event, None, controller).hidden == ("cards",)
    given_card = CardGiven(1, 3, ace)
    assert [_withheld(given_card, player, controller) for player in range(4)] == [("card",), (), ("card",), ()]
    drew = Drew(0, ace, True)
    assert _withheld(drew, 0, controller) == () and _withheld(drew, 1, controller) == ("card", "kept")
    assert event_data(drew, rules, 1)["card"] is None and event_data(drew, rules, 1)["kept"] is None
    picked = Picked(0, ace, king)
    assert _withheld(picked, 1, controller) == ("discarded",) and _withheld(Picked(0, ace, None), 1, controller) == ()
