"""The joker in no trump (rules text 000, "Joker in no trump"): "a player may not 'renege' with the joker
– that is, use it as a card of a suit in which the player has already claimed to be void (unless the
joker is the only card in the player's hand). In some variations, the joker may only be played as the
first or last card in a suit." Both are variant settings; the kernel plays them."""

from __future__ import annotations

import pytest
from scripted import deal, discard_kitty

import engine

DECLARER_HEARTS = "AH KH QH JH 10H 9H 8H 7H 6H 5H"


def no_trump_game(joker: str, seat_1: str) -> engine.Game:
    """Seat 0 declares 7NT holding ten hearts; seat 1 holds the joker and ``seat_1``'s other cards."""
    rules = engine.compile_text(f"extends: standard\nplay: {{joker_in_no_trump: {joker}}}\n")
    dealt = deal(rules, {0: DECLARER_HEARTS, 1: seat_1})
    played = engine.Game(rules, deals=[dealt], dealer=3)
    for action in ("bid 7NT", "pass", "pass", "pass"):
        played.apply(action)
    discard_kitty(played)
    return played


def follow_with(played: engine.Game, seat_1_card: str) -> None:
    """Seat 0 leads its highest heart; seat 1 plays ``seat_1_card``; seats 2 and 3 their first legal card."""
    played.apply(f"play {played.hand_of(0)[0]}")
    played.apply(f"play {seat_1_card}")
    for _ in range(2):
        played.apply(played.legal_actions()[0])


def test_000_the_joker_may_not_renege() -> None:
    played = no_trump_game("{renege: forbidden}", "JK AS KS QS JS 10S 9S 8S 7S 6S")
    follow_with(played, "6S")  # void in hearts: shown
    assert played.to_act == 0
    played.apply(f"play {played.hand_of(0)[0]}")
    assert "play JK" not in {str(action) for action in played.legal_actions()}
    with pytest.raises(
        engine.IllegalActionError, match="may not play JK to this trick: it has shown void in hearts, and the joker may not renege"
    ):
        played.apply("play JK")


def test_000_the_joker_may_renege_where_the_variant_allows_it() -> None:
    played = no_trump_game("{renege: allowed}", "JK AS KS QS JS 10S 9S 8S 7S 6S")
    follow_with(played, "6S")
    played.apply(f"play {played.hand_of(0)[0]}")
    assert "play JK" in {str(action) for action in played.legal_actions()}


def test_000_before_showing_void_the_joker_may_take_a_suit_trick() -> None:
    played = no_trump_game("{renege: forbidden}", "JK AS KS QS JS 10S 9S 8S 7S 6S")
    played.apply(f"play {played.hand_of(0)[0]}")
    assert "play JK" in {str(action) for action in played.legal_actions()}


def test_000_the_joker_only_as_the_first_or_last_card_of_a_suit() -> None:
    """With the joker playable while holding the suit, it may go to a hearts trick only before seat 1
    has played a heart, or once it has none left."""
    played = no_trump_game("{only_when_void: false, first_or_last_only: true}", "JK 4H AS KS QS JS 10S 9S 8S 7S")
    played.apply(f"play {played.hand_of(0)[0]}")
    assert {"play JK", "play 4H"} <= {str(action) for action in played.legal_actions()}  # first card of hearts: allowed
    played.apply("play 4H")
    for _ in range(2):
        played.apply(played.legal_actions()[0])
    played.apply(f"play {played.hand_of(0)[0]}")
    assert "play JK" in {str(action) for action in played.legal_actions()}  # no heart left: the last one


def test_000_first_or_last_bars_the_joker_in_the_middle_of_a_suit() -> None:
    # Seat 1 may not play the joker after a heart while still holding one: it holds two hearts.
    rules = no_trump_game("{only_when_void: false, first_or_last_only: true}", "JK 4H AS KS QS JS 10S 9S 8S 7S").rules
    dealt = deal(rules, {0: "AH KH QH JH 10H 9H 8H 7H 6S 5S", 1: "JK 6H 5H AS KS QS JS 10S 9S 8S"})
    played = engine.Game(rules, deals=[dealt], dealer=3)
    for action in ("bid 7NT", "pass", "pass", "pass"):
        played.apply(action)
    discard_kitty(played)
    played.apply("play AH")
    played.apply("play 5H")
    for _ in range(2):
        played.apply(played.legal_actions()[0])
    assert played.to_act == 0
    played.apply("play KH")
    assert "play JK" not in {str(action) for action in played.legal_actions()}
    with pytest.raises(engine.IllegalActionError, match="has played hearts before and still holds some"):
        played.apply("play JK")


def test_the_joker_rules_are_played_not_refused() -> None:
    rules = engine.compile_text("extends: standard\nplay: {joker_in_no_trump: {renege: forbidden, first_or_last_only: true}}\n")
    assert engine.unsupported_rules(rules) == []
    assert engine.simulate(rules, games=3, seed=1).tally.games == 3


def _extends_chain(name: str) -> list[str]:
    """The shipped variant ``name`` and the shipped files it extends, nearest first."""
    from engine.language.resources import shipped_variant_path

    chain = [name]
    while True:
        path = shipped_variant_path(chain[-1])
        assert path is not None
        text = path.read_text(encoding="utf-8")
        parent = next((line.split(":", 1)[1].strip() for line in text.splitlines() if line.startswith("extends:")), None)
        if parent is None:
            return chain
        chain.append(parent)


def _shipped() -> list[str]:
    from engine.language.resources import shipped_variant_names

    return sorted(shipped_variant_names())


@pytest.mark.parametrize("variant", _shipped())
def test_each_file_plays_the_joker_as_its_own_rules_text_says(variant: str) -> None:
    """Each shipped file's joker in no trump against the rules text it follows. Rules text 003 (the paragraph
    on card ranking in no trump): "If a player who holds the Joker chooses not to lay the card when he cannot
    follow suit, the Joker can no longer be used to represent a card from that suit", and "if the Joker is
    led, the player must declare what suit the Joker is representing": every file built on
    ``rules-text-003`` forbids the renege. Rules text 004: the joker "can only be played when the player is
    out of the led suit", and its leader chooses the suit to follow. Rules text 000 ("Joker in no trump"):
    the restrictions are "some variations", stated only by ``joker-restrictions`` (which also lets the joker
    go to any trick); the others allow the renege, as standard does."""
    joker = engine.load_variant(variant).play.joker_in_no_trump
    chain = _extends_chain(variant)
    assert joker.lead_names_suit  # texts 000, 003 and 004 alike
    if "joker-restrictions" in chain:
        assert joker.renege_forbidden and joker.first_or_last_only and not joker.may_name_void_suit
        return
    assert joker.only_when_void
    if "rules-text-003" in chain:
        assert joker.renege_forbidden
    else:
        assert not joker.renege_forbidden and not joker.first_or_last_only
