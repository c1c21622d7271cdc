"""Deals: the cards of each hand, dealt from a shuffled deck by the variant's pattern, or scripted.

A deal is chance made explicit: the game asks for one from its ``random.Random`` or takes the next
scripted :class:`Deal`, so tests and transcripts can fix every card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import FiveHundredError, shown
from ..rules.cards import Card
from ..rules.records import Record
from ..rules.ruleset import Rules
from .tables import Tables

MAX_MISDEALS = 1_000
"""Most misdeals in a row before a deal stands whatever the misdeal rule says (the compiler refuses a deck
that could never satisfy it; this bounds the wait on one that almost never does)."""


def copied_random(rng: random.Random) -> random.Random:
    """An independent generator in ``rng``'s state."""
    copy = random.Random(0)  # seeding from a number is cheap; from the system (no seed) is not
    copy.setstate(rng.getstate())
    return copy


class DealError(FiveHundredError, ValueError):
    """A scripted or recorded deal does not fit the variant (wrong sizes, unknown or repeated cards)."""


@dataclass(frozen=True, eq=False, repr=False)
class Deal(Record):
    """The cards of one hand: each seat's, the kitty's and a dead hand's (usually empty)."""

    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards, by seat (dummies after the players, each in the order dealt: its face-down
    cards first, then the face-up ones, the k-th covering the k-th face-down card)."""
    kitty: tuple[Card, ...]
    """The kitty, in the order dealt (the last card is the one shown where a variant shows it)."""
    dead_hand: tuple[Card, ...] = ()
    """Cards dealt to a hand nobody plays."""
    table: tuple[Card, ...] = ()
    """Cards dealt face up to the table (two-handed with 52 cards)."""

    def to_dict(self) -> dict[str, Any]:
        """The deal in transcript form: ``{"hands": [[...], ...], "kitty": [...]}`` (and ``dead_hand`` and
        ``table`` if any)."""
        data: dict[str, Any] = {"hands": [[str(card) for card in hand] for hand in self.hands], "kitty": [str(card) for card in self.kitty]}
        if self.dead_hand:
            data["dead_hand"] = [str(card) for card in self.dead_hand]
        if self.table:
            data["table"] = [str(card) for card in self.table]
        return data

    @classmethod
    def from_dict(cls, rules: Rules, data: object, where: str = "deal") -> Deal:
        """Read a deal in transcript form and check it against ``rules``; raises :class:`DealError`."""
        if not isinstance(data, Mapping):
            raise DealError(f"{where} must be an object with 'hands' and 'kitty', not {type(data).__name__}.")
        unknown = sorted(set(data) - {"hands", "kitty", "dead_hand", "table"}, key=str)
        if unknown:
            raise DealError(f"{where} has unknown key {shown(unknown[0])} (it takes hands, kitty, dead_hand and table).")
        hands = data.get("hands")
        if not isinstance(hands, list):
            raise DealError(f"{where}.hands must be a list of each seat's cards.")
        deal = cls(
            tuple(_card_list(rules, hand, f"{where}.hands[{seat}]") for seat, hand in enumerate(hands)),
            _card_list(rules, data.get("kitty", []), f"{where}.kitty"),
            _card_list(rules, data.get("dead_hand", []), f"{where}.dead_hand"),
            _card_list(rules, data.get("table", []), f"{where}.table"),
        )
        deal.check(rules, where)
        return deal

    def check(self, rules: Rules, where: str = "deal") -> None:
        """Raise :class:`DealError` unless this deal gives every card of the deck once, in the right sizes."""
        seating, size = rules.seating, rules.deal
        if len(self.hands) != seating.seats:
            dummies = f" and {seating.players} dummies (listed after the players' hands)" if seating.dummies else ""
            raise DealError(f"{where} has {len(self.hands)} hands but this variant has {seating.players} players{dummies}.")
        for seat, hand in enumerate(self.hands):
            expected = size.dealt_per_player if seat < seating.players else size.hand_size
            if len(hand) != expected:
                drawn = " (the pairs it draws, in order)" if size.draw else ""
                raise DealError(f"{where}.hands[{seat}] has {len(hand)} cards; each hand has {expected}{drawn}.")
        if len(self.kitty) != size.kitty:
            raise DealError(f"{where}.kitty has {len(self.kitty)} cards; the kitty has {size.kitty}.")
        if len(self.dead_hand) != size.dead_hand:
            raise DealError(f"{where}.dead_hand has {len(self.dead_hand)} cards; the dead hand has {size.dead_hand}.")
        if len(self.table) != size.table:
            raise DealError(f"{where}.table has {len(self.table)} cards; the table has {size.table}.")
        seen: set[int] = set()
        for card in [card for hand in self.hands for card in hand] + list(self.kitty) + list(self.dead_hand) + list(self.table):
            if card.index in seen:
                raise DealError(f"{where} deals {card} twice.")
            seen.add(card.index)


def _card_list(rules: Rules, value: object, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise DealError(f'{where} must be a list of cards like ["AS", "10H"].')
    cards = []
    for position, text in enumerate(value):
        if not isinstance(text, str):
            raise DealError(f'{where}[{position}] must be a card written as text, like "AS".')
        try:
            cards.append(rules.deck.card(text))
        except ValueError as error:
            raise DealError(f"{where}[{position}]: {error}") from None
    return tuple(cards)


def shuffled_deck(tables: Tables, rng: random.Random) -> list[int]:
    """The deck's card indices in the order ``rng`` shuffles them.

    Each card gets a ``rng.random()`` key and the deck is sorted by them: Python promises that
    ``random()`` gives the same numbers from the same seed in every version (``shuffle`` has no such
    promise), so a seed deals the same cards everywhere; it is also quicker than ``shuffle``.
    """
    draw = rng.random
    keys = [draw() for _ in tables.cards]
    return sorted(range(len(keys)), key=keys.__getitem__)


def seat_at(place: int, dealer: int, players: int) -> int:
    """The seat dealt to at ``place`` from the dealer's left: the players' places come first, then
    (where there are dummies) the dummies', in the same order."""
    if place < players:
        return (dealer + 1 + place) % players
    return players + (dealer + 1 + place - players) % players


