"""Hands drawn rather than dealt (two-handed 500, rules text 000: "players alternate in drawing cards
from the central deck. The kitty is set aside in advance, and in turn, players draw a card, choose to
keep or discard it, and then either discard or keep the next card, taking the opposite action").

Each player is dealt its draws as pairs in the order drawn (:attr:`~engine.rules.DealRules.draw`);
:class:`DrawnHands`, part of the kernel's state, plays phase ``DRAW``: the player to draw sees the first
card of its next pair and keeps it (move 0, the second is rejected) or rejects it (:data:`PASS_MOVE`, the
second is kept). It sees the second card either way; rejected cards are out of play.
"""

from __future__ import annotations

from ..errors import shown
from .phase import PASS_MOVE
from .table_cards import TableCards

KEEP_MOVE = 0
"""The draw move that keeps the card drawn (and rejects the next); :data:`PASS_MOVE` rejects it."""


DRAWN_FIELDS = ("draws", "drawn", "drawer", "rejected")
"""The attributes :class:`DrawnHands` adds."""


class DrawnHands(TableCards):
    """The draws of the current hand (see the module docstring)."""

    __slots__ = DRAWN_FIELDS

    draws: list[list[int]]
    """Per seat: the cards it draws, in order (pairs), while drawing; empty where hands are dealt."""
    drawn: list[int]
    """Per seat: the pairs it has drawn so far."""
    drawer: int
    """The player to draw next."""
    rejected: list[int]
    """Per seat: the cards it rejected, as a mask (only it has seen them)."""

    def _start_drawing(self) -> bool:
        """A new hand: where hands are drawn, every player's hand starts empty and the player left of
        the dealer draws first. Whether anyone is to draw (phase ``DRAW``)."""
        seating = self.rules.seating
        if not self.rules.deal.draw:
            self.draws, self.drawn, self.drawer, self.rejected = [], [], -1, []
            return False
        self.draws = [[card.index for card in self.deal.hands[seat]] for seat in range(seating.players)]
        self.drawn = [0] * seating.players
        self.rejected = [0] * seating.players
        for seat in range(seating.players):
            self.hands[seat] = 0
        self.drawer = (self.dealer + 1) % seating.players
        return any(self.draws)

    def card_drawn(self) -> int:
        """The card the player to draw is looking at: the first of its next pair."""
        return self.draws[self.drawer][2 * self.drawn[self.drawer]]

    def why_draw_illegal(self, move: int) -> str | None:
        """Why draw ``move`` is not :data:`KEEP_MOVE` or :data:`PASS_MOVE` (a full sentence), or ``None``."""
        if move in (KEEP_MOVE, PASS_MOVE):
            return None
        return f"seat {self.drawer} is drawing its hand and must keep ({KEEP_MOVE}) or reject ({PASS_MOVE}) the card it drew, not make move {shown(move)}."

    def draw(self, move: int) -> bool:
        """The player to draw keeps (:data:`KEEP_MOVE`) or rejects (:data:`PASS_MOVE`) the card it drew,
        and does the opposite with the next; whether everyone has drawn every pair."""
        seat = self.drawer
        position = 2 * self.drawn[seat]
        first, second = self.draws[seat][position], self.draws[seat][position + 1]
        kept, rejected = (first, second) if move == KEEP_MOVE else (second, first)
        self.hands[seat] |= 1 << kept
        self.rejected[seat] |= 1 << rejected
        self.drawn[seat] += 1
        players = self.rules.seating.players
        for step in range(1, players + 1):
            other = (seat + step) % players
            if 2 * self.drawn[other] < len(self.draws[other]):
                self.drawer = other
                return False
        return True


__all__ = ["DRAWN_FIELDS", "KEEP_MOVE", "PASS_MOVE", "DrawnHands"]
