"""What one seat may know, in the kernel's terms: the single definition of it, the observer.

:func:`seat_view` reads a :class:`~engine.kernel.state.GameState` for one player and returns a
:class:`SeatView`: that player's own cards, the auction, the contract and its terms, what was played and
shown, its own discards, and nothing else, as bit masks of card indices and small integers.
:func:`event_for` says what the same player is told of each event as it happens (:class:`Told`: the
event and which of its cards are withheld). Everything a seat is told is decided here:
:class:`~engine.game.observation.Observation` is the view rendered as cards
(:func:`engine.game.observation.render`), the protocol's and the research adapters' events are
:func:`event_for` written as JSON (:func:`engine.game.telling.event_data`), the ``play`` screen narrates
it (:mod:`engine.cli.narration`), and the built-in bots decide from the view, whether they are handed a
state (the simulator's fast path) or an observation (:mod:`engine.bots.adapter`). The leak tests re-deal
the hidden cards and check that the view does not change, and tell every event to every seat and check
that no told card is one the view hides.
"""

# No ``from __future__ import annotations`` here: a named tuple's generated constructor keeps its
# annotations, and the API reference (pdoc) can resolve them only as objects, not as strings.
from collections.abc import Sequence
from typing import NamedTuple

from ..rules.contracts import Contract
from .events import CardGiven, Dealt, Discarded, Drew, Event, KittyTaken, Picked
from .phase import Phase
from .play import TrickPlay
from .state import GameState
from .tables import StrainTable, mask_of


class SeatView(NamedTuple):
    """One player's view of the game (see the module docstring), an immutable record. Cards are indices
    into the variant's deck (``tables.cards``); a set of cards is a mask with bit ``i`` for card ``i``.
    (A named tuple: the simulator's bots take one at every decision, and a tuple is built in one step.)"""

    seat: int
    """The observing player."""
    phase: Phase
    """The phase of the game."""
    # What stays fixed through the card play (a hand's facts, once its auction, kitty and windows are over).
    hand_number: int = 0
    """The current hand's number in the game, from 0."""
    dealer: int = 0
    """The dealer's seat."""
    team_of: tuple[int, ...] = ()
    """Each seat's team."""
    played_by: tuple[int, ...] = ()
    """Each seat's player: the seat itself, or a dummy's player."""
    scores: tuple[int, ...] = ()
    """Team scores (before the current hand while it is played)."""
    looked: bool = True
    """Whether the player has seen its cards."""
    bidding: tuple[tuple[int, int], ...] = ()
    """The auction so far: (seat, its auction move: :data:`~engine.kernel.phase.PASS_MOVE` or the bid's
    move, a contract's rank plus ``(m + 1) * stride`` for modifier ``m``); an observation's ``calls``
    writes each as text (:func:`engine.kernel.moves.said`)."""
    banned: tuple[int, ...] = ()
    """Seats that may not bid in this hand."""
    contract: Contract | None = None
    """The contract won in the auction (``None`` before, and in a hand nobody bid)."""
    terms: Contract | None = None
    """The terms the hand is played under: the contract as a modifier said with it or an announcement changed it."""
    declarer: int | None = None
    """The declarer's seat, once the auction is won."""
    sitting_out: tuple[int, ...] = ()
    """Seats that take no part in the play."""
    kitty: tuple[int, ...] = ()
    """The kitty's cards (in the order dealt, then any put there from the table), for the player who
    took it; else empty."""
    discards: int = 0
    """The cards this player put out of play and alone knows (after the kitty, after taking table cards,
    rejected while drawing)."""
    face_up: tuple[int, ...] = ()
    """Kitty cards shown to everyone: the last one dealt where the variant turns it up, and table cards
    put into the kitty."""
    announced: tuple[tuple[int, int], ...] = ()
    """The announcements made this hand: (seat, index in ``rules.announcements``)."""
    called_card: int | None = None
    """The card the declarer named to call a partner, once named."""
    table: int = 0
    """The cards face up on the table that nobody has taken."""
    drawing: int = -1
    """The card this player has just drawn and must keep or reject (-1: none)."""
    taking: bool = False
    """Picking table cards: whether this player takes one into its hand (discarding one), rather than
    putting one into the kitty."""
    discard_count: int = 0
    """How many cards this player must discard now (0 unless it is to discard)."""
    passed_out: int = 0
    """Hands passed out in a row before this one (every player passed, the scores unchanged), whoever dealt."""
    # What changes card by card.
    acting_seat: int | None = None
    """The seat to act: a player, or a dummy whose cards its player chooses (``None`` once the game is over)."""
    hand: int = 0
    """The observing player's cards (none until it has looked, where a contract may be bid blind)."""
    trick: tuple[tuple[int, int], ...] = ()
    """The trick in progress: (seat, card) in the order played."""
    led_suit: str | None = None
    """The suit the trick in progress must follow, once led."""
    named: str | None = None
    """The suit named for a joker that led the trick in progress, if one did."""
    tricks: tuple[tuple[int, tuple[tuple[int, int], ...], int, str | None], ...] = ()
    """The hand's completed tricks: (leader, (seat, card) pairs, winner, suit named for a led joker)."""
    tricks_won: tuple[int, ...] = ()
    """Tricks taken so far this hand, per seat."""
    played: int = 0
    """Every card played this hand."""
    exposed: tuple[tuple[int, int], ...] = ()
    """Cards everyone sees in a hand: hands laid open, then the dummies' face-up cards, as (seat, cards)."""
    face_down: tuple[tuple[int, int], ...] = ()
    """Each dummy's cards still face down, as (dummy's seat, how many)."""
    covering: int = 0
    """The dummies' face-up cards that lie on a face-down one."""
    partner: int | None = None
    """The called partner, once this player may know it."""
    nameable: tuple[str, ...] = ()
    """The suits a joker this player leads now may name (empty unless it leads one that names a suit)."""

    @property
    def actor(self) -> int:
        """The seat this player chooses for now: the acting seat (its own or its dummy's), else its own."""
        return self.acting_seat if self.acting_seat is not None else self.seat

    def hand_of(self, seat: int) -> int:
        """The cards this player sees in ``seat``'s hand: its own, or those on show (:func:`hand_in`)."""
        return hand_in(self, seat)

    def seen(self) -> int:
        """Every card this player knows is not in a hidden hand: its own, the acting seat's (its dummy's),
        its discards, the cards played and the cards on show (:func:`seen_in`)."""
        return seen_in(self)


