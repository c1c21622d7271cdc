"""Trick play: who plays, which cards are legal, the joker in no trump, and who wins each trick.

Everything comes from the strain's :class:`~engine.kernel.tables.StrainTable` and the variant's
:class:`~engine.rules.JokerRules`; the same code plays trumps, no trump and the misère family.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from ..rules.cards import Card
from ..rules.ruleset import JokerRules
from ..rules.strains import TRUMP_POWER
from .actions import Action, Play
from .tables import StrainTable, Tables, cards_in

SUIT_SHIFT: Final = 8
"""A play move names a suit for a led joker in the bits from this one up (suit position + 1)."""
CARD_BITS: Final = (1 << SUIT_SHIFT) - 1
"""Mask of a play move's card index."""


@lru_cache(maxsize=256)
def _following(players: int, active: tuple[int, ...]) -> tuple[int, ...]:
    """Per seat: the active seat that plays after it (-1 for a seat that does not play)."""
    following = [-1] * players
    for position, seat in enumerate(active):
        following[seat] = active[(position + 1) % len(active)]
    return tuple(following)


class TrickPlay:
    """The mutable state of one hand's card play."""

    __slots__ = (
        "tables",
        "hands",
        "strain",
        "joker",
        "active",
        "leader",
        "to_act",
        "trick",
        "led",
        "named",
        "tricks",
        "number",
        "voids",
        "total",
        "completed",
        "played",
        "names_suits",
        "_next_seat",
        "_size",
        "_follow",
        "_void_only",
        "_restricted",
        "by_seat",
        "claimer",
        "fixed_views",
        "claimed",
        "_checking",
    )

    def __init__(
        self,
        tables: Tables,
        hands: list[int],
        strain: StrainTable,
        active: list[int],
        leader: int,
        total: int,
        source: TrickPlay | None = None,
    ) -> None:
        """The play of a hand from its first lead; with ``source``, a copy of that play (see :meth:`copy`)."""
        self.tables = tables
        self.hands = hands
        """Each seat's cards as a mask (shared with the game state); a played card leaves its hand."""
        self.strain = strain
        self.joker: JokerRules = tables.rules.play.joker_in_no_trump
        self.active = active
        """Seats that play, clockwise."""
        self.leader = leader
        self.total = total
        self.names_suits = self.joker.lead_names_suit and strain.suitless != 0
        """Whether a joker led in this strain names the suit to follow."""
        seats = tables.rules.seating.seats
        self._next_seat = _following(seats, tuple(active))
        self._size = len(active)
        self._void_only = self.joker.only_when_void
        # The joker's renege and first-or-last rules (rules text 000, "Joker in no trump"), checked only
        # where they apply: a strain with a suitless joker, under a variant that states them.
        self._restricted = bool(strain.suitless) and (self.joker.renege_forbidden or self.joker.first_or_last_only)
        self.fixed_views: dict[int, Any] | None = None
        """Per seat: the part of its seat view that the play cannot change, kept by
        :func:`~engine.kernel.seat_view.seat_view` while this play lasts (a copy starts without)."""
        if source is None:
            self.to_act = leader
            self.trick: list[tuple[int, int]] = []
            """The trick in progress: (seat, card index) in order."""
            self.led: str | None = None
            """The suit the trick in progress follows, once led."""
            self.named: str | None = None
            """The suit named for a joker led to the trick in progress."""
            self.tricks = [0] * seats
            self.number = 0
            self.voids: list[set[str]] = [set() for _ in range(seats)]
            self.completed: list[tuple[int, tuple[tuple[int, int], ...], int, str | None]] = []
            """Each completed trick: (leader, (seat, card index) pairs, winner, suit named for a led joker)."""
            self.played = 0
            """Mask of every card played so far in this hand."""
            self._follow = -1
            self.by_seat = [0] * seats
            """Per seat: the cards it has played this hand."""
            self.claimer = -1
            """The seat that laid cards down to claim tricks this hand, or -1."""
            self.claimed: list[int] = []
            """The claimer's cards still to lead, in order, while its claim holds good."""
            self._checking = self._restricted
        else:
            # Every attribute is named (no ``__new__`` and ``__slots__`` walk), so the class also compiles
            # with mypyc (the optional compiled build).
            self.to_act = source.to_act
            self.trick = list(source.trick)
            self.led = source.led
            self.named = source.named
            self.tricks = list(source.tricks)
            self.number = source.number
            self.voids = [set(each) for each in source.voids]
            self.completed = list(source.completed)
            self.played = source.played
            self._follow = source._follow
            self.by_seat = list(source.by_seat)
            self.claimer = source.claimer
            self.claimed = list(source.claimed)
            self._checking = source._checking

    def copy(self) -> TrickPlay:
        """An independent copy (sharing :attr:`hands` with this one: a game state's copy replaces it)."""
        return TrickPlay(self.tables, self.hands, self.strain, self.active, self.leader, self.total, self)

    @property
    def over(self) -> bool:
        """Whether every trick has been played."""
        return self.number >= self.total

    def _suit_name(self, suit: str) -> str:
        return self.tables.rules.deck.suit(suit).name

    def _nameable(self, seat: int) -> list[str]:
        suits = [suit.id for suit in self.tables.rules.deck.suits]
        if self.joker.may_name_void_suit:
            return suits
        allowed = [suit for suit in suits if suit not in self.voids[seat]]
        return allowed or suits

    def playable(self, hand: int) -> int:
        """The mask of the cards of ``hand`` that the seat to act may play."""
        # _follow is every card (-1) until a suit is led, so a leader may play anything.
        following = hand & self._follow
        if self._checking:
            return self._checked(hand, following)
        if not following:
            return hand  # void in the suit led: anything goes
        if self._void_only:
            return following
        return following | (hand & self.strain.suitless)

    def _checked(self, hand: int, following: int) -> int:
        """:meth:`playable` where a claim is pending or the joker's renege and first-or-last rules apply
        (kept apart so that the common case stays quick)."""
        if self.claimed and not self.trick and self.to_act == self.claimer:
            return hand & (1 << self.claimed[0])  # the next card laid down leads
        if not following:
            allowed = hand
        elif self._void_only:
            return following
        else:
            allowed = following | (hand & self.strain.suitless)
        if self._restricted and self.trick and allowed & self.strain.suitless and self.joker_barred(hand) is not None:
            allowed &= ~self.strain.suitless
        return allowed

    def joker_barred(self, hand: int) -> str | None:
        """Why the seat to act, holding ``hand``, may not play the joker to the trick in progress, or
        ``None``: it has shown void in the suit led (no reneging, unless it is its last card), or it has
        played that suit before and still holds some (the joker only as the first or last card of a suit)."""
        led, seat = self.led, self.to_act
        if led is None or hand & (hand - 1) == 0:
            return None
        if self.joker.renege_forbidden and led in self.voids[seat]:
            return f"it has shown void in {self._suit_name(led)}, and the joker may not renege"
        suit = self.strain.follow[led] & ~self.strain.suitless
        if self.joker.first_or_last_only and self.by_seat[seat] & suit and hand & suit:
            return f"it has played {self._suit_name(led)} before and still holds some, and the joker may only be the first or last card of a suit"
        return None

    def must_name(self, cards: int) -> bool:
        """Whether one of ``cards`` (a mask), led now, must name a suit: a joker led in no trump makes one
        move per suit it may name, so it is never the only move."""
        return self.names_suits and not self.trick and bool(cards & self.strain.suitless)

    def only_move(self, legal: int) -> int:
        """The one move the playable cards ``legal`` leave the seat to act (a card's index), or -1 where
        it has a choice: the one answer to "is there only one choice?" in the play."""
        if legal & (legal - 1) or self.must_name(legal):
            return -1
        return legal.bit_length() - 1

    def names_suit(self, index: int) -> bool:
        """Whether playing card ``index`` now must name a suit (a joker led in no trump)."""
        return self.names_suits and not self.trick and bool((self.strain.suitless >> index) & 1)

    def nameable(self) -> list[str]:
        """The suits the seat to act may name for a led joker."""
        return self._nameable(self.to_act)

    def legal_actions(self, hand: int) -> list[Action]:
        """The legal plays of the seat to act, holding ``hand``."""
        cards, plays = self.tables.cards, self.tables.plays
        actions: list[Action] = []
        for index in cards_in(self.playable(hand)):
            if self.names_suit(index):
                actions.extend(Play(cards[index], suit) for suit in self._nameable(self.to_act))
            else:
                actions.append(plays[index])
        return actions

    def why_illegal(self, move: int, hand: int) -> str | None:
        """Why the seat to act, holding ``hand``, may not make play ``move`` (a card index, plus
        ``(suit position + 1) << SUIT_SHIFT`` naming a suit for a led joker), as the full sentence an
        illegal action gets, or ``None`` when it may."""
        seat, cards, suits = self.to_act, self.tables.cards, self.tables.suits
        index, named = move & CARD_BITS, move >> SUIT_SHIFT
        if move < 0 or index >= len(cards) or named > len(suits):
            return f"seat {seat} cannot play card {index}: the legal cards are {cards_in(self.playable(hand))}."
        card = cards[index]
        if not (hand >> index) & 1:
            return f"seat {seat} does not hold {card}."
        suitless = bool((self.strain.suitless >> index) & 1)
        if not self.trick and suitless and self.joker.lead_names_suit:
            if not named:
                return f"seat {seat} leads {card} in no trump and must name the suit to follow, like play {card}:H."
            suit = suits[named - 1]
            if suit not in self._nameable(seat):
                return f"seat {seat} has shown void in {self._suit_name(suit)} and may not name it for {card}."
        elif named:
            return f"A suit may be named only when leading a joker in no trump; write play {card}."
        if (self.playable(hand) >> index) & 1:
            return None
        led = self.led
        assert led is not None
        power = self.strain.power
        held = sorted(cards_in(hand & self.strain.follow[led]), key=lambda each: -power[each])
        holding = ", ".join(str(cards[each]) for each in held)
        if suitless:
            barred = self.joker_barred(hand) if self._restricted else None
            if barred is not None:
                return f"seat {seat} may not play {card} to this trick: {barred}."
            return f"seat {seat} may play {card} only when void in {self._suit_name(led)}: holds {holding}."
        return f"seat {seat} must follow {self._suit_name(led)}: holds {holding}."

    def why_claim_illegal(self, cards: list[int], hand: int, declarer: int | None) -> str | None:
        """Why the seat to act, holding ``hand``, may not lay down the cards ``cards`` (indices, in the
        order they lead) to claim the tricks they win, or ``None`` when it may: a claim is the
        declarer's, when it leads, with cards it holds, none a joker that must name a suit."""
        seat, names = self.to_act, self.tables.cards
        if seat != declarer or self.trick:
            return f"Only the declarer may lay cards down to claim tricks, when it leads; seat {seat} is to play."
        if self.claimed:
            return f"seat {seat} has laid cards down already and must lead {names[self.claimed[0]]}."
        if not cards:
            return f"seat {seat} must name the cards it lays down."
        for index in cards:
            if not 0 <= index < len(names) or not (hand >> index) & 1:
                return f"seat {seat} does not hold {names[index] if 0 <= index < len(names) else f'card {index}'}."
            if self.names_suits and (self.strain.suitless >> index) & 1:
                return f"{names[index]} led in no trump names a suit: lead it with play {names[index]}:H (or another suit) before claiming."
        return None

    def play(self, index: int, named: str | None = None) -> int:
        """Play the checked card ``index`` for the seat to act (``named``: the suit named for a led
        joker); returns the trick's winner when it completes the trick, else -1."""
        seat = self.to_act
        trick = self.trick
        bit = 1 << index
        if not trick:
            if self._checking and self.claimed and seat == self.claimer:
                self.claimed.pop(0)
            led = self.led = named if named is not None else self.strain.suit_of[index]
            self.named = named
            if led is not None:
                self._follow = self.strain.follow[led]
        elif not self._follow & bit and self.led is not None:
            self.voids[seat].add(self.led)  # did not follow: void in the suit led
        trick.append((seat, index))
        self.played |= bit
        if self._restricted:
            self.by_seat[seat] = self.by_seat[seat] | bit
        hands = self.hands
        hands[seat] = hands[seat] ^ bit  # (``^=`` on an item is a generic in-place call in the compiled build)
        if len(trick) < self._size:
            self.to_act = self._next_seat[seat]
            return -1
        # The winner: the highest trump, else the highest card of the suit led.
        power, suit_of, led = self.strain.power, self.strain.suit_of, self.led
        winner, best = trick[0][0], -1
        for each, card in trick:
            value = power[card]
            if value > best and (value >= TRUMP_POWER or suit_of[card] == led):
                winner, best = each, value
        self.completed.append((self.leader, tuple(trick), winner, self.named))
        if self._checking and self.claimed and winner != self.claimer:
            self.claimed = []  # a card laid down lost its trick: the claim stands only this far
        tricks = self.tricks
        tricks[winner] = tricks[winner] + 1  # (item augmented assignments are generic calls compiled)
        self.number += 1
        self.trick = []
        self.led = self.named = None
        self._follow = -1
        self.leader = self.to_act = winner
        return winner

    def unplay(self, was_void: bool) -> None:
        """Take back the last card played (a search's undo; not after a claim). ``was_void``: whether
        its seat had already shown void in the suit led before that card (kept, not recorded anew)."""
        if self.trick:
            seat, index = self.trick.pop()
        else:
            leader, cards, winner, named = self.completed.pop()
            tricks = self.tricks
            tricks[winner] = tricks[winner] - 1
            self.number -= 1
            self.trick = list(cards)
            seat, index = self.trick.pop()
            self.leader = leader
            self.named = named
            self.led = named if named is not None else self.strain.suit_of[cards[0][1]]
            self._follow = self.strain.follow[self.led] if self.led is not None else -1
        bit = 1 << index
        hands = self.hands
        hands[seat] = hands[seat] | bit
        self.played ^= bit
        if self._restricted:
            self.by_seat[seat] = self.by_seat[seat] & ~bit  # (kept only where the joker's restrictions read it, as play does)
        self.to_act = seat
        if not self.trick:
            self.led = self.named = None
            self._follow = -1
        elif not was_void and self.led is not None:
            self.voids[seat].discard(self.led)

    def claim(self, seat: int, cards: list[int]) -> None:
        """``seat``, which has just led the first card it laid down, claims the tricks ``cards`` win
        (checked by the caller): it leads them, in order, while each of its leads wins."""
        self.claimer = seat
        self.claimed = list(cards)
        self._checking = True

    def trick_cards(self) -> list[tuple[int, Card]]:
        """The current trick as (seat, card) pairs."""
        return [(seat, self.tables.cards[index]) for seat, index in self.trick]
