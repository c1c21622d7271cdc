"""Misère defence (issue 35: "misère defence played as a strong player would: lead through the misère
declarer's weak suits"). Rules text 000, "Misère": the declarer must lose every trick, so a defender leads
the card the declarer cannot play under."""

from __future__ import annotations

import engine
from engine.bots.misere_defence import classic_lead, declarer_voids, defence_lead
from engine.kernel.tables import mask_of, tables_for

RULES = engine.load_variant("standard")
TABLES = tables_for(RULES)
NO_TRUMP = TABLES.strains["NT"]


def index(name: str) -> int:
    return RULES.deck.card(name).index


def indices(names: str) -> list[int]:
    return [index(name) for name in names.split()]


def test_against_an_open_misere_the_defender_leads_the_card_the_declarer_must_beat() -> None:
    """The declarer shows 9H 10H QS 5S: a 7H lead leaves no heart below it, so the declarer must win; the
    6S lets the 5S under it, and the declarer holds no diamond to be forced with."""
    declarer_shown = mask_of(indices("9H 10H QS 5S"))
    lead = defence_lead(NO_TRUMP, indices("6S 7H 8D"), 2, [], 0, declarer_shown)
    assert lead == index("7H")
    # The classic bot led its lowest card of the suit the declarer followed most: with nothing followed yet, the 6S.
    assert classic_lead(NO_TRUMP, indices("6S 7H 8D"), 2, []) == index("6S")


def test_against_a_closed_misere_the_lead_leaves_the_fewest_unseen_cards_below_it() -> None:
    """The 7H has two unseen hearts below it (the declarer's escapes); the 5S, 8D and 4D none."""
    unseen = mask_of(indices("6S 7S 8S 5H 6H 9D 10D"))
    lead = defence_lead(NO_TRUMP, indices("5S 7H 8D 4D"), 1, [], unseen, 0)
    assert lead in indices("5S 4D")  # each the lowest of its suit


def test_a_suit_the_declarer_showed_void_in_is_not_led() -> None:
    completed = [(0, [(0, index("6D")), (1, index("9S")), (2, index("7D")), (3, index("8D"))], 3, None)]
    assert declarer_voids(NO_TRUMP, completed, 1) == {"D"}
    unseen = mask_of(indices("6S 7S 8S 9H 10H"))
    assert defence_lead(NO_TRUMP, indices("4D 8H"), 1, completed, unseen, 0) == index("8H")
