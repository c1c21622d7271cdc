"""One deal's hand: its cards and the parts it is played through, made anew for every deal.

A :class:`Hand` owns what belongs to one deal: the cards each seat holds and the kitty, the auction, the
kitty exchange (who discards, how many, what), the partners' gift, the announcement window and the
announcements made, the seat arrangement (dummies, a called partner), the table cards, the drawn hands and
the trick play. The game (:class:`~engine.kernel.course.HandCourse`) keeps what outlives a deal: the
variant, the scores, the dealer, the generator, the hand's number and how the game ended; it makes a new
hand for each deal (``state.hand``) and moves it from part to part (:mod:`~engine.kernel.parts`).
"""

from __future__ import annotations

from ..rules.contracts import Contract, ExposureTime
from .arrangement import SeatArrangement
from .auction import Auction
from .calls import CallWindow, terms_of
from .deal import Deal, deal_of_order
from .drawing import DrawnHands
from .play import TrickPlay
from .table_cards import TableCards
from .tables import Tables

HAND_FIELDS = tuple(
    (
        "tables order dealt dealt_by kitty hands auction play contract declarer discard_count discarded chosen "
        "kitty_taken sitting_out exposed expose_when terms window announced givers received scored_out discarder "
        "arrangement table_cards drawn_hands"
    ).split()
)
"""The attributes of :class:`Hand` (named here, not read from ``__slots__``: a class compiled with mypyc
has none)."""


class Hand:
    """One deal's hand (see the module docstring)."""

    __slots__ = HAND_FIELDS

    tables: Tables
    """The variant's precomputed tables."""
    order: list[int] | None
    """The shuffled deck this hand was dealt from (``None`` for a scripted deal)."""
    dealt: Deal | None
    """The deal as a record of cards, once built (see :attr:`deal`)."""
    dealt_by: int
    """The seat that dealt this hand."""
    kitty: tuple[int, ...]
    """The kitty's cards, in the order dealt (and table cards put into it)."""
    hands: list[int]
    """Each seat's cards as a mask of card indices."""
    auction: Auction
    """This hand's auction."""
    play: TrickPlay | None
    """The card play, once the hand reaches it."""
    contract: Contract | None
    """The contract played, once the auction is won."""
    declarer: int | None
    """The declarer's seat, once the auction is won."""
    discard_count: int
    """How many cards the seat discarding must put away (phase ``KITTY``)."""
    discarded: int
    """The declarer's discards, as a mask."""
    chosen: tuple[int, ...]
    """The steps taken so far of a discard or pick in progress (:mod:`~engine.kernel.action_space`)."""
    kitty_taken: bool
    """Whether the declarer took the kitty."""
    sitting_out: tuple[int, ...]
    """Seats that take no part in the play (a misère declarer's partner)."""
    exposed: tuple[int, ...]
    """Seats whose hands are laid open."""
    expose_when: ExposureTime | None
    """When the contract's hand is still to be laid open, if it is."""
    terms: Contract | None
    """The terms the hand is played and scored under: the contract won, or what a call made of it."""
    window: CallWindow | None
    """The announcement window open now, if any."""
    announced: list[tuple[int, int]]
    """The announcements made this hand: (seat, index in ``rules.announcements``)."""
    givers: list[int]
    """Partners still to pass the declarer a card (phase ``GIVE``)."""
    received: int
    """Cards the declarer received from partners and has still to discard as many of."""
    scored_out: int | None
    """The defending side that reached the target during the play (the 1904 rule), if one has."""
    discarder: int
    """Who discards in phase ``KITTY``: the declarer, or the partner handed the declarer's discards."""
    arrangement: SeatArrangement
    """This hand's dummies and called partner (:mod:`~engine.kernel.arrangement`)."""
    table_cards: TableCards
    """This hand's cards face up on the table (:mod:`~engine.kernel.table_cards`)."""
    drawn_hands: DrawnHands
    """This hand's draws, where hands are drawn (:mod:`~engine.kernel.drawing`)."""

    def __init__(self, source: Hand | None = None) -> None:
        """A copy of ``source`` (see :meth:`copy`), or, without it, a hand whose fields the deal sets
        (:func:`dealt_hand`)."""
        if source is not None:
            copy_hand(source, self)

    def copy(self) -> Hand:
        """An independent copy: what the hand changes is copied, what it never changes is shared."""
        other = Hand(self)
        other.hands = list(self.hands)
        # An auction that is over never changes again (only its part changes it, and a hand bids once): shared.
        other.auction = self.auction if self.auction.over else self.auction.copy()
        other.window = self.window.copy() if self.window is not None else None
        other.announced = list(self.announced)
        other.givers = list(self.givers)
        # A part the variant never uses stays empty and is shared; the others are copied.
        tables = self.tables
        if tables.arranges_seats:
            other.arrangement = self.arrangement.copy()
        dealing = tables.rules.deal
        if dealing.table:
            other.table_cards = self.table_cards.copy()
        if dealing.draw:
            other.drawn_hands = self.drawn_hands.copy()
        if self.play is not None:
            other.play = self.play.copy()
            other.play.hands = other.hands  # the play removes cards from the copy's hands, not these
        return other

    @property
    def deal(self) -> Deal:
        """The hand's deal as a record of cards (built from the shuffled deck the first time it is asked for:
        the simulator never needs it)."""
        if self.dealt is None:
            assert self.order is not None
            self.dealt = deal_of_order(self.tables, self.order, self.dealt_by)
        return self.dealt

    def current_terms(self) -> Contract | None:
        """The terms the hand is played under now (:func:`~engine.kernel.calls.terms_of`): the contract
        won, as the modifier said with it and the announcements made so far change it."""
        tables = self.tables
        high = self.auction.high_modifier
        return terms_of(tables.rules, self.contract, tables.modifiers[high].id if high >= 0 else None, self.announced)

    def own_discards(self, seat: int) -> int:
        """The cards ``seat`` put out of play and alone knows, as a mask: its discards after taking the
        kitty, after taking table cards, and the cards it rejected drawing its hand."""
        mine = self.discarded if self.kitty_taken and seat == self.declarer else 0
        set_aside, rejected = self.table_cards.set_aside, self.drawn_hands.rejected
        if set_aside:
            mine |= set_aside[seat]
        if rejected:
            mine |= rejected[seat]
        return mine

    def side(self) -> tuple[int, ...]:
        """The declaring side's seats: the declarer's team, and a called partner."""
        assert self.declarer is not None
        return self.arrangement.side(self.declarer)


