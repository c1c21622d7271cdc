"""The compiled, immutable rules of a variant: what the kernel plays from.

Everything that differs between variants lives in these records; the kernel reads them and never asks
which variant it is playing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..errors import NotFoundError, UsageError, shown
from .announcements import Announcement
from .cards import Deck
from .contracts import Contract, Extra, Ladder
from .records import Record
from .strains import CardOrder, Strain


class Share(Enum):
    """A share of a contract's value."""

    FULL = "full"
    """The whole value."""
    HALF = "half"
    """Half the value (rounded towards zero)."""


class Reveal(Enum):
    """How a called partner becomes known."""

    ANNOUNCED = "announced"
    """The holder of the called card says so at once."""
    WHEN_PLAYED = "when_played"
    """Nobody knows until the called card is played."""


@dataclass(frozen=True, eq=False, repr=False)
class CalledPartner(Record):
    """Five-handed: the declarer names a card and its holder is the partner for the hand."""

    reveal: Reveal
    """How the partner becomes known."""
    may_not_name: frozenset[str]
    """Kinds of card that may not be called: ``trump``, ``joker``, ``own_card``."""
    may_go_alone: bool
    """Whether the declarer may play alone instead."""
    declarer_share: Share
    """The declarer's share of the contract's value."""
    partner_share: Share
    """The partner's share of the contract's value."""


@dataclass(frozen=True, eq=False, repr=False)
class Dummies(Record):
    """Two-handed: each player also plays a dummy hand dealt to the table."""

    face_down: int
    """Cards of each dummy dealt face down."""
    face_up: int
    """Cards of each dummy dealt face up on top of them."""

    @property
    def size(self) -> int:
        """Cards in one dummy."""
        return self.face_down + self.face_up


