"""Cards, suits and decks, and the card notation shared by the API, transcripts and the CLI.

Notation: rank then suit letter (``AS``, ``10H``, ``13D``); ranks ``A K Q J 13 12 11 10 9 .. 2`` with
``T`` accepted for 10; suits as their letters (``S C D H``) or symbols (``♠♣♦♥``); jokers by the id the
variant gives them (``JK`` where there is one).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ..errors import NotFoundError, UsageError, shown

DEFAULT_RANK_ORDER: tuple[str, ...] = ("A", "K", "Q", "J", "13", "12", "11", "10", "9", "8", "7", "6", "5", "4", "3", "2")
"""Ranks from highest to lowest in a plain suit, as the rules texts give them (11-13 sit below the jack)."""

FACE_RANKS: frozenset[str] = frozenset({"K", "Q", "J"})
"""Ranks that count as face cards for the misdeal rule."""


def normalize_rank(rank: object) -> str:
    """The canonical text of a rank: ``10`` and ``"T"`` become ``"10"``; letters are upper-cased."""
    text = str(rank).strip().upper()
    return "10" if text == "T" else text


class Colour(Enum):
    """The colour of a suit (the left bower is the jack of the other suit of the trump's colour)."""

    BLACK = "black"
    """Spades and clubs."""
    RED = "red"
    """Diamonds and hearts."""


@dataclass(frozen=True)
class Suit:
    """One suit of the deck."""

    id: str
    """The suit's letter in card names (``S``)."""
    name: str
    """The suit in plain words (``spades``)."""
    colour: Colour
    """The suit's colour."""
    symbol: str = ""
    """The suit's symbol (``♠``), also accepted on input."""


STANDARD_SUITS: tuple[Suit, ...] = (
    Suit("S", "spades", Colour.BLACK, "♠"),
    Suit("C", "clubs", Colour.BLACK, "♣"),
    Suit("D", "diamonds", Colour.RED, "♦"),
    Suit("H", "hearts", Colour.RED, "♥"),
)
"""The four French suits, lowest bidding rank first."""


@dataclass(frozen=True)
class Card:
    """One card. ``index`` is its position in :attr:`Deck.cards` and identifies it within its deck."""

    index: int
    """Position in the deck's card tuple."""
    rank: str | None
    """Rank text (``"10"``), or ``None`` for a joker."""
    suit: str | None
    """Suit letter, or ``None`` for a joker."""
    joker: str | None = None
    """The joker's id (``"JK"``), or ``None`` for an ordinary card."""

    @property
    def is_joker(self) -> bool:
        """Whether this card is a joker."""
        return self.joker is not None

    def __str__(self) -> str:
        return self.joker if self.joker is not None else f"{self.rank}{self.suit}"

    def __repr__(self) -> str:
        # The notation and the deck position: short enough to read inside an event's or action's repr.
        return f"Card({str(self)!r}, index={self.index})"


@dataclass(frozen=True)
class Joker:
    """A joker of the deck."""

    id: str
    """How the joker is written (``JK``, ``BJ``)."""
    name: str
    """The joker in plain words."""


@dataclass(frozen=True)
class Deck:
    """The cards of a variant: suits, ordinary cards, and jokers (the highest joker first)."""

    suits: tuple[Suit, ...]
    """The suits, lowest bidding rank first."""
    cards: tuple[Card, ...]
    """Every card: the ordinary cards suit by suit, then the jokers, highest first."""
    jokers: tuple[Joker, ...]
    """The jokers, highest first."""
    _by_name: dict[str, Card] = field(default_factory=dict, init=False, repr=False, compare=False)
    _symbols: dict[str, str] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        names: dict[str, Card] = {}
        for position, card in enumerate(self.cards):
            if card.index != position:
                raise UsageError(f"Card {card} has index {card.index} but sits at position {position}.")
            if str(card) in names:
                raise UsageError(f"The deck holds {card} twice.")
            names[str(card)] = card
        object.__setattr__(self, "_by_name", names)
        object.__setattr__(self, "_symbols", {suit.symbol: suit.id for suit in self.suits if suit.symbol})

    def __len__(self) -> int:
        return len(self.cards)

    def suit(self, letter: str) -> Suit:
        """The suit with this letter (:class:`~engine.errors.NotFoundError`, a ``KeyError``, if there is none)."""
        for suit in self.suits:
            if suit.id == letter:
                return suit
        raise NotFoundError(f"{shown(letter)} is not a suit of this deck: its suits are {', '.join(suit.id for suit in self.suits)}.")

    def ranks_of(self, suit: str) -> tuple[str, ...]:
        """The ranks present in ``suit``, in deck order."""
        return tuple(card.rank for card in self.cards if card.suit == suit and card.rank is not None)

    def normalize(self, text: str) -> str:
        """Canonical card text: symbols to letters, ``T`` to 10, upper case. Does not check existence."""
        cleaned = text.strip().upper()
        if cleaned and cleaned[-1] in self._symbols:
            cleaned = cleaned[:-1] + self._symbols[cleaned[-1]]
        if cleaned.startswith("T") and len(cleaned) == 2:
            cleaned = "10" + cleaned[1:]
        return cleaned

    def card(self, text: str) -> Card:
        """The card written ``text`` (``"10H"``, ``"T♥"``, ``"JK"``).

        Raises ``ValueError`` with a full sentence when there is no such card in this deck (or ``text`` is not
        text).
        """
        if not isinstance(text, str):
            raise UsageError(f"A card is written as text, like 'AS' or '10H', not {shown(text)}.")
        found = self._by_name.get(self.normalize(text))
        if found is None:
            raise UsageError(f"{text!r} is not a card of this deck (cards are written like AS, 10H, {self._joker_hint()}).")
        return found

    def _joker_hint(self) -> str:
        return ", ".join(joker.id for joker in self.jokers) or "with no jokers"

    def has(self, text: str) -> bool:
        """Whether ``text`` names a card of this deck (``False`` for what is not text)."""
        return isinstance(text, str) and self.normalize(text) in self._by_name
