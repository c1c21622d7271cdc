"""The course of a hand and of a game, as the rules drive it: deals (with misdeals), the auction's end,
announcement windows, the kitty, partners' hand-offs, the play, scoring, redeals and the end of the game.

:class:`HandCourse` holds the game's record (scores, dealer, generator, the hand's number, how the game
ended) and the hand being played (a new :class:`~engine.kernel.hand.Hand` for every deal, over small
integers and bit masks), and moves it on between decisions; :class:`~engine.kernel.state.GameState` adds the move interface (legal moves, checking and
applying them, the simulator's loop). It keeps no history beyond the current hand.
"""

from __future__ import annotations

import random
from typing import Final

from ..rules.announcements import Moment
from ..rules.contracts import Exposure, ExposureTime, KittyUse, PartnerRole
from ..rules.ruleset import AllPassAction, KittyExchange, Rules
from .arrangement import SeatArrangement, laid_open
from .calls import CallWindow
from .course_state import COURSE_FIELDS, Course
from .deal import MAX_MISDEALS, Deal, copied_random, deal_of_order, hands_of_order, misdealt_seat, shuffled_deck
from .drawing import DrawnHands
from .events import (
    AllPassed,
    AuctionWon,
    CardPlayed,
    Dealt,
    GameEnd,
    GameOver,
    HandExposed,
    HandResult,
    HandScored,
    KittyTaken,
    Misdealt,
    TrickWon,
)
from .hand import dealt_hand
from .listening import HandStart, StateListener
from .parts import ANNOUNCING, BIDDING, CALLING_PARTNER, DRAWING, EXCHANGING, GIVING, OVER, PICKING, PLAYING
from .phase import PASS_MOVE
from .play import TrickPlay
from .scoring import (
    MAX_HANDS,
    HandScore,
    game_end,
    hand_limit_end,
    score_out,
    score_played,
    score_unbid,
    side_teams,
    stopped_hand_points,
)
from .table_cards import TableCards
from .tables import Tables, cards_in, mask_of

# The rules' enums live in an interpreted module: in the compiled build a member read through its class is a
# generic attribute lookup (hundreds of instructions); a final name here is a C static.
_AFTER_FIRST_LEAD: Final = ExposureTime.AFTER_FIRST_LEAD
_AFTER_FIRST_TRICK: Final = ExposureTime.AFTER_FIRST_TRICK
_AT_START: Final = ExposureTime.START
_NOT_EXPOSED: Final = Exposure.NONE
_NO_KITTY: Final = KittyUse.NONE
_KITTY_TO_PARTNER: Final = KittyUse.TO_PARTNER
_NO_EXCHANGE: Final = KittyExchange.NONE
_SITS_OUT: Final = PartnerRole.SITS_OUT
_PLAYS: Final = PartnerRole.PLAYS
_PASSES_CARD: Final = PartnerRole.PASSES_CARD


