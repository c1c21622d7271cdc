"""The game: a mutable state made from immutable rules, played hand after hand to the end.

The interface is small, in the style of OpenSpiel: :attr:`Game.phase`, :attr:`Game.to_act`,
:meth:`Game.legal_actions`, :meth:`Game.apply`, :attr:`Game.is_over`, :attr:`Game.scores` and
:attr:`Game.winner`. Chance is explicit: deals come from a seeded or injected ``random.Random`` or
from scripted :class:`~engine.deal.Deal` records. The kernel reads only the rule objects; it never asks
which variant it is playing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from .actions import Action, Bid, Discard, Pass, Play, parse_action
from .auction import Auction
from .cards import Card
from .choices import DiscardChoices
from .contracts import Contract, Exposure, ExposureTime, KittyUse, PartnerRole
from .deal import Deal, deal_cards
from .errors import IllegalActionError
from .events import (
    AllPassed,
    AuctionWon,
    BidMade,
    CardPlayed,
    Dealt,
    Discarded,
    Event,
    GameEnd,
    GameOver,
    HandExposed,
    HandResult,
    HandScored,
    KittyTaken,
    Misdealt,
    Passed,
    TrickWon,
)
from .observation import Observation, Phase, Trick
from .play import TrickPlay
from .rules import AllPassAction, FirstLead, KittyExchange, Rules
from .scoring import game_end, score_hand
from .support import check_supported
from .tables import Tables, cards_in, mask_of, tables_for

_ACTION_TYPES = (Pass, Bid, Discard, Play)


@dataclass
class HandRecord:
    """Everything needed to replay one hand: who dealt, the scores before it, its deal and its actions."""

    dealer: int
    """The dealer's seat."""
    scores: tuple[int, ...]
    """Team scores before the hand."""
    deal: Deal
    """The cards dealt (after any misdeals)."""
    misdeals: list[Deal] = field(default_factory=list)
    """Deals thrown in before this one (a hand without a face card)."""
    actions: list[str] = field(default_factory=list)
    """Each action as ``"<seat> <action>"``, in order."""
    result: HandResult | None = None
    """The outcome, once the hand is over."""


