"""Scripted hands for card order, following suit and the joker (rules text 000, "Setup", "Play",
"Joker"; rules text 004, "Deck size" for the two jokers)."""

from __future__ import annotations

import pytest
from scripted import discard_kitty, game, legal_texts

import engine
from engine.kernel.events import TrickWon

# Standard 43-card hands: seat 0 bids first (dealer 3), wins the auction and leads.
HEARTS_HANDS = {
    0: "AH 5S 6S 7S 8S 9S 5C 6C 7C 8C",
    1: "JD AS KS QS JS 10S AC KC QC JC",
    2: "JH AD KD QD 10D 9D 8D 7D 6D 5D",
    3: "JK 4D KH QH 10H 9H 8H 7H 6H 5H",
}
KITTY = "4H 9C 10C"


def contract_game(bid: str, hands: dict[int, str] = HEARTS_HANDS, kitty: str = KITTY, variant: str = "standard") -> engine.Game:
    played = game(variant, hands, kitty, actions=[f"bid {bid}", "pass", "pass", "pass"])
    assert played.declarer == 0 and played.contract is not None and played.contract.id == bid
    discard_kitty(played)
    return played


def tricks_won(played: engine.Game) -> list[int]:
    return [event.seat for event in played.events if isinstance(event, TrickWon)]


def test_000_play_left_bower_is_a_trump_and_must_follow_trump() -> None:
    """Rules text 000, "Play": players must follow suit, "this includes the left bower ... if trump is led"."""
    played = contract_game("7H")
    played.apply("play AH")
    assert legal_texts(played) == {"play JD"}  # seat 1's only trump is the left bower


def test_000_setup_right_bower_beats_left_bower_beats_ace() -> None:
    """Rules text 000, "Setup": trumps rank joker, right bower, left bower, ace, king, ..."""
    played = contract_game("7H")
    for card in ("AH", "JD", "JH", "KH"):
        played.apply(f"play {card}")
    assert tricks_won(played) == [2]


def test_000_setup_joker_is_the_highest_trump() -> None:
    """Rules text 000, "Joker": "The joker is always the highest card ... the highest trump"."""
    played = contract_game("7H")
    for card in ("AH", "JD", "JH", "JK"):
        played.apply(f"play {card}")
    assert tricks_won(played) == [3]


def test_000_play_left_bower_does_not_follow_its_printed_suit() -> None:
    """Rules text 000, "Setup": the left bower "is considered part of the trump suit", so it is not a
    diamond when hearts are trump: a seat holding only it among diamonds is void in diamonds."""
    hands = {
        0: "5D 5S 6S 7S 8S 9S 5C 6C 7C 8C",
        1: "JD AS KS QS JS 10S AC KC QC JC",
        2: "JH AD KD QD 10D 9D 8D 7D 6D 4D",
        3: "JK AH KH QH 10H 9H 8H 7H 6H 5H",
    }
    played = contract_game("7H", hands, "4H 9C 10C")
    played.apply("play 5D")
    assert legal_texts(played) == {f"play {card}" for card in hands[1].split()}


def test_000_setup_plain_suit_order_ace_king_queen_jack_ten() -> None:
    """Rules text 000, "Setup": in non-trump suits "ace, king, queen, (jack), 10, 9, ..."."""
    hands = {
        0: "10S 5S 6S 7S 8S AH 5C 6C 7C 8C",
        1: "JS AS KS 4H 10H 4D AC KC QC JC",
        2: "QS JH AD KD QD 10D 9D 8D 7D 6D",
        3: "9S JK 5D KH QH JD 9H 8H 7H 6H",
    }
    played = contract_game("7H", hands, "5H 9C 10C")
    for card in ("10S", "JS", "QS", "9S"):
        played.apply(f"play {card}")
    assert tricks_won(played) == [2]


def test_000_play_must_follow_suit_error_names_the_cards_held() -> None:
    """Rules text 000, "Play": "Players must follow suit if they can"; the refusal names the cards and
    leaves the game unchanged."""
    hands = {
        0: "AH 5S 6S 7S 8S 9S 5C 6C 7C 8C",
        1: "JD AS KS QS 10S 4D AC KC QC JC",
        2: "JH 9H AD KD QD 10D 9D 8D 7D 6D",
        3: "JK JS KH QH 10H 8H 7H 6H 5H 4H",
    }
    played = contract_game("7S", hands, "5D 9C 10C")
    played.apply("play AH")
    played.apply("play JC")  # seat 1 is void in hearts and trumps with the left bower
    before = played.to_dict()
    with pytest.raises(engine.IllegalActionError, match=r"^seat 2 must follow hearts: holds JH, 9H\.$"):
        played.apply("play AD")
    assert played.to_dict() == before
    assert played.to_act == 2


