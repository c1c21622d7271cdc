"""Two- and five-handed seatings (issue 11): each a scripted hand that shows the arrangement at the table
and what every seat may see at each moment.

Rules text 000, "Two-handed 500": each player also plays a dummy of 5 face-down cards each covered by a
face-up card; the kitty goes to the player's own hand; a face-down card is turned up after the trick in
which the card over it was played; the winner of a trick, player or dummy, leads. Rules text 000,
"Five-handed 500", and rules text 003, "The Deal" (5 players): the declarer names a card to call a
partner or goes alone; the holder says so, or nobody knows until the card is played; the partner
scores full or half; each other player scores 10 a trick for itself.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scripted import discard_kitty, game, legal_texts

import engine
from engine.kernel.events import CardTurnedUp, PartnerCalled, PartnerRevealed
from engine.kernel.phase import Phase

TWO_HANDED = {
    0: "JS JC AS KS QS 10S 9S 8S AH KH",
    1: "AC KC QC JD AD KD QD 10D 9D 8D",
    2: "4H 5H 6H 7H 8H 7S 6S 5S 10H 9H",  # face down: 4H-8H; face up: 7S 6S 5S 10H 9H (7S covers 4H, ...)
    3: "4D 5D 6D 7D JH 10C 9C 8C 7C 6C",  # face down: 4D 5D 6D 7D JH; face up: 10C 9C 8C 7C 6C (6C covers JH)
}


def contract_value(rules: engine.Rules, contract: str, taken: int) -> int:
    """What a contract is worth with ``taken`` tricks: its value, or the slam's for every trick."""
    value = rules.ladder[contract].value
    slam = rules.scoring.slam
    if slam is not None and taken == rules.deal.hand_size and slam.applies(rules.ladder[contract]):
        return slam.value
    return value


def cards(text: str) -> set[str]:
    return set(text.split())


def seen_by(view: engine.Observation) -> set[str]:
    """Every card an observation shows, wherever it shows it."""
    shown = list(view.hand) + list(view.kitty) + list(view.discards) + list(view.face_up)
    shown += [card for _, card in view.trick] + [card for trick in view.tricks for _, card in trick.cards]
    shown += [card for _, held in view.exposed for card in held]
    return {str(card) for card in shown}


def two_handed_after_the_kitty() -> engine.Game:
    """Seat 0 bids 6S, seat 1 passes; seat 0 takes the kitty (JK QH 5C) and discards 5C QH KH."""
    played = game("two-handed", TWO_HANDED, "JK QH 5C", dealer=1, actions=["bid 6S", "pass"])
    assert played.phase is Phase.KITTY and played.to_act == 0
    played.apply("discard 5C QH KH")
    return played


def test_000_two_handed_each_player_has_a_dummy_opposite_with_five_cards_face_down_under_five_face_up() -> None:
    played = game("two-handed", TWO_HANDED, "JK QH 5C", dealer=1)
    seating = played.rules.seating
    assert (seating.players, seating.seats, seating.teams) == (2, 4, ((0, 2), (1, 3)))
    for seat in (0, 1):
        view = played.observation(seat)
        assert {str(card) for card in view.hand} == cards(TWO_HANDED[seat])
        assert {each: {str(card) for card in held} for each, held in view.exposed} == {
            2: cards("7S 6S 5S 10H 9H"),
            3: cards("10C 9C 8C 7C 6C"),
        }
        assert view.face_down == ((2, 5), (3, 5)) and view.played_by == (0, 1, 0, 1)
        # Nobody sees a face-down card, not even the dummy's own player.
        assert not seen_by(view) & cards("4H 5H 6H 7H 8H 4D 5D 6D 7D JH")
        assert not seen_by(view) & cards(TWO_HANDED[1 - seat])
    with pytest.raises(ValueError, match="no player at seat 2"):
        played.observation(2)


def test_000_two_handed_misere_is_not_allowed_and_only_the_players_bid() -> None:
    played = game("two-handed", TWO_HANDED, "JK QH 5C", dealer=1)
    assert played.to_act == played.acting_seat == 0
    assert not any("misere" in text for text in legal_texts(played))
    played.apply("bid 6S")
    assert played.to_act == 1  # the dummies never bid
    played.apply("pass")
    assert played.declarer == 0 and played.phase is Phase.KITTY


