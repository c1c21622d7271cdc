"""Facts stated by the rules texts (../shared/rules), checked on the compiled variants.

Each test names the rules text and section it checks.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine
from engine.errors import VariantError
from engine.rules import Rules


def trumps(rules: Rules, strain: str) -> list[str]:
    order = rules.card_order(strain)
    return [str(rules.deck.cards[index]) for index in order.trump_cards]


def plain(rules: Rules, strain: str, suit: str) -> list[str]:
    for letter, cards in rules.card_order(strain).plain_order:
        if letter == suit:
            return [str(rules.deck.cards[index]) for index in cards]
    raise AssertionError(f"no plain suit {suit}")


def ladder_ids(rules: Rules) -> list[str]:
    return [contract.id for contract in rules.ladder]


def test_000_setup_standard_deck_has_43_cards_with_red_fours() -> None:
    rules = engine.load_variant("standard")
    names = {str(card) for card in rules.deck.cards}
    assert len(rules.deck) == 43 and {"4D", "4H", "JK"} <= names and not {"4S", "4C", "3H", "2D"} & names


def test_000_setup_trump_order_in_diamonds_is_joker_right_left_then_ace_down() -> None:
    rules = engine.load_variant("standard")
    assert trumps(rules, "D") == ["JK", "JD", "JH", "AD", "KD", "QD", "10D", "9D", "8D", "7D", "6D", "5D", "4D"]


def test_000_setup_left_bower_leaves_its_printed_suit() -> None:
    rules = engine.load_variant("standard")
    assert "JH" not in plain(rules, "D", "H")
    jack_of_hearts = rules.deck.card("JH")
    order = rules.card_order("D")
    assert order.suit_of[jack_of_hearts.index] == "D" and order.is_trump(jack_of_hearts)


def test_000_setup_plain_suit_order_is_ace_king_queen_jack_down() -> None:
    rules = engine.load_variant("standard")
    assert plain(rules, "S", "H") == ["AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "5H", "4H"]


def test_000_joker_is_the_only_trump_in_no_trump_and_follows_no_suit() -> None:
    rules = engine.load_variant("standard")
    order = rules.card_order("NT")
    assert trumps(rules, "NT") == ["JK"]
    assert order.suit_of[rules.deck.card("JK").index] is None


def test_000_setup_black_joker_beats_red_with_two_jokers() -> None:
    rules = engine.load_variant("46-card")
    assert trumps(rules, "NT") == ["BJ", "RJ"]
    assert trumps(rules, "H")[:4] == ["BJ", "RJ", "JH", "JD"]


def test_000_setup_four_of_the_trump_colour_is_a_trump() -> None:
    """'the 4 that matches the trump colour is also considered trump, so that there are always 13'."""
    rules = engine.load_variant("trump-colour-four")
    for strain in "SCDH":
        assert len(trumps(rules, strain)) == 13
    assert trumps(rules, "S")[-1] == "4C" and "4C" not in plain(rules, "S", "C")
    assert trumps(rules, "D")[-1] == "4H"


def test_002_non_standard_bids_j5_jack_high_and_no_left_bower() -> None:
    rules = engine.compile_text("extends: standard\nstrains:\n  J5: {name: J5 no trump, trump: none, jack_high: true}\n")
    assert trumps(rules, "J5") == ["JK"]
    assert plain(rules, "J5", "H")[:3] == ["JH", "AH", "KH"]
    assert plain(rules, "J5", "D")[:2] == ["JD", "AD"]


def test_000_six_handed_ranks_11_12_13_between_queen_and_ten() -> None:
    rules = engine.load_variant("six-handed")
    assert len(rules.deck) == 63
    assert plain(rules, "S", "H")[:8] == ["AH", "KH", "QH", "JH", "13H", "12H", "11H", "10H"]
    assert "13S" not in {str(card) for card in rules.deck.cards}
    assert trumps(rules, "S")[:7] == ["JK", "JS", "JC", "AS", "KS", "QS", "12S"]


def test_000_avondale_table_values() -> None:
    rules = engine.load_variant("standard")
    values = {contract.id: contract.value for contract in rules.ladder}
    assert (values["6S"], values["6NT"], values["7H"], values["8D"], values["10NT"]) == (40, 120, 200, 280, 520)


def test_000_original_table_values() -> None:
    rules = engine.load_variant("original")
    values = {contract.id: contract.value for contract in rules.ladder}
    assert (values["6S"], values["6C"], values["7NT"], values["9NT"], values["10H"], values["10NT"]) == (40, 80, 300, 500, 480, 600)


def test_000_perfect_table_values() -> None:
    rules = engine.load_variant("perfect")
    values = {contract.id: contract.value for contract in rules.ladder}
    assert (values["6S"], values["10NT"], values["misere"], values["hi_lo"], values["patastrophe"]) == (20, 500, 150, 350, 750)


def test_000_misere_between_8_spades_and_8_clubs_once_the_auction_reached_7() -> None:
    rules = engine.load_variant("standard")
    ids = ladder_ids(rules)
    assert ids[ids.index("misere") - 1] == "8S" and ids[ids.index("misere") + 1] == "8C"
    assert rules.ladder["misere"].eligibility.auction_reached == 7
    assert rules.ladder["misere"].target.is_no_tricks


def test_000_open_misere_500_between_10_diamonds_and_10_hearts_at_any_time() -> None:
    rules = engine.load_variant("standard")
    ids = ladder_ids(rules)
    assert ids[ids.index("open_misere") - 1] == "10D" and ids[ids.index("open_misere") + 1] == "10H"
    open_misere = rules.ladder["open_misere"]
    assert open_misere.value == 500 and open_misere.eligibility.auction_reached is None
    assert open_misere.style.exposed.value == "declarer" and open_misere.style.partner.value == "sits_out"


def test_000_australian_deck_misere_above_7nt_and_open_misere_520_highest() -> None:
    rules = engine.load_variant("australian")
    ids = ladder_ids(rules)
    assert ids[ids.index("misere") - 1] == "7NT" and ids[ids.index("misere") + 1] == "8S"
    assert ids[-1] == "open_misere" and rules.ladder["open_misere"].value == 520
    assert rules.end.must_win_by_bid and rules.scoring.defender_cap == 490


def test_004_american_one_round_inkles_by_first_two_and_open_nullo_highest() -> None:
    rules = engine.load_variant("american")
    assert rules.auction.rounds.value == "one"
    assert rules.auction.inkles is not None and rules.auction.inkles.bidders == 2 and not rules.auction.inkles.can_win
    assert ladder_ids(rules)[-1] == "open_misere" and rules.ladder["open_misere"].name == "open nullo"
    slam = rules.scoring.slam
    assert slam is not None and slam.applies(rules.ladder["8S"]) and not slam.applies(rules.ladder["8C"])


def test_000_slam_250_on_contracts_worth_less_than_250() -> None:
    rules = engine.load_variant("standard")
    slam = rules.scoring.slam
    assert slam is not None and slam.value == 250
    assert slam.applies(rules.ladder["8S"]) and not slam.applies(rules.ladder["8C"])
    assert not slam.applies(rules.ladder["misere"])


def test_000_split_the_colours_places_the_misere_family_between_black_and_red() -> None:
    ids = ladder_ids(engine.load_variant("split-the-colours"))
    for special, level in (("misere", 7), ("open_misere", 8), ("hi_lo", 9), ("double_misere", 10)):
        position = ids.index(special)
        assert ids[position - 1] == f"{level}C" and ids[position + 1] == f"{level}D"


def test_000_perfect_ranks_specials_by_value_which_splits_the_colours() -> None:
    ids = ladder_ids(engine.load_variant("perfect"))
    assert ids[ids.index("misere") - 1] == "7C" and ids[ids.index("misere") + 1] == "7D"
    assert ids[-2:] == ["patastrophe", "blind_misere"]


def test_000_french_canadian_misere_500_below_8nt_open_1000_below_10nt_to_1000() -> None:
    rules = engine.load_variant("french-canadian")
    ids = ladder_ids(rules)
    assert ids[ids.index("misere") + 1] == "8NT" and ids[ids.index("open_misere") + 1] == "10NT"
    assert [joker.id for joker in rules.deck.jokers] == ["WJ", "CJ"]
    assert rules.end.target == 1000 and rules.end.lose_at is None and rules.scoring.scores_never_decrease
    assert rules.deal.kitty == 6 and len(rules.deck) == 46


def test_000_six_handed_teams_of_three_alternate_and_of_two_sit_opposite() -> None:
    assert engine.load_variant("six-handed").seating.teams == ((0, 2, 4), (1, 3, 5))
    assert engine.load_variant("six-handed-three-teams").seating.teams == ((0, 3), (1, 4), (2, 5))


def test_003_five_handed_secret_partner_half_points_not_trump_or_own_card() -> None:
    called = engine.load_variant("five-handed-secret").seating.called_partner
    assert called is not None and called.reveal.value == "when_played" and called.partner_share.value == "half"
    assert {"trump", "own_card"} <= called.may_not_name


def test_000_two_handed_dummies_and_no_misere() -> None:
    rules = engine.load_variant("two-handed")
    assert rules.seating.dummies is not None and rules.seating.dummies.face_down == 5
    assert "misere" not in rules.ladder and "open_misere" not in rules.ladder


def test_000_walker_exact_500_and_1000_loses() -> None:
    end = engine.load_variant("walker").end
    assert end.exact_target and end.lose_at_or_above == 1000 and end.lose_at == -500


def test_003_open_misere_520_is_the_highest_bid_and_kitty_swaps_any_number() -> None:
    rules = engine.load_variant("rules-text-003")
    assert ladder_ids(rules)[-1] == "open_misere" and rules.kitty.exchange.value == "any_number"
    assert rules.auction.all_pass.action.value == "play_no_trump"


def test_000_standard_ends_at_plus_or_minus_500_and_bidder_wins_ties() -> None:
    end = engine.load_variant("standard").end
    assert (end.target, end.lose_at, end.simultaneous.value, end.must_win_by_bid) == (500, -500, "bidder", False)


def test_003_the_play_any_number_of_kitty_cards_may_be_swapped_and_every_discard_keeps_ten() -> None:
    """Rules text 003, "The Play": "the declarer may pick up the stockpile and swap any number of the cards
    within it with cards from his own hand." Issue 49, item 5: every legal discard has the kitty's size
    (the hand stays at ten), and among them the declarer keeps any number of kitty cards, from none (the
    kitty put back whole) to all of them (as many hand cards put away)."""
    import random

    from engine.kernel.events import KittyTaken

    rules = engine.load_variant("rules-text-003")
    game = engine.Game(rules, seed=5)
    rng = random.Random(5)
    while game.phase.value == "auction":
        bids = [action for action in game.legal_actions() if str(action).startswith("bid ")]
        game.apply(bids[0] if game.to_act == 1 and bids else "pass" if game.can_apply("pass") else rng.choice(bids))
    taken = next(event for event in game.events if isinstance(event, KittyTaken))
    kitty = set(taken.cards)
    discards = [action for action in game.legal_actions() if isinstance(action, engine.Discard)]
    assert len(discards) == len(game.legal_actions()) == 286
    assert {len(action.cards) for action in discards} == {len(kitty)} == {3}
    kept = {len(kitty - set(action.cards)) for action in discards}
    assert kept == {0, 1, 2, 3}
    assert len(game.hand_of(taken.seat)) == 13


def _house(tmp_path: Path, text: str) -> Rules:
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    return engine.load_variant(path)


def test_000_setup_a_45_card_deck_alone_keeps_hands_of_10_and_the_kitty_takes_5(tmp_path: Path) -> None:
    """Rules text 000, "Setup": with the 45-card deck "each player still receives a hand of 10 cards, but
    the kitty is increased to five cards (six with two jokers)". The design note's ``deck: 45-card`` over
    ``standard``, the kitty left to the file it extends, plays so: standard's pattern spreads the two
    cards more over its turns of the kitty."""
    rules = _house(tmp_path, "extends: standard\ndeck: 45-card\n")
    assert (len(rules.deck.cards), rules.deal.hand_size, rules.deal.kitty) == (45, 10, 5)
    assert [(step.target.value, step.cards) for step in rules.deal.steps] == [
        ("players", 3), ("kitty", 2), ("players", 4), ("kitty", 2), ("players", 3), ("kitty", 1)
    ]  # fmt: skip
    two_jokers = _house(tmp_path, "extends: 45-card\ndeck: 46-card\n")
    assert (len(two_jokers.deck.cards), two_jokers.deal.hand_size, two_jokers.deal.kitty) == (46, 10, 6)
    own_pattern = _house(tmp_path, "extends: standard\ndeck: 45-card\ndeal: {pattern: 3-3-4-2-3}\n")
    assert [step.cards for step in own_pattern.deal.steps] == [3, 3, 4, 2, 3]


def test_000_setup_a_fitted_kitty_is_carried_whole_and_replays(tmp_path: Path) -> None:
    """The fitted deal is what a saved game carries (rules text 000, "Setup": the 45-card kitty of five),
    so the record replays with no file to inherit from; the file's changes from its base name the kitty."""
    from engine.game.records import variant_fields
    from engine.rules.describe import extended_base, rule_changes

    rules = _house(tmp_path, "extends: standard\ndeck: 45-card\n")
    carried = variant_fields(rules)["variant_rules"]["document"]
    assert carried["deal"]["kitty_size"] == 5 and carried["deal"]["pattern"] == "3-2-4-2-3-1"
    game = engine.Game(rules, seed=5)
    game.apply(game.legal_actions()[0])
    saved = json.loads(json.dumps(game.to_dict()))
    again = engine.Game.from_dict(saved)
    assert again.rules == rules and again.to_dict() == game.to_dict()
    base = extended_base(rules)
    assert not isinstance(base, str), base
    kitty = [change for change in rule_changes(base[1], rules) if change.key == "deal"]
    assert kitty and "5 to the kitty" in str(kitty[0].after) and "3 to the kitty" in str(kitty[0].before)


