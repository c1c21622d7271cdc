"""A heuristic bot: bids from a hand evaluation, discards by the rules texts' strategy, plays sensibly.

It knows only its seat's view and the variant's rules, so it plays any variant the kernel plays, in
any player count. Conventions and style are a :class:`Profile`. It decides once,
:meth:`HeuristicBot.decide`, over the kernel's :class:`~engine.kernel.seat_view.SeatView` (bit masks of
card indices); :mod:`engine.bots.adapter` gives it both protocols, so :meth:`HeuristicBot.act` (an
observation) and :meth:`HeuristicBot.choose` (the simulator's fast path) choose alike from the same
information. :meth:`HeuristicBot.decide_with_reason` makes the same choice and returns it with what the
bot weighed (a :class:`~engine.bots.reasons.Decision`), which hints word. Where the bidding and the discard
read a hand's prospects they ask the bot's :class:`Estimator` (by formula here; the sampling bot's reads
play-outs), rather than methods a subclass overrides.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from statistics import NormalDist
from typing import cast

from ..game.observation import Observation
from ..kernel.actions import Action
from ..kernel.calls import called_terms, terms_of
from ..kernel.drawing import KEEP_MOVE
from ..kernel.phase import Phase
from ..kernel.seat_view import SeatView, seat_view
from ..kernel.state import PASS_MOVE, GameState
from ..kernel.table_cards import DISCARD_SHIFT
from ..kernel.tables import StrainTable, cards_in, mask_of, tables_for
from ..rules.announcements import Effect
from ..rules.cards import Card
from ..rules.contracts import Contract, KittyUse, PartnerRole
from ..rules.ruleset import Rounds, Rules
from ..rules.strains import TRUMP_POWER
from .adapter import act_by_view
from .blind import blind_bid, why_blind
from .calibration import Calibration, calibrated_contracts, calibration_for
from .card_play import CardPlay
from .ceiling import has_ceiling
from .checks import check_choose, check_rules
from .conventions import convention_bid
from .curve import TrickCurve, expected_at
from .misere_hand import MisereReading
from .profile import Profile
from .random_bot import generator
from .reasons import Bidding, BidReason, Decision, Discarding, DiscardReason, Playing, PlayReason
from .standing import LOST, Standing, end_bid, near_end
from .trick_bids import call_partner, choose_by_worth
from .trick_curve import kind_of
from .valuation import Valuation, made_share
from .worth import holding_tricks, sure_of_every_trick


class Estimator:
    """Where the heuristic bot's bidding and discard read a hand's prospects: the trick estimates per
    strain, the level chosen, a misère's safety, the bid settled, the discard (issue 46, item 4: a part the
    bot asks, not methods a subclass overrides). This base reads them by formula from the bot's own hand;
    :class:`~engine.bots.sampling.SamplingEstimator` reads play-outs of sampled deals. Each method is
    handed the bot asking (:class:`HeuristicBot`), whose formulas and settings it may read."""

    def strain_estimates(self, bot: HeuristicBot, view: SeatView, hand: int, strains: set[str]) -> dict[str, float]:
        """Tricks the declaring side may expect in each of ``strains`` with ``hand`` (the view's bidder):
        by formula (:meth:`HeuristicBot.formula_estimates`)."""
        return bot.formula_estimates(view, hand, strains)

    def choose(
        self, bot: HeuristicBot, view: SeatView, ordinary: list[Contract], estimates: dict[str, float], chosen: Contract | None
    ) -> Contract | None:
        """The trick contract to bid among ``ordinary`` given the heuristic's choice ``chosen``
        (:meth:`HeuristicBot.heuristic_choice`): that choice."""
        return chosen

    def misere_safe(self, bot: HeuristicBot, view: SeatView, hand: int, contract: Contract) -> bool:
        """Whether ``hand`` is safe enough to bid ``contract`` (a calibrated contract: a misère, hi/lo): by
        its danger against the limit (:meth:`HeuristicBot.misere_within_limit`)."""
        return bot.misere_within_limit(view, hand, contract)

    def expected_tricks(self, bot: HeuristicBot, estimates: dict[str, float]) -> tuple[dict[str, float], dict[str, float]]:
        """The tricks expected in each strain of ``estimates`` (this estimator's, just read) and their
        spreads: readings by formula go through the variant's curve (:meth:`HeuristicBot.expected_tricks`)."""
        return bot.expected_tricks(estimates)

    def settle_bid(self, bot: HeuristicBot, view: SeatView, hand: int, ranks: int, passing: bool, decision: Decision) -> Decision:
        """The auction move among ``ranks`` (``passing``: a pass is legal), given the heuristic's
        ``decision`` (:meth:`HeuristicBot.heuristic_bid`): that decision."""
        return decision

    def discard(self, bot: HeuristicBot, view: SeatView, hand: int, contract: Contract, count: int, chosen: int) -> int:
        """The ``count`` cards of ``hand`` to discard for ``contract``, given the heuristic's choice
        ``chosen`` (:meth:`HeuristicBot.heuristic_discard`): that choice."""
        return chosen


_UNMEASURED = object()
"""A trick curve not looked up yet (a curve looked up may be ``None``)."""

_UNCALIBRATED: dict[int, tuple[Profile, Profile]] = {}
"""Each profile's uncalibrated copy, by the profile object (held, so that its ``id`` is not reused)."""


def _uncalibrated(profile: Profile) -> Profile:
    """``profile`` uncalibrated (the bots that measure its calibration), one copy a profile object: the
    simulator makes its bots afresh for each chunk, and a copy checks every setting again."""
    known = _UNCALIBRATED.get(id(profile))
    if known is not None and known[0] is profile:
        return known[1]
    if len(_UNCALIBRATED) >= 64:
        _UNCALIBRATED.clear()
    copy = replace(profile, calibrated=False)
    _UNCALIBRATED[id(profile)] = (profile, copy)
    return copy


class HeuristicBot:
    """Bids, discards and plays by simple, explainable rules (see the module docstring)."""

    name = "heuristic"
    """How the command line names this bot."""

    def __init__(self, rules: Rules, profile: Profile = Profile(), seed: int | str | random.Random | None = None) -> None:
        self.rules = check_rules(rules)
        """The variant played."""
        self.profile = profile
        """Bidding and play settings."""
        self.random = generator(seed)
        """For profiles that randomise; the present rules break ties by card order and draw nothing."""
        self.tables = tables_for(rules)
        """The variant's tables (:func:`~engine.kernel.tables.tables_for`)."""
        self._strains = self.tables.strains
        self._jokers = mask_of(card.index for card in self.tables.cards if card.is_joker)
        self._misere = MisereReading(rules, profile, self.tables)
        self.card_play = CardPlay(rules, profile, self.tables, self._misere)
        """The card play (:class:`~engine.bots.card_play.CardPlay`): every card-play decision goes to it."""
        self._estimates: dict[tuple[int, str], float] = {}
        # The profile's settings the estimate reads at every bid (the profile's class is not compiled).
        self._partner_tricks = profile.partner_tricks
        self._partner_bid_tricks = profile.partner_bid_tricks
        self._aggression = profile.aggression
        self._calls_partner = rules.seating.called_partner is not None
        # How far above the mean the least reading of a bid lies, in spreads (the profile's trick_chance).
        self._chance_deviation = NormalDist().inv_cdf(min(max(profile.trick_chance, 0.01), 0.99))
        self._shown_for: tuple[tuple[tuple[int, int], ...], dict[int, dict[str, float]]] = ((), {})
        self._calibration: Calibration | None = None
        self._curves: dict[str, TrickCurve | None] = {}
        self._alone_curves: dict[str, TrickCurve | None] = {}
        # Bidding by worth needs the calibrated chances, so an uncalibrated bot (measuring a calibration) bids by limits.
        self.by_worth = profile.adapts and profile.calibrated and profile.values_bids
        """Whether bids are weighed by what they are worth (the profile's ``values_bids``, where it adapts and is calibrated)."""
        self.valuation = Valuation(rules, self.tables.team_of)
        """What each contract is worth under the variant's scoring (:class:`~engine.bots.valuation.Valuation`)."""
        self._hand_size = rules.deal.hand_size
        team_of = self.tables.team_of
        self.partners = [
            [other for other in range(len(team_of)) if other != seat and team_of[other] == team_of[seat]] for seat in range(len(team_of))
        ]
        """Per seat, its fixed partners (none where partners are called or every seat plays for itself)."""
        self.estimator = Estimator()
        """Where the bidding and the discard read a hand's prospects (:class:`Estimator`: by formula; the
        sampling bot's reads play-outs)."""
        # The ladder's ranks by kind: ordinary bids (not inkles that cannot win: those only show a suit, by
        # convention), misères played alone and misères both partners play (each kind highest first).
        signal = inkles.level if (inkles := rules.auction.inkles) is not None and not inkles.can_win else None
        ladder = self.tables.contracts
        self._ordinary_ranks = mask_of(contract.rank for contract in ladder if contract.level is not None and contract.level != signal)
        by_value = sorted(ladder, key=lambda contract: -contract.value)
        # (The classic profile bid only the misères played alone by a limit: it had no play for hi/lo, and
        # bid double misère by its own rule, _suited_special.)
        self._calibrated = [
            contract
            for contract in calibrated_contracts(by_value, rules.deal.hand_size)
            if profile.adapts or (contract.target.is_no_tricks and contract.style.partner is PartnerRole.SITS_OUT)
        ]
        self._double_miseres = [
            contract
            for contract in by_value
            if contract.is_special and contract.target.is_no_tricks and contract.style.partner is PartnerRole.PLAYS
        ]
        self._dummy_seats = tuple(range(rules.seating.players, rules.seating.seats))
        self._bid_strain_order = [
            strain.id for strain in rules.strains if any(each.style.strain == strain.id and not each.is_special for each in rules.ladder)
        ]
        # Drawing a hand: worth keeping are the jokers, the jacks (bowers to be) and each suit's top half.
        no_trump = next(order for order in rules.card_orders if order.strain.trump is None)
        self._keepers = self._jokers | mask_of(card.index for card in self.tables.cards if card.rank == "J")
        self._keepers |= mask_of(index for _, plain in no_trump.plain_order for index in plain[: (len(plain) + 1) // 2])

    @staticmethod
    def leaves_alone(rules: Rules) -> dict[str, str]:
        """The contracts of ``rules`` this bot seldom or never bids, by id, each with why: those bid before
        looking, which only an unseen hand's chance can justify (:func:`~engine.bots.blind.why_blind`)."""
        return {contract.id: why_blind(HeuristicBot(rules), contract) for contract in rules.ladder if contract.eligibility.before_looking}

    # -- the protocols --------------------------------------------------------------------------

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """Choose an action for the observing seat (:meth:`decide`, through :func:`~engine.bots.adapter.act_by_view`)."""
        return act_by_view(self.decide, self.tables, observation, legal_actions)

    def act_with_reason(self, observation: Observation, legal_actions: Sequence[Action]) -> tuple[Action, Decision | None]:
        """:meth:`act`'s action with the decision behind it (:meth:`decide_with_reason`; ``None`` where the
        only legal action is taken without deciding)."""
        decisions: list[Decision] = []

        def decide(view: SeatView, legal: int) -> int:
            decision = self.decide_with_reason(view, legal)
            decisions.append(decision)
            return decision.move

        action = act_by_view(decide, self.tables, observation, legal_actions)
        return action, decisions[0] if decisions else None

    def choose(self, state: GameState, seat: int, legal: int) -> int:
        """The same choice as :meth:`act`, from the kernel's state (the fast path)."""
        check_choose(state, seat, legal, self.rules)
        if legal & (legal - 1) == 0 and state.phase is Phase.PLAY:
            play = state.hand.play
            assert play is not None
            only = play.only_move(legal)
            if only >= 0:
                return only  # one card: nothing to decide, no view to build
        return self.decide(seat_view(state, self.tables.controller[seat]), legal)

    def decide(self, view: SeatView, legal: int) -> int:
        """A legal move for the view's acting seat (its player's own seat or its dummy's), given the
        mask of its legal moves (:meth:`~engine.kernel.state.GameState.legal_mask`'s)."""
        seat = view.acting_seat if view.acting_seat is not None else view.seat
        phase = view.phase
        hand = view.hand if seat == view.seat else view.hand_of(seat)
        if phase is Phase.PLAY:
            if legal & (legal - 1) == 0 and not view.nameable:
                return legal.bit_length() - 1  # one card: nothing to decide
            return self.card_play.play_with_reason(*self.card_play.reading(view, seat, hand, legal))[0]
        if phase is Phase.DRAW:
            return KEEP_MOVE if self._keepers >> view.drawing & 1 else PASS_MOVE
        if phase is Phase.PICK:
            return self._pick(view, hand, view.terms if view.taking else None, legal)
        if phase is Phase.AUCTION:
            return self._auction(view, hand, legal).move
        contract, terms = view.contract, view.terms
        assert contract is not None and terms is not None
        if phase is Phase.CALLS:
            return self._announce(seat, hand, terms if self.by_worth else contract, view.declarer, legal >> 1, view.scores)
        if phase is Phase.GIVE:  # a partner passes the declarer its strongest card in the contract's strain
            power = self._strains[contract.style.strain].power
            return max(cards_in(hand), key=lambda index: (power[index], index))
        if phase is Phase.PARTNER:
            return self._call_partner(seat, hand, terms, legal, view.scores)
        return self._discard(view, hand, contract, view.discard_count).move

    def decide_with_reason(self, view: SeatView, legal: int) -> Decision:
        """:meth:`decide`'s move with what the bot weighed for it (:mod:`~engine.bots.reasons`): for a bid,
        its branch and figures (the estimates of every strain it could bid in), for a discard and a card
        their branch; the other phases' decisions carry no reason."""
        seat = view.acting_seat if view.acting_seat is not None else view.seat
        phase = view.phase
        hand = view.hand if seat == view.seat else view.hand_of(seat)
        if phase is Phase.PLAY:
            contract, table, steer = self.card_play.reading(view, seat, hand, legal)
            if legal & (legal - 1) == 0 and not view.nameable:
                return Decision(legal.bit_length() - 1, PlayReason(Playing.ONLY, contract, table))
            move, kind = self.card_play.play_with_reason(contract, table, steer)
            return Decision(move, PlayReason(kind, contract, table))
        if phase is Phase.AUCTION:
            decision = self._auction(view, hand, legal)
            reason = decision.reason
            assert isinstance(reason, BidReason)
            estimates = reason.estimates
            missing = {strain for strain in self._bid_strain_order if strain not in estimates}
            read = self.estimator.strain_estimates(self, view, hand, missing) | estimates if missing else estimates
            estimates = {strain: read[strain] for strain in self._bid_strain_order}  # (in the variant's order of strains)
            return Decision(decision.move, reason.with_estimates(estimates))
        if phase is Phase.KITTY and view.contract is not None:
            return self._discard(view, hand, view.contract, view.discard_count)
        return Decision(self.decide(view, legal))

    def _pick(self, view: SeatView, hand: int, contract: Contract | None, table: int) -> int:
        """A table card to take: before the auction (``contract`` ``None``) the one worth least in no
        trump goes into the kitty, which anyone may win; a defender takes the one worth most in the
        contract's strain and discards what it then values least."""
        if contract is None:
            power = self._strains[self.rules.auction.all_pass.strain].power
            return min(cards_in(table), key=lambda index: (power[index], index))
        power = self._strains[contract.style.strain].power
        taken = max(cards_in(table), key=lambda index: (power[index], -index))
        discard = self._discard(view, hand | 1 << taken, contract, 1).move
        return taken | discard.bit_length() << DISCARD_SHIFT

    def _call_partner(self, seat: int, hand: int, contract: Contract, legal: int, scores: tuple[int, ...]) -> int:
        """Call a partner or go alone (:func:`~engine.bots.trick_bids.call_partner`)."""
        strain, profile = self._strains[contract.style.strain], self.profile
        alone = self.trick_curve(contract.style.strain, alone=True)
        by_worth = (self.valuation, seat, scores, self.trick_curve(contract.style.strain), alone) if self.by_worth and alone else None
        own = self.own_estimate(hand, contract.style.strain) if by_worth else self._hand_tricks(hand, strain)
        return call_partner(strain, hand, contract, legal, own, profile, by_worth)

    # -- announcements ----------------------------------------------------------------------------

    def _announce(self, seat: int, hand: int, contract: Contract, declarer: int | None, offered: int, scores: tuple[int, ...]) -> int:
        """An announcement to make (its index in ``rules.announcements``) or :data:`PASS_MOVE`: breach where
        its wager is worth calling (by margin: this defender alone expects clearly more tricks than it
        needs); a call for more tricks where the terms are worth more."""
        rules = self.rules
        hand_size = rules.deal.hand_size
        strain = self._strains[contract.style.strain]
        own = self._hand_tricks(hand, strain) - (self.profile.kitty_tricks if rules.deal.kitty else 0.0)
        for index in cards_in(offered):
            announcement = rules.announcements[index]
            if announcement.effect is Effect.WAGER:
                breach = rules.breach
                if breach is None or contract.is_special or contract.level is None:
                    continue  # a misère's fate is too uncertain to wager on
                needed = hand_size - contract.level + breach.margin.short_by
                if self.by_worth:  # by worth: the chance its side breaks the contract, times the wager
                    chance = made_share(self.profile.breach_curve, own - needed)
                    if self.valuation.wager_worth(breach, chance) > self.profile.value_margin:
                        return index
                elif own >= needed + self.profile.breach_margin:
                    return index
            elif seat == declarer:
                call = rules.extra(announcement.id)
                terms = called_terms(contract, call, not strain.is_trump)
                if self.by_worth and contract.level is not None and not sure_of_every_trick(strain, hand):
                    if self._call_worth(seat, hand, contract, terms, scores):
                        return index
                elif terms.value > contract.value and (terms.target.minimum < hand_size or sure_of_every_trick(strain, hand)):
                    return index
        return PASS_MOVE

    def _call_worth(self, seat: int, hand: int, contract: Contract, terms: Contract, scores: tuple[int, ...]) -> bool:
        """Whether the declarer's call that turns ``contract`` into ``terms`` (a slam call, a declare) is
        worth more than playing on as bid (:meth:`~engine.bots.valuation.Valuation.call_gain`), its own
        tricks read from its hand, the kitty taken, less the profile's ``call_discount``."""
        own = holding_tricks(self._strains[contract.style.strain], hand)
        partners = self.profile.partner_tricks if self.partners[seat] else 0.0
        gain = self.valuation.call_gain(contract, terms, seat, own, partners, self.profile.call_discount, scores)
        return gain > self.profile.value_margin

    # -- bidding --------------------------------------------------------------------------------

    def estimate(
        self, hand: Sequence[Card] | int, strain: str, calls: Sequence[tuple[int, int]] = (), seat: int = 0, view: SeatView | None = None
    ) -> float:
        """Tricks the declaring side may expect in ``strain`` with ``hand`` (cards or a mask), the kitty,
        and the partners of ``seat`` given the ``calls`` so far and, with ``view`` (``seat``'s player's), the
        partners' cards on show in it (:meth:`partners_on_show`: a dummy's face-up cards)."""
        mask = hand if isinstance(hand, int) else mask_of(card.index for card in hand)
        shown, unseen = self.partners_on_show(view, seat) if view is not None else (0, ())
        return self._estimate(mask, strain, self.partner_support(calls, seat), shown, unseen)

    def partners_on_show(self, view: SeatView, seat: int) -> tuple[int, tuple[float, ...]]:
        """The cards of ``seat``'s partners that ``view`` shows (its :attr:`~engine.kernel.seat_view.SeatView.exposed`:
        in the auction, a dummy's face-up cards, which every player sees) and, per partner, the share of
        its hand still unseen (its face-down cards among all it holds; 1 where none is on show): the
        estimate reads the cards on show with the bidder's own (:meth:`_estimate`) and counts for each
        partner only that share of what an unseen hand brings. ``(0, ())`` where no partner's card is on show."""
        partners = self.partners[seat]
        if not partners or not view.exposed:
            return 0, ()
        on_show = dict(view.exposed)
        face_down = dict(view.face_down)
        shown = 0
        unseen: list[float] = []
        for partner in partners:
            cards = on_show.get(partner, 0)
            if cards:
                hidden = face_down.get(partner, 0)
                shown |= cards
                unseen.append(hidden / (hidden + cards.bit_count()))
            else:
                unseen.append(1.0)
        return (shown, tuple(unseen)) if shown else (0, ())

    def weighed_bids(self, ranks: int) -> list[Contract]:
        """The ordinary bids among ``ranks`` (a mask of contract ranks) this bot weighs as contracts: those
        that may win the auction (not an inkle that only shows a suit) and, where it bids by worth, are
        worth something (a contract worth nothing is never bid), lowest first."""
        ordinary = [self.tables.contracts[rank] for rank in cards_in(ranks & self._ordinary_ranks)]
        if self.by_worth:
            ordinary = [contract for contract in ordinary if contract.value > 0]
        return ordinary

    def partner_strains(self, calls: Sequence[tuple[int, int]], seat: int) -> list[set[str]]:
        """Per partner of ``seat``, the strains it has bid in ``calls`` (the seat view's bidding)."""
        return [set(support) for support in self.partner_support(calls, seat)]

    def partner_support(self, calls: Sequence[tuple[int, int]], seat: int) -> list[dict[str, float]]:
        """Per partner of ``seat``, the tricks its hand is counted for in each strain it has bid in ``calls``
        (the seat view's bidding; a strain it has not bid counts the profile's ``partner_tricks``):
        :meth:`shown_tricks`."""
        if not self.partners[seat]:
            return []
        shown = self.shown_tricks(tuple(calls))
        return [dict(shown.get(partner, {})) for partner in self.partners[seat]]  # (copies: the reading is kept)

    def shown_tricks(self, calls: tuple[tuple[int, int], ...]) -> dict[int, dict[str, float]]:
        """Per seat that has bid in ``calls``, the tricks its own hand shows in each strain it bid: the
        profile's ``partner_bid_tricks``, or, where this bot weighs trick bids on the variant's measured
        curve, what the bid shows by that rule, read in the auction's order: the least reading at which a
        contract of its level is made the profile's ``trick_chance`` of the time, less what the bidder
        counted then for its own partners (their bids read the same way), the kitty and the profile's
        aggression; at least ``partner_tricks`` and at most ``partner_bid_tricks`` (a misère shows no strain's
        tricks). So a raise of a partner's strain shows only what the raise adds to the partner's bid, not the
        whole of a bid again: a team of three no longer counts each of its raises as a full bid
        (bench/NOTES.md)."""
        if calls == self._shown_for[0]:
            return self._shown_for[1]
        contracts, stride = self.tables.contracts, self.tables.stride
        partner_tricks, most = self._partner_tricks, self._partner_bid_tricks
        kitty = self.profile.kitty_tricks if self.rules.deal.kitty else 0.0
        reads = self.by_worth and self.profile.values_tricks
        shown: dict[int, dict[str, float]] = {}
        for who, call in calls:
            if call == PASS_MOVE:
                continue
            contract = contracts[call % stride]
            if reads and contract.target.is_no_tricks:
                continue  # a misère shows a hand that takes no tricks: nothing more than a partner who passed
            strain = contract.style.strain
            tricks = most
            curve = self.trick_curve(strain) if reads and contract.level is not None else None
            if curve is not None:
                least = curve.least_reading(contract.target.minimum - 0.5 + curve.spread * self._chance_deviation)
                counted = sum(shown.get(partner, {}).get(strain, partner_tricks) for partner in self.partners[who])
                if self._calls_partner:
                    counted += partner_tricks
                tricks = max(partner_tricks, min(most, least - counted - kitty - self._aggression))
            own = shown.setdefault(who, {})
            own[strain] = max(own.get(strain, tricks), tricks)
        self._shown_for = (calls, shown)
        return shown

    def _estimate(self, hand: int, strain: str, support: list[dict[str, float]], shown: int = 0, unseen: tuple[float, ...] = ()) -> float:
        """:meth:`estimate`, given what the partners' bids show (:meth:`partner_support`) and the partners'
        cards on show (:meth:`partners_on_show`): those are read with ``hand`` as one holding (the side's
        trumps and side suits together), and each partner adds what an unseen hand (or its bids) would
        add only for the share of its hand still unseen."""
        held = hand | shown
        tricks = self._estimates.get((held, strain))
        if tricks is None:
            if len(self._estimates) > 4096:
                self._estimates.clear()
            tricks = self._estimates[(held, strain)] = self._hand_tricks(held, self._strains[strain])
        partner_tricks = self._partner_tricks
        if self._calls_partner:
            tricks += partner_tricks  # the partner the declarer will call
        if unseen:
            for bid, share in zip(support, unseen):
                tricks += bid.get(strain, partner_tricks) * share
        else:
            for bid in support:
                tricks += bid.get(strain, partner_tricks)
        return tricks + self._aggression

    def _hand_tricks(self, hand: int, strain: StrainTable) -> float:
        tricks = holding_tricks(strain, hand)
        return tricks + self.profile.kitty_tricks if self.rules.deal.kitty else tricks

    def misere_danger(self, hand: Sequence[Card] | int, discarding: bool = True) -> float:
        """How many tricks ``hand`` may be forced to take in a misère (0 = safe):
        :meth:`~engine.bots.misere_hand.MisereReading.danger`."""
        return self._misere.danger(hand if isinstance(hand, int) else mask_of(card.index for card in hand), discarding)

    def _auction(self, view: SeatView, hand: int, legal: int) -> Decision:
        """An auction move from the legal moves' mask (bit 0 the pass, bit ``move + 1`` each bid) and why:
        a blind bid only where an unseen hand's chance makes it worth it, else the bid
        :meth:`bid_decision` chooses, said sans kitty where the variant has such a modifier and the hand
        clearly makes the bid without the kitty."""
        tables, seat, calls = self.tables, view.actor, view.bidding
        look = tables.look_move
        if legal >> (look + 1) & 1:
            blind = blind_bid(self, view, legal) if self.by_worth else None
            if blind is None:
                return Decision(look, BidReason(Bidding.LOOK))
            return Decision(blind, BidReason(Bidding.BLIND, tables.contracts[blind]))
        decision = self.bid_decision(view, hand, legal >> 1 & tables.all_ranks, bool(legal & 1))
        move = decision.move
        if move == PASS_MOVE or not tables.modifiers:
            return decision
        contract = tables.contracts[move]
        for position, modifier in enumerate(tables.modifiers):
            modified = move + (position + 1) * tables.stride
            if not legal >> (modified + 1) & 1 or modifier.style.kitty is not KittyUse.NONE or contract.level is None:
                continue
            with_kitty = self.estimate(hand, contract.style.strain, calls, seat)
            without = with_kitty - self.profile.kitty_tricks
            if self.by_worth:
                terms = terms_of(self.rules, contract, modifier.id, ())
                assert terms is not None
                margin = self.profile.value_margin
                if (
                    self.reading_worth(terms, seat, without, view.scores)
                    > self.reading_worth(contract, seat, with_kitty, view.scores) + margin
                ):
                    return Decision(modified, decision.reason)
            elif without >= contract.level + self.profile.sans_margin:
                return Decision(modified, decision.reason)
        return decision

    def bid_decision(self, view: SeatView, hand: int, ranks: int, passing: bool) -> Decision:
        """The bid among ``ranks`` (a mask of contract ranks legal now; ``passing``: whether a pass is) and
        why: :meth:`heuristic_bid`'s, then settled by its ``estimator``
        (:meth:`Estimator.settle_bid`: the sampling bot weighs the game's standing)."""
        return self.estimator.settle_bid(self, view, hand, ranks, passing, self.heuristic_bid(view, hand, ranks, passing))

    def heuristic_bid(self, view: SeatView, hand: int, ranks: int, passing: bool) -> Decision:
        """The bid among ``ranks`` (``passing``: whether a pass is legal) and why, from the hand's estimates
        per strain (:meth:`Estimator.strain_estimates`): a trick contract the estimates reach (not over a
        partner without a clear margin), near the game's end what the standing asks for, a calibrated
        contract (a misère, hi/lo) by its worth or within its limit, a bid by convention; else a pass, or
        the lowest bid where passing is not allowed."""
        if not ranks:
            return Decision(PASS_MOVE, BidReason(Bidding.SHORT))
        contracts, seat, calls = self.tables.contracts, view.actor, view.bidding
        high_seat = next((who for who, call in reversed(calls) if call != PASS_MOVE), None)
        ordinary = self.weighed_bids(ranks)
        estimates = self.estimator.strain_estimates(self, view, hand, {contract.style.strain for contract in ordinary})
        choice = self.estimator.choose(self, view, ordinary, estimates, self.heuristic_choice(view, ordinary, estimates, passing))
        if high_seat in self.partners[seat] and choice is not None:
            # Do not outbid a partner unless this hand is clearly stronger in another strain.
            assert choice.level is not None
            if estimates[choice.style.strain] < choice.level + self.profile.partner_outbid_margin:
                choice = None
        if self.profile.adapts and high_seat not in self.partners[seat] and near_end(self.rules, view.scores, self.card_play.reach):
            expected, spreads = self.estimator.expected_tricks(self, estimates)
            decided = end_bid(self.rules, self.tables.team_of, view, ordinary, expected, choice, passing, spreads)
            if decided is not None:
                return Decision(decided, BidReason(Bidding.END, None if decided == PASS_MOVE else contracts[decided], estimates))
        if self.by_worth:
            special = self._worth_bid(view, hand, ranks, choice, estimates)
            if special is not None:
                assert special.contract is not None
                return Decision(special.contract.rank, special)
            if choice is not None:
                return Decision(choice.rank, BidReason(Bidding.TRICKS, choice, estimates))
        else:
            if choice is not None:
                return Decision(choice.rank, BidReason(Bidding.TRICKS, choice, estimates))
            suited = self._suited_special(view, hand, ranks)
            if suited is not None:
                return Decision(suited.rank, BidReason(Bidding.FEW_WINNERS, suited, estimates))
            for contract in self._calibrated:
                if (
                    ranks >> contract.rank & 1
                    and self.estimator.misere_safe(self, view, hand, contract)
                    and not self._loses_if_made(view, contract)
                ):
                    return Decision(contract.rank, self._limit_reason(hand, contract, estimates))
        bids = [contracts[rank] for rank in cards_in(ranks)]
        shown = convention_bid(self.rules, self.tables, self.profile, hand, bids, self._jokers)
        if shown is not None:
            return Decision(shown, BidReason(Bidding.CONVENTION, contracts[shown], estimates))
        if passing:
            return Decision(PASS_MOVE, BidReason(Bidding.SHORT, None, estimates))
        return Decision(bids[0].rank, BidReason(Bidding.FORCED, bids[0], estimates))

    def _limit_reason(
        self, hand: int, contract: Contract, estimates: dict[str, float], kind: str = Bidding.LIMIT, chance: float = 0.0, worth: float = 0.0
    ) -> BidReason:
        """Why ``contract`` (a calibrated contract) is bid: within its limit (the hand's measure and the
        limit), or by its worth (``kind`` :attr:`~engine.bots.reasons.Bidding.WORTH`, with its chance and worth)."""
        danger, limit = self.misere_measure(hand, contract)
        calibrated = self.calibrated_limit(contract)
        return BidReason(
            kind, contract, estimates, danger, limit if calibrated is None else calibrated, calibrated is not None, chance, worth
        )

    def _worth_bid(self, view: SeatView, hand: int, ranks: int, choice: Contract | None, estimates: dict[str, float]) -> BidReason | None:
        """The calibrated contract (a misère, hi/lo) among ``ranks`` worth the most to the bidder's side, if it
        is worth more than the alternative by the profile's :attr:`~engine.bots.profile.Profile.value_margin`:
        the usual trick bid ``choice`` where there is one (its expected score at the strain's
        ``estimates``), or else passing (:meth:`~engine.bots.valuation.Valuation.pass_worth`). Each
        contract's worth is its chance of being made (:meth:`made_chance`; a misère over an opponent's misère
        less the profile's ``misere_over_misere``) times what making it scores, less what failing costs,
        under the variant's scoring (:class:`~engine.bots.valuation.Valuation`); a contract whose making
        would lose the game is not bid, and one both partners play only once the partners have passed.
        Returned with why (:attr:`~engine.bots.reasons.Bidding.WORTH`, or, with no curve,
        :attr:`~engine.bots.reasons.Bidding.LIMIT`); ``None``: no such contract."""
        candidates = [contract for contract in self._calibrated if ranks >> contract.rank & 1]
        if not candidates:
            return None  # (most bids: nothing to weigh)
        seat, scores, profile, valuation = view.actor, view.scores, self.profile, self.valuation
        held = valuation.held(view.bidding)
        if choice is not None:
            alternative = self.reading_worth(choice, seat, estimates[choice.style.strain], scores)
        else:
            alternative = valuation.pass_worth(held, seat, scores, profile.pass_weight, profile.holder_make_share)
        over_misere = held is not None and self.tables.team_of[held[0]] != self.tables.team_of[seat] and held[1].target.is_no_tricks
        best: Contract | None = None
        best_worth = alternative + profile.value_margin
        best_chance = 0.0
        for contract in candidates:
            if contract.style.partner is PartnerRole.PLAYS and not self._partners_passed(view):
                continue
            limit = self.calibrated_limit(contract)
            if limit is not None and limit < 0:
                continue  # the play-outs made even its safest hands less often than not: never bid
            chance = self.made_chance(hand, contract)
            if chance is None:  # no curve (too few play-outs): bid by the limit, as the threshold bot does
                if (
                    best is None
                    and choice is None
                    and self.estimator.misere_safe(self, view, hand, contract)
                    and not self._loses_if_made(view, contract)
                ):
                    return self._limit_reason(hand, contract, estimates)
                continue
            if over_misere and contract.target.is_no_tricks:
                chance = max(0.0, chance - profile.misere_over_misere)  # a defender who bid misère holds low cards
            if chance < profile.least_chance:
                continue  # no sacrifice: an opponent's bid is not made as often as a pass is counted to fear
            worth = valuation.share_worth(contract, seat, chance, scores)
            if worth > best_worth and not self._loses_if_made(view, contract):
                best, best_worth, best_chance = contract, worth, chance
        if best is None:
            return None
        return self._limit_reason(hand, best, estimates, Bidding.WORTH, best_chance, best_worth)

    def formula_estimates(self, view: SeatView, hand: int, strains: set[str]) -> dict[str, float]:
        """Tricks the declaring side may expect in each of ``strains`` by the hand's formula (:meth:`estimate`'s,
        given the view's bidding and the partners' cards on show in it), less the profile's
        ``opponent_strain_tricks`` in a strain an opponent has bid: :meth:`Estimator.strain_estimates`'s default."""
        support = self.partner_support(view.bidding, view.actor)
        shown, unseen = self.partners_on_show(view, view.actor)
        found = {strain: self._estimate(hand, strain, support, shown, unseen) for strain in strains}
        against = self.opponent_strains(view.bidding, view.actor)
        if against and self.profile.opponent_strain_tricks:
            for strain in against & strains:
                found[strain] -= self.profile.opponent_strain_tricks
        return found

    def opponent_strains(self, calls: Sequence[tuple[int, int]], seat: int) -> set[str]:
        """The strains the opponents of ``seat`` have bid in ``calls`` (the seat view's bidding), whose
        reading :meth:`formula_estimates` takes the profile's ``opponent_strain_tricks`` off."""
        tables, own = self.tables, self.tables.team_of[seat]
        found: set[str] = set()
        for who, call in calls:
            if call == PASS_MOVE or tables.team_of[who] == own:
                continue
            contract = tables.contracts[call % tables.stride]
            if contract.level is not None:
                found.add(contract.style.strain)
        return found

    def misere_measure(self, hand: int, contract: Contract) -> tuple[float, float]:
        """``hand``'s danger for ``contract`` and the profile's limit (:meth:`~engine.bots.misere_hand.MisereReading.measure`)."""
        return self._misere.measure(hand, contract)

    def calibrated_limit(self, contract: Contract) -> float | None:
        """The limit calibrated for ``contract`` (:mod:`~engine.bots.calibration`); ``None``: the profile's stands."""
        found = self.calibration()
        return None if found is None else found.limits.get(contract.id)

    def calibration(self) -> Calibration | None:
        """This variant's calibration for this bot's profile (:func:`~engine.bots.calibration.calibration_for`:
        shipped, remembered, cached or measured now), or ``None`` for a profile that does not calibrate."""
        if not (self.profile.adapts and self.profile.calibrated):
            return None
        if self._calibration is None:
            uncalibrated = _uncalibrated(self.profile)
            self._calibration = calibration_for(self.rules, self._calibrated, lambda: HeuristicBot(self.rules, uncalibrated), uncalibrated)
        return self._calibration

    def trick_curve(self, strain: str, alone: bool = False) -> TrickCurve | None:
        """The variant's measured trick curve in ``strain`` (played ``alone`` by a declarer who could call a
        partner), lifting a reading by at most ``curve_lift`` (``None``: unmeasured)."""
        kept = self._alone_curves if alone else self._curves
        known = kept.get(strain, _UNMEASURED)
        if known is not _UNMEASURED:  # (kept: read for every contract weighed)
            return cast("TrickCurve | None", known)
        found = self.calibration() if self.profile.values_tricks else None
        curve = None if found is None else found.tricks.get(kind_of(self.rules, strain, alone))
        lifted = kept[strain] = None if curve is None else curve.lifted_at_most(self.profile.curve_lift)
        return lifted

    def own_estimate(self, hand: int, strain: str) -> float:
        """Tricks a settled ``hand`` (the kitty taken, as a declarer calls a partner) may expect in ``strain``
        played alone: :meth:`estimate` without the kitty or partners."""
        return holding_tricks(self._strains[strain], hand) + self.profile.aggression

    def reading_worth(self, contract: Contract, seat: int, reading: float, scores: tuple[int, ...]) -> float:
        """``contract``'s expected worth to ``seat``'s side at a reading of ``reading`` tricks (:meth:`trick_curve`'s)."""
        return self.valuation.reading_worth(contract, seat, reading, scores, self.trick_curve(contract.style.strain))

    def expected_tricks(self, readings: dict[str, float]) -> tuple[dict[str, float], dict[str, float]]:
        """The tricks the declaring side is expected to take in each strain of ``readings`` (the hand's
        readings) and how far they spread, on the variant's measured :meth:`trick_curve`; a strain without
        one keeps its reading (and no spread: the standing's own)."""
        expected: dict[str, float] = {}
        spreads: dict[str, float] = {}
        for strain, reading in readings.items():
            curve = self.trick_curve(strain)
            if curve is None:
                expected[strain] = reading
            else:
                expected[strain] = expected_at(curve, reading)
                spreads[strain] = curve.spread
        return expected, spreads

    def made_chance(self, hand: int, contract: Contract) -> float | None:
        """The chance ``hand`` makes ``contract`` (a misère, hi/lo) on the variant's calibrated curve at its danger,
        less the profile's ``play_discount``; ``None`` where there is no curve (too few play-outs)."""
        found = self.calibration()
        curve = None if found is None else found.curves.get(contract.id)
        if curve is None:
            return None
        return max(0.0, made_share(curve, self.misere_measure(hand, contract)[0]) - self.profile.play_discount)

    def misere_within_limit(self, view: SeatView, hand: int, contract: Contract) -> bool:
        """Whether ``hand`` is safe enough to bid ``contract`` (a calibrated contract: a misère, hi/lo; a
        misère both partners play only once the partners have passed, which suggests hands without
        winners) by its danger against the calibrated limit, or the profile's: :meth:`Estimator.misere_safe`'s default."""
        if contract.style.partner is PartnerRole.PLAYS and not self._partners_passed(view):
            return False
        danger, limit = self.misere_measure(hand, contract)
        calibrated = self.calibrated_limit(contract)
        return danger <= (limit if calibrated is None else calibrated)

    def _partners_passed(self, view: SeatView) -> bool:
        """Whether every partner of the bidder has passed in this auction."""
        return set(self.partners[view.actor]) <= {who for who, call in view.bidding if call == PASS_MOVE}

    def _loses_if_made(self, view: SeatView, contract: Contract) -> bool:
        """Whether making ``contract`` would lose the game for the bidder's side (Walker's 1000: rules text
        000, "Walker Ultimate 500"), where the bot reads the game's standing."""
        if not (self.card_play.steers and near_end(self.rules, view.scores, contract.value + self.card_play.reach)):
            return False
        return Standing(self.rules, self.tables.team_of, view.scores).outcome(contract, view.actor, contract.target.minimum) == LOST

    def _suited_special(self, view: SeatView, hand: int, ranks: int) -> Contract | None:
        """The ``classic`` profile's double misère (both partners play to take nothing), among the ``ranks``
        bid now: when this hand is very safe and its partners have passed, which suggests hands without
        winners (the default bids it by a calibrated limit, with the other misères)."""
        if not self.partners[view.actor]:
            return None
        for contract in self._double_miseres:
            if contract in self._calibrated:
                continue  # bid by its calibrated limit (the default profile)
            if ranks >> contract.rank & 1:
                if self._partners_passed(view) and self.misere_danger(hand) <= self.profile.double_misere_limit:
                    return contract
                return None
        return None

    def heuristic_choice(
        self, view: SeatView, ordinary: list[Contract], estimates: dict[str, float], may_pass: bool = True
    ) -> Contract | None:
        """The bid to make: in the strain with the most tricks expected, a level one below the estimate
        in a continuous auction (room to rise later, rules text 000 "Bidding conventions") or the
        estimate itself when there is one round; never above the estimate. By worth where the profile says
        (:func:`~engine.bots.trick_bids.choose_by_worth`; ``may_pass``: whether passing is legal)."""
        if self.by_worth and self.profile.values_tricks:
            one_round = self.rules.auction.rounds is Rounds.ONE
            curves = {strain: self.trick_curve(strain) for strain in estimates}
            return choose_by_worth(self.valuation, self.profile, view, ordinary, estimates, curves, one_round, may_pass)
        affordable = [
            contract for contract in ordinary if contract.level is not None and contract.level <= estimates[contract.style.strain]
        ]
        if not affordable:
            return None
        strain = max({contract.style.strain for contract in affordable}, key=lambda each: (estimates[each], each))
        candidates = sorted((contract for contract in affordable if contract.style.strain == strain), key=lambda contract: contract.rank)
        target = int(estimates[strain]) - (0 if self.rules.auction.rounds is Rounds.ONE else 1)
        within = [contract for contract in candidates if contract.level is not None and contract.level <= target]
        return within[-1] if within else candidates[0]

    # -- the kitty ------------------------------------------------------------------------------

    def _discard(self, view: SeatView, hand: int, contract: Contract, count: int) -> Decision:
        """The ``count`` cards of ``hand`` to discard for ``contract`` and why: :meth:`heuristic_discard`'s,
        or the one its ``estimator`` prefers to it (:meth:`Estimator.discard`)."""
        kind, chosen = self.heuristic_discard(view, hand, contract, count)
        move = self.estimator.discard(self, view, hand, contract, count, chosen)
        return Decision(move, DiscardReason(kind if move == chosen else Discarding.SAMPLED, contract))

    def heuristic_discard(self, view: SeatView, hand: int, contract: Contract, count: int) -> tuple[str, int]:
        """Why (a :class:`~engine.bots.reasons.Discarding` code) and which ``count`` cards of ``hand`` to
        discard for ``contract``: for a misère the cards most likely to be forced to take a trick, for a
        contract with a ceiling those that fit the hand to it, else the shortest side suits' lowest cards."""
        strain = self._strains[contract.style.strain]
        power, suit_of = strain.power, strain.suit_of
        cards = cards_in(hand)
        if contract.target.is_no_tricks:
            return Discarding.MISERE, self._misere.misere_discard(strain, hand, count)
        if has_ceiling(contract, self._hand_size) and self.profile.adapts:
            return Discarding.CEILING, self._misere.ceiling_discard(strain, hand, contract.target.minimum, count)
        length: dict[str | None, int] = {}
        for index in cards:
            length[suit_of[index]] = length.get(suit_of[index], 0) + 1

        def keep_value(index: int) -> tuple[float, int]:
            if power[index] >= TRUMP_POWER:
                return (100.0 + power[index], 0)
            place = strain.place[index]
            if place == 0:
                return (50.0, power[index])  # keep aces
            if place == 1 and length[suit_of[index]] >= 2:
                return (30.0, power[index])  # keep K-x
            # Shorten the shortest side suits first, so that the declarer can trump them.
            return (float(length[suit_of[index]]), power[index])

        return Discarding.WINNERS, mask_of(sorted(cards, key=keep_value)[:count])


__all__ = ["Estimator", "HeuristicBot", "Profile"]
