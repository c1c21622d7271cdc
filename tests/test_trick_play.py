"""How the default bot plays a card to take tricks, plays a contract with a ceiling and plays a hand for the
game near its end (issue 35):
scripted positions named after the rules-text clause each follows, against the ``classic`` profile (the
bot as it was)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.bots.ceiling import ceiling_measure, declaring_side_taken, sure_winners
from engine.bots.heuristic import HeuristicBot
from engine.bots.profile import CLASSIC, Profile
from engine.bots.steering import trick_plan
from engine.bots.trick_play import Table, later_seats, opponents_void, strongest, voids, weakest
from engine.kernel.tables import mask_of, tables_for
from engine.rules import Rules


def card(rules: Rules, name: str) -> int:
    return rules.deck.card(name).index


def hand_of(rules: Rules, *cards: str) -> int:
    return mask_of(card(rules, name) for name in cards)


def table(
    rules: Rules,
    seat: int,
    hand: tuple[str, ...],
    trick: tuple[tuple[int, str], ...],
    declarer: int = 0,
    completed: tuple[tuple[int, tuple[tuple[int, str], ...], int], ...] = (),
) -> Table:
    """Seat ``seat`` of four (partners 0 and 2, 1 and 3) to play to ``trick`` with ``hand``, following
    suit when it can; it has seen its own cards and every card played."""
    mine = hand_of(rules, *hand)
    played = [(who, card(rules, name)) for who, name in trick]
    done = [(leader, tuple((who, card(rules, name)) for who, name in plays), winner, None) for leader, plays, winner in completed]
    seen = mine | mask_of(index for _, index in played) | mask_of(index for _, plays, _, _ in done for _, index in plays)
    suit = rules.deck.card(trick[0][1]).suit if trick else None
    allies = mask_of(other for other in range(4) if other % 2 == seat % 2)
    following = hand_of(rules, *(name for name in hand if rules.deck.card(name).suit == suit))
    playable = following or mine  # (no bowers in these hands: a card follows its own suit)
    return Table(seat, mine, declarer, played, suit, playable, [], seen, done, allies, seat % 2 == declarer % 2, 0, (0, 1, 2, 3))


def played(bot: HeuristicBot, contract: str, position: Table) -> str:
    return str(bot.rules.deck.cards[bot.card_play.play(bot.rules.ladder[contract], position) & 0xFF])


def played_steered(bot: HeuristicBot, contract: str, position: Table, steer: tuple[int, int]) -> str:
    return str(bot.rules.deck.cards[bot.card_play.play(bot.rules.ladder[contract], position, steer) & 0xFF])


def test_000_gameplay_a_partners_winner_an_opponent_may_still_beat_is_covered() -> None:
    """Rules text 000, "Gameplay" (the highest card of the suit led takes the trick): the partner led the
    9♥ and the fourth seat, an opponent not shown void in hearts, may hold a higher heart. The default
    covers with the ace, which nothing still to play can beat; the classic bot let the partner's 9 stand."""
    rules = engine.load_variant("standard")
    position = table(rules, 2, ("AH", "6H", "7C"), ((0, "9H"), (1, "5H")))
    assert later_seats(position) == [3]
    assert played(HeuristicBot(rules, Profile()), "7S", position) == "AH"
    assert played(HeuristicBot(rules, CLASSIC), "7S", position) == "6H"


def test_000_gameplay_a_partners_winner_nobody_can_beat_is_not_overtaken() -> None:
    """Rules text 000, "Gameplay": the partner's ace of hearts cannot be beaten by the fourth seat, which
    follows hearts or has shown no void, so the default plays its cheapest heart, not its king."""
    rules = engine.load_variant("standard")
    position = table(rules, 2, ("KH", "6H", "7C"), ((0, "AH"), (1, "5H")))
    assert played(HeuristicBot(rules, Profile()), "7S", position) == "6H"


