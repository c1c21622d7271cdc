"""A hint for a person: what the heuristic bot would do in their seat, and why, in one line.

The reason is read back from the same observation the bot chose from (its trick estimates for a bid,
whether its card wins the trick for a play), so it says what the bot weighed, not a fixed phrase per
phase.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..game.observation import Observation
from ..kernel.actions import Action, Bid, Call, CallPartner, Discard, Give, Pass, Pick, Play
from ..kernel.phase import Phase
from ..kernel.tables import mask_of
from ..rules.cards import Card
from ..rules.contracts import Contract
from .heuristic import HeuristicBot


def hint(bot: HeuristicBot, observation: Observation, legal_actions: Sequence[Action]) -> tuple[Action, str]:
    """The action ``bot`` chooses for ``observation.seat`` and a one-line reason for it."""
    action = bot.act(observation, legal_actions)
    if len(legal_actions) == 1:
        return action, "it is the only legal action."
    phase = observation.phase
    if phase is Phase.AUCTION:
        return action, _auction_reason(bot, observation, action)
    if phase is Phase.KITTY and isinstance(action, Discard):
        return action, "keep your trumps, aces and guarded kings and shed your shortest side suits."
    if phase is Phase.PLAY and isinstance(action, Play):
        return action, _play_reason(bot, observation, action, legal_actions)
    if isinstance(action, Call):
        return action, f"you can expect to take every trick, so announce {action.announcement}."
    if isinstance(action, CallPartner):
        return action, "name a high card you lack, so that the strongest hand becomes your partner."
    if isinstance(action, Give):
        return action, "give the card you can best spare."
    if isinstance(action, Pick):
        return action, "take the table card worth most to your hand."
    if isinstance(action, Pass):
        return action, "you have nothing worth announcing."
    return action, "jokers, jacks and each suit's top half are worth keeping."


def _misere_reason(bot: HeuristicBot, observation: Observation, contract: Contract, best: float) -> str:
    """Why a misère: for one played alone, the danger the bot weighed against the limit it bids at."""
    if contract in bot._calibrated:
        danger, limit = bot.misere_measure(mask_of(card.index for card in observation.hand), contract)
        calibrated = bot.calibrated_limit(contract)
        if calibrated is not None:
            return (
                f"the defenders could force about {danger:.1f} tricks on this hand, within the {calibrated:.2f} "
                f"at which play-outs of this variant made {contract.name} often enough: it should take none."
            )
        return f"the defenders could force about {danger:.1f} tricks on this hand, within {limit:.2f}: {contract.name} should take none."
    return f"a hand with few winners (at most {best:.1f} tricks in any strain): {contract.name} should take none."


def _ceiling_reason(bot: HeuristicBot, observation: Observation, contract: Contract) -> str:
    """Why a contract with a ceiling (hi/lo): the measure the bot weighed against the limit it bids at."""
    measure, limit = bot.misere_measure(mask_of(card.index for card in observation.hand), contract)
    calibrated = bot.calibrated_limit(contract)
    wanted = contract.target.describe(bot.rules.deal.hand_size)
    return (
        f"your top cards should take the first {contract.target.minimum} tricks and the rest lose the others (about "
        f"{measure:.1f} tricks off, within {limit if calibrated is None else calibrated:.2f}): {contract.name} wants {wanted}."
    )


def _auction_reason(bot: HeuristicBot, observation: Observation, action: Action) -> str:
    rules = bot.rules
    strains = [
        strain.id
        for strain in rules.strains
        if any(contract.style.strain == strain.id and not contract.is_special for contract in rules.ladder)
    ]
    estimates = {strain: bot.estimate(observation.hand, strain, observation.calls, observation.seat) for strain in strains}
    best = max(estimates, key=lambda strain: estimates[strain])
    named = rules.strain(best).name
    support = _support(bot, observation.seat)
    if isinstance(action, Bid):
        contract = rules.ladder[action.contract]
        if contract.target.is_no_tricks:
            return _misere_reason(bot, observation, contract, estimates[best])
        if contract in bot._calibrated:
            return _ceiling_reason(bot, observation, contract)
        if contract.level is None:
            return f"you can expect {estimates[best]:.1f} tricks in {named}, enough for {contract.name}."
        return (
            f"you can count on {estimates[contract.style.strain]:.1f} tricks in {rules.strain(contract.style.strain).name}"
            f"{support}: enough for {contract.id}."
        )
    return f"your best strain, {named}, is worth about {estimates[best]:.1f} tricks{support}: not enough for the next bid."


def _support(bot: HeuristicBot, seat: int) -> str:
    """What the estimate counts beyond the hand, as the seating has it: partners' bids, the partner a
    declarer will call, the kitty."""
    parts = []
    if bot._partners[seat]:
        parts.append("your partner's bids")
    elif bot.rules.seating.called_partner is not None:
        parts.append("the partner you would call")
    if bot.rules.deal.kitty:
        parts.append("the kitty")
    return " with " + " and ".join(parts) if parts else ""


def _play_reason(bot: HeuristicBot, observation: Observation, action: Play, legal_actions: Sequence[Action]) -> str:
    rules = bot.rules
    contract = rules.ladder[observation.contract.split()[0]] if observation.contract is not None else None
    order = rules.card_order(rules.played_strain(observation.contract))
    card = action.card
    seat = observation.acting_seat if observation.acting_seat is not None else observation.seat
    # The seats the bot plays with, as it knows them (a called partner once known, a team otherwise).
    allies, mine = bot._allies(seat, observation.declarer, observation.partner)
    if contract is not None and contract.target.is_no_tricks:
        if not mine:
            return "defending a misère: play to leave the declarer a trick to take."
        if not observation.trick:
            return f"playing misère: {card} is the lead least likely to win a trick."
        return f"playing misère: {card} is the highest card that still loses, or one you must shed."
    if not observation.trick:
        if order.is_trump(card):
            return f"lead trumps ({card}) to draw the other side's."
        return f"lead {card}: the best card left in its suit, or low from your longest side suit."
    cards: list[Card] = [played for _, played in observation.trick]
    led = observation.led_suit
    leader = order.winner(cards, led)
    winning_seat = observation.trick[leader][0]
    if allies >> winning_seat & 1 and winning_seat != seat:
        return f"your side is winning the trick ({cards[leader]}): play your cheapest card ({card})."
    if order.winner(cards + [card], led) == len(cards):
        return f"{card} is the lowest card that wins the trick."
    plays = [each.card for each in legal_actions if isinstance(each, Play)]
    if any(order.winner(cards + [other], led) == len(cards) for other in plays):
        return f"{card} loses this trick; your winners are kept for later."
    return f"you cannot beat {cards[leader]}: play your cheapest card ({card})."


__all__ = ["hint"]
