"""Deals: the cards of each hand, dealt from a shuffled deck by the variant's pattern, or scripted.

A deal is chance made explicit: the game asks for one from its ``random.Random`` or takes the next
scripted :class:`Deal`, so tests and transcripts can fix every card.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping

from .cards import Card
from .errors import FiveHundredError
from .rules import DealTarget, Rules
from .tables import Tables, mask_of, tables_for


class DealError(FiveHundredError, ValueError):
    """A scripted or recorded deal does not fit the variant (wrong sizes, unknown or repeated cards)."""


@dataclass(frozen=True)
class Deal:
    """The cards of one hand: each seat's, the kitty's and a dead hand's (usually empty)."""

    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards, by seat."""
    kitty: tuple[Card, ...]
    """The kitty, in the order dealt (the last card is the one shown where a variant shows it)."""
    dead_hand: tuple[Card, ...] = ()
    """Cards dealt to a hand nobody plays."""

    def to_dict(self) -> dict[str, Any]:
        """The deal in transcript form: ``{"hands": [[...], ...], "kitty": [...]}`` (and ``dead_hand`` if any)."""
        data: dict[str, Any] = {"hands": [[str(card) for card in hand] for hand in self.hands], "kitty": [str(card) for card in self.kitty]}
        if self.dead_hand:
            data["dead_hand"] = [str(card) for card in self.dead_hand]
        return data

    @classmethod
    def from_dict(cls, rules: Rules, data: object, where: str = "deal") -> Deal:
        """Read a deal in transcript form and check it against ``rules``; raises :class:`DealError`."""
        if not isinstance(data, Mapping):
            raise DealError(f"{where} must be an object with 'hands' and 'kitty', not {type(data).__name__}.")
        unknown = sorted(set(data) - {"hands", "kitty", "dead_hand"})
        if unknown:
            raise DealError(f"{where} has unknown key {unknown[0]!r} (it takes hands, kitty and dead_hand).")
        hands = data.get("hands")
        if not isinstance(hands, list):
            raise DealError(f"{where}.hands must be a list of each seat's cards.")
        deal = cls(
            tuple(_card_list(rules, hand, f"{where}.hands[{seat}]") for seat, hand in enumerate(hands)),
            _card_list(rules, data.get("kitty", []), f"{where}.kitty"),
            _card_list(rules, data.get("dead_hand", []), f"{where}.dead_hand"),
        )
        deal.check(rules, where)
        return deal

    def check(self, rules: Rules, where: str = "deal") -> None:
        """Raise :class:`DealError` unless this deal gives every card of the deck once, in the right sizes."""
        players, size = rules.seating.players, rules.deal
        if len(self.hands) != players:
            raise DealError(f"{where} has {len(self.hands)} hands but this variant has {players} players.")
        for seat, hand in enumerate(self.hands):
            if len(hand) != size.hand_size:
                raise DealError(f"{where}.hands[{seat}] has {len(hand)} cards; each hand has {size.hand_size}.")
        if len(self.kitty) != size.kitty:
            raise DealError(f"{where}.kitty has {len(self.kitty)} cards; the kitty has {size.kitty}.")
        if len(self.dead_hand) != size.dead_hand:
            raise DealError(f"{where}.dead_hand has {len(self.dead_hand)} cards; the dead hand has {size.dead_hand}.")
        seen: set[int] = set()
        for card in [card for hand in self.hands for card in hand] + list(self.kitty) + list(self.dead_hand):
            if card.index in seen:
                raise DealError(f"{where} deals {card} twice.")
            seen.add(card.index)


def _card_list(rules: Rules, value: object, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise DealError(f"{where} must be a list of cards like [\"AS\", \"10H\"].")
    cards = []
    for position, text in enumerate(value):
        if not isinstance(text, str):
            raise DealError(f"{where}[{position}] must be a card written as text, like \"AS\".")
        try:
            cards.append(rules.deck.card(text))
        except ValueError as error:
            raise DealError(f"{where}[{position}]: {error}") from None
    return tuple(cards)


def deal_cards(rules: Rules, dealer: int, rng: random.Random) -> Deal:
    """Shuffle the deck with ``rng`` and deal it by the variant's pattern, starting left of the dealer."""
    return deal_with_masks(tables_for(rules), dealer, rng)[0]


def deal_with_masks(tables: Tables, dealer: int, rng: random.Random) -> tuple[Deal, list[int]]:
    """:func:`deal_cards` for the kernel: the deal and each seat's hand as a mask of card indices."""
    rules, cards = tables.rules, tables.cards
    order = list(range(len(cards)))
    rng.shuffle(order)
    players = rules.seating.players
    hands: list[list[int]] = [[] for _ in range(players)]
    kitty: list[int] = []
    dead: list[int] = []
    position = 0
    for step in rules.deal.steps:
        if step.target is DealTarget.PLAYERS:
            for offset in range(1, players + 1):
                hands[(dealer + offset) % players].extend(order[position : position + step.cards])
                position += step.cards
        else:
            pile = kitty if step.target is DealTarget.KITTY else dead
            pile.extend(order[position : position + step.cards])
            position += step.cards
    deal = Deal(
        tuple(tuple([cards[index] for index in hand]) for hand in hands),
        tuple([cards[index] for index in kitty]),
        tuple([cards[index] for index in dead]),
    )
    return deal, [mask_of(hand) for hand in hands]
