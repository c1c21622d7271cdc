"""How a defender leads against a misère: into the suit where the declarer is least able to play under.

The declarer of a misère must lose every trick, so a defender leads a low card that the declarer's cards
of the suit may all beat. Where the declarer's hand is open (open misère) the defender counts the
declarer's cards below each possible lead and leads the card with the fewest (none: the declarer must win
the trick). Against a closed hand it counts the unseen cards below the card instead, the declarer's only
possible escapes, and leaves out suits the declarer has shown void in (a void declarer throws away its
dangerous cards on them).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..kernel.seat_view import shown_voids
from ..kernel.tables import StrainTable

Completed = Sequence[tuple[int, Sequence[tuple[int, int]], int, str | None]]
"""Completed tricks as (leader, (seat, card index) pairs, winner, named suit)."""

NO_ESCAPE_COUNT = 99
"""What a suit the declarer holds none of counts as: it gives no way to force the declarer."""


def declarer_voids(
    strain: StrainTable, completed: Sequence[tuple[int, Sequence[tuple[int, int]], int, str | None]], declarer: int
) -> set[str]:
    """The suits the declarer has failed to follow (:func:`~engine.kernel.seat_view.shown_voids`)."""
    return shown_voids(strain, completed).get(declarer, set())


def defence_lead(
    strain: StrainTable,
    cards: Sequence[int],
    declarer: int,
    completed: Sequence[tuple[int, Sequence[tuple[int, int]], int, str | None]],
    unseen: int,
    declarer_shown: int,
) -> int:
    """The card (index) a misère defender leads from ``cards`` (its legal leads): the fewest escapes for
    the declarer, then the lowest. ``unseen`` are the cards this defender has not seen; ``declarer_shown``
    the declarer's cards on show (0 for a closed hand)."""
    suit_of, power, lower, higher, jokers = strain.suit_of, strain.power, strain.lower, strain.higher, strain.jokers
    plain = [index for index in cards if not jokers >> index & 1] or list(cards)
    voids = declarer_voids(strain, completed, declarer)
    live = [index for index in plain if suit_of[index] not in voids] or plain
    if declarer_shown:

        def escapes(index: int) -> int:
            if not declarer_shown & (lower[index] | higher[index]):
                return NO_ESCAPE_COUNT
            return (declarer_shown & lower[index]).bit_count()

        return min(live, key=lambda index: (escapes(index), power[index]))
    followed = _followed(strain, completed, declarer)
    return min(live, key=lambda index: ((unseen & lower[index]).bit_count(), -followed.get(suit_of[index], 0), power[index]))


def _followed(strain: StrainTable, completed: Completed, declarer: int) -> dict[str | None, int]:
    """How many cards of each suit the declarer has played."""
    followed: dict[str | None, int] = {}
    for _, played, _, _ in completed:
        for seat, index in played:
            if seat == declarer:
                followed[strain.suit_of[index]] = followed.get(strain.suit_of[index], 0) + 1
    return followed


def classic_lead(strain: StrainTable, cards: Sequence[int], declarer: int, completed: Completed) -> int:
    """The ``classic`` bot's lead against a misère: low in the suit the declarer has followed most."""
    followed = _followed(strain, completed, declarer)
    followed.pop(None, None)
    plain = [index for index in cards if not strain.jokers >> index & 1] or list(cards)
    return min(plain, key=lambda index: (-followed.get(strain.suit_of[index], 0), strain.power[index]))


__all__ = ["classic_lead", "declarer_voids", "defence_lead"]