def hand_in(view: SeatView, seat: int) -> int:
    """The cards ``view``'s player sees in ``seat``'s hand: its own, or those on show. (:meth:`SeatView.hand_of`:
    a function, which the compiled build calls natively; a named tuple's method is a Python call.)"""
    if seat == view.seat:
        return view.hand
    for each, cards in view.exposed:
        if each == seat:
            return cards
    return 0


def seen_in(view: SeatView, shown_of: int = -1) -> int:
    """Every card ``view``'s player knows is not in a hidden hand (:meth:`SeatView.seen`): its own, the
    acting seat's (its dummy's), its discards, the cards played and the cards on show; with ``shown_of`` (a
    mask of seats), the cards on show of those seats only (a bot's side: an opponent's cards on show are
    still out against it)."""
    known = view.hand | view.discards | view.played
    for seat, cards in view.exposed:
        if shown_of >> seat & 1:
            known |= cards
    return known


Fixed = tuple[
    int, Phase, int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...], bool, tuple[tuple[int, int], ...], tuple[int, ...],
    Contract | None, Contract | None, int | None, tuple[int, ...], tuple[int, ...], int, tuple[int, ...], tuple[tuple[int, int], ...],
    int | None, int, int, bool, int, int,
]  # fmt: skip
"""The fields of a :class:`SeatView` that stay fixed through the card play, in order."""