class HandCourse(Course):
    """One game's state under ``rules`` and its course between decisions (see the module docstring)."""

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
    ) -> None:
        """A new game's state dealt its first hand."""
        self.rules = rules
        self.tables = tables
        self.rng = rng
        self.rng_shared = False
        """Shuffles the deals."""
        self.scripted: list[Deal] = scripted if scripted is not None else []
        """Deals still to be used before shuffling (checked by the caller)."""
        self.listener = listener
        self.dealer = dealer
        """The current hand's dealer."""
        self.scores = scores
        """Team scores (before the current hand while it is played)."""
        self.redeals = redeals
        """All-pass redeals in a row by the current dealer before the current hand (checked by the caller)."""
        self.passed_out = redeals
        """Hands passed out in a row (every player passed, the scores unchanged) before the current hand,
        whoever dealt them: public, and what tells a bidder that the game stands still while all pass (a
        game started at a hand carries only its dealer's redeals, the least it can be)."""
        self.banned: frozenset[int] = banned
        """Seats that may not bid in the current hand (the first hand's are the caller's, checked)."""
        self.winner: int | None = None
        """The winning team once the game is over (``None`` if nobody could be named)."""
        self.ending: GameEnd | None = None
        """How the game ended, once it has."""
        self.hand_number = -1
        """The current hand's number, from 0."""
        self.result: HandResult | None = None
        """The last finished hand's outcome."""
        self.pause_between_hands = False
        """When set, the state stops after each hand (see :attr:`paused`) instead of dealing the next."""
        self.paused = False
        """Whether the state is stopped between hands; :meth:`next_hand` deals the next one."""
        self._start_hand()

    def next_hand(self) -> None:
        """Deal the next hand after a pause between hands."""
        if self.paused:
            self.paused = False
            self._start_hand()

    def play_card(self, index: int, named: str | None = None) -> None:
        """The seat to act plays card ``index`` (``named``: the suit named for a led joker), checked."""
        play = self.hand.play
        assert play is not None
        if self.listener is not None:
            self.listener.event(CardPlayed(play.to_act, self.tables.cards[index], named))
        self.after_card(play.play(index, named))

    def after_card(self, winner: int) -> None:
        """What follows a card: a hand shown, a trick won (``winner`` is -1 until the trick is complete),
        the hand scored."""
        hand = self.hand
        play = hand.play
        assert play is not None
        arrangement = hand.arrangement
        expose_when = hand.expose_when
        if expose_when is _AFTER_FIRST_LEAD:
            self._expose()
        if arrangement.partner_secret:
            self.tell_all(arrangement.reveal_partner(play))
        if winner < 0:
            return
        if arrangement.covers:
            self.tell_all(arrangement.turn_up(play, hand.hands))
        if self.listener is not None:
            cards = self.tables.cards
            self.listener.event(TrickWon(play.number - 1, winner, tuple((each, cards[card]) for each, card in play.completed[-1][1])))
        if expose_when is _AFTER_FIRST_TRICK:
            self._expose()
        if play.number >= play.total:
            self._score()
        elif self.tables.score_out_during_hand and hand.contract is not None:
            self._check_score_out(play)

    def _check_score_out(self, play: TrickPlay) -> None:
        """After a trick under the 1904 rule: stop the hand if a side has scored out
        (:func:`~engine.kernel.scoring.score_out`)."""
        terms, declarer, contract = self.hand.terms, self.hand.declarer, self.hand.contract
        assert terms is not None and declarer is not None and contract is not None
        side = self.hand.side()
        self.hand.scored_out, winner = score_out(
            self.rules, terms, declarer, side, play.tricks, play.total - play.number, self.scores, self.hand.scored_out
        )
        if winner is None:
            return
        points = stopped_hand_points(self.rules, terms, declarer, side, play.tricks, winner)
        made = winner == self.rules.seating.team_of(declarer)
        scores = tuple(score + point for score, point in zip(self.scores, points))
        self._end_hand(contract.id, play, HandScore(made, points, scores, ()), (winner, GameEnd.FRONT_DOOR if made else GameEnd.TARGET))

    # -- the course of a hand ---------------------------------------------------------------------

    def _start_hand(self) -> None:
        """Deal a new hand (dealing again after a misdeal) and enter its first part."""
        if self.hand_number + 1 >= MAX_HANDS:
            self._close_hand(hand_limit_end(self.scores), ())
            return
        self.hand_number += 1
        misdeals: list[tuple[Deal, int]] = []
        tables, rules, dealer = self.tables, self.rules, self.dealer
        while True:
            order: list[int] | None = None
            dealt: Deal | None = None
            if self.scripted:
                dealt = self.scripted.pop(0)
                hands = [mask_of(card.index for card in hand) for hand in dealt.hands]
                kitty = tuple(card.index for card in dealt.kitty)
            else:
                # The Deal record is built only if asked for: the simulator never needs it.
                if self.rng_shared:  # a copy shares its original's generator until either draws from it
                    self.rng, self.rng_shared = copied_random(self.rng), False
                order = shuffled_deck(tables, self.rng)
                hands = hands_of_order(tables, order, dealer)
                kitty = tuple([order[position] for position in tables.kitty_positions])
            short = misdealt_seat(tables, hands)
            if short is None or len(misdeals) >= MAX_MISDEALS:
                break
            misdeals.append((dealt if dealt is not None else deal_of_order(tables, order or [], dealer), short))
        # Parts a variant never uses stay empty, untouched, for the whole game (and copies share them).
        first = self.hand_number == 0
        hand = self.hand = dealt_hand(
            tables,
            dealer,
            self.banned,
            hands,
            kitty,
            order,
            dealt,
            SeatArrangement(tables) if first or tables.arranges_seats else self.hand.arrangement,
            TableCards(rules) if first or rules.deal.table else self.hand.table_cards,
            DrawnHands(rules) if first or rules.deal.draw else self.hand.drawn_hands,
        )
        self.enter(BIDDING)  # before anyone is told of the deal: a listener may ask who is to act
        if self.listener is not None:
            deal = hand.deal
            start = HandStart(dealer, self.scores, deal, tuple(misdeals), tuple(sorted(self.banned)), self.redeals)
            self.listener.hand_started(start)
            for _, seat in misdeals:
                self.listener.event(Misdealt(self.hand_number, seat))
            self.listener.event(Dealt(self.hand_number, dealer, deal.hands, deal.kitty, deal.dead_hand, deal.table))
        if tables.arranges_seats and rules.seating.dummies is not None:
            hand.arrangement.lay_out(hand.deal.hands, hand.hands)
        if rules.deal.table and hand.table_cards.lay_out([card.index for card in hand.deal.table], dealer):
            self.enter(PICKING)
        if rules.deal.draw and hand.drawn_hands.start(hand.deal.hands, hand.hands, dealer):
            self.enter(DRAWING)

    def end_auction(self) -> None:
        """The auction is over: the contract won goes on to the announcements and the kitty, or nobody bid."""
        won = self.hand.auction.winner()
        if won is None:
            self._all_passed()
            return
        declarer, contract = won
        self.hand.contract, self.hand.declarer = contract, declarer
        self.hand.terms = self.hand.current_terms()  # a modifier said with the bid (sans kitty) sets the terms from the start
        if self.listener is not None:  # (events are interpreted frozen dataclasses: not built unread)
            self.listener.event(AuctionWon(declarer, contract.id))
        seating = self.rules.seating
        if contract.style.partner is _SITS_OUT:
            self.hand.sitting_out = seating.partners_of(declarer)
        if not self._open_window(Moment.AFTER_AUCTION):
            self._take_kitty()

    def _open_window(self, moment: Moment) -> bool:
        """Open the announcement window of ``moment`` if anyone may announce something there."""
        if not self.rules.announcements:
            return False
        assert self.hand.terms is not None and self.hand.declarer is not None
        active = [seat for seat in range(self.rules.seating.players) if seat not in self.hand.sitting_out]
        self.hand.window = CallWindow.open(self.rules, moment, self.hand.terms, self.hand.declarer, active)
        if self.hand.window is None:
            return False
        self.enter(ANNOUNCING)
        return True

    def close_window(self, window: CallWindow) -> None:
        self.hand.window = None
        if window.moment is Moment.AFTER_AUCTION:
            self._take_kitty()
        else:
            self._hand_off_or_play()

    def _take_kitty(self) -> None:
        """After the auction's announcements: the declarer takes the kitty where the terms use it."""
        declarer, terms = self.hand.declarer, self.hand.terms
        assert declarer is not None and terms is not None
        uses_kitty = terms.style.kitty is not _NO_KITTY and self.rules.kitty.exchange is not _NO_EXCHANGE
        self.hand.discarder = declarer
        if uses_kitty and self.hand.kitty:
            # Any-number exchange gives the same choices as taking the whole kitty and discarding as many.
            self.hand.hands[declarer] |= mask_of(self.hand.kitty)
            self.hand.kitty_taken = True
            self.hand.discard_count = len(self.hand.kitty)
            if self.listener is not None:
                self.listener.event(KittyTaken(declarer, tuple(self.tables.cards[index] for index in self.hand.kitty)))
            self.enter(EXCHANGING)
            return
        self._after_kitty()

    def after_discard(self, mask: int) -> None:
        hand = self.hand
        declarer, terms, seat = hand.declarer, hand.terms, hand.discarder
        assert declarer is not None and terms is not None
        if hand.received:
            hand.discarded |= mask
            hand.received = 0
            self._start_play()
        elif seat == declarer and terms.style.kitty is _KITTY_TO_PARTNER:
            # Double misère: the discards go to the partner (the first clockwise), who keeps what it likes
            # and discards as many.
            seats = self.rules.seating.seats
            partner = min(self.rules.seating.partners_of(declarer), key=lambda each: (each - declarer) % seats)
            hand.hands[partner] |= mask
            hand.discarder = partner
        else:
            hand.discarded |= mask
            self._after_kitty()

    def _after_kitty(self) -> None:
        """After the kitty exchange: the announcements that follow it, then the hand-off or the play."""
        if not self._open_window(Moment.AFTER_KITTY):
            self._hand_off_or_play()

    def _hand_off_or_play(self) -> None:
        """After the windows: the declarer calls a partner where the seating says so (five-handed, once its
        hand is settled), else :meth:`after_partner`."""
        terms = self.hand.terms
        assert terms is not None
        if self.rules.seating.called_partner is not None and terms.style.partner is _PLAYS:
            self.enter(CALLING_PARTNER)
            return
        self.after_partner()

    def after_partner(self) -> None:
        terms, declarer = self.hand.terms, self.hand.declarer
        assert terms is not None and declarer is not None
        if terms.style.partner is _PASSES_CARD:
            self.hand.givers = [seat for seat in self.rules.seating.partners_of(declarer) if seat not in self.hand.sitting_out]
            if self.hand.givers:
                self.enter(GIVING)
                return
        self._start_play()

    def after_gift(self) -> None:
        hand = self.hand
        declarer = hand.declarer
        assert declarer is not None
        # The partners fold; the declarer discards as many cards as received.
        hand.sitting_out = tuple(sorted(set(hand.sitting_out) | set(self.rules.seating.partners_of(declarer))))
        hand.discard_count = hand.received
        hand.discarder = declarer
        self.enter(EXCHANGING)

    def after_picks(self) -> None:
        if self.hand.table_cards.taking:
            self._start_play()
        else:
            self.enter(BIDDING)

    def after_draws(self) -> None:
        self.enter(BIDDING)

    def _all_passed(self) -> None:
        players, seats = self.rules.seating.players, self.rules.seating.seats
        all_pass = self.rules.auction.all_pass
        if all_pass.action is AllPassAction.PLAY_NO_TRUMP:
            # Nobody bid: everyone plays the hand in no trump, the kitty untouched, led from the dealer's left.
            if self.listener is not None:
                self.listener.event(AllPassed(self.hand_number, (self.dealer + 1) % seats))
            strain = self.tables.strains[all_pass.strain]
            self.hand.play = TrickPlay(
                self.tables, self.hand.hands, strain, list(range(seats)), (self.dealer + 1) % seats, self.rules.deal.hand_size
            )
            self.enter(PLAYING)
            return
        next_dealer = (self.dealer + 1) % players
        if all_pass.action is not AllPassAction.NEXT_DEALER and (all_pass.max_redeals is None or self.redeals < all_pass.max_redeals):
            next_dealer = self.dealer
        teams = len(self.rules.seating.teams)
        self._finish_hand(HandResult(None, None, False, (0,) * seats, (0,) * teams, self.scores, (), False, None, next_dealer))
        if self.listener is not None:
            self.listener.event(AllPassed(self.hand_number, next_dealer))
        self.redeals = self.redeals + 1 if next_dealer == self.dealer else 0
        self.passed_out += 1
        self.banned = frozenset()
        self.dealer = next_dealer
        self._next_or_pause()

    def _start_play(self) -> None:
        """The hand is settled: defenders take table cards where they may, then the first trick is led."""
        table = self.hand.table_cards
        if (
            not table.table_done
            and self.hand.declarer is not None
            and table.defenders_take(self.hand.declarer, self.hand.side(), self.hand.sitting_out)
        ):
            self.enter(PICKING)  # the defenders take table cards first
            return
        contract, declarer = self.hand.terms, self.hand.declarer
        assert contract is not None and declarer is not None
        tables = self.tables
        seats = tables.seats
        active = [seat for seat in range(seats) if seat not in self.hand.sitting_out]
        if tables.declarer_leads:
            leader = declarer
        else:
            leader = next(seat for seat in ((self.dealer + 1 + step) % seats for step in range(seats)) if seat in active)
        style = contract.style
        strain = tables.strains[style.strain]
        self.hand.play = TrickPlay(tables, self.hand.hands, strain, active, leader, tables.hand_size)
        self.enter(PLAYING)
        if style.exposed is not _NOT_EXPOSED:
            self.hand.expose_when = style.exposed_from
            if self.hand.expose_when is _AT_START:
                self._expose()

    def _expose(self) -> None:
        contract, declarer = self.hand.terms, self.hand.declarer
        assert contract is not None and declarer is not None
        self.hand.exposed = laid_open(self.rules.seating, contract.style.exposed, declarer, self.hand.sitting_out)
        self.hand.expose_when = None
        if self.listener is not None:
            cards = self.tables.cards
            for seat in self.hand.exposed:
                self.listener.event(HandExposed(seat, tuple(cards[index] for index in cards_in(self.hand.hands[seat]))))

    def _score(self) -> None:
        contract, terms, declarer, play = self.hand.contract, self.hand.terms, self.hand.declarer, self.hand.play
        assert play is not None
        if contract is None:
            scored = score_unbid(self.rules, play.tricks, self.scores)
            self._end_hand(None, play, scored, game_end(self.rules, scored.scores, (), False))
            return
        assert terms is not None and declarer is not None
        scored, ending = score_played(
            self.rules,
            terms,
            declarer,
            play.tricks,
            self.scores,
            self.hand.announced,
            play.claimer,
            side_teams(self.tables.team_of, declarer, self.hand.side()),
            self.hand.arrangement.partner,
        )
        if self.hand.scored_out is not None and not (ending is not None and ending[0] == self.tables.team_of[declarer]):
            ending = (self.hand.scored_out, GameEnd.TARGET)  # the bidder did not win out: the first to score out wins
        self._end_hand(contract.id, play, scored, ending)

    def _end_hand(self, contract: str | None, play: TrickPlay, scored: HandScore, ending: tuple[int | None, GameEnd] | None) -> None:
        """The played hand is scored (``contract``: the contract's id, ``None`` for a hand nobody bid):
        the result is reported, then the game ends or the next dealer deals."""
        self.scores = scored.scores
        over = ending is not None
        next_dealer = None if over else (self.dealer + 1) % self.tables.players
        winner = ending[0] if ending is not None else None
        declarer = self.hand.declarer if contract is not None else None
        partner = self.hand.arrangement.partner if contract is not None else None
        tricks = tuple(play.tricks)
        result = HandResult(
            contract, declarer, scored.made, tricks, scored.hand_points, scored.scores, scored.banned, over, winner, next_dealer, partner
        )
        self._finish_hand(result)
        self._close_hand(ending, scored.banned)

    def _close_hand(self, ending: tuple[int | None, GameEnd] | None, banned: tuple[int, ...]) -> None:
        """After a scored hand: the game ends, or the next dealer deals."""
        if ending is not None:
            self.winner, self.ending = ending
            if self.listener is not None:
                self.listener.event(GameOver(ending[0], ending[1]))
            self.enter(OVER)
            return
        self.banned = frozenset(banned)
        self.redeals = 0
        self.passed_out = 0
        self.dealer = (self.dealer + 1) % self.tables.players
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


__all__ = ["COURSE_FIELDS", "PASS_MOVE", "HandCourse", "StateListener"]
