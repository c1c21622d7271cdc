"""The auction: whose turn it is, which bids are legal, and when and how it ends.

Driven only by :class:`~engine.rules.AuctionRules` and the ladder: continuous or one round, final
passes, the rebid rule, inkles, each contract's eligibility, banned seats and a dealer who must bid.
"""

from __future__ import annotations

from ..errors import shown
from ..rules.contracts import Contract
from ..rules.ruleset import AllPassAction, BidAfterPass, Rebid, Rounds
from .actions import LOOK, PASS, Action, Bid
from .phase import PASS_MOVE
from .tables import Tables, cards_in

AUCTION_FIELDS = (
    "tables",
    "dealer",
    "players",
    "to_act",
    "passed",
    "acted",
    "high",
    "high_seat",
    "high_modifier",
    "level",
    "inkle_seats",
    "banned",
    "over",
    "bidding",
    "looked",
    "_continuous",
    "_rebid_after_other",
    "_dealer_must_bid",
    "raising",
    "raise_offered",
    "bidders",
    "last_strain",
    "_reopen",
    "_may_raise",
)
"""The attributes of an :class:`Auction`."""


class Auction:
    """The mutable state of one hand's auction."""

    __slots__ = AUCTION_FIELDS

    def __init__(self, tables: Tables, dealer: int, banned: frozenset[int] = frozenset(), source: Auction | None = None) -> None:
        """A hand's auction before its first call; with ``source``, a shallow copy of that auction
        (see :meth:`copy`; not made through ``__new__``, which a class compiled with mypyc does not allow)."""
        if source is not None:
            copy_auction(source, self)
            return
        rules = tables.rules
        self.tables = tables
        self.dealer = dealer
        self.players = rules.seating.players
        self.to_act = (dealer + 1) % self.players
        self.passed = [False] * self.players
        self.acted = 0
        self.high: Contract | None = None
        self.high_seat: int | None = None
        self.high_modifier = -1
        """The modifier said with the highest bid (its index in ``tables.modifiers``), or -1."""
        self.level = 0
        self.inkle_seats = tables.inkle_seats[dealer]
        self.banned = banned
        self.over = False
        self.bidding: tuple[tuple[int, int], ...] = ()
        """The auction so far: (seat, its move: :data:`~engine.kernel.phase.PASS_MOVE` or the bid's move,
        a rank plus ``(m + 1) * stride`` for modifier ``m``), in order."""
        # Seats that have looked at their cards (a bit each): everyone, unless a contract may be bid
        # blind, when each seat looks when it chooses to or when it first acts.
        self.looked = 0 if tables.blind_ranks else (1 << self.players) - 1
        auction = rules.auction
        self._continuous = auction.rounds is Rounds.CONTINUOUS
        self._rebid_after_other = auction.rebid is Rebid.AFTER_INTERVENING_BID
        self._dealer_must_bid = auction.all_pass.action is AllPassAction.DEALER_MUST_BID
        self._reopen = auction.bid_after_pass is BidAfterPass.ON_STRAIN_CHANGE
        self._may_raise = auction.winner_may_raise
        self.raising = False
        """Whether the auction's winner is being offered a raise of its own bid (``winner_may_raise``)."""
        self.raise_offered = False
        """Whether the raise has been offered since the auction last reopened."""
        self.bidders = 0
        """The seats that have bid (a bit each)."""
        self.last_strain: list[str | None] = [None] * self.players
        """Each seat's last bid's strain."""

    def copy(self) -> Auction:
        """An independent copy."""
        other = Auction(self.tables, self.dealer, self.banned, self)
        other.passed = list(self.passed)
        other.last_strain = list(self.last_strain)
        return other

    # -- legality -------------------------------------------------------------------------------

    def _why_not(self, seat: int, contract: Contract) -> str | None:
        """Why ``seat`` may not bid ``contract`` now, or ``None`` if it may."""
        rules = self.tables.rules
        if seat in self.banned:
            return f"seat {seat} was set in the last hand and may not bid in this one"
        if self.high is not None and contract.rank <= self.high.rank:
            return f"{contract.id} does not outrank the current bid, {self.high.id}"
        if self.high_seat == seat and rules.auction.rebid is Rebid.AFTER_INTERVENING_BID and not self.raising:
            return f"seat {seat} holds the highest bid and may bid again only after another player bids"
        inkles = rules.auction.inkles
        if inkles is not None and contract.level == inkles.level and seat not in self.inkle_seats:
            return f"only the first {inkles.bidders} players after the dealer may bid at level {inkles.level}"
        eligibility = contract.eligibility
        if eligibility.before_looking and self.looked >> seat & 1:
            return f"{contract.name} may be bid only before looking at one's cards, and seat {seat} has looked"
        if eligibility.auction_reached is not None and self.level < eligibility.auction_reached:
            return f"{contract.name} may be bid only once the auction has reached {eligibility.auction_reached}"
        if eligibility.auction_below is not None and self.level >= eligibility.auction_below:
            return f"{contract.name} may be bid only before the auction reaches {eligibility.auction_below}"
        return None

    def may_pass(self) -> bool:
        """Whether the seat to act may pass (not a dealer who must bid once everyone else has passed)."""
        if not self._dealer_must_bid or self.to_act != self.dealer or self.high is not None:
            return True
        return not all(self.passed[other] for other in range(self.players) if other != self.dealer)

    def bid_mask(self) -> int:
        """The ladder ranks the seat to act may bid, as a mask (bit ``r`` for the contract of rank ``r``).

        The same rules as :meth:`_why_not`, read from the precomputed tables."""
        seat = self.to_act
        tables = self.tables
        if seat in self.banned:
            return 0
        mask = tables.all_ranks
        if self.high is not None:
            if self.high_seat == seat and self._rebid_after_other and not self.raising:
                return 0
            above = self.high.rank + 1
            mask = mask >> above << above
        mask &= tables.eligible_at[self.level]
        if tables.inkle_ranks and seat not in self.inkle_seats:
            mask &= ~tables.inkle_ranks
        if tables.blind_ranks and self.looked >> seat & 1:
            mask &= ~tables.blind_ranks
        return mask

    def may_look(self) -> bool:
        """Whether the seat to act has still to look at its cards (only where a contract may be bid blind)."""
        return not self.looked >> self.to_act & 1

    def legal_mask(self) -> int:
        """The legal moves as one mask: bit 0 the pass, bit ``r + 1`` the bid of rank ``r``, and bit
        ``look_move + 1`` looking at one's cards (see :attr:`Tables.look_move`)."""
        bids = self.bid_mask()
        mask = bids << 1 | self.may_pass()
        tables = self.tables
        if not self.looked >> self.to_act & 1:
            mask |= 1 << (tables.look_move + 1)
        for position, ranks in enumerate(tables.modifier_ranks):
            mask |= (bids & ranks) << ((position + 1) * tables.stride + 1)
        return mask

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act: pass (unless it must bid), then the bids, lowest first,
        then looking at one's cards where the seat may still bid blind."""
        actions: list[Action] = [PASS] if self.may_pass() else []
        bids = self.tables.bids
        actions.extend(bids[rank] for rank in cards_in(self.bid_mask()))
        if self.may_look():
            actions.append(LOOK)
        allowed = self.bid_mask()
        for modifier, ranks in zip(self.tables.modifiers, self.tables.modifier_ranks):
            actions.extend(Bid(bids[rank].contract, modifier.id) for rank in cards_in(allowed & ranks))
        return actions

    def why_illegal(self, move: int) -> str | None:
        """Why the seat to act may not make auction ``move`` (see :meth:`legal_mask`), as the full
        sentence an illegal action gets, or ``None`` when it may."""
        legal = self.legal_mask()
        if move >= PASS_MOVE and legal >> (move + 1) & 1:
            return None
        seat, tables = self.to_act, self.tables
        if move == PASS_MOVE:
            return f"seat {seat} is the dealer and everyone else has passed: the dealer must bid."
        if move == tables.look_move:
            return f"seat {seat} has already looked at its cards."
        modifier, rank = divmod(move, tables.stride)
        if move < 0 or rank >= len(tables.contracts) or modifier > len(tables.modifiers):
            return f"seat {seat} cannot make auction move {shown(move)}: the legal ones are {[bit - 1 for bit in cards_in(legal)]}."
        contract = tables.contracts[rank]
        reason = self._why_not(seat, contract)
        if reason is not None:
            return f"seat {seat} cannot bid {contract.id}: {reason}."
        if modifier:
            extra = tables.modifiers[modifier - 1]
            return f"seat {seat} cannot bid {contract.id} {extra.id}: {extra.name} does not go with {contract.id}."
        return f"seat {seat} cannot bid {contract.id} now."

    # -- applying -------------------------------------------------------------------------------

    def bid(self, move: int) -> None:
        """Record a checked bid, ``move`` being the contract's ladder rank (plus ``(m + 1) * stride`` with
        modifier ``m``), and move the turn on."""
        seat = self.to_act
        tables = self.tables
        modifier, rank = divmod(move, tables.stride)
        contract = tables.contracts[rank]
        self.acted += 1
        strain, before = contract.style.strain, self.last_strain[seat]
        if (self._reopen and before is not None and before != strain) or (self.raising and before != strain):
            # A bidder changed the suit of its bid: the seats that passed may bid again (bid_after_pass:
            # on_strain_change; after a raise in a new strain, rules text 000 "Bidding after pass").
            self.passed = [False] * self.players
            self.raise_offered = False
        elif self.raising:
            self.over = True  # a raise in the same strain: the others may not bid again
        self.raising = False
        self.last_strain[seat] = strain
        self.bidders |= 1 << seat
        self.high, self.high_seat, self.high_modifier = contract, seat, modifier - 1
        reached = tables.level_reached[rank]
        if reached > self.level:
            self.level = reached
        self.bidding += ((seat, move),)
        if self.over:
            return
        if not tables.blind_ranks >> rank & 1:
            self.looked |= 1 << seat  # acting is looking, except for a blind bid
        self._next(seat)

    def look(self) -> None:
        """The seat to act looks at its cards; it still has to bid or pass."""
        self.looked |= 1 << self.to_act

    def pass_turn(self) -> None:
        """Record a checked pass and move the turn on (a winner offered a raise stands on its bid)."""
        seat = self.to_act
        if self.raising:
            self.raising = False
            self.bidding += ((seat, PASS_MOVE),)
            self.over = True
            return
        self.acted += 1
        self.passed[seat] = True
        self.looked |= 1 << seat
        self.bidding += ((seat, PASS_MOVE),)
        self._next(seat)

    def _next(self, seat: int) -> None:
        players = self.players
        if self._continuous:
            passed = self.passed
            remaining = passed.count(False)
            # Over when everyone has passed, or all but the holder of the highest bid.
            if not remaining or (remaining == 1 and self.high_seat is not None and not passed[self.high_seat]):
                if remaining and self._may_raise and not self.raise_offered and self.bidders & (self.bidders - 1):
                    # The winner may raise its own bid, unless it was the only one to bid (rules text 000,
                    # "Bidding after pass": "if only one player partakes in the auction ... they cannot raise").
                    assert self.high_seat is not None
                    self.raising = self.raise_offered = True
                    self.to_act = self.high_seat
                    return
                self.over = True
                return
            following = (seat + 1) % players
            while passed[following]:
                following = (following + 1) % players
            self.to_act = following
        elif self.acted >= players:
            self.over = True
        else:
            self.to_act = (seat + 1) % players

    def winner(self) -> tuple[int, Contract] | None:
        """The declarer and contract once the auction is over, or ``None`` when nobody won it."""
        if self.high is None or self.high_seat is None:
            return None
        inkles = self.tables.rules.auction.inkles
        if inkles is not None and not inkles.can_win and self.high.level == inkles.level:
            return None
        return self.high_seat, self.high