def _fixed(state: GameState, seat: int, phase: Phase, chooses: bool) -> Fixed:
    """The fields of ``seat``'s view that do not change while the cards are played."""
    hand = state.hand
    rules, auction, declarer = state.rules, hand.auction, hand.declarer
    dealt = rules.deal
    kitty = hand.kitty
    dealt_kitty = dealt.kitty
    face_up: tuple[int, ...] = kitty[dealt_kitty - 1 : dealt_kitty] if dealt.last_kitty_card_face_up and dealt_kitty else ()
    if len(kitty) > dealt_kitty:
        face_up += kitty[dealt_kitty:]
    # Where a contract may be bid blind, a seat sees its cards once it looks or acts; all do after the auction.
    looked = phase is not Phase.AUCTION or bool(auction.looked >> seat & 1)
    return (
        seat,
        phase,
        state.hand_number,
        state.dealer,
        state.tables.team_of,
        state.tables.controller,
        state.scores,
        looked,
        auction.bidding,
        tuple(sorted(auction.banned)) if auction.banned else (),
        hand.contract,
        hand.terms,
        declarer,
        hand.sitting_out,
        kitty if hand.kitty_taken and seat == declarer else (),
        hand.own_discards(seat),
        face_up,
        tuple(hand.announced) if hand.announced else (),
        hand.arrangement.called_card,
        hand.table_cards.table,
        hand.drawn_hands.card_drawn() if chooses and phase is Phase.DRAW else -1,
        hand.table_cards.taking if chooses and phase is Phase.PICK else False,
        hand.discard_count if chooses and phase is Phase.KITTY else 0,
        state.passed_out,
    )


def seat_view(state: GameState, seat: int) -> SeatView:
    """What player ``seat`` (a player, not a dummy: a dummy's cards are in its player's view) may know
    of ``state``; see the module docstring."""
    phase, tables, rules = state.phase, state.tables, state.rules
    hand = state.hand
    play, hands, seating = hand.play, hand.hands, rules.seating
    if phase is Phase.PLAY and not state.paused:
        # The simulator's bots take a view at every card: what the play cannot change is kept with the
        # play (a new play each hand, so a copy of the state or the next hand starts afresh).
        assert play is not None
        acting: int | None = play.to_act
        chooses = tables.controller[play.to_act] == seat
        kept = play.fixed_views
        if kept is None:
            kept = play.fixed_views = {}
        fixed = kept.get(seat)
        if fixed is None:
            fixed = kept[seat] = _fixed(state, seat, phase, chooses)
    else:
        acting = state.to_act
        chooses = acting is not None and tables.controller[acting] == seat
        fixed = _fixed(state, seat, phase, chooses)
    looked = fixed[7]
    exposed = hand.exposed
    shown: tuple[tuple[int, int], ...] = tuple([(each, hands[each]) for each in exposed]) if exposed else ()
    face_down: tuple[tuple[int, int], ...] = ()
    covering = 0
    trick: tuple[tuple[int, int], ...] = tuple(play.trick) if play is not None else ()
    if seating.dummies is not None:
        dummies = range(seating.players, seating.seats)
        shown += tuple([(each, hands[each]) for each in dummies if each not in exposed])
        # A face-down card lies under a dummy's face-up card, in its hand or in the trick, until turned up.
        in_trick = {card: each for each, card in trick}
        covers = hand.arrangement.covers
        face_down = tuple([(each, sum(1 for card in covers if hands[each] >> card & 1 or in_trick.get(card) == each)) for each in dummies])
        covering = mask_of(covers)
    if play is None:
        return tuple.__new__(
            SeatView,
            fixed + (acting, hands[seat] if looked else 0, trick, None, None, (), (0,) * seating.seats, 0, shown, face_down, covering,
                     hand.arrangement.known_partner(seat), ()),
        )  # fmt: skip
    return tuple.__new__(
        SeatView,
        fixed + (acting, hands[seat] if looked else 0, trick, play.led, play.named, tuple(play.completed), tuple(play.tricks), play.played,
                 shown, face_down, covering, hand.arrangement.known_partner(seat), _nameable(state, play, chooses)),
    )  # fmt: skip


def _nameable(state: GameState, play: TrickPlay, chooses: bool) -> tuple[str, ...]:
    """The suits a joker the player to act leads now may name (empty unless it is to lead one)."""
    if chooses and play.names_suits and play.must_name(state.hand.hands[play.to_act]):  # (names_suits: no call in most variants)
        return tuple(play.nameable())
    return ()


