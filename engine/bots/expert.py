"""The expert bot: in the card play, it deals the cards it cannot see in many ways consistent with what
its seat has seen, solves each deal double dummy, and plays the card with the best average.

What the seat knows: its own cards, every card played and who played it (so the suits each seat has
shown void in), hands laid open, and its own discards. The unseen cards are dealt to the other seats in
the numbers they hold, never a card of a suit a seat has shown void in; what is left over is out of play
(the kitty's discards, a dead hand, a sitting-out partner's cards). Each deal is solved by
:class:`~engine.analysis.double_dummy.Solver` over the kernel's own play, replayed from the first lead,
for every card the seat may play, and weighted by how well the hands it deals (with the cards each seat
has played) explain the auction: the calls are soft evidence, as in the bidding. More deals are drawn than
solved (up to :data:`POOL` times as many), and the best explained kept.

The first tricks, while more than :data:`DEFAULT_SOLVE_CARDS` cards are left in the hands in play
(``solve_cards``), are the heuristic bot's: there a deal costs most to solve and a sampled choice follows
a guess at where many cards lie, and measured, the heuristic's cards did as well. Sampling stops once the
best card leads every other by more than the deals' noise (:data:`STOP_Z` standard errors, after
:data:`MIN_SAMPLES` deals), as more deals would change the choice only by chance.

The search is bounded by a number of positions, not by a clock, so that the same seed gives the same
game on any machine and with either build: the default, 100,000, is about 0.7 s with the pure-Python
solver (0.17 s compiled) at most. When fewer than :data:`MIN_SAMPLES` deals fit (a single deal may take
a third of the bound at most), the heuristic bot plays: a choice resting on one or two solved deals would
follow a guess at where the cards lie. (With ``rollouts=True`` the card is chosen instead by rollouts:
the same kind of sampled deals, each played to the end by heuristic bots after every card the seat may
play. Measured, that did worse; see ``ExpertBot.rollouts``.)

Each result is weighed by what it scores, not by tricks alone: the hand's points for the declaring side
(the contract made or lost, the opponents' points for their tricks) against the other teams', and by
what it does to the game (:data:`GAME_POINTS` for a result that wins or loses it). Where the deals value
several cards alike, the heuristic bot's card is played if it is one of them.

Bids and the kitty's discards are sampled too, more cheaply: :class:`~engine.bots.sampling.SamplingBot`
plays each sampled deal out with heuristic bots (a double-dummy solve of every strain of every deal would
take minutes). The other decisions are the heuristic bot's, as are plays where the sampling does not
apply (a claim pending). Every seating is sampled: two-handed dummies' face-up cards are on show, and a
card is dealt under each one still covering a face-down card; a table card a defender took is treated as
unseen (the observation does not say who took it), a weaker reading but never a peek.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ..analysis.double_dummy import Solver, legal_moves
from ..analysis.limits import SolverLimitError
from ..analysis.unseen import NoDealError, unseen_deal
from ..errors import UsageError
from ..game.observation import Observation
from ..kernel.actions import Action
from ..kernel.phase import Phase
from ..kernel.play import TrickPlay
from ..kernel.scoring import score_hand
from ..kernel.seat_view import SeatView, shown_voids
from ..kernel.shuffling import shuffle
from ..kernel.state import CARD_BITS, SUIT_SHIFT, GameState
from ..kernel.tables import StrainTable, cards_in, mask_of, tables_for
from ..rules.ruleset import Rules
from .adapter import act_by_view, view_for
from .checks import check_choose, check_rules
from .profile import Profile
from .random_bot import generator
from .sampling import DEFAULT_BID_SAMPLES, SamplingBot, likeliest
from .standing import Standing
from .trick_play import Table

DEFAULT_POSITIONS = 100_000
"""Positions the solver may visit for one decision, over all its sampled deals."""

DEFAULT_SAMPLES = 12
"""Most deals sampled for one decision."""

POOL = 16
"""Deals drawn for each one solved, at most, looking for those that explain the auction."""

BID_SAMPLES = 2 * DEFAULT_BID_SAMPLES
"""Deals the expert samples for one bid: twice the sampling bot's (:data:`~engine.bots.sampling.DEFAULT_BID_SAMPLES`).
Its bids cost little beside its card play, and over 1,000 paired games against the default in `standard`
(bench/NOTES.md) it won 594 with 40 against 574 with 20."""

BID_POOL = 4
"""Deals the expert draws for each one it keeps for a bid once calls have been made, at most: the likeliest
are kept (the estimator's ``pool``), as its card play keeps the likeliest of
:data:`POOL` times as many."""

DEFAULT_SOLVE_CARDS = 24
"""Most cards left in the hands in play for the expert to choose a card by solving sampled deals (24:
from the fifth trick of a four-handed hand of ten cards each); with more, the heuristic bot plays.
Measured in standard (bench/NOTES.md), the first three tricks took four fifths of the expert's time and its
sampled choices there did no better than the heuristic's; the fourth then took three fifths of what was
left, and over 1,000 paired games the expert won as often without solving it (615 against 616)."""

STOP_Z = 2.0
"""Sampling stops once the best card leads every other by this many standard errors of its per-deal lead
(or ties it on every deal so far): more deals would not change the choice but by chance."""

MIN_SAMPLES = 6
"""Fewest deals solved for a decision to rest on them (or all of them, if fewer are sampled): fewer (early in a hand, when each deal costs much
of the budget) and the heuristic bot plays. A card chosen on one or two sampled deals follows a guess at
where the cards lie; over 200 games such early choices cost the expert side more than they won."""

GAME_POINTS = 1_000
"""What winning (or losing) the game on a hand is worth in the card play, in points beside the hand's
score: more than any hand scores, so a card that wins the game beats one that scores more."""

_Trick = tuple[int, tuple[tuple[int, int], ...], str | None]
"""A trick as the expert reads it: its leader, (seat, card) in order, the suit named for a led joker."""


def _clear(each_deal: dict[tuple[int, str | None], list[float]], wants_more: bool, z: float) -> bool:
    """Whether the move with the best total over the deals solved (``each_deal``: each move's worth per
    deal, the declaring side's; ``wants_more``: whether the seat is of that side) is clearly best: it leads
    every other move by more than ``z`` standard errors of its per-deal lead, or equals it on every deal
    (a card alike, whose tie the caller breaks)."""
    sign = 1.0 if wants_more else -1.0
    best = max(each_deal, key=lambda move: sign * sum(each_deal[move]))
    leader = each_deal[best]
    count = len(leader)
    for move, worths in each_deal.items():
        if move == best:
            continue
        leads = [sign * (mine - theirs) for mine, theirs in zip(leader, worths)]
        if not any(leads):
            continue
        mean = sum(leads) / count
        variance = sum((lead - mean) ** 2 for lead in leads) / (count - 1)
        if mean <= z * math.sqrt(variance / count):
            return False
    return True


class ExpertBot:
    """Plays the card with the best average double-dummy result over deals consistent with what its
    seat has seen; bids and discards by sampled play-outs; decides the rest as the heuristic bot does."""

    name = "expert"
    """How the command line names this bot."""

    def __init__(
        self,
        rules: Rules,
        seed: int | str | random.Random | None = None,
        *,
        positions: int = DEFAULT_POSITIONS,
        samples: int = DEFAULT_SAMPLES,
        bid_samples: int = BID_SAMPLES,
        bid_pool: int = BID_POOL,
        profile: Profile = Profile(),
        rollouts: bool = False,
        solve_cards: int = DEFAULT_SOLVE_CARDS,
        stop_z: float | None = STOP_Z,
    ) -> None:
        if positions < 1 or samples < 1 or bid_samples < 1 or bid_pool < 1 or solve_cards < 0 or (stop_z is not None and not stop_z > 0):
            raise UsageError(
                "The expert bot needs at least one position, one sample and a bid pool of at least one, no fewer than 0 cards to solve and a positive "
                f"stopping bound (or None), not {positions} positions, {samples} samples, {bid_samples} bid samples, a bid pool of {bid_pool}, "
                f"solve_cards={solve_cards} and stop_z={stop_z}."
            )
        self.rules = check_rules(rules)
        """The variant played."""
        self.random = generator(seed)
        """Draws the sampled deals."""
        self.heuristic = SamplingBot(rules, profile, self.random, samples=bid_samples, pool=bid_pool)
        """Bids by sampled play-outs, decides the kitty and the rest as the heuristic bot does, and plays
        where the double-dummy sampling does not apply."""
        self.positions = positions
        """The bound on the solver's positions per decision."""
        self.samples = samples
        """The most deals sampled per decision."""
        self.rollouts = rollouts
        """Whether a decision with too few deals solved (early in a hand) is taken by heuristic
        play-outs of sampled deals rather than left to the heuristic bot. Off by default: over 300
        standard deals played both ways against heuristic bots (the same auctions), rollouts scored 16
        points a deal less than the heuristic's own early cards (standard error 13)."""
        self.solve_cards = solve_cards
        """Most cards left in the hands in play for a card to be chosen by solving sampled deals
        (:data:`DEFAULT_SOLVE_CARDS`); with more, the heuristic bot plays."""
        self.stop_z = stop_z
        """Sampling stops once the best card leads every other by this many standard errors
        (:data:`STOP_Z`); ``None``: every deal the budget allows is solved."""
        self._tables = tables_for(rules)
        self._dummies = tuple(range(rules.seating.players, rules.seating.seats))
        self._worths: dict[tuple[str, int, frozenset[int], tuple[int, ...] | None], list[float]] = {}
        self._suits: dict[tuple[str | None, ...], dict[str, int]] = {}

    # -- the protocols -------------------------------------------------------------------------

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """Choose an action for the observing seat (:meth:`decide`, through :func:`~engine.bots.adapter.act_by_view`)."""
        return act_by_view(self.decide, self._tables, observation, legal_actions)

    def choose(self, state: GameState, seat: int, legal: int) -> int:
        """The same choice as :meth:`act`, from the kernel's state (the fast path)."""
        check_choose(state, seat, legal, self.rules)
        if state.phase is not Phase.PLAY:
            return self.heuristic.choose(state, seat, legal)
        return self.decide(view_for(state, seat), legal)

    def decide(self, view: SeatView, legal: int) -> int:
        """A legal move for the view's acting seat, given the mask of its legal moves: in the play, the
        card with the best average double-dummy result; elsewhere, and where sampling cannot decide, the
        heuristic's."""
        seat = view.actor
        if view.phase is not Phase.PLAY or (legal & (legal - 1) == 0 and not view.nameable):
            return self.heuristic.decide(view, legal)
        tricks: list[_Trick] = [(leader, cards, suit) for leader, cards, _, suit in view.tricks]
        # Known: this player's hand, and every hand on show (an open misère's, the dummies' face-up cards).
        known = dict(view.exposed)
        known[view.seat] = view.hand
        contract = view.contract.id if view.contract is not None else None
        side = self._side(seat, view.declarer, view.partner, view.team_of)
        best = self._decide(
            seat,
            known,
            contract,
            tricks,
            view.trick,
            view.named,
            view.discards,
            side,
            view.sitting_out,
            view.bidding,
            view.covering,
            view.declarer,
            view.scores,
        )
        if not best:
            return self.heuristic.decide(view, legal)
        suits = self._tables.suits
        if len(best) > 1:
            fallback = self.heuristic.decide(view, legal)
            named = fallback >> SUIT_SHIFT
            if (fallback & CARD_BITS, suits[named - 1] if named else None) in best:
                return fallback  # the heuristic's card is among the best: its reading of the hand breaks the tie
        card, suit = best[0]
        if not legal >> card & 1:
            return self.heuristic.decide(view, legal)
        return card | (suits.index(suit) + 1) << SUIT_SHIFT if suit is not None else card

    # -- the decision ------------------------------------------------------------------------------

    def _side(self, seat: int, declarer: int | None, partner: int | None, team_of: Sequence[int]) -> frozenset[int]:
        """The declaring side as this seat knows it (its own team when nobody declared)."""
        anchor = declarer if declarer is not None else seat
        side = {each for each in range(len(team_of)) if team_of[each] == team_of[anchor]}
        if partner is not None:
            side.add(partner)
        return frozenset(side)

    def _decide(
        self,
        seat: int,
        seen: dict[int, int],
        contract: str | None,
        tricks: list[_Trick],
        current: tuple[tuple[int, int], ...],
        named: str | None,
        out: int,
        side: frozenset[int],
        sitting_out: Sequence[int],
        calls: Sequence[tuple[int, int]],
        covering: int = 0,
        declarer: int | None = None,
        scores: tuple[int, ...] | None = None,
    ) -> list[tuple[int, str | None]] | None:
        """The best cards (and suits named) for ``seat`` on average over sampled deals, each weighted by
        how well the hands it gives explain the auction's ``calls``, lowest first where several are as
        good, or ``None`` to leave it to the heuristic bot. ``seen`` are the hands the player knows (its
        own, those on show, the dummies' face-up cards); ``covering`` the dummies' face-up cards lying on
        a face-down card, whose cards under them are dealt in each sample too; ``scores`` the teams'
        scores before the hand (a result that ends the game weighs as such, see :meth:`_worth`)."""
        rules, tables = self.rules, self._tables
        strain = tables.strains[rules.played_strain(contract)]
        seats = rules.seating.seats
        active = [each for each in range(seats) if each not in sitting_out]
        played_by = [0] * seats
        for _, trick_cards, _ in tricks:
            for each, card in trick_cards:
                played_by[each] |= 1 << card
        for each, card in current:
            played_by[each] |= 1 << card
        played = 0
        for mask in played_by:
            played |= mask
        counts = {each: rules.deal.hand_size - played_by[each].bit_count() for each in active}
        if sum(counts.values()) > self.solve_cards:
            return None  # early in the hand: the heuristic plays (see DEFAULT_SOLVE_CARDS)
        known = {each: mask for each, mask in seen.items() if each in counts}
        # A dummy holds its face-up cards and, unseen, one under each card still covering one.
        if seat not in known or any(
            known[each].bit_count() + (covering & (known[each] | played_by[each])).bit_count() != counts[each] for each in known
        ):
            return None  # hands of unusual sizes (a variant this sampling does not read): the heuristic plays
        unseen = (1 << len(tables.cards)) - 1
        unseen &= ~played & ~out
        for mask in known.values():
            unseen &= ~mask
        voids = shown_voids(strain, [(leader, cards, 0, suit) for leader, cards, suit in tricks], current, named)
        minimize = contract is not None and rules.ladder[contract].target.is_no_tricks
        wants_more = seat in side  # the worths are the declaring side's, for a misère too
        leader = tricks[0][0] if tricks else (current[0][0] if current else seat)
        # The play so far is replayed once, on the cards played; each sampled deal then gives its hands.
        now = self._replay(played_by, strain, active, leader, tricks, current, named)
        if now is None or now.to_act != seat:
            return None
        worth = self._worth(contract, declarer, side, scores)
        # The solver counts the tricks still to come; the worths are of the hand's whole count.
        taken = sum(now.tricks[each] for each in side)
        ahead = worth[taken:]
        # A misère not yet lost turns on one question, whether the declarer can be forced to take a
        # trick: one search a move, not a count of tricks (which early in the hand does not fit the budget).
        cap = 1 if minimize and not taken else None
        each_deal: dict[tuple[int, str | None], list[float]] = {}
        solved = 0
        budget = self.positions
        per_deal = max(1, 2 * budget // MIN_SAMPLES)  # read here: a program may set positions after making the bot
        deals: list[dict[int, int]] = []
        shared: Solver | None = None
        for weight, hands, covers in self._drawn(unseen, counts, known, voids, strain.suit_of, covering, played_by, calls):
            deals.append(hands)
            play = now.copy()
            play.hands = [hands.get(each, 0) for each in range(seats)]
            # One deal may take a third of the budget at most: a deal costlier than that means too few deals
            # would fit, and the rest of the budget is not spent finding it out.
            # The deals of one decision share one transposition table (late tricks repeat across deals).
            solver = Solver(
                play, side, minimize=minimize, covers=covers, max_nodes=min(budget, per_deal), shares=None if covers else shared
            )
            if not covers:
                shared = solver
            try:
                values = solver.move_values(cap)
            except SolverLimitError:
                break  # the budget ran out in this deal: the deals solved so far decide, if enough
            for move, value in values.items():
                each_deal.setdefault(move, []).append(weight * ahead[value])
            solved += 1
            budget -= solver.stats.nodes
            if budget <= 0 or (self.stop_z is not None and solved >= MIN_SAMPLES and _clear(each_deal, wants_more, self.stop_z)):
                break
        totals = {move: sum(worths) for move, worths in each_deal.items()}
        if solved < min(MIN_SAMPLES, self.samples):
            if not self.rollouts or covering or self._dummies:
                return None
            while len(deals) < self.samples:
                sample = self._sample(unseen, counts, known, voids, strain.suit_of)
                if sample is None:
                    break
                deals.append(sample[0])
            if not deals:
                return None
            totals = self._rollouts(now, deals, side, declarer, contract, played_by, calls, worth)
        # Every move as good as the best, the lowest card first (the cheapest of equals): the caller takes the
        # heuristic's card if it is one of them (where the deals cannot tell cards apart, say a misère
        # every deal says is lost), else the first.
        sign = 1.0 if wants_more else -1.0
        top = max(sign * total for total in totals.values())
        return sorted((move for move, total in totals.items() if sign * total == top), key=lambda move: strain.power[move[0]])

    def _rollouts(
        self,
        now: TrickPlay,
        deals: list[dict[int, int]],
        side: frozenset[int],
        declarer: int | None,
        contract: str | None,
        played_by: list[int],
        calls: Sequence[tuple[int, int]],
        worth: Sequence[float],
    ) -> dict[tuple[int, str | None], float]:
        """Each legal move's weighted total, over ``deals``, of the ``worth`` of the declaring side's tricks when heuristic
        bots play the rest of the hand after it, every seat knowing its own sampled cards and the cards
        played: the early tricks' choice, where a double-dummy solve of enough deals does not fit the
        budget (a rollout costs about a millisecond)."""
        bot = self.heuristic
        terms = self.rules.ladder[contract] if contract is not None else bot.card_play.unbid
        seats = self.rules.seating.seats
        lead = declarer if declarer is not None else next(iter(side))
        allies = [bot.card_play.allies(each, lead, None) for each in range(seats)]
        if self.rules.seating.called_partner is not None:
            # The declaring side as sampled is known in the play-out: each side plays together.
            inside = mask_of(side)
            everyone = mask_of(range(seats))
            allies = [(inside, True) if each in side else (everyone & ~inside, False) for each in range(seats)]
        totals: dict[tuple[int, str | None], float] = {}
        # The seat to act holds the same cards in every deal: its moves are listed once.
        moves = legal_moves(self._filled(now, deals[0], seats))
        for hands in deals:
            weight = self.heuristic.sampler.calls_weight([hands.get(each, 0) | played_by[each] for each in range(seats)], calls)
            for move in moves:
                play = self._filled(now, hands, seats)
                play.play(*move)
                for _ in range(play.total * seats):
                    if play.over:
                        break
                    actor = play.to_act
                    hand = play.hands[actor]
                    legal = play.playable(hand)
                    choice = play.only_move(legal)
                    if choice < 0:
                        mask, mine = allies[actor]
                        table = Table(
                            actor,
                            hand,
                            lead,
                            play.trick,
                            play.led,
                            legal,
                            play.nameable() if play.must_name(legal) else [],
                            hand | play.played,
                            play.completed,
                            mask,
                            mine,
                            0,
                            play.active,
                        )
                        choice = bot.card_play.play(terms, table)
                    named = self._tables.suits[(choice >> SUIT_SHIFT) - 1] if choice >> SUIT_SHIFT else None
                    play.play(choice & CARD_BITS, named)
                gained = sum(play.tricks[each] for each in side)
                totals[move] = totals.get(move, 0.0) + weight * worth[gained]
        return totals

    def _worth(
        self, contract: str | None, declarer: int | None, side: frozenset[int], scores: tuple[int, ...] | None = None
    ) -> list[float]:
        """What each count of the declaring side's tricks is worth to that side, in points: the hand's
        score for it less the mean of the other teams' (so making the contract counts, not the tricks
        alone), plus a hundredth of a point a trick to prefer more tricks among equals; given the
        ``scores`` before the hand, :data:`GAME_POINTS` more for a count that wins the game for the
        declaring side and as many fewer for one that loses it. Without a contract (a hand played out
        unbid), the tricks themselves."""
        total = self.rules.deal.hand_size
        if contract is None or declarer is None:
            return [float(tricks) for tricks in range(total + 1)]
        # A called partner joins the declarer's side only once called: the standing is read by team.
        standing = (
            Standing(self.rules, self._tables.team_of, scores) if scores is not None and self.rules.seating.called_partner is None else None
        )
        key = (contract, declarer, side, standing.scores if standing is not None else None)
        cached = self._worths.get(key)
        if cached is not None:
            return cached
        seating = self.rules.seating
        terms = self.rules.ladder[contract]
        team = seating.team_of(declarer)
        partner = next((each for each in sorted(side) if seating.team_of(each) != team), None)
        others = [each for each in range(seating.seats) if each not in side]
        teams = len(seating.teams)
        mine = {seating.team_of(each) for each in side}
        worth = []
        for tricks in range(total + 1):
            taken = [0] * seating.seats
            taken[declarer] = tricks
            if others:
                taken[others[0]] = total - tricks
            points = score_hand(self.rules, terms, declarer, taken, (0,) * teams, partner=partner).hand_points
            ours = sum(points[each] for each in mine)
            theirs = [points[each] for each in range(teams) if each not in mine]
            game = standing.outcome(terms, declarer, tricks) * GAME_POINTS if standing is not None else 0
            worth.append(ours - (sum(theirs) / len(theirs) if theirs else 0.0) + 0.01 * tricks + game)
        self._worths[key] = worth
        return worth

    @staticmethod
    def _filled(now: TrickPlay, hands: dict[int, int], seats: int) -> TrickPlay:
        """A copy of the play so far holding a sampled deal's hands."""
        play = now.copy()
        play.hands = [hands.get(each, 0) for each in range(seats)]
        return play

    def _drawn(
        self,
        unseen: int,
        counts: dict[int, int],
        known: dict[int, int],
        voids: dict[int, set[str]],
        suit_of: Sequence[str | None],
        covering: int,
        played_by: list[int],
        calls: Sequence[tuple[int, int]],
    ) -> list[tuple[float, dict[int, int], dict[int, int]]]:
        """The deals to solve, each with its weight (how well its hands, as dealt, explain the auction's
        ``calls``): the ``samples`` best explained of up to :data:`POOL` times as many drawn, in the
        order drawn among equals. The calls are soft evidence, but most random deals hardly explain a
        strong bid (a misère's hand is low in every suit): drawing more and keeping the likeliest puts
        the search where the cards probably are."""
        seats = self.rules.seating.seats
        drawn: list[tuple[float, dict[int, int], dict[int, int]]] = []
        plausible = failed = 0
        for _ in range(self.samples * POOL):
            sample = self._sample(unseen, counts, known, voids, suit_of, covering)
            if sample is None:
                failed += 1
                if failed >= self.samples:
                    break  # the shown voids leave few deals: as many failures as deals wanted is enough
                continue
            hands, covers = sample
            weight = self.heuristic.sampler.calls_weight([hands.get(each, 0) | played_by[each] for each in range(seats)], calls)
            drawn.append((weight, hands, covers))
            plausible += weight >= 1.0
            if plausible >= self.samples:
                break
        return likeliest(drawn, self.samples)

    def _sample(
        self,
        unseen: int,
        counts: dict[int, int],
        known: dict[int, int],
        voids: dict[int, set[str]],
        suit_of: Sequence[str | None],
        covering: int = 0,
    ) -> tuple[dict[int, int], dict[int, int]] | None:
        """The unseen cards dealt to the seats whose hands are unknown, in their numbers, none of a suit
        the seat has shown void in, and one under each card of ``covering``: the hands and the covers
        (face-up card → the card under it), drawn uniformly among the deals that fit
        (:class:`~engine.analysis.unseen.UnseenDeal`); ``None`` if no deal fits."""
        open_seats = [each for each in counts if each not in known]
        covers = cards_in(covering)
        masks = self._suit_masks(suit_of)
        barred = [sum(masks.get(suit, 0) for suit in voids.get(each, ())) for each in open_seats]
        sizes = [counts[each] for each in open_seats]
        rest = unseen.bit_count() - sum(sizes) - len(covers)
        if rest < 0:
            return None
        try:
            # The cards under the covers and those out of play are under no constraint.
            dealt = unseen_deal(unseen, [*sizes, len(covers), rest], [*barred, 0, 0]).sample(self.random)
        except NoDealError:
            return None
        hands = dict(known)
        for each, mask in zip(open_seats, dealt):
            hands[each] = mask
        under = cards_in(dealt[len(open_seats)])
        shuffle(self.random, under)
        return hands, dict(zip(covers, under))

    def _suit_masks(self, suit_of: Sequence[str | None]) -> dict[str, int]:
        """Each suit's cards (as a mask) under the strain whose ``suit_of`` is given."""
        key = tuple(suit_of)
        masks = self._suits.get(key)
        if masks is None:
            masks = self._suits[key] = {}
            for card, suit in enumerate(suit_of):
                if suit is not None:
                    masks[suit] = masks.get(suit, 0) | 1 << card
        return masks

    def _replay(
        self,
        played_by: list[int],
        strain: StrainTable,
        active: list[int],
        leader: int,
        tricks: list[_Trick],
        current: tuple[tuple[int, int], ...],
        named: str | None,
    ) -> TrickPlay | None:
        """The kernel's play of the hand so far, replayed from the first lead on the cards played (its
        hands are empty at the end: a sampled deal fills them); ``None`` if the record does not fit."""
        play = TrickPlay(self._tables, list(played_by), strain, active, leader, self.rules.deal.hand_size)
        for _, cards, suit in tricks:
            for position, (each, card) in enumerate(cards):
                if play.to_act != each:
                    return None
                play.play(card, suit if position == 0 else None)
        for position, (each, card) in enumerate(current):
            if play.to_act != each:
                return None
            play.play(card, named if position == 0 else None)
        return play


__all__ = ["BID_POOL", "BID_SAMPLES", "DEFAULT_POSITIONS", "DEFAULT_SAMPLES", "DEFAULT_SOLVE_CARDS", "MIN_SAMPLES", "STOP_Z", "ExpertBot"]
