"""Hands drawn rather than dealt (two-handed 500, rules text 000: "players alternate in drawing cards
from the central deck. The kitty is set aside in advance, and in turn, players draw a card, choose to
keep or discard it, and then either discard or keep the next card, taking the opposite action").

Each player is dealt its draws as pairs in the order drawn (:attr:`~engine.rules.DealRules.draw`);
:class:`DrawnHands`, a part of the kernel's state (``state.hand.drawn_hands``), plays phase ``DRAW``: the player to draw sees the first
card of its next pair and keeps it (move 0, the second is rejected) or rejects it (:data:`PASS_MOVE`, the
second is kept). It sees the second card either way; rejected cards are out of play.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import shown
from ..rules.cards import Card
from ..rules.ruleset import Rules
from .phase import PASS_MOVE

KEEP_MOVE = 0
"""The draw move that keeps the card drawn (and rejects the next); :data:`PASS_MOVE` rejects it."""


class DrawnHands:
    """The draws of the current hand (see the module docstring)."""

    __slots__ = ("rules", "draws", "drawn", "drawer", "rejected")

    def __init__(self, rules: Rules, source: DrawnHands | None = None) -> None:
        """No hands to draw (see :meth:`start`); with ``source``, a copy of those draws (see :meth:`copy`)."""
        self.rules = rules
        """The variant."""
        self.draws: list[list[int]] = [] if source is None else source.draws
        """Per seat: the cards it draws, in order (pairs), while drawing; empty where hands are dealt
        (never changed once set, so a copy shares it)."""
        self.drawn: list[int] = [] if source is None else list(source.drawn)
        """Per seat: the pairs it has drawn so far."""
        self.drawer: int = -1 if source is None else source.drawer
        """The player to draw next."""
        self.rejected: list[int] = [] if source is None else list(source.rejected)
        """Per seat: the cards it rejected, as a mask (only it has seen them)."""

    def copy(self) -> DrawnHands:
        """An independent copy."""
        return DrawnHands(self.rules, self)

    def start(self, dealt: Sequence[Sequence[Card]], hands: list[int], dealer: int) -> bool:
        """A new hand whose draws were dealt as ``dealt`` (per seat): every player's hand starts empty
        and the player left of the dealer draws first. Whether anyone is to draw (phase ``DRAW``)."""
        players = self.rules.seating.players
        self.draws = [[card.index for card in dealt[seat]] for seat in range(players)]
        self.drawn = [0] * players
        self.rejected = [0] * players
        for seat in range(players):
            hands[seat] = 0
        self.drawer = (dealer + 1) % players
        return any(self.draws)

    def card_drawn(self) -> int:
        """The card the player to draw is looking at: the first of its next pair."""
        return self.draws[self.drawer][2 * self.drawn[self.drawer]]

    def why_draw_illegal(self, move: int) -> str | None:
        """Why draw ``move`` is not :data:`KEEP_MOVE` or :data:`PASS_MOVE` (a full sentence), or ``None``."""
        if move in (KEEP_MOVE, PASS_MOVE):
            return None
        return f"seat {self.drawer} is drawing its hand and must keep ({KEEP_MOVE}) or reject ({PASS_MOVE}) the card it drew, not make move {shown(move)}."

    def draw(self, move: int, hands: list[int]) -> bool:
        """The player to draw keeps (:data:`KEEP_MOVE`) or rejects (:data:`PASS_MOVE`) the card it drew,
        and does the opposite with the next; whether everyone has drawn every pair."""
        seat = self.drawer
        position = 2 * self.drawn[seat]
        first, second = self.draws[seat][position], self.draws[seat][position + 1]
        kept, rejected = (first, second) if move == KEEP_MOVE else (second, first)
        hands[seat] |= 1 << kept
        self.rejected[seat] |= 1 << rejected
        self.drawn[seat] += 1
        players = self.rules.seating.players
        for step in range(1, players + 1):
            other = (seat + step) % players
            if 2 * self.drawn[other] < len(self.draws[other]):
                self.drawer = other
                return False
        return True


__all__ = ["KEEP_MOVE", "PASS_MOVE", "DrawnHands"]
