"""The kernel's game state: the rules-driven course of a game over small integers and bit masks.

:class:`GameState` plays a game hand after hand: deals (with misdeals), the auction, the kitty, the
tricks, scoring, redeals and the end of the game. Its moves are numbers checked against a bit mask of
the legal ones, and it keeps no history beyond the current hand, which makes it the fast path that the
simulator drives directly. :class:`~engine.game.Game` wraps the same state with legality checks, action objects,
records, events and observations, so there is one kernel for both.

A *move* is a small integer: during the auction :data:`PASS_MOVE` or a contract's ladder rank; at the
kitty the mask of the cards to discard; in play a card index, plus ``(suit position + 1) << 8`` when a
led joker names a suit.
"""

from __future__ import annotations

import random
from typing import Callable, Protocol, Sequence

from ..errors import IllegalActionError
from ..rules.contracts import Contract, Exposure, ExposureTime, KittyUse, PartnerRole
from ..rules.ruleset import AllPassAction, FirstLead, KittyExchange, Rules
from .auction import Auction
from .deal import Deal, deal_of_order, hands_of_order, shuffled_deck
from .events import (
    AllPassed,
    AuctionWon,
    Event,
    GameEnd,
    GameOver,
    HandExposed,
    HandResult,
    HandScored,
    KittyTaken,
    TrickWon,
)
from .phase import Phase
from .play import TrickPlay
from .scoring import game_end, score_hand
from .support import check_supported
from .tables import Tables, cards_in, mask_of, tables_for

PASS_MOVE = -1
"""The move that passes in the auction."""
SUIT_SHIFT = 8
"""A play move names a suit for a led joker in the bits from this one up (suit position + 1)."""
CARD_BITS = (1 << SUIT_SHIFT) - 1
"""Mask of a play move's card index."""


Chooser = Callable[["GameState", int, int], int]
"""Picks a move for a seat: ``chooser(state, seat, legal)`` with ``legal`` from :meth:`GameState.legal_mask`."""


def check_carried_over(rules: Rules, banned: object, redeals: object) -> tuple[frozenset[int], int]:
    """Check what a hand inherits from the hands before it: the seats ``banned`` from bidding (the set
    rule, ralphing, breach) and the all-pass ``redeals`` in a row by its dealer so far. Returns them as
    the state keeps them; raises ``ValueError`` saying what is wrong."""
    players = rules.seating.players
    seats = list(banned) if isinstance(banned, (list, tuple, set, frozenset)) else None
    if seats is None or any(isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players for seat in seats):
        raise ValueError(f"banned must be a list of seats from 0 to {players - 1}, not {banned!r}.")
    if len(set(seats)) != len(seats):
        raise ValueError(f"banned names a seat twice: {banned!r}.")
    if isinstance(redeals, bool) or not isinstance(redeals, int) or redeals < 0:
        raise ValueError(f"redeals must be a whole number of redeals, 0 or more, not {redeals!r}.")
    all_pass = rules.auction.all_pass
    if redeals and all_pass.action is not AllPassAction.REDEAL:
        raise ValueError(f"redeals is {redeals}, but this variant never redeals by the same dealer (all pass: {all_pass.action.value}).")
    if all_pass.max_redeals is not None and redeals > all_pass.max_redeals:
        raise ValueError(f"redeals is {redeals}, but this variant allows at most {all_pass.max_redeals} redeals before the deal passes on.")
    return frozenset(seats), redeals


class StateListener(Protocol):
    """What :class:`GameState` tells about the things that happen on their own (deals, tricks won,
    scoring); :class:`~engine.game.Game` listens to keep records and events."""

    def hand_started(self, state: GameState, deal: Deal, misdeals: list[tuple[Deal, int]]) -> None:
        """``state`` dealt a hand (after any misdeals, each given with the seat that had no face card)."""

    def event(self, event: Event) -> None:
        """Something happened that no action stated directly."""


