"""How safe a hand is for a misère, as the heuristic bots read it: the tricks the defenders may force on it.

Per suit the defenders lead the cards the hand lacks from the lowest up, and the hand ducks with its
highest card below each lead; a card that cannot duck is forced, with the chance that the defenders
hold one of the lower cards that force it (:func:`~engine.bots.worth.forced_risks`). A hand's *danger*
sums those chances, less the worst cards the kitty lets it discard, plus the risk the kitty's cards
bring and, where the declarer leads first, the risk its safest lead wins. One :class:`MisereReading` per
bot, for its variant and profile.
"""

from __future__ import annotations

from ..kernel.tables import StrainTable, Tables, cards_in, count_of
from ..rules.contracts import Contract, Exposure, KittyUse, PartnerRole
from ..rules.ruleset import FirstLead, Rules
from .ceiling import ceiling_measure, has_ceiling
from .profile import Profile
from .worth import forced_risks

MEMO_LIMIT = 32768
"""Hands whose danger one bot remembers before it forgets them all (a bound on memory, a few MB). A
calibration reads some 24,000 hands for each misère it measures, and the misères that read a hand alike
(misère, blind misère, open misère with the kitty) share the answers when they all fit."""


class MisereReading:
    """A misère hand's danger under one variant, as one profile reads it (memoised per hand)."""

    def __init__(self, rules: Rules, profile: Profile, tables: Tables) -> None:
        self.rules = rules
        """The variant played."""
        self.profile = profile
        """The bot's settings (:attr:`~engine.bots.profile.Profile.adapts`, the defenders' share)."""
        self._strains = tables.strains
        self._all = (1 << len(tables.cards)) - 1
        # The chance that a card this hand lacks is not with a misère's defenders.
        hidden = len(tables.cards) - rules.deal.hand_size
        defenders = rules.deal.hand_size * sum(1 for other in range(rules.seating.seats) if tables.team_of[other] != tables.team_of[0])
        elsewhere = max(0.0, 1.0 - defenders / hidden) if hidden else 0.0
        if profile.adapts:
            # The declarer sees the kitty: a card it still lacks then lies with the defenders, or in a
            # sitting-out partner's hand or a dead hand (two-handed, none: the defender holds them all).
            outside = hidden - rules.deal.kitty
            elsewhere = max(0.0, 1.0 - defenders / outside) if outside > 0 else 0.0
            elsewhere = min(elsewhere, 1.0 - profile.misere_defender_share)
        self.elsewhere = elsewhere
        """The chance counted that a card the hand lacks is not with the defenders."""
        self.risk = [1.0 - elsewhere**count for count in range(len(tables.cards) + 1)]
        """A card forced with ``k`` outside cards of its suit below it: the chance the defenders hold one."""
        self._elsewhere_all = [elsewhere**count for count in range(len(tables.cards) + 1)]
        # (elsewhere to each power, read at every card of a hand weighed for a misère)
        self._dangers: dict[tuple[int, bool], float] = {}
        self._adapts = profile.adapts  # (read at every hand weighed: the profile's class is not compiled)
        self._declarer_leads = rules.play.first_lead is FirstLead.DECLARER

    def danger(self, mask: int, discarding: bool = True) -> float:
        """How many tricks the hand ``mask`` may be forced to take in a misère (0 = safe): the sum of
        :meth:`forced` over its cards, but for the worst ones the kitty lets it discard (unless
        ``discarding`` is false), plus the risk the kitty's cards bring."""
        cached = self._dangers.get((mask, discarding))
        if cached is not None:
            return cached
        if len(self._dangers) > MEMO_LIMIT:
            self._dangers.clear()
        strain = self._strains.get("NT") or next(iter(self._strains.values()))
        outside = self._all & ~mask
        dangers = sorted(self.forced(strain, mask, outside), reverse=True)
        kitty = self.rules.deal.kitty
        if self._adapts and discarding and kitty:
            # The kitty's cards are outside cards: each as forced as the outside cards are on average
            # (their forced risks as if they were a hand, over their number). The declarer keeps the
            # hand's worth of cards least forced among its own and the kitty's.
            typical = self.kitty_card_risk(strain, mask, outside)
            dangers = sorted(dangers + [typical] * kitty, reverse=True)
            danger = sum(dangers[kitty:])
        else:
            danger = sum(dangers[kitty if discarding else 0 :]) + 0.1 * kitty
        if self._adapts and self._declarer_leads:
            danger += self.lead_risk(strain, mask, outside)
        self._dangers[(mask, discarding)] = danger
        return danger

    def measure(self, hand: int, contract: Contract) -> tuple[float, float]:
        """``hand``'s danger for ``contract`` (a misère played alone; for a contract with a ceiling, how far
        the hand is from fitting it, :func:`~engine.bots.ceiling.ceiling_measure`) and the profile's limit for it."""
        if has_ceiling(contract, self.rules.deal.hand_size):
            kitty = self.rules.deal.kitty if contract.style.kitty is not KittyUse.NONE else 0
            strain = self._strains[contract.style.strain]
            outside = self._all & ~hand
            typical = self.kitty_card_risk(strain, hand, outside)
            return ceiling_measure(strain, hand, contract.target.minimum, outside, kitty, self.forced, typical), self.profile.ceiling_limit
        if contract.style.partner is PartnerRole.PLAYS:  # (double misère: the partner's hand is unseen)
            return self.danger(hand, contract.style.kitty is KittyUse.TAKE), self.profile.double_misere_limit
        if contract.style.exposed is Exposure.NONE:  # without the kitty (grand nullo), nothing to discard into
            return self.danger(hand, contract.style.kitty is not KittyUse.NONE or not self._adapts), self.profile.misere_limit
        if self._adapts and contract.style.kitty is not KittyUse.NONE:
            # Laid open once the kitty is taken: the defenders see the hand, so a stricter limit.
            return self.danger(hand), self.profile.open_misere_kitty_limit
        return self.danger(hand, discarding=False), self.profile.open_misere_limit  # shown before the kitty

    def kitty_card_risk(self, strain: StrainTable, mask: int, outside: int) -> float:
        """How forced a kitty card is on average: the ``outside`` cards' forced risks as a hand, per card."""
        return sum(self.forced(strain, outside, mask)) / max(1, count_of(outside))

    def lead_risk(self, strain: StrainTable, mask: int, outside: int) -> float:
        """The chance that a misère declarer who leads the first trick wins it with its safest lead: the
        defenders play under a lead when they can, so a lead wins when some outside card above it is with
        the defenders and none below it is (a joker always wins; with one defender holding every card the
        declarer lacks, two-handed, only a card below all the outside cards of its suit is safe)."""
        powers = self._elsewhere_all
        best = 1.0
        for index in cards_in(mask & ~strain.jokers):
            above = count_of(outside & strain.higher[index])
            below = count_of(outside & strain.lower[index])
            risk = 1.0 - (1.0 - powers[above]) * powers[below]
            if risk < best:
                best = risk
        return best

    def forced(self, strain: StrainTable, mask: int, outside: int) -> list[float]:
        """For each card of ``mask`` the defenders could force to win a trick, the chance they can: per suit
        they lead the ``outside`` cards lowest up and the hand ducks with its highest card below each lead;
        a card that cannot duck is forced (:func:`~engine.bots.worth.forced_risks`)."""
        return forced_risks(strain, mask, outside, self.risk)

    def safest_without(self, strain: StrainTable, hand: int, candidates: list[int], outside: int) -> int:
        """The card of ``candidates`` whose loss leaves ``hand`` the least forced (the higher on ties)."""
        power = strain.power
        return min(candidates, key=lambda index: (sum(self.forced(strain, hand & ~(1 << index), outside)), -power[index]))

    def misere_discard(self, strain: StrainTable, hand: int, count: int) -> int:
        """The ``count`` cards a misère declarer holding ``hand`` puts away: one by one, the card whose loss
        leaves the hand the least forced."""
        outside, kept = self._all & ~hand, hand
        for _ in range(count):
            kept &= ~(1 << self.safest_without(strain, kept, cards_in(kept), outside))
        return hand & ~kept

    def ceiling_discard(self, strain: StrainTable, hand: int, minimum: int, count: int) -> int:
        """The ``count`` cards a declarer holding ``hand`` puts away for a contract of ``minimum`` tricks and
        no more (hi/lo): one by one, the card whose loss best fits the hand to the ceiling."""
        kept, outside = hand, self._all & ~hand
        for _ in range(count):
            remaining = kept
            worst = min(
                cards_in(remaining),
                key=lambda index: ceiling_measure(strain, remaining & ~(1 << index), minimum, outside, 0, self.forced),
            )
            kept &= ~(1 << worst)
        return hand & ~kept


__all__ = ["MEMO_LIMIT", "MisereReading"]
