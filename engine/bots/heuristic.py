"""A heuristic bot: bids from a hand evaluation, discards by the rules texts' strategy, plays sensibly.

It reads only its seat's :class:`~engine.observation.Observation` and the variant's rules, so it plays
any variant the kernel plays, in any player count. Conventions and style are a :class:`Profile`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from ..actions import PASS, Action, Bid, Discard, Play
from ..cards import Card
from ..contracts import Contract, PartnerRole
from ..observation import Observation, Phase
from ..rules import Rounds, Rules
from ..strains import TRUMP_POWER, CardOrder

# Trick values of a trump by its place among the trumps (0 = the joker or highest trump).
_TRUMP_VALUE = (1.0, 0.95, 0.8, 0.65, 0.5, 0.4)


@dataclass(frozen=True)
class Profile:
    """How a heuristic bot bids and plays; conventions are settings here, not code."""

    name: str = "heuristic"
    """The profile's name."""
    aggression: float = 0.3
    """Tricks added to the hand's estimate before choosing a level (negative: cautious)."""
    partner_tricks: float = 2.2
    """Tricks expected from each partner who has not bid."""
    partner_bid_tricks: float = 3.0
    """Tricks expected from a partner who bid the same strain."""
    kitty_tricks: float = 0.6
    """Tricks the kitty is expected to add for a declarer who takes it."""
    misere_limit: float = 1.2
    """Bid misère when the hand's danger after discarding is at most this."""
    open_misere_limit: float = 0.6
    """Bid open misère when the danger is at most this."""
    six_no_trump_shows_joker: bool = False
    """Convention: open 6NT whenever holding the joker (rules text 000, "Bidding conventions")."""
    inkles: bool = True
    """Use inkles, where the variant has them, to show a suit to the partner."""

    def __post_init__(self) -> None:
        if not -3.0 <= self.aggression <= 3.0:
            raise ValueError(f"Profile aggression must be between -3 and 3 tricks, not {self.aggression}.")
        for label, value in (("partner_tricks", self.partner_tricks), ("partner_bid_tricks", self.partner_bid_tricks), ("kitty_tricks", self.kitty_tricks)):
            if not 0.0 <= value <= 10.0:
                raise ValueError(f"Profile {label} must be between 0 and 10 tricks, not {value}.")
        if self.misere_limit < 0 or self.open_misere_limit < 0:
            raise ValueError("Profile misère limits must not be negative.")