def test_000_two_handed_the_kitty_goes_to_the_players_own_hand_only() -> None:
    played = game("two-handed", TWO_HANDED, "JK QH 5C", dealer=1, actions=["bid 6S", "pass"])
    assert {str(card) for card in played.hand_of(0)} == cards(TWO_HANDED[0]) | cards("JK QH 5C")
    assert {str(card) for card in played.hand_of(2)} == cards("7S 6S 5S 10H 9H")
    assert {str(card) for card in played.observation(0).kitty} == cards("JK QH 5C") and played.observation(1).kitty == ()
    with pytest.raises(engine.IllegalActionError, match="does not hold 7S"):
        played.apply("discard 7S QH KH")  # a dummy's card cannot go into the discards


def test_000_two_handed_the_player_chooses_the_dummys_card_and_a_face_down_card_turns_up_after_the_trick() -> None:
    played = two_handed_after_the_kitty()
    played.apply("play JK")
    played.apply("play 8D")
    assert (played.to_act, played.acting_seat) == (0, 2)  # seat 0 plays for its dummy
    assert legal_texts(played) == {"play 7S", "play 6S", "play 5S"}  # trumps on show; hearts are face down
    played.apply("play 7S")
    assert "4H" not in {str(card) for card in played.hand_of(2)}  # uncovered, but not turned up mid-trick
    assert played.observation(1).face_down == ((2, 5), (3, 5))
    assert (played.to_act, played.acting_seat) == (1, 3)
    played.apply("play 10C")
    turned = [event for event in played.events if isinstance(event, CardTurnedUp)]
    assert [(event.seat, str(event.card)) for event in turned] == [(2, "4H"), (3, "4D")]
    for seat in (0, 1):
        view = played.observation(seat)
        assert view.face_down == ((2, 4), (3, 4))
        assert {"4H", "4D"} <= seen_by(view) and not seen_by(view) & cards("5H 6H 7H 8H 5D 6D 7D JH")
    assert played.to_act == 0 and played.acting_seat == 0  # the joker won: seat 0 leads


def test_000_two_handed_a_dummy_follows_suit_with_its_face_up_cards_only() -> None:
    played = two_handed_after_the_kitty()
    for action in ("play JK", "play 8D", "play 7S", "play 10C", "play AH", "play 9D"):
        played.apply(action)
    assert legal_texts(played) == {"play 10H", "play 9H", "play 4H"}  # the dummy's hearts, 4H turned up
    played.apply("play 4H")
    # Seat 3 holds JH face down under 6C: with no heart on show it may play any card on show.
    assert legal_texts(played) == {"play 9C", "play 8C", "play 7C", "play 6C", "play 4D"}


def test_000_two_handed_the_winner_of_a_trick_leads_player_or_dummy() -> None:
    played = two_handed_after_the_kitty()
    chooser = random.Random(5)
    leaders = []
    while played.hand_number == 0 and not played.is_over:
        play = played._state.hand.play
        if play is not None and not play.trick:
            leaders.append(play.leader)
            if play.completed:
                assert play.leader == play.completed[-1][2]
        played.apply(chooser.choice(played.legal_actions()))
    tricks = played.results[0].tricks
    assert sum(tricks) == 10 and len(tricks) == 4
    taken = tricks[0] + tricks[2]  # team 0: seat 0 and its dummy, who played 6S
    assert played.results[0].hand_points[0] == (contract_value(played.rules, "6S", taken) if taken >= 6 else -40)
    assert sum(tricks[seat] for seat in (1, 3)) * 10 == played.results[0].hand_points[1]


def test_000_two_handed_a_hand_replays_from_its_transcript_and_a_saved_game_restores() -> None:
    played = two_handed_after_the_kitty()
    for action in ("play JK", "play 8D", "play 7S"):
        played.apply(action)
    saved = json.loads(json.dumps(played.to_dict()))
    restored = engine.Game.from_dict(saved)
    assert restored.observation(0) == played.observation(0) and restored.observation(1) == played.observation(1)
    assert restored.face_down_of(3) == played.face_down_of(3)
    chooser = random.Random(2)
    while played.hand_number == 0:
        played.apply(chooser.choice(played.legal_actions()))
    transcript = played.transcript(0)
    assert any(entry.startswith("2 play") for entry in transcript["actions"])  # the dummy's seat is recorded
    assert engine.replay(transcript) == played.results[0]