def test_004_deck_size_black_joker_beats_red_joker() -> None:
    """Rules text 004, "Deck size" (46 cards): the black joker ranks above the red one."""
    rules = engine.load_variant("46-card")
    hands = {0: "RJ AS", 1: "BJ KS", 2: "AH", 3: "KH"}
    played = game("46-card", hands, actions=["bid 7H", "pass", "pass", "pass"])
    discard_kitty(played)
    played.apply("play RJ")
    assert legal_texts(played) >= {"play BJ"}
    played.apply("play BJ")
    played.apply("play AH")
    played.apply("play KH")
    assert tricks_won(played) == [1]
    assert len(rules.deck.jokers) == 2


NO_TRUMP_HANDS = {
    0: "JK AS KS 9H 5C 6C 7C 8C 9C 10C",
    1: "QS JS 10S 9S 8S 7S 6S 5S AC KC",
    2: "AH KH QH JH 10H 8H 7H 6H 5H 4H",
    3: "AD KD QD JD 10D 9D 8D 7D 6D 5D",
}


def test_000_joker_in_no_trump_only_when_void() -> None:
    """Rules text 000, "Joker": "In no trumps ... the joker can be played only when the player cannot follow suit"."""
    played = contract_game("7NT", NO_TRUMP_HANDS, "4D QC JC")
    played.apply("play AS")
    played.apply("play QS")
    played.apply("play 4H")
    played.apply("play AD")  # seat 0 wins the ace of spades trick
    assert tricks_won(played) == [0]
    played.apply("play KS")
    played.apply("play JS")
    played.apply("play 5H")
    played.apply("play 5D")
    played.apply("play 5C")  # seat 0 leads clubs; seat 1 holds clubs
    played.apply("play AC")
    played.apply("play 6H")
    played.apply("play 6D")
    assert tricks_won(played) == [0, 0, 1]
    played.apply("play 9S")  # seat 1 leads spades
    played.apply("play 7H")
    played.apply("play 7D")
    assert "play JK" in legal_texts(played)  # seat 0 is void in spades and may play the joker
    played.apply("play JK")
    assert tricks_won(played)[-1] == 0  # the joker is the only trump in no trump and wins


def test_000_joker_in_no_trump_refused_while_holding_the_suit_led() -> None:
    """Rules text 000, "Joker": holding the suit led, the joker may not be played."""
    played = contract_game("7NT", NO_TRUMP_HANDS, "4D QC JC")
    played.apply("play 5C")
    played.apply("play KC")
    played.apply("play 4H")
    played.apply("play 5D")
    played.apply("play 8S")  # seat 1 leads spades
    played.apply("play 5H")
    played.apply("play 6D")  # seat 0 holds AS and KS
    with pytest.raises(engine.IllegalActionError, match=r"seat 0 may play JK only when void in spades: holds AS, KS"):
        played.apply("play JK")


def test_000_joker_led_in_no_trump_names_the_suit_to_follow() -> None:
    """Rules text 000, "Joker": "When leading the joker, a player can nominate it into a suit. Other
    players need to follow the nominated suit ... even if the player holds cards in the suit"."""
    played = contract_game("7NT", NO_TRUMP_HANDS, "4D QC JC")
    texts = legal_texts(played)
    assert {"play JK:S", "play JK:C", "play JK:D", "play JK:H"} <= texts and "play JK" not in texts
    with pytest.raises(engine.IllegalActionError, match="must name the suit"):
        played.apply("play JK")
    played.apply("play JK:H")
    assert played.observation(1).led_suit == "H"
    assert legal_texts(played) == {f"play {card}" for card in NO_TRUMP_HANDS[1].split()}  # seat 1 is void in hearts
    played.apply("play QS")
    assert legal_texts(played) == {f"play {card}" for card in NO_TRUMP_HANDS[2].split()}  # all hearts
    played.apply("play AH")
    played.apply("play AD")
    assert tricks_won(played) == [0]
    assert played.observation(3).tricks[0].suit == "H"


def test_000_joker_named_suit_only_when_leading_in_no_trump() -> None:
    """Rules text 000, "Joker": naming a suit belongs to leading the joker in no trump only."""
    played = contract_game("7H")
    with pytest.raises(engine.IllegalActionError, match="only when leading a joker in no trump"):
        played.apply("play AH:S")