class HeuristicBot:
    """Bids, discards and plays by simple, explainable rules (see the module docstring)."""

    name = "heuristic"
    """How the command line names this bot."""

    def __init__(self, rules: Rules, profile: Profile = Profile(), seed: int | str | None = None) -> None:
        self.rules = rules
        """The variant played."""
        self.profile = profile
        """Bidding and play settings."""
        self.random = random.Random(seed)
        """Breaks ties between equally good choices."""
        self._orders = {order.strain.id: order for order in rules.card_orders}
        self._suits = tuple(suit.id for suit in rules.deck.suits)
        self._contracts = {contract.id: contract for contract in rules.ladder}

    # -- the protocol ---------------------------------------------------------------------------

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """Choose an action for the observing seat."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        if observation.phase is Phase.AUCTION:
            return self._bid(observation, legal_actions)
        if observation.phase is Phase.KITTY:
            return self._discard(observation)
        return self._play(observation, legal_actions)

    # -- bidding --------------------------------------------------------------------------------

    def _partners(self, observation: Observation) -> list[int]:
        team = observation.team_of[observation.seat]
        return [seat for seat, other in enumerate(observation.team_of) if other == team and seat != observation.seat]

    def estimate(self, hand: Sequence[Card], strain: str, observation: Observation | None = None) -> float:
        """Tricks the declaring side may expect in ``strain`` with ``hand``, the kitty and partners."""
        order = self._orders[strain]
        trumps = [card for card in hand if order.power[card.index] >= TRUMP_POWER]
        place = {index: position for position, index in enumerate(order.trump_cards)}
        tricks = 0.0
        for rank, card in enumerate(sorted(trumps, key=lambda each: place[each.index])):
            position = place[card.index]
            # A trump is worth more when the cards above it are ours too.
            tricks += _TRUMP_VALUE[min(position - rank, len(_TRUMP_VALUE) - 1)] if position >= rank else 1.0
        tricks += max(0, len(trumps) - 4) * 0.6
        for suit, plain in order.plain_order:
            held = [card for card in hand if order.suit_of[card.index] == suit and order.power[card.index] < TRUMP_POWER]
            ranks = sorted(plain.index(card.index) for card in held)
            if order.strain.trump is None:
                tricks += sum((1.0, 0.7, 0.4)[position] for position in ranks if position < 3 and len(held) > position)
                tricks += max(0, len(held) - 4) * 0.5 if ranks and ranks[0] == 0 else 0.0
            else:
                tricks += sum((0.9, 0.45, 0.15)[position] for position in ranks if position < 3 and len(held) > position)
                if len(trumps) >= 3:
                    tricks += 0.6 if not held else 0.3 if len(held) == 1 else 0.0
        if self.rules.deal.kitty:
            tricks += self.profile.kitty_tricks
        if observation is not None:
            for partner in self._partners(observation):
                bids = [call for seat, call in observation.calls if seat == partner and call != "pass"]
                strains = {self._contracts[call].style.strain for call in bids}
                tricks += self.profile.partner_bid_tricks if strain in strains else self.profile.partner_tricks
        return tricks + self.profile.aggression

    def misere_danger(self, hand: Sequence[Card]) -> float:
        """How likely ``hand`` is to be forced to take a trick in no trump (0 = safe), after the discard.

        A card is safe when enough lower cards of its suit are held to duck under the others; each
        missing one adds danger. The joker always wins, so it is the most dangerous card.
        """
        order = self._orders.get("NT") or next(iter(self._orders.values()))
        dangers: list[float] = []
        for _, plain in order.plain_order:
            from_bottom = sorted(len(plain) - 1 - plain.index(card.index) for card in hand if card.index in plain)
            for held_below, rank in enumerate(from_bottom):
                dangers.append(max(0, rank - held_below - 1) * 0.3)
        dangers.extend(3.0 for card in hand if card.is_joker)
        dangers.sort(reverse=True)
        kitty = self.rules.deal.kitty
        return sum(dangers[kitty:]) + 0.3 * kitty

    def _bid(self, observation: Observation, legal: Sequence[Action]) -> Action:
        bids = [self._contracts[action.contract] for action in legal if isinstance(action, Bid)]
        if not bids:
            return PASS
        hand = observation.hand
        partners = self._partners(observation)
        high_seat = next((seat for seat, call in reversed(observation.calls) if call != "pass"), None)
        inkles = self.rules.auction.inkles
        ordinary = [contract for contract in bids if contract.level is not None and not (inkles and contract.level == inkles.level)]
        estimates = {strain: self.estimate(hand, strain, observation) for strain in {contract.style.strain for contract in ordinary}}
        choice = self._choose(ordinary, estimates)
        if high_seat in partners and choice is not None:
            # Do not outbid a partner unless this hand is clearly stronger in another strain.
            assert choice.level is not None
            if estimates[choice.style.strain] < choice.level + 1.5:
                choice = None
        specials = [contract for contract in bids if contract.target.is_no_tricks and contract.style.partner is PartnerRole.SITS_OUT]
        if specials and choice is None:
            danger = self.misere_danger(hand)
            for contract in sorted(specials, key=lambda each: -each.value):
                limit = self.profile.open_misere_limit if contract.style.exposed.value != "none" else self.profile.misere_limit
                if danger <= limit:
                    return Bid(contract.id)
        if choice is not None:
            return Bid(choice.id)
        if inkles is not None and self.profile.inkles:
            shown = self._inkle(hand, bids, inkles.level)
            if shown is not None:
                return shown
        if self.profile.six_no_trump_shows_joker and any(card.is_joker for card in hand) and "6NT" in {contract.id for contract in bids}:
            return Bid("6NT")
        return PASS

    def _choose(self, ordinary: list[Contract], estimates: dict[str, float]) -> Contract | None:
        """The bid to make: in the strain with the most tricks expected, a level one below the estimate
        in a continuous auction (room to rise later, rules text 000 "Bidding conventions") or the
        estimate itself when there is one round; never above the estimate."""
        affordable = [contract for contract in ordinary if contract.level is not None and contract.level <= estimates[contract.style.strain]]
        if not affordable:
            return None
        strain = max({contract.style.strain for contract in affordable}, key=lambda each: (estimates[each], each))
        candidates = sorted((contract for contract in affordable if contract.style.strain == strain), key=lambda contract: contract.rank)
        target = int(estimates[strain]) - (0 if self.rules.auction.rounds is Rounds.ONE else 1)
        within = [contract for contract in candidates if contract.level is not None and contract.level <= target]
        return within[-1] if within else candidates[0]

    def _inkle(self, hand: Sequence[Card], bids: list[Contract], level: int) -> Action | None:
        for contract in bids:
            if contract.level != level or contract.style.strain not in self._suits:
                continue
            suit = [card for card in hand if card.suit == contract.style.strain]
            if len(suit) >= 3 and any(card.rank in ("A", "K", "J") for card in suit):
                return Bid(contract.id)
        return None

    # -- the kitty ------------------------------------------------------------------------------

    def _discard(self, observation: Observation) -> Action:
        contract = self._contracts[observation.contract or ""]
        order = self._orders[contract.style.strain]
        hand = list(observation.hand)
        count = len(observation.kitty)
        if contract.target.is_no_tricks:
            # Misère: put away the most dangerous cards, the joker first.
            ranked = sorted(hand, key=lambda card: (not card.is_joker, -order.power[card.index]))
            return Discard(tuple(ranked[:count]))
        length = {suit: 0 for suit in self._suits}
        for card in hand:
            suit = order.suit_of[card.index]
            if suit is not None:
                length[suit] += 1

        def keep_value(card: Card) -> tuple[float, int]:
            power = order.power[card.index]
            if power >= TRUMP_POWER:
                return (100.0 + power, 0)
            suit = order.suit_of[card.index] or ""
            plain = dict(order.plain_order)[suit]
            place = plain.index(card.index)
            if place == 0:
                return (50.0, power)  # keep aces
            if place == 1 and length[suit] >= 2:
                return (30.0, power)  # keep K-x
            # Shorten the shortest side suits first, so that the declarer can trump them.
            return (float(length[suit]), power)

        ranked = sorted(hand, key=keep_value)
        return Discard(tuple(ranked[:count]))

    # -- the play -------------------------------------------------------------------------------

    def _key(self, order: CardOrder, card: Card, led: str | None) -> int:
        power = order.power[card.index]
        return power if power >= TRUMP_POWER or order.suit_of[card.index] == led else -1

    def _play(self, observation: Observation, legal: Sequence[Action]) -> Action:
        contract = self._contracts[observation.contract or ""]
        order = self._orders[contract.style.strain]
        plays = [action for action in legal if isinstance(action, Play)]
        declarer = observation.declarer
        assert declarer is not None
        mine = observation.team_of[observation.seat] == observation.team_of[declarer]
        if contract.target.is_no_tricks:
            return self._play_misere(observation, order, plays, mine, declarer)
        if not observation.trick:
            return self._lead(observation, order, plays, mine)
        led = observation.led_suit
        winner_seat, best = observation.trick[0][0], -2
        for seat, card in observation.trick:
            key = self._key(order, card, led)
            if key > best:
                winner_seat, best = seat, key
        cards = [play.card for play in plays]
        cheapest = min(cards, key=lambda card: (order.power[card.index] >= TRUMP_POWER, order.power[card.index]))
        if observation.team_of[winner_seat] == observation.team_of[observation.seat]:
            return Play(cheapest)  # never overtake a partner's winner
        winners = [card for card in cards if self._key(order, card, led) > best]
        if winners:
            return Play(min(winners, key=lambda card: order.power[card.index]))
        return Play(cheapest)

    def _unseen(self, observation: Observation) -> set[int]:
        seen = {card.index for card in observation.hand} | {card.index for card in observation.discards}
        seen |= {card.index for trick in observation.tricks for _, card in trick.cards}
        seen |= {card.index for _, card in observation.trick}
        seen |= {card.index for _, cards in observation.exposed for card in cards}
        return {card.index for card in self.rules.deck.cards} - seen

    def _lead(self, observation: Observation, order: CardOrder, plays: list[Play], mine: bool) -> Action:
        unseen = self._unseen(observation)
        hand = observation.hand
        trumps = sorted((card for card in hand if order.power[card.index] >= TRUMP_POWER), key=lambda card: -order.power[card.index])
        outstanding = [index for index in unseen if order.power[index] >= TRUMP_POWER]
        if mine and trumps and outstanding:
            top = trumps[0]
            if order.power[top.index] > max(order.power[index] for index in outstanding) or len(trumps) >= 4:
                return self._with_suit(plays, top if order.power[top.index] > max(order.power[i] for i in outstanding) else trumps[-1], hand, order)
        for card in sorted(hand, key=lambda each: -order.power[each.index]):
            suit = order.suit_of[card.index]
            if order.power[card.index] >= TRUMP_POWER or suit is None:
                continue
            higher = [index for index in unseen if order.suit_of[index] == suit and order.power[index] > order.power[card.index] and order.power[index] < TRUMP_POWER]
            if not higher:
                return self._with_suit(plays, card, hand, order)  # the best card left in its suit
        side = [card for card in hand if order.power[card.index] < TRUMP_POWER]
        if side:
            count = {suit: sum(1 for card in side if order.suit_of[card.index] == suit) for suit in self._suits}
            lowest = min(side, key=lambda card: (-count.get(order.suit_of[card.index] or "", 0), order.power[card.index]))
            return self._with_suit(plays, lowest, hand, order)
        return self._with_suit(plays, trumps[-1], hand, order)

    def _with_suit(self, plays: list[Play], card: Card, hand: Sequence[Card], order: CardOrder) -> Play:
        """The legal play of ``card``; a joker led in no trump names the leader's longest suit."""
        options = [play for play in plays if play.card == card]
        if len(options) <= 1:
            return options[0] if options else plays[0]
        count = {suit: sum(1 for each in hand if order.suit_of[each.index] == suit) for suit in self._suits}
        return max(options, key=lambda play: count.get(play.suit or "", 0))

    def _play_misere(self, observation: Observation, order: CardOrder, plays: list[Play], mine: bool, declarer: int) -> Action:
        led = observation.led_suit
        cards = [play.card for play in plays]
        hand = observation.hand
        if not observation.trick:
            if mine:
                # Lead the card with the fewest unseen cards below it in its suit (ideally none).
                unseen = self._unseen(observation)

                def exposure(card: Card) -> tuple[bool, int, int]:
                    suit, power = order.suit_of[card.index], order.power[card.index]
                    below = sum(1 for index in unseen if order.suit_of[index] == suit and order.power[index] < power)
                    return (card.is_joker, below, power)

                return self._with_suit(plays, min(cards, key=exposure), hand, order)
            # Defending: lead low in the suit the declarer has followed most (the declarer's long suit).
            followed = {suit: 0 for suit in self._suits}
            for trick in observation.tricks:
                for seat, card in trick.cards:
                    suit = order.suit_of[card.index]
                    if seat == declarer and suit is not None:
                        followed[suit] += 1
            plain = [card for card in cards if not card.is_joker] or cards
            low = min(plain, key=lambda card: (-followed.get(order.suit_of[card.index] or "", 0), order.power[card.index]))
            return self._with_suit(plays, low, hand, order)
        winner_seat, best = observation.trick[0][0], -2
        for seat, card in observation.trick:
            key = self._key(order, card, led)
            if key > best:
                winner_seat, best = seat, key
        under = [card for card in cards if self._key(order, card, led) < best]
        if mine:
            # The declarer ducks with the highest card that still loses, or sheds the highest card.
            pool = under or cards
            return Play(max(pool, key=lambda card: (order.power[card.index] < TRUMP_POWER, order.power[card.index])))
        declarer_played = any(seat == declarer for seat, _ in observation.trick)
        if declarer_played and winner_seat == declarer and under:
            return Play(max(under, key=lambda card: order.power[card.index]))  # let the declarer keep the trick
        if not declarer_played:
            return Play(min(cards, key=lambda card: order.power[card.index]))  # leave room for the declarer to win
        return Play(max(cards, key=lambda card: order.power[card.index]))  # shed a high card, keep low ones


__all__ = ["HeuristicBot", "Profile"]