FIVE_HANDED = {
    0: "JK JH AH KH QH 10H 9H 8H 7H 2C",
    1: "AS KS QS JS 10S 9S 8S 7S 6S 5S",
    2: "AC KC QC JC 10C 9C 8C 7C 6C 5C",
    3: "JD AD KD QD 10D 9D 8D 7D 6D 5D",
    4: "4S 3S 2S 4C 3C 4D 3D 2D 6H 5H",
}


def five_handed_at_the_call(variant: str) -> engine.Game:
    """Seat 0 bids 7H, the others pass; it takes the kitty (4H 3H 2H) and discards 2C 3H 2H."""
    played = game(variant, FIVE_HANDED, "4H 3H 2H", dealer=4, actions=["bid 7H", "pass", "pass", "pass", "pass", "discard 2C 3H 2H"])
    assert played.phase is Phase.PARTNER and played.to_act == 0
    return played


def play_out(played: engine.Game, seed: int) -> engine.HandResult:
    chooser = random.Random(seed)
    while played.hand_number == 0 and not played.is_over:
        played.apply(chooser.choice(played.legal_actions()))
    return played.results[0]


def test_000_five_handed_the_declarer_names_any_card_but_the_joker_or_goes_alone() -> None:
    played = five_handed_at_the_call("five-handed")
    offered = legal_texts(played)
    assert "alone" in offered and "partner JD" in offered and "partner AS" in offered
    assert "partner JK" not in offered and len(offered) == 1 + 52
    with pytest.raises(engine.IllegalActionError, match="may not name JK"):
        played.apply("partner JK")
    with pytest.raises(engine.IllegalActionError, match="must call a partner"):
        played.apply("play JK")


def test_000_five_handed_announced_the_holder_is_known_to_all_and_both_score_in_full() -> None:
    played = five_handed_at_the_call("five-handed")
    played.apply("partner JD")
    revealed = [event for event in played.events if isinstance(event, PartnerRevealed)]
    assert [(event.seat, str(event.card)) for event in revealed] == [(3, "JD")]
    for seat in range(5):
        view = played.observation(seat)
        assert view.partner == 3 and str(view.called_card) == "JD"
    assert played.phase is Phase.PLAY and played.acting_seat == 0  # the declarer leads
    for seed in range(4):
        result = play_out(engine.Game.from_dict(played.to_dict()), seed)
        taken = result.tricks[0] + result.tricks[3]
        value = contract_value(played.rules, "7H", taken) if taken >= 7 else -200
        assert result.partner == 3 and result.made == (taken >= 7)
        assert result.hand_points == tuple(value if seat in (0, 3) else 10 * result.tricks[seat] for seat in range(5))


def test_000_five_handed_naming_ones_own_card_means_going_alone() -> None:
    played = five_handed_at_the_call("five-handed")
    played.apply("partner AH")
    assert played.observation(3).partner is None
    result = play_out(played, 1)
    assert result.partner is None
    assert result.hand_points[0] == (contract_value(played.rules, "7H", result.tricks[0]) if result.tricks[0] >= 7 else -200)
    assert all(result.hand_points[seat] == 10 * result.tricks[seat] for seat in range(1, 5))


def test_003_five_handed_secret_no_trump_no_own_card_and_nobody_knows_until_it_is_played() -> None:
    played = five_handed_at_the_call("five-handed-secret")
    offered = legal_texts(played)
    assert "partner AS" in offered and "partner AC" in offered
    assert (
        not {"partner JD", "partner 5H", "partner JK", "partner 2C", "partner AH"} & offered
    )  # trumps (left bower too), joker, own cards and discards
    played.apply("partner AS")
    assert [event.card for event in played.events if isinstance(event, PartnerCalled)] == [played.rules.deck.card("AS")]
    assert not any(isinstance(event, PartnerRevealed) for event in played.events)
    assert [played.observation(seat).partner for seat in range(5)] == [None, 1, None, None, None]  # only the holder knows
    while "AS" not in {str(card) for trick in played.observation(0).tricks for _, card in trick.cards} | {
        str(card) for _, card in played.observation(0).trick
    }:
        play = played._state.hand.play
        assert play is not None
        assert all(played.observation(seat).partner is None for seat in (0, 2, 3, 4))
        choices = played.legal_actions()
        played.apply(next((action for action in choices if str(action) != "play AS"), choices[0]) if play.number < 3 else choices[0])
    assert [played.observation(seat).partner for seat in range(5)] == [1] * 5
    result = play_out(played, 3)
    taken = result.tricks[0] + result.tricks[1]
    value = contract_value(played.rules, "7H", taken) if taken >= 7 else -200
    assert result.hand_points[0] == value and result.hand_points[1] == value // 2  # the partner scores half
    assert all(result.hand_points[seat] == 10 * result.tricks[seat] for seat in (2, 3, 4))