@dataclass(frozen=True, eq=False, repr=False)
class Seating(Record):
    """Players, seats and teams.

    A *seat* is a hand at the table. Each player has one; where players also play dummies (two-handed),
    player ``p``'s dummy sits at seat ``players + p``, so the table goes round players first and dummies
    after (with two players: 0, 1, dummy of 0, dummy of 1, each dummy opposite its player). Only players
    bid and announce; a dummy's cards are played by its player (:meth:`controller`).
    """

    players: int
    """Number of players; their seats are 0..players-1 clockwise."""
    teams: tuple[tuple[int, ...], ...]
    """Each team's seats (dummies with their players), in team order; every seat in exactly one team."""
    called_partner: CalledPartner | None = None
    """The called-partner rule, if any."""
    dummies: Dummies | None = None
    """The dummy hands, if any (one per player)."""
    _team_of: tuple[int, ...] = field(default=(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        team_of = [-1] * self.seats
        for team, seats in enumerate(self.teams):
            for seat in seats:
                if not 0 <= seat < self.seats or team_of[seat] != -1:
                    raise UsageError(f"Seat {seat} is out of range or in two teams.")
                team_of[seat] = team
        if -1 in team_of:
            raise UsageError(f"Seat {team_of.index(-1)} is in no team.")
        object.__setattr__(self, "_team_of", tuple(team_of))

    @property
    def seats(self) -> int:
        """Hands at the table: one per player, and one per dummy."""
        return self.players * 2 if self.dummies is not None else self.players

    def controller(self, seat: int) -> int:
        """The player who chooses the cards of ``seat``: the seat itself, or a dummy's player."""
        return seat % self.players

    def team_of(self, seat: object) -> int:
        """The team index of ``seat`` (a seat from 0 to :attr:`seats` - 1; else
        :class:`~engine.errors.UsageError`, in both builds)."""
        if type(seat) is not int or not 0 <= seat < len(self._team_of):
            raise UsageError(f"A seat is a whole number from 0 to {len(self._team_of) - 1}, not {shown(seat)}.")
        return self._team_of[seat]

    def partners_of(self, seat: object) -> tuple[int, ...]:
        """The other seats of ``seat``'s team, in the team's order."""
        return tuple(each for each in self.teams[self.team_of(seat)] if each != seat)

    @property
    def is_partnership(self) -> bool:
        """Whether any team has more than one player (a dummy is not a partner who decides)."""
        return any(sum(1 for seat in seats if seat < self.players) > 1 for seats in self.teams)


class DealTarget(Enum):
    """Where one bundle of the deal goes."""

    PLAYERS = "players"
    """A bundle to each player in turn, from the dealer's left."""
    KITTY = "kitty"
    """A bundle to the kitty."""
    DUMMIES = "dummies"
    """A bundle to each dummy."""
    DEAD_HAND = "dead_hand"
    """A bundle to the dead hand."""
    TABLE = "table"
    """A bundle face up to the table."""


@dataclass(frozen=True, eq=False, repr=False)
class DealStep(Record):
    """One bundle of the deal."""

    target: DealTarget
    """Where the bundle goes."""
    cards: int
    """Cards in the bundle (to each player or dummy, for those targets)."""


@dataclass(frozen=True, eq=False, repr=False)
class DealRules(Record):
    """How the cards are dealt."""

    hand_size: int
    """Cards to each player."""
    kitty: int
    """Cards to the kitty."""
    dead_hand: int
    """Cards to a hand nobody plays."""
    steps: tuple[DealStep, ...]
    """The bundles in order."""
    misdeal_without_face_card: bool = False
    """Whether a hand with no K, Q or J is a misdeal."""
    last_kitty_card_face_up: bool = False
    """Whether the last kitty card is shown to everyone."""
    table: int = 0
    """Cards dealt face up to the table (two-handed with 52 cards)."""
    table_to_kitty: int = 0
    """Table cards each player puts into the kitty before the auction."""
    table_to_defenders: int = 0
    """Table cards each defender takes after the declarer's exchange, discarding as many."""
    draw: bool = False
    """Whether the players draw their hands in pairs, keeping one card of each (two-handed): each is
    dealt ``2 * hand_size`` cards, its pairs in the order drawn."""

    @property
    def dealt_per_player(self) -> int:
        """Cards dealt to each player: its hand, or twice that where hands are drawn in pairs."""
        return self.hand_size * 2 if self.draw else self.hand_size


class Rounds(Enum):
    """How long bidding goes on."""

    CONTINUOUS = "continuous"
    """Round and round until all but one have passed."""
    ONE = "one"
    """Each player bids or passes once."""


class BidAfterPass(Enum):
    """Whether a player who passed may bid again."""

    NEVER = "never"
    """A pass is final."""
    ON_STRAIN_CHANGE = "on_strain_change"
    """After a later bid changes strain."""


class Rebid(Enum):
    """When a player who has bid may bid again."""

    AFTER_INTERVENING_BID = "after_intervening_bid"
    """Only after another player has bid since."""
    ANY_TIME = "any_time"
    """Whenever it is their turn."""


@dataclass(frozen=True, eq=False, repr=False)
class Inkles(Record):
    """Inkles: lowest-level bids that only show a suit to the partner."""

    level: int
    """The level whose bids are inkles."""
    bidders: int | None
    """How many players from the dealer's left may inkle (``None``: everyone)."""
    can_win: bool
    """Whether an inkle can win the auction."""
    separate_no: bool = False
    """Whether 'inkle no' is a distinct inkle just below 'inkle no trump'."""


class AllPassAction(Enum):
    """What happens when nobody wins the auction."""

    REDEAL = "redeal"
    """The same dealer shuffles and deals again."""
    NEXT_DEALER = "next_dealer"
    """The deal passes to the next player."""
    PLAY_NO_TRUMP = "play_no_trump"
    """The hand is played in no trump and each trick scores points."""
    DEALER_MUST_BID = "dealer_must_bid"
    """The dealer may not pass."""


@dataclass(frozen=True, eq=False, repr=False)
class AllPass(Record):
    """The all-pass rule."""

    action: AllPassAction
    """What happens."""
    max_redeals: int | None = None
    """With redeal: redeals in a row before the deal passes on (``None``: no limit)."""
    trick_points: int = 10
    """With play-no-trump: points per trick."""
    strain: str = "NT"
    """With play-no-trump: the strain the unbid hand is played in (the built-in no trump)."""


@dataclass(frozen=True, eq=False, repr=False)
class AuctionRules(Record):
    """How the auction runs."""

    rounds: Rounds
    """Continuous or one round."""
    bid_after_pass: BidAfterPass
    """Whether a pass is final."""
    rebid: Rebid
    """When a bidder may bid again."""
    winner_may_raise: bool
    """Whether the winner may raise their own bid."""
    inkles: Inkles | None
    """The inkle rule, if any."""
    all_pass: AllPass
    """What happens when nobody wins."""


class KittyExchange(Enum):
    """How the declarer uses the kitty."""

    DISCARD_SAME = "discard_same"
    """Takes the kitty and discards as many cards."""
    ANY_NUMBER = "any_number"
    """Swaps any number of kitty cards for hand cards."""
    NONE = "none"
    """The kitty is not used."""


@dataclass(frozen=True, eq=False, repr=False)
class KittyRules(Record):
    """The kitty."""

    exchange: KittyExchange
    """How the declarer uses it."""


class FirstLead(Enum):
    """Who leads the first trick."""

    DECLARER = "declarer"
    """The declarer."""
    LEFT_OF_DEALER = "left_of_dealer"
    """The player to the dealer's left."""


@dataclass(frozen=True, eq=False, repr=False)
class JokerRules(Record):
    """The joker when there is no trump suit."""

    only_when_void: bool = True
    """May be played only when its holder cannot follow suit."""
    lead_names_suit: bool = True
    """When led, its holder names the suit the others must follow."""
    may_name_void_suit: bool = True
    """The leader may name a suit they have shown void in."""
    renege_forbidden: bool = False
    """May not be played as a card of a suit its holder has shown void in (unless it is their last card)."""
    first_or_last_only: bool = False
    """May only be played as the first or last card of a suit."""


@dataclass(frozen=True, eq=False, repr=False)
class PlayRules(Record):
    """The card play."""

    first_lead: FirstLead
    """Who leads first."""
    joker_in_no_trump: JokerRules
    """The joker in no trump."""


class FailedContract(Enum):
    """What a failed contract does to the scores."""

    SUBTRACT = "subtract"
    """The declaring side loses the value."""
    TO_OPPONENTS = "to_opponents"
    """Every other side gains the value."""


@dataclass(frozen=True, eq=False, repr=False)
class Slam(Record):
    """Taking every trick on a smaller contract scores a fixed value instead."""

    value: int
    """What the slam scores."""
    below_value: int | None
    """Applies to contracts worth less than this."""
    up_to_rank: int | None
    """Applies to contracts of at most this precedence rank."""

    def applies(self, contract: Contract) -> bool:
        """Whether a slam on ``contract`` scores :attr:`value`."""
        if contract.is_special:
            return False
        if self.below_value is not None and contract.value >= self.below_value:
            return False
        if self.up_to_rank is not None and contract.rank > self.up_to_rank:
            return False
        return True


@dataclass(frozen=True, eq=False, repr=False)
class ScoringRules(Record):
    """How hands are scored."""

    failed: FailedContract
    """What a failed contract does."""
    defender_trick_points: int
    """Points per trick to the defending sides."""
    defender_cap: int | None
    """Defenders' trick points stop at this score."""
    slam: Slam | None
    """The slam bonus, if any."""
    scores_never_decrease: bool = False
    """Whether points are never subtracted."""
    lay_down_penalty: int | None = None
    """Penalty for laying down cards to claim, if any."""


@dataclass(frozen=True, eq=False, repr=False)
class SetRule(Record):
    """A declarer beaten by a margin may not bid in the next hand (the set rule, ralphing)."""

    short_by: int
    """Tricks short of the target that count."""
    misere_tricks: int
    """Tricks taken that count, for contracts to take none."""

    def applies(self, contract: Contract, tricks: int) -> bool:
        """Whether taking ``tricks`` on ``contract`` meets this rule's margin."""
        if contract.target.is_no_tricks:
            return tricks >= self.misere_tricks
        return contract.target.missed_by(tricks) >= self.short_by


@dataclass(frozen=True, eq=False, repr=False)
class BreachRule(Record):
    """Breach: a defender's call, won or lost on whether the contract is broken by a margin."""

    value: int
    """Points won or lost."""
    margin: SetRule
    """When the contract counts as breached."""
    min_level: int
    """Ordinary bids below this level cannot be breached."""
    can_end_game: bool
    """Whether breach points can win or lose the game."""
    ban_failed_caller: bool
    """A caller whose breach fails may not bid next hand."""
    ban_breached_declarer_level: int | None
    """A breached declarer of this level may not bid next hand."""


class Simultaneous(Enum):
    """Who wins when several sides reach the target on one hand."""

    BIDDER = "bidder"
    """The declaring side, if it is one of them."""
    HIGHEST = "highest"
    """The highest score."""


class SimultaneousTie(Enum):
    """What happens when the sides that reach the target on one hand tie at the top and the
    :class:`Simultaneous` rule has not named a winner (the rules texts leave this open)."""

    PLAY_ON = "play_on"
    """Nobody has won yet: another hand is dealt."""
    SHARED = "shared"
    """The game ends and the tied sides share the win (no single winner is named)."""
    BIDDER_SIDE = "bidder_side"
    """The declaring side wins if it is one of the tied sides and made its contract; otherwise play on."""


@dataclass(frozen=True, eq=False, repr=False)
class EndRules(Record):
    """When the game ends and who wins."""

    target: int
    """Reaching this wins."""
    lose_at: int | None
    """Falling to this or below loses."""
    lose_only_if_others_not_negative: bool
    """The losing score loses only if no other side is negative."""
    must_win_by_bid: bool
    """A side wins only on a hand in which it made a contract."""
    simultaneous: Simultaneous
    """Who wins when several cross at once."""
    point_spread: int | None = None
    """The point-spread rule's margin, if any."""
    exact_target: bool = False
    """Whether the target must be hit exactly (Walker)."""
    lose_at_or_above: int | None = None
    """Reaching this loses (Walker: 1000)."""
    score_out_during_hand: bool = False
    """The 1904 rule: scoring out during a hand ends it."""
    simultaneous_tie: SimultaneousTie = SimultaneousTie.PLAY_ON
    """What a tie at the top between sides reaching the target on one hand does."""


@dataclass(frozen=True, eq=False, repr=False)
class Rules(Record):
    """A compiled variant: everything the kernel needs, immutable."""

    name: str
    """The variant's name."""
    description: str
    """What it is, in a sentence or two."""
    source: str = field(compare=False)
    """The file it was compiled from (not compared: the same rules compiled from another place, or
    carried by a record, are the same rules)."""
    deck: Deck
    """The cards."""
    rank_order: tuple[str, ...]
    """Ranks from highest to lowest in a plain suit."""
    strains: tuple[Strain, ...]
    """Every strain a contract can be played in."""
    card_orders: tuple[CardOrder, ...]
    """The card order of each strain, in the order of :attr:`strains`."""
    ladder: Ladder
    """Every biddable contract, lowest first."""
    extras: tuple[Extra, ...]
    """Modifiers and calls."""
    seating: Seating
    """Players and teams."""
    deal: DealRules
    """The deal."""
    auction: AuctionRules
    """The auction."""
    kitty: KittyRules
    """The kitty."""
    play: PlayRules
    """The play."""
    scoring: ScoringRules
    """Scoring."""
    set_rule: SetRule | None
    """The set rule, if played."""
    ralph: SetRule | None
    """Ralphing, if played."""
    breach: BreachRule | None
    """Breach, if played."""
    end: EndRules
    """End of game."""
    announcements: tuple[Announcement, ...] = ()
    """The calls that may be made at a point of a hand (breach, slam call, declare), compiled from
    :attr:`breach` and the calls among :attr:`extras`; the kernel opens their windows."""
    reference: str = field(default="", compare=False)
    """How to load these rules again: a shipped variant's name, or a file's absolute path; empty for
    rules compiled from text (saved games and transcripts record it)."""
    document: Any = field(default=None, compare=False, repr=False)
    """The variant file as compiled: its whole ``extends`` chain merged into one mapping (JSON data), which
    transcripts and saved games carry so that they replay anywhere; ``None`` for rules made by hand."""
    document_hash: str = field(default="", compare=False, repr=False)
    """The SHA-256 of :attr:`document` in canonical JSON (sorted keys, no spaces), in hexadecimal."""

    def strain(self, strain_id: str) -> Strain:
        """The strain with this id (:class:`~engine.errors.NotFoundError`, a ``KeyError``, if none)."""
        for strain in self.strains:
            if strain.id == strain_id:
                return strain
        raise NotFoundError(self._no_strain(strain_id))

    def _no_strain(self, strain_id: object) -> str:
        return f"{shown(strain_id)} is not a strain of this variant: its strains are {', '.join(strain.id for strain in self.strains)}."

    def played_strain(self, contract_id: str | None) -> str:
        """The strain a hand is played in: its contract's, or with no contract (every seat passed, and
        the hand is played all the same) the all-pass rule's."""
        if contract_id is not None:
            return self.ladder[contract_id].style.strain
        return self.auction.all_pass.strain

    def card_order(self, strain_id: str) -> CardOrder:
        """The card order of the strain with this id (:class:`~engine.errors.NotFoundError`, a ``KeyError``, if none)."""
        for order in self.card_orders:
            if order.strain.id == strain_id:
                return order
        raise NotFoundError(self._no_strain(strain_id))

    def extra(self, extra_id: str) -> Extra:
        """The modifier or call with this id (:class:`~engine.errors.NotFoundError`, a ``KeyError``, naming it if
        there is none)."""
        for extra in self.extras:
            if extra.id == extra_id:
                return extra
        known = ", ".join(extra.id for extra in self.extras)
        raise NotFoundError(
            f"{shown(extra_id)} is not a modifier or call of this variant: "
            + (f"its modifiers and calls are {known}." if known else "it has none.")
        )


def compiled_rules(rules: object, taker: str) -> Rules:
    """``rules`` if they are a variant's compiled rules; else :class:`~engine.errors.UsageError` saying
    that ``taker`` (such as ``"engine.replay"``) takes compiled rules, and how to get them."""
    if isinstance(rules, Rules):
        return rules
    hint = f" (engine.load_variant({shown(rules)}) compiles a variant by name or file)" if isinstance(rules, str) else ""
    raise UsageError(
        f"{taker} takes a variant's compiled rules (engine.load_variant(NAME) or engine.compile_text(TEXT)), "
        f"not {type(rules).__name__}{hint}."
    )
