"""Events: frozen records of everything that happens in a game, appended to ``Game.events`` in order.

Events are the omniscient record (the deal included); what one seat may know is
``Game.observation(seat)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Union

from ..rules.cards import Card


@dataclass(frozen=True)
class HandResult:
    """The outcome of one hand, as ``fivehundred replay`` reports it."""

    contract: str | None
    """The contract played, or ``None`` when nobody won the auction."""
    declarer: int | None
    """The declarer's seat, or ``None``."""
    made: bool
    """Whether the contract was made (``False`` when there was none)."""
    tricks: tuple[int, ...]
    """Tricks taken, per seat."""
    hand_points: tuple[int, ...]
    """Points each team scored on this hand (negative when lost)."""
    scores: tuple[int, ...]
    """Team scores after the hand."""
    next_hand_banned: tuple[int, ...]
    """Seats that may not bid in the next hand (the set rule, ralphing)."""
    game_over: bool
    """Whether this hand ended the game."""
    winner: int | None
    """The winning team, when the game is over and someone won."""
    next_dealer: int | None = None
    """Who deals the next hand (the same seat on an all-pass redeal), or ``None`` when the game is over."""
    partner: int | None = None
    """The called partner's seat (five-handed), or ``None`` when the declarer played without one."""

    def to_dict(self) -> dict[str, object]:
        """The result in the JSON form of ``fivehundred replay --format json``."""
        return {
            "contract": self.contract,
            "declarer": self.declarer,
            "made": self.made,
            "tricks": list(self.tricks),
            "hand_points": list(self.hand_points),
            "scores": list(self.scores),
            "next_hand_banned": list(self.next_hand_banned),
            "game_over": self.game_over,
            "winner": self.winner,
            "next_dealer": self.next_dealer,
            "partner": self.partner,
        }


class GameEnd(Enum):
    """How a game ended."""

    FRONT_DOOR = "front_door"
    """A side reached the target by making a contract."""
    TARGET = "target"
    """A side reached the target on defenders' trick points."""
    BACK_DOOR = "back_door"
    """A side fell to the losing score."""
    SPREAD = "spread"
    """The point-spread rule ended it."""
    OVER_THE_TOP = "over_the_top"
    """A side reached the score that loses from above (Walker's 1000)."""
    HAND_LIMIT = "hand_limit"
    """The game reached the kernel's hand limit (:data:`engine.kernel.scoring.MAX_HANDS`) unfinished;
    the highest score wins, a tie names no winner."""


@dataclass(frozen=True)
class Dealt:
    """The cards were dealt for a hand."""

    hand: int
    """The hand's number in the game, from 0."""
    dealer: int
    """The dealer's seat."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards, by seat."""
    kitty: tuple[Card, ...]
    """The kitty, in the order dealt."""
    dead_hand: tuple[Card, ...]
    """Cards dealt to a hand nobody plays."""
    table: tuple[Card, ...] = ()
    """Cards dealt face up to the table (two-handed with 52 cards)."""


@dataclass(frozen=True)
class Misdealt:
    """A deal was thrown in before bidding (a hand without a face card) and is dealt again."""

    hand: int
    """The hand's number."""
    seat: int
    """The first seat found without a face card."""


@dataclass(frozen=True)
class Passed:
    """A seat passed."""

    seat: int
    """Who passed."""


@dataclass(frozen=True)
class Looked:
    """A seat looked at its cards (where a contract may be bid only before looking)."""

    seat: int
    """Who looked."""


@dataclass(frozen=True)
class BidMade:
    """A seat bid a contract."""

    seat: int
    """Who bid."""
    contract: str
    """The contract bid."""


@dataclass(frozen=True)
class AuctionWon:
    """The auction ended with a contract."""

    declarer: int
    """The declarer's seat."""
    contract: str
    """The contract to play."""


@dataclass(frozen=True)
class AllPassed:
    """The auction ended with no contract (everyone passed, or only bids that cannot win were made)."""

    hand: int
    """The hand's number."""
    next_dealer: int
    """Who deals next (the same dealer on a redeal)."""