def test_003_five_handed_secret_partner_survives_saving_and_replay() -> None:
    played = five_handed_at_the_call("five-handed-secret")
    played.apply("partner AC")
    restored = engine.Game.from_dict(json.loads(json.dumps(played.to_dict())))
    assert [restored.observation(seat) for seat in range(5)] == [played.observation(seat) for seat in range(5)]
    result = play_out(played, 7)
    assert engine.replay(played.transcript(0)) == result and result.partner == 2


def test_heuristic_bot_calls_the_highest_trump_it_lacks_and_plays_a_dummy() -> None:
    played = five_handed_at_the_call("five-handed")
    bot = engine.bots.HeuristicBot(played.rules)
    assert str(bot.act(played.observation(0), played.legal_choices())) == "alone"  # eight trumps: no partner needed
    weaker = game("five-handed", {0: "JK AH KH QH 10H 9S 8S 7C 6C 2D"}, dealer=4, actions=["bid 7H", "pass", "pass", "pass", "pass"])
    discard_kitty(weaker)
    assert str(bot.act(weaker.observation(0), weaker.legal_choices())) == "partner JH"  # the highest trump it lacks
    two = two_handed_after_the_kitty()
    two.apply("play JK")
    two.apply("play 8D")
    bot = engine.bots.HeuristicBot(two.rules)
    choice = bot.act(two.observation(two.to_act or 0), two.legal_choices())
    assert str(choice) == "play 5S"  # the dummy cannot beat the joker: it plays its cheapest trump


@pytest.mark.parametrize(
    ("variant", "players", "deck", "partnerships"),
    [
        ("rules-text-003-two", 2, 25, False),
        ("rules-text-003-three", 3, 33, False),
        ("rules-text-003", 4, 43, True),
        ("rules-text-003-five", 5, 53, False),
        ("rules-text-003-six", 6, 63, True),
    ],
)
def test_003_the_deal_a_deck_per_player_count_everyone_alone_but_four_and_six(
    variant: str, players: int, deck: int, partnerships: bool
) -> None:
    """Rules text 003, "The Deal": the cards and teams per player count, 10 cards each and the rest to
    the stockpile; "the player with the highest score is the winner" when another reaches -500; all pass
    plays no trump, led by the player left of the dealer."""
    rules = engine.load_variant(variant)
    assert (rules.seating.players, len(rules.deck), rules.seating.is_partnership) == (players, deck, partnerships)
    assert rules.deal.hand_size == 10 and rules.deal.kitty == deck - 10 * players
    teams = len(rules.seating.teams)
    scores = tuple([-500] + [100 * team for team in range(1, teams)])
    assert engine.kernel.scoring.game_end(rules, scores, 0, False) == (teams - 1, engine.GameEnd.BACK_DOOR)
    played = engine.Game(rules, seed=4, dealer=players - 1)
    for _ in range(players):
        played.apply("pass")
    assert played.phase is Phase.PLAY and played.acting_seat == 0 and played.contract is None


def test_003_five_players_the_partner_is_named_by_a_card_not_a_trump_nor_ones_own_and_scores_half() -> None:
    rules = engine.load_variant("rules-text-003-five")
    called = rules.seating.called_partner
    assert called is not None and called.reveal.value == "when_played" and called.may_not_name == {"trump", "own_card"}
    assert (called.declarer_share.value, called.partner_share.value) == ("full", "half")


def test_000_six_handed_two_jokers_the_black_one_ranks_highest() -> None:
    rules = engine.load_variant("six-handed-two-jokers")
    assert len(rules.deck) == 64 and rules.deal.kitty == 4
    hearts = next(order for order in rules.card_orders if order.strain.id == "H")
    assert [str(rules.deck.cards[index]) for index in hearts.trump_cards[:3]] == ["BJ", "RJ", "JH"]