def test_000_gameplay_second_hand_keeps_a_winner_an_opponent_may_beat_when_the_partner_plays_last() -> None:
    """Rules text 000, "Gameplay": second to play, with the partner still to play after the third seat, the
    default does not spend its queen of hearts, which the third seat may beat with an unseen king or ace:
    it plays low and leaves the trick to its partner; the classic bot played the queen."""
    rules = engine.load_variant("standard")
    position = table(rules, 1, ("QH", "5H", "7C"), ((0, "9H"),))
    assert later_seats(position) == [2, 3]
    assert played(HeuristicBot(rules, Profile()), "7S", position) == "5H"
    assert played(HeuristicBot(rules, CLASSIC), "7S", position) == "QH"


def test_000_gameplay_a_winner_an_opponent_shown_void_may_trump_is_not_safe() -> None:
    """Rules text 000, "Gameplay" (the highest trump takes the trick): the fourth seat has shown it holds no
    hearts, so it may trump the partner's winning ace: the default, which holds no trump, throws its
    cheapest card; with the fourth seat shown void in trumps too, the ace holds."""
    rules = engine.load_variant("standard")
    earlier = ((1, ((1, "4H"), (2, "8H"), (3, "10C"), (0, "7H")), 2),)
    position = table(rules, 2, ("KH", "6H", "7C"), ((0, "AH"), (1, "5H")), completed=earlier)
    assert voids(HeuristicBot(rules)._strains["S"], position) == {3: {"H"}}
    assert played(HeuristicBot(rules, Profile()), "7S", position) == "6H"


def test_000_gameplay_a_partners_winner_only_a_trump_may_beat_is_not_trumped() -> None:
    """Rules text 000, "Gameplay": the partner's ace of hearts is the best heart left and the fourth seat,
    shown void in hearts, may trump it. Trumping it first would spend two winners on one trick (the joker,
    no card beats, takes a trick of its own later; a lower trump may be overtrumped as the ace would be), so
    the default throws its cheapest card, whichever trump it holds (it trumped with the joker, or with its
    highest trump, before: a player's trial of five-handed 500 asked why a declarer trumped its partner's
    best diamond). A king of hearts, which the fourth seat's unseen ace may beat, is still covered."""
    rules = engine.load_variant("standard")
    bot = HeuristicBot(rules, Profile())
    earlier = ((1, ((1, "4H"), (2, "8H"), (3, "10C"), (0, "7H")), 2),)
    for trump in ("JK", "6S"):
        position = table(rules, 2, (trump, "7C"), ((0, "AH"), (1, "5H")), completed=earlier)
        assert voids(bot._strains["S"], position) == {3: {"H"}}
        assert played(bot, "7S", position) == "7C"
    king = table(rules, 2, ("6S", "7C"), ((0, "KH"), (1, "5H")))
    assert played(bot, "7S", king) == "6S"


def test_000_gameplay_the_joker_is_kept_for_the_trick_only_it_can_hold() -> None:
    """Rules text 000, "Gameplay" (the joker is the highest trump): a defender void in the suit led, holding
    the joker and the 6♠ in a spade contract, trumps the declarer's ace with the 6♠ while the declarer's
    partner, still to play, has shown no void in hearts (it must follow, so nothing beats a trump), and
    keeps the joker. Once that partner has shown it holds no hearts, it may overtrump, so the joker, which
    no card beats, takes the trick; the classic bot trumped with the 6♠ either way."""
    rules = engine.load_variant("standard")
    bot, classic = HeuristicBot(rules, Profile()), HeuristicBot(rules, CLASSIC)
    plain = table(rules, 1, ("JK", "6S", "7C"), ((0, "AH"),))
    assert later_seats(plain) == [2, 3]
    assert played(bot, "7S", plain) == "6S"
    void_elsewhere = table(rules, 1, ("JK", "6S", "7C"), ((0, "AH"),), completed=((3, ((3, "4D"), (0, "8D"), (1, "10D"), (2, "5C")), 1),))
    assert voids(bot._strains["S"], void_elsewhere) == {2: {"D"}}
    assert played(bot, "7S", void_elsewhere) == "6S"  # void in diamonds, it must still follow hearts
    shown = table(rules, 1, ("JK", "6S", "7C"), ((0, "AH"),), completed=((3, ((3, "4H"), (0, "8H"), (1, "10H"), (2, "5C")), 1),))
    assert voids(bot._strains["S"], shown) == {2: {"H"}}
    assert played(bot, "7S", shown) == "JK"
    assert played(classic, "7S", shown) == "6S"