class Told(NamedTuple):
    """An event as one player is told it (see :func:`event_for`)."""

    event: Event
    """The event, whole: what the player may not see of it is named in :attr:`hidden`."""
    hidden: tuple[str, ...] = ()
    """The event's fields holding cards the player is not shown: it is told how many (a field of cards),
    or that there was one (a single card), never which."""

    def shows(self, field: str) -> bool:
        """Whether the player is told the cards of the event's ``field``."""
        return field not in self.hidden


_DEALT_HIDDEN = ("hands", "kitty", "dead_hand")
_CARDS_HIDDEN = ("cards",)
_CARD_HIDDEN = ("card",)
_DRAW_HIDDEN = ("card", "kept")
_DISCARD_HIDDEN = ("discarded",)


CompletedTrick = tuple[int, Sequence[tuple[int, int]], int, str | None]
"""A completed trick as a seat sees it: (leader, (seat, card) pairs in the order played, winner, the suit
named for a led joker)."""


def shown_voids(
    strain: StrainTable, completed: Sequence[CompletedTrick], trick: Sequence[tuple[int, int]] = (), named: str | None = None
) -> dict[int, set[str]]:
    """The suits each seat has shown it holds none of, from the ``completed`` tricks and the ``trick`` in
    progress (led with suit ``named`` for a joker, if one was named), under ``strain``: a seat that played
    a card of another suit to the suit led (the trump suit, to a trump led), or a card of no suit where
    that shows a void (:attr:`~engine.kernel.tables.StrainTable.suitless_shows_void`: the joker may be
    played only when void). What every seat sees, the one reading of it the bots and the research
    adapters share (a seat's own view adds nothing: its cards are its own)."""
    found: dict[int, set[str]] = {}
    for _, played, _, said in completed:
        _add_voids(strain, played, said, found)
    _add_voids(strain, trick, named, found)
    return found


def _add_voids(strain: StrainTable, played: Sequence[tuple[int, int]], named: str | None, found: dict[int, set[str]]) -> None:
    """Add to ``found`` the voids one trick (``played``, led with suit ``named`` for a joker) shows
    (:func:`shown_voids`; the bots read them at every card, so no set is made where a seat has one)."""
    if not played:
        return
    suit_of = strain.suit_of
    led = named if named is not None else suit_of[played[0][1]]
    if led is None:
        return  # a joker led that named no suit: nothing to follow
    first = True
    for seat, card in played:
        if first:
            first = False
            continue
        suit = suit_of[card]
        if suit != led and (suit is not None or strain.suitless_shows_void):
            known = found.get(seat)
            if known is None:
                found[seat] = {led}
            else:
                known.add(led)


def event_for(event: Event, player: int | None, controller: Sequence[int]) -> Told:
    """What ``player`` (``None``: anyone, such as a spectator) is told of ``event``; ``controller`` gives
    each seat's player (``tables.controller``: a dummy's cards are its player's to see). Nobody is told
    the cards dealt (a player's own cards are in its view, which knows when it may look at them: a blind
    misère bidder may not); only their owner is told the kitty taken and the cards discarded, only the
    giver and the taker a card given, only the drawer a card drawn (and whether it kept it) and the card
    it put back after taking one from the table. Everything played in the open is told to all."""

    def sees(owner: int) -> bool:
        return player is not None and controller[owner] == player

    if isinstance(event, Dealt):
        return Told(event, _DEALT_HIDDEN)
    if isinstance(event, (KittyTaken, Discarded)) and not sees(event.seat):
        return Told(event, _CARDS_HIDDEN)
    if isinstance(event, CardGiven) and not (sees(event.seat) or sees(event.to)):
        return Told(event, _CARD_HIDDEN)
    if isinstance(event, Drew) and not sees(event.seat):
        return Told(event, _DRAW_HIDDEN)
    if isinstance(event, Picked) and event.discarded is not None and not sees(event.seat):
        return Told(event, _DISCARD_HIDDEN)
    return Told(event)


__all__ = ["CompletedTrick", "SeatView", "Told", "event_for", "hand_in", "seat_view", "seen_in", "shown_voids"]
