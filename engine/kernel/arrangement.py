"""Who plays which hand and with whom, hand by hand: the dummies laid out and their cards turned up
(two-handed), a partner called by naming a card (five-handed), and the declaring side they make.

:class:`SeatArrangement` is a part the kernel's state holds (``state.hand.arrangement``), like the auction and
the trick play: it keeps these arrangements for the current hand, answers for the legality of a partner
call, and returns the events its changes make for the course to report. A variant without dummies or
called partners never reaches this code beyond a test of an empty mask.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import shown
from ..rules.cards import Card
from ..rules.contracts import Contract, Exposure
from ..rules.ruleset import Reveal, Rules, Seating
from .events import CardTurnedUp, Event, PartnerCalled, PartnerRevealed
from .phase import PASS_MOVE
from .play import TrickPlay
from .tables import Tables, cards_in, mask_of


class SeatArrangement:
    """The seat arrangements of the current hand (see the module docstring)."""

    __slots__ = ("rules", "tables", "face_down", "covers", "partner", "called_card", "partner_secret")

    def __init__(self, tables: Tables, source: SeatArrangement | None = None) -> None:
        """No dummy laid out and no partner called (a new hand: see :meth:`lay_out`); with ``source``, a
        copy of that arrangement (see :meth:`copy`)."""
        self.rules: Rules = tables.rules
        """The variant."""
        self.tables = tables
        """Its precomputed tables."""
        self.face_down: int = 0 if source is None else source.face_down
        """The dummies' cards still face down, as a mask (they are in no seat's hand until turned up)."""
        self.covers: dict[int, int] = {} if source is None else dict(source.covers)
        """A dummy's face-up card index → the index of the face-down card it covers, until that card is played."""
        self.partner: int | None = None if source is None else source.partner
        """The called partner's seat once the declarer has named a card (``None``: alone, or not called yet)."""
        self.called_card: int | None = None if source is None else source.called_card
        """The index of the card the declarer named to call a partner (``None``: none named)."""
        self.partner_secret: bool = False if source is None else source.partner_secret
        """Whether the called partner is still unknown to the others (the called card not yet played)."""

    def copy(self) -> SeatArrangement:
        """An independent copy."""
        return SeatArrangement(self.tables, self)

    def lay_out(self, dealt: Sequence[Sequence[Card]], hands: list[int]) -> None:
        """A new hand dealt ``dealt`` (per seat): each dummy's first cards dealt lie face down, each
        covered by one of the face-up cards dealt after them (rules text 000, "Two-handed 500"); only
        the face-up ones stay in its ``hands`` entry."""
        seating = self.rules.seating
        assert seating.dummies is not None
        down_count = seating.dummies.face_down
        for seat in range(seating.players, seating.seats):
            indices = [card.index for card in dealt[seat]]
            down, up = indices[:down_count], indices[down_count:]
            self.covers.update(zip(up, down))
            self.face_down |= mask_of(down)
            hands[seat] = mask_of(up)

    def partner_mask(self, declarer: int, terms: Contract, own: int) -> int:
        """The declarer's choices in phase ``PARTNER`` (``own``: the cards it holds and discarded): bit 0
        going alone, bit ``i + 1`` naming card ``i``."""
        rule = self.rules.seating.called_partner
        assert rule is not None
        forbidden = 0
        if "joker" in rule.may_not_name:
            forbidden |= mask_of(card.index for card in self.tables.cards if card.is_joker)
        if "trump" in rule.may_not_name:
            forbidden |= self.tables.strains[terms.style.strain].trumps
        if "own_card" in rule.may_not_name:
            forbidden |= own
        nameable = ((1 << len(self.tables.cards)) - 1) & ~forbidden
        # Going alone is offered where allowed, and always when no card may be named.
        return (nameable << 1) | (1 if rule.may_go_alone or not nameable else 0)

    def why_partner_illegal(self, move: int, declarer: int, terms: Contract, own: int) -> str | None:
        """Why ``declarer`` may not make partner ``move`` (:data:`PASS_MOVE` going alone, or a card's
        index), as the full sentence an illegal action gets, or ``None`` when it may."""
        mask, cards = self.partner_mask(declarer, terms, own), self.tables.cards
        if move >= PASS_MOVE and mask >> (move + 1) & 1:
            return None
        rule = self.rules.seating.called_partner
        assert rule is not None
        nameable = cards_in(mask >> 1)
        example = str(cards[nameable[-1]]) if nameable else "AH"
        if move == PASS_MOVE:
            return f"seat {declarer} may not go alone under these rules: it must name a card, like partner {example}."
        if not 0 <= move < len(cards):
            return f"seat {declarer} cannot make partner move {shown(move)}: it must name a card, like partner {example}" + (
                ", or go alone." if mask & 1 else "."
            )
        kinds = {"joker": "the joker", "trump": "a trump", "own_card": "one of its own cards"}
        barred = ", ".join(kinds[kind] for kind in sorted(rule.may_not_name))
        return f"seat {declarer} may not name {cards[move]}: these rules forbid naming {barred}."

    def call_partner(self, move: int, declarer: int, hands: Sequence[int]) -> list[Event]:
        """``declarer`` goes alone (:data:`PASS_MOVE`) or names card ``move``: its holder partners the
        declarer for this hand (nobody, if the declarer holds it or it is out of play). Returns the events
        to report."""
        rule = self.rules.seating.called_partner
        assert rule is not None
        cards = self.tables.cards
        if move != PASS_MOVE:
            self.called_card = move
            holder = next((seat for seat, hand in enumerate(hands) if hand >> move & 1), None)
            self.partner = holder if holder != declarer else None
            self.partner_secret = self.partner is not None and rule.reveal is Reveal.WHEN_PLAYED
        events: list[Event] = [PartnerCalled(declarer, cards[move] if move != PASS_MOVE else None)]
        if self.partner is not None and not self.partner_secret:
            events.append(PartnerRevealed(self.partner, cards[move]))
        return events

    def known_partner(self, seat: int) -> int | None:
        """The called partner as ``seat`` may know it: once announced or played, and always to the
        partner itself; otherwise (or with no partner) ``None``."""
        return self.partner if not self.partner_secret or seat == self.partner else None

    def side(self, declarer: int) -> tuple[int, ...]:
        """The declaring side's seats: ``declarer``'s team, and a called partner."""
        seating = self.rules.seating
        team = seating.teams[seating.team_of(declarer)]
        return team if self.partner is None else tuple(sorted(set(team) | {self.partner}))

    def turn_up(self, play: TrickPlay, hands: list[int]) -> list[Event]:
        """After a trick: each dummy card it uncovered is turned up and joins the dummy's playable cards
        in ``hands``. Returns the events to report."""
        events: list[Event] = []
        for seat, card in play.completed[-1][1]:
            under = self.covers.pop(card, None)
            if under is not None:
                self.face_down &= ~(1 << under)
                hands[seat] |= 1 << under
                events.append(CardTurnedUp(seat, self.tables.cards[under]))
        return events

    def reveal_partner(self, play: TrickPlay) -> list[Event]:
        """A secret partner becomes known to everyone once the called card is played. Returns the events
        to report."""
        called = self.called_card
        if called is not None and play.played >> called & 1:
            self.partner_secret = False
            if self.partner is not None:
                return [PartnerRevealed(self.partner, self.tables.cards[called])]
        return []


def laid_open(seating: Seating, exposure: Exposure, declarer: int, sitting_out: tuple[int, ...]) -> tuple[int, ...]:
    """The seats whose hands ``exposure`` lays open (an open misère's declarer, say), but for those
    sitting out."""
    team = seating.teams[seating.team_of(declarer)]
    if exposure is Exposure.DECLARER:
        seats: tuple[int, ...] = (declarer,)
    elif exposure is Exposure.PARTNER:
        seats = tuple(seat for seat in team if seat != declarer)
    else:
        seats = tuple(team)
    return tuple(seat for seat in seats if seat not in sitting_out)


__all__ = ["SeatArrangement", "laid_open"]