def test_000_leading_trump_stops_once_every_opponent_has_shown_it_holds_none() -> None:
    """Rules text 000, "Leading trump" (flushing out the missing trumps): the declarer holding the top
    trump leads it while an opponent may hold a trump; once both opponents have failed to follow a trump
    lead, the spades still unseen are the partner's, and the declarer cashes its ace of hearts instead
    (+1.3 points a deal over 8,000 paired standard deals). The classic bot drew them anyway."""
    rules = engine.load_variant("standard")
    hand = ("JS", "9S", "AH", "7D")
    followed = ((0, ((0, "JK"), (1, "6S"), (2, "QS"), (3, "7S")), 0),)
    shown = ((0, ((0, "JK"), (1, "6H"), (2, "QS"), (3, "7C")), 0),)
    bot, classic = HeuristicBot(rules, Profile()), HeuristicBot(rules, CLASSIC)
    assert played(bot, "7S", table(rules, 0, hand, (), completed=followed)) == "JS"
    assert voids(bot._strains["S"], table(rules, 0, hand, (), completed=shown)) == {1: {"trump"}, 3: {"trump"}}
    assert played(bot, "7S", table(rules, 0, hand, (), completed=shown)) == "AH"
    assert played(classic, "7S", table(rules, 0, hand, (), completed=shown)) == "JS"


def test_000_hi_lo_the_declarer_takes_tricks_with_its_highest_cards_until_it_has_five() -> None:
    """Rules text 000, "Hi/Lo or 5 and 5": the declarer must take exactly five tricks. Short of five, it
    takes a trick with its highest winner (so that no high card is left to be forced later); with five
    taken, it plays as in a misère: its highest card that loses."""
    rules = engine.load_variant("perfect")
    bot = HeuristicBot(rules, Profile())
    short = table(rules, 0, ("AH", "KH", "6H", "5C"), ((1, "QH"), (3, "4H")))
    assert played(bot, "hi_lo", short) == "AH"
    five = tuple((0, ((0, f"A{suit}"), (1, f"5{suit}"), (3, f"6{suit}")), 0) for suit in "SC") + tuple(
        (0, ((0, f"{rank}H"), (1, f"{low}H"), (3, f"{low + 1}H")), 0) for rank, low in (("A", 7), ("K", 9), ("Q", 4))
    )
    past = table(rules, 0, ("JH", "10H", "6H", "5C"), ((1, "8H"), (3, "5H")), completed=five)
    assert declaring_side_taken(past) == 5
    assert played(bot, "hi_lo", past) == "6H"


def test_000_misere_a_defender_defends_an_open_misere_that_would_win_the_game() -> None:
    """Rules text 000, "Misère and open misère" and "Score keeping": an open misère (500) made from 0
    wins the game, so the defenders' plan for the game is any count of tricks but all ten; the misère's
    defence already plays to hand the declarer a trick, and the defender keeps it (the 6♠, the fewest
    unseen cards below it) rather than play to take no tricks itself (the 8♣), as it did."""
    rules = engine.load_variant("standard")
    team_of = [rules.seating.team_of(seat) for seat in range(rules.seating.seats)]
    plan = trick_plan(rules, team_of, (0, 0), rules.ladder["open_misere"], 0, 1)
    assert plan == (0, 9)
    bot = HeuristicBot(rules, Profile())
    position = table(rules, 1, ("6S", "9H", "10S", "8C", "7S"), ())
    assert played_steered(bot, "open_misere", position, plan) == played(bot, "open_misere", position) == "6S"
    assert str(rules.deck.cards[bot.card_play.play_misere(bot._strains["NT"], position, True)]) == "8C"


