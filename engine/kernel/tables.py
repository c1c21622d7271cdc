"""Per-variant lookup tables for the kernel: cards as small integers, hands as bit masks.

A hand is an ``int`` whose bit ``i`` is set when it holds the card of index ``i``. For each strain the
tables give the mask of the cards that follow each suit, the trumps, and the suitless jokers, so that
"which cards may this seat play?" is one or two ``&`` operations whatever the variant.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..rules.cards import FACE_RANKS, Card
from ..rules.contracts import Contract, Extra
from ..rules.records import Record
from ..rules.ruleset import DealTarget, FirstLead, Rules
from ..rules.strains import TRUMP_POWER, CardOrder
from .actions import Bid, Play

_BITS_OF_BYTE = tuple(tuple(bit for bit in range(8) if value >> bit & 1) for value in range(256))


def cards_in(mask: int) -> list[int]:
    """The card indices of ``mask``, lowest first."""
    # A byte at a time through a lookup table: about a third faster than peeling bits one by one.
    found: list[int] = []
    base = 0
    while mask:
        byte = mask & 255
        if byte:
            for bit in _BITS_OF_BYTE[byte]:
                found.append(base + bit)
        mask >>= 8
        base += 8
    return found


def count_of(mask: int) -> int:
    """The cards in ``mask``: ``mask.bit_count()``, which the compiled build calls as a Python method (a
    few hundred instructions); a loop over a hand's few cards is quicker where it runs at every decision."""
    if mask < 0:
        return mask.bit_count()  # (a negative number's bits never run out)
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


def mask_of(indices: Iterable[int]) -> int:
    """The mask holding the given card indices."""
    mask = 0
    for index in indices:
        mask |= 1 << index
    return mask


@dataclass(frozen=True, eq=False, repr=False)
class StrainTable(Record):
    """The masks of one strain."""

    order: CardOrder
    """The strain's card order."""
    follow: dict[str, int]
    """Suit letter → mask of the cards that belong to that suit for following (a left bower to trumps)."""
    trumps: int
    """Mask of the trump cards."""
    suitless: int
    """Mask of the cards that belong to no suit (jokers in no trump)."""
    power: tuple[int, ...]
    """Per card index: higher beats lower; trumps above every plain card."""
    suit_of: tuple[str | None, ...]
    """Per card index: the suit it follows."""
    trump_cards: tuple[int, ...]
    """The trump cards, highest first."""
    is_trump: bool
    """Whether the strain has trumps (a suit, or jokers only where no trump has none)."""
    jokers: int
    """Mask of the deck's jokers."""
    place: tuple[int, ...]
    """Per card index: its place in its suit's plain order, highest first (-1 for a trump)."""
    side_suits: tuple[tuple[int, tuple[int, ...]], ...]
    """Per suit with plain cards: the mask of its plain cards and its top three, highest first."""
    ladders: tuple[tuple[int, ...], ...]
    """Per suit: its plain cards, lowest first."""
    higher: tuple[int, ...]
    """Per card index: the cards of its own suit (jokers with jokers) ranked above it, as a mask."""
    lower: tuple[int, ...]
    """Per card index: the cards of its own suit ranked below it, as a mask."""
    keys: dict[str | None, tuple[int, ...]]
    """Led suit (or ``None``) → per card index, how strongly the card competes in that trick: its power
    if it is a trump or follows the suit led, else -1 (it cannot win)."""
    suitless_shows_void: bool = True
    """Whether a card of no suit (a joker in no trump) played to a suit led shows its player holds none
    of that suit: where the joker may be played only when void."""

    def key(self, index: int, led: str | None) -> int:
        """How strongly card ``index`` competes in a trick led in ``led`` (-1: it cannot win): :attr:`keys`."""
        return self.keys[led][index]


