"""Helpers for scripted hands: deals written as text, and games driven by action lists."""

from __future__ import annotations

import engine
from engine.kernel.deal import Deal
from engine.rules import Rules


def deal(rules: Rules, hands: dict[int, str], kitty: str | None = None) -> Deal:
    """A deal giving each listed seat the cards written (``"JK JH AH"``); the kitty (if written) too;
    every other seat and the kitty are filled with the remaining cards in deck order. A dummy's seat
    (two-handed) lists its face-down cards first."""
    used = {rules.deck.card(text).index for text in " ".join(hands.values()).split()}
    if kitty is not None:
        used |= {rules.deck.card(text).index for text in kitty.split()}
    rest = [card for card in rules.deck.cards if card.index not in used]
    seats = []
    for seat in range(rules.seating.seats):
        # A player drawing its hand is dealt its pairs, in the order drawn.
        size = rules.deal.dealt_per_player if seat < rules.seating.players else rules.deal.hand_size
        if seat in hands:
            given = tuple(rules.deck.card(text) for text in hands[seat].split())
            if len(given) < size:  # top up a partly written hand
                given, rest = given + tuple(rest[: size - len(given)]), rest[size - len(given) :]
            seats.append(given)
        else:
            seats.append(tuple(rest[:size]))
            rest = rest[size:]
    if kitty is not None:
        kitty_cards = tuple(rules.deck.card(text) for text in kitty.split())
    else:
        kitty_cards, rest = tuple(rest[: rules.deal.kitty]), rest[rules.deal.kitty :]
    made = Deal(tuple(seats), kitty_cards, tuple(rest[: rules.deal.dead_hand]))
    made.check(rules)
    return made


def game(
    variant: str, hands: dict[int, str], kitty: str | None = None, *, dealer: int = 3, actions: list[str] = (), **kwargs: object
) -> engine.Game:  # type: ignore[assignment]
    """A game of ``variant`` whose first deal is scripted, after applying ``actions`` (text forms)."""
    rules = engine.load_variant(variant)
    played = engine.Game(rules, dealer=dealer, deals=[deal(rules, hands, kitty)], seed=0, **kwargs)  # type: ignore[arg-type]
    for action in actions:
        played.apply(action)
    return played


def legal_texts(played: engine.Game) -> set[str]:
    """The legal actions of the seat to act, as text."""
    return {str(action) for action in played.legal_actions()}


def discard_kitty(played: engine.Game) -> None:
    """The declarer discards exactly the cards the kitty brought, keeping the dealt hand."""
    taken = [event for event in played.events if isinstance(event, engine.kernel.events.KittyTaken)][-1]
    played.apply("discard " + " ".join(str(card) for card in taken.cards))