def said(tables: Tables, move: int) -> str:
    """An auction move as the bidding is written for people and the protocol (an observation's
    ``calls``): ``"pass"``, a contract's id, or its id and a modifier's after a space."""
    if move == PASS_MOVE:
        return "pass"
    modifier, rank = divmod(move, tables.stride)
    contract = tables.contracts[rank].id
    return f"{contract} {tables.modifiers[modifier - 1].id}" if modifier else contract


def said_move(tables: Tables, text: str) -> int:
    """The auction move written ``text`` as :func:`said` writes it (the inverse of :func:`said`)."""
    if text == "pass":
        return PASS_MOVE
    contract, _, modifier = text.partition(" ")
    return tables.bid_move(Bid(contract, modifier or None))


def copy_auction(source: Auction, target: Auction) -> None:
    """Assign every attribute of an auction ``source`` to ``target`` (shallow: the values are shared)."""
    target.tables = source.tables
    target.dealer = source.dealer
    target.players = source.players
    target.to_act = source.to_act
    target.passed = source.passed
    target.acted = source.acted
    target.high = source.high
    target.high_seat = source.high_seat
    target.high_modifier = source.high_modifier
    target.level = source.level
    target.inkle_seats = source.inkle_seats
    target.banned = source.banned
    target.over = source.over
    target.bidding = source.bidding
    target.looked = source.looked
    target._continuous = source._continuous
    target._rebid_after_other = source._rebid_after_other
    target._dealer_must_bid = source._dealer_must_bid
    target.raising = source.raising
    target.raise_offered = source.raise_offered
    target.bidders = source.bidders
    target.last_strain = source.last_strain
    target._reopen = source._reopen
    target._may_raise = source._may_raise
