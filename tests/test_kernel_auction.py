"""Scripted auctions, the kitty and the misère family (rules text 000, "Bidding", "Misère and open
misère"; rules text 004, "American vs Australian")."""

from __future__ import annotations

import pytest
from scripted import discard_kitty, game, legal_texts

import engine
from engine.kernel.events import AllPassed, HandExposed, TrickWon

ANY: dict[int, str] = {}


def test_000_bidding_starts_left_of_dealer_and_runs_clockwise() -> None:
    """Rules text 000, "Bidding": players call in turn; issue 3: left of dealer is (dealer + 1) % players."""
    played = game("standard", ANY, dealer=1)
    assert played.to_act == 2
    played.apply("bid 6S")
    assert played.to_act == 3


def test_000_bidding_a_pass_is_final() -> None:
    """Rules text 000, "Bidding": "A player who passes cannot subsequently make a bid in that hand"."""
    played = game("standard", ANY, actions=["pass", "bid 6S", "bid 6C", "bid 6D"])
    assert played.to_act == 1  # seat 0 passed and is skipped
    played.apply("bid 7S")
    assert played.to_act == 2


def test_000_bidding_ends_when_all_but_one_have_passed() -> None:
    """Rules text 000, "Bidding": "Eventually, all but one player passes and the bid is decided"."""
    played = game("standard", ANY, actions=["bid 6S", "bid 7H", "pass", "pass"])
    assert played.phase is engine.Phase.AUCTION and played.to_act == 0
    played.apply("pass")
    assert played.phase is engine.Phase.KITTY
    assert (played.declarer, played.contract and played.contract.id) == (1, "7H")


def test_000_bidding_must_outrank_the_current_bid() -> None:
    """Rules text 000, "Bidding": "each player passing or making a higher-scoring bid" (7♣ can be outbid by 7♦, not 7♠)."""
    played = game("standard", ANY, actions=["bid 7C"])
    with pytest.raises(engine.IllegalActionError, match=r"seat 1 cannot bid 7S: 7S does not outrank the current bid, 7C\."):
        played.apply("bid 7S")
    assert {"bid 7D", "bid 7H", "bid 7NT"} <= legal_texts(played)
    assert "bid 7C" not in legal_texts(played)


def test_000_misere_may_be_bid_once_the_auction_reached_seven() -> None:
    """Rules text 000, "Misère and open misère": misère "can be bid when auction reaches the level 7";
    open misère "may be bid at any time even as the first bid"."""
    played = game("standard", ANY)
    texts = legal_texts(played)
    assert "bid misere" not in texts and "bid open_misere" in texts
    with pytest.raises(engine.IllegalActionError, match="once the auction has reached 7"):
        played.apply("bid misere")
    played.apply("bid 7S")
    assert "bid misere" in legal_texts(played)


def test_000_misere_sits_between_eight_spades_and_eight_clubs() -> None:
    """Rules text 000, "Misère and open misère": misère "is usually placed between 8♠ and 8♣"."""
    played = game("standard", ANY, actions=["bid 7S", "bid 8S"])
    assert "bid misere" in legal_texts(played)
    played.apply("bid 8C")
    assert "bid misere" not in legal_texts(played)


def test_000_other_scoring_australian_misere_outranks_seven_not_eight() -> None:
    """Rules text 000, "Other scoring variations": "Misère is deemed to outrank a 7 bid but not an 8 bid"."""
    played = game("australian", ANY, actions=["bid 7NT"])
    assert "bid misere" in legal_texts(played)
    played.apply("bid 8S")
    assert "bid misere" not in legal_texts(played)
    assert "bid open_misere" in legal_texts(played)


def test_000_bidding_all_pass_redeals() -> None:
    """Rules text 000, "Bidding": if nobody bids, "a reshuffle and redeal is made" (the standard file)."""
    played = game("standard", ANY, actions=["pass"] * 4)
    assert played.hand_number == 1 and played.dealer == 3 and played.phase is engine.Phase.AUCTION
    result = played.results[0]
    assert result.contract is None and result.declarer is None and not result.made
    assert result.scores == (0, 0) and result.hand_points == (0, 0)
    assert any(isinstance(event, AllPassed) for event in played.events)


def test_004_american_one_round_of_bidding() -> None:
    """Rules text 004, "American vs Australian": "One round of bidding"."""
    played = game("american", ANY, actions=["pass", "bid 7S", "pass"])
    played.apply("pass")  # the dealer, last to speak
    assert played.phase is engine.Phase.KITTY and played.declarer == 1