def test_000_two_handed_52_cards_table_cards_go_to_the_kitty_and_the_defender_takes_one() -> None:
    """Rules text 000, "Two-handed 500", the 52-card version: 8 cards exposed on the table; each player
    chooses one to add to the kitty; after the bid the defender adds one of the rest to its hand and
    discards an unwanted card; the remaining exposed cards are out of play."""
    rules = engine.load_variant("two-handed-52")
    played = engine.Game(rules, seed=11, dealer=1)
    table = played.observation(0).table
    assert len(table) == 8 and played.phase is Phase.PICK and played.to_act == 0
    assert played.observation(1).table == table  # face up: both see them
    with pytest.raises(engine.IllegalActionError, match="is not on the table"):
        played.apply(f"pick {played.hand_of(0)[0]}")
    with pytest.raises(engine.IllegalActionError, match="discards nothing"):
        played.apply(f"pick {table[0]} discard {table[1]}")
    played.apply(f"pick {table[0]}")
    assert played.to_act == 1 and played.observation(1).face_up == (table[0],)  # everyone saw it go into the kitty
    played.apply(f"pick {table[1]}")
    assert played.phase is Phase.AUCTION and played.observation(0).table == table[2:]
    played.apply("bid 6NT")
    played.apply("pass")
    assert len(played.observation(0).kitty) == 5 and {table[0], table[1]} <= set(played.observation(0).kitty)
    played.apply("discard " + " ".join(str(card) for card in played.observation(0).kitty))
    assert played.phase is Phase.PICK and played.to_act == 1  # the defender's turn at the table
    with pytest.raises(engine.IllegalActionError, match="must discard a card for it"):
        played.apply(f"pick {table[2]}")
    unwanted = played.hand_of(1)[0]
    assert f"pick {table[2]} discard {unwanted}" in legal_texts(played) and f"pick {table[2]} discard {table[2]}" in legal_texts(played)
    played.apply(f"pick {table[2]} discard {unwanted}")
    assert table[2] in played.hand_of(1) and unwanted not in played.hand_of(1) and len(played.hand_of(1)) == 10
    assert unwanted in played.observation(1).discards and unwanted not in seen_by(played.observation(0))
    assert played.phase is Phase.PLAY and played.observation(0).table == table[3:]  # the rest are out of play
    result = play_out(played, 4)
    assert sum(result.tricks) == 10 and engine.replay(played.transcript(0)) == result


SEATINGS = [
    "two-handed",
    "two-handed-52",
    "two-handed-draw",
    "two-handed-dead-hand",
    "three-handed-dead-hand-45",
    "five-handed",
    "five-handed-secret",
    "rules-text-003-five",
]


@pytest.mark.parametrize("variant", SEATINGS)
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_no_observation_ever_shows_a_card_its_seat_may_not_see(variant: str, seed: int) -> None:
    """At every moment of random hands, each player's observation shows none of: the other players'
    cards in hand, a dummy's face-down cards, a dead hand, a kitty it did not take, another's discards;
    and a secret partner only to itself until the called card is played."""
    rules = engine.load_variant(variant)
    played = engine.Game(rules, seed=seed, dealer=seed % rules.seating.players)
    chooser = random.Random(seed)
    seating = rules.seating
    while played.hand_number < 2 and not played.is_over:
        state = played._state
        dealt_kitty = {str(card) for card in state.hand.deal.kitty} | {
            str(played._tables.cards[index]) for index in state.hand.kitty[: len(state.hand.deal.kitty)]
        }
        for seat in range(seating.players):
            view = played.observation(seat)
            assert {str(card) for card in view.hand} <= {str(card) for card in played.hand_of(seat)}
            hidden = {
                str(card)
                for other in range(seating.players)
                if other != seat and other not in state.hand.exposed
                for card in played.hand_of(other)
            }
            hidden |= {str(card) for dummy in range(seating.players, seating.seats) for card in played.face_down_of(dummy)}
            hidden |= {str(card) for card in state.hand.deal.dead_hand}
            if not (state.hand.kitty_taken and seat == state.hand.declarer):
                hidden |= dealt_kitty
            hidden |= {
                str(played._tables.cards[index])
                for other, mask in enumerate(state.hand.table_cards.set_aside)
                if other != seat
                for index in range(len(played._tables.cards))
                if mask >> index & 1
            }
            hidden |= {
                str(played._tables.cards[index])
                for other, mask in enumerate(state.hand.drawn_hands.rejected)
                if other != seat
                for index in range(len(played._tables.cards))
                if mask >> index & 1
            }
            for other, draws in enumerate(state.hand.drawn_hands.draws):  # cards not drawn yet (the drawer sees the one it drew)
                undrawn = draws[
                    2 * state.hand.drawn_hands.drawn[other]
                    + (1 if other == seat and state.phase is Phase.DRAW and state.hand.drawn_hands.drawer == seat else 0) :
                ]
                hidden |= {str(played._tables.cards[index]) for index in undrawn}
            # Cards played, cards dealt face up to the table and hands laid open are seen by all.
            public = {str(card) for card in state.hand.deal.table} | {
                str(card) for each in state.hand.exposed for card in played.hand_of(each)
            }
            if state.hand.play is not None:
                public |= {str(card) for index, card in enumerate(played._tables.cards) if state.hand.play.played >> index & 1}
            assert not seen_by(view) & (hidden - public), (seat, seen_by(view) & (hidden - public))
            if state.hand.arrangement.partner_secret and seat != state.hand.arrangement.partner:
                assert view.partner is None
        played.apply(chooser.choice(played.legal_actions()))


