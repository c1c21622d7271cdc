"""Who plays which hand and with whom, hand by hand: the dummies laid out and their cards turned up
(two-handed), a partner called by naming a card (five-handed), and the declaring side they make.

:class:`SeatArrangement` is the part of the kernel's state (:class:`~engine.kernel.course.HandCourse`
builds on it) that knows these arrangements; a variant without them never reaches this code beyond a
test of an empty mask.
"""

from __future__ import annotations

from ..errors import shown
from ..rules.contracts import Contract
from ..rules.ruleset import Reveal, Rules
from .deal import Deal
from .events import CardTurnedUp, Event, PartnerCalled, PartnerRevealed
from .phase import PASS_MOVE
from .play import TrickPlay
from .tables import Tables, cards_in, mask_of

ARRANGEMENT_FIELDS = ("called_card", "covers", "face_down", "partner", "partner_secret")
"""The attributes :class:`SeatArrangement` adds (named here, not read from ``__slots__``: a class
compiled with mypyc has none)."""


class SeatArrangement:
    """The seat arrangements of the current hand (see the module docstring); the attributes it reads
    are :class:`~engine.kernel.course.HandCourse`'s."""

    __slots__ = ARRANGEMENT_FIELDS

    face_down: int
    """The dummies' cards still face down, as a mask (they are in no seat's :attr:`hands` until turned up)."""
    covers: dict[int, int]
    """A dummy's face-up card index → the index of the face-down card it covers, until that card is played."""
    partner: int | None
    """The called partner's seat once the declarer has named a card (``None``: alone, or not called yet)."""
    called_card: int | None
    """The index of the card the declarer named to call a partner (``None``: none named)."""
    partner_secret: bool
    """Whether the called partner is still unknown to the others (the called card not yet played)."""

    rules: Rules
    tables: Tables
    hands: list[int]
    declarer: int | None
    terms: Contract | None
    discarded: int

    @property
    def deal(self) -> Deal:
        """The current hand's deal."""
        raise NotImplementedError

    def _hand_off_or_play(self) -> None:
        raise NotImplementedError

    def _tell(self, event: Event) -> None:
        raise NotImplementedError

    def _clear_arrangement(self) -> None:
        """A new hand: no dummy cards face down, no partner called."""
        self.face_down = 0
        self.covers = {}
        self.partner = None
        self.called_card = None
        self.partner_secret = False
        if self.rules.seating.dummies is not None:
            self._lay_out_dummies()

    def deal_mask(self, seat: int) -> int:
        """The cards dealt to ``seat`` this hand, as a mask."""
        return mask_of(card.index for card in self.deal.hands[seat])

    def _lay_out_dummies(self) -> None:
        """Each dummy's first cards dealt lie face down, each covered by one of the face-up cards dealt
        after them (rules text 000, "Two-handed 500"); only the face-up ones are in its hand."""
        seating = self.rules.seating
        assert seating.dummies is not None
        down_count = seating.dummies.face_down
        for seat in range(seating.players, seating.seats):
            dealt = [card.index for card in self.deal.hands[seat]]
            down, up = dealt[:down_count], dealt[down_count:]
            self.covers.update(zip(up, down))
            self.face_down |= mask_of(down)
            self.hands[seat] = mask_of(up)

    def partner_mask(self) -> int:
        """The declarer's choices in phase ``PARTNER``: bit 0 going alone, bit ``i + 1`` naming card ``i``."""
        rule, declarer, terms = self.rules.seating.called_partner, self.declarer, self.terms
        assert rule is not None and declarer is not None and terms is not None
        forbidden = 0
        if "joker" in rule.may_not_name:
            forbidden |= mask_of(card.index for card in self.tables.cards if card.is_joker)
        if "trump" in rule.may_not_name:
            forbidden |= self.tables.strains[terms.style.strain].trumps
        if "own_card" in rule.may_not_name:
            forbidden |= self.hands[declarer] | self.discarded
        nameable = ((1 << len(self.tables.cards)) - 1) & ~forbidden
        # Going alone is offered where allowed, and always when no card may be named.
        return (nameable << 1) | (1 if rule.may_go_alone or not nameable else 0)

    def why_partner_illegal(self, move: int) -> str | None:
        """Why the declarer may not make partner ``move`` (:data:`PASS_MOVE` going alone, or a card's
        index), as the full sentence an illegal action gets, or ``None`` when it may."""
        mask, seat, cards = self.partner_mask(), self.declarer, self.tables.cards
        if move >= PASS_MOVE and mask >> (move + 1) & 1:
            return None
        rule = self.rules.seating.called_partner
        assert rule is not None
        nameable = cards_in(mask >> 1)
        example = str(cards[nameable[-1]]) if nameable else "AH"
        if move == PASS_MOVE:
            return f"seat {seat} may not go alone under these rules: it must name a card, like partner {example}."
        if not 0 <= move < len(cards):
            return f"seat {seat} cannot make partner move {shown(move)}: it must name a card, like partner {example}" + (
                ", or go alone." if mask & 1 else "."
            )
        kinds = {"joker": "the joker", "trump": "a trump", "own_card": "one of its own cards"}
        barred = ", ".join(kinds[kind] for kind in sorted(rule.may_not_name))
        return f"seat {seat} may not name {cards[move]}: these rules forbid naming {barred}."

    def call_partner(self, move: int) -> None:
        """The declarer goes alone (:data:`PASS_MOVE`) or names card ``move``: its holder partners the
        declarer for this hand (nobody, if the declarer holds it or it is out of play)."""
        declarer, rule = self.declarer, self.rules.seating.called_partner
        assert declarer is not None and rule is not None
        cards = self.tables.cards
        if move != PASS_MOVE:
            self.called_card = move
            holder = next((seat for seat, hand in enumerate(self.hands) if hand >> move & 1), None)
            self.partner = holder if holder != declarer else None
            self.partner_secret = self.partner is not None and rule.reveal is Reveal.WHEN_PLAYED
        self._tell(PartnerCalled(declarer, cards[move] if move != PASS_MOVE else None))
        if self.partner is not None and not self.partner_secret:
            self._tell(PartnerRevealed(self.partner, cards[move]))
        self._hand_off_or_play()

    def known_partner(self, seat: int) -> int | None:
        """The called partner as ``seat`` may know it: once announced or played, and always to the
        partner itself; otherwise (or with no partner) ``None``."""
        return self.partner if not self.partner_secret or seat == self.partner else None

    def side(self) -> tuple[int, ...]:
        """The declaring side's seats: the declarer's team, and a called partner."""
        declarer = self.declarer
        assert declarer is not None
        seating = self.rules.seating
        team = seating.teams[seating.team_of(declarer)]
        return team if self.partner is None else tuple(sorted(set(team) | {self.partner}))

    def _turn_up(self, play: TrickPlay) -> None:
        """After a trick: each dummy card it uncovered is turned up and joins the dummy's playable cards."""
        for seat, card in play.completed[-1][1]:
            under = self.covers.pop(card, None)
            if under is not None:
                self.face_down &= ~(1 << under)
                self.hands[seat] |= 1 << under
                self._tell(CardTurnedUp(seat, self.tables.cards[under]))

    def _reveal_partner(self, play: TrickPlay) -> None:
        """A secret partner becomes known to everyone once the called card is played."""
        called = self.called_card
        if called is not None and play.played >> called & 1:
            self.partner_secret = False
            if self.partner is not None:
                self._tell(PartnerRevealed(self.partner, self.tables.cards[called]))


__all__ = ["ARRANGEMENT_FIELDS", "SeatArrangement"]
