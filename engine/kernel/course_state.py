"""The protocol of a hand's parts (:class:`Part`; each phase's is in :mod:`~engine.kernel.parts`) and what
they read and hand over to (:class:`Course`): the game's variant, its listener, its part and the hand
being played (:class:`~engine.kernel.hand.Hand`), and the steps of its course
(:class:`~engine.kernel.course.HandCourse` takes them) that a part calls when its phase ends.

Written apart from the course so that the parts can name it while the course holds them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.ruleset import Rules
from .actions import Action, Give, Pick, Play
from .calls import CallWindow
from .events import Event
from .hand import Hand
from .listening import StateListener
from .phase import Phase
from .tables import Tables, cards_in

COURSE_FIELDS = tuple(
    (
        "rules tables rng rng_shared scripted listener dealer scores redeals passed_out banned winner ending part phase hand_number "
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

    def to_act(self, course: Course) -> int | None:
        """The seat to move (``None`` where nobody moves: the game is over)."""
        raise NotImplementedError

    def legal_mask(self, course: Course) -> int:
        """The legal moves of the seat to act as a bit mask (each part says how its bits read)."""
        raise NotImplementedError

    def why_illegal(self, move: int, course: Course) -> str | None:
        """Why ``move`` is not legal for the seat to act (a full sentence), or ``None`` when it is."""
        raise NotImplementedError

    def apply(self, move: int, course: Course) -> None:
        """Take ``move``, already checked legal, reporting it and what follows from it as events."""
        raise NotImplementedError

    def legal_actions(self, course: Course) -> Sequence[Action]:
        """Every legal action of the seat to act (a sequence that may be lazy)."""
        raise NotImplementedError

    def move_of(self, action: Action, course: Course) -> int:
        """The move the well-formed ``action`` stands for; :class:`~engine.errors.IllegalActionError`,
        in a full sentence saying what the phase expects, for an action of another kind."""
        raise NotImplementedError

    def action_of(self, move: int, tables: Tables) -> Action:
        """The action ``move`` stands for under the variant of ``tables``: the inverse of :meth:`move_of`."""
        raise NotImplementedError

    def claim_refused(self, course: Course) -> str:
        """Why a claim (:class:`~engine.kernel.actions.Claim`) is not one move here, as the full sentence
        its refusal gets."""
        return f"seat {self.to_act(course)} may lay cards down to claim tricks only during the play, not now."

    def mask_of(self, actions: Sequence[Action], tables: Tables, hand: int) -> int:
        """The legal actions ``actions`` of a seat holding ``hand`` as :meth:`legal_mask` gives them (the
        other direction of :meth:`legal_actions`, for a bot handed actions that decides over moves)."""
        raise NotImplementedError

    def actions_of_mask(self, course: Course) -> list[Action]:
        """The legal actions of a part whose mask's bit ``m + 1`` stands for move ``m`` (bit 0 for
        :data:`~engine.kernel.phase.PASS_MOVE`), read from :meth:`legal_mask`."""
        return [self.action_of(bit - 1, course.tables) for bit in cards_in(self.legal_mask(course))]


def card_mask(actions: Sequence[Action]) -> int:
    """The cards of ``actions`` (plays, gifts, table cards taken) as a mask of their indices: :meth:`Part.mask_of`
    for the parts whose moves are cards."""
    mask = 0
    for action in actions:
        if isinstance(action, (Play, Give, Pick)):
            mask |= 1 << action.card.index
    return mask


class Course:
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
        """Move the game into ``part``'s phase (only the course does: every move between phases is in
        :mod:`~engine.kernel.course`)."""
        self.part, self.phase = part, part.phase

    def tell(self, event: Event) -> None:
        """Report ``event`` to the listener, if any (where building the event costs next to nothing)."""
        if self.listener is not None:
            self.listener.event(event)

    def tell_all(self, events: list[Event]) -> None:
        """Report the events a part returned, in order."""
        if self.listener is not None:
            for event in events:
                self.listener.event(event)

    # The course's steps a part hands over to when its move ends its phase (HandCourse takes them).

    def play_card(self, index: int, named: str | None = None) -> None:
        """The seat to act plays card ``index`` (``named``: the suit named for a led joker), checked; what
        follows the card (a trick won, the hand scored) follows."""
        raise NotImplementedError

    def end_auction(self) -> None:
        """The auction is over: the contract won goes on to the announcements and the kitty, or nobody bid."""
        raise NotImplementedError

    def close_window(self, window: CallWindow) -> None:
        """Everyone in the announcement window ``window`` has spoken: the hand goes on from where it opened."""
        raise NotImplementedError

    def after_discard(self, mask: int) -> None:
        """The seat discarding put away the cards of ``mask`` (already out of its hand): they go out of play,
        or to the partner (double misère), and the hand goes on."""
        raise NotImplementedError

    def after_gift(self) -> None:
        """Every partner has given the declarer its card: the partners fold and the declarer discards as many."""
        raise NotImplementedError

    def after_picks(self) -> None:
        """The last table card is taken: the auction follows (before it), or the play (defenders, after it)."""
        raise NotImplementedError

    def after_draws(self) -> None:
        """The hands are drawn: the auction follows."""
        raise NotImplementedError

    def after_partner(self) -> None:
        """The declarer called a partner or went alone: partners pass cards where the terms say so, else the
        play starts."""
        raise NotImplementedError


__all__ = ["COURSE_FIELDS", "PARTS", "Course", "Part", "card_mask", "part_of"]