class GameState:
    """One game's state under ``rules``: integer cards, numbered moves, no records."""

    __slots__ = (
        "rules",
        "tables",
        "rng",
        "scripted",
        "listener",
        "dealer",
        "scores",
        "redeals",
        "banned",
        "winner",
        "ending",
        "phase",
        "hand_number",
        "order",
        "_deal",
        "_dealt_by",
        "kitty",
        "hands",
        "auction",
        "play",
        "contract",
        "declarer",
        "discard_count",
        "discarded",
        "kitty_taken",
        "sitting_out",
        "exposed",
        "result",
        "pause_between_hands",
        "paused",
        "expose_when",
    )

    # The current hand's state, set by _start_hand.
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
    kitty_taken: bool
    """Whether the declarer took the kitty."""
    sitting_out: tuple[int, ...]
    """Seats that take no part in the play (a misère declarer's partner)."""
    exposed: tuple[int, ...]
    """Seats whose hands are laid open."""

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
    ) -> None:
        self.rules = rules
        """The variant."""
        self.tables = tables
        """Its precomputed tables."""
        self.rng = rng
        """Shuffles the deals."""
        self.scripted: list[Deal] = scripted if scripted is not None else []
        """Deals still to be used before shuffling (checked by the caller)."""
        self.listener = listener
        """Told about deals and the events no action states (``None``: nobody listens)."""
        self.dealer = dealer
        """The current hand's dealer."""
        self.scores = scores
        """Team scores (before the current hand while it is played)."""
        self.redeals = redeals
        """All-pass redeals in a row by the current dealer before the current hand (checked by the caller)."""
        self.banned: frozenset[int] = banned
        """Seats that may not bid in the current hand (the first hand's are the caller's, checked)."""
        self.winner: int | None = None
        """The winning team once the game is over (``None`` if nobody could be named)."""
        self.ending: GameEnd | None = None
        """How the game ended, once it has."""
        self.phase = Phase.AUCTION
        """Where the game stands."""
        self.hand_number = -1
        """The current hand's number, from 0."""
        self.result: HandResult | None = None
        """The last finished hand's outcome."""
        self.play: TrickPlay | None = None
        """The card play, once the current hand reaches it."""
        self.pause_between_hands = False
        """When set, the state stops after each hand (see :attr:`paused`) instead of dealing the next."""
        self.paused = False
        """Whether the state is stopped between hands; :meth:`next_hand` deals the next one."""
        self._start_hand()

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

    # -- reading ----------------------------------------------------------------------------------

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
            return self.declarer
        return None

    def next_hand(self) -> None:
        """Deal the next hand after a pause between hands."""
        if self.paused:
            self.paused = False
            self._start_hand()

    @property
    def deal(self) -> Deal:
        """The current hand's deal (built from the shuffled deck the first time it is asked for)."""
        if self._deal is None:
            assert self.order is not None
            self._deal = deal_of_order(self.tables, self.order, self._dealt_by)
        return self._deal

    def copy(self) -> GameState:
        """An independent copy, random generator included (the listener is not copied)."""
        other = GameState.__new__(GameState)
        for name in GameState.__slots__:
            setattr(other, name, getattr(self, name))
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.scripted = list(self.scripted)
        other.listener = None
        other.hands = list(self.hands)
        other.auction = self.auction.copy()
        if self.play is not None:
            other.play = self.play.copy()
            other.play.hands = other.hands  # the play removes cards from the copy's hands, not these
        return other

    # -- moves ------------------------------------------------------------------------------------

    def legal_mask(self) -> int:
        """The legal moves of the seat to act as a bit mask: in the auction bit 0 is the pass and bit
        ``r + 1`` the bid of rank ``r`` (so the move is the bit's position minus one); at the kitty the
        cards that may be discarded (:attr:`discard_count` of them make a move); in play the cards
        that may be played (a led joker that names a suit makes one move per :meth:`TrickPlay.nameable`
        suit)."""
        phase = self.phase
        if phase is Phase.PLAY:
            play = self.play
            assert play is not None
            return play.playable(self.hands[play.to_act])
        if phase is Phase.AUCTION:
            return self.auction.legal_mask()
        if phase is Phase.KITTY:
            assert self.declarer is not None
            return self.hands[self.declarer]
        return 0

    def run(self, choosers: Sequence[Chooser], *, trusted: bool = False) -> int:
        """Play the moves ``choosers[seat](state, seat, legal)`` pick (``legal``: :meth:`legal_mask`)
        until no seat is to act (the game is over, or a hand is over while
        :attr:`pause_between_hands` is set); returns the moves made.

        The simulator's inner loop: the same transitions as :meth:`apply_move`, with the card play
        (nine moves in ten) taken without a detour. A seat with a single card it may play plays it
        without being asked: there is nothing to choose. A chooser's illegal move raises
        :class:`~engine.errors.IllegalActionError`, leaving the state as it was before that move;
        ``trusted`` skips that check for the bids and plain cards of choosers known to move legally
        (the simulator's built-in bots, whose moves the tests check against :class:`~engine.Game`)."""
        moves = 0
        suits, hands = self.tables.suits, self.hands
        while not self.paused:
            if self.phase is Phase.PLAY:
                play = self.play
                assert play is not None
                playable, play_card = play.playable, play.play
                card_bits, quiet, exposing = CARD_BITS, self.listener is None, self.expose_when is not None
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
                        exposing = self.expose_when is not None
                        if play.number >= play.total:
                            break
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
                assert self.declarer is not None
                move = choosers[self.declarer](self, self.declarer, self.hands[self.declarer])
                self.check_move(move)
                self.discard(move)
                moves += 1
            else:
                break
        return moves

    def check_move(self, move: int) -> None:
        """Raise :class:`~engine.errors.IllegalActionError` unless ``move`` is legal for the seat to act."""
        if not isinstance(move, int) or isinstance(move, bool):
            raise IllegalActionError(f"A move is a whole number (see engine.kernel.state), not {move!r}.")
        seat, phase, legal = self.to_act, self.phase, self.legal_mask()
        if seat is None:
            raise IllegalActionError("No seat is to act: the game is over or paused between hands.")
        if phase is Phase.AUCTION:
            if move < PASS_MOVE or not legal >> (move + 1) & 1:
                raise IllegalActionError(f"seat {seat} cannot make auction move {move}: the legal ones are {[bit - 1 for bit in cards_in(legal)]}.")
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

    def apply_move(self, move: int) -> None:
        """Take ``move`` (see the module docstring) for the seat to act; raises
        :class:`~engine.errors.IllegalActionError` if it is not legal, leaving the state unchanged."""
        self.check_move(move)
        if self.phase is Phase.PLAY:
            named = move >> SUIT_SHIFT
            self.play_card(move & CARD_BITS, self.tables.suits[named - 1] if named else None)
        elif self.phase is Phase.AUCTION:
            self._call(move)
        else:
            self.discard(move)

    def _call(self, move: int) -> None:
        """An auction move: :data:`PASS_MOVE` or the rank bid."""
        auction = self.auction
        if move == PASS_MOVE:
            auction.pass_turn()
        else:
            auction.bid(move)
        if auction.over:
            self._end_auction()

    # The four moves below take what the caller has checked (Game checks actions first).

    def pass_turn(self) -> None:
        """The seat to act passes."""
        self._call(PASS_MOVE)

    def bid(self, rank: int) -> None:
        """The seat to act bids the contract of ladder rank ``rank``."""
        self._call(rank)

    def discard(self, mask: int) -> None:
        """The declarer puts away the cards of ``mask``."""
        assert self.declarer is not None
        self.hands[self.declarer] &= ~mask
        self.discarded = mask
        self._start_play()

    def play_card(self, index: int, named: str | None = None) -> None:
        """The seat to act plays card ``index`` (``named``: the suit named for a led joker)."""
        assert self.play is not None
        self._after_card(self.play.play(index, named))

    def _after_card(self, winner: int) -> None:
        """What follows a card: a hand shown, a trick won (``winner`` is -1 until the trick is complete),
        the hand scored."""
        play = self.play
        assert play is not None
        if self.expose_when is ExposureTime.AFTER_FIRST_LEAD:
            self._expose()
        if winner < 0:
            return
        if self.listener is not None:
            cards = self.tables.cards
            self.listener.event(TrickWon(play.number - 1, winner, tuple((each, cards[card]) for each, card in play.completed[-1][1])))
        if self.expose_when is ExposureTime.AFTER_FIRST_TRICK:
            self._expose()
        if play.number >= play.total:
            self._score()

    # -- the course of a hand ---------------------------------------------------------------------

    def _start_hand(self) -> None:
        self.hand_number += 1
        misdeals: list[tuple[Deal, int]] = []
        tables = self.tables
        self._dealt_by = self.dealer
        while True:
            if self.scripted:
                self._deal, self.order = self.scripted.pop(0), None
                hands = [mask_of(card.index for card in hand) for hand in self._deal.hands]
                kitty = tuple(card.index for card in self._deal.kitty)
            else:
                # The Deal record is built only if asked for: the simulator never needs it.
                self._deal, self.order = None, shuffled_deck(tables, self.rng)
                hands = hands_of_order(tables, self.order, self.dealer)
                kitty = tuple([self.order[position] for position in tables.kitty_positions])
            short = self._misdealt_seat(hands)
            if short is None:
                break
            misdeals.append((self.deal, short))
        self.hands = hands
        self.kitty = kitty
        if self.listener is not None:
            self.listener.hand_started(self, self.deal, misdeals)
        self.auction = Auction(self.tables, self.dealer, self.banned)
        self.play = None
        self.contract = None
        self.declarer = None
        self.discard_count = 0
        self.discarded = 0
        self.kitty_taken = False
        self.sitting_out = ()
        self.exposed = ()
        self.expose_when: ExposureTime | None = None
        self.phase = Phase.AUCTION

    def _misdealt_seat(self, hands: list[int]) -> int | None:
        if not self.rules.deal.misdeal_without_face_card:
            return None
        faces = self.tables.face_cards
        for seat, hand in enumerate(hands):
            if not hand & faces:
                return seat
        return None

    def _end_auction(self) -> None:
        won = self.auction.winner()
        if won is None:
            self._all_passed()
            return
        declarer, contract = won
        self.contract, self.declarer = contract, declarer
        if self.listener is not None:
            self.listener.event(AuctionWon(declarer, contract.id))
        seating = self.rules.seating
        if contract.style.partner is PartnerRole.SITS_OUT:
            team = seating.teams[seating.team_of(declarer)]
            self.sitting_out = tuple(seat for seat in team if seat != declarer)
        uses_kitty = contract.style.kitty is KittyUse.TAKE and self.rules.kitty.exchange is not KittyExchange.NONE
        if uses_kitty and self.kitty:
            # Any-number exchange gives the same choices as taking the whole kitty and discarding as many.
            self.hands[declarer] |= mask_of(self.kitty)
            self.kitty_taken = True
            self.discard_count = len(self.kitty)
            if self.listener is not None:
                self.listener.event(KittyTaken(declarer, self.deal.kitty))
            self.phase = Phase.KITTY
            return
        self._start_play()

    def _all_passed(self) -> None:
        players = self.rules.seating.players
        all_pass = self.rules.auction.all_pass
        next_dealer = (self.dealer + 1) % players
        if all_pass.action is not AllPassAction.NEXT_DEALER and (all_pass.max_redeals is None or self.redeals < all_pass.max_redeals):
            next_dealer = self.dealer
        teams = len(self.rules.seating.teams)
        self._finish_hand(HandResult(None, None, False, (0,) * players, (0,) * teams, self.scores, (), False, None, next_dealer))
        if self.listener is not None:
            self.listener.event(AllPassed(self.hand_number, next_dealer))
        self.redeals = self.redeals + 1 if next_dealer == self.dealer else 0
        self.banned = frozenset()
        self.dealer = next_dealer
        self._next_or_pause()

    def _start_play(self) -> None:
        contract, declarer = self.contract, self.declarer
        assert contract is not None and declarer is not None
        players = self.rules.seating.players
        active = [seat for seat in range(players) if seat not in self.sitting_out]
        if self.rules.play.first_lead is FirstLead.DECLARER:
            leader = declarer
        else:
            leader = next(seat for seat in ((self.dealer + 1 + step) % players for step in range(players)) if seat in active)
        strain = self.tables.strains[contract.style.strain]
        self.play = TrickPlay(self.tables, self.hands, strain, active, leader, self.rules.deal.hand_size)
        self.phase = Phase.PLAY
        if contract.style.exposed is not Exposure.NONE:
            self.expose_when = contract.style.exposed_from
            if self.expose_when is ExposureTime.START:
                self._expose()

    def _expose(self) -> None:
        contract, declarer = self.contract, self.declarer
        assert contract is not None and declarer is not None
        seating = self.rules.seating
        team = seating.teams[seating.team_of(declarer)]
        if contract.style.exposed is Exposure.DECLARER:
            seats: tuple[int, ...] = (declarer,)
        elif contract.style.exposed is Exposure.PARTNER:
            seats = tuple(seat for seat in team if seat != declarer)
        else:
            seats = tuple(team)
        self.exposed = tuple(seat for seat in seats if seat not in self.sitting_out)
        self.expose_when = None
        if self.listener is not None:
            cards = self.tables.cards
            for seat in self.exposed:
                self.listener.event(HandExposed(seat, tuple(cards[index] for index in cards_in(self.hands[seat]))))

    def _score(self) -> None:
        contract, declarer, play = self.contract, self.declarer, self.play
        assert contract is not None and declarer is not None and play is not None
        scored = score_hand(self.rules, contract, declarer, play.tricks, self.scores)
        ending = game_end(self.rules, scored.scores, self.tables.team_of[declarer], scored.made)
        self.scores = scored.scores
        self._finish_hand(
            HandResult(
                contract.id,
                declarer,
                scored.made,
                tuple(play.tricks),
                scored.hand_points,
                scored.scores,
                scored.banned,
                ending is not None,
                ending[0] if ending is not None else None,
                None if ending is not None else (self.dealer + 1) % self.rules.seating.players,
            )
        )
        if ending is not None:
            self.winner, self.ending = ending
            if self.listener is not None:
                self.listener.event(GameOver(ending[0], ending[1]))
            self.phase = Phase.GAME_OVER
            return
        self.banned = frozenset(scored.banned)
        self.redeals = 0
        self.dealer = (self.dealer + 1) % self.rules.seating.players
        self._next_or_pause()

    def _next_or_pause(self) -> None:
        if self.pause_between_hands:
            self.paused = True
        else:
            self._start_hand()

    def _finish_hand(self, result: HandResult) -> None:
        self.result = result
        if self.listener is not None:
            self.listener.event(HandScored(self.hand_number, result))


__all__ = ["CARD_BITS", "Chooser", "PASS_MOVE", "SUIT_SHIFT", "GameState", "StateListener", "check_carried_over"]