def test_000_hi_lo_the_declarer_short_of_five_leads_its_joker_first() -> None:
    """Rules text 000, "Hi/Lo or 5 and 5" and "Joker": no trick the joker is played to is lost, so it is
    one of the declarer's five; led first, it is not left to be forced as a sixth (led only after the
    aces, it was: the best hands were made 46% of the time, 61% since)."""
    rules = engine.load_variant("perfect")
    position = table(rules, 0, ("JK", "AS", "AH", "5C", "4D"), ())
    assert played(HeuristicBot(rules, Profile()), "hi_lo", position) == "JK"


def test_000_hi_lo_past_five_the_declarer_leads_no_suit_every_defender_has_shown_void_in() -> None:
    """Rules text 000, "Hi/Lo or 5 and 5": with its five tricks taken the declarer must lose the rest; the
    5♠, the lowest spade, is its safest lead while a defender may follow spades, but a sure sixth trick
    once both defenders have shown they hold none."""
    rules = engine.load_variant("perfect")
    bot = HeuristicBot(rules, Profile())

    def five(followed: bool) -> tuple[tuple[int, tuple[tuple[int, str], ...], int], ...]:
        first = ("AS", ("7S", "8S") if followed else ("7H", "8H"))
        leads = [first, ("AH", ("9H", "10H")), ("KH", ("JH", "QH")), ("AD", ("7D", "8D")), ("KD", ("9D", "10D"))]
        return tuple((0, ((0, lead), (1, low), (3, high)), 0) for lead, (low, high) in leads)

    following = table(rules, 0, ("5S", "9C"), (), completed=five(True))
    void = table(rules, 0, ("5S", "9C"), (), completed=five(False))
    assert declaring_side_taken(void) == 5
    assert played(bot, "hi_lo", following) == "5S"
    assert played(bot, "hi_lo", void) == "9C"


def test_000_hi_lo_is_bid_by_a_hand_with_five_sure_winners_and_safe_low_cards() -> None:
    """Rules text 000, "Hi/Lo or 5 and 5": a hand with five sure winners (the joker and runs from the top)
    and low cards fits hi/lo; one with two sure winners does not. The bot no longer leaves hi/lo alone."""
    rules = engine.load_variant("perfect")
    bot = HeuristicBot(rules, Profile(calibrated=False))
    fits = hand_of(rules, "JK", "AS", "AC", "KC", "AH", "5S", "6S", "4D", "5D", "4H")
    weak = hand_of(rules, "AS", "AC", "QC", "10H", "9H", "8H", "7D", "9S", "8S", "6C")
    strain = bot._strains["NT"]
    assert len(sure_winners(strain, fits)) == 5
    hi_lo = rules.ladder["hi_lo"]
    assert bot.misere_measure(fits, hi_lo)[0] < 1.0 < bot.misere_measure(weak, hi_lo)[0]
    assert ceiling_measure(strain, fits, 5, bot.card_play.every_card & ~fits, 0, bot._misere.forced) < 1.0
    assert "hi_lo" not in HeuristicBot.leaves_alone(rules)


def test_000_walker_ultimate_500_a_side_that_would_lose_by_making_its_contract_plays_to_be_set() -> None:
    """Rules text 000, "Walker Ultimate 500" (1000 points loses, like the back door): on 800, eight hearts
    (300) made carries the declaring side to 1100 and loses, set by a trick it lands on 500 and wins. So the
    side plays for at most seven tricks (:func:`~engine.bots.steering.trick_plan`), and from the first
    trick plays to take none: last to a trick it could win with the ace, it plays under instead."""
    rules = engine.load_variant("walker")
    team_of = HeuristicBot(rules).tables.team_of
    assert trick_plan(rules, team_of, (800, 0), rules.ladder["8H"], 0, 0) == (0, 7)
    assert trick_plan(rules, team_of, (0, 0), rules.ladder["8H"], 0, 0) is None  # early on: play as usual
    position = table(rules, 2, ("AH", "6H", "7C"), ((3, "9H"), (0, "5H"), (1, "4H")))
    bot = HeuristicBot(rules, Profile())
    assert played(bot, "8H", position) == "AH"
    assert played_steered(bot, "8H", position, (0, 7)) == "6H"


