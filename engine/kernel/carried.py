"""What a hand inherits from the hands before it: seats barred from bidding and the redeals so far.

A game may start where another left off (a transcript replayed alone, a game resumed from a position),
so these come from outside and are checked here.
"""

from __future__ import annotations

from ..errors import UsageError, shown
from ..rules.ruleset import AllPassAction, Rules


def check_carried_over(rules: Rules, banned: object, redeals: object) -> tuple[frozenset[int], int]:
    """Check what a hand inherits from the hands before it: the seats ``banned`` from bidding (the set
    rule, ralphing, breach) and the all-pass ``redeals`` in a row by its dealer so far. Returns them as
    the state keeps them; raises ``ValueError`` saying what is wrong."""
    players = rules.seating.players
    seats = list(banned) if isinstance(banned, (list, tuple, set, frozenset)) else None
    if seats is None or any(isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players for seat in seats):
        raise UsageError(f"banned must be a list of seats from 0 to {players - 1}, not {shown(banned)}.")
    if len(set(seats)) != len(seats):
        raise UsageError(f"banned names a seat twice: {shown(banned)}.")
    if isinstance(redeals, bool) or not isinstance(redeals, int) or redeals < 0:
        raise UsageError(f"redeals must be a whole number of redeals, 0 or more, not {shown(redeals)}.")
    all_pass = rules.auction.all_pass
    if redeals and all_pass.action is not AllPassAction.REDEAL:
        raise UsageError(f"redeals is {redeals}, but this variant never redeals by the same dealer (all pass: {all_pass.action.value}).")
    if all_pass.max_redeals is not None and redeals > all_pass.max_redeals:
        raise UsageError(f"redeals is {redeals}, but this variant allows at most {all_pass.max_redeals} redeals before the deal passes on.")
    return frozenset(seats), redeals
