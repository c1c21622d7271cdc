"""Events: frozen records of everything that happens in a game, appended to ``Game.events`` in order.

Events are the omniscient record (the deal included); what one seat may know is
``Game.observation(seat)``. ``str(event)`` reads it in the engine's notation (``seat 1: bid 7H``,
``seat 2: play JK:H``, ``trick 3 to seat 0 (1 AS, 2 4S, 3 5S, 0 JK)``); ``repr`` gives every field.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Union

from ..rules.cards import Card
from ..rules.records import Record


@dataclass(frozen=True, eq=False, repr=False)
class HandResult(Record):
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

    def __init__(
        self,
        contract: str | None,
        declarer: int | None,
        made: bool,
        tricks: tuple[int, ...],
        hand_points: tuple[int, ...],
        scores: tuple[int, ...],
        next_hand_banned: tuple[int, ...],
        game_over: bool,
        winner: int | None,
        next_dealer: int | None = None,
        partner: int | None = None,
    ) -> None:
        # Written out (the fields in order) so that the compiled build sets the fields natively: the
        # dataclass's own __init__ of a frozen record is interpreted code (a microsecond a record, once a
        # simulated hand).
        object.__setattr__(self, "contract", contract)
        object.__setattr__(self, "declarer", declarer)
        object.__setattr__(self, "made", made)
        object.__setattr__(self, "tricks", tricks)
        object.__setattr__(self, "hand_points", hand_points)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "next_hand_banned", next_hand_banned)
        object.__setattr__(self, "game_over", game_over)
        object.__setattr__(self, "winner", winner)
        object.__setattr__(self, "next_dealer", next_dealer)
        object.__setattr__(self, "partner", partner)

    def __str__(self) -> str:
        if self.contract is None:
            text = "no contract"
        else:
            text = f"{self.contract} by seat {self.declarer} {'made' if self.made else 'failed'}"
        points = ", ".join(f"{points:+d}" for points in self.hand_points)
        text += f"; points {points}; scores {', '.join(map(str, self.scores))}"
        return text + ("; game over" if self.game_over else "")

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


@dataclass(frozen=True, eq=False, repr=False)
class Dealt(Record):
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

    def __str__(self) -> str:
        counts = ", ".join(str(len(cards)) for cards in self.hands)
        extra = f", {len(self.dead_hand)} to the dead hand" if self.dead_hand else ""
        table = f", {len(self.table)} face up on the table" if self.table else ""
        return f"hand {self.hand}: seat {self.dealer} deals ({counts} cards by seat, {len(self.kitty)} to the kitty{extra}{table})"


@dataclass(frozen=True, eq=False, repr=False)
class Misdealt(Record):
    """A deal was thrown in before bidding (a hand without a face card) and is dealt again."""

    hand: int
    """The hand's number."""
    seat: int
    """The first seat found without a face card."""

    def __str__(self) -> str:
        return f"hand {self.hand}: misdeal (seat {self.seat} has no face card), dealt again"


@dataclass(frozen=True, eq=False, repr=False)
class Passed(Record):
    """A seat passed."""

    seat: int
    """Who passed."""

    def __str__(self) -> str:
        return f"seat {self.seat}: pass"


@dataclass(frozen=True, eq=False, repr=False)
class Looked(Record):
    """A seat looked at its cards (where a contract may be bid only before looking)."""

    seat: int
    """Who looked."""

    def __str__(self) -> str:
        return f"seat {self.seat}: look"


@dataclass(frozen=True, eq=False, repr=False)
class BidMade(Record):
    """A seat bid a contract."""

    seat: int
    """Who bid."""
    contract: str
    """The contract bid."""

    def __str__(self) -> str:
        return f"seat {self.seat}: bid {self.contract}"


@dataclass(frozen=True, eq=False, repr=False)
class AuctionWon(Record):
    """The auction ended with a contract."""

    declarer: int
    """The declarer's seat."""
    contract: str
    """The contract to play."""

    def __str__(self) -> str:
        return f"seat {self.declarer} wins the auction: {self.contract}"


@dataclass(frozen=True, eq=False, repr=False)
class AllPassed(Record):
    """The auction ended with no contract (everyone passed, or only bids that cannot win were made)."""

    hand: int
    """The hand's number."""
    next_dealer: int
    """Who deals next (the same dealer on a redeal)."""

    def __str__(self) -> str:
        return f"hand {self.hand}: no contract; seat {self.next_dealer} deals next"


@dataclass(frozen=True, eq=False, repr=False)
class Announced(Record):
    """A seat made an announcement in a window (breach, slam call, declare)."""

    seat: int
    """Who announced."""
    announcement: str
    """The announcement's id."""

    def __str__(self) -> str:
        return f"seat {self.seat}: call {self.announcement}"


@dataclass(frozen=True, eq=False, repr=False)
class CardGiven(Record):
    """A partner passed the declarer a card, face down."""

    seat: int
    """The partner who gave it."""
    to: int
    """The declarer."""
    card: Card
    """The card."""

    def __str__(self) -> str:
        return f"seat {self.seat} gives seat {self.to} {self.card}"