class Game:
    """One game of 500 under ``rules``, from the first deal to the end.

    ``seed`` seeds the shuffle (or pass ``rng``, a ``random.Random`` of your own); ``deals`` scripts the
    first deals exactly; ``dealer`` deals the first hand; ``scores`` are the team scores to start from.
    Raises :class:`~engine.support.UnsupportedRuleError` if the variant states a rule the kernel does
    not play yet.
    """

    # The current hand's state, reset by _start_hand.
    _deal: Deal
    _hands: list[int]
    _auction: Auction
    _play: TrickPlay
    _contract: Contract | None
    _declarer: int | None
    _discards: tuple[Card, ...]
    _discard_count: int
    _kitty_taken: bool
    _sitting_out: tuple[int, ...]
    _exposed: tuple[int, ...]
    _completed: tuple[Trick, ...]
    _named_suit: str | None

    def __init__(
        self,
        rules: Rules,
        *,
        seed: int | str | None = None,
        dealer: int = 0,
        rng: random.Random | None = None,
        deals: Iterable[Deal] | None = None,
        scores: Sequence[int] | None = None,
    ) -> None:
        if not isinstance(rules, Rules):
            raise TypeError(f"Game needs compiled rules (engine.load_variant(...)), not {type(rules).__name__}.")
        check_supported(rules)
        players, teams = rules.seating.players, len(rules.seating.teams)
        if not isinstance(dealer, int) or not 0 <= dealer < players:
            raise ValueError(f"The dealer must be a seat from 0 to {players - 1}, not {dealer!r}.")
        start = tuple(scores) if scores is not None else (0,) * teams
        if len(start) != teams or not all(isinstance(score, int) for score in start):
            raise ValueError(f"Scores must be {teams} whole numbers, one per team, not {list(start)!r}.")
        self.rules = rules
        """The variant being played."""
        self._tables: Tables = tables_for(rules)
        self._rng = rng if rng is not None else random.Random(seed)
        self._scripted: list[Deal] = list(deals or [])
        for number, deal in enumerate(self._scripted):
            deal.check(rules, f"deals[{number}]")
        self._first_dealer = dealer
        self._initial_scores = start
        self._scores = start
        self._dealer = dealer
        self._redeals = 0
        self._banned: frozenset[int] = frozenset()
        self._events: list[Event] = []
        self._records: list[HandRecord] = []
        self._winner: int | None = None
        self._phase = Phase.AUCTION
        self._start_hand()

    # -- the state interface ----------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """Where the game stands."""
        return self._phase

    @property
    def to_act(self) -> int | None:
        """The seat expected to act, or ``None`` once the game is over."""
        if self._phase is Phase.AUCTION:
            return self._auction.to_act
        if self._phase is Phase.KITTY:
            return self._declarer
        if self._phase is Phase.PLAY:
            return self._play.to_act
        return None

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._phase is Phase.GAME_OVER

    @property
    def scores(self) -> tuple[int, ...]:
        """Team scores, in team order."""
        return self._scores

    @property
    def winner(self) -> int | None:
        """The winning team once the game is over (``None`` before, or if nobody could be named)."""
        return self._winner

    @property
    def dealer(self) -> int:
        """The current hand's dealer."""
        return self._dealer

    @property
    def hand_number(self) -> int:
        """The current hand's number, from 0 (every deal counts, all-pass hands included)."""
        return len(self._records) - 1

    @property
    def contract(self) -> Contract | None:
        """The contract being played in this hand, once the auction is won."""
        return self._contract

    @property
    def declarer(self) -> int | None:
        """The declarer's seat in this hand, once the auction is won."""
        return self._declarer

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that has happened, in order."""
        return tuple(self._events)

    @property
    def results(self) -> tuple[HandResult, ...]:
        """The outcome of every finished hand, in order."""
        return tuple(record.result for record in self._records if record.result is not None)

    @property
    def records(self) -> tuple[HandRecord, ...]:
        """Every hand so far (the last one may be in progress)."""
        return tuple(self._records)

    def hand_of(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now, in deck order (omniscient: bots use :meth:`observation`)."""
        return tuple(self._tables.cards[index] for index in cards_in(self._hands[seat]))

    # -- actions ----------------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act (empty only once the game is over)."""
        return list(self.legal_choices())

    def legal_choices(self) -> Sequence[Action]:
        """The legal actions as a sequence that may be lazy: the declarer's discards are not built one
        by one until asked for (a 6-card kitty gives thousands). Same contents as :meth:`legal_actions`."""
        if self._phase is Phase.AUCTION:
            return self._auction.legal_actions()
        if self._phase is Phase.PLAY:
            return self._play.legal_actions(self._hands[self._play.to_act])
        if self._phase is Phase.KITTY:
            assert self._declarer is not None
            return DiscardChoices(self.hand_of(self._declarer), self._discard_count)
        return []

    def parse(self, text: str) -> Action:
        """The action written ``text`` (``"bid 7H"``, ``"play JK:H"``); raises :class:`IllegalActionError`."""
        return parse_action(self.rules, text)

    def check(self, action: Action | str) -> Action:
        """The action, parsed if given as text, once checked legal; raises :class:`IllegalActionError`."""
        if isinstance(action, str):
            action = parse_action(self.rules, action)
        if not isinstance(action, _ACTION_TYPES):
            raise IllegalActionError(f"{action!r} is not an action (use engine.Bid, Play, ... or text like 'bid 7H').")
        if isinstance(action, Play) and not isinstance(action.card, Card):
            raise IllegalActionError(f"A play needs a card (engine.Card), not {action.card!r}; text like 'play JD' works too.")
        if isinstance(action, Bid) and not isinstance(action.contract, str):
            raise IllegalActionError(f"A bid names a contract by its id, like Bid('7H'), not {action.contract!r}.")
        if self._phase is Phase.AUCTION:
            self._auction.check(action)
        elif self._phase is Phase.PLAY:
            self._play.check(action, self._hands[self._play.to_act])
        elif self._phase is Phase.KITTY:
            self._check_discard(action)
        else:
            raise IllegalActionError("The game is over: no more actions can be taken.")
        return action

    def can_apply(self, action: Action | str) -> bool:
        """Whether :meth:`apply` would accept ``action`` now."""
        try:
            self.check(action)
        except IllegalActionError:
            return False
        return True

    def apply(self, action: Action | str) -> None:
        """Take ``action`` (an action object or its text form) for the seat to act.

        Raises :class:`IllegalActionError` saying why when it is malformed or illegal; the game is then
        unchanged.
        """
        action = self.check(action)
        seat = self.to_act
        assert seat is not None
        self._records[-1].actions.append(f"{seat} {action}")
        if self._phase is Phase.AUCTION:
            self._auction.apply(action)
            self._events.append(BidMade(seat, action.contract) if isinstance(action, Bid) else Passed(seat))
            if self._auction.over:
                self._end_auction()
        elif self._phase is Phase.KITTY:
            assert isinstance(action, Discard)
            self._hands[seat] &= ~mask_of(card.index for card in action.cards)
            self._discards = action.cards
            self._events.append(Discarded(seat, action.cards))
            self._start_play()
        else:
            assert isinstance(action, Play)
            self._play_card(seat, action)

    def _check_discard(self, action: Action) -> None:
        seat = self._declarer
        if not isinstance(action, Discard):
            raise IllegalActionError(f"seat {seat} has taken the kitty and must discard {self._discard_count} cards, like discard 4D 5C 6C.")
        if len(action.cards) != self._discard_count:
            raise IllegalActionError(f"seat {seat} must discard exactly {self._discard_count} cards, not {len(action.cards)}.")
        assert seat is not None
        for card in action.cards:
            if not self._tables.owns(card) or not (self._hands[seat] >> card.index) & 1:
                raise IllegalActionError(f"seat {seat} does not hold {card}.")

    # -- the course of a hand ---------------------------------------------------------------------

    def _next_deal(self) -> Deal:
        if self._scripted:
            return self._scripted.pop(0)
        return deal_cards(self.rules, self._dealer, self._rng)

    def _start_hand(self) -> None:
        number = len(self._records)
        misdeals: list[Deal] = []
        while True:
            deal = self._next_deal()
            short = self._misdealt_seat(deal)
            if short is None:
                break
            misdeals.append(deal)
            self._events.append(Misdealt(number, short))
        self._records.append(HandRecord(self._dealer, self._scores, deal, misdeals))
        self._deal = deal
        self._hands = [mask_of(card.index for card in hand) for hand in deal.hands]
        self._events.append(Dealt(number, self._dealer, deal.hands, deal.kitty, deal.dead_hand))
        self._auction = Auction(self._tables, self._dealer, self._banned)
        self._contract = None
        self._declarer = None
        self._discards = ()
        self._discard_count = 0
        self._kitty_taken = False
        self._sitting_out = ()
        self._exposed = ()
        self._completed = ()
        self._phase = Phase.AUCTION

    def _misdealt_seat(self, deal: Deal) -> int | None:
        if not self.rules.deal.misdeal_without_face_card:
            return None
        faces = self._tables.face_cards
        for seat, hand in enumerate(deal.hands):
            if not mask_of(card.index for card in hand) & faces:
                return seat
        return None

    def _end_auction(self) -> None:
        won = self._auction.winner()
        if won is None:
            self._all_passed()
            return
        declarer, contract = won
        self._contract, self._declarer = contract, declarer
        self._events.append(AuctionWon(declarer, contract.id))
        seating = self.rules.seating
        if contract.style.partner is PartnerRole.SITS_OUT:
            team = seating.teams[seating.team_of(declarer)]
            self._sitting_out = tuple(seat for seat in team if seat != declarer)
        uses_kitty = contract.style.kitty is KittyUse.TAKE and self.rules.kitty.exchange is not KittyExchange.NONE
        if uses_kitty and self._deal.kitty:
            # Any-number exchange gives the same choices as taking the whole kitty and discarding as many.
            self._hands[declarer] |= mask_of(card.index for card in self._deal.kitty)
            self._kitty_taken = True
            self._discard_count = len(self._deal.kitty)
            self._events.append(KittyTaken(declarer, self._deal.kitty))
            self._phase = Phase.KITTY
            return
        self._start_play()

    def _all_passed(self) -> None:
        players = self.rules.seating.players
        all_pass = self.rules.auction.all_pass
        next_dealer = (self._dealer + 1) % players
        if all_pass.action is not AllPassAction.NEXT_DEALER and (all_pass.max_redeals is None or self._redeals < all_pass.max_redeals):
            next_dealer = self._dealer
        teams = len(self.rules.seating.teams)
        result = HandResult(None, None, False, (0,) * players, (0,) * teams, self._scores, (), False, None)
        self._finish_hand(result)
        self._events.append(AllPassed(self.hand_number, next_dealer))
        self._redeals = self._redeals + 1 if next_dealer == self._dealer else 0
        self._banned = frozenset()
        self._dealer = next_dealer
        self._start_hand()

    def _start_play(self) -> None:
        contract, declarer = self._contract, self._declarer
        assert contract is not None and declarer is not None
        players = self.rules.seating.players
        active = [seat for seat in range(players) if seat not in self._sitting_out]
        if self.rules.play.first_lead is FirstLead.DECLARER:
            leader = declarer
        else:
            leader = next(seat for seat in ((self._dealer + 1 + step) % players for step in range(players)) if seat in active)
        strain = self._tables.strains[contract.style.strain]
        self._play = TrickPlay(self._tables, strain, active, leader, self.rules.deal.hand_size)
        self._named_suit = None
        self._phase = Phase.PLAY
        if contract.style.exposed is not Exposure.NONE and contract.style.exposed_from is ExposureTime.START:
            self._expose()

    def _expose(self) -> None:
        contract, declarer = self._contract, self._declarer
        assert contract is not None and declarer is not None
        seating = self.rules.seating
        team = seating.teams[seating.team_of(declarer)]
        if contract.style.exposed is Exposure.DECLARER:
            seats: tuple[int, ...] = (declarer,)
        elif contract.style.exposed is Exposure.PARTNER:
            seats = tuple(seat for seat in team if seat != declarer)
        else:
            seats = tuple(team)
        self._exposed = tuple(seat for seat in seats if seat not in self._sitting_out)
        for seat in self._exposed:
            self._events.append(HandExposed(seat, self.hand_of(seat)))

    def _play_card(self, seat: int, action: Play) -> None:
        play = self._play
        first_card = play.number == 0 and not play.trick
        leader = play.leader
        if not play.trick:
            self._named_suit = action.suit
        self._hands[seat] &= ~(1 << action.card.index)
        self._events.append(CardPlayed(seat, action.card, action.suit))
        done = play.apply(action)
        contract = self._contract
        assert contract is not None
        exposing = contract.style.exposed is not Exposure.NONE and not self._exposed
        if exposing and first_card and contract.style.exposed_from is ExposureTime.AFTER_FIRST_LEAD:
            self._expose()
        if done is None:
            return
        winner, played = done
        cards = tuple((each, self._tables.cards[index]) for each, index in played)
        self._completed += (Trick(leader, cards, winner, self._named_suit),)
        self._events.append(TrickWon(play.number - 1, winner, cards))
        if exposing and play.number == 1 and contract.style.exposed_from is ExposureTime.AFTER_FIRST_TRICK:
            self._expose()
        if play.over:
            self._score()

    def _score(self) -> None:
        contract, declarer = self._contract, self._declarer
        assert contract is not None and declarer is not None
        tricks = self._play.tricks
        scored = score_hand(self.rules, contract, declarer, tricks, self._scores)
        declaring = self.rules.seating.team_of(declarer)
        ending = game_end(self.rules, scored.scores, declaring, scored.made)
        result = HandResult(
            contract.id,
            declarer,
            scored.made,
            tuple(tricks),
            scored.hand_points,
            scored.scores,
            scored.banned,
            ending is not None,
            ending[0] if ending is not None else None,
        )
        self._scores = scored.scores
        self._finish_hand(result)
        if ending is not None:
            self._winner = ending[0]
            self._events.append(GameOver(ending[0], ending[1]))
            self._phase = Phase.GAME_OVER
            return
        self._banned = frozenset(scored.banned)
        self._redeals = 0
        self._dealer = (self._dealer + 1) % self.rules.seating.players
        self._start_hand()

    def _finish_hand(self, result: HandResult) -> None:
        self._records[-1].result = result
        self._events.append(HandScored(self.hand_number, result))

    # -- what a seat may see ----------------------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        """The game as ``seat`` may see it: its own cards, the auction, the play, exposed hands, and the
        kitty only if it took it."""
        players = self.rules.seating.players
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"There is no seat {seat!r}: seats are 0 to {players - 1}.")
        playing = self._phase is Phase.PLAY or (self._phase is Phase.GAME_OVER and self._contract is not None)
        play = self._play if playing else None
        took = self._kitty_taken and seat == self._declarer
        face_up: tuple[Card, ...] = ()
        if self.rules.deal.last_kitty_card_face_up and self._deal.kitty:
            face_up = self._deal.kitty[-1:]
        return Observation(
            seat=seat,
            phase=self._phase,
            hand_number=self.hand_number,
            dealer=self._dealer,
            to_act=self.to_act,
            team_of=self._tables.team_of,
            scores=self._scores,
            hand=self.hand_of(seat),
            calls=self._auction.calls,
            banned=tuple(sorted(self._auction.banned)),
            contract=self._contract.id if self._contract is not None else None,
            declarer=self._declarer,
            sitting_out=self._sitting_out,
            kitty=self._deal.kitty if took else (),
            discards=self._discards if took else (),
            face_up=face_up,
            trick=tuple(play.trick_cards()) if play is not None else (),
            led_suit=play.led if play is not None else None,
            tricks=self._completed,
            tricks_won=tuple(play.tricks) if play is not None else (0,) * players,
            exposed=tuple((each, self.hand_of(each)) for each in self._exposed) if self._exposed else (),
        )

    # -- copies, saving and transcripts -----------------------------------------------------------

    def clone(self) -> Game:
        """An independent copy of the game, random generator included."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        other._scripted = list(self._scripted)
        other._events = list(self._events)
        other._records = [HandRecord(r.dealer, r.scores, r.deal, list(r.misdeals), list(r.actions), r.result) for r in self._records]
        other._hands = list(self._hands)
        other._auction = self._auction.copy()
        if "_play" in self.__dict__:  # no play state before the first contract
            other._play = self._play.copy()
        return other

    def transcript(self, hand: int | None = None) -> dict[str, Any]:
        """The JSON transcript of one hand (the current one by default): variant, dealer, scores before
        the hand, deal and actions."""
        from .transcript import transcript_of

        return transcript_of(self, hand)

    def to_dict(self) -> dict[str, Any]:
        """The whole game as JSON-ready data; :meth:`from_dict` rebuilds it exactly."""
        from .saving import game_to_dict

        return game_to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], rules: Rules | None = None) -> Game:
        """Rebuild a game saved with :meth:`to_dict` (loading its variant unless ``rules`` is given).

        Raises :class:`~engine.saving.SavedGameError` naming what is wrong in corrupt data.
        """
        from .saving import game_from_dict

        return game_from_dict(data, rules)
