"""What the ``play`` screen says happened, event by event, to the person at one seat.

Only what that seat may know is told, as the kernel's one observer decides
(:func:`~engine.kernel.seat_view.event_for`): cards withheld from the seat (another player's discards, a
kitty taken, a card given between others) are counted, never named, and a card drawn by another player
is not mentioned.
"""

from __future__ import annotations

from ..kernel.events import (
    AllPassed,
    Announced,
    AuctionWon,
    BidMade,
    CardGiven,
    CardPlayed,
    CardTurnedUp,
    Claimed,
    Dealt,
    Discarded,
    Drew,
    Event,
    GameOver,
    HandExposed,
    KittyTaken,
    Looked,
    Misdealt,
    PartnerCalled,
    PartnerRevealed,
    Passed,
    Picked,
    TrickWon,
)
from ..kernel.seat_view import event_for
from ..kernel.tables import tables_for
from .table_view import Names, said_as


def _cards(cards: object) -> str:
    return " ".join(str(card) for card in cards) if isinstance(cards, tuple) else str(cards)


def narrate(event: Event, names: Names) -> str | None:
    """One line telling ``event`` to the person at ``names.seat``, or ``None`` for nothing to tell
    (a hand's score is told by its summary instead)."""
    name = names.seat_name
    told = event_for(event, names.seat, tables_for(names.rules).controller)
    if isinstance(event, Dealt):
        return f"Hand {event.hand + 1}: {name(event.dealer)} deals."
    if isinstance(event, Misdealt):
        return f"Misdeal: {name(event.seat)} shows a hand without a face card; the cards are dealt again."
    if isinstance(event, Passed):
        return f"{name(event.seat)} passes."
    if isinstance(event, Looked):
        return f"{name(event.seat)} looks at their cards."
    if isinstance(event, BidMade):
        return f"{name(event.seat)} bids {event.contract}{said_as(names.rules, event.contract.split()[0])}."
    if isinstance(event, AuctionWon):
        return f"{name(event.declarer)} wins the auction: {event.contract}."
    if isinstance(event, AllPassed):
        return f"Everyone passed; {name(event.next_dealer)} deals next."
    if isinstance(event, Announced):
        return f"{name(event.seat)} announces {event.announcement}."
    if isinstance(event, KittyTaken):
        return f"{name(event.seat)} takes the kitty" + (f": {_cards(event.cards)}." if told.shows("cards") else ".")
    if isinstance(event, Discarded):
        return f"{name(event.seat)} discards " + (f"{_cards(event.cards)}." if told.shows("cards") else f"{len(event.cards)} cards.")
    if isinstance(event, CardGiven):
        return f"{name(event.seat)} gives {name(event.to)} " + (f"{event.card}." if told.shows("card") else "a card.")
    if isinstance(event, Drew):
        if not told.shows("card"):
            return None
        return f"You {'keep' if event.kept else 'reject'} {event.card}."
    if isinstance(event, Picked):
        return f"{name(event.seat)} takes {event.card} from the table" + (
            f", discarding {event.discarded}." if event.discarded is not None and told.shows("discarded") else "."
        )
    if isinstance(event, PartnerCalled):
        return f"{name(event.seat)} " + (f"calls the holder of {event.card} as partner." if event.card is not None else "plays alone.")
    if isinstance(event, PartnerRevealed):
        return f"{name(event.seat)} is the partner ({event.card})."
    if isinstance(event, HandExposed):
        return f"{name(event.seat)} lays their hand open: {_cards(event.cards)}."
    if isinstance(event, CardTurnedUp):
        return f"{name(event.seat)} turns up {event.card}."
    if isinstance(event, Claimed):
        return f"{name(event.seat)} claims the rest of the tricks, showing {_cards(event.cards)}."
    if isinstance(event, CardPlayed):
        named = f" naming {event.suit}" if event.suit else ""
        return f"{name(event.seat)} plays {event.card}{named}."
    if isinstance(event, TrickWon):
        return f"{name(event.seat)} wins trick {event.trick + 1}."
    if isinstance(event, GameOver):
        return None
    return None


__all__ = ["narrate"]
