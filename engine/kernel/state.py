"""The kernel's game state: the move interface over the course of a game (:mod:`engine.kernel.course`).

:class:`GameState` plays a game hand after hand: deals (with misdeals), the auction, announcement
windows, the kitty, the tricks, scoring, redeals and the end of the game. Its moves are numbers checked
against a bit mask of the legal ones, and it keeps no history beyond the current hand, which makes it the
fast path that the simulator drives directly. :class:`~engine.game.Game` wraps the same state with
legality checks, action objects, records, events and observations, so there is one kernel for both.

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
from typing import Final

from ..errors import IllegalActionError
from ..rules.ruleset import Rules
from .copying import copy_course
from .course import PASS_MOVE, HandCourse, StateListener
from .phase import Phase
from .support import check_supported
from .tables import cards_in, tables_for

SUIT_SHIFT: Final = 8
"""A play move names a suit for a led joker in the bits from this one up (suit position + 1)."""
CARD_BITS: Final = (1 << SUIT_SHIFT) - 1
"""Mask of a play move's card index."""


Chooser = Callable[["GameState", int, int], int]
"""Picks a move for a seat: ``chooser(state, seat, legal)`` with ``legal`` from :meth:`GameState.legal_mask`."""


class GameState(HandCourse):
    """One game's state under ``rules``: integer cards, numbered moves, no records."""

    __slots__ = ()

    @classmethod
    def create(cls, rules: Rules, *, seed: int | str | None = None, dealer: int = 0) -> GameState:
        """A new game's state under ``rules``, its deals shuffled from ``seed`` (the same deals as
        ``Game(rules, seed=seed, dealer=dealer)``). Raises
        :class:`~engine.kernel.support.UnsupportedRuleError` for a variant the kernel cannot play."""
        check_supported(rules)
        players = rules.seating.players
        if not isinstance(dealer, int) or not 0 <= dealer < players:
            raise ValueError(f"The dealer must be a seat from 0 to {players - 1}, not {dealer!r}.")
        return cls(rules, tables_for(rules), random.Random(seed), dealer, (0,) * len(rules.seating.teams))

    @property
    def to_act(self) -> int | None:
        """The seat expected to move, or ``None`` once the game is over (or while paused)."""
        if self.paused:
            return None
        phase = self.phase
        if phase is Phase.PLAY:
            assert self.play is not None
            return self.play.to_act
        if phase is Phase.AUCTION:
            return self.auction.to_act
        if phase is Phase.KITTY:
            return self.discarder
        if phase is Phase.CALLS:
            assert self.window is not None
            return self.window.to_act
        if phase is Phase.GIVE:
            return self.givers[0]
        if phase is Phase.PARTNER:
            return self.declarer
        if phase is Phase.PICK:
            return self.pickers[0]
        if phase is Phase.DRAW:
            return self.drawer
        return None

    @property
    def player_to_act(self) -> int | None:
        """The player who chooses the next move: the seat to act, or the player of a dummy to act."""
        seat = self.to_act
        return None if seat is None else self.tables.controller[seat]

    def copy(self) -> GameState:
        """An independent copy, random generator included (the listener is not copied)."""
        other = GameState(self.rules, self.tables, self.rng, self.dealer, self.scores, blank=True)
        copy_course(self, other)
        # The generator is shared, not copied (copying it was two thirds of a copy's cost): the first of
        # the two to deal from it takes a copy of its own (HandCourse._start_hand).
        self.rng_shared = other.rng_shared = True
        other.scripted = list(self.scripted)
        other.listener = None
        other.hands = list(self.hands)
        other.auction = self.auction.copy()
        other.window = self.window.copy() if self.window is not None else None
        other.announced = list(self.announced)
        other.givers = list(self.givers)
        other.covers = dict(self.covers)
        other.pickers = list(self.pickers)
        other.set_aside = list(self.set_aside)
        other.drawn = list(self.drawn)
        other.rejected = list(self.rejected)
        if self.play is not None:
            other.play = self.play.copy()
            other.play.hands = other.hands  # the play removes cards from the copy's hands, not these
        return other

    # -- moves ------------------------------------------------------------------------------------

    def legal_mask(self) -> int:
        """The legal moves of the seat to act as a bit mask: in the auction bit 0 is the pass and bit
        ``r + 1`` the bid of rank ``r`` (so the move is the bit's position minus one); at the kitty the
        cards that may be discarded (:attr:`discard_count` of them make a move); in an announcement
        window bit 0 is the pass and bit ``i + 1`` announcement ``i``; when giving, the cards that may be
        given (one makes a move); calling a partner, bit 0 going alone and bit ``i + 1`` naming card
        ``i``; in play the cards that may be played (a led joker that names a suit makes one move per :meth:`TrickPlay.nameable`
        suit)."""
        phase = self.phase
        if phase is Phase.PLAY:
            play = self.play
            assert play is not None
            return play.playable(self.hands[play.to_act])
        if phase is Phase.AUCTION:
            return self.auction.legal_mask()
        if phase is Phase.KITTY:
            return self.hands[self.discarder]
        if phase is Phase.CALLS:
            assert self.window is not None
            return self.window.legal_mask()
        if phase is Phase.GIVE:
            return self.hands[self.givers[0]]
        if phase is Phase.PARTNER:
            return self.partner_mask()
        if phase is Phase.PICK:
            return self.table
        if phase is Phase.DRAW:
            return 0b11  # bit 0 rejecting the card drawn (PASS_MOVE), bit 1 keeping it (move 0)
        return 0

    def run(self, choosers: Sequence[Chooser], *, trusted: bool = False) -> int:
        """Play the moves ``choosers[player](state, seat, legal)`` pick (``legal``: :meth:`legal_mask`;
        ``seat`` the seat to act, which is a dummy's where ``player`` chooses for its dummy) until no seat
        is to act (the game is over, or a hand is over while
        :attr:`pause_between_hands` is set); returns the moves made.

        The simulator's inner loop: the same transitions as :meth:`apply_move`, with the card play
        (nine moves in ten) taken without a detour. A seat with a single card it may play plays it
        without being asked: there is nothing to choose. A chooser's illegal move raises
        :class:`~engine.errors.IllegalActionError`, leaving the state as it was before that move;
        ``trusted`` skips that check for the bids and plain cards of choosers known to move legally
        (the simulator's built-in bots, whose moves the tests check against :class:`~engine.Game`)."""
        moves = 0
        suits, hands = self.tables.suits, self.hands
        # One chooser per player; a dummy's seat is chosen for by its player's.
        choosers = [choosers[player] for player in self.tables.controller]
        while not self.paused:
            if self.phase is Phase.PLAY:
                play = self.play
                assert play is not None
                playable, play_card = play.playable, play.play
                # Quiet: nothing to tell or check after a trick (no listener, no scoring out during the hand).
                card_bits, quiet, exposing = CARD_BITS, self.listener is None and not self.rules.end.score_out_during_hand, self.watching
                # One trick after another until the hand is over.
                while True:
                    seat = play.to_act
                    legal = playable(hands[seat])
                    if legal & (legal - 1) or (play.names_suits and legal & play.strain.suitless and not play.trick):
                        move = choosers[seat](self, seat, legal)
                        if move <= card_bits and (trusted or (legal >> move & 1 and not (play.names_suits and not play.trick and play.strain.suitless >> move & 1))):
                            winner = play_card(move)
                        else:
                            self.check_move(move)  # a named suit, or a chooser's mistake: check it fully
                            winner = play_card(move & card_bits, suits[(move >> SUIT_SHIFT) - 1] if move > card_bits else None)
                    else:
                        winner = play_card(legal.bit_length() - 1)
                    moves += 1
                    if winner >= 0 or exposing:
                        if quiet and not exposing and play.number < play.total:
                            continue  # a trick won with nothing to tell or show: the winner leads
                        self._after_card(winner)
                        exposing = self.watching
                        if play.number >= play.total or self.play is not play or self.paused or self.phase is not Phase.PLAY:
                            break  # the hand is over (a side may have scored out before its last trick)
                hands = self.hands
            elif self.phase is Phase.AUCTION:
                auction = self.auction
                seat = auction.to_act
                legal = auction.legal_mask()
                move = choosers[seat](self, seat, legal)
                if not trusted and not (move >= PASS_MOVE and legal >> (move + 1) & 1):
                    self.check_move(move)  # raises, naming the legal moves
                self._call(move)
                hands = self.hands
                moves += 1
            elif self.phase is Phase.KITTY:
                move = choosers[self.discarder](self, self.discarder, self.hands[self.discarder])
                self.check_move(move)
                self.discard(move)
                moves += 1
            elif self.phase is Phase.CALLS or self.phase is Phase.GIVE or self.phase is Phase.PARTNER or self.phase is Phase.PICK or self.phase is Phase.DRAW:
                speaker = self.to_act
                assert speaker is not None
                move = choosers[speaker](self, speaker, self.legal_mask())
                self.apply_move(move)
                hands = self.hands
                moves += 1
            else:
                break
        return moves

    def check_move(self, move: object) -> None:
        """Raise :class:`~engine.errors.IllegalActionError` unless ``move`` is legal for the seat to act."""
        self._checked(move)

    def _checked(self, move: object) -> int:
        """``move``, once checked (see :meth:`check_move`). It is typed ``object`` so that a move of
        the wrong type gets the same error in the compiled build, which checks declared types on entry."""
        if not isinstance(move, int) or isinstance(move, bool):
            raise IllegalActionError(f"A move is a whole number (see engine.kernel.state), not {move!r}.")
        seat, phase, legal = self.to_act, self.phase, self.legal_mask()
        if seat is None:
            raise IllegalActionError("No seat is to act: the game is over or paused between hands.")
        if phase is Phase.AUCTION or phase is Phase.CALLS or phase is Phase.PARTNER or phase is Phase.DRAW:
            if move < PASS_MOVE or not legal >> (move + 1) & 1:
                raise IllegalActionError(f"seat {seat} cannot make {phase.value} move {move}: the legal ones are {[bit - 1 for bit in cards_in(legal)]}.")
        elif phase is Phase.PICK:
            if not self.pick_legal(move):
                how = "and name a card of its hand (or that one) to discard" if self.taking else "to put into the kitty"
                raise IllegalActionError(f"seat {seat} must take one of the table cards {cards_in(legal)} {how}, not {move}.")
        elif phase is Phase.GIVE:
            if move < 0 or not legal >> move & 1:
                raise IllegalActionError(f"seat {seat} must give one of its cards {cards_in(legal)}, not {move}.")
        elif phase is Phase.KITTY:
            if move < 0 or move & ~legal or move.bit_count() != self.discard_count:
                raise IllegalActionError(f"seat {seat} must discard {self.discard_count} of its cards (a mask within {legal:#x}), not {move:#x}.")
        else:
            play = self.play
            assert play is not None
            index, named = move & CARD_BITS, move >> SUIT_SHIFT
            if move < 0 or not legal >> index & 1:
                raise IllegalActionError(f"seat {seat} cannot play card {index}: the legal cards are {cards_in(legal)}.")
            if play.names_suit(index):
                suits = self.tables.suits
                if not 0 < named <= len(suits) or suits[named - 1] not in play.nameable():
                    raise IllegalActionError(f"seat {seat} leads a joker and must name one of {play.nameable()} (move {index} | (suit position + 1) << {SUIT_SHIFT}).")
            elif named:
                raise IllegalActionError(f"seat {seat}: a suit may be named only when leading a joker in no trump.")
        return move

    def apply_move(self, move: object) -> None:
        """Take ``move`` (see the module docstring) for the seat to act; raises
        :class:`~engine.errors.IllegalActionError` if it is not legal, leaving the state unchanged."""
        number = self._checked(move)
        if self.phase is Phase.PLAY:
            named = number >> SUIT_SHIFT
            self.play_card(number & CARD_BITS, self.tables.suits[named - 1] if named else None)
        elif self.phase is Phase.AUCTION:
            self._call(number)
        elif self.phase is Phase.CALLS:
            self.announce(number)
        elif self.phase is Phase.GIVE:
            self.give(number)
        elif self.phase is Phase.PARTNER:
            self.call_partner(number)
        elif self.phase is Phase.PICK:
            self.pick(number)
        elif self.phase is Phase.DRAW:
            self.draw_card(number)
        else:
            self.discard(number)

    def _call(self, move: int) -> None:
        """An auction move: :data:`PASS_MOVE`, the rank bid, or looking at one's cards."""
        auction = self.auction
        if move == PASS_MOVE:
            auction.pass_turn()
        elif move == self.tables.look_move:
            auction.look()
        else:
            auction.bid(move)
        if auction.over:
            self._end_auction()

    def pass_turn(self) -> None:
        """The seat to act passes."""
        self._call(PASS_MOVE)

    def look(self) -> None:
        """The seat to act looks at its cards (where a contract may be bid blind)."""
        self._call(self.tables.look_move)

    def bid(self, rank: int) -> None:
        """The seat to act bids the contract of ladder rank ``rank``."""
        self._call(rank)

    # The moves below take what the caller has checked (Game checks actions first).

    def claim(self, indices: list[int]) -> None:
        """The declarer, leading, lays down the cards ``indices`` to claim the tricks they win (checked
        by the caller): the first is led now, the others lead the next tricks while each wins its trick
        (rules text 000, "Other scoring variations"); where the variant penalises laying down, the
        declaring side loses the penalty when the hand is scored."""
        play = self.play
        assert play is not None and indices
        seat = play.to_act
        self.play_card(indices[0])
        play.claim(seat, indices[1:])

    def play_card(self, index: int, named: str | None = None) -> None:
        """The seat to act plays card ``index`` (``named``: the suit named for a led joker)."""
        assert self.play is not None
        self._after_card(self.play.play(index, named))


__all__ = ["CARD_BITS", "PASS_MOVE", "SUIT_SHIFT", "Chooser", "GameState", "StateListener"]
