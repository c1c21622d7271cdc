"""A double-dummy solver for the card play of any variant: every hand known, the most tricks the
declaring side can take against best defence (or, for the misère family, the fewest it can be held to).

The search runs on the kernel's own :class:`~engine.kernel.play.TrickPlay`: its legal cards (following
suit, the joker in no trump with its naming and restrictions, sitting-out partners, dummies as seats),
its trick winner, played and taken back move by move, so the solver keeps no second copy of the rules.
On top of it: alpha-beta over the declaring side's tricks, a transposition table of bounds keyed on the
cards left and the leader at each trick's start, equivalent cards merged (cards of one suit held by one
seat with no unplayed card of another seat between them), and moves ordered so that cut-offs come early.
:func:`minimax` is the plain search it is checked against.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from ..kernel.play import TrickPlay
from ..kernel.tables import cards_in
from ..rules.strains import TRUMP_POWER

MAX_NODES = 50_000_000
"""A search visiting more positions than this stops with :class:`SolverLimitError` (a bound on time)."""


class SolverLimitError(RuntimeError):
    """A search went past :data:`MAX_NODES` positions."""


@dataclass
class SearchStats:
    """What one search did."""

    nodes: int = 0
    """Positions visited (cards played in the search)."""
    hits: int = 0
    """Positions answered from the transposition table."""


def _moves(play: TrickPlay, groups: list[tuple[list[int], int]], hidden: int = 0, covering: int = 0) -> list[tuple[int, str | None]]:
    """The seat to act's moves as (card, suit named), equivalent cards merged, in search order.

    ``groups`` are the strain's suits (and its suitless jokers), each as its cards highest first and
    their mask. Within a suit, a run of this seat's cards with no other unplayed card between them is
    one move: whichever is played, the rest of the hand goes the same way. ``hidden`` are cards in no
    hand yet (face-down dummy cards): they split runs too; ``covering`` are cards that turn one of
    them up when played, so each is a move of its own.
    """
    seat = play.to_act
    hand = play.hands[seat]
    legal = play.playable(hand)
    strain = play.strain
    power = strain.power
    # Cards of the trick in progress count as between: they split a run for this trick.
    others = hidden
    for each in play.active:
        if each != seat:
            others |= play.hands[each]
    for _, card in play.trick:
        others |= 1 << card
    chosen: list[int] = []
    for cards, mask in groups:
        mine = legal & mask
        if not mine:
            continue
        if not mine & (mine - 1):
            chosen.append(mine.bit_length() - 1)
            continue
        other = others & mask
        running = False
        for index in cards:
            bit = 1 << index
            if mine & bit:
                if covering & bit:
                    chosen.append(index)  # turns a card up: not the same move as its neighbours
                elif not running:
                    chosen.append(index)
                    running = True
            elif other & bit:
                running = False
    named = play.nameable() if play.names_suits and not play.trick and legal & strain.suitless else []
    moves: list[tuple[int, str | None]] = []
    for index in chosen:
        if named and strain.suitless >> index & 1:
            moves.extend((index, suit) for suit in named)
        else:
            moves.append((index, None))
    if play.trick:
        # Following: the cheapest card that wins, then the cheapest cards; leading: high cards first.
        suit_of, led = strain.suit_of, play.led
        best = max(power[card] if power[card] >= TRUMP_POWER or suit_of[card] == led else -1 for _, card in play.trick)
        moves.sort(key=lambda move: (not (power[move[0]] > best and (power[move[0]] >= TRUMP_POWER or suit_of[move[0]] == led)), power[move[0]]))
    else:
        moves.sort(key=lambda move: -power[move[0]])
    return moves


class Solver:
    """Double-dummy searches over one :class:`TrickPlay` (which it plays and takes back, leaving it as
    it was). ``declaring`` are the seats of the declaring side; ``minimize`` turns the objective round
    (the misère family: the declaring side wants as few tricks as it can)."""

    def __init__(self, play: TrickPlay, declaring: set[int] | frozenset[int], *, minimize: bool = False, covers: dict[int, int] | None = None) -> None:
        if play.claimed:
            raise ValueError("The solver cannot search a position with a claim pending.")
        self.play = play
        self.declaring = frozenset(declaring)
        self.minimize = minimize
        self.covers = dict(covers or {})
        """Two-handed dummies: each face-up card still covering a face-down one, and the card under it,
        turned up into the same hand once the trick holding its cover is over (as the kernel does)."""
        self.stats = SearchStats()
        self._table: dict[tuple[object, ...], tuple[int, int]] = {}
        # Each suit's cards (and the suitless jokers), highest first: the key of a position names, for
        # each suit, who holds its remaining cards in order, so positions that differ only in which of
        # two equivalent cards went earlier meet in the table. Face-down dummy cards, not yet in any hand,
        # keep their own ranks, so with them the key stays the cards themselves.
        strain = play.strain
        power = strain.power
        self._groups = [(sorted(cards_in(mask), key=lambda index: -power[index]), mask) for mask in list(strain.follow.values()) + [strain.suitless] if mask]
        self._relative = not self.covers
        joker = play.joker
        # Shown voids and the cards each seat has played matter to the joker's restrictions only.
        self._history = bool(play.strain.suitless) and (not joker.may_name_void_suit or joker.renege_forbidden or joker.first_or_last_only)

    def _key(self) -> tuple[object, ...]:
        play = self.play
        if self._relative:
            hands = [play.hands[seat] for seat in play.active]
            remaining = 0
            for each in hands:
                remaining |= each
            key: list[object] = [play.leader]
            for cards, mask in self._groups:
                left = remaining & mask
                if not left:
                    key.append(0)
                    continue
                # Who holds each remaining card, highest first, as base-(seats + 1) digits.
                code = 0
                for index in cards:
                    bit = 1 << index
                    if left & bit:
                        owner = 1
                        for each in hands:
                            if each & bit:
                                break
                            owner += 1
                        code = code * 8 + owner
                key.append(code)
        else:
            key = [play.leader, *(play.hands[seat] for seat in play.active)]
        if self._history:
            suits = play.tables.suits
            key += [sum(1 << suits.index(suit) for suit in play.voids[seat]) for seat in play.active]
            key += [play.by_seat[seat] for seat in play.active]
        return tuple(key)

    def tricks(self, guess: int | None = None) -> int:
        """The declaring side's tricks from here to the end of the hand under best play by both sides
        (the tricks it has already taken are not counted).

        Found by null-window searches (MTD(f)) from ``guess`` (by default half the tricks left): each asks
        "at least k?", which cuts far more than one wide search, and the bounds each leaves in the
        transposition table serve the next."""
        lower, upper = 0, self.play.total - self.play.number
        value = (lower + upper) // 2 if guess is None else max(lower, min(upper, guess))
        while lower < upper:
            beta = value + 1 if value == lower else value
            value = self._search(beta - 1, beta)
            if value < beta:
                upper = value
            else:
                lower = value
        return lower

    def makes_at_least(self, count: int) -> bool:
        """Whether the declaring side takes at least ``count`` more tricks (a null-window search)."""
        return self._search(count - 1, count) >= count

    def _search(self, alpha: int, beta: int) -> int:
        play = self.play
        stats = self.stats
        remaining = play.total - play.number
        if remaining == 0:
            return 0
        boundary = not play.trick
        if boundary:
            key = self._key()
            entry = self._table.get(key)
            if entry is not None:
                lower, upper = entry
                if lower >= beta or lower == upper:
                    stats.hits += 1
                    return lower
                if upper <= alpha:
                    stats.hits += 1
                    return upper
                alpha, beta = max(alpha, lower), min(beta, upper)
            else:
                lower, upper = 0, remaining
            start_alpha, start_beta = alpha, beta
        seat = play.to_act
        maximizing = (seat in self.declaring) != self.minimize
        best = -1 if maximizing else remaining + 1
        declaring = self.declaring
        hidden = covering = 0
        if self.covers:
            held = 0
            for each in play.active:
                held |= play.hands[each]
            seen = held | play.played
            for cover, under in self.covers.items():
                if held >> cover & 1:
                    covering |= 1 << cover
                if not seen >> under & 1:
                    hidden |= 1 << under  # still face down (its cover may be in the trick in progress)
        for index, named in _moves(play, self._groups, hidden, covering):
            stats.nodes += 1
            if stats.nodes > MAX_NODES:
                raise SolverLimitError(f"The search went past {MAX_NODES:,} positions.")
            led = play.led
            was_void = led is not None and led in play.voids[seat]
            winner = play.play(index, named)
            turned = _turn_up(play, self.covers) if winner >= 0 and self.covers else ()
            gained = 1 if winner >= 0 and winner in declaring else 0
            value = gained + self._search(alpha - gained, beta - gained)
            for each, under in turned:
                play.hands[each] &= ~(1 << under)
            play.unplay(was_void)
            if maximizing:
                if value > best:
                    best = value
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
            elif value < best:
                best = value
                if best < beta:
                    beta = best
                    if alpha >= beta:
                        break
        if boundary:
            if best <= start_alpha:
                upper = min(upper, best)
            elif best >= start_beta:
                lower = max(lower, best)
            else:
                lower = upper = best
            self._table[key] = (lower, upper)
        return best


def _turn_up(play: TrickPlay, covers: dict[int, int]) -> list[tuple[int, int]]:
    """After a trick: the face-down cards its cards uncovered join their hands; returns them."""
    turned = []
    for seat, card in play.completed[-1][1]:
        under = covers.get(card)
        if under is not None:
            play.hands[seat] |= 1 << under
            turned.append((seat, under))
    return turned


def solve(play: TrickPlay, declaring: set[int] | frozenset[int], *, minimize: bool = False, covers: dict[int, int] | None = None) -> int:
    """The declaring side's tricks from here under best play (the fewest, with ``minimize``)."""
    return Solver(play, declaring, minimize=minimize, covers=covers).tricks()


def _plain_moves(play: TrickPlay) -> Iterator[tuple[int, str | None]]:
    hand = play.hands[play.to_act]
    for index in cards_in(play.playable(hand)):
        if play.names_suit(index):
            for suit in play.nameable():
                yield index, suit
        else:
            yield index, None


def minimax(play: TrickPlay, declaring: set[int] | frozenset[int], *, minimize: bool = False, covers: dict[int, int] | None = None) -> int:
    """The same answer as :func:`solve` by plain minimax over copies of the kernel's play, every legal
    card tried (the reference the solver is tested against; exponential, for endings only)."""
    if play.over:
        return 0
    maximizing = (play.to_act in declaring) != minimize
    values = []
    for index, named in _plain_moves(play):
        after = play.copy()
        after.hands = list(play.hands)
        winner = after.play(index, named)
        if winner >= 0 and covers:
            _turn_up(after, covers)
        values.append((1 if winner >= 0 and winner in declaring else 0) + minimax(after, declaring, minimize=minimize, covers=covers))
    return max(values) if maximizing else min(values)


__all__ = ["MAX_NODES", "SearchStats", "Solver", "SolverLimitError", "minimax", "solve"]