def test_000_setup_a_dead_hand_and_dummies_keep_their_ten_and_the_kitty_takes_the_rest(tmp_path: Path) -> None:
    """Rules text 000, "Setup" (the 45-card kitty of five) with a dead hand and with dummies: each keeps
    its 10 cards as a player's hand does, and the kitty's steps of a list take the extra cards. Three-handed
    with a dead hand and ``deck: 45-card`` deals as the shipped ``three-handed-dead-hand-45`` does."""
    dead = _house(tmp_path, "extends: three-handed-dead-hand\ndeck: 45-card\n")
    assert dead.deal == engine.load_variant("three-handed-dead-hand-45").deal
    two = _house(tmp_path, "extends: two-handed\ndeck: 45-card\n")
    assert (two.deal.hand_size, two.deal.kitty, two.seating.dummies and two.seating.dummies.size) == (10, 5, 10)
    assert [step.cards for step in two.deal.steps if step.target.value == "kitty"] == [2, 2, 1]


def test_000_setup_a_kitty_written_with_the_deck_is_kept_and_must_fit(tmp_path: Path) -> None:
    """Only a kitty inherited from before the deck follows it: one the file writes beside its deck is the
    author's, and a deal that then does not use the deck exactly is refused with the deal that would
    (rules text 000, "Setup"); so is a deal drawn in pairs, which is not fitted."""
    with pytest.raises(VariantError, match="A kitty of 5 would fit"):
        _house(tmp_path, "extends: standard\ndeck: 45-card\ndeal: {kitty_size: 3}\n")
    with pytest.raises(VariantError, match="the kitty should get 5. A pattern that does: 3-3-4-2-3\\."):
        _house(tmp_path, "extends: standard\ndeck: 45-card\ndeal: {pattern: 3-3-4-3-3}\n")
    with pytest.raises(VariantError, match="The deal does not use the deck exactly"):
        _house(tmp_path, "extends: two-handed-draw\ndeck: 45-card\n")
    # A deck the hands use up leaves no kitty to fit: a game without one is the file's to say (a review).
    with pytest.raises(VariantError, match="The deal does not use the deck exactly"):
        _house(tmp_path, "extends: standard\ndeck: {base: 52-card, ranks: [A, K, Q, J, '10', '9', '8', '7', '6', '5']}\n")