def test_000_walker_ultimate_500_a_defending_side_one_trick_short_of_1000_takes_no_trick() -> None:
    """Rules text 000, "Walker Ultimate 500": defenders on 990 lose with their first trick's ten points, so
    their plan is to take none, and a defender plays under the trick it could win."""
    rules = engine.load_variant("walker")
    team_of = HeuristicBot(rules).tables.team_of
    assert trick_plan(rules, team_of, (0, 990), rules.ladder["7S"], 0, 1) == (0, 0)
    position = table(rules, 3, ("AH", "6H", "7C"), ((0, "9H"), (1, "5H"), (2, "7H")))
    bot = HeuristicBot(rules, Profile())
    assert played(bot, "7S", position) == "AH"
    assert played_steered(bot, "7S", position, (0, 0)) == "6H"


def test_000_gameplay_with_no_sure_winner_the_highest_winner_makes_the_opponent_spend_its_best() -> None:
    """Rules text 000, "Gameplay": third to play, with the fourth seat an opponent and the king and ace of
    hearts unseen, no heart of the seat's is sure. Over its partner's 9♥ it plays its queen, not its jack,
    so that the fourth seat must spend the king or the ace (the classic bot let the 9 stand); over an
    opponent's 9♥ it plays the queen as well (third hand high), where the classic bot played the jack."""
    rules = engine.load_variant("standard")
    over_partner = table(rules, 2, ("QH", "JH", "6H"), ((0, "9H"), (1, "5H")))
    over_opponent = table(rules, 2, ("QH", "JH", "6H"), ((0, "5H"), (1, "9H")))
    bot, classic = HeuristicBot(rules, Profile()), HeuristicBot(rules, CLASSIC)
    assert played(bot, "7S", over_partner) == "QH" and played(classic, "7S", over_partner) == "6H"
    assert played(bot, "7S", over_opponent) == "QH" and played(classic, "7S", over_opponent) == "JH"


def test_000_hi_lo_the_hint_for_the_joker_led_first_says_why() -> None:
    """Rules text 000, "Hi/Lo or 5 and 5": the hint for the declarer's first lead names the joker and the
    reason the bot weighed (it is one of the five), not a draw of trumps."""
    from scripted import discard_kitty, game

    from engine.bots.hints import hint

    played = game("perfect", {0: "JK AS AH AC KS 5C 4D 5H 5D 6D"}, dealer=3, actions=["bid hi_lo", "pass", "pass", "pass"])
    discard_kitty(played)
    while played.to_act != 0 or played.phase is not engine.Phase.PLAY:
        played.apply(played.legal_actions()[0])
    action, why = hint(HeuristicBot(played.rules), played.observation(0), played.legal_actions())
    assert str(action).startswith("play JK") and "short of the 5 tricks" in why and "joker" in why, (action, why)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 42), min_size=1, max_size=12, unique=True), st.lists(st.integers(0, 5), min_size=43, max_size=43))
