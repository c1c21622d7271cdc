"""The bidding reads the cards of its side on show: in two-handed 500 (rules text 000, "Two-handed 500")
each player's dummy shows five of its ten cards to everyone during the auction, and the estimate read them
as an unseen partner's. A player's trial (seed 3): JK J♠ 10♠ 9♠ 5♣ Q♦ J♦ 6♦ 8♥ 7♥ with the dummy showing
A♥ 10♥ 9♥ 5♥ 5♦ was told to pass, spades its best strain at 5.5 tricks; hearts (seven trumps between the
hand and the dummy's face-up cards) bid at 6H took 9."""

from __future__ import annotations

import pytest

import engine
from engine.bots import HeuristicBot
from engine.bots.hints import hint
from engine.bots.registry import make_bot
from engine.bots.worth import holding_tricks
from engine.kernel.phase import Phase
from engine.kernel.seat_view import seat_view
from engine.kernel.state import GameState


def test_the_trials_hint_bids_hearts_with_the_dummys_face_up_hearts() -> None:
    rules = engine.load_variant("two-handed")
    game = engine.Game(rules, seed=3)
    other = make_bot("heuristic", rules, "3:1")
    while game.to_act != 0:
        game.apply(other.act(game.observation(game.to_act), game.legal_choices()))
    observation = game.observation(0)
    assert sorted(map(str, observation.hand)) == sorted("JK JS 10S 9S 5C QD JD 6D 8H 7H".split())
    action, why = hint(HeuristicBot(rules, seed=3), observation, game.legal_choices())
    assert isinstance(action, engine.Bid) and rules.ladder[action.contract].style.strain == "H", why
    assert "tricks in hearts" in why, why


@pytest.mark.parametrize("seed", range(8))
def test_a_dummys_face_up_cards_are_read_with_the_hand_and_its_face_down_ones_as_part_of_a_partner(seed: int) -> None:
    """The hand and the own dummy's face-up cards read as one holding; the face-down half of the dummy adds
    half of what an unseen partner adds; the opponents' dummy's cards add nothing."""
    rules = engine.load_variant("two-handed")
    bot = HeuristicBot(rules)
    profile = bot.profile
    state = GameState.create(rules, seed=seed, history=False)
    assert state.phase is Phase.AUCTION
    for seat in range(rules.seating.players):
        view = seat_view(state, seat)
        dummy = next(each for each in bot.partners[seat])
        face_up = dict(view.exposed)[dummy]
        assert bot.partners_on_show(view, seat) == (face_up, (0.5,))
        for strain, table in bot.tables.strains.items():
            expected = holding_tricks(table, view.hand | face_up) + profile.kitty_tricks + profile.partner_tricks / 2 + profile.aggression
            assert bot.estimate(view.hand, strain, (), seat, view) == pytest.approx(expected)
            assert bot.formula_estimates(view._replace(acting_seat=seat), view.hand, {strain})[strain] == pytest.approx(expected)


def test_without_cards_on_show_the_reading_is_unchanged() -> None:
    rules = engine.load_variant("standard")
    bot = HeuristicBot(rules)
    state = GameState.create(rules, seed=1, history=False)
    view = seat_view(state, 0)
    assert bot.partners_on_show(view, 0) == (0, ())
    for strain in bot.tables.strains:
        assert bot.estimate(view.hand, strain, (), 0, view) == bot.estimate(view.hand, strain, (), 0)