@dataclass(frozen=True)
class Announced:
    """A seat made an announcement in a window (breach, slam call, declare)."""

    seat: int
    """Who announced."""
    announcement: str
    """The announcement's id."""


@dataclass(frozen=True)
class CardGiven:
    """A partner passed the declarer a card, face down."""

    seat: int
    """The partner who gave it."""
    to: int
    """The declarer."""
    card: Card
    """The card."""


@dataclass(frozen=True)
class KittyTaken:
    """The declarer picked up the kitty."""

    seat: int
    """The declarer."""
    cards: tuple[Card, ...]
    """The kitty's cards."""


@dataclass(frozen=True)
class Discarded:
    """The declarer put cards away."""

    seat: int
    """The declarer."""
    cards: tuple[Card, ...]
    """The cards discarded."""


@dataclass(frozen=True)
class HandExposed:
    """A hand was laid face up (open misère)."""

    seat: int
    """Whose hand."""
    cards: tuple[Card, ...]
    """The cards it held when laid open."""


@dataclass(frozen=True)
class Drew:
    """A player drew a card while drawing its hand, and kept it (rejecting the next) or rejected it."""

    seat: int
    """Who drew."""
    card: Card
    """The card drawn (only the drawer sees it)."""
    kept: bool
    """Whether it was kept."""


@dataclass(frozen=True)
class Picked:
    """A table card was taken: into the kitty before the auction, or into a defender's hand."""

    seat: int
    """Who took it."""
    card: Card
    """The table card, which everyone saw."""
    discarded: Card | None
    """The card a defender discarded for it (only that defender sees which), else ``None``."""


@dataclass(frozen=True)
class PartnerCalled:
    """The declarer named a card to call a partner, or went alone (five-handed)."""

    seat: int
    """The declarer."""
    card: Card | None
    """The card named, or ``None`` for going alone."""


@dataclass(frozen=True)
class PartnerRevealed:
    """The called partner became known to everyone: its holder said so, or played the card."""

    seat: int
    """The partner's seat."""
    card: Card
    """The card named."""


@dataclass(frozen=True)
class CardTurnedUp:
    """A dummy's face-down card was turned up after the trick in which the card covering it was played."""

    seat: int
    """The dummy's seat."""
    card: Card
    """The card turned up."""


@dataclass(frozen=True)
class CardPlayed:
    """A card was played to the trick."""

    seat: int
    """Who played it."""
    card: Card
    """The card."""
    suit: str | None
    """The suit named for a joker led in no trump."""


@dataclass(frozen=True)
class Claimed:
    """The declarer laid cards down to claim the tricks they win; the first was led with it."""

    seat: int
    """The declarer."""
    cards: tuple[Card, ...]
    """The cards laid down, in the order they lead."""


@dataclass(frozen=True)
class TrickWon:
    """A trick was completed."""

    trick: int
    """The trick's number in the hand, from 0."""
    seat: int
    """Who won it."""
    cards: tuple[tuple[int, Card], ...]
    """Each (seat, card) in the order played."""


@dataclass(frozen=True)
class HandScored:
    """A hand was scored."""

    hand: int
    """The hand's number."""
    result: HandResult
    """Its outcome."""


@dataclass(frozen=True)
class GameOver:
    """The game ended."""

    winner: int | None
    """The winning team, or ``None`` if nobody could be named the winner."""
    how: GameEnd
    """How it ended."""


Event = Union[
    Dealt,
    Misdealt,
    Passed,
    Looked,
    BidMade,
    AuctionWon,
    AllPassed,
    Announced,
    KittyTaken,
    Discarded,
    CardGiven,
    Drew,
    Picked,
    PartnerCalled,
    PartnerRevealed,
    HandExposed,
    Claimed,
    CardPlayed,
    CardTurnedUp,
    TrickWon,
    HandScored,
    GameOver,
]
"""Any event."""
