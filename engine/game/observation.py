"""What one seat may know: its own cards and everything played in the open, nothing else."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..kernel.phase import Phase as Phase
from ..rules.cards import Card


@dataclass(frozen=True)
class Trick:
    """A completed trick."""

    leader: int
    """Who led it."""
    cards: tuple[tuple[int, Card], ...]
    """Each (seat, card) in the order played."""
    winner: int
    """Who won it."""
    suit: str | None = None
    """The suit named for a joker led in no trump, if one was."""


@dataclass(frozen=True)
class Observation:
    """The game as one seat sees it (the only input a bot gets besides its legal actions)."""

    seat: int
    """The observing seat."""
    phase: Phase
    """The phase of the game."""
    hand_number: int
    """The current hand's number in the game, from 0."""
    dealer: int
    """The dealer's seat."""
    to_act: int | None
    """The seat expected to act, or ``None`` when the game is over."""
    team_of: tuple[int, ...]
    """Each seat's team."""
    scores: tuple[int, ...]
    """Team scores now (before this hand while it is played)."""
    hand: tuple[Card, ...]
    """The observing seat's cards, in deck order."""
    calls: tuple[tuple[int, str], ...]
    """The auction so far: (seat, ``"pass"`` or a contract id)."""
    banned: tuple[int, ...]
    """Seats that may not bid in this hand."""
    contract: str | None
    """The contract being played, once the auction is won."""
    declarer: int | None
    """The declarer's seat, once the auction is won."""
    sitting_out: tuple[int, ...]
    """Seats that take no part in the play (a misère declarer's partner)."""
    kitty: tuple[Card, ...]
    """The kitty, only for the seat that took it."""
    discards: tuple[Card, ...]
    """This seat's own discards: the declarer's after the kitty, a defender's after taking table cards,
    the cards it rejected while drawing its hand."""
    face_up: tuple[Card, ...]
    """Kitty cards shown to everyone (a variant showing the last kitty card, and cards put into the
    kitty from the table)."""
    trick: tuple[tuple[int, Card], ...]
    """The trick in progress: (seat, card) in the order played."""
    led_suit: str | None
    """The suit the trick in progress must follow, once led."""
    tricks: tuple[Trick, ...]
    """The completed tricks of this hand."""
    tricks_won: tuple[int, ...]
    """Tricks taken so far in this hand, per seat."""
    exposed: tuple[tuple[int, tuple[Card, ...]], ...]
    """Cards everyone sees on the table: hands laid open (an open misère after the first trick) and the
    dummies' face-up cards (two-handed), as (seat, its cards on show)."""
    announced: tuple[tuple[int, str], ...] = ()
    """The announcements made this hand, which everyone hears: (seat, announcement id)."""
    looked: bool = True
    """Whether the seat has looked at its cards: where a contract may be bid blind (blind misère), a seat
    sees its hand (:attr:`hand` is empty until then) once it looks or acts, and every seat once the
    auction is over."""
    acting_seat: int | None = None
    """The seat at the table whose turn it is: :attr:`to_act` itself, or a dummy's seat whose cards that
    player chooses (``None`` when the game is over)."""
    played_by: tuple[int, ...] = ()
    """Each seat's player: the seat itself, or a dummy's player (two-handed)."""
    face_down: tuple[tuple[int, int], ...] = ()
    """Each dummy's cards still face down, as (dummy's seat, how many): nobody sees them until turned up."""
    covering: tuple[Card, ...] = ()
    """The dummies' face-up cards that lie on a face-down card (everyone sees which), in deck order: the
    card under one is turned up when the trick it is played to is over."""
    called_card: Card | None = None
    """The card the declarer named to call a partner (five-handed), once named; ``None`` before, or alone."""
    partner: int | None = None
    """The called partner's seat, once this seat may know it: at once where the holder announces it, when
    the card is played where it is secret, and always for the partner itself; otherwise ``None``."""
    table: tuple[Card, ...] = ()
    """The cards face up on the table that nobody has taken yet (two-handed with 52 cards)."""
    drawing: Card | None = None
    """The card this seat has just drawn and must keep or reject (drawing the hands), else ``None``."""


def observation_of(fields: dict[str, Any]) -> Observation:
    """An :class:`Observation` with these field values (every field named), made without the frozen
    dataclass's one ``object.__setattr__`` call per field: that was a third of an observation's cost,
    and :meth:`~engine.game.game.Game.observation` is called at every decision. A test checks the result
    equals the one the constructor makes."""
    observation = object.__new__(Observation)
    observation.__dict__.update(fields)
    return observation
