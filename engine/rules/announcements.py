"""Announcements: calls made at a named point of a hand (see ``docs/announcements.md``).

A breach call once the auction is won, a slam call or a declare once the kitty is exchanged: each is an
:class:`Announcement` saying when its window opens, who may make it, which contracts it goes with, and
what it does. The kernel opens the windows and applies the effects by reading these objects alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .contracts import Contract


class Moment(Enum):
    """A point in the course of a hand at which an announcement window opens."""

    AFTER_AUCTION = "after_auction"
    """The auction has been won; the kitty is not yet taken."""
    AFTER_KITTY = "after_kitty"
    """The declarer has exchanged with the kitty; no card has been led."""


class Announcer(Enum):
    """Who may make an announcement."""

    DECLARER = "declarer"
    """The auction's winner."""
    DEFENDER = "defender"
    """A player of a side that did not win the auction (one who plays: not a sitting-out partner)."""


class Effect(Enum):
    """What an announcement does to the hand."""

    TERMS = "terms"
    """The hand is played and scored under the terms of the call (its value or bonus, trick target,
    partner role, strain, kitty and exposure: the :class:`~engine.rules.contracts.Extra` of that id)."""
    WAGER = "wager"
    """The announcer's side wagers on the contract's fate, settled beside it (breach: the
    :class:`~engine.rules.ruleset.BreachRule`)."""


@dataclass(frozen=True)
class Announcement:
    """A call that may be made at one moment of a hand."""

    id: str
    """How it is written in actions: ``call breach``."""
    name: str
    """In plain words."""
    moment: Moment
    """When its window opens."""
    announcer: Announcer
    """Who may make it."""
    effect: Effect
    """What it does."""
    levels: tuple[int, ...] = ()
    """The levels of the ordinary bids it goes with."""
    contracts: tuple[str, ...] = ()
    """The special contracts it goes with."""
    all_specials: bool = False
    """Whether it goes with every special contract."""
    one_caller: bool = True
    """Whether the first such announcement closes the window for everyone."""

    def applies(self, contract: Contract) -> bool:
        """Whether it may be made when ``contract`` is being played."""
        if contract.is_special:
            return self.all_specials or contract.id in self.contracts
        return contract.level in self.levels