def test_000_two_handed_drawn_hands_keep_one_card_of_each_pair_and_see_only_ones_own_draws() -> None:
    """Rules text 000, "Two-handed 500", the additional variant: the kitty is set aside; in turn the
    players draw a card, keep or discard it, and do the opposite with the next card."""
    rules = engine.load_variant("two-handed-draw")
    played = game("two-handed-draw", {0: "AS KS QS JS 10S 9S 8S 7S 6S 5S AC KC QC JC 10C 9C 8C 7C 6C 5C"}, dealer=1)
    assert played.phase is Phase.DRAW and played.to_act == 0 and played.hand_of(0) == ()
    assert str(played.observation(0).drawing) == "AS" and played.observation(1).drawing is None
    assert legal_texts(played) == {"keep", "reject"}
    with pytest.raises(engine.IllegalActionError, match="must keep or reject the card it drew"):
        played.apply("pass")
    played.apply("keep")  # AS kept, KS rejected
    assert [str(card) for card in played.hand_of(0)] == ["AS"] and [str(card) for card in played.observation(0).discards] == ["KS"]
    assert not seen_by(played.observation(1)) & {"AS", "KS"}
    assert played.to_act == 1 and played.observation(1).drawing is not None
    played.apply("reject")
    assert played.to_act == 0 and str(played.observation(0).drawing) == "QS"
    played.apply("reject")  # QS rejected, JS kept
    assert {str(card) for card in played.hand_of(0)} == {"AS", "JS"} and {str(card) for card in played.observation(0).discards} == {
        "KS",
        "QS",
    }
    while played.phase is Phase.DRAW:
        played.apply("keep")
    assert played.phase is Phase.AUCTION and played.to_act == 0
    assert [len(played.hand_of(seat)) for seat in (0, 1)] == [rules.deal.hand_size] * 2
    assert not any("misere" in text for text in legal_texts(played))
    result = play_out(played, 6)
    assert engine.replay(played.transcript(0)) == result
    restored = engine.Game.from_dict(json.loads(json.dumps(played.to_dict())))
    assert restored.observation(1) == played.observation(1)


def test_000_five_handed_a_called_partner_reaching_the_target_on_the_contract_wins_by_the_bid() -> None:
    """Rules text 000, "Five-handed 500": the partnership "will both get points" on a made contract, so
    the partner crossing 500 with them wins the game by the bid, as the declarer would."""
    rules = engine.load_variant("five-handed")
    end = engine.kernel.scoring.game_end
    assert end(rules, (300, 0, 0, 520, 0), (0, 3), True) == (3, engine.GameEnd.FRONT_DOOR)
    assert end(rules, (510, 0, 0, 520, 0), (0, 3), True) == (0, engine.GameEnd.FRONT_DOOR)  # the declarer first
    assert end(rules, (300, 0, 0, 520, 0), (0,), True) == (3, engine.GameEnd.TARGET)  # not its bid: on tricks
