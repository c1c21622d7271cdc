"""How the heuristic bot plays a card to take tricks: what it knows at the table, and its lead and follow.

Following, it wins as cheaply as it can, but it looks at the seats still to play to the trick: a card
is *safe* when no opponent still to play can hold a card that beats it (an unseen higher card of the
suit led, with an opponent not known void in it; an unseen higher trump, with an opponent known void in
the suit led). So of the winners the cheapest safe one is played; a partner's winning card that an
opponent may still beat with a card of the suit led is covered with a safe winner, or, with none, with
the highest winner (to make the opponent spend its best), but one only an opponent's trump may beat is
left to stand (a card of the suit led loses to that trump as the partner's does, and a trump no card still
out beats takes a trick of its own later); a seat whose partner is still to play does not spend a winner an opponent
may beat (second hand low); and with only opponents to play and no safe winner, the highest winner goes
(third hand high). The ``classic`` profile plays as the bot did before it looked at the seats still to
play (:func:`follow_classic`).
"""

# No ``from __future__ import annotations`` here: a named tuple's generated constructor keeps its
# annotations as written, and the API reference resolves them in its own namespace (as in seat_view).
from collections.abc import Sequence
from typing import Final, NamedTuple

from ..kernel.seat_view import shown_voids
from ..kernel.tables import StrainTable, cards_in


class Table(NamedTuple):
    """What a seat knows when it plays a card, in masks and card indices."""

    seat: int
    """The seat playing."""
    hand: int
    """Its cards."""
    declarer: int
    """The declarer (the seat itself in a hand played out unbid)."""
    trick: Sequence[tuple[int, int]]
    """The trick in progress: (seat, card index)."""
    led: str | None
    """The suit the trick follows, once led."""
    playable: int
    """The cards it may play."""
    nameable: list[str]
    """Suits a led joker may name (empty unless leading a joker that names one)."""
    seen: int
    """Cards this seat knows are in no opponent's hand: its own, its side's on show, its discards and the
    cards played (an opponent's cards on show are still out against it)."""
    completed: Sequence[tuple[int, Sequence[tuple[int, int]], int, str | None]]
    """Completed tricks as (leader, (seat, card index) pairs, winner, named suit)."""
    allies: int
    """The seats this seat plays with this hand, as far as it knows, itself included (a mask)."""
    mine: bool
    """Whether this seat is on the declaring side."""
    declarer_shown: int
    """The declarer's cards on show to this seat (an open misère), or 0."""
    order: Sequence[int] = ()
    """The seats that play, clockwise (empty: every seat plays; the later seats are then not weighed)."""


def winning(strain: StrainTable, table: Table) -> tuple[int, int]:
    """The seat winning the trick in progress so far, and how strongly (its card's key)."""
    winner_seat, best = table.trick[0][0], -2
    keys = strain.keys[table.led]
    for each, index in table.trick:
        key = keys[index]
        if key > best:
            winner_seat, best = each, key
    return winner_seat, best


def later_seats(table: Table) -> list[int]:
    """The seats still to play to the trick in progress after ``table.seat``."""
    order = table.order
    if not order or table.seat not in order:
        return []
    position = order.index(table.seat)
    return [order[(position + step) % len(order)] for step in range(1, len(order) - len(table.trick))]


def voids(strain: StrainTable, table: Table) -> dict[int, set[str]]:
    """The suits each seat has shown it lacks, in the completed tricks and this one (the kernel's one
    reading, :func:`~engine.kernel.seat_view.shown_voids`), the trump suit written ``"trump"``."""
    found = shown_voids(strain, table.completed, table.trick, table.led)
    trump = strain.order.strain.trump
    if trump is not None:
        for suits in found.values():
            if trump in suits:
                suits.discard(trump)
                suits.add("trump")
    return found


def opponents_void(strain: StrainTable, table: Table) -> set[str]:
    """The suits every opponent playing this hand has shown it lacks (a card of one led wins unless a
    seat of its own side beats it), ``"trump"`` for the trumps: empty when the seats that play are not
    known."""
    opponents = [seat for seat in table.order if not table.allies >> seat & 1]
    if not opponents:
        return set()
    known = voids(strain, table)
    common: set[str] = set()
    for position, seat in enumerate(opponents):
        shown = known.get(seat)
        if not shown:
            return set()
        common = set(shown) if not position else common & shown
    return common


