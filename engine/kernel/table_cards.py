"""Cards dealt face up to the table (two-handed 500 with 52 cards, rules text 000): before the auction
each player in turn puts some into the kitty; after the declarer's exchange each defender takes some,
discarding a card for each; the rest are out of play.

:class:`TableCards` is the part of the kernel's state (``state.hand.table_cards``) that plays them, in phase
``PICK``. A move there is the index of the card taken from the table,
plus ``(discarded index + 1) << DISCARD_SHIFT`` when a defender takes it into its hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import shown
from ..rules.cards import Card
from ..rules.ruleset import Rules
from .tables import cards_in, mask_of

DISCARD_SHIFT = 8
"""A defender's pick names the card it discards in the bits from this one up (its index + 1)."""
CARD_MASK = (1 << DISCARD_SHIFT) - 1
"""Mask of a pick's card index."""


class TableCards:
    """The face-up table cards of the current hand (see the module docstring)."""

    __slots__ = ("rules", "table", "pickers", "taking", "set_aside", "table_done")

    def __init__(self, rules: Rules, source: TableCards | None = None) -> None:
        """No table cards (see :meth:`lay_out`); with ``source``, a copy of those (see :meth:`copy`)."""
        self.rules = rules
        """The variant."""
        self.table: int = 0 if source is None else source.table
        """The cards still face up on the table, as a mask."""
        self.pickers: list[int] = [] if source is None else list(source.pickers)
        """The seats still to pick a table card, in order (phase ``PICK``)."""
        self.taking: bool = False if source is None else source.taking
        """Whether the pickers are defenders taking cards into their hands (else players feeding the kitty)."""
        self.set_aside: list[int] = [] if source is None else list(source.set_aside)
        """Per seat: the cards it discarded after taking table cards, as a mask (only it knows them);
        empty where no cards are dealt to the table."""
        self.table_done: bool = True if source is None else source.table_done
        """Whether the defenders have had their turn at the table this hand."""

    def copy(self) -> TableCards:
        """An independent copy."""
        return TableCards(self.rules, self)

    def lay_out(self, table: Sequence[int], dealer: int) -> bool:
        """A new hand dealt ``table`` face up (card indices): each player in turn from the dealer's left
        puts its share into the kitty before the auction. Whether anyone is to (phase ``PICK``)."""
        rules = self.rules
        self.table = mask_of(table)
        self.set_aside = [0] * rules.seating.seats
        self.taking = False
        self.table_done = not rules.deal.table_to_defenders
        players = rules.seating.players
        self.pickers = [(dealer + 1 + place) % players for _ in range(rules.deal.table_to_kitty) for place in range(players)]
        return bool(self.pickers)

    def defenders_take(self, declarer: int, side: Sequence[int], sitting_out: Sequence[int]) -> bool:
        """Before the play: each defender (not of ``side``, not sitting out) takes its share of the table
        cards; whether any are to (phase ``PICK``)."""
        if self.table_done:
            return False
        self.table_done = True
        players = self.rules.seating.players
        defenders = [(declarer + step) % players for step in range(1, players)]
        defenders = [seat for seat in defenders if seat not in side and seat not in sitting_out]
        self.pickers = [seat for seat in defenders for _ in range(self.rules.deal.table_to_defenders)]
        self.taking = True
        if not self.pickers or not self.table:
            self.pickers = []
            return False
        return True

    def why_pick_illegal(self, move: int, hands: Sequence[int], cards: Sequence[Card]) -> str | None:
        """Why ``move`` is not a legal pick for the seat to pick (the full sentence an illegal action
        gets), or ``None`` when it is."""
        seat = self.pickers[0]
        card, discard = move & CARD_MASK, (move >> DISCARD_SHIFT) - 1
        on_table = " ".join(str(cards[index]) for index in cards_in(self.table))
        if move < 0 or card >= len(cards) or discard >= len(cards):
            return f"seat {seat} must take one of the table cards ({on_table}), not make move {shown(move)}."
        if not self.table >> card & 1:
            return f"{cards[card]} is not on the table: the cards there are {on_table}."
        if not self.taking:
            return (
                None if discard == -1 else f"seat {seat} puts {cards[card]} into the kitty and discards nothing: write pick {cards[card]}."
            )
        if discard == -1:
            return f"seat {seat} takes {cards[card]} into its hand and must discard a card for it, like pick {cards[card]} discard {cards[card]}."
        if not (hands[seat] | 1 << card) >> discard & 1:
            return f"seat {seat} does not hold {cards[discard]}, so it cannot discard it."
        return None

    def take(self, move: int, hands: list[int]) -> int:
        """The seat to pick takes table card ``move`` (checked): into its hand, discarding the card the
        move names, after the declarer's exchange; else it goes into the kitty, and is returned (-1
        otherwise)."""
        seat = self.pickers.pop(0)
        card = move & CARD_MASK
        self.table &= ~(1 << card)
        if self.taking:
            discard = (move >> DISCARD_SHIFT) - 1
            hands[seat] = (hands[seat] | 1 << card) & ~(1 << discard)
            self.set_aside[seat] |= 1 << discard
            return -1
        return card


__all__ = ["CARD_MASK", "DISCARD_SHIFT", "TableCards"]
