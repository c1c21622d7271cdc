"""The protocol of a hand's parts (:class:`Part`; each phase's is in :mod:`~engine.kernel.parts`) and what
they read and hand over to (:class:`HandState`): the fields of a game's state at its current hand, and the
steps of its course (:class:`~engine.kernel.course.HandCourse` takes them) that a part calls when its
phase ends.

Written apart from the course so that the parts can name it while the course holds them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.contracts import Contract
from ..rules.ruleset import Rules
from .actions import Action, Give, Pick, Play
from .arrangement import SeatArrangement
from .auction import Auction
from .calls import CallWindow
from .deal import Deal
from .drawing import DrawnHands
from .events import Event
from .listening import StateListener
from .phase import Phase
from .play import TrickPlay
from .table_cards import TableCards
from .tables import Tables

COURSE_FIELDS = tuple(
    (
        "rules tables rng rng_shared scripted listener dealer scores redeals banned winner ending part phase hand_number "
        "order _deal _dealt_by kitty hands auction play contract declarer discard_count discarded chosen kitty_taken "
        "sitting_out exposed result pause_between_hands paused expose_when terms window announced givers received "
        "scored_out discarder arrangement table_cards drawn_hands"
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
    """A game's state at its current hand, as its parts read it (see the module docstring); the course
    (:class:`~engine.kernel.course.HandCourse`) sets the fields and takes the steps."""

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
    play: TrickPlay | None
    """The card play, once the current hand reaches it."""
    # The current hand's state, set by the course as each hand starts.
    order: list[int] | None
    """The shuffled deck this hand was dealt from (``None`` for a scripted deal)."""
    _deal: Deal | None
    _dealt_by: int
    kitty: tuple[int, ...]
    """The kitty's cards, in the order dealt."""
    hands: list[int]
    """Each seat's cards as a mask of card indices."""
    auction: Auction
    """This hand's auction."""
    contract: Contract | None
    """The contract played, once the auction is won."""
    declarer: int | None
    """The declarer's seat, once the auction is won."""
    discard_count: int
    """How many cards the declarer must discard after taking the kitty."""
    discarded: int
    """The declarer's discards, as a mask."""
    chosen: tuple[int, ...]
    """The steps taken so far of a discard or pick in progress (:mod:`~engine.kernel.action_space`)."""
    kitty_taken: bool
    """Whether the declarer took the kitty."""
    sitting_out: tuple[int, ...]
    """Seats that take no part in the play (a misère declarer's partner)."""
    exposed: tuple[int, ...]
    """Seats whose hands are laid open."""
    terms: Contract | None
    """The terms the hand is played and scored under: the contract won, or what a call made of it."""
    window: CallWindow | None
    """The announcement window open now, if any."""
    announced: list[tuple[int, int]]
    """The announcements made this hand: (seat, index in ``rules.announcements``)."""
    givers: list[int]
    """Partners still to pass the declarer a card (phase ``GIVE``)."""
    received: int
    """Cards the declarer received from partners and has still to discard as many of."""
    scored_out: int | None
    """The defending side that reached the target during the play (the 1904 rule), if one has."""
    discarder: int
    """Who discards in phase ``KITTY``: the declarer, or the partner handed the declarer's discards."""
    arrangement: SeatArrangement
    """This hand's dummies and called partner (:mod:`~engine.kernel.arrangement`)."""
    table_cards: TableCards
    """This hand's cards face up on the table (:mod:`~engine.kernel.table_cards`)."""
    drawn_hands: DrawnHands
    """This hand's draws, where hands are drawn (:mod:`~engine.kernel.drawing`)."""

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