class Reason:
    """Why :func:`follow_reading` chose its card (the card play returns it with the card, and a hint words it)."""

    NO_WINNER: Final = "no winner"
    """No card it may play takes the trick: the cheapest."""
    PARTNER_LAST: Final = "partner last"
    """A partner is winning and no opponent plays after this seat: the cheapest."""
    PARTNER_HOLDS: Final = "partner holds"
    """A partner is winning and no opponent still to play can beat it: the cheapest."""
    PARTNER_TRUMPED: Final = "partner trumped"
    """A partner is winning and only an opponent's trump may beat it (none still to play can hold a higher
    card of the suit led): the cheapest card (a trump over the partner's card only where the seat holds
    nothing else). The partner's card is the one trumped, if any is: the name says what is feared."""
    COVER: Final = "cover"
    """A partner is winning but an opponent still to play may beat it: a winner none can beat."""
    PARTNER_EXPOSED: Final = "partner exposed"
    """A partner is winning, an opponent may beat it, and no card of this seat is sure: its highest
    winner, to make the opponent spend its best."""
    LAST: Final = "last"
    """No opponent plays after it: the lowest card that wins."""
    SAFE: Final = "safe"
    """The cheapest card that wins and that no opponent still to play can beat."""
    PARTNER_TO_COME: Final = "partner to come"
    """Its winners may be beaten by an opponent, and a partner plays after it: the cheapest."""
    GAMBLE: Final = "gamble"
    """Only opponents still to play, none of its winners sure: its highest winner (third hand high)."""


def weakest(cards: list[int], power: tuple[int, ...]) -> int:
    """The card of ``cards`` (not empty) with the least ``power``, the first of equals: what
    ``min(cards, key=power.__getitem__)`` gives, without a call of the key a card (compiled, the loop is
    native; the card play asks it at nearly every card)."""
    chosen = cards[0]
    least = power[chosen]
    for index in cards:
        if power[index] < least:
            chosen, least = index, power[index]
    return chosen


def strongest(cards: list[int], power: tuple[int, ...]) -> int:
    """The card of ``cards`` (not empty) with the most ``power``, the first of equals (``max`` by power)."""
    chosen = cards[0]
    most = power[chosen]
    for index in cards:
        if power[index] > most:
            chosen, most = index, power[index]
    return chosen


def follow(strain: StrainTable, table: Table, every_card: int) -> int:
    """The card to play to a trick already led, playing to take tricks (the module docstring)."""
    return follow_reading(strain, table, every_card)[0]


def follow_reading(strain: StrainTable, table: Table, every_card: int) -> tuple[int, str]:
    """:func:`follow`'s card and why (a :class:`Reason`)."""
    power, keys = strain.power, strain.keys[table.led]
    cards = cards_in(table.playable)
    cheapest = weakest(cards, power)  # trumps have the highest powers: the cheapest plain card first
    winner_seat, best = winning(strain, table)
    winners = [index for index in cards if keys[index] > best]
    if not winners:
        return cheapest, Reason.NO_WINNER  # nothing takes the trick (nor needs to cover a partner's card)
    allies = table.allies
    ours = bool(allies >> winner_seat & 1)
    later = later_seats(table)
    foes = [seat for seat in later if not allies >> seat & 1]
    if not foes:  # never overtake a partner's winner
        return (cheapest, Reason.PARTNER_LAST) if ours else (weakest(winners, power), Reason.LAST)
    # The best card an opponent still to play may hold: of the suit led (an opponent not shown void in
    # it) or a trump (an opponent shown void in the suit led but not in trumps).
    unseen = every_card & ~table.seen
    led_is_trump = bool(strain.trumps >> table.trick[0][1] & 1)
    follows = strain.trumps if led_is_trump else (strain.follow.get(table.led, 0) if table.led is not None else 0)
    trumps_out = 0 if led_is_trump else unseen & strain.trumps
    known = voids(strain, table) if table.completed or len(table.trick) > 1 else {}
    led = "trump" if led_is_trump else table.led
    threat = -1
    if any(led not in known.get(seat, ()) for seat in foes):
        threat = _top_key(keys, unseen & follows)
    following = threat  # the best card of the suit led an opponent still to play may hold
    if trumps_out and any(led in known.get(seat, ()) and "trump" not in known.get(seat, ()) for seat in foes):
        threat = max(threat, _top_key(keys, trumps_out))
    if ours and best > threat:
        return cheapest, Reason.PARTNER_HOLDS  # the partner's card holds: never overtake it
    if ours and best > following:
        # Only an opponent's trump may beat the partner's card: a card of the suit led would lose to it as
        # the partner's does, and a trump of this seat's that no card still out beats takes a trick of its
        # own later, so covering spends two winners on one trick (five-handed seed 80, the third hand: a
        # called partner trumped the declarer's king of clubs, the best club left, with the joker).
        return cheapest, Reason.PARTNER_TRUMPED
    safe = [index for index in winners if keys[index] > threat]
    if safe:
        return weakest(safe, power), Reason.COVER if ours else Reason.SAFE
    if ours:  # the partner's card may be beaten and none of this seat's is sure: the highest, to force the best out
        return strongest(winners, power), Reason.PARTNER_EXPOSED
    if len(foes) < len(later):
        return cheapest, Reason.PARTNER_TO_COME  # keep the winner an opponent may beat
    return strongest(winners, power), Reason.GAMBLE  # third hand high