@dataclass(frozen=True, eq=False, repr=False)
class Tables(Record):
    """Everything the kernel precomputes from a variant's rules."""

    rules: Rules
    """The rules these tables are for."""
    cards: tuple[Card, ...]
    """The deck's cards by index."""
    strains: dict[str, StrainTable]
    """Strain id → its table."""
    face_cards: int
    """Mask of the face cards (K, Q, J) for the misdeal rule."""
    level_reached: tuple[int, ...]
    """Per ladder rank: the level the auction has reached once that contract is bid (an ordinary bid's
    level; for a special contract, the highest level of the ordinary bids ranked below it)."""
    contracts: tuple[Contract, ...]
    """The ladder, lowest first (``contracts[rank]``)."""
    team_of: tuple[int, ...]
    """Each seat's team."""
    controller: tuple[int, ...]
    """Each seat's player: the seat itself, or a dummy's player."""
    start_scores: tuple[int, ...]
    """A zero score per team."""
    suits: tuple[str, ...]
    """The deck's suit letters, in deck order."""
    plays: tuple[Play, ...]
    """The play action of each card, by index (built once, shared by every legal-action list)."""
    bids: tuple[Bid, ...]
    """The bid action of each contract, by ladder rank."""
    all_ranks: int
    """Mask with a bit per ladder rank."""
    eligible_at: tuple[int, ...]
    """Per level the auction has reached: the mask of ranks whose eligibility allows them then."""
    inkle_ranks: int
    """Mask of the ranks at the inkle level (bid only by the seats the inkle rule names)."""
    inkle_seats: tuple[frozenset[int], ...]
    """Per dealer: the seats that may bid at the inkle level (every seat where there are no inkles)."""
    blind_ranks: int
    """Mask of the ranks that may be bid only before looking at one's cards (blind misère)."""
    look_move: int
    """The auction move that looks at one's cards (one past the highest rank), offered only where
    :attr:`blind_ranks` is not empty."""
    arranges_seats: bool
    """Whether the variant has dummies or a called partner (the state's seat arrangement is used)."""
    modifiers: tuple[Extra, ...]
    """The modifiers that may be said with a bid (sans kitty). The auction move of the bid of rank ``r``
    with modifier ``m`` is ``r + (m + 1) * stride`` (see :attr:`stride`)."""
    modifier_ranks: tuple[int, ...]
    """Per modifier: the mask of the ranks it goes with."""
    bits: tuple[int, ...]
    """Per card index: its bit (``1 << index``)."""
    hand_positions: tuple[tuple[int, ...], ...]
    """Where each hand's cards lie in the shuffled deck, in the order dealt, by the seat's place from the
    dealer's left: the players' places first, then the dummies' (see :func:`~engine.kernel.deal.seat_at`)."""
    kitty_positions: tuple[int, ...]
    """Where the kitty's cards lie in the shuffled deck, in the order dealt."""
    dead_positions: tuple[int, ...]
    """Where a dead hand's cards lie in the shuffled deck."""
    table_positions: tuple[int, ...] = ()
    """Where the cards dealt face up to the table lie in the shuffled deck."""
    players: int = 0
    """The number of players (``rules.seating.players``, read at every hand: the rules are not compiled)."""
    seats: int = 0
    """The number of seats, dummies included (``rules.seating.seats``)."""
    hand_size: int = 0
    """The cards each seat is dealt (``rules.deal.hand_size``)."""
    declarer_leads: bool = False
    """Whether the declarer leads the first trick (else the first active seat from the dealer's left)."""
    score_out_during_hand: bool = False
    """Whether a side that scores out during the play stops the hand (``rules.end.score_out_during_hand``)."""

    @property
    def stride(self) -> int:
        """The distance between the auction moves of one rank with successive modifiers (see :attr:`modifiers`)."""
        return self.look_move + 1

    def bid_move(self, bid: Bid) -> int:
        """The auction move of ``bid`` (checked by the caller): its contract's rank, plus
        ``(m + 1) * stride`` for modifier ``m``."""
        rank = self.rules.ladder[bid.contract].rank
        if bid.modifier is None:
            return rank
        position = next(number for number, modifier in enumerate(self.modifiers) if modifier.id == bid.modifier)
        return rank + (position + 1) * self.stride

    def owns(self, card: Card) -> bool:
        """Whether ``card`` is this deck's card (not one of another variant's deck)."""
        return card.index < len(self.cards) and self.cards[card.index] == card


def _strain_table(order: CardOrder, suits: tuple[str, ...], jokers: int, suitless_shows_void: bool) -> StrainTable:
    """One strain's masks and orders, for the kernel's play and the bots' reading of a hand alike."""
    follow = {suit: 0 for suit in suits}
    suitless = 0
    for index, suit in enumerate(order.suit_of):
        if suit is None:
            suitless |= 1 << index
        else:
            follow[suit] |= 1 << index
    trumps = mask_of(index for index, power in enumerate(order.power) if power >= TRUMP_POWER)
    count = len(order.power)
    place = [-1] * count
    for _, plain in order.plain_order:
        for position, index in enumerate(plain):
            place[index] = position
    higher, lower = [0] * count, [0] * count
    for index in range(count):
        for other in range(count):
            if order.suit_of[other] == order.suit_of[index]:
                if order.power[index] < order.power[other] < TRUMP_POWER:
                    higher[index] |= 1 << other
                elif order.power[other] < order.power[index]:
                    lower[index] |= 1 << other
    return StrainTable(
        order,
        follow,
        trumps,
        suitless,
        order.power,
        order.suit_of,
        order.trump_cards,
        order.strain.trump is not None,
        jokers,
        tuple(place),
        tuple((mask_of(plain), plain[:3]) for _, plain in order.plain_order if plain),
        tuple(plain[::-1] for _, plain in order.plain_order),
        tuple(higher),
        tuple(lower),
        {
            suit: tuple(power if power >= TRUMP_POWER or order.suit_of[index] == suit else -1 for index, power in enumerate(order.power))
            for suit in (*suits, None)
        },
        suitless_shows_void,
    )