@dataclass(frozen=True, eq=False, repr=False)
class KittyTaken(Record):
    """The declarer picked up the kitty."""

    seat: int
    """The declarer."""
    cards: tuple[Card, ...]
    """The kitty's cards."""

    def __str__(self) -> str:
        return f"seat {self.seat} takes the kitty: {' '.join(str(card) for card in self.cards)}"


@dataclass(frozen=True, eq=False, repr=False)
class Discarded(Record):
    """The declarer put cards away."""

    seat: int
    """The declarer."""
    cards: tuple[Card, ...]
    """The cards discarded."""

    def __str__(self) -> str:
        return f"seat {self.seat}: discard {' '.join(str(card) for card in self.cards)}"


@dataclass(frozen=True, eq=False, repr=False)
class HandExposed(Record):
    """A hand was laid face up (open misère)."""

    seat: int
    """Whose hand."""
    cards: tuple[Card, ...]
    """The cards it held when laid open."""

    def __str__(self) -> str:
        return f"seat {self.seat} lays its hand open: {' '.join(str(card) for card in self.cards)}"


@dataclass(frozen=True, eq=False, repr=False)
class Drew(Record):
    """A player drew a card while drawing its hand, and kept it (rejecting the next) or rejected it."""

    seat: int
    """Who drew."""
    card: Card
    """The card drawn (only the drawer sees it)."""
    kept: bool
    """Whether it was kept."""

    def __str__(self) -> str:
        return f"seat {self.seat} draws {self.card} and {'keeps' if self.kept else 'rejects'} it"


@dataclass(frozen=True, eq=False, repr=False)
class Picked(Record):
    """A table card was taken: into the kitty before the auction, or into a defender's hand."""

    seat: int
    """Who took it."""
    card: Card
    """The table card, which everyone saw."""
    discarded: Card | None
    """The card a defender discarded for it (only that defender sees which), else ``None``."""

    def __str__(self) -> str:
        return f"seat {self.seat}: pick {self.card}" + (f" discard {self.discarded}" if self.discarded is not None else "")


@dataclass(frozen=True, eq=False, repr=False)
class PartnerCalled(Record):
    """The declarer named a card to call a partner, or went alone (five-handed)."""

    seat: int
    """The declarer."""
    card: Card | None
    """The card named, or ``None`` for going alone."""

    def __str__(self) -> str:
        return f"seat {self.seat}: " + (f"partner {self.card}" if self.card is not None else "alone")


@dataclass(frozen=True, eq=False, repr=False)
class PartnerRevealed(Record):
    """The called partner became known to everyone: its holder said so, or played the card."""

    seat: int
    """The partner's seat."""
    card: Card
    """The card named."""

    def __str__(self) -> str:
        return f"seat {self.seat} is the called partner ({self.card})"


@dataclass(frozen=True, eq=False, repr=False)
class CardTurnedUp(Record):
    """A dummy's face-down card was turned up after the trick in which the card covering it was played."""

    seat: int
    """The dummy's seat."""
    card: Card
    """The card turned up."""

    def __str__(self) -> str:
        return f"seat {self.seat} turns up {self.card}"


@dataclass(frozen=True, eq=False, repr=False)
class CardPlayed(Record):
    """A card was played to the trick."""

    seat: int
    """Who played it."""
    card: Card
    """The card."""
    suit: str | None
    """The suit named for a joker led in no trump."""

    def __str__(self) -> str:
        return f"seat {self.seat}: play {self.card}" + (f":{self.suit}" if self.suit is not None else "")


@dataclass(frozen=True, eq=False, repr=False)
class Claimed(Record):
    """The declarer laid cards down to claim the tricks they win; the first was led with it."""

    seat: int
    """The declarer."""
    cards: tuple[Card, ...]
    """The cards laid down, in the order they lead."""

    def __str__(self) -> str:
        return f"seat {self.seat}: claim {' '.join(str(card) for card in self.cards)}"


@dataclass(frozen=True, eq=False, repr=False)
class TrickWon(Record):
    """A trick was completed."""

    trick: int
    """The trick's number in the hand, from 0."""
    seat: int
    """Who won it."""
    cards: tuple[tuple[int, Card], ...]
    """Each (seat, card) in the order played."""

    def __str__(self) -> str:
        played = ", ".join(f"{seat} {card}" for seat, card in self.cards)
        return f"trick {self.trick} to seat {self.seat} ({played})"


@dataclass(frozen=True, eq=False, repr=False)
class HandScored(Record):
    """A hand was scored."""

    hand: int
    """The hand's number."""
    result: HandResult
    """Its outcome."""

    def __str__(self) -> str:
        return f"hand {self.hand} scored: {self.result}"


@dataclass(frozen=True, eq=False, repr=False)
class GameOver(Record):
    """The game ended."""

    winner: int | None
    """The winning team, or ``None`` if nobody could be named the winner."""
    how: GameEnd
    """How it ended."""

    def __str__(self) -> str:
        winner = f"team {self.winner} wins" if self.winner is not None else "no winner"
        return f"game over ({self.how.value.replace('_', ' ')}): {winner}"


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
