"""The heuristic bot's card play (:class:`CardPlay`): what a seat knows when it plays a card, and the card.

:class:`~engine.bots.heuristic.HeuristicBot` holds one and hands it each card-play decision; the expert
bot plays its fallback cards through it, and :meth:`CardPlay.play_with_reason` returns each card with why
(a hint words that reason). The bidding and the exchange stay with the bot: a module per decision, not
per line count.
"""

from __future__ import annotations

from typing import cast

from ..kernel.seat_view import SeatView, hand_in, seen_in
from ..kernel.state import SUIT_SHIFT
from ..kernel.tables import StrainTable, Tables, cards_in, count_of, mask_of
from ..rules.contracts import Contract, PlayStyle, Target
from ..rules.ruleset import Rules
from ..rules.strains import TRUMP_POWER
from .ceiling import has_ceiling, past_minimum, spend_high
from .misere_defence import classic_lead, defence_lead
from .misere_hand import MisereReading
from .profile import Profile
from .reasons import Playing
from .standing import near_end
from .steering import own_tricks, trick_plan
from .trick_play import Table, follow_classic, follow_reading, lead, opponents_void, strongest, weakest, winning

_UNREAD = object()
"""A plan not read yet (a plan read may be ``None``)."""


class CardPlay:
    """The heuristic card play under one variant and profile (see the module docstring)."""

    def __init__(self, rules: Rules, profile: Profile, tables: Tables, misere: MisereReading) -> None:
        self.rules = rules
        """The variant played."""
        self.profile = profile
        """The play's settings (``adapts``, ``reads_score``)."""
        self.tables = tables
        """The variant's tables."""
        self.misere = misere
        """The misère reading shared with the bidding (the risk of each card, the forced tricks)."""
        self.every_card = (1 << len(tables.cards)) - 1
        """Every card of the deck, as a mask."""
        self.hand_size = rules.deal.hand_size
        """Cards a hand."""
        self.steers = profile.adapts and profile.reads_score
        """Whether the play follows the game's standing (:meth:`plan`)."""
        self.ceiling = profile.adapts and any(has_ceiling(contract, self.hand_size) for contract in rules.ladder)
        """Whether some contract of the ladder has a ceiling the play must stay under."""
        self.unbid = Contract("", "no bid", 0, 0, None, Target(1, rules.deal.hand_size), PlayStyle(rules.auction.all_pass.strain))
        """An unbid hand (all pass, played in no trump): every side plays to take tricks."""
        ladder = tables.contracts
        # How far one hand can move a score: the most an ordinary bid of all but the top two levels is
        # worth, and the defenders' trick points.
        reach = max((each.value for each in ladder if each.level is not None and each.level <= rules.deal.hand_size - 2), default=0)
        self.reach = reach + rules.scoring.defender_trick_points * rules.deal.hand_size
        """The most one hand moves a score, near enough (a bid of all but the top two levels and the
        defenders' trick points)."""
        team_of = tables.team_of
        self._team_masks = [
            mask_of(other for other in range(len(team_of)) if team_of[other] == team_of[seat]) for seat in range(len(team_of))
        ]
        self._strains = tables.strains
        self._risk = misere.risk
        self._orders: dict[tuple[int, ...], tuple[int, ...]] = {}
        self._plans: dict[tuple[int, int, int, tuple[int, ...], str], tuple[int, int] | None] = {}

    def reading(self, view: SeatView, seat: int, hand: int, legal: int) -> tuple[Contract, Table, tuple[int, int] | None]:
        """What ``seat`` (holding ``hand``, with the legal moves ``legal``) weighs to play a card: the
        contract played, the table as it knows it, and the tricks its side should take for the game
        (:meth:`plan`; ``None``: play as usual)."""
        playing = view.contract if view.contract is not None else self.unbid
        declarer = view.declarer if view.declarer is not None else seat  # an unbid hand: play to win tricks
        allies, mine = self.allies(seat, view.declarer, view.partner)
        nameable = view.nameable
        # Built as a plain tuple: a named tuple's generated constructor is a Python call per decision.
        fields = (
            seat,
            hand,
            declarer,
            view.trick,
            view.led_suit,
            legal,
            list(nameable) if nameable else [],
            # An opponent's cards on show are still out against this seat (a player's trial saw 8C led as
            # "the best card left" under a QC face up in the other side's dummy, which took it).
            seen_in(view, allies),
            view.tricks,
            allies,
            mine,
            hand_in(view, declarer) if declarer != seat else 0,
            self.order(view.sitting_out),
        )
        steer = self.plan(view, playing, declarer, seat) if self.steers and view.declarer is not None else None
        return playing, tuple.__new__(Table, fields), steer

    def order(self, sitting_out: tuple[int, ...]) -> tuple[int, ...]:
        """The seats that play this hand, clockwise (cached per seats sitting out)."""
        order = self._orders.get(sitting_out)
        if order is None:
            order = self._orders[sitting_out] = tuple(seat for seat in range(self.rules.seating.seats) if seat not in sitting_out)
        return order

    def allies(self, seat: int, declarer: int | None, partner: int | None) -> tuple[int, bool]:
        """The seats ``seat`` plays with this hand as far as it knows (a mask, itself included), and
        whether it is on the declaring side. Where a partner is called, the declarer's side is the
        declarer and the partner once known, and the defenders play together against it."""
        team_of = self.tables.team_of
        if declarer is None or self.rules.seating.called_partner is None:
            return self._team_masks[seat], declarer is None or team_of[seat] == team_of[declarer]
        side = {declarer} | ({partner} if partner is not None else set())
        if seat in side:
            return mask_of(side), True
        return mask_of(other for other in range(len(team_of)) if other not in side), False

    def plan(self, view: SeatView, contract: Contract, declarer: int, seat: int) -> tuple[int, int] | None:
        """The tricks ``seat``'s side should take this hand for the game (:func:`~engine.bots.steering.trick_plan`),
        read once a hand, and only where one hand could end the game."""
        # The contract is part of the key: another game's hand of the same number, seats and scores may
        # be played in another contract (the plan of one game's misère was read for another's 6C).
        key = (view.hand_number, seat, declarer, view.scores, contract.id)
        known = self._plans.get(key, _UNREAD)
        if known is not _UNREAD:
            return cast("tuple[int, int] | None", known)
        if len(self._plans) > 256:
            self._plans.clear()
        near = near_end(self.rules, view.scores, self.reach)
        plan = self._plans[key] = trick_plan(self.rules, self.tables.team_of, view.scores, contract, declarer, seat) if near else None
        return plan

    def play(self, contract: Contract, table: Table, steer: tuple[int, int] | None = None) -> int:
        """The card to play (a move); ``steer``: the fewest and most tricks this seat's side should take
        for the game (:meth:`plan`), past the fewest of which it plays to take no more."""
        return self.play_with_reason(contract, table, steer)[0]

    def play_with_reason(self, contract: Contract, table: Table, steer: tuple[int, int] | None = None) -> tuple[int, str]:
        """:meth:`play`'s move and why: a :class:`~engine.bots.reasons.Playing` code or, following a trick
        to take it, :func:`~engine.bots.trick_play.follow_reading`'s :class:`~engine.bots.trick_play.Reason`."""
        strain = self._strains[contract.style.strain]
        mine = table.mine
        steered = steer is not None and own_tricks(table.completed, table.allies) >= steer[0]
        if contract.target.is_no_tricks and not (mine and steer is not None and not steered):
            # (A misère's defence already plays to hand the declarer a trick; a declaring side whose game
            # is better served by failing, steer[0] > 0, plays below to take its tricks.)
            if steered:
                kind = Playing.STEERED
            else:
                kind = Playing.MISERE_DEFENCE if not mine else Playing.MISERE_FOLLOW if table.trick else Playing.MISERE_LEAD
            return self.play_misere(strain, table, mine), kind
        if steered:
            return self.play_misere(strain, table, True), Playing.STEERED
        if self.ceiling and has_ceiling(contract, self.hand_size):
            if past_minimum(contract, table):
                return self.play_misere(strain, table, mine), Playing.CEILING_REACHED  # every further trick may break it
            spent = spend_high(strain, table) if table.seat == table.declarer else None
            if spent is not None:
                return self.with_suit(strain, spent, table.hand, table.nameable), Playing.CEILING_SPEND
        if not table.trick:
            return self.with_suit(
                strain, lead(strain, table, self.every_card, self.profile.adapts), table.hand, table.nameable
            ), Playing.LEAD
        if self.profile.adapts:
            return follow_reading(strain, table, self.every_card)
        return follow_classic(strain, table), Playing.FOLLOW_CLASSIC

    def with_suit(self, strain: StrainTable, index: int, hand: int, nameable: list[str]) -> int:
        """The move playing card ``index``; a joker led in no trump names the leader's longest suit."""
        if not nameable or strain.suit_of[index] is not None:
            return index
        suits = self.tables.suits
        count = {suit: sum(1 for each in cards_in(hand) if strain.suit_of[each] == suit) for suit in nameable}
        named = max(nameable, key=lambda suit: count[suit])
        return index | (suits.index(named) + 1) << SUIT_SHIFT

    def play_misere(self, strain: StrainTable, table: Table, mine: bool) -> int:
        """The card to play taking no trick (``mine``: this seat's side wants none; else a defender of a
        misère, handing the declarer one)."""
        hand, declarer, trick, led, nameable = table.hand, table.declarer, table.trick, table.led, table.nameable
        power, suit_of = strain.power, strain.suit_of
        cards = cards_in(table.playable)
        if not trick:
            if mine:
                # Lead the card least likely to win (no unseen card below it, ideally) that leaves the
                # rest of the hand the least forced.
                unseen, risks, adapts = self.every_card & ~table.seen, self._risk, self.profile.adapts
                bare = opponents_void(strain, table) if adapts else set()  # suits no defender can follow

                def exposure(index: int) -> tuple[float, int]:
                    if strain.jokers >> index & 1 or (adapts and (not unseen & strain.higher[index] or suit_of[index] in bare)):
                        risk = 1.0  # nothing outside can beat it: the lead wins (every other hand void or lower)
                    else:
                        risk = risks[count_of(unseen & strain.lower[index])]
                    return (risk + sum(self.misere.forced(strain, hand & ~(1 << index), unseen)), power[index])

                return self.with_suit(strain, min(cards, key=exposure), hand, nameable)
            if self.profile.adapts:  # defending: the lead that leaves the declarer the fewest escapes
                low = defence_lead(strain, cards, declarer, table.completed, self.every_card & ~table.seen, table.declarer_shown)
            else:
                low = classic_lead(strain, cards, declarer, table.completed)
            return self.with_suit(strain, low, hand, nameable)
        winner_seat, best = winning(strain, table)
        keys = strain.keys[led]
        under = [index for index in cards if keys[index] < best]
        if mine:
            if not any(suit_of[index] == led for index in cards):
                # Void: shed the card whose loss leaves the hand the least forced.
                return self.misere.safest_without(strain, hand, cards, self.every_card & ~table.seen)
            # The declarer ducks with the highest card that still loses, or sheds the highest card.
            return max(under or cards, key=lambda index: (power[index] < TRUMP_POWER, power[index]))
        declarer_played = any(each == declarer for each, _ in trick)
        if declarer_played and winner_seat == declarer and under:
            return strongest(under, power)  # let the declarer keep the trick
        if not declarer_played:
            return weakest(cards, power)  # leave room for the declarer to win
        return strongest(cards, power)  # shed a high card, keep low ones


__all__ = ["CardPlay"]