def dealt_hand(
    tables: Tables,
    dealer: int,
    banned: frozenset[int],
    hands: list[int],
    kitty: tuple[int, ...],
    order: list[int] | None,
    dealt: Deal | None,
    arrangement: SeatArrangement,
    table_cards: TableCards,
    drawn_hands: DrawnHands,
) -> Hand:
    """A new hand dealt by ``dealer`` (``banned``: seats that may not bid in it): ``hands`` and ``kitty``
    as card indices, from the shuffled deck ``order`` (or the scripted deal ``dealt``, ``order`` then
    ``None``), with the seat arrangement, table cards and drawn hands the course laid out for it."""
    hand = Hand()
    hand.tables = tables
    hand.order = order
    hand.dealt = dealt
    hand.dealt_by = dealer
    hand.kitty = kitty
    hand.hands = hands
    hand.auction = Auction(tables, dealer, banned)
    hand.play = None
    hand.contract = None
    hand.declarer = None
    hand.discard_count = 0
    hand.discarded = 0
    hand.chosen = ()
    hand.kitty_taken = False
    hand.sitting_out = ()
    hand.exposed = ()
    hand.expose_when = None
    hand.terms = None
    hand.window = None
    hand.announced = []
    hand.givers = []
    hand.received = 0
    hand.scored_out = None
    hand.discarder = -1
    hand.arrangement = arrangement
    hand.table_cards = table_cards
    hand.drawn_hands = drawn_hands
    return hand


def copy_hand(source: Hand, target: Hand) -> None:
    """Assign every attribute of ``source`` to ``target`` (shallow: the values are shared). Written out
    by name, as :func:`~engine.kernel.state.copy_course` is; ``tests/test_copying.py`` checks that every
    field is here."""
    target.tables = source.tables
    target.order = source.order
    target.dealt = source.dealt
    target.dealt_by = source.dealt_by
    target.kitty = source.kitty
    target.hands = source.hands
    target.auction = source.auction
    target.play = source.play
    target.contract = source.contract
    target.declarer = source.declarer
    target.discard_count = source.discard_count
    target.discarded = source.discarded
    target.chosen = source.chosen
    target.kitty_taken = source.kitty_taken
    target.sitting_out = source.sitting_out
    target.exposed = source.exposed
    target.expose_when = source.expose_when
    target.terms = source.terms
    target.window = source.window
    target.announced = source.announced
    target.givers = source.givers
    target.received = source.received
    target.scored_out = source.scored_out
    target.discarder = source.discarder
    target.arrangement = source.arrangement
    target.table_cards = source.table_cards
    target.drawn_hands = source.drawn_hands


__all__ = ["HAND_FIELDS", "Hand", "copy_hand", "dealt_hand"]
