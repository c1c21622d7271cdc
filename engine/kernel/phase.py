"""The phase of a game: where it stands, and so which kind of move it expects."""

from __future__ import annotations

from enum import Enum
from typing import Final

PASS_MOVE: Final = -1
"""The kernel's move that passes in the auction or in an announcement window (and goes alone when
calling a partner)."""


class Phase(Enum):
    """Where a game stands. Dealing, scoring a hand and dealing the next one happen by themselves
    between these phases, so an action is always expected unless the game is over."""

    DRAW = "draw"
    """A player draws its hand: it keeps or rejects the card drawn, and does the opposite with the next
    (two-handed, drawing the hands)."""
    PICK = "pick"
    """A player puts a face-up table card into the kitty (before the auction), or a defender takes one
    into its hand and discards a card (after the declarer's exchange)."""
    AUCTION = "auction"
    """Seats pass or bid."""
    KITTY = "kitty"
    """The declarer has taken the kitty and must discard."""
    CALLS = "calls"
    """An announcement window: seats in turn make a call the rules allow at this point of the hand
    (breach, slam call, declare) or pass."""
    PARTNER = "partner"
    """The declarer calls a partner by naming a card, or goes alone (five-handed)."""
    GIVE = "give"
    """A partner passes the declarer a card (after a call that says so), face down."""
    PLAY = "play"
    """Cards are played to tricks."""
    GAME_OVER = "game_over"
    """The game has ended; no action is expected."""