def test_004_american_only_the_first_two_may_inkle() -> None:
    """Rules text 004, "American vs Australian": "the 6-level bids of the first two players to bid are
    ... inkles"; "Bidding begins at the 7-level for the last two players"."""
    played = game("american", ANY, actions=["bid 6S", "bid 6H"])
    assert not any(text.startswith("bid 6") for text in legal_texts(played))
    with pytest.raises(engine.IllegalActionError, match="only the first 2 players after the dealer may bid at level 6"):
        played.apply("bid 6NT")


def test_004_american_inkles_cannot_win_so_the_cards_are_redealt() -> None:
    """Rules text 004: "Inkle bids cannot win the bidding"; rules text 000, "Bidding": "If auction
    doesn't reach the level of 7, cards are reshuffled"."""
    played = game("american", ANY, actions=["bid 6S", "bid 6NT", "pass", "pass"])
    assert played.hand_number == 1 and played.results[0].contract is None


def test_000_bidding_kitty_taken_and_as_many_discarded() -> None:
    """Rules text 000, "Bidding": the declarer "collects the kitty ... discards the least-useful three"."""
    played = game("standard", {0: "AS KS QS JS 10S 9S 8S 7S 6S 5S"}, "AH KH QH", actions=["bid 7S", "pass", "pass", "pass"])
    assert played.phase is engine.Phase.KITTY and played.to_act == 0
    assert len(played.hand_of(0)) == 13
    assert played.observation(0).kitty == tuple(engine.load_variant("standard").deck.card(text) for text in ("AH", "KH", "QH"))
    assert played.observation(1).kitty == ()
    with pytest.raises(engine.IllegalActionError, match="must discard exactly 3 cards, not 2"):
        played.apply("discard 5S 6S")
    with pytest.raises(engine.IllegalActionError, match="does not hold AD"):
        played.apply("discard 5S 6S AD")
    assert len(played.legal_actions()) == 286  # 13 choose 3
    played.apply("discard 5S 6S 7S")
    assert played.phase is engine.Phase.PLAY and len(played.hand_of(0)) == 10
    assert "AH" in {str(card) for card in played.hand_of(0)}


def test_000_misere_partner_folds_and_the_hand_is_played_in_no_trump() -> None:
    """Rules text 000, "Misère and open misère": "the partner folds their cards and does not
    participate"; "Play": misère is a no-trump contract in which the joker is the only trump."""
    played = game("standard", {0: "5S 6S 7S 5C 6C 7C 4D 5D 4H 5H", 2: "JK"}, actions=["bid 7S", "bid misere", "pass", "pass", "pass"])
    assert played.declarer == 1 and played.contract is not None and played.contract.id == "misere"
    discard_kitty(played)
    assert played.observation(0).sitting_out == (3,)
    seats = []
    while played.phase is engine.Phase.PLAY and len(seats) < 3:
        seats.append(played.to_act)
        played.apply(played.legal_actions()[0])
    assert seats == [1, 2, 0]
    assert len([event for event in played.events if isinstance(event, TrickWon)][0].cards) == 3


def test_000_open_misere_hand_exposed_after_the_first_trick() -> None:
    """Rules text 000, "Misère and open misère": the declarer "must reveal all of their cards to their
    opponents after the first trick"."""
    played = game("standard", ANY, actions=["bid open_misere", "pass", "pass", "pass"])
    discard_kitty(played)
    for _ in range(2):
        played.apply(played.legal_actions()[0])
    assert played.observation(1).exposed == ()
    played.apply(played.legal_actions()[0])  # the third card completes the first trick (partner sits out)
    exposed = dict(played.observation(1).exposed)
    assert exposed[0] == played.hand_of(0)
    assert any(isinstance(event, HandExposed) and event.seat == 0 for event in played.events)
    assert played.observation(2).hand != played.hand_of(0)  # seat 2 sits out and sees only its own cards


def test_004_american_one_round_is_described_without_bidding_twice() -> None:
    """Rules text 004, "American vs Australian": one round of bidding, so ``show`` says nothing of when a
    player may bid again (it said "each player bids once" and then how a bidder bids again)."""
    from engine.rules.describe import describe

    american, standard = describe(engine.load_variant("american")), describe(engine.load_variant("standard"))
    assert "bids once or passes" in american and "bid again" not in american
    assert "may bid again only after another player has bid" in standard