def deal_of_order(tables: Tables, order: list[int], dealer: int) -> Deal:
    """The deal a shuffled deck gives, dealt by the variant's pattern from the dealer's left (a dummy's
    cards in the order dealt: its face-down cards first)."""
    cards, players, seats = tables.cards, tables.rules.seating.players, len(tables.hand_positions)
    hands: list[tuple[Card, ...]] = [()] * seats
    for place, positions in enumerate(tables.hand_positions):
        hands[seat_at(place, dealer, players)] = tuple([cards[order[position]] for position in positions])
    kitty = tuple([cards[order[position]] for position in tables.kitty_positions])
    dead = tuple([cards[order[position]] for position in tables.dead_positions])
    return Deal(tuple(hands), kitty, dead, tuple([cards[order[position]] for position in tables.table_positions]))


def misdealt_seat(tables: Tables, hands: list[int]) -> int | None:
    """The first seat whose hand ``hands`` (masks) makes a misdeal where the variant redeals a hand
    without a face card, or ``None``."""
    if not tables.rules.deal.misdeal_without_face_card:
        return None
    for seat, hand in enumerate(hands):
        if not hand & tables.face_cards:
            return seat
    return None


def hands_of_order(tables: Tables, order: list[int], dealer: int) -> list[int]:
    """Each seat's hand, as a mask, from a shuffled deck (the kernel's fast form of :func:`deal_of_order`)."""
    players, bits = tables.players, tables.bits
    hands = [0] * len(tables.hand_positions)
    for place, positions in enumerate(tables.hand_positions):
        mask = 0
        for position in positions:
            mask |= bits[order[position]]
        hands[seat_at(place, dealer, players) if place >= players else (dealer + 1 + place) % players] = mask
    return hands
