"""Playing a hand for the game, not the tricks: when taking more tricks would lose the game.

Near the end of a game the same hand can be won or lost by the count of tricks. In Walker's exact 500
(rules text 000, "Walker Ultimate 500": 1000 points loses, like the back door) a side on 800 that bid
eight hearts to be set back onto 500 loses the game if it makes the contract; a defending side on 990
loses it with its first trick's ten points. :func:`trick_plan` reads, from the kernel's scoring and
end-of-game rule (:class:`~engine.bots.standing.Standing`), which counts of its own tricks are best for a
seat's side; where the best stop short of every trick, the side plays to take tricks until it has the
fewest of them and then plays as in a misère, taking no more (the heuristic bot's
:meth:`~engine.bots.heuristic.HeuristicBot.decide`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..rules.contracts import Contract
from ..rules.ruleset import Rules
from .memos import MEMO_LIMIT, memos_of, terms
from .standing import Standing

PLAN_TOLERANCE = 1e-9
"""Counts of tricks whose worth for the game (:func:`trick_plan`) differs by less are as good as each other."""


_UNREAD: Final = (-1, -1)
"""A plan no count of tricks can be: :func:`trick_plan`'s memo has none for the key."""

FAILING_MARGIN = 0.1
"""A misère's declaring side fails it on purpose (:func:`trick_plan`) only where failing reads at least
this much better for the game, on the scale from -1 (lost) to 1 (won): the race is a crude reading (in
`american` it read failing a misère at -140 against 330 as 0.02 better than making it; in Walker's exact
500, failing from 670 rather than going to 920, 0.4 better)."""


def trick_plan(
    rules: Rules, team_of: Sequence[int], scores: tuple[int, ...], contract: Contract, declarer: int, seat: int
) -> tuple[int, int] | None:
    """The fewest and the most tricks ``seat``'s side should take in the hand of ``contract`` declared by
    ``declarer`` from ``scores`` (a range of the counts best for the game: won over played on over
    lost), or ``None`` when the count the usual play aims at (every trick; none for a misère's declaring
    side) is as good as the best (play as usual).
    The defenders' tricks are shared out among the defending teams as
    :meth:`~engine.bots.standing.Standing.outcome` shares them. Remembered per variant for every bot
    of the process (:mod:`~engine.bots.memos`): partners, and the bots of later chunks, ask it again."""
    team_of = tuple(team_of)
    memo = memos_of(rules, team_of).plans
    key = (terms(contract), declarer, scores, team_of[seat])
    found = memo.get(key, _UNREAD)  # (one look: another thread may clear the memo between two)
    if found != _UNREAD:
        return found
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    found = memo[key] = _trick_plan(rules, team_of, scores, contract, declarer, seat)
    return found


def _trick_plan(
    rules: Rules, team_of: tuple[int, ...], scores: tuple[int, ...], contract: Contract, declarer: int, seat: int
) -> tuple[int, int] | None:
    hand_size = rules.deal.hand_size
    standing = Standing(rules, team_of, scores)
    team = team_of[seat]
    declaring = team_of[declarer] == team
    two_teams = len(set(team_of)) == 2
    worth: list[float] = []
    for own in range(hand_size + 1):
        # A game played on is read as the race stands after the hand (between lost and won): where an
        # end rule keeps a side that passes the target from winning by it (an exact target, a win by a
        # bid only), taking more tricks can leave it further from the game without ending it.
        # (With more teams the defenders' tricks are shared out between them in turn, so a race read from
        # that sharing would zigzag with the count: only the game's end is weighed.)
        worth.append(standing.worth(contract, declarer, own if declaring else hand_size - own, team, racing=two_teams))
    best = max(worth)
    # Play as usual takes every trick it can, but a misère's declaring side takes none, and fails its
    # contract on purpose only for a clear gain.
    failing = declaring and contract.target.is_no_tricks
    usual = 0 if failing else hand_size
    if worth[usual] >= best - (FAILING_MARGIN if failing else PLAN_TOLERANCE):
        return None  # the usual play is as good as anything: no reason to play otherwise
    counts = [own for own, value in enumerate(worth) if value >= best - PLAN_TOLERANCE]
    return counts[0], counts[-1]


def own_tricks(completed: Sequence[tuple[int, Sequence[tuple[int, int]], int, str | None]], allies: int) -> int:
    """The tricks taken so far by the seats of ``allies`` (a mask)."""
    return sum(1 for _, _, winner, _ in completed if allies >> winner & 1)


__all__ = ["FAILING_MARGIN", "own_tricks", "trick_plan"]