_CACHE: dict[int, Tables] = {}


def tables_for(rules: Rules) -> Tables:
    """The tables of ``rules`` (computed once per rules object and cached)."""
    cached = _CACHE.get(id(rules))
    if cached is not None and cached.rules is rules:
        return cached
    suits = tuple(suit.id for suit in rules.deck.suits)
    jokers = mask_of(card.index for card in rules.deck.cards if card.is_joker)
    reached: list[int] = []
    highest_below = 0
    for contract in rules.ladder:
        if contract.level is not None:
            highest_below = max(highest_below, contract.level)
            reached.append(contract.level)
        else:
            reached.append(highest_below)
    top = max(reached, default=0)
    eligible = []
    for level in range(top + 1):
        mask = 0
        for contract in rules.ladder:
            rule = contract.eligibility
            if (rule.auction_reached is None or level >= rule.auction_reached) and (
                rule.auction_below is None or level < rule.auction_below
            ):
                mask |= 1 << contract.rank
        eligible.append(mask)
    inkles = rules.auction.inkles
    players = rules.seating.players
    bidders = players if inkles is None or inkles.bidders is None else inkles.bidders
    seats = rules.seating.seats
    # Places from the dealer's left: the players', then (where there are dummies) the dummies'.
    hand_positions: list[list[int]] = [[] for _ in range(seats)]
    piles: dict[DealTarget, list[int]] = {DealTarget.KITTY: [], DealTarget.DEAD_HAND: [], DealTarget.TABLE: []}
    position = 0
    for step in rules.deal.steps:
        if step.target is DealTarget.PLAYERS:
            places: range | tuple[None] = range(players)
        elif step.target is DealTarget.DUMMIES:
            places = range(players, seats)
        else:
            places = (None,)
        for place in places:
            positions = hand_positions[place] if place is not None else piles[step.target]
            positions.extend(range(position, position + step.cards))
            position += step.cards
    tables = Tables(
        rules=rules,
        cards=rules.deck.cards,
        strains={
            order.strain.id: _strain_table(order, suits, jokers, rules.play.joker_in_no_trump.only_when_void) for order in rules.card_orders
        },
        face_cards=mask_of(card.index for card in rules.deck.cards if card.rank in FACE_RANKS),
        level_reached=tuple(reached),
        contracts=rules.ladder.contracts,
        team_of=tuple(rules.seating.team_of(seat) for seat in range(seats)),
        controller=tuple(rules.seating.controller(seat) for seat in range(seats)),
        start_scores=(0,) * len(rules.seating.teams),
        suits=suits,
        plays=tuple(Play(card) for card in rules.deck.cards),
        bids=tuple(Bid(contract.id) for contract in rules.ladder),
        all_ranks=(1 << len(rules.ladder.contracts)) - 1,
        eligible_at=tuple(eligible),
        inkle_ranks=mask_of(c.rank for c in rules.ladder if inkles is not None and c.level == inkles.level),
        inkle_seats=tuple(frozenset((dealer + 1 + place) % players for place in range(bidders)) for dealer in range(players)),
        blind_ranks=mask_of(c.rank for c in rules.ladder if c.eligibility.before_looking),
        look_move=len(rules.ladder.contracts),
        arranges_seats=rules.seating.dummies is not None or rules.seating.called_partner is not None,
        modifiers=tuple(extra for extra in rules.extras if extra.kind == "modifier"),
        modifier_ranks=tuple(
            mask_of(c.rank for c in rules.ladder if (c.level in extra.levels if c.level is not None else c.id in extra.contracts))
            for extra in rules.extras
            if extra.kind == "modifier"
        ),
        bits=tuple(1 << index for index in range(len(rules.deck.cards))),
        hand_positions=tuple(tuple(each) for each in hand_positions),
        kitty_positions=tuple(piles[DealTarget.KITTY]),
        dead_positions=tuple(piles[DealTarget.DEAD_HAND]),
        table_positions=tuple(piles[DealTarget.TABLE]),
        players=players,
        seats=seats,
        hand_size=rules.deal.hand_size,
        declarer_leads=rules.play.first_lead is FirstLead.DECLARER,
        score_out_during_hand=rules.end.score_out_during_hand,
    )
    if len(_CACHE) > 64:  # a long-lived program compiling many variants should not grow without bound
        _CACHE.clear()
    _CACHE[id(rules)] = tables
    return tables
