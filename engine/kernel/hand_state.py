"""The protocol of a hand's parts (:class:`Part`; each phase's is in :mod:`~engine.kernel.parts`) and what
they read and hand over to (:class:`HandState`): the game's variant, its listener, its part and the hand
being played (:class:`~engine.kernel.hand.Hand`), and the steps of its course
(:class:`~engine.kernel.course.HandCourse` takes them) that a part calls when its phase ends.

Written apart from the course so that the parts can name it while the course holds them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.contracts import Contract
from ..rules.ruleset import Rules
from .actions import Action, Give, Pick, Play
from .events import Event
from .hand import Hand
from .listening import StateListener
from .phase import Phase
from .tables import Tables

COURSE_FIELDS = tuple(
    (
        "rules tables rng rng_shared scripted listener dealer scores redeals banned winner ending part phase hand_number "
        "hand result pause_between_hands paused"
    ).split()
)
"""The attributes of a game's state (named here, not read from ``__slots__``: a class compiled with mypyc
has none)."""


PARTS: dict[Phase, Part] = {}
"""Each phase's part (:mod:`~engine.kernel.parts` makes them)."""


def part_of(phase: Phase) -> Part:
    """The part of ``phase``."""
    return PARTS[phase]


class Part:
    """One phase's part of a hand (see the module docstring): the protocol every phase answers."""

    def __init__(self, phase: Phase) -> None:
        self.phase = phase
        """The phase this part plays."""
        PARTS[phase] = self

    def __reduce__(self) -> tuple[object, tuple[Phase]]:
        # One part per phase, found again by its phase: a pickled or copied game state refers to the same
        # part (the course and the game state tell parts apart by identity).
        return (part_of, (self.phase,))

    def __copy__(self) -> Part:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Part:
        return self

    def to_act(self, course: HandState) -> int | None:
        """The seat to move (``None`` where nobody moves: the game is over)."""
        raise NotImplementedError

    def legal_mask(self, course: HandState) -> int:
        """The legal moves of the seat to act as a bit mask (each part says how its bits read)."""
        raise NotImplementedError

    def why_illegal(self, move: int, course: HandState) -> str | None:
        """Why ``move`` is not legal for the seat to act (a full sentence), or ``None`` when it is."""
        raise NotImplementedError

    def apply(self, move: int, course: HandState) -> None:
        """Take ``move``, already checked legal, reporting it and what follows from it as events."""
        raise NotImplementedError

    def legal_actions(self, course: HandState) -> Sequence[Action]:
        """Every legal action of the seat to act (a sequence that may be lazy)."""
        raise NotImplementedError

    def move_of(self, action: Action, course: HandState) -> int:
        """The move the well-formed ``action`` stands for; :class:`~engine.errors.IllegalActionError`,
        in a full sentence saying what the phase expects, for an action of another kind."""
        raise NotImplementedError

    def action_of(self, move: int, tables: Tables) -> Action:
        """The action ``move`` stands for under the variant of ``tables``: the inverse of :meth:`move_of`."""
        raise NotImplementedError

    def mask_of(self, actions: Sequence[Action], tables: Tables, hand: int) -> int:
        """The legal actions ``actions`` of a seat holding ``hand`` as :meth:`legal_mask` gives them (the
        other direction of :meth:`legal_actions`, for a bot handed actions that decides over moves)."""
        mask = 0
        for action in actions:
            if isinstance(action, (Play, Give, Pick)):
                mask |= 1 << action.card.index
        return mask


class HandState:
    """A game's state as its parts read it (see the module docstring): the game-level record (the variant,
    the scores, the dealer, the generator, how it ended) with the hand being played, :attr:`hand`; the
    course (:class:`~engine.kernel.course.HandCourse`) sets the fields and takes the steps."""

    __slots__ = COURSE_FIELDS

    rules: Rules
    """The variant."""
    tables: Tables
    """Its precomputed tables."""
    listener: StateListener | None
    """Told about deals and the events no action states (``None``: nobody listens)."""
    part: Part
    """The part of the hand the game is in: it answers who is to act and for their moves (set with
    :meth:`enter`, with :attr:`phase`)."""
    phase: Phase
    """Where the game stands: the phase of :attr:`part` (kept beside it, as the bots read it on every
    move)."""
    hand: Hand
    """The hand being played (a new one for every deal)."""

    def enter(self, part: Part) -> None:
        """Move the game into ``part``'s phase."""
        raise NotImplementedError

    def current_terms(self) -> Contract | None:
        """The terms the hand is played under now: the contract won, as the modifier said with it and the
        announcements made so far change it."""
        raise NotImplementedError

    def tell(self, event: Event) -> None:
        """Report ``event`` to the listener, if any."""
        raise NotImplementedError

    def tell_all(self, events: list[Event]) -> None:
        """Report the events a part returned, in order."""
        raise NotImplementedError

    def play_card(self, index: int, named: str | None = None) -> None:
        """The seat to act plays card ``index`` (``named``: the suit named for a led joker), checked."""
        raise NotImplementedError

    def end_auction(self) -> None:
        """The auction is over: the contract won goes on to the announcements and the kitty, or nobody bid."""
        raise NotImplementedError

    def take_kitty(self) -> None:
        """After the auction's announcements: the declarer takes the kitty where the terms use it."""
        raise NotImplementedError

    def after_kitty(self) -> None:
        """After the kitty exchange: the announcements that follow it, then the hand-off or the play."""
        raise NotImplementedError

    def hand_off_or_play(self) -> None:
        """After the windows: partners pass cards where the terms say so, else the play starts."""
        raise NotImplementedError

    def start_play(self) -> None:
        """The hand is settled: defenders take table cards where they may, then the first trick is led."""
        raise NotImplementedError


__all__ = ["COURSE_FIELDS", "PARTS", "HandState", "Part", "part_of"]
