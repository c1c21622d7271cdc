"""The kernel's game state: the move interface over the course of a game (:mod:`engine.kernel.course`).

:class:`GameState` plays a game hand after hand: deals (with misdeals), the auction, announcement
windows, the kitty, the tricks, scoring, redeals and the end of the game. Its moves are numbers;
:meth:`GameState.why_illegal` is the one definition of their legality (each phase's part answers in the
full sentence an illegal action gets), and every move and what follows from it is reported as an event to
the state's listener: a :class:`History` (``GameState.create(..., history=True)``), a
:class:`~engine.game.Game`, or nobody, in the simulator's fast path. :class:`~engine.game.Game` adds action
objects and their text (:mod:`~engine.kernel.moves` converts them), records and observations, so there is
one kernel for both.

A *move* is a small integer: during the auction :data:`PASS_MOVE`, a contract's ladder rank, or
``tables.look_move`` (looking at one's cards, where a contract may be bid blind); in an
announcement window :data:`PASS_MOVE` or an announcement's index in ``rules.announcements``; at the
kitty (and after partners gave cards) the mask of the cards to discard; a partner giving a card, its
index; calling a partner, :data:`PASS_MOVE` to go alone or the index of the card named; in play a
card index, plus ``(suit position + 1) << 8`` when a led joker names a suit; taking a table card,
its index (see :mod:`engine.kernel.table_cards`); drawing a hand, 0 keeping the card drawn and
:data:`PASS_MOVE` rejecting it.

Seats are the hands at the table (:class:`~engine.rules.Seating`): where players also play dummies,
:attr:`GameState.to_act` may be a dummy's seat, and :attr:`GameState.player_to_act` is who chooses.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..errors import IllegalActionError, UsageError, shown
from ..rules.ruleset import Rules
from .course import PASS_MOVE, HandCourse
from .deal import Deal
from .events import CardPlayed, Claimed, Event
from .listening import History, StateListener
from .parts import BIDDING, OVER, PLAYING
from .play import CARD_BITS, SUIT_SHIFT
from .shuffling import checked_seed
from .support import check_supported
from .tables import Tables, tables_for

Chooser = Callable[["GameState", int, int], object]
"""Picks a move for a seat: ``chooser(state, seat, legal)`` with ``legal`` from :meth:`GameState.legal_mask`
(typed ``object``: whatever a chooser returns is checked to be a move, in both builds alike)."""


class GameState(HandCourse):
    """One game's state under ``rules``: integer cards, numbered moves, no records."""

    __slots__ = ()

    def __init__(
        self,
        rules: Rules,
        tables: Tables,
        rng: random.Random,
        dealer: int,
        scores: tuple[int, ...],
        scripted: list[Deal] | None = None,
        listener: StateListener | None = None,
        banned: frozenset[int] = frozenset(),
        redeals: int = 0,
        source: GameState | None = None,
    ) -> None:
        """A new game's state dealt its first hand (see :class:`HandCourse`); with ``source``, a shallow
        copy of that state, every attribute shared (:meth:`copy` then copies what changes: a class
        compiled with mypyc has no ``__new__`` to make one otherwise)."""
        if source is not None:
            copy_course(source, self)
            return
        super().__init__(rules, tables, rng, dealer, scores, scripted, listener, banned, redeals)

    @classmethod
    def create(cls, rules: Rules, *, seed: object = None, dealer: object = 0, history: bool = True) -> GameState:
        """A new game's state under ``rules``, its deals shuffled from ``seed`` (the same deals as
        ``Game(rules, seed=seed, dealer=dealer)``); with ``history``, it keeps every event in
        :attr:`events` (a simulation that needs none passes ``False``). Raises
        :class:`~engine.kernel.support.UnsupportedRuleError` for a variant the kernel cannot play."""
        check_supported(rules)
        players = rules.seating.players
        # Typed ``object`` and checked here, so that both builds give the same error for the same misuse.
        if type(dealer) is not int or not 0 <= dealer < players:
            raise UsageError(f"The dealer must be a seat from 0 to {players - 1}, not {shown(dealer)}.")
        listener = History() if history else None
        return cls(rules, tables_for(rules), random.Random(checked_seed(seed)), dealer, (0,) * len(rules.seating.teams), None, listener)

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far, where the state keeps its history (see :meth:`create`); else empty."""
        listener = self.listener
        return tuple(listener.events) if isinstance(listener, History) else ()

    @property
    def to_act(self) -> int | None:
        """The seat expected to move, or ``None`` once the game is over (or while paused)."""
        if self.paused:
            return None
        return self.part.to_act(self)

    @property
    def player_to_act(self) -> int | None:
        """The player who chooses the next move: the seat to act, or the player of a dummy to act."""
        seat = self.to_act
        return None if seat is None else self.tables.controller[seat]

    def copy(self) -> GameState:
        """An independent copy, random generator included (the listener is not copied)."""
        # (Every argument by position: a compiled call with a keyword takes the slow path.)
        other = GameState(self.rules, self.tables, self.rng, self.dealer, self.scores, None, None, self.banned, 0, self)
        # The generator is shared, not copied (copying it was two thirds of a copy's cost): the first of
        # the two to deal from it takes a copy of its own (HandCourse._start_hand).
        self.rng_shared = other.rng_shared = True
        other.scripted = list(self.scripted)
        other.listener = None
        other.hand = self.hand.copy()
        return other

    # -- moves ------------------------------------------------------------------------------------

    def legal_mask(self) -> int:
        """The legal moves of the seat to act as a bit mask: in the auction bit 0 is the pass and bit
        ``r + 1`` the bid of rank ``r`` (so the move is the bit's position minus one); at the kitty the
        cards that may be discarded (:attr:`Hand.discard_count <engine.kernel.hand.Hand.discard_count>` of them make a move); in an announcement
        window bit 0 is the pass and bit ``i + 1`` announcement ``i``; when giving, the cards that may be
        given (one makes a move); calling a partner, bit 0 going alone and bit ``i + 1`` naming card
        ``i``; in play the cards that may be played (a led joker that names a suit makes one move per :meth:`TrickPlay.nameable`
        suit); 0 while no seat is to act (the game is over, or paused between hands)."""
        return 0 if self.paused else self.part.legal_mask(self)

    def run(self, choosers: Sequence[Chooser], *, trusted: bool = False) -> int:
        """Play the moves ``choosers[player](state, seat, legal)`` pick (``legal``: :meth:`legal_mask`;
        ``seat`` the seat to act, which is a dummy's where ``player`` chooses for its dummy) until no seat
        is to act (the game is over, or a hand is over while
        :attr:`pause_between_hands` is set); returns the moves made.

        The simulator's inner loop, over the one transition path: a move is checked by
        :meth:`why_illegal` and taken as :meth:`make_move` takes it (a card as :meth:`play_card` takes
        it, so whatever follows a card is decided in one place, :meth:`HandCourse.after_card
        <engine.kernel.course.HandCourse.after_card>`, with no list of rules to watch for here); only
        the part's dispatch is hoisted out of the card play (nine moves in ten) and the auction. A seat with a single card
        it may play plays it without being asked: there is nothing to choose. A chooser's illegal move
        raises :class:`~engine.errors.IllegalActionError`, leaving the state as it was before that move;
        ``trusted`` skips that check for the bids and plain cards of choosers known to move legally (the
        simulator's built-in bots, whose moves the tests check against :class:`~engine.Game`)."""
        moves = 0
        players = self.rules.seating.players
        if len(choosers) != players:
            raise UsageError(f"run needs one chooser per player ({players}), not {len(choosers)}.")
        # One chooser per player; a dummy's seat is chosen for by its player's.
        choosers = [choosers[player] for player in self.tables.controller]
        while not self.paused:
            part = self.part
            if part is PLAYING:
                moves += self._run_play(choosers, trusted)
            elif part is BIDDING:
                auction = self.hand.auction
                seat = auction.to_act
                chosen = choosers[seat](self, seat, auction.legal_mask())
                move = chosen if type(chosen) is int else self._as_move(chosen)
                if not trusted:
                    self.check_move(move)  # raises, naming the legal moves
                BIDDING.apply(move, self)  # make_move, its dispatch hoisted
                moves += 1
            elif part is OVER:
                break
            else:
                actor = self.to_act
                assert actor is not None
                move = self._as_move(choosers[actor](self, actor, self.legal_mask()))
                self.check_move(move)  # raises, naming the legal moves
                self.make_move(move)
                moves += 1
        return moves

    def _run_play(self, choosers: list[Chooser], trusted: bool) -> int:
        """:meth:`run`'s card play: cards until the play ends (its hand is over, or a side scored out),
        each taken as :meth:`play_card` takes one (reported, played, and followed by
        :meth:`HandCourse.after_card <engine.kernel.course.HandCourse.after_card>`); returns how many."""
        play = self.hand.play
        assert play is not None
        hands, tables, listener = self.hand.hands, self.tables, self.listener
        suits, cards = tables.suits, tables.cards
        moves = 0
        while True:
            seat = play.to_act
            hand = hands[seat]
            # Methods called on the play itself, not bound once: the compiled build calls them natively.
            legal = play.playable(hand)
            named: str | None = None
            if legal & (legal - 1) or play.must_name(legal):  # TrickPlay.only_move's test, inline: the innermost loop
                chosen = choosers[seat](self, seat, legal)
                index = chosen if type(chosen) is int else self._as_move(chosen)
                if not trusted or index > CARD_BITS:
                    reason = play.why_illegal(index, hand)  # a named suit, or a chooser not trusted
                    if reason is not None:
                        raise IllegalActionError(reason)
                    if index > CARD_BITS:
                        named = suits[(index >> SUIT_SHIFT) - 1]
                        index &= CARD_BITS
            else:
                index = legal.bit_length() - 1
            if listener is not None:
                listener.event(CardPlayed(seat, cards[index], named))
            winner = play.play(index, named)
            self.after_card(winner)
            moves += 1
            # Only a trick's last card can end the play (the hand scored, or a side scored out).
            if winner >= 0 and (self.hand.play is not play or self.paused or self.part is not PLAYING):
                return moves

    def _as_move(self, chosen: object) -> int:
        """A chooser's answer as a move: a whole number (``True``, ``1.0`` or ``nan`` is refused with
        :class:`~engine.errors.IllegalActionError`, trusted or not, the state unchanged)."""
        if type(chosen) is int:
            return chosen
        self.check_move(chosen)  # raises: not a whole number
        raise AssertionError("check_move accepted a move that is not an int")

    def why_illegal(self, move: object) -> str | None:
        """Why ``move`` is not legal for the seat to act, as the full sentence an illegal action gets,
        or ``None`` when it is: the one definition of legality, which :meth:`check_move`,
        :meth:`apply_move` and :class:`~engine.Game` all use. Each phase's part answers for its moves.
        Typed ``object`` so that a move of the wrong type gets the same answer in the compiled build,
        which checks declared types on entry."""
        if not isinstance(move, int) or isinstance(move, bool):
            return f"A move is a whole number (see engine.kernel.state), not {shown(move)}."
        part = self.part
        if self.paused and part is not OVER:
            return "No seat is to act: the game is paused between hands."
        return part.why_illegal(move, self)

    def check_move(self, move: object) -> None:
        """Raise :class:`~engine.errors.IllegalActionError` unless ``move`` is legal for the seat to act."""
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalActionError(reason)

    def apply_move(self, move: object) -> None:
        """Take ``move`` (see the module docstring) for the seat to act, reporting it and what follows
        from it as events; raises :class:`~engine.errors.IllegalActionError` if it is not legal, leaving
        the state unchanged."""
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalActionError(reason)
        assert isinstance(move, int)
        self.make_move(move)

    def make_move(self, move: int) -> None:
        """Take ``move``, already checked legal (:meth:`why_illegal`), for the seat to act: its part takes it."""
        self.part.apply(move, self)

    def why_claim_illegal(self, indices: list[int]) -> str | None:
        """Why the seat to act may not lay down the cards ``indices`` to claim the tricks they win (see
        :meth:`claim`), or ``None`` when it may."""
        play = self.hand.play
        if self.part is not PLAYING or play is None or self.paused:
            return "Cards are laid down to claim tricks only during the play."
        return play.why_claim_illegal(indices, self.hand.hands[play.to_act], self.hand.declarer)

    def claim(self, indices: list[int]) -> None:
        """The declarer, leading, lays down the cards ``indices`` to claim the tricks they win: the
        first is led now, the others lead the next tricks while each wins its trick (rules text 000,
        "Other scoring variations"); where the variant penalises laying down, the declaring side loses
        the penalty when the hand is scored. Raises :class:`~engine.errors.IllegalActionError` (see
        :meth:`why_claim_illegal`), leaving the state unchanged."""
        reason = self.why_claim_illegal(indices)
        if reason is not None:
            raise IllegalActionError(reason)
        play = self.hand.play
        assert play is not None
        seat = play.to_act
        if self.listener is not None:
            cards = self.tables.cards
            self.listener.event(Claimed(seat, tuple([cards[index] for index in indices])))
        self.play_card(indices[0])
        play.claim(seat, indices[1:])


def copy_course(source: GameState, target: GameState) -> None:
    """Assign every attribute of a game state ``source`` to ``target`` (shallow: the values are shared).
    Written out by name: compiled, these are plain field copies (a loop of ``getattr``/``setattr`` over
    :data:`COURSE_FIELDS` is about eight times slower); ``tests/test_copying.py`` checks that every field
    is here."""
    target.rules = source.rules
    target.tables = source.tables
    target.rng = source.rng
    target.rng_shared = source.rng_shared
    target.scripted = source.scripted
    target.listener = source.listener
    target.dealer = source.dealer
    target.scores = source.scores
    target.redeals = source.redeals
    target.passed_out = source.passed_out
    target.banned = source.banned
    target.winner = source.winner
    target.ending = source.ending
    target.part = source.part
    target.phase = source.phase
    target.hand_number = source.hand_number
    target.hand = source.hand
    target.result = source.result
    target.pause_between_hands = source.pause_between_hands
    target.paused = source.paused


__all__ = ["CARD_BITS", "PASS_MOVE", "SUIT_SHIFT", "Chooser", "GameState", "History", "StateListener"]