def _top_key(keys: Sequence[int], mask: int) -> int:
    """The highest of ``keys`` among the cards of ``mask`` (-1 for none)."""
    top = -1
    while mask:
        low = mask & -mask
        key = keys[low.bit_length() - 1]
        if key > top:
            top = key
        mask ^= low
    return top


def lead(strain: StrainTable, table: Table, every_card: int, reads_voids: bool = True) -> int:
    """The card to lead: the declaring side draws trumps when it holds the top one or four, while an
    opponent may hold one (with ``reads_voids``, not once every opponent has shown it holds none: the
    trumps still unseen are then a partner's); then the best card left in a side suit; then the lowest
    card of the longest side suit; trumps last."""
    power, hand = strain.power, table.hand
    unseen = every_card & ~table.seen
    held_trumps = hand & strain.trumps
    outstanding = unseen & strain.trumps
    if reads_voids and outstanding and table.completed and "trump" in opponents_void(strain, table):
        outstanding = 0
    if table.mine and held_trumps and outstanding:
        trumps = [index for index in strain.trump_cards if held_trumps >> index & 1]
        top_outstanding = next(index for index in strain.trump_cards if outstanding >> index & 1)
        on_top = power[trumps[0]] > power[top_outstanding]
        if on_top or len(trumps) >= 4:
            return trumps[0] if on_top else trumps[-1]
    side = hand & ~strain.trumps
    suit_of = strain.suit_of
    best_left = [index for index in cards_in(side) if suit_of[index] is not None and not unseen & strain.higher[index]]
    if best_left:
        return strongest(best_left, power)  # the best card left in its suit (the strongest of them)
    if side:
        count: dict[str | None, int] = {}
        for index in cards_in(side):
            count[suit_of[index]] = count.get(suit_of[index], 0) + 1
        return min(cards_in(side), key=lambda index: (-count[suit_of[index]] if suit_of[index] else 0, power[index]))
    return weakest(cards_in(held_trumps), power)


def follow_classic(strain: StrainTable, table: Table) -> int:
    """The ``classic`` profile's follow: the cheapest winner, or the cheapest card (never over a partner)."""
    power = strain.power
    cards = cards_in(table.playable)
    cheapest = weakest(cards, power)
    winner_seat, best = winning(strain, table)
    if table.allies >> winner_seat & 1:
        return cheapest
    keys = strain.keys[table.led]
    winners = [index for index in cards if keys[index] > best]
    return weakest(winners, power) if winners else cheapest


__all__ = [
    "Reason",
    "Table",
    "follow",
    "follow_classic",
    "follow_reading",
    "later_seats",
    "lead",
    "opponents_void",
    "strongest",
    "voids",
    "weakest",
    "winning",
]
