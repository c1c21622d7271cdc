"""Announcement windows: who may make which call at a named point of a hand, in what order, and what a
call does to the terms the hand is played under (see ``docs/announcements.md``).

A window's moves are numbered like the auction's: :data:`~engine.kernel.state.PASS_MOVE` (-1) makes no
call, ``i`` makes ``rules.announcements[i]``; :meth:`CallWindow.legal_mask` has bit 0 for the pass and
bit ``i + 1`` for announcement ``i``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..errors import shown
from ..rules.announcements import Announcement, Announcer, Effect, Moment
from ..rules.contracts import Contract, Extra, PlayStyle
from ..rules.ruleset import Rules
from .tables import cards_in


class CallWindow:
    """The mutable state of one announcement window."""

    __slots__ = ("moment", "seats", "position", "masks", "closed", "made")

    def __init__(self, moment: Moment, seats: list[int], masks: dict[int, int], source: CallWindow | None = None) -> None:
        """A window where nobody has spoken yet; with ``source``, a copy of that window (see :meth:`copy`)."""
        self.moment = moment
        """The point of the hand it belongs to."""
        self.seats = seats
        """The seats that may speak, in order."""
        self.position: int = 0 if source is None else source.position
        """How many of them have spoken."""
        self.masks = masks
        """Each seat's legal moves (bit 0 the pass, bit ``i + 1`` announcement ``i``)."""
        self.closed: bool = False if source is None else source.closed
        """Whether a one-caller announcement has closed it early."""
        self.made: list[tuple[int, int]] = [] if source is None else list(source.made)
        """The announcements made in it: (seat, index in ``rules.announcements``)."""

    @classmethod
    def open(cls, rules: Rules, moment: Moment, contract: Contract, declarer: int, active: list[int]) -> CallWindow | None:
        """The window of ``moment`` for ``contract``, or ``None`` when nobody may announce anything.

        ``active`` are the seats taking part in the play; the declarer speaks first, then the others
        clockwise."""
        players = rules.seating.players
        team_of = rules.seating.team_of
        declaring = team_of(declarer)
        seats: list[int] = []
        masks: dict[int, int] = {}
        for step in range(players):
            seat = (declarer + step) % players
            if seat not in active:
                continue
            role = Announcer.DECLARER if seat == declarer else Announcer.DEFENDER if team_of(seat) != declaring else None
            mask = 0
            for index, announcement in enumerate(rules.announcements):
                if announcement.moment is moment and announcement.announcer is role and announcement.applies(contract):
                    mask |= 1 << (index + 1)
            if mask:
                seats.append(seat)
                masks[seat] = mask | 1
        return cls(moment, seats, masks) if seats else None

    def copy(self) -> CallWindow:
        """An independent copy."""
        return CallWindow(self.moment, self.seats, self.masks, self)

    @property
    def to_act(self) -> int:
        """The seat to speak."""
        return self.seats[self.position]

    @property
    def over(self) -> bool:
        """Whether everyone has spoken or a call has closed it."""
        return self.closed or self.position >= len(self.seats)

    def legal_mask(self) -> int:
        """The seat to act's legal moves (bit 0 the pass, bit ``i + 1`` announcement ``i``)."""
        return self.masks[self.to_act]

    def why_illegal(self, move: int, announcements: tuple[Announcement, ...]) -> str | None:
        """Why the seat to act may not make window ``move`` (:data:`~engine.kernel.phase.PASS_MOVE` or an
        announcement's index), as the full sentence an illegal action gets, or ``None`` when it may."""
        legal = self.legal_mask()
        if move >= -1 and legal >> (move + 1) & 1:
            return None
        seat = self.to_act
        offered = " or ".join(["pass"] * (legal & 1) + [f"call {announcements[bit - 1].id}" for bit in cards_in(legal & ~1)])
        if 0 <= move < len(announcements):
            return f"seat {seat} cannot call {announcements[move].id} now: it may {offered}."
        return f"seat {seat} cannot make announcement move {shown(move)}: it may {offered}."

    def speak(self, move: int, announcements: tuple[Announcement, ...]) -> None:
        """The seat to act passes (``-1``) or makes announcement ``move`` (checked by the caller)."""
        if move >= 0:
            self.made.append((self.to_act, move))
            self.closed = announcements[move].one_caller
        self.position += 1


def called_terms(contract: Contract, call: Extra, no_trump: bool) -> Contract:
    """The terms a hand is played and scored under after ``call`` on ``contract``: the call's fixed value
    (its no-trump value in no trump) or the contract's plus the bonus, the call's trick target, and its
    play style wherever it says something other than "as bid". The id and rank stay the bid's."""
    value = call.value if call.value is not None else contract.value
    if no_trump and call.no_trump_value is not None:
        value = call.no_trump_value
    style = call.style
    terms = PlayStyle(
        strain=contract.style.strain if style.strain == "bid" else style.strain,
        partner=style.partner,
        kitty=style.kitty,
        exposed=style.exposed,
        exposed_from=style.exposed_from,
    )
    return replace(contract, value=value + call.bonus, target=call.target or contract.target, style=terms)


def plays_without_trump(rules: Rules, contract: Contract) -> bool:
    """Whether ``contract`` is played without a trump suit (a call's no-trump value then applies)."""
    return next(strain for strain in rules.strains if strain.id == contract.style.strain).trump is None


def terms_of(rules: Rules, contract: Contract | None, modifier: str | None, announced: Sequence[tuple[int, int]]) -> Contract | None:
    """The terms a hand is played and scored under: ``contract`` as the ``modifier`` said with the bid
    (its id, or ``None``), then each announcement of ``announced`` (seat, index in
    ``rules.announcements``) that changes the terms, made it. Everything here is public: the one
    derivation the course and a seat's view share."""
    if contract is None:
        return None
    terms = contract
    if modifier is not None:
        terms = called_terms(contract, rules.extra(modifier), plays_without_trump(rules, contract))
    for _, index in announced:
        announcement = rules.announcements[index]
        if announcement.effect is Effect.TERMS:
            terms = called_terms(terms, rules.extra(announcement.id), plays_without_trump(rules, terms))
    return terms
