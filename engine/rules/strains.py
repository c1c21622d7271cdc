"""Strains (what a contract makes trump) and the card order each one gives.

For every strain the compiler precomputes, per card index, the suit the card *belongs to* when
following suit (a left bower belongs to the trump suit; a joker in no trump belongs to no suit until it
is led and a suit named) and its *power* (higher wins). Every trump outranks every non-trump, so the
winner of a trick is: the highest-powered trump if any trump was played, else the highest-powered card
of the suit led. The kernel needs nothing else to decide a trick, whatever the variant.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..errors import NotFoundError, UsageError, shown
from .cards import Card, Deck

TRUMP_POWER: Final = 1000
"""Added to the power of every trump card, so that any trump beats any plain card."""


@dataclass(frozen=True)
class Strain:
    """A strain: a trump suit, or no trump, with its card-order options."""

    id: str
    """How bids name it: a suit letter, ``NT``, or an id the variant defines (``J5``)."""
    name: str
    """In plain words (``hearts``, ``no trump``)."""
    trump: str | None
    """The trump suit's letter, or ``None`` when the joker(s) are the only trumps."""
    bowers: bool
    """Whether the right and left bowers rank as the top trumps below the joker(s)."""
    jack_high: bool = False
    """J5 order: the jack ranks above the ace in every suit and there is no left bower."""

    def __post_init__(self) -> None:
        if self.bowers and self.trump is None:
            raise UsageError(f"Strain {self.id} cannot have bowers without a trump suit.")


@dataclass(frozen=True)
class CardOrder:
    """The order of every card of a deck in one strain."""

    strain: Strain
    """The strain this order is for."""
    suit_of: tuple[str | None, ...]
    """Per card index: the suit the card belongs to for following suit (``None``: a joker with no suit)."""
    power: tuple[int, ...]
    """Per card index: higher beats lower; trumps have at least :data:`TRUMP_POWER`."""
    trump_cards: tuple[int, ...]
    """Indices of the trump cards, highest first."""
    plain_order: tuple[tuple[str, tuple[int, ...]], ...]
    """For each suit, its non-trump cards from highest to lowest (indices)."""

    def is_trump(self, card: Card) -> bool:
        """Whether ``card`` (a :class:`~engine.rules.cards.Card` of this deck) is a trump in this strain."""
        self._check(card)
        return self.power[card.index] >= TRUMP_POWER

    def winner(self, cards: list[Card], led_suit: str | None) -> int:
        """Position in ``cards`` (one or more :class:`~engine.rules.cards.Card` of this deck) of the card that
        wins a trick led in ``led_suit`` (a suit's letter; ``None`` where a suitless joker led)."""
        if not isinstance(cards, (list, tuple)) or not cards:
            raise UsageError(f"A trick's cards are a list of one card or more, not {shown(cards)}.")
        for card in cards:
            self._check(card)
        if led_suit is not None and led_suit not in self.suit_of:
            suits = ", ".join(sorted({suit for suit in self.suit_of if suit is not None}))
            raise NotFoundError(f"There is no suit {shown(led_suit)} in this deck: the suit led is one of {suits} (or None).")
        best = 0
        best_key = self._key(cards[0], led_suit)
        for position in range(1, len(cards)):
            key = self._key(cards[position], led_suit)
            if key > best_key:
                best, best_key = position, key
        return best

    def _check(self, card: object) -> None:
        if not isinstance(card, Card) or not 0 <= card.index < len(self.power):
            raise UsageError(f"A card order reads cards of its deck (rules.deck.card('AS')), not {shown(card)}.")

    def _key(self, card: Card, led_suit: str | None) -> int:
        power = self.power[card.index]
        if power >= TRUMP_POWER or self.suit_of[card.index] == led_suit:
            return power
        return -1


def _left_bower_suit(deck: Deck, trump: str) -> str | None:
    colour = deck.suit(trump).colour
    mates = [suit.id for suit in deck.suits if suit.colour == colour and suit.id != trump]
    return mates[0] if len(mates) == 1 else None


def compile_card_order(deck: Deck, strain: Strain, rank_order: tuple[str, ...], trump_colour_four: bool) -> CardOrder:
    """Compute the :class:`CardOrder` of ``deck`` in ``strain``.

    Trump order (highest first): the joker(s) in deck order; with bowers, the right then the left bower;
    the trump suit's other cards in rank order; with ``trump_colour_four``, the 4 of the other suit of the
    trump's colour as the lowest trump. With no trump suit the joker(s) are the only trumps. With
    ``jack_high`` every suit's jack ranks above its ace.
    """
    ranks = tuple(rank_order)
    if strain.jack_high and "J" in ranks:
        ranks = ("J",) + tuple(rank for rank in ranks if rank != "J")
    index_of = {(card.rank, card.suit): card.index for card in deck.cards if not card.is_joker}
    trump_cards: list[int] = [card.index for card in deck.cards if card.is_joker]
    claimed: set[int] = set(trump_cards)
    if strain.trump is not None:
        mate = _left_bower_suit(deck, strain.trump)
        if strain.bowers:
            for jack_suit in (strain.trump, mate):
                jack = index_of.get(("J", jack_suit)) if jack_suit else None
                if jack is not None:
                    trump_cards.append(jack)
                    claimed.add(jack)
        for rank in ranks:
            card_index = index_of.get((rank, strain.trump))
            if card_index is not None and card_index not in claimed:
                trump_cards.append(card_index)
                claimed.add(card_index)
        if trump_colour_four and mate is not None:
            four = index_of.get(("4", mate))
            if four is not None and four not in claimed:
                trump_cards.append(four)
                claimed.add(four)
    suit_of: list[str | None] = [card.suit for card in deck.cards]
    power = [0] * len(deck.cards)
    for place, card_index in enumerate(trump_cards):
        power[card_index] = TRUMP_POWER + len(trump_cards) - place
        suit_of[card_index] = strain.trump  # None for jokers in no trump: they follow no suit
    plain: list[tuple[str, tuple[int, ...]]] = []
    for suit in deck.suits:
        if suit.id == strain.trump:
            continue
        order = [index_of[(rank, suit.id)] for rank in ranks if (rank, suit.id) in index_of and index_of[(rank, suit.id)] not in claimed]
        for place, card_index in enumerate(order):
            power[card_index] = len(order) - place
        plain.append((suit.id, tuple(order)))
    return CardOrder(
        strain=strain,
        suit_of=tuple(suit_of),
        power=tuple(power),
        trump_cards=tuple(trump_cards),
        plain_order=tuple(plain),
    )