def test_the_weakest_and_strongest_card_are_mins_and_maxes_by_power(cards: list[int], powers: list[int]) -> None:
    """The card play's cheapest and dearest card (rules text 000 "Gameplay": the bots' follow) are
    ``min`` and ``max`` by power, the first of equal powers (powers drawn from a few values, so ties come)."""
    power = tuple(powers)
    assert weakest(cards, power) == min(cards, key=power.__getitem__)
    assert strongest(cards, power) == max(cards, key=power.__getitem__)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_the_suits_every_opponent_lacks_are_the_intersection_of_their_voids(data: st.DataObject) -> None:
    """Rules text 000 "Gameplay": a suit led that no opponent can follow. The suits every opponent still
    to play has shown void in are the intersection of each opponent's shown voids (none if one has shown none),
    for tricks of any cards, any sides and any seats playing."""
    rules = engine.load_variant(data.draw(st.sampled_from(["standard", "six-handed", "three-handed"]), label="variant"))
    strain = tables_for(rules).strains[data.draw(st.sampled_from(sorted(tables_for(rules).strains)), label="strain")]
    seats = rules.seating.seats
    cards = data.draw(st.lists(st.integers(0, len(rules.deck.cards) - 1), unique=True, min_size=seats, max_size=5 * seats), label="cards")
    tricks = [cards[start : start + seats] for start in range(0, len(cards) - seats + 1, seats)]
    done = [(0, tuple((seat, index) for seat, index in enumerate(trick)), 0, None) for trick in tricks]
    order = tuple(data.draw(st.lists(st.integers(0, seats - 1), unique=True, min_size=1, max_size=seats), label="order"))
    allies = data.draw(st.integers(0, (1 << seats) - 1), label="allies")
    position = Table(order[0], 0, 0, [], None, 0, [], 0, done, allies, True, 0, order)
    known = voids(strain, position)
    opponents = [seat for seat in order if not allies >> seat & 1]
    expected = set.intersection(*(known.get(seat, set()) for seat in opponents)) if opponents else set()
    assert opponents_void(strain, position) == expected


_EXPOSED_QUEEN = {
    "dealer": 0,
    "scores": [0, 0],
    "deal": {
        "hands": [
            ["9S", "8H", "7H", "JD", "JS", "10S", "JK", "6D", "5C", "QD"],
            ["8S", "9D", "KD", "7D", "JC", "6C", "KS", "10C", "AD", "4D"],
            ["10D", "QS", "KH", "4H", "JH", "5D", "9H", "AH", "10H", "5H"],
            ["9C", "6H", "5S", "AS", "6S", "QH", "QC", "7S", "8D", "7C"],
        ],
        "kitty": ["KC", "8C", "AC"],
    },
    "actions": [
        "1 bid 6D",
        "0 bid 6H",
        "1 pass",
        "0 discard JS 10S 9S",
        "0 play JK",
        "1 play 4D",
        "2 play 5H",
        "3 play QH",
        "0 play JD",
        "1 play 6C",
        "2 play 9H",
        "3 play 7S",
        "0 play AC",
        "1 play 10C",
        "2 play 5D",
        "3 play 7C",
        "0 play KC",
        "1 play JC",
        "2 play 10D",
        "3 play 9C",
    ],
}
"""A player's trial (two-handed, seed 3): after AC and KC, seat 0 leads with QC face up in the other
side's dummy (seat 3)."""


def test_000_two_handed_an_opponents_card_face_up_in_its_dummy_is_still_out() -> None:
    """Rules text 000, "Two-handed 500" (each player plays a dummy whose cards lie face up as they are
    turned): the default bot led 8C as "the best card left in its suit (no higher one is still out)" with
    QC face up in the opponents' dummy, which took the trick; an opponent's card on show is still out
    against the seat (only its own side's count as accounted for). The lead now is not that 8C."""
    from engine.bots import HeuristicBot
    from engine.bots.hints import hint

    data = _EXPOSED_QUEEN
    rules = engine.load_variant("two-handed")
    game = engine.Game(rules, dealer=data["dealer"], scores=data["scores"], deals=[data["deal"]], seed=0)
    for entry in data["actions"]:
        game.apply(entry.split(" ", 1)[1])
    seat = game.to_act
    assert seat == 0 and "QC" in {str(card) for each, cards in game.observation(0).exposed for card in cards if each == 3}
    action, reason = hint(HeuristicBot(rules, seed=1), game.observation(0), game.legal_actions())
    assert action != engine.Play(rules.deck.card("8C")) and "no higher one is still out" not in reason, reason
