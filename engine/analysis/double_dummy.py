"""A double-dummy solver for the card play of any variant: every hand known, the most tricks the
declaring side can take against best defence (or, for the misère family, the fewest it can be held to).

The search runs on the kernel's own :class:`~engine.kernel.play.TrickPlay`: its legal cards (following
suit, the joker in no trump with its naming and restrictions, sitting-out partners, dummies as seats),
its trick winner, played and taken back move by move, so the solver keeps no second copy of the rules.
On top of it, DDS's techniques (Bo Haglund's bridge double-dummy solver) as they carry over:

- null-window alpha-beta searches (MTD(f)) over the declaring side's tricks;
- sure tricks at each trick's start ("quick tricks" and "later tricks"): the highest trumps held by one
  side, and the winners a leader (or a partner it can reach) can cash before anyone can ruff, settle many
  questions without a search;
- a transposition table at each trick's start, keyed on relative ranks and on winning ranks: an entry
  answers for every position whose hands hold the same number of cards of each suit and the same cards
  above the ranks its result rested on (the small cards below are interchangeable; a cut-off's bound
  rests on the ranks of the move that made it alone, not on those of the moves tried before it);
- equivalent cards searched once (cards of one suit held by one seat with no unplayed card of another
  seat between them), and moves ordered so that cut-offs come early (a leader's winners first, then low
  cards to a partner's winners; the lead that decided a position before).

:func:`minimax` is the plain search it is checked against, and DDS itself on bridge endings
(``tests/test_dds_oracle.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from ..errors import UsageError
from ..kernel.play import CARD_BITS, SUIT_SHIFT, TrickPlay
from ..kernel.tables import cards_in, count_of
from ..rules.strains import TRUMP_POWER
from .limits import MAX_NODES, SolverLimitError


@dataclass
class SearchStats:
    """What one search did."""

    nodes: int = 0
    """Positions visited (cards played in the search)."""
    hits: int = 0
    """Positions answered from the transposition table."""


MOST_RELATIVE_HANDS: Final = 7
"""The most hands in play for which the transposition table is keyed on relative and winning ranks (a
holder's place is one base-8 digit); beyond it a position's key is its exact cards."""

Group = tuple[tuple[tuple[int, int], ...], int]
"""A suit as the solver reads it: its cards highest first, each as (index, bit), and their mask."""


def _suit_named(play: TrickPlay, move: int) -> str | None:
    """The suit ``move`` names for a led joker (``None``: none). The search keeps a move as the kernel's
    play moves are written (:data:`~engine.kernel.play.SUIT_SHIFT`): the card's index, plus one more than
    the place of the suit named among the deck's suits, shifted; a number is cheaper to make and read than
    a pair, at every position searched."""
    return None if move <= CARD_BITS else play.tables.suits[(move >> SUIT_SHIFT) - 1]


def _runs(cards: tuple[tuple[int, int], ...], mine: int, other: int, covering: int, heads: dict[int, int] | None = None) -> list[int]:
    """One card of each run of ``mine`` in a suit (``cards``, highest first): a run is broken by a card
    of ``other``; a card of ``covering`` is a move of its own. With ``heads``, each card of ``mine`` is
    recorded there against the card chosen for its run."""
    chosen = []
    running = False
    head = -1
    for index, bit in cards:
        if mine & bit:
            if covering & bit:
                chosen.append(index)  # turns a card up: not the same move as its neighbours
                if heads is not None:
                    heads[index] = index
            elif not running:
                chosen.append(index)
                head = index
                running = True
            if heads is not None and not covering & bit:
                heads[index] = head
            mine ^= bit
            if not mine:
                break
        elif other & bit:
            running = False
    return chosen


def _moves(
    play: TrickPlay,
    groups: list[Group],
    allies: frozenset[int],
    hidden: int = 0,
    covering: int = 0,
    heads: dict[int, int] | None = None,
    shunning: bool | None = None,
) -> list[int]:
    """The seat to act's moves (each a card and the suit it names, see :func:`_suit_named`), equivalent cards
    merged, in search order.

    ``groups`` are the strain's suits (and its suitless jokers). Within a suit, a run of this seat's
    cards with no other unplayed card between them is one move: whichever is played, the rest of the
    hand goes the same way. ``hidden`` are cards in no hand yet (face-down dummy cards): they split runs
    too; ``covering`` are cards that turn one of them up when played, so each is a move of its own.
    ``allies`` is the side of the seat to act: when it is winning the trick, cheap cards go first.
    With ``heads``, each legal card is recorded there against the card chosen for its run. ``shunning``
    is set in a search for the fewest tricks (the misère family): ``True`` for the side that wants none,
    which leads low and follows with the highest card that does not win; ``False`` for its opponents,
    who lead and follow low to force a trick on it.
    """
    seat = play.to_act
    hands = play.hands
    legal = play.playable(hands[seat])
    strain = play.strain
    power = strain.power
    trick = play.trick
    # Cards of the trick in progress count as between: they split a run for this trick.
    others = hidden
    for each in play.active:
        if each != seat:
            others |= hands[each]
    for _, card in trick:
        others |= 1 << card
    naming = not trick and play.must_name(legal)
    if not trick and shunning is None and not naming:
        return _leads(play, groups, allies, legal, others, covering, heads)
    chosen: list[int] = []
    for cards, mask in groups:
        mine = legal & mask
        if not mine:
            continue
        if not mine & (mine - 1):
            # One card (the common case when following): no run to look for, and no list to make.
            single = mine.bit_length() - 1
            chosen.append(single)
            if heads is not None:
                heads[single] = single
        else:
            chosen.extend(_runs(cards, mine, others & mask, covering & mask, heads))
    if naming:
        return _naming(play, chosen)
    if not trick:
        return _by_power(chosen, power, shunning is None)  # leading: high cards first (to win)
    # Following: when the seat's side is winning, the cheapest cards; else the cheapest card that wins,
    # then the cheapest cards.
    suit_of, led = strain.suit_of, play.led
    best, winner = -1, -1
    for each, card in trick:
        value = power[card]
        if value > best and (value >= TRUMP_POWER or suit_of[card] == led):
            best, winner = value, each
    chosen = _by_power(chosen, power)
    if len(chosen) == 1:
        return chosen
    if shunning is not None:
        if shunning:
            over, under = _beating(chosen, power, suit_of, led, best)
            under.reverse()
            return under + over
        return chosen
    if winner not in allies:
        beating, rest = _beating(chosen, power, suit_of, led, best)
        if beating:
            return beating + rest
    return chosen


def _promote(moves: list[int], card: int, place: int) -> None:
    """Move the first of ``moves`` from ``place`` on that plays ``card`` to ``place`` (the search's order:
    a move the transposition table or a killer names is tried early)."""
    for position in range(place, len(moves)):
        if moves[position] & CARD_BITS == card:
            if position != place:
                moves.insert(place, moves.pop(position))
            return


def _beating(
    chosen: list[int], power: tuple[int, ...], suit_of: tuple[str | None, ...], led: str | None, best: int
) -> tuple[list[int], list[int]]:
    """For :func:`_moves`, following: ``chosen`` split into the cards that beat the trick's best so far
    (``best``, a power) and the rest, each in the order given."""
    beating: list[int] = []
    rest: list[int] = []
    for index in chosen:
        value = power[index]
        if value > best and (value >= TRUMP_POWER or suit_of[index] == led):
            beating.append(index)
        else:
            rest.append(index)
    return beating, rest


def _leads(
    play: TrickPlay, groups: list[Group], allies: frozenset[int], legal: int, others: int, covering: int, heads: dict[int, int] | None
) -> list[int]:
    """For :func:`_moves`, leading where the side to lead wants tricks: first the suits whose top card is
    the leader's (its winners, highest first), then those whose top card is a partner's (low cards, to
    reach it), then the rest (low cards first)."""
    hands = play.hands
    seat = play.to_act
    hand = hands[seat]
    partners = 0
    for each in allies:
        if each != seat:
            partners |= hands[each]
    cashing: list[int] = []
    reaching: list[int] = []
    chosen: list[int] = []
    for cards, mask in groups:
        mine = legal & mask
        if not mine:
            continue
        if not mine & (mine - 1):
            runs = [mine.bit_length() - 1]
            if heads is not None:
                heads[runs[0]] = runs[0]
        else:
            runs = _runs(cards, mine, others & mask, covering & mask, heads)
        for _, bit in cards:
            if hand & bit:
                cashing.extend(runs)  # highest first, as the runs come
                break
            if partners & bit:
                runs.reverse()
                reaching.extend(runs)
                break
            if others & bit:
                runs.reverse()
                chosen.extend(runs)
                break
    return cashing + reaching + chosen


def _naming(play: TrickPlay, chosen: list[int]) -> list[int]:
    """For :func:`_moves`, a leader who must name a suit for a led joker: each of ``chosen`` (one card of
    each run), a joker once for each suit it may name, highest first. (Apart from :func:`_moves`, whose
    locals a nested function would turn into attributes of an object in the compiled build.)"""
    suits = play.tables.suits
    power = play.strain.power
    suitless = play.strain.suitless
    named = [(suits.index(suit) + 1) << SUIT_SHIFT for suit in play.nameable()]
    moves: list[int] = []
    for index in chosen:
        if suitless >> index & 1:
            for suit in named:
                moves.append(index | suit)
        else:
            moves.append(index)
    moves.sort(key=lambda move: -power[move & CARD_BITS])
    return moves


def _by_power(cards: list[int], power: tuple[int, ...], descending: bool = False) -> list[int]:
    """``cards`` ordered by ``power`` (the highest first when ``descending``), equals in the order given:
    ``sorted(cards, key=power.__getitem__, reverse=descending)``, without a key function's call per card
    (the lists are a hand's cards at most; this runs at every position searched)."""
    ordered: list[int] = []
    for card in cards:
        value = power[card]
        position = len(ordered)
        if descending:
            while position > 0 and power[ordered[position - 1]] < value:
                position -= 1
        else:
            while position > 0 and power[ordered[position - 1]] > value:
                position -= 1
        ordered.insert(position, card)
    return ordered


def _owners(hands: list[int]) -> tuple[int, int, int]:
    """Who holds each card, as three masks for :func:`_suit_code`: a card held by the hand at position
    ``p`` of ``hands`` is in the first mask if bit 0 of ``p + 1`` is set, in the second for bit 1 and in
    the third for bit 2 (:data:`MOST_RELATIVE_HANDS` hands at most, as the code's digits allow)."""
    first = second = third = 0
    owner = 0
    for each in hands:
        owner += 1
        if owner & 1:
            first |= each
        if owner & 2:
            second |= each
        if owner & 4:
            third |= each
    return first, second, third


def _suit_code(bits: tuple[int, ...], left: int, first: int, second: int, third: int) -> tuple[int, int, int]:
    """Who holds a suit's remaining cards ``left`` (``bits``, the suit's cards highest first), as the
    transposition table reads it: one base-8 digit a card, the position in the hands of the hand holding
    it plus one (read from the masks of :func:`_owners`, not by a walk over the hands: this runs for every
    suit at every trick's start searched); the hands' lengths in the suit (five bits an owner); and how
    many cards are left."""
    digits = lengths = count = 0
    for bit in bits:
        if left & bit:
            owner = 0
            if first & bit:
                owner = 1
            if second & bit:
                owner += 2
            if third & bit:
                owner += 4
            digits = digits * 8 + owner
            lengths += 1 << 5 * owner
            count += 1
            left ^= bit
            if not left:
                break
    return digits, lengths, count


def _even(play: TrickPlay) -> bool:
    """Whether every seat that plays holds one card for each trick left to it (so every card is played)."""
    left = play.total - play.number
    played = {seat for seat, _ in play.trick}
    return all(play.hands[seat].bit_count() == left - (seat in played) for seat in play.active)


class Solver:
    """Double-dummy searches over one :class:`TrickPlay` (which it plays and takes back, leaving it as
    it was). ``declaring`` are the seats of the declaring side; ``minimize`` turns the objective round
    (the misère family: the declaring side wants as few tricks as it can). ``shares``: another solver of
    the same search (strain, side, objective and seats, no face-down cards) whose transposition table
    this one uses too, as a sampling bot's deals of one decision do (late tricks repeat across deals)."""

    def __init__(
        self,
        play: TrickPlay,
        declaring: set[int] | frozenset[int],
        *,
        minimize: bool = False,
        covers: dict[int, int] | None = None,
        max_nodes: int = MAX_NODES,
        winning_ranks: bool = True,
        shares: Solver | None = None,
    ) -> None:
        if play.claimed:
            raise UsageError("The solver cannot search a position with a claim pending.")
        self.play = play
        self.declaring = frozenset(declaring)
        self.minimize = minimize
        self.max_nodes = max_nodes
        """Positions this solver may visit in all; past them a search raises :class:`SolverLimitError`,
        leaving :attr:`play` part-way through it (to be discarded)."""
        self.covers = dict(covers or {})
        """Two-handed dummies: each face-up card still covering a face-down one, and the card under it,
        turned up into the same hand once the trick holding its cover is over (as the kernel does)."""
        self.stats = SearchStats()
        self._table: dict[tuple[object, ...], _Entry] = {}
        """Per position at a trick's start, where its key is exact (see :meth:`_probe`): its entry."""
        # Each suit's cards (and the suitless jokers), highest first: the key of a position names, for
        # each suit, who holds its remaining cards in order, so positions that differ only in which of
        # two equivalent cards went earlier meet in the table. Face-down dummy cards, not yet in any hand,
        # keep their own ranks, so with them the key stays the cards themselves.
        strain = play.strain
        power = strain.power
        self._groups: list[Group] = [
            (tuple((index, 1 << index) for index in sorted(cards_in(mask), key=lambda index: -power[index])), mask)
            for mask in [*strain.follow.values(), strain.suitless]
            if mask
        ]
        self._bits: list[tuple[tuple[int, ...], int]] = [(tuple(bit for _, bit in cards), mask) for cards, mask in self._groups]
        """The suits as :func:`_suit_code` reads them: each suit's cards' bits, highest first, and its mask."""
        self._trumps = tuple((index, 1 << index) for index in sorted(cards_in(strain.trumps), key=lambda index: -power[index]))
        """The cards that win any trick they are played to while none higher is left (trumps, and jokers in
        no trump), highest first."""
        self._sides: list[Group] = [group for group in self._groups if not group[1] & strain.trumps]
        """The suits that are not trumps, each highest first."""
        # Sure tricks (:meth:`_sure`) are counted where every card is in a hand: not with cards face down.
        # Hands of unequal length would let a card stay unplayed, so they are not counted either.
        self._quick = not self.covers and _even(play)
        # A suitless joker may be played to a trick whose suit its holder holds (rules text 000, "Joker
        # in no trump"), so it threatens every card led; a trump only a suit its holder is out of.
        self._joker_anywhere = bool(strain.suitless) and not play._void_only
        # A joker led in no trump names a suit, and the joker's restrictions limit when it may be played:
        # under either, the leader's top trumps are not counted among its sure tricks (kept simple).
        self._lead_trumps = not play.names_suits and not play._checking
        self._trump_mask = strain.trumps
        # Cashing winners is a choice: a side that wants tricks makes it (not in a search for the fewest).
        self._cashing = not minimize
        self._suitless = strain.suitless
        # Each seat's side in this search: the declaring side, or the defenders.
        self._allies = [
            self.declaring if seat in self.declaring else frozenset(play.active) - self.declaring for seat in range(len(play.hands))
        ]
        self._declares = [seat in self.declaring for seat in range(len(play.hands))]
        """Per seat: whether it is of the declaring side (a list a compiled loop reads natively)."""
        self._partners: list[tuple[int, ...]] = [tuple(sorted(self._allies[seat] - {seat})) for seat in range(len(play.hands))]
        """Each seat's partners in this search, in seat order (a tuple a compiled loop reads natively)."""
        # Relative keys name a card's holder by one base-8 digit (its place among the hands plus one):
        # with more hands in play than a digit holds (four players and their dummies), the exact cards.
        self._relative = not self.covers and len(play.active) <= MOST_RELATIVE_HANDS
        # Per card: its suit's mask (trumps as one suit, jokers in no trump as another) and the cards of
        # that suit ranked at or above it. A search's result rests on who holds the cards above some rank
        # in each suit (those that won a trick by rank), and on how many cards of each suit each hand
        # holds: the rest are small cards, interchangeable (DDS's "winning ranks").
        self._group_of = [0] * len(power)
        self._above = [0] * len(power)
        self._below: list[tuple[tuple[int, int], ...]] = [()] * len(power)
        for cards, mask in self._groups:
            higher = 0
            for position, (index, bit) in enumerate(cards):
                higher |= bit
                self._group_of[index] = mask
                self._above[index] = higher
                self._below[index] = cards[position + 1 :]
        self._relevant = 0
        """The cards whose owners the last search's result rests on (see above)."""
        self._buckets: dict[tuple[int, ...], list[_Entry]] = {}
        self._killers = [-1] * (2 * (play.total + 1))
        """Per trick: the two leads that last cut a search off at its start, the latest first, tried
        next after the transposition table's lead (DDS's killer moves). Kept for leads only: killers
        in the middle of a trick, tried before the cards' own order, doubled the positions searched."""
        joker = play.joker
        # Shown voids and the cards each seat has played matter to the joker's restrictions only.
        self._history = bool(play.strain.suitless) and (not joker.may_name_void_suit or joker.renege_forbidden or joker.first_or_last_only)
        self._ranks = winning_ranks and self._relative and not self._history
        """Whether an entry of the transposition table answers for positions that differ only in small
        cards (see :meth:`_probe`); ``winning_ranks=False`` keys it on the exact position, the reference
        the tests hold it against."""
        if shares is not None:
            # Another deal of the same search (a sampling bot's deals of one decision): an entry is
            # keyed on the whole position, so it answers wherever that position comes up.
            if shares.play.strain is not play.strain or shares.declaring != self.declaring or shares.minimize != minimize:
                raise UsageError("A solver can share only the transposition table of a solver for the same strain, side and objective.")
            if shares.play.active != play.active or shares.covers or self.covers or shares._ranks != self._ranks:
                raise UsageError(
                    "A solver can share only the transposition table of a solver with the same seats in play and no face-down cards."
                )
            self._table = shares._table
            self._buckets = shares._buckets

    def _key(self) -> tuple[object, ...]:
        play = self.play
        if self._relative:
            hands = [play.hands[seat] for seat in play.active]
            remaining = 0
            for each in hands:
                remaining |= each
            key: list[object] = [play.leader]
            first, second, third = _owners(hands)
            for bits, mask in self._bits:
                key.append(_suit_code(bits, remaining & mask, first, second, third)[0])
        else:
            key = [play.leader, *(play.hands[seat] for seat in play.active)]
        if self._history:
            suits = play.tables.suits
            key += [sum(1 << suits.index(suit) for suit in play.voids[seat]) for seat in play.active]
            key += [play.by_seat[seat] for seat in play.active]
        return tuple(key)

    def tricks(self, guess: int | None = None, at_most: int | None = None) -> int:
        """The declaring side's tricks from here to the end of the hand under best play by both sides
        (the tricks it has already taken are not counted), or ``at_most`` if that is fewer.

        Found by null-window searches (MTD(f)) from ``guess`` (by default half the tricks left): each asks
        "at least k?", which cuts far more than one wide search, and the bounds each leaves in the
        transposition table serve the next. A cap spares the searches above it: whether a misère's
        declarer can be forced to take a trick is one search (``at_most=1``)."""
        lower, upper = 0, self.play.total - self.play.number
        if at_most is not None:
            upper = max(0, min(upper, at_most))
        value = (lower + upper) // 2 if guess is None else max(lower, min(upper, guess))
        while lower < upper:
            beta = value + 1 if value == lower else value
            value = self._search(beta - 1, beta)
            if value < beta:
                upper = value
            else:
                lower = value
        return min(lower, upper)  # a search failing high may pass a cap: its bound is above it

    def makes_at_least(self, count: int) -> bool:
        """Whether the declaring side takes at least ``count`` more tricks (a null-window search)."""
        return self._search(count - 1, count) >= count

    def _sure(self, alpha: int | None = None, beta: int = 0) -> tuple[int, int, int, int]:
        """At a trick's start: a lower and an upper bound on the declaring side's tricks from here, from
        the tricks that are sure whatever anyone plays (what DDS calls quick tricks and later tricks),
        each followed by the cards it rests on (see :meth:`_probe`).

        - The highest trump left wins whichever trick it is played to, and so does each trump below it
          in an unbroken run held by its side: the most of them any one hand of that side holds is that
          many tricks for the side (DDS's "later tricks"). Where the top two are in two hands of one
          side and one of those hands holds another trump, two.
        - Where each side wants tricks (not in a search for the fewest), the leader can keep the lead
          while it cashes its own run of top trumps and then, suit by suit, the cards of a side suit that
          are higher than every other card left in it, for as many rounds as every other seat holding a
          trump can follow. Or it leads to a partner's winner (the top card of a suit it holds a card of,
          which no one can ruff) and the partner cashes so from there (DDS's "quick tricks" through
          partner): given a window (``alpha``, ``beta``), counted only where the bounds before it do not
          already settle it and the partner holds enough cards to."""
        play = self.play
        hands = play.hands
        leader = play.leader
        remaining = 0
        for seat in play.active:
            remaining |= hands[seat]
        trumps = remaining & self._trump_mask
        above = self._above
        run = 0
        holder = -1
        lowest = -1
        for index, bit in self._trumps:
            if trumps & bit:
                if holder < 0:
                    for seat in play.active:
                        if hands[seat] & bit:
                            holder = seat
                            break
                elif not hands[holder] & bit:
                    break
                run += 1
                lowest = index
        # The cards whose owners each bound rests on (with every hand's length in every suit).
        run_ranks = above[lowest] if run else 0
        sure, sure_ranks = self._top_trumps(holder, trumps) if holder >= 0 else (0, 0)
        total = play.total - play.number
        quick = quick_ranks = 0
        if self._cashing:
            quick, quick_ranks, _ = self._cash(leader, remaining, trumps, run if holder == leader else 0, run_ranks)
            # The leader's side's tricks that would settle the window: at least beta for the declaring
            # side; for the defenders, enough to hold the declaring side to alpha.
            declaring = self._declares[leader]
            wanted = 0 if alpha is None else beta if declaring else total - alpha
            settled = alpha is not None and max(quick, sure if holder >= 0 and self._declares[holder] == declaring else 0) >= wanted
            for partner in () if settled else self._partners[leader]:
                if count_of(hands[partner]) >= wanted:
                    count, ranks = self._through(leader, partner, remaining, trumps, run if holder == partner else 0, run_ranks)
                    if count > quick:
                        quick, quick_ranks = count, ranks
        lower, upper = 0, total
        lower_ranks = upper_ranks = 0
        if holder >= 0:
            if self._declares[holder]:
                lower, lower_ranks = sure, sure_ranks
            else:
                upper, upper_ranks = total - sure, sure_ranks
        if quick:
            if self._declares[leader]:
                if quick > lower:
                    lower, lower_ranks = quick, quick_ranks
            elif total - quick < upper:
                upper, upper_ranks = total - quick, quick_ranks
        return lower, lower_ranks, upper, upper_ranks

    def _top_trumps(self, holder: int, trumps: int) -> tuple[int, int]:
        """The tricks the side of ``holder`` (who holds the highest trump left, ``trumps`` being those
        left) is sure of from its top trumps, and the cards that count rests on: each trump above every
        trump of the other side wins whenever it is played, so each hand's count of them is that many
        tricks (partners may spend two on one trick: the most any one hand holds); where the top two are
        in two hands and one of those holds another trump, it plays that under the other's top trump and
        both win (where it wants tricks: not in a search for the fewest, where either side would rather
        spend both on one trick)."""
        hands = self.play.hands
        above = self._above
        partners = self._partners[holder]
        counts = [0] * len(hands)
        sure = sure_ranks = 0
        first = second = -1
        for index, bit in self._trumps:
            if trumps & bit:
                owner = -1
                if hands[holder] & bit:
                    owner = holder
                else:
                    for seat in partners:
                        if hands[seat] & bit:
                            owner = seat
                            break
                if owner < 0:
                    break
                if first < 0:
                    first = owner
                elif second < 0:
                    second = owner
                    # (The joker's restrictions may keep the top trump in hand: not counted under them. Nor in
                    # a search for the fewest: there the side would rather drop both on one trick.)
                    if (
                        owner != first
                        and not self.minimize
                        and not self.play._checking
                        and count_of((hands[first] | hands[owner]) & trumps) > 2
                    ):
                        sure, sure_ranks = 2, above[index]
                counts[owner] += 1
                if counts[owner] > sure:
                    sure, sure_ranks = counts[owner], above[index]
        return sure, sure_ranks

    def _through(self, leader: int, partner: int, remaining: int, trumps: int, run: int, run_ranks: int) -> tuple[int, int]:
        """The tricks ``leader`` can take by leading to ``partner``'s winner, the top card of a suit the
        leader holds a card of and no one can ruff (or a trump under the partner's top trumps, ``run`` of
        them), the partner then cashing from there (see :meth:`_cash`; the lead is the first of its
        tricks), and the cards that count rests on; (0, 0) where the leader cannot reach the partner so."""
        hands = self.play.hands
        reaching = 0
        hand = hands[partner]
        for cards, mask in self._sides:
            if hands[leader] & mask and hand & mask:
                for _, bit in cards:
                    if remaining & bit:
                        if hand & bit:
                            reaching |= mask
                        break
        by_trumps = run > 0 and hands[leader] & trumps and self._lead_trumps
        if not reaching and not by_trumps:
            return 0, 0
        count, ranks, cashed = self._cash(partner, remaining, trumps, run, run_ranks)
        if not by_trumps and not cashed & reaching:
            return 0, 0  # the partner's winners there could be ruffed: no sure way in
        return count, ranks

    def _cash(self, seat: int, remaining: int, trumps: int, run: int, run_ranks: int) -> tuple[int, int, int]:
        """The tricks ``seat``, on lead, can cash one after another, and the cards that count rests on: its
        run of top trumps (``run``, when it leads trumps), then suit by suit the cards of a side suit higher
        than every other card left in it, for as many rounds as every other seat holding a trump can follow
        (a trick for a partner's card would take the lead away); and the masks of the side suits it cashes."""
        play = self.play
        hands = play.hands
        above = self._above
        quick = run if self._lead_trumps else 0
        quick_ranks = run_ranks if quick else 0
        cashed = 0
        hand = hands[seat]
        for cards, mask in self._sides:
            mine = hand & mask
            if not mine:
                continue
            left = remaining & mask
            count = 0
            last = -1
            for index, bit in cards:
                if left & bit:
                    if not mine & bit:
                        break
                    count += 1
                    last = index
            if not count:
                continue
            for other in play.active:
                if other != seat and hands[other] & trumps:
                    if self._joker_anywhere and hands[other] & self._suitless:
                        count = 0
                        break
                    length = count_of(hands[other] & mask)
                    if length < count:
                        count = length
            if count:
                quick += count
                # The top ``count`` cards of the suit are what the count rests on.
                for index, bit in cards:
                    if left & bit:
                        count -= 1
                        if not count:
                            last = index
                            break
                quick_ranks |= above[last]
                cashed |= mask
        return quick, quick_ranks, cashed

    def _run_of(self, index: int, seat: int) -> int:
        """Where the result of playing ``index`` rests on that card's rank: the cards below it that
        ``seat`` holds with no other card between (its run, searched once as one move, see
        :func:`_moves`) and the cards above them. Each of them played instead would rest on its own rank."""
        play = self.play
        mine = play.hands[seat]
        others = 0
        for each in play.active:
            if each != seat:
                others |= play.hands[each]
        for _, card in play.trick:
            others |= 1 << card
        low = index
        for card, bit in self._below[index]:
            if mine & bit:
                low = card
            elif others & bit:
                break
        return self._above[low] if low != index else 0

    def _ranked(self) -> int:
        """The cards the trick just completed rests on: where its winning card beat another card of its
        own suit, that card and every card of the suit above it; else none (it won as the only card of
        its suit, the others void)."""
        _, cards, winner, _ = self.play.completed[-1]
        won = -1
        for seat, card in cards:
            if seat == winner:
                won = card
                break
        group = self._group_of[won]
        for _, card in cards:
            if card != won and group >> card & 1:
                return self._above[won]
        return 0

    def _last_trick(self) -> int:
        """The declaring side's tricks (0 or 1) from the last trick, each seat playing its one card."""
        play = self.play
        seats = []
        for _ in play.active:
            seat = play.to_act
            seats.append((seat, play.led is not None and play.led in play.voids[seat]))
            winner = play.play(play.hands[seat].bit_length() - 1)
        self._relevant = self._ranked()
        for _, was_void in reversed(seats):
            play.unplay(was_void)
        self.stats.nodes += len(seats)
        if self.stats.nodes > self.max_nodes:  # a search ending on last tricks stops at the limit too
            raise SolverLimitError(f"The search went past {self.max_nodes:,} positions.")
        return 1 if self._declares[winner] else 0

    def _shunning(self, seat: int) -> bool | None:
        """For :func:`_moves`: in a search for the fewest tricks, whether ``seat`` is on the side that
        wants none (``None`` in a search for the most)."""
        return self._declares[seat] if self.minimize else None

    def _face_down(self) -> tuple[int, int]:
        """Two-handed dummies: the cards still face down, and the cards in hand covering one."""
        play = self.play
        hidden = covering = 0
        held = 0
        for each in play.active:
            held |= play.hands[each]
        seen = held | play.played
        for cover, under in self.covers.items():
            if held >> cover & 1:
                covering |= 1 << cover
            if not seen >> under & 1:
                hidden |= 1 << under  # still face down (its cover may be in the trick in progress)
        return hidden, covering

    def move_values(self, at_most: int | None = None) -> dict[tuple[int, str | None], int]:
        """Every legal move's value here: the declaring side's tricks from this position if it is played,
        under best play after it (or ``at_most``, if that is fewer). Equivalent cards are searched once,
        and each search starts from the value of the move searched before it (the values of a
        position's moves are close)."""
        play = self.play
        heads: dict[int, int] = {}
        hidden, covering = self._face_down() if self.covers else (0, 0)
        searched = _moves(play, self._groups, self._allies[play.to_act], hidden, covering, heads, self._shunning(play.to_act))
        values: dict[tuple[int, str | None], int] = {}
        guess: int | None = None
        for each in searched:
            move = (each & CARD_BITS, _suit_named(play, each))
            value, _, undo = step(self, move, guess, at_most)
            undo()
            values[move] = guess = value
        return {move: values[heads[move[0]], move[1]] for move in legal_moves(play)}

    def _probe(self) -> tuple[tuple[object, ...], list[_Entry]]:
        """At a trick's start: where this position's entries in the transposition table are kept, and the
        entries that answer for it.

        Keyed on the leader and every hand's length in every suit, an entry answers for every position
        whose hands hold the same cards above the ranks its result rests on (see :meth:`_search`): the
        owners of each suit's remaining cards, suit by suit and highest first, are the digits of one
        number, and an entry keeps a mask of each suit's top digits that matter and their value. With
        face-down cards or the joker's restrictions, the key is exact."""
        play = self.play
        if not self._ranks:
            key = self._key()
            exact = self._table.get(key)
            return key, [] if exact is None else [exact]
        hands = [play.hands[seat] for seat in play.active]
        remaining = 0
        for each in hands:
            remaining |= each
        # Each suit's digits and lengths (_suit_code) are small numbers, put together once a suit: the
        # whole number is wider than a machine word, and building it digit by digit cost a long
        # multiplication a card.
        lengths: list[int] = [play.leader]
        code = 0
        first, second, third = _owners(hands)
        for bits, mask in self._bits:
            digits, length, count = _suit_code(bits, remaining & mask, first, second, third)
            code = (code << 3 * count) | digits
            lengths.append(length)
        bucket = tuple(lengths)
        place = (bucket, code, remaining)
        entries = self._buckets.get(bucket)
        found: list[_Entry] = []
        if entries is not None:
            for entry in entries:
                if code & entry.mask == entry.tops:
                    found.append(entry)
        return place, found

    def _absolute(self, counts: tuple[int, ...], remaining: int) -> int:
        """The cards an entry rests on, in a position with ``remaining`` cards: each suit's top ``counts``."""
        ranks = 0
        position = 0
        for cards, mask in self._groups:
            count = counts[position]
            position += 1
            if count:
                left = remaining & mask
                for index, bit in cards:
                    if left & bit:
                        count -= 1
                        if not count:
                            ranks |= self._above[index]
                            break
        return ranks

    def _record(self, place: tuple[object, ...], found: list[_Entry], lower: int, upper: int, chosen: int, relevant: int) -> None:
        """Keep a position's bounds (found resting on the cards ``relevant``) in the transposition table."""
        if not self._ranks:
            self._table[place] = _Entry(lower, upper, chosen, (), 0, 0)
            return
        bucket, code, remaining = place
        assert isinstance(bucket, tuple) and isinstance(code, int) and isinstance(remaining, int)
        counts: list[int] = []
        digits = 3 * count_of(remaining)  # the number's width: the first suit's digits are the highest
        matching = 0
        for _, mask in self._groups:
            left = remaining & mask
            count = count_of(left & relevant)
            counts.append(count)
            matching |= ((1 << 3 * count) - 1) << (digits - 3 * count)
            digits -= 3 * count_of(left)
        key = tuple(counts)
        for entry in found:
            if entry.counts == key:
                entry.lower, entry.upper, entry.first = lower, upper, chosen
                return
        self._buckets.setdefault(bucket, []).insert(0, _Entry(lower, upper, chosen, key, matching, code & matching))

    def _search(self, alpha: int, beta: int) -> int:
        """The declaring side's tricks from here within the window (``alpha``, ``beta``): exact inside it,
        else a bound on the side it fails (fail-soft). It leaves in ``_relevant`` the cards the answer
        rests on (see :meth:`_probe`)."""
        play = self.play
        stats = self.stats
        remaining = play.total - play.number
        if remaining == 0:
            self._relevant = 0
            return 0
        if remaining <= alpha:
            self._relevant = 0
            return remaining
        if beta <= 0:
            self._relevant = 0
            return 0
        boundary = not play.trick
        if remaining == 1 and boundary and not play.names_suits and not play._checking:
            # The last trick: each seat has one card left, so it is played out at once (the kernel's own
            # play decides the winner), without a search.
            return self._last_trick()
        if boundary and self._quick:
            # Sure tricks: a bound that settles the question asked ends the search here.
            lower, lower_ranks, upper, upper_ranks = self._sure(alpha, beta)
            if lower >= beta:
                self._relevant = lower_ranks
                return lower
            if upper <= alpha:
                self._relevant = upper_ranks
                return upper
        relevant = 0
        if boundary:
            place, found = self._probe()
            lower, upper, first = 0, remaining, -1
            if found:
                # The tightest bounds the entries give, each resting on its own entry's cards.
                lower_ranks = upper_ranks = 0
                for entry in found:
                    if entry.lower > lower:
                        lower = entry.lower
                        lower_ranks = self._absolute(entry.counts, place[2]) if self._ranks else 0  # type: ignore[arg-type]
                    if entry.upper < upper:
                        upper = entry.upper
                        upper_ranks = self._absolute(entry.counts, place[2]) if self._ranks else 0  # type: ignore[arg-type]
                    if first < 0:
                        first = entry.first
                if lower >= beta:
                    stats.hits += 1
                    self._relevant = lower_ranks
                    return lower
                if upper <= alpha:
                    stats.hits += 1
                    self._relevant = upper_ranks
                    return upper
                if lower == upper:
                    stats.hits += 1
                    self._relevant = lower_ranks | upper_ranks
                    return lower
                relevant = lower_ranks | upper_ranks
                alpha, beta = max(alpha, lower), min(beta, upper)
            start_alpha, start_beta = alpha, beta
        seat = play.to_act
        maximizing = self._declares[seat] != self.minimize
        best = -1 if maximizing else remaining + 1
        declares = self._declares
        hidden, covering = self._face_down() if self.covers else (0, 0)
        moves = _moves(play, self._groups, self._allies[seat], hidden, covering, None, self._shunning(seat))
        killers = self._killers
        depth = 2 * play.number
        if boundary and len(moves) > 1:
            # The lead that decided this position last time is tried first (the searches of MTD(f)
            # revisit positions with other windows), then the trick's killer leads.
            front = 0
            if first >= 0:
                _promote(moves, first, 0)
                front = 1
            for killer in (killers[depth + 1], killers[depth]):
                if killer >= 0:
                    _promote(moves, killer, front)
        chosen = -1
        tried = 0
        for move in moves:
            index = move & CARD_BITS
            named = _suit_named(play, move)
            stats.nodes += 1
            if stats.nodes > self.max_nodes:
                raise SolverLimitError(f"The search went past {self.max_nodes:,} positions.")
            led = play.led
            was_void = led is not None and led in play.voids[seat]
            winner = play.play(index, named)
            gained = 0
            ranked = 0
            turned: list[tuple[int, int]] | tuple[()] = ()
            if winner >= 0:
                ranked = self._ranked()
                if self.covers:
                    turned = turn_up(play, self.covers)
                if declares[winner]:
                    gained = 1
            value = gained + self._search(alpha - gained, beta - gained)
            child = self._relevant | ranked
            for each, under in turned:
                play.hands[each] &= ~(1 << under)
            play.unplay(was_void)
            if child >> index & 1:
                child |= self._run_of(index, seat)
            tried |= child
            if maximizing:
                if value > best:
                    best, chosen = value, index
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            tried = child  # a cut-off rests on the move that made it alone
                            if boundary and killers[depth] != index:
                                killers[depth + 1] = killers[depth]
                                killers[depth] = index
                            break
            elif value < best:
                best, chosen = value, index
                if best < beta:
                    beta = best
                    if alpha >= beta:
                        tried = child
                        if boundary and killers[depth] != index:
                            killers[depth + 1] = killers[depth]
                            killers[depth] = index
                        break
        relevant |= tried
        if boundary:
            if best <= start_alpha:
                upper = min(upper, best)
            elif best >= start_beta:
                lower = max(lower, best)
            else:
                lower = upper = best
            self._record(place, found, lower, upper, chosen, relevant)
        self._relevant = relevant
        return best


class _Entry:
    """A transposition table entry: bounds on the declaring side's tricks from a trick's start, the lead
    that gave the last answer (-1 if none), and, per suit, how many of its top cards the bounds rest on
    (with the mask of :meth:`Solver._probe`'s number's digits that must match, and their value)."""

    __slots__ = ("lower", "upper", "first", "counts", "mask", "tops")

    def __init__(self, lower: int, upper: int, first: int, counts: tuple[int, ...], mask: int, tops: int) -> None:
        self.lower = lower
        self.upper = upper
        self.first = first
        self.counts = counts
        self.mask = mask
        self.tops = tops


def turn_up(play: TrickPlay, covers: dict[int, int]) -> list[tuple[int, int]]:
    """After a trick: the face-down cards its cards uncovered join their hands; returns them."""
    turned = []
    for seat, card in play.completed[-1][1]:
        under = covers.get(card)
        if under is not None:
            play.hands[seat] |= 1 << under
            turned.append((seat, under))
    return turned


def legal_moves(play: TrickPlay) -> list[tuple[int, str | None]]:
    """Every legal move of the seat to act as (card, suit named): a led joker naming each suit it may."""
    moves: list[tuple[int, str | None]] = []
    for index in cards_in(play.playable(play.hands[play.to_act])):
        if play.names_suit(index):
            moves.extend((index, suit) for suit in play.nameable())
        else:
            moves.append((index, None))
    return moves


def step(
    solver: Solver, move: tuple[int, str | None], guess: int | None = None, at_most: int | None = None
) -> tuple[int, int, Callable[[], None]]:
    """Play ``move`` in the solver's position: the declaring side's tricks from before it under best play
    after it (what the trick gave plus the rest, or ``at_most`` if that is fewer), what the trick gave,
    and a function taking it back. ``guess`` is the expected answer (the position's own value, say): the
    search starts there."""
    play, covers = solver.play, solver.covers
    seat = play.to_act
    was_void = play.led is not None and play.led in play.voids[seat]
    winner = play.play(*move)
    turned = turn_up(play, covers) if winner >= 0 and covers else []
    gained = 1 if winner >= 0 and winner in solver.declaring else 0
    if at_most is not None and gained >= at_most:
        value = at_most
    else:
        rest = None if at_most is None else at_most - gained
        value = gained + (solver.tricks(None if guess is None else guess - gained, rest) if not play.over else 0)

    def undo() -> None:
        for each, under in turned:
            play.hands[each] &= ~(1 << under)
        play.unplay(was_void)

    return value, gained, undo


def solve(play: TrickPlay, declaring: set[int] | frozenset[int], *, minimize: bool = False, covers: dict[int, int] | None = None) -> int:
    """The declaring side's tricks from here under best play (the fewest, with ``minimize``)."""
    return Solver(play, declaring, minimize=minimize, covers=covers).tricks()


def minimax(play: TrickPlay, declaring: set[int] | frozenset[int], *, minimize: bool = False, covers: dict[int, int] | None = None) -> int:
    """The same answer as :func:`solve` by plain minimax over copies of the kernel's play, every legal
    card tried (the reference the solver is tested against; exponential, for endings only)."""
    if play.over:
        return 0
    maximizing = (play.to_act in declaring) != minimize
    values = []
    for index, named in legal_moves(play):
        after = play.copy()
        after.hands = list(play.hands)
        winner = after.play(index, named)
        if winner >= 0 and covers:
            turn_up(after, covers)
        values.append((1 if winner >= 0 and winner in declaring else 0) + minimax(after, declaring, minimize=minimize, covers=covers))
    return max(values) if maximizing else min(values)


__all__ = ["MAX_NODES", "SearchStats", "Solver", "SolverLimitError", "legal_moves", "minimax", "solve", "step", "turn_up"]
