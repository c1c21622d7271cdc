"""Bidding by sampling: the trick estimates behind a bid read from play-outs of deals consistent with
what the bidder has seen, instead of from a formula over its own hand.

The bidder deals the cards it cannot see (the other hands and the kitty) at random many times. Each deal
is weighted by how well it fits the calls made so far (soft evidence: a deal where a seat that bid 8♥
holds no hearts counts for little, not nothing). For each strain the bidder could name, every deal is
played out by heuristic bots from a fresh auction in which the bidder alone bids that strain: it takes
the kitty, discards, and the hand is played to the end. The weighted mean of the declaring side's tricks
is the strain's estimate; the weighted share of deals in which a misère takes no trick decides whether
to bid it. The rest of the bidding (the level chosen, not outbidding a partner, inkles) is the heuristic
bot's: :class:`SamplingBot` is the heuristic bot asking a :class:`SamplingEstimator` (its
:class:`~engine.bots.heuristic.Estimator`) for its estimates, misère safety, settled bid and discard.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import replace
from itertools import combinations
from typing import Any, TypeVar

from ..analysis.double_dummy import Solver
from ..analysis.limits import SolverLimitError
from ..errors import UsageError
from ..kernel.phase import PASS_MOVE, Phase
from ..kernel.seat_view import SeatView
from ..kernel.shuffling import shuffle
from ..kernel.state import GameState
from ..kernel.tables import cards_in, mask_of
from ..rules.contracts import Contract, Exposure, ExposureTime, PartnerRole, PlayStyle
from ..rules.ruleset import Rules
from .heuristic import Estimator, HeuristicBot
from .profile import Profile
from .reasons import Bidding, BidReason, Decision
from .standing import WON, Standing

DEFAULT_BID_SAMPLES = 20
"""Deals sampled for one bid."""

MISERE_POSITIONS = 100_000
"""Positions the solver may search to tell whether a sampled misère can be forced to take a trick."""


def _weighted_mean(results: Iterable[tuple[float, float]]) -> float:
    """The mean of the values in (weight, value) pairs, each counting as much as its weight."""
    total = weighted = 0.0
    for weight, value in results:
        total += weight
        weighted += weight * value
    return weighted / total


_Deal = TypeVar("_Deal", bound=tuple[float, Any, Any])


def likeliest(deals: list[_Deal], count: int) -> list[_Deal]:
    """The ``count`` deals of ``deals`` (each led by its weight: how well it explains the calls) that
    explain them best, the heaviest first and, among equals, in the order drawn (the sort is stable)."""
    return sorted(deals, key=lambda deal: -deal[0])[:count]


class SamplingEstimator(Estimator):
    """The heuristic bot's estimates read from play-outs of sampled deals (see the module docstring): the
    :class:`~engine.bots.heuristic.Estimator` of :class:`SamplingBot`, built for the bot whose bids it
    reads (``bot``), whose formulas weigh the sampled deals against the calls."""

    def __init__(self, bot: HeuristicBot, samples: int = DEFAULT_BID_SAMPLES, pool: int = 1) -> None:
        if samples < 1 or pool < 1:
            raise UsageError(f"A sampling estimator needs at least one deal a bid and a pool of at least one, not {samples} and {pool}.")
        rules, profile = bot.rules, bot.profile
        self.bot = bot
        """The bot whose bidding asks (its formulas weigh how well a sampled deal explains the calls)."""
        self._sampled: set[str] = set()
        """The strains the last :meth:`strain_estimates` read from play-outs."""
        self.rules = rules
        """The variant played."""
        self.profile = profile
        """The bot's settings (the sampling's shares and weights among them)."""
        self.random = bot.random
        """Draws the sampled deals (the bot's generator)."""
        self.samples = samples
        """Deals sampled for one bid."""
        self.pool = pool
        """Deals drawn for each one kept, at most, once calls have been made: the likeliest are kept (see
        :meth:`_sample`); 1 keeps every deal drawn."""
        self._players = HeuristicBot(rules, profile, self.random)
        self._tables = bot.tables
        self._templates: dict[int, GameState] = {}
        self._deals: tuple[tuple[int, int, tuple[tuple[int, int], ...], int], list[tuple[float, list[int], tuple[int, ...]]]] | None = None
        self._outcomes: dict[tuple[int, int], list[int] | None] = {}
        self._solved: dict[PlayStyle, list[int | None]] = {}
        self._enabling: dict[int, bool] = {}
        seating, deal = rules.seating, rules.deal
        # Sampling reads one hand per player, a kitty and a dead hand: not dummies, cards on the table or
        # hands drawn card by card, for which the heuristic's estimates stand.
        self.applies = seating.dummies is None and not deal.table and seating.seats == seating.players and not deal.draw
        """Whether this variant's bids are sampled."""
        # A called partner joins the declarer's side only once called: the standing is read by team.
        self._reads_score = profile.reads_score and self.applies and seating.called_partner is None

    # -- what the heuristic bot's bidding asks ---------------------------------------------------------

    def settle_bid(self, bot: HeuristicBot, view: SeatView, hand: int, ranks: int, passing: bool, decision: Decision) -> Decision:
        """The heuristic's bid ``decision`` from sampled estimates, then weighed by the game's standing
        (:attr:`Profile.reads_score`): a bid whose play-outs mostly lose the game outright gives way to a
        pass, and a pass to the cheapest contract whose play-outs mostly win it, or which is worth more in
        games than letting opponents play a contract that would win them the game (a sacrifice)."""
        move = decision.move
        if not self._reads_score or not passing:
            return decision
        seat, calls = view.actor, view.bidding
        standing = Standing(self.rules, self._tables.team_of, view.scores)
        profile = self.profile
        estimates = decision.reason.estimates if isinstance(decision.reason, BidReason) else {}
        if move != PASS_MOVE:
            odds = self.game_odds(standing, view, hand, self._tables.contracts[move])
            if odds is not None and odds[1] >= profile.game_lost_share and odds[1] > odds[0]:
                return Decision(PASS_MOVE, BidReason(Bidding.GAME_LOST, None, estimates))
            return decision
        high_seat = next((who for who, call in reversed(calls) if call != PASS_MOVE), None)
        if high_seat in bot.partners[seat]:
            return decision  # a partner holds the bid: outbidding it risks the side's own contract
        passing_worth = self.passing_worth(standing, view, hand)
        inkles = self.rules.auction.inkles
        for rank in cards_in(ranks):  # the cheapest first
            contract = self._tables.contracts[rank]
            if contract.level is None or contract.is_special or (inkles is not None and contract.level == inkles.level):
                continue
            results = self.play_outs(view, hand, contract)
            if not results:
                continue
            won, lost = standing.odds(contract, seat, results)
            if won >= profile.game_won_share and lost <= won * profile.game_won_loss_share:
                return Decision(rank, BidReason(Bidding.GAME_WON, contract, estimates))
            if passing_worth is not None and standing.value(contract, seat, results) >= passing_worth + profile.sacrifice_margin:
                # A sacrifice: outbid opponents whose contract would likely win them the game.
                return Decision(rank, BidReason(Bidding.SACRIFICE, contract, estimates))
        return decision

    def passing_worth(self, standing: Standing, view: SeatView, hand: int) -> float | None:
        """What passing is worth in games to the view's bidder's side (:meth:`Standing.value`, from -1 to 1)
        when an opponent holds a bid whose making (by the fewest tricks it needs) would win it the game: the
        opposite of that contract's worth to its bidder over the deals sampled for the bidder, played out
        with the opponent declaring. ``None`` elsewhere (nobody bid, a partner holds the bid, a bid with a
        modifier, or one that does not end the game when made), so the play-outs are spent only where a
        sacrifice may be worth it."""
        high = next(((who, call) for who, call in reversed(view.bidding) if call != PASS_MOVE), None)
        if high is None or self._tables.team_of[high[0]] == self._tables.team_of[view.actor] or high[1] >= self._tables.stride:
            return None  # (a move past the stride is a bid with a modifier)
        bidder, contract = high[0], self._tables.contracts[high[1]]
        needed = 0 if contract.target.is_no_tricks else contract.level
        if needed is None or standing.outcome(contract, bidder, needed) != WON:
            return None  # made, it does not end the game (or it is not a count of tricks)
        results = self.play_outs(view, hand, contract, bidder)
        return -standing.value(contract, bidder, results) if results else None

    def play_outs(self, view: SeatView, hand: int, contract: Contract, declarer: int | None = None) -> list[tuple[float, int]] | None:
        """(weight, the declaring side's tricks) over the deals sampled for the view's bidder with
        ``declarer`` (the bidder unless given) playing ``contract``: an ordinary contract reads its
        strain's lowest contract's play-outs, a misère played alone its own; ``None`` for other specials
        (not sampled)."""
        if contract.level is not None and not contract.is_special:
            lowest = self._lowest(contract.style.strain)
            return self._results(view, hand, lowest, declarer) if lowest is not None else None
        if contract.target.is_no_tricks and contract.style.partner is PartnerRole.SITS_OUT:
            return self._results(view, hand, contract, declarer)
        return None

    def game_odds(self, standing: Standing, view: SeatView, hand: int, contract: Contract) -> tuple[float, float] | None:
        """The shares of the sampled play-outs in which the view's bidder declaring ``contract`` wins the
        game and loses it (``None`` where play-outs are not sampled for it, see :meth:`play_outs`)."""
        results = self.play_outs(view, hand, contract)
        return standing.odds(contract, view.actor, results) if results else None

    def strain_estimates(self, bot: HeuristicBot, view: SeatView, hand: int, strains: set[str]) -> dict[str, float]:
        """Tricks the declaring side may expect in each of ``strains``: the weighted mean of the sampled
        play-outs of the strain's lowest contract (plus the profile's ``aggression``), where it can be
        played out; the formula's elsewhere."""
        estimates = bot.formula_estimates(view, hand, strains)
        self._sampled = set()
        if not self.applies:
            return estimates
        for strain in strains:
            contract = self._lowest(strain)
            mean = self._mean_tricks(view, hand, contract) if contract is not None else None
            if mean is not None:
                estimates[strain] = mean + self.profile.aggression
                self._sampled.add(strain)
        return estimates

    def expected_tricks(self, bot: HeuristicBot, estimates: dict[str, float]) -> tuple[dict[str, float], dict[str, float]]:
        """The tricks expected per strain: a strain read from play-outs (:meth:`strain_estimates`, just
        called) expects its play-outs' mean as it is (the variant's curve corrects a formula's reading, not
        tricks taken); the others through the curve."""
        expected, spreads = bot.expected_tricks(estimates)
        for strain in self._sampled & set(estimates):
            expected[strain] = estimates[strain]
        return expected, spreads

    def choose(
        self, bot: HeuristicBot, view: SeatView, ordinary: list[Contract], estimates: dict[str, float], chosen: Contract | None
    ) -> Contract | None:
        """The heuristic's choice of strain and level ``chosen``, then, in its strain, the level up to the
        estimate whose play-outs score best on average (:attr:`Profile.values_levels`): a continuous
        auction's convention of bidding a level below the estimate leaves room to rise, but a contract left
        a level low scores a level's value less when made."""
        if chosen is None or chosen.level is None or not self.profile.values_levels:
            return chosen
        if not self.applies or self._deals is None:
            return chosen
        # The bid being chosen is the one whose deals are sampled (the estimates just read them).
        seat, hand = view.actor, self._deals[0][1]
        results = self.play_outs(view, hand, chosen)
        if not results:
            return chosen
        standing = Standing(self.rules, self._tables.team_of, view.scores or self._tables.start_scores)
        levels = [
            contract
            for contract in ordinary
            if contract.style.strain == chosen.style.strain
            and contract.level is not None
            and chosen.level <= contract.level <= estimates[chosen.style.strain]
        ]
        # The lowest first: a higher level must score more on average to be chosen.
        return max(
            levels,
            key=lambda contract: (
                _weighted_mean((weight, standing.points(contract, seat, tricks)) for weight, tricks in results),
                -contract.rank,
            ),
        )

    def misere_safe(self, bot: HeuristicBot, view: SeatView, hand: int, contract: Contract) -> bool:
        """Safe when heuristic defenders rarely force a trick in the play-outs and, on the first
        :attr:`Profile.misere_solved_deals` deals, defenders who know where every card lies seldom can
        either (or, a closed misère, can only sometimes but the heuristic's danger test finds the hand
        safe): the play-outs alone are too kind: heuristic defenders let far too many misères through
        (bench/NOTES.md)."""
        share = self._clean_share(view, hand, contract) if self.applies else None
        if share is None:
            return bot.misere_within_limit(view, hand, contract)
        seat = view.actor
        if share < self.profile.misere_make_share:
            return False
        assert self._deals is not None
        # Open and closed misère are the same double-dummy problem (the solver sees every hand anyway):
        # solved once for both.
        style = replace(contract.style, exposed=Exposure.NONE, exposed_from=ExposureTime.AFTER_FIRST_TRICK)
        if style not in self._solved:
            self._solved[style] = [
                self._play_out(seat, view.dealer, hands, kitty, contract, solved=True)
                for _, hands, kitty in self._deals[1][: self.profile.misere_solved_deals]
            ]
        solved = [(weight, forced) for (weight, _, _), forced in zip(self._deals[1], self._solved[style])]
        if any(forced is None for _, forced in solved):
            return False
        closed = contract.style.exposed is Exposure.NONE
        share = _weighted_mean((weight, forced == 0) for weight, forced in solved)
        if share >= (self.profile.misere_solved_share if closed else self.profile.open_misere_solved_share):
            return True
        # Two independent tests agreeing: the solved deals, at a lower bar, and the hand's own dangers.
        return closed and share >= self.profile.misere_checked_share and bot.misere_within_limit(view, hand, contract)

    def discard(self, bot: HeuristicBot, view: SeatView, hand: int, contract: Contract, count: int, chosen: int) -> int:
        """The discard whose play-outs make ``contract`` most often (then take the most tricks, or for a
        misère the fewest) among the heuristic bot's choice ``chosen`` and its near alternatives: every set
        of ``count`` cards from the heuristic's ``count + 2`` (or ``count + 1``) best discards."""
        kitty = mask_of(view.kitty)
        if not self.applies or not kitty or kitty & ~hand or kitty.bit_count() != count:
            return chosen
        spare = count + 2 if count <= 4 else count + 1
        pool = cards_in(bot.heuristic_discard(view, hand, contract, min(spare, hand.bit_count() - 1))[1])
        candidates = [chosen, *(mask_of(cards) for cards in combinations(pool, count) if mask_of(cards) != chosen)]
        seat, original = view.actor, hand & ~kitty
        deals = self._sample(seat, original, view.bidding, view.dealer, hand)
        scores: dict[int, tuple[float, float]] = {}
        for candidate in candidates:
            results = []
            for weight, hands, _ in deals:
                tricks = self._play_out(seat, view.dealer, hands, tuple(cards_in(kitty)), contract, candidate)
                if tricks is None:
                    return chosen
                results.append((weight, tricks))
            made = _weighted_mean((weight, contract.target.made(tricks)) for weight, tricks in results)
            scores[candidate] = (
                made,
                _weighted_mean((weight, -tricks if contract.target.is_no_tricks else tricks) for weight, tricks in results),
            )
        # The heuristic's choice unless another is better; among equals, the first (the heuristic's).
        return max(candidates, key=lambda candidate: scores[candidate])

    # -- sampling ----------------------------------------------------------------------------------

    def _lowest(self, strain: str) -> Contract | None:
        """The lowest ordinary contract in ``strain`` (the one each play-out is declared in)."""
        levels = [
            contract
            for contract in self.rules.ladder.contracts
            if contract.level is not None and contract.style.strain == strain and not contract.is_special
        ]
        return min(levels, key=lambda contract: contract.level or 0) if levels else None

    def _mean_tricks(self, view: SeatView, hand: int, contract: Contract) -> float | None:
        results = self._results(view, hand, contract)
        if results is None:
            return None
        return _weighted_mean(results)

    def _clean_share(self, view: SeatView, hand: int, contract: Contract) -> float | None:
        results = self._results(view, hand, contract)
        if results is None:
            return None
        return _weighted_mean((weight, tricks == 0) for weight, tricks in results)

    def _results(self, view: SeatView, hand: int, contract: Contract, declarer: int | None = None) -> list[tuple[float, int]] | None:
        """(weight, the declaring side's tricks) for each deal sampled for ``seat`` played out in
        ``contract`` with ``declarer`` (``seat`` itself unless given) declaring; ``None`` where the
        play-out cannot be arranged."""
        seat, calls, dealer = view.actor, view.bidding, view.dealer
        key = (seat, hand, calls, dealer)
        if self._deals is None or self._deals[0] != key:
            self._deals = (key, self._sample(seat, hand, calls, dealer))
            self._outcomes, self._solved = {}, {}
        bidder = seat if declarer is None else declarer
        if (bidder, contract.rank) not in self._outcomes:
            outcomes: list[int] | None = []
            for _, hands, kitty in self._deals[1]:
                tricks = self._play_out(bidder, dealer, hands, kitty, contract)
                if tricks is None:
                    outcomes = None
                    break
                assert outcomes is not None
                outcomes.append(tricks)
            self._outcomes[(bidder, contract.rank)] = outcomes
        outcomes = self._outcomes[(bidder, contract.rank)]
        if not outcomes:
            return None
        return [(weight, tricks) for (weight, _, _), tricks in zip(self._deals[1], outcomes)]

    def _template(self, dealer: int) -> GameState:
        """A state whose first hand ``dealer`` deals, to copy for each play-out."""
        template = self._templates.get(dealer)
        if template is None:
            template = self._templates[dealer] = GameState.create(self.rules, seed=0, dealer=dealer, history=False)
            # A play-out stops at the hand's end: without the pause, its last card scored the hand and then
            # dealt the next one (copying the template's shared generator each time), and an auction that
            # could not be won played all-passed redeals until the kernel's hand limit.
            template.pause_between_hands = True
        return template

    def _sample(
        self, seat: int, hand: int, calls: Sequence[tuple[int, int]], dealer: int, seen: int = 0
    ) -> list[tuple[float, list[int], tuple[int, ...]]]:
        """Deals of the unseen cards (not in ``hand`` or ``seen``), each with its weight: every other hand
        and the kitty in their sizes (what is left over is out of play: a dead hand). Once calls have been
        made, up to the estimator's ``pool`` deals are drawn for each one kept, and the likeliest kept
        (:func:`likeliest`); else the deals in the order drawn."""
        template = self._template(dealer)
        sizes = [mask.bit_count() for mask in template.hand.hands]
        unseen = cards_in(self.bot.card_play.every_card & ~hand & ~seen)
        deals = []
        plausible = 0
        # With a pool, deals are drawn until as many as wanted explain every call (or the pool is spent),
        # and the likeliest are kept, in the order drawn among equals: a strong bid is hardly explained by
        # most random deals, and weighing them down alone would leave few deals counting.
        drawn = self.samples * self.pool if calls else self.samples
        for _ in range(drawn):
            shuffle(self.random, unseen)
            hands, position = [], 0
            for each, size in enumerate(sizes):
                if each == seat:
                    hands.append(hand)
                    continue
                hands.append(mask_of(unseen[position : position + size]))
                position += size
            kitty = tuple(unseen[position : position + len(template.hand.kitty)])
            weight = self.calls_weight(hands, calls)
            deals.append((weight, hands, kitty))
            plausible += weight >= 1.0
            if plausible >= self.samples:
                break
        return deals if len(deals) <= self.samples else likeliest(deals, self.samples)

    def calls_weight(self, hands: Sequence[int], calls: Sequence[tuple[int, int]]) -> float:
        """How well a sampled deal explains the calls: each bid a hand could hardly make, and each pass
        by a hand clearly worth a bid, divides its weight."""
        weight = 1.0
        contracts, stride, profile = self._tables.contracts, self._tables.stride, self.profile
        unlikely = profile.unlikely_weight
        level = 0
        for position, (who, call) in enumerate(calls):
            earlier = calls[:position]
            if call == PASS_MOVE:
                if level and any(
                    self.bot.estimate(hands[who], strain, earlier, who) >= level + profile.unexplained_pass
                    for strain in self._tables.strains
                ):
                    weight *= unlikely
                continue
            contract = contracts[call % stride]
            if contract.level is not None and not contract.is_special:
                if self.bot.estimate(hands[who], contract.style.strain, earlier, who) < contract.level - profile.unexplained_bid:
                    weight *= unlikely
                level = max(level, contract.level)
            elif contract.target.is_no_tricks:
                # Graded: the more tricks the hand may be forced to take, the less it explains the bid.
                excess = self.bot.misere_danger(hands[who]) - profile.misere_limit - profile.unexplained_bid
                if excess > 0:
                    weight *= unlikely ** (1.0 + excess)
        return weight

    def _auction_won(
        self, seat: int, dealer: int, hands: list[int], kitty: tuple[int, ...], contract: Contract, enabling: bool
    ) -> GameState | None:
        """A fresh hand of this deal whose auction ``seat`` won with ``contract``, the others passing (or,
        ``enabling``, every seat first bidding the lowest contract it may, until ``contract`` may be bid);
        ``None`` if that cannot be."""
        state = self._template(dealer).copy()
        state.hand.hands = list(hands)
        state.hand.kitty = kitty
        bid = False
        while state.phase is Phase.AUCTION:
            actor = state.to_act
            if actor is None:
                return None
            legal = state.legal_mask()
            move = PASS_MOVE
            if actor == seat and legal >> (contract.rank + 1) & 1:
                move, bid = contract.rank, True
            elif enabling and not bid:
                below = legal >> 1 & ((1 << contract.rank) - 1)
                if below:
                    move = (below & -below).bit_length() - 1  # the lowest: the bidding rises a step a call
            if not legal >> (move + 1) & 1:
                return None
            state.apply_move(move)
        return state if state.hand.declarer == seat else None

    def _play_out(
        self,
        seat: int,
        dealer: int,
        hands: list[int],
        kitty: tuple[int, ...],
        contract: Contract,
        discard: int | None = None,
        solved: bool = False,
    ) -> int | None:
        """The declaring side's tricks when heuristic bots play this deal with ``seat`` the only bidder,
        of ``contract`` (discarding ``discard`` if given); ``None`` if the auction does not allow that.

        ``solved`` (a misère): instead of playing out, solve the deal double dummy from the first lead:
        0 if the declarer can always avoid a trick, else 1 (also when the search passes its bound)."""
        enabling = self._enabling.get(contract.rank, False)
        state = self._auction_won(seat, dealer, hands, kitty, contract, enabling)
        if state is None and contract.rank not in self._enabling:
            # A contract that may not open the bidding (misère once the bidding reaches 7, say): the
            # bidding first rises a step a call until it may be bid.
            enabling = True
            state = self._auction_won(seat, dealer, hands, kitty, contract, enabling)
        self._enabling[contract.rank] = enabling
        if state is None:
            return None
        bot = self._players
        for _ in range(100):
            if state.phase is Phase.PLAY:
                break
            actor = state.to_act
            if actor is None:
                return None
            if discard is not None and state.phase is Phase.KITTY and actor == seat:
                state.apply_move(discard)
                discard = None
                continue
            state.apply_move(bot.choose(state, actor, state.legal_mask()))
        play = state.hand.play
        if play is None or state.phase is not Phase.PLAY:
            return None
        side = state.hand.side()
        if solved:
            solver = Solver(play, frozenset(side), minimize=True, covers=dict(state.hand.arrangement.covers), max_nodes=MISERE_POSITIONS)
            try:
                return 1 if solver.makes_at_least(1) else 0
            except SolverLimitError:
                return 1
        for _ in range(len(self._tables.cards) * 2):
            if play.over or state.phase is not Phase.PLAY:
                break
            actor = state.to_act
            if actor is None:
                return None
            state.apply_move(bot.choose(state, actor, state.legal_mask()))
        if not play.over:
            return None  # a claim or an early end: this deal is left out
        return sum(play.tricks[each] for each in side)


class SamplingBot(HeuristicBot):
    """The heuristic bot, bidding from play-outs of sampled deals (see the module docstring): the heuristic
    bot with a :class:`SamplingEstimator` (its ``estimator``)."""

    name = "heuristic"
    """How the command line names the bot whose play this is."""

    def __init__(
        self,
        rules: Rules,
        profile: Profile = Profile(),
        seed: int | str | random.Random | None = None,
        *,
        samples: int = DEFAULT_BID_SAMPLES,
        pool: int = 1,
    ) -> None:
        super().__init__(rules, profile, seed)
        self.sampler = SamplingEstimator(self, samples, pool)
        """The sampling its bidding asks (also its ``estimator``)."""
        self.estimator = self.sampler


__all__ = ["DEFAULT_BID_SAMPLES", "MISERE_POSITIONS", "SamplingBot", "SamplingEstimator", "likeliest"]
