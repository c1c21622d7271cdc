"""A heuristic bot: bids from a hand evaluation, discards by the rules texts' strategy, plays sensibly.

It knows only its seat's view and the variant's rules, so it plays any variant the kernel plays, in
any player count. Conventions and style are a :class:`Profile`. It decides once,
:meth:`HeuristicBot.decide`, over the kernel's :class:`~engine.kernel.seat_view.SeatView` (bit masks of
card indices); :mod:`engine.bots.adapter` gives it both protocols, so :meth:`HeuristicBot.act` (an
observation) and :meth:`HeuristicBot.choose` (the simulator's fast path) choose alike from the same
information.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from ..game.observation import Observation
from ..kernel.actions import Action
from ..kernel.calls import called_terms
from ..kernel.drawing import KEEP_MOVE
from ..kernel.phase import Phase
from ..kernel.seat_view import SeatView, seat_view
from ..kernel.state import PASS_MOVE, SUIT_SHIFT, GameState
from ..kernel.table_cards import DISCARD_SHIFT
from ..kernel.tables import StrainTable, cards_in, mask_of, tables_for
from ..rules.announcements import Effect
from ..rules.cards import Card
from ..rules.contracts import Contract, Exposure, KittyUse, PartnerRole, PlayStyle, Target
from ..rules.ruleset import FirstLead, Rounds, Rules
from ..rules.strains import TRUMP_POWER
from .adapter import act_by_view
from .calibration import calibrated_contracts, misere_limits
from .ceiling import ceiling_measure, has_ceiling, past_minimum, spend_high
from .misere_defence import classic_lead, defence_lead
from .profile import Profile
from .random_bot import generator
from .standing import LOST, Standing, end_bid, near_end
from .steering import own_tricks, trick_plan
from .trick_play import Table, follow, follow_classic, lead, opponents_void, winning
from .worth import forced_risks, holding_tricks, sure_of_every_trick


class HeuristicBot:
    """Bids, discards and plays by simple, explainable rules (see the module docstring)."""

    name = "heuristic"
    """How the command line names this bot."""

    def __init__(self, rules: Rules, profile: Profile = Profile(), seed: int | str | random.Random | None = None) -> None:
        self.rules = rules
        """The variant played."""
        self.profile = profile
        """Bidding and play settings."""
        self.random = generator(seed)
        """For profiles that randomise; the present rules break ties by card order and draw nothing."""
        self._tables = tables_for(rules)
        self._strains = self._tables.strains
        self._all = (1 << len(self._tables.cards)) - 1
        self._jokers = mask_of(card.index for card in self._tables.cards if card.is_joker)
        # The chance that a card this hand lacks is not with a misère's defenders.
        hidden = len(self._tables.cards) - rules.deal.hand_size
        defenders = rules.deal.hand_size * sum(
            1 for other in range(rules.seating.seats) if self._tables.team_of[other] != self._tables.team_of[0]
        )
        self._misere_elsewhere = elsewhere = max(0.0, 1.0 - defenders / hidden) if hidden else 0.0
        if profile.adapts:
            # The declarer sees the kitty: a card it still lacks then lies with the defenders, or in a
            # sitting-out partner's hand or a dead hand (two-handed, none: the defender holds them all).
            outside = hidden - rules.deal.kitty
            elsewhere = max(0.0, 1.0 - defenders / outside) if outside > 0 else 0.0
            self._misere_elsewhere = elsewhere = min(elsewhere, 1.0 - profile.misere_defender_share)
        # A misère card forced with k outside cards of its suit below it: the chance the defenders hold one.
        self._risk = [1.0 - elsewhere**count for count in range(len(self._tables.cards) + 1)]
        self._estimates: dict[tuple[int, str], float] = {}
        self._dangers: dict[tuple[int, bool], float] = {}
        self._limits: dict[str, float] | None = None
        self._orders: dict[tuple[int, ...], tuple[int, ...]] = {}
        self._plans: dict[tuple[int, int, int, tuple[int, ...]], tuple[int, int] | None] = {}
        self._steers = profile.adapts and profile.reads_score
        self._hand_size = rules.deal.hand_size
        self._ceiling = profile.adapts and any(has_ceiling(contract, self._hand_size) for contract in rules.ladder)
        team_of = self._tables.team_of
        # An unbid hand (all pass, played in no trump): every side plays to take tricks.
        self._unbid = Contract("", "no bid", 0, 0, None, Target(1, rules.deal.hand_size), PlayStyle(rules.auction.all_pass.strain))
        self._partners = [
            [other for other in range(len(team_of)) if other != seat and team_of[other] == team_of[seat]] for seat in range(len(team_of))
        ]
        # The ladder's ranks by kind: ordinary bids (not inkles), misères played alone and misères both
        # partners play (each kind highest first).
        inkles = rules.auction.inkles
        ladder = self._tables.contracts
        self._ordinary_ranks = mask_of(
            contract.rank for contract in ladder if contract.level is not None and not (inkles and contract.level == inkles.level)
        )
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
        # How far one hand can move a score: the most an ordinary bid of all but the top two levels is
        # worth, and the defenders' trick points.
        self._reach = max((each.value for each in ladder if each.level is not None and each.level <= rules.deal.hand_size - 2), default=0)
        self._reach += rules.scoring.defender_trick_points * rules.deal.hand_size
        self._team_masks = [
            mask_of(other for other in range(len(team_of)) if team_of[other] == team_of[seat]) for seat in range(len(team_of))
        ]
        self._dummy_seats = tuple(range(rules.seating.players, rules.seating.seats))
        # Drawing a hand: worth keeping are the jokers, the jacks (bowers to be) and each suit's top half.
        no_trump = next(order for order in rules.card_orders if order.strain.trump is None)
        self._keepers = self._jokers | mask_of(card.index for card in self._tables.cards if card.rank == "J")
        self._keepers |= mask_of(index for _, plain in no_trump.plain_order for index in plain[: (len(plain) + 1) // 2])

    @staticmethod
    def leaves_alone(rules: Rules) -> dict[str, str]:
        """The contracts of ``rules`` this bot never bids, by id, each with why (a simulation's report warns
        of them): a contract bid before looking (it looks first: bench/NOTES.md and docs/rule-use.md)."""
        return {
            contract.id: "the heuristic bots never bid it: they look at their cards first (a blind bid rarely pays)"
            for contract in rules.ladder
            if contract.eligibility.before_looking
        }

    # -- the protocols --------------------------------------------------------------------------

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """Choose an action for the observing seat (:meth:`decide`, through :func:`~engine.bots.adapter.act_by_view`)."""
        return act_by_view(self.decide, self._tables, observation, legal_actions)

    def choose(self, state: GameState, seat: int, legal: int) -> int:
        """The same choice as :meth:`act`, from the kernel's state (the fast path)."""
        if legal & (legal - 1) == 0 and state.phase is Phase.PLAY:
            play = state.play
            assert play is not None
            if not (play.names_suits and legal & play.strain.suitless and not play.trick):
                return legal.bit_length() - 1  # one card: nothing to decide, no view to build
        return self.decide(seat_view(state, self._tables.controller[seat]), legal)

    def decide(self, view: SeatView, legal: int) -> int:
        """A legal move for the view's acting seat (its player's own seat or its dummy's), given the
        mask of its legal moves (:meth:`~engine.kernel.state.GameState.legal_mask`'s)."""
        seat = view.acting_seat if view.acting_seat is not None else view.seat
        phase = view.phase
        hand = view.hand if seat == view.seat else view.hand_of(seat)
        if phase is Phase.PLAY:
            if legal & (legal - 1) == 0 and not view.nameable:
                return legal.bit_length() - 1  # one card: nothing to decide
            return self._play(*self.reading(view, seat, hand, legal))
        if phase is Phase.DRAW:
            return KEEP_MOVE if self._keepers >> view.drawing & 1 else PASS_MOVE
        if phase is Phase.PICK:
            return self._pick(view, hand, view.terms if view.taking else None, legal)
        if phase is Phase.AUCTION:
            look = self._tables.look_move
            if legal >> (look + 1) & 1:
                return look  # a blind bid is a gamble this bot does not take: it looks first
            return self._auction(view, hand, legal)
        contract, terms = view.contract, view.terms
        assert contract is not None and terms is not None
        if phase is Phase.CALLS:
            return self._announce(seat, hand, contract, view.declarer, legal >> 1)
        if phase is Phase.GIVE:
            return self._gift(hand, contract)
        if phase is Phase.PARTNER:
            return self._call_partner(hand, terms, legal)
        return self._discard(view, hand, contract, view.discard_count)

    def reading(self, view: SeatView, seat: int, hand: int, legal: int) -> tuple[Contract, Table, tuple[int, int] | None]:
        """What ``seat`` (holding ``hand``, with the legal moves ``legal``) weighs to play a card: the
        contract played, the table as it knows it, and the tricks its side should take for the game
        (:meth:`_plan`; ``None``: play as usual)."""
        playing = view.contract if view.contract is not None else self._unbid
        declarer = view.declarer if view.declarer is not None else seat  # an unbid hand: play to win tricks
        allies, mine = self._allies(seat, view.declarer, view.partner)
        nameable = view.nameable
        # Built as a plain tuple: a named tuple's generated constructor is a Python call per decision.
        fields = (
            seat,
            hand,
            declarer,
            view.trick,
            view.led,
            legal,
            list(nameable) if nameable else [],
            view.seen(),  # the acting seat's own cards are its player's, or a dummy's on show
            view.completed,
            allies,
            mine,
            view.hand_of(declarer) if declarer != seat else 0,
            self._order(view.sitting_out),
        )
        steer = self._plan(view, playing, declarer, seat) if self._steers and view.declarer is not None else None
        return playing, tuple.__new__(Table, fields), steer

    # -- seats and partners -----------------------------------------------------------------------

    def _order(self, sitting_out: tuple[int, ...]) -> tuple[int, ...]:
        """The seats that play this hand, clockwise (cached per seats sitting out)."""
        order = self._orders.get(sitting_out)
        if order is None:
            order = self._orders[sitting_out] = tuple(seat for seat in range(self.rules.seating.seats) if seat not in sitting_out)
        return order

    def _allies(self, seat: int, declarer: int | None, partner: int | None) -> tuple[int, bool]:
        """The seats ``seat`` plays with this hand as far as it knows (a mask, itself included), and
        whether it is on the declaring side. Where a partner is called, the declarer's side is the
        declarer and the partner once known, and the defenders play together against it."""
        team_of = self._tables.team_of
        if declarer is None or self.rules.seating.called_partner is None:
            return self._team_masks[seat], declarer is None or team_of[seat] == team_of[declarer]
        side = {declarer} | ({partner} if partner is not None else set())
        if seat in side:
            return mask_of(side), True
        return mask_of(other for other in range(len(team_of)) if other not in side), False

    def _pick(self, view: SeatView, hand: int, contract: Contract | None, table: int) -> int:
        """A table card to take: before the auction (``contract`` ``None``) the one worth least in no
        trump goes into the kitty, which anyone may win; a defender takes the one worth most in the
        contract's strain and discards what it then values least."""
        if contract is None:
            power = self._strains[self.rules.auction.all_pass.strain].power
            return min(cards_in(table), key=lambda index: (power[index], index))
        power = self._strains[contract.style.strain].power
        taken = max(cards_in(table), key=lambda index: (power[index], -index))
        discard = self._discard(view, hand | 1 << taken, contract, 1)
        return taken | discard.bit_length() << DISCARD_SHIFT

    def _call_partner(self, hand: int, contract: Contract, legal: int) -> int:
        """Call a partner (bit 0 of ``legal``: going alone; bit ``i + 1``: naming card ``i``): alone when
        this hand makes the contract by itself with tricks to spare, else the highest trump it lacks, else the highest card
        it lacks (an ace of a side suit), so the partner brings a sure trick."""
        strain = self._strains[contract.style.strain]
        nameable = (legal >> 1) & ~hand
        alone = bool(legal & 1)
        # Alone only with tricks to spare: its evaluation counts on 4 hands, and a partner costs nothing.
        if alone and (
            contract.level is None or self._hand_tricks(hand, strain) >= contract.level + self.profile.alone_margin or not nameable
        ):
            return PASS_MOVE
        for index in strain.trump_cards:
            if nameable >> index & 1:
                return index
        if nameable:
            return max(cards_in(nameable), key=strain.power.__getitem__)
        return PASS_MOVE if alone else (legal >> 1).bit_length() - 1

    # -- announcements ----------------------------------------------------------------------------

    def _announce(self, seat: int, hand: int, contract: Contract, declarer: int | None, offered: int) -> int:
        """An announcement to make (its index in ``rules.announcements``) or :data:`PASS_MOVE`: breach
        when this defender alone expects clearly more tricks than breaching needs; a call that asks for
        every trick when the declarer's hand is sure of every trick and the terms are worth more."""
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
                if own >= needed + self.profile.breach_margin:
                    return index
            elif seat == declarer:
                call = rules.extra(announcement.id)
                terms = called_terms(contract, call, not strain.is_trump)
                if terms.value > contract.value and (terms.target.minimum < hand_size or sure_of_every_trick(strain, hand)):
                    return index
        return PASS_MOVE

    def _gift(self, hand: int, contract: Contract) -> int:
        """The card a partner passes the declarer: its strongest in the contract's strain."""
        power = self._strains[contract.style.strain].power
        return max(cards_in(hand), key=lambda index: (power[index], index))

    # -- bidding --------------------------------------------------------------------------------

    def estimate(self, hand: Sequence[Card] | int, strain: str, calls: Sequence[tuple[int, str]] = (), seat: int = 0) -> float:
        """Tricks the declaring side may expect in ``strain`` with ``hand`` (cards or a mask), the kitty,
        and the partners of ``seat`` given the ``calls`` so far."""
        mask = hand if isinstance(hand, int) else mask_of(card.index for card in hand)
        return self._estimate(mask, strain, self._bid_strains(calls, seat))

    def _bid_strains(self, calls: Sequence[tuple[int, str]], seat: int) -> list[set[str]]:
        """Per partner of ``seat``, the strains it has bid in ``calls``."""
        ladder = self.rules.ladder
        return [
            {ladder[call.split()[0]].style.strain for who, call in calls if who == partner and call != "pass"}
            for partner in self._partners[seat]
        ]

    def _estimate(self, hand: int, strain: str, bid_strains: list[set[str]]) -> float:
        """:meth:`estimate`, given what the partners bid (:meth:`_bid_strains`)."""
        tricks = self._estimates.get((hand, strain))
        if tricks is None:
            if len(self._estimates) > 4096:
                self._estimates.clear()
            tricks = self._estimates[(hand, strain)] = self._hand_tricks(hand, self._strains[strain])
        if self.rules.seating.called_partner is not None:
            tricks += self.profile.partner_tricks  # the partner the declarer will call
        for bid in bid_strains:
            tricks += self.profile.partner_bid_tricks if strain in bid else self.profile.partner_tricks
        return tricks + self.profile.aggression

    def _hand_tricks(self, hand: int, strain: StrainTable) -> float:
        tricks = holding_tricks(strain, hand)
        return tricks + self.profile.kitty_tricks if self.rules.deal.kitty else tricks

    def misere_danger(self, hand: Sequence[Card] | int, discarding: bool = True) -> float:
        """How many tricks ``hand`` may be forced to take in a misère (0 = safe): the sum of
        :meth:`_forced` over its cards, but for the worst ones the kitty lets it discard (unless
        ``discarding`` is false), plus the risk the kitty's cards bring."""
        mask = hand if isinstance(hand, int) else mask_of(card.index for card in hand)
        cached = self._dangers.get((mask, discarding))
        if cached is not None:
            return cached
        if len(self._dangers) > 4096:
            self._dangers.clear()
        strain = self._strains.get("NT") or next(iter(self._strains.values()))
        outside = self._all & ~mask
        dangers = sorted(self._forced(strain, mask, outside), reverse=True)
        kitty = self.rules.deal.kitty
        if self.profile.adapts and discarding and kitty:
            # The kitty's cards are outside cards: each as forced as the outside cards are on average
            # (their forced risks as if they were a hand, over their number). The declarer keeps the
            # hand's worth of cards least forced among its own and the kitty's.
            typical = self._kitty_card_risk(strain, mask, outside)
            dangers = sorted(dangers + [typical] * kitty, reverse=True)
            danger = sum(dangers[kitty:])
        else:
            danger = sum(dangers[kitty if discarding else 0 :]) + 0.1 * kitty
        if self.profile.adapts and self.rules.play.first_lead is FirstLead.DECLARER:
            danger += self._lead_risk(strain, mask, outside)
        self._dangers[(mask, discarding)] = danger
        return danger

    def _kitty_card_risk(self, strain: StrainTable, mask: int, outside: int) -> float:
        """How forced a kitty card is on average: the ``outside`` cards' forced risks as a hand, per card."""
        return sum(self._forced(strain, outside, mask)) / max(1, outside.bit_count())

    def _lead_risk(self, strain: StrainTable, mask: int, outside: int) -> float:
        """The chance that a misère declarer who leads the first trick wins it with its safest lead: the
        defenders play under a lead when they can, so a lead wins when some outside card above it is with
        the defenders and none below it is (a joker always wins; with one defender holding every card the
        declarer lacks, two-handed, only a card below all the outside cards of its suit is safe)."""
        elsewhere = self._misere_elsewhere
        best = 1.0
        for index in cards_in(mask & ~strain.jokers):
            above = (outside & strain.higher[index]).bit_count()
            below = (outside & strain.lower[index]).bit_count()
            risk = 1.0 - (1.0 - elsewhere**above) * elsewhere**below
            if risk < best:
                best = risk
        return best

    def _forced(self, strain: StrainTable, mask: int, outside: int) -> list[float]:
        """For each card of ``mask`` the defenders could force to win a trick, the chance they can: per suit
        they lead the ``outside`` cards lowest up and the hand ducks with its highest card below each lead;
        a card that cannot duck is forced (:func:`~engine.bots.worth.forced_risks`)."""
        return forced_risks(strain, mask, outside, self._risk)

    def _safest_without(self, strain: StrainTable, hand: int, candidates: list[int], outside: int) -> int:
        """The card of ``candidates`` whose loss leaves ``hand`` the least forced (the higher on ties)."""
        power = strain.power
        return min(candidates, key=lambda index: (sum(self._forced(strain, hand & ~(1 << index), outside)), -power[index]))

    def _auction(self, view: SeatView, hand: int, legal: int) -> int:
        """An auction move from the legal moves' mask (bit 0 the pass, bit ``move + 1`` each bid): the
        bid :meth:`_bid` chooses, said sans kitty where the variant has such a modifier and the hand
        clearly makes the bid without the kitty."""
        tables, seat, calls = self._tables, view.actor, view.bidding
        move = self._bid(view, hand, legal >> 1 & tables.all_ranks, bool(legal & 1))
        if move == PASS_MOVE or not tables.modifiers:
            return move
        contract = tables.contracts[move]
        for position, modifier in enumerate(tables.modifiers):
            modified = move + (position + 1) * tables.stride
            if not legal >> (modified + 1) & 1 or modifier.style.kitty is not KittyUse.NONE or contract.level is None:
                continue
            without = self.estimate(hand, contract.style.strain, calls, seat) - self.profile.kitty_tricks
            if without >= contract.level + self.profile.sans_margin:
                return modified
        return move

    def _bid(self, view: SeatView, hand: int, ranks: int, passing: bool) -> int:
        if not ranks:
            return PASS_MOVE
        contracts, seat, calls = self._tables.contracts, view.actor, view.bidding
        high_seat = next((who for who, call in reversed(calls) if call != "pass"), None)
        ordinary = [contracts[rank] for rank in cards_in(ranks & self._ordinary_ranks)]
        estimates = self._strain_estimates(view, hand, {contract.style.strain for contract in ordinary})
        choice = self._choose(view, ordinary, estimates)
        if high_seat in self._partners[seat] and choice is not None:
            # Do not outbid a partner unless this hand is clearly stronger in another strain.
            assert choice.level is not None
            if estimates[choice.style.strain] < choice.level + 1.5:
                choice = None
        if self.profile.adapts and high_seat not in self._partners[seat] and near_end(self.rules, view.scores, self._reach):
            decided = end_bid(self.rules, self._tables.team_of, view, ordinary, estimates, choice, passing)
            if decided is not None:
                return decided
        if choice is not None:
            return choice.rank
        suited = self._suited_special(view, hand, ranks)
        if suited is not None:
            return suited.rank
        for contract in self._calibrated:
            if ranks >> contract.rank & 1 and self._misere_safe(view, hand, contract) and not self._loses_if_made(view, contract):
                return contract.rank
        bids = [contracts[rank] for rank in cards_in(ranks)]
        inkles = self.rules.auction.inkles
        if inkles is not None and self.profile.inkles:
            shown = self._inkle(hand, bids, inkles.level)
            if shown is not None:
                return shown
        if self.profile.six_no_trump_shows_joker and hand & self._jokers:
            six = next((contract for contract in bids if contract.id == "6NT"), None)
            if six is not None:
                return six.rank
        return PASS_MOVE if passing else bids[0].rank

    def _strain_estimates(self, view: SeatView, hand: int, strains: set[str]) -> dict[str, float]:
        """Tricks the declaring side may expect in each of ``strains`` (:meth:`estimate`'s)."""
        bid_strains = self._bid_strains(view.bidding, view.actor)
        return {strain: self._estimate(hand, strain, bid_strains) for strain in strains}

    def misere_measure(self, hand: int, contract: Contract) -> tuple[float, float]:
        """``hand``'s danger for ``contract`` (a misère played alone; for a contract with a ceiling, how far
        the hand is from fitting it, :func:`~engine.bots.ceiling.ceiling_measure`) and the profile's limit for it."""
        if has_ceiling(contract, self.rules.deal.hand_size):
            kitty = self.rules.deal.kitty if contract.style.kitty is not KittyUse.NONE else 0
            strain = self._strains[contract.style.strain]
            outside = self._all & ~hand
            typical = self._kitty_card_risk(strain, hand, outside)
            return ceiling_measure(strain, hand, contract.target.minimum, outside, kitty, self._forced, typical), self.profile.ceiling_limit
        if contract.style.partner is PartnerRole.PLAYS:  # (double misère: the partner's hand is unseen)
            return self.misere_danger(hand, contract.style.kitty is KittyUse.TAKE), self.profile.double_misere_limit
        if contract.style.exposed is Exposure.NONE:  # without the kitty (grand nullo), nothing to discard into
            return self.misere_danger(hand, contract.style.kitty is not KittyUse.NONE or not self.profile.adapts), self.profile.misere_limit
        if self.profile.adapts and contract.style.kitty is not KittyUse.NONE:
            # Laid open once the kitty is taken: the defenders see the hand, so a stricter limit.
            return self.misere_danger(hand), self.profile.open_misere_kitty_limit
        return self.misere_danger(hand, discarding=False), self.profile.open_misere_limit  # shown before the kitty

    def calibrated_limit(self, contract: Contract) -> float | None:
        """The limit calibrated for ``contract`` in this variant (:mod:`~engine.bots.calibration`), or
        ``None`` where the profile's stands (a profile that does not calibrate; too few play-outs)."""
        if not (self.profile.adapts and self.profile.calibrated):
            return None
        if self._limits is None:
            uncalibrated = replace(self.profile, calibrated=False)
            self._limits = misere_limits(self.rules, self._calibrated, lambda: HeuristicBot(self.rules, uncalibrated), uncalibrated)
        return self._limits.get(contract.id)

    def _misere_safe(self, view: SeatView, hand: int, contract: Contract) -> bool:
        """Whether ``hand`` is safe enough to bid ``contract`` (a calibrated contract: a misère, hi/lo; a
        misère both partners play only once the partners have passed, which suggests hands without winners)."""
        if contract.style.partner is PartnerRole.PLAYS and not self._partners_passed(view):
            return False
        danger, limit = self.misere_measure(hand, contract)
        calibrated = self.calibrated_limit(contract)
        return danger <= (limit if calibrated is None else calibrated)

    def _partners_passed(self, view: SeatView) -> bool:
        """Whether every partner of the bidder has passed in this auction."""
        return set(self._partners[view.actor]) <= {who for who, call in view.bidding if call == "pass"}

    def _loses_if_made(self, view: SeatView, contract: Contract) -> bool:
        """Whether making ``contract`` would lose the game for the bidder's side (Walker's 1000: rules text
        000, "Walker Ultimate 500"), where the bot reads the game's standing."""
        if not (self._steers and near_end(self.rules, view.scores, contract.value + self._reach)):
            return False
        return Standing(self.rules, self._tables.team_of, view.scores).outcome(contract, view.actor, contract.target.minimum) == LOST

    def _suited_special(self, view: SeatView, hand: int, ranks: int) -> Contract | None:
        """The ``classic`` profile's double misère (both partners play to take nothing), among the ``ranks``
        bid now: when this hand is very safe and its partners have passed, which suggests hands without
        winners (the default bids it by a calibrated limit, with the other misères)."""
        if not self._partners[view.actor]:
            return None
        for contract in self._double_miseres:
            if contract in self._calibrated:
                continue  # bid by its calibrated limit (the default profile)
            if ranks >> contract.rank & 1:
                if self._partners_passed(view) and self.misere_danger(hand) <= self.profile.double_misere_limit:
                    return contract
                return None
        return None

    def _choose(self, view: SeatView, ordinary: list[Contract], estimates: dict[str, float]) -> Contract | None:
        """The bid to make: in the strain with the most tricks expected, a level one below the estimate
        in a continuous auction (room to rise later, rules text 000 "Bidding conventions") or the
        estimate itself when there is one round; never above the estimate."""
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

    def _inkle(self, hand: int, bids: list[Contract], level: int) -> int | None:
        cards = self._tables.cards
        for contract in bids:
            if contract.level != level or contract.style.strain not in self._tables.suits:
                continue
            suit = [card for card in (cards[index] for index in cards_in(hand)) if card.suit == contract.style.strain]
            if len(suit) >= 3 and any(card.rank in ("A", "K", "J") for card in suit):
                return contract.rank
        return None

    # -- the kitty ------------------------------------------------------------------------------

    def _discard(self, view: SeatView, hand: int, contract: Contract, count: int) -> int:
        """The ``count`` cards of ``hand`` to discard for ``contract``."""
        strain = self._strains[contract.style.strain]
        power, suit_of = strain.power, strain.suit_of
        cards = cards_in(hand)
        if contract.target.is_no_tricks:
            # Misère: put away, one by one, the card whose loss leaves the hand the least forced.
            outside, kept = self._all & ~hand, hand
            for _ in range(count):
                kept &= ~(1 << self._safest_without(strain, kept, cards_in(kept), outside))
            return hand & ~kept
        if has_ceiling(contract, self._hand_size) and self.profile.adapts:
            # Keep the hand that best fits the ceiling: put away, one by one, the card whose loss fits it best.
            kept, minimum = hand, contract.target.minimum
            for _ in range(count):
                kept &= ~(
                    1
                    << min(
                        cards_in(kept),
                        key=lambda index: ceiling_measure(strain, kept & ~(1 << index), minimum, self._all & ~hand, 0, self._forced),
                    )
                )
            return hand & ~kept
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

        return mask_of(sorted(cards, key=keep_value)[:count])

    # -- the play -------------------------------------------------------------------------------

    def _plan(self, view: SeatView, contract: Contract, declarer: int, seat: int) -> tuple[int, int] | None:
        """The tricks ``seat``'s side should take this hand for the game (:func:`~engine.bots.steering.trick_plan`),
        read once a hand, and only where one hand could end the game."""
        key = (view.hand_number, seat, declarer, view.scores)
        if key not in self._plans:
            if len(self._plans) > 256:
                self._plans.clear()
            near = near_end(self.rules, view.scores, self._reach)
            self._plans[key] = trick_plan(self.rules, self._tables.team_of, view.scores, contract, declarer, seat) if near else None
        return self._plans[key]

    def _play(self, contract: Contract, table: Table, steer: tuple[int, int] | None = None) -> int:
        """The card to play (a move); ``steer``: the fewest and most tricks this seat's side should take
        for the game (:meth:`_plan`), past the fewest of which it plays to take no more."""
        strain = self._strains[contract.style.strain]
        mine = table.mine
        if contract.target.is_no_tricks:  # (a misère's defence already plays to hand the declarer a trick)
            return self._play_misere(strain, table, mine)
        if steer is not None and own_tricks(table.completed, table.allies) >= steer[0]:
            return self._play_misere(strain, table, True)
        if self._ceiling and has_ceiling(contract, self._hand_size):
            if past_minimum(contract, table):
                return self._play_misere(strain, table, mine)  # every further trick may break it
            spent = spend_high(strain, table) if table.seat == table.declarer else None
            if spent is not None:
                return self._with_suit(strain, spent, table.hand, table.nameable)
        if not table.trick:
            return self._with_suit(strain, lead(strain, table, self._all, self.profile.adapts), table.hand, table.nameable)
        return follow(strain, table, self._all) if self.profile.adapts else follow_classic(strain, table)

    def _with_suit(self, strain: StrainTable, index: int, hand: int, nameable: list[str]) -> int:
        """The move playing card ``index``; a joker led in no trump names the leader's longest suit."""
        if not nameable or strain.suit_of[index] is not None:
            return index
        suits = self._tables.suits
        count = {suit: sum(1 for each in cards_in(hand) if strain.suit_of[each] == suit) for suit in nameable}
        named = max(nameable, key=lambda suit: count[suit])
        return index | (suits.index(named) + 1) << SUIT_SHIFT

    def _play_misere(self, strain: StrainTable, table: Table, mine: bool) -> int:
        hand, declarer, trick, led, nameable = table.hand, table.declarer, table.trick, table.led, table.nameable
        power, suit_of = strain.power, strain.suit_of
        cards = cards_in(table.playable)
        if not trick:
            if mine:
                # Lead the card least likely to win (no unseen card below it, ideally) that leaves the
                # rest of the hand the least forced.
                unseen, risks, adapts = self._all & ~table.seen, self._risk, self.profile.adapts
                bare = opponents_void(strain, table) if adapts else set()  # suits no defender can follow

                def exposure(index: int) -> tuple[float, int]:
                    if strain.jokers >> index & 1 or (adapts and (not unseen & strain.higher[index] or suit_of[index] in bare)):
                        risk = 1.0  # nothing outside can beat it: the lead wins (every other hand void or lower)
                    else:
                        risk = risks[(unseen & strain.lower[index]).bit_count()]
                    return (risk + sum(self._forced(strain, hand & ~(1 << index), unseen)), power[index])

                return self._with_suit(strain, min(cards, key=exposure), hand, nameable)
            if self.profile.adapts:  # defending: the lead that leaves the declarer the fewest escapes
                low = defence_lead(strain, cards, declarer, table.completed, self._all & ~table.seen, table.declarer_shown)
            else:
                low = classic_lead(strain, cards, declarer, table.completed)
            return self._with_suit(strain, low, hand, nameable)
        winner_seat, best = winning(strain, table)
        keys = strain.keys[led]
        under = [index for index in cards if keys[index] < best]
        if mine:
            if not any(suit_of[index] == led for index in cards):
                # Void: shed the card whose loss leaves the hand the least forced.
                return self._safest_without(strain, hand, cards, self._all & ~table.seen)
            # The declarer ducks with the highest card that still loses, or sheds the highest card.
            return max(under or cards, key=lambda index: (power[index] < TRUMP_POWER, power[index]))
        declarer_played = any(each == declarer for each, _ in trick)
        if declarer_played and winner_seat == declarer and under:
            return max(under, key=power.__getitem__)  # let the declarer keep the trick
        if not declarer_played:
            return min(cards, key=power.__getitem__)  # leave room for the declarer to win
        return max(cards, key=power.__getitem__)  # shed a high card, keep low ones


__all__ = ["HeuristicBot", "Profile"]