def test_the_design_notes_house_rules_file_is_valid_as_written(tmp_path: Path) -> None:
    """The design note's Harbour Street file (../shared/design/house-rules-file.md, copied here: the note
    is outside the repository) compiles as written: 45 cards with the kitty of five rules text 000's
    "Setup" gives them, misère above 7NT once the auction reached 7, breach at 100, must win by a bid."""
    rules = _house(
        tmp_path,
        """\
# yaml-language-server: $schema=https://example.invalid/variant.schema.json
extends: standard
name: Harbour Street rules
description: 45 cards, misère above 7NT, breach at 100, must win by a bid.

deck: 45-card                 # a named pack, or suits/ranks/jokers spelled out
contracts:
  misere:
    placement: {above: 7NT}   # where it sits in the bid ladder
    eligible: {auction_reached: 7}
breach:
  value: 100
end:
  must_win_by_bid: true
""",
    )
    ladder = ladder_ids(rules)
    assert (len(rules.deck.cards), rules.deal.kitty) == (45, 5)
    assert ladder.index("misere") == ladder.index("7NT") + 1
    assert rules.breach is not None and rules.end.must_win_by_bid


def test_000_setup_two_jokers_are_both_the_only_trumps_in_no_trump_in_show() -> None:
    """Rules text 000, "Setup" (sometimes two jokers, the black beating the red) and "Joker in no trump": a
    rules author's trial read ``show`` of a two-joker deck saying "the joker: it is the only trump" under a
    card order of two; it speaks of both now, and of one where there is one."""
    from engine.rules.describe import describe

    assert "In no trump the jokers: they are the only trumps; each may be played only when void" in describe(engine.load_variant("46-card"))
    assert "In no trump the joker: it is the only trump; it may be played only when void" in describe(engine.load_variant("standard"))


def test_001_bidding_only_the_first_two_players_may_inkle_and_show_says_the_others_have_no_such_bids() -> None:
    """Rules text 001, "Bidding" ("Only the first two players may inkle"): the others have no bids at the
    inkle's level at all, which ``show`` said only as "made by only the first 2 players" (a trial read that
    the others bid six for real)."""
    from engine.rules.describe import describe

    rules = engine.load_variant("american")
    assert "made by only the first 2 players in turn (the others have no level-6 bids)" in describe(rules)
    game = engine.Game(rules, seed=1)
    while game.to_act != (game.dealer + 3) % 4:
        game.apply("pass")
    assert not any(str(action).startswith("bid 6") for action in game.legal_actions())
