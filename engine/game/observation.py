"""What one seat may know, as cards: its own cards and everything played in the open, nothing else.

An :class:`Observation` is the kernel's :class:`~engine.kernel.seat_view.SeatView` (the one definition of
what a seat knows) rendered as :class:`~engine.rules.cards.Card` objects and ids by :func:`render`;
:func:`view_of` reads one back, so a bot deciding from a view plays alike from either.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..kernel.actions import Action, Discard, Pick, Play
from ..kernel.calls import terms_of
from ..kernel.moves import said, said_move
from ..kernel.phase import Phase as Phase
from ..kernel.seat_view import SeatView
from ..kernel.tables import Tables, cards_in, mask_of
from ..rules.cards import Card
from ..rules.contracts import Contract
from ..rules.ruleset import Rules


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
    """The seat expected to act, or ``None`` when the game is over: the same value as
    :attr:`acting_seat` (a dummy's seat where a player chooses for its dummy), kept under both names for
    embedders."""
    team_of: tuple[int, ...]
    """Each seat's team."""
    scores: tuple[int, ...]
    """Team scores now (before this hand while it is played)."""
    hand: tuple[Card, ...]
    """The observing seat's cards, in deck order."""
    calls: tuple[tuple[int, str], ...]
    """The auction so far, its bidding: (seat, ``"pass"`` or a contract id). (The field keeps its name
    for embedders; inside the engine, a *call* is an announcement, and this is ``bidding``.)"""
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
    passed_out: int = 0
    """Hands passed out in a row before this one (every player passed, the scores unchanged), whoever dealt."""
    _variant: str = field(default="", repr=False, compare=False)
    """The document hash of the rules of the game observed (:attr:`~engine.rules.ruleset.Rules.document_hash`),
    by which a bot refuses another variant's observation; empty in one made by hand. Not part of the
    observation's JSON form."""


def declaring_side(rules: Rules, observation: Observation) -> tuple[int, ...] | None:
    """The seats playing the contract together, as ``observation``'s seat may know them, where the variant
    makes that side for the hand (a called partner, rather than a team of the seating): the declarer and
    the partner once this seat may know it, the declarer alone once the play has begun with no card
    called; ``None`` where a team plays the contract, or while the side is not yet known."""
    declarer = observation.declarer
    if rules.seating.called_partner is None or declarer is None or observation.contract is None:
        return None
    if observation.partner is not None:
        return (declarer, observation.partner)
    if observation.phase is Phase.PLAY and observation.called_card is None:
        return (declarer,)
    return None


def played_terms(rules: Rules, observation: Observation) -> Contract | None:
    """The terms the hand is played under as ``observation`` shows them: its contract as the modifier said
    with the bid and the announcements made since change it (a slam call asks for every trick); ``None``
    before the auction is won (:func:`~engine.kernel.calls.terms_of`)."""
    if observation.contract is None:
        return None
    return _terms(rules, observation, _announced(rules, observation))


def _announced(rules: Rules, observation: Observation) -> tuple[tuple[int, int], ...]:
    """``observation``'s announcements as (seat, index in ``rules.announcements``), as the kernel keeps them."""
    ids = [announcement.id for announcement in rules.announcements]
    return tuple([(seat, ids.index(said)) for seat, said in observation.announced])


def _terms(rules: Rules, observation: Observation, announced: tuple[tuple[int, int], ...]) -> Contract | None:
    """:func:`played_terms`, given ``observation``'s announcements (:func:`_announced`)."""
    contract = rules.ladder[observation.contract] if observation.contract is not None else None
    said = next((call for _, call in reversed(observation.calls) if call != "pass"), None)
    modifier = said.split()[1] if said is not None and " " in said else None
    return terms_of(rules, contract, modifier, announced)


def side_needs(rules: Rules, observation: Observation, side: tuple[int, ...]) -> str:
    """The declaring ``side``'s tricks against the terms it plays (:func:`played_terms`), in words: ``"4 of
    the 7 it needs"``, or for a contract to take no trick ``"1 (it must take none)"``."""
    won = observation.tricks_won
    taken = sum(won[seat] for seat in side if seat < len(won))
    terms = played_terms(rules, observation)
    assert terms is not None
    target = terms.target
    return f"{taken} (it must take none)" if target.is_no_tricks else f"{taken} of the {target.minimum} it needs"


def observation_of(fields: dict[str, Any]) -> Observation:
    """An :class:`Observation` with these field values (every field named), made without the frozen
    dataclass's one ``object.__setattr__`` call per field: that was a third of an observation's cost,
    and :meth:`~engine.game.game.Game.observation` is called at every decision. A test checks the result
    equals the one the constructor makes."""
    observation = object.__new__(Observation)
    observation.__dict__.update(fields)
    return observation


def card_tuple(deck: Sequence[Card], cache: dict[int, tuple[Card, ...]], mask: int) -> tuple[Card, ...]:
    """The cards of ``mask`` in deck order, kept in ``cache`` (cleared past 512 masks): a hand changes
    one card at a time and is asked for at every decision."""
    known = cache.get(mask)
    if known is None:
        if len(cache) > 512:
            cache.clear()
        known = cache[mask] = tuple([deck[index] for index in cards_in(mask)])
    return known


def render(view: SeatView, tables: Tables, cards: dict[int, tuple[Card, ...]], tricks: tuple[Trick, ...] | None = None) -> Observation:
    """``view`` as an :class:`Observation`: card indices as cards, contracts and announcements by id.
    ``cards`` caches the card tuple of each mask (the caller's, so that it lives as long as the game);
    ``tricks``, the completed tricks as records where the caller keeps them built."""
    deck = tables.cards

    def cards_of(mask: int) -> tuple[Card, ...]:
        return card_tuple(deck, cards, mask)

    if tricks is None:
        tricks = tuple(
            Trick(leader, tuple([(seat, deck[index]) for seat, index in played]), winner, named)
            for leader, played, winner, named in view.tricks
        )
    announcements = tables.rules.announcements
    return observation_of(
        {
            "seat": view.seat,
            "phase": view.phase,
            "hand_number": view.hand_number,
            "dealer": view.dealer,
            "to_act": view.acting_seat,
            "team_of": view.team_of,
            "scores": view.scores,
            "hand": cards_of(view.hand),
            "calls": tuple([(seat, said(tables, move)) for seat, move in view.bidding]),
            "banned": view.banned,
            "contract": view.contract.id if view.contract is not None else None,
            "declarer": view.declarer,
            "sitting_out": view.sitting_out,
            "kitty": tuple([deck[index] for index in view.kitty]),
            "discards": cards_of(view.discards),
            "face_up": tuple([deck[index] for index in view.face_up]),
            "trick": tuple([(seat, deck[index]) for seat, index in view.trick]),
            "led_suit": view.led_suit,
            "tricks": tricks,
            "tricks_won": view.tricks_won,
            "exposed": tuple([(seat, cards_of(mask)) for seat, mask in view.exposed]),
            "announced": tuple([(seat, announcements[index].id) for seat, index in view.announced]),
            "looked": view.looked,
            "acting_seat": view.acting_seat,
            "played_by": view.played_by,
            "face_down": view.face_down,
            "covering": cards_of(view.covering) if view.covering else (),
            "called_card": deck[view.called_card] if view.called_card is not None else None,
            "partner": view.partner,
            "table": cards_of(view.table) if view.table else (),
            "drawing": deck[view.drawing] if view.drawing >= 0 else None,
            "passed_out": view.passed_out,
            "_variant": tables.rules.document_hash,
        }
    )


def view_of(observation: Observation, tables: Tables, legal_actions: Sequence[Action] = ()) -> SeatView:
    """The :class:`~engine.kernel.seat_view.SeatView` that ``observation`` renders (the inverse of
    :func:`render`). What a seat knows of its own choices comes from its ``legal_actions`` (when it is
    to act): how many cards it discards, whether it takes a table card into its hand, which suits a led
    joker may name."""
    rules = tables.rules
    ladder = rules.ladder
    contract = ladder[observation.contract] if observation.contract is not None else None
    announced = _announced(rules, observation)
    terms = _terms(rules, observation, announced)
    trick = tuple([(seat, card.index) for seat, card in observation.trick])
    completed = tuple(
        (done.leader, tuple([(seat, card.index) for seat, card in done.cards]), done.winner, done.suit) for done in observation.tricks
    )
    played = mask_of(index for _, index in trick) | mask_of(index for _, cards, _, _ in completed for _, index in cards)
    named = None
    if trick:
        strain = tables.strains[terms.style.strain if terms is not None else rules.auction.all_pass.strain]
        named = observation.led_suit if strain.suitless >> trick[0][1] & 1 else None
    discard_count, taking = 0, False
    nameable: tuple[str, ...] = ()
    if legal_actions:
        first = legal_actions[0]
        if isinstance(first, Discard):
            discard_count = len(first.cards)
        taking = any(isinstance(action, Pick) and action.discard is not None for action in legal_actions)
        suits = {action.suit for action in legal_actions if isinstance(action, Play) and action.suit is not None}
        nameable = tuple([suit for suit in tables.suits if suit in suits])
    return SeatView(
        seat=observation.seat,
        phase=observation.phase,
        hand_number=observation.hand_number,
        dealer=observation.dealer,
        team_of=tuple(observation.team_of),
        played_by=tuple(observation.played_by),
        scores=tuple(observation.scores),
        looked=observation.looked,
        bidding=tuple([(seat, said_move(tables, call)) for seat, call in observation.calls]),
        banned=tuple(observation.banned),
        contract=contract,
        terms=terms,
        declarer=observation.declarer,
        sitting_out=tuple(observation.sitting_out),
        kitty=tuple([card.index for card in observation.kitty]),
        discards=mask_of(card.index for card in observation.discards),
        face_up=tuple([card.index for card in observation.face_up]),
        announced=announced,
        called_card=observation.called_card.index if observation.called_card is not None else None,
        table=mask_of(card.index for card in observation.table),
        drawing=observation.drawing.index if observation.drawing is not None else -1,
        taking=taking,
        discard_count=discard_count,
        passed_out=observation.passed_out,
        acting_seat=observation.acting_seat,
        hand=mask_of(card.index for card in observation.hand),
        trick=trick,
        led_suit=observation.led_suit,
        named=named,
        tricks=completed,
        tricks_won=tuple(observation.tricks_won),
        played=played,
        exposed=tuple([(seat, mask_of(card.index for card in cards)) for seat, cards in observation.exposed]),
        face_down=tuple(observation.face_down),
        covering=mask_of(card.index for card in observation.covering),
        partner=observation.partner,
        nameable=nameable,
    )
