"""Who hears what the kernel's state reports: the :class:`StateListener` protocol, and :class:`History`,
the listener that keeps everything (a bare state's history). :class:`~engine.game.Game` is the other
listener; the simulator's states have none."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from .deal import Deal
from .events import Event


@dataclass(frozen=True)
class HandStart:
    """A hand as it is dealt, with what it carries over from the hands before it."""

    dealer: int
    """The hand's dealer."""
    scores: tuple[int, ...]
    """Team scores before the hand."""
    deal: Deal
    """The cards dealt."""
    misdeals: tuple[tuple[Deal, int], ...]
    """The deals thrown in before it, each with the first seat found without a face card."""
    banned: tuple[int, ...]
    """Seats that may not bid in it (the set rule, ralphing, breach), in order."""
    redeals: int
    """All-pass redeals its dealer made in a row before it."""


class StateListener(Protocol):
    """What the state tells: every move and what follows from it, as events, and each new hand's deal
    (:class:`~engine.game.Game` listens to keep records and events)."""

    def hand_started(self, start: HandStart) -> None:
        """The state dealt a hand."""

    def event(self, event: Event) -> None:
        """Something happened."""


class History:
    """A listener that keeps every event the state reports: a bare state's history
    (``GameState.create(..., history=True)``, read as :attr:`GameState.events
    <engine.kernel.state.GameState.events>`)."""

    __slots__ = ("events",)

    def __init__(self) -> None:
        self.events: list[Event] = []
        """Everything that has happened, in order."""

    def hand_started(self, start: HandStart) -> None:
        """Nothing to do: the deal is reported as an event too."""

    def event(self, event: Event) -> None:
        """Keep ``event``."""
        self.events.append(event)


__all__ = ["HandStart", "History", "StateListener"]
