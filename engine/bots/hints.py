"""A hint for a person: what the heuristic bot would do in their seat, and why, in one line.

The reason is read back from the same observation the bot chose from (its trick estimates for a bid,
whether its card wins the trick for a play), so it says what the bot weighed, not a fixed phrase per
phase.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..game.observation import Observation, view_of
from ..kernel.actions import Action, Bid, Call, CallPartner, Discard, Give, Pass, Pick, Play
from ..kernel.moves import legal_mask_of, said_move
from ..kernel.phase import Phase
from ..kernel.tables import StrainTable, cards_in, mask_of
from ..rules.contracts import Contract
from .ceiling import has_ceiling, past_minimum, spend_high
from .heuristic import HeuristicBot
from .steering import own_tricks
from .trick_play import Reason, Table, follow_reading, later_seats, voids


def hint(bot: HeuristicBot, observation: Observation, legal_actions: Sequence[Action]) -> tuple[Action, str]:
    """The action ``bot`` chooses for ``observation.seat`` and a one-line reason for it."""
    if not isinstance(bot, HeuristicBot):
        raise TypeError(f"A hint comes from a HeuristicBot (or a bot built on it), not {type(bot).__name__}.")
    action = bot.act(observation, legal_actions)
    if len(legal_actions) == 1:
        return action, "it is the only legal action."
    phase = observation.phase
    if phase is Phase.AUCTION:
        return action, _auction_reason(bot, observation, action)
    if phase is Phase.KITTY and isinstance(action, Discard):
        return action, _discard_reason(bot, observation)
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


def _discard_reason(bot: HeuristicBot, observation: Observation) -> str:
    """Why the discard, as the bot's ``_discard`` chose it for the contract: a misère sheds the cards that
    could win tricks, a contract with a ceiling fits the hand to it, any other keeps its winners."""
    contract = bot.rules.ladder.get(observation.contract or "")
    if contract is not None and contract.target.is_no_tricks:
        return (
            "playing misère: put away the cards most likely to be forced to take a trick (high cards, aces among them) and keep low ones."
        )
    if contract is not None and has_ceiling(contract, bot.rules.deal.hand_size) and bot.profile.adapts:
        return f"keep the top cards for the first {contract.target.minimum} tricks and low ones to lose the rest: {contract.name} wants no more."
    return "keep your trumps, aces and guarded kings and shed your shortest side suits."


def _misere_reason(bot: HeuristicBot, observation: Observation, contract: Contract, best: float) -> str:
    """Why a misère: for one played alone, the danger the bot weighed against the limit it bids at."""
    if contract in bot._calibrated:
        hand = mask_of(card.index for card in observation.hand)
        danger, limit = bot.misere_measure(hand, contract)
        chance = bot.made_chance(hand, contract) if bot._values else None
        if chance is not None:
            worth = bot.valuation.share_worth(contract, observation.seat, chance, tuple(observation.scores))
            return (
                f"the defenders could force about {danger:.1f} tricks on this hand; play-outs of this variant make "
                f"{contract.name} from such hands {chance:.0%} of the time, worth about {worth:+.0f} points to your side "
                "under its scoring, more than the alternative: it should take none."
            )
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
    bidding = [(seat, said_move(bot._tables, call)) for seat, call in observation.calls]
    estimates = {strain: bot.estimate(observation.hand, strain, bidding, observation.seat) for strain in strains}
    best = max(estimates, key=lambda strain: estimates[strain])
    named = rules.strain(best).name
    support = _support(bot, observation.seat, observation.calls)
    if isinstance(action, Bid):
        contract = rules.ladder[action.contract]
        if contract.target.is_no_tricks:
            return _misere_reason(bot, observation, contract, estimates[best])
        if contract in bot._calibrated:
            return _ceiling_reason(bot, observation, contract)
        if contract.level is None:
            return f"you can expect {estimates[best]:.1f} tricks in {named}, enough for {contract.name}."
        strain = contract.style.strain
        note = _strain_note(bot, observation, strain, estimates)
        taken = _taken(bot, strain, estimates[strain])
        return f"you can count on {estimates[strain]:.1f} tricks in {rules.strain(strain).name}{note}{support}{taken}: enough for {contract.id}."
    note = _strain_note(bot, observation, best, estimates)
    taken = _taken(bot, best, estimates[best])
    return f"your best strain, {named}{note}, is worth about {estimates[best]:.1f} tricks{support}{taken}: not enough for the next bid."


def _taken(bot: HeuristicBot, strain: str, reading: float) -> str:
    """What the variant's measured trick curve makes of ``reading`` where the bot bids by it and it moves
    the reading by a quarter of a trick or more (:mod:`~engine.bots.trick_curve`); empty otherwise."""
    curve = bot.trick_curve(strain) if bot._values else None
    if curve is None or abs(curve.expected(reading) - reading) < 0.25:
        return ""
    return f" (in this variant a declaring side reading that takes about {curve.expected(reading):.1f})"


def _strain_note(bot: HeuristicBot, observation: Observation, strain: str, estimates: dict[str, float]) -> str:
    """Why ``strain`` counts for as much as it does where the hand's length would not say so (issue 45,
    item 8): a partner's bid in it (the estimate adds more for a strain a partner bid), naming the strain
    the hand alone would prefer if that is another; else, for a suit the hand is shorter in than another
    it could bid, the side suits' top cards that win with it as trumps. Empty when neither applies."""
    seat, rules = observation.seat, bot.rules
    bidding = [(each, said_move(bot._tables, call)) for each, call in observation.calls]
    bid = set().union(*bot._bid_strains(bidding, seat)) if bot._partners[seat] else set()
    name = rules.strain(strain).name
    if strain in bid:
        alone = {each: bot.estimate(observation.hand, each, (), seat) for each in estimates}
        own = max(alone, key=lambda each: alone[each])
        if own != strain and alone[own] > alone[strain]:
            return f" (your partner bid {name}; on your own cards {rules.strain(own).name} would be best)"
        return f" (your partner bid {name})"
    table = bot._strains[strain]
    if not table.is_trump:
        return ""
    hand = mask_of(card.index for card in observation.hand)
    held = (hand & table.trumps).bit_count()
    longer = [each for each in estimates if bot._strains[each].is_trump and (hand & bot._strains[each].trumps).bit_count() > held]
    tops = [plain[0] for _, plain in table.order.plain_order if plain and hand >> plain[0] & 1]
    if not longer or not tops:
        return ""
    cards = [str(rules.deck.cards[index]) for index in tops]
    listed = cards[0] if len(cards) == 1 else ", ".join(cards[:-1]) + f" and {cards[-1]}"
    return f" (only {held} trumps, but {listed} win as side cards with {name} as trumps)"


def _support(bot: HeuristicBot, seat: int, calls: Sequence[tuple[int, str]]) -> str:
    """What the estimate counts beyond the hand, as the seating has it: partners' bids, the partner a
    declarer will call, the kitty."""
    parts = []
    if bot._partners[seat]:
        # The estimate counts a partner's support whether or not the partner has bid yet.
        partners = set(bot._partners[seat])
        bid = any(who in partners and call != "pass" for who, call in calls)
        parts.append("your partner's bids" if bid else "your partner's hand")
    elif bot.rules.seating.called_partner is not None:
        parts.append("the partner you would call")
    if bot.rules.deal.kitty:
        parts.append("the kitty")
    return " with " + " and ".join(parts) if parts else ""


def _beyond_reach(strain: StrainTable, table: Table) -> str:
    """Why nothing can beat the trick's winner once this seat has played, as
    :func:`~engine.bots.trick_play.follow_reading` checked it: of the suit led, no higher card is still
    out or the opponents still to play have shown they have none; of the trumps (a plain suit led), none
    higher is still out or none of those opponents has shown it may trump."""
    led_is_trump = bool(strain.trumps >> table.trick[0][1] & 1)
    led = "trump" if led_is_trump else table.led
    known = voids(strain, table)
    foes = [seat for seat in later_seats(table) if not table.allies >> seat & 1]
    named = "trumps" if led_is_trump else "the suit led"
    if all(led in known.get(seat, ()) for seat in foes):
        words = f"the opponents still to play have shown they have none of {named}"
    else:
        words = f"no higher card of {named} is still out"
    if led_is_trump:
        return words
    if any(led in known.get(seat, ()) and "trump" not in known.get(seat, ()) for seat in foes):
        return words + ", nor a higher trump"
    return words + ", and no opponent still to play has shown it may trump"


def _play_reason(bot: HeuristicBot, observation: Observation, action: Play, legal_actions: Sequence[Action]) -> str:
    """Why the card: read back from what the bot weighed (:meth:`~engine.bots.card_play.CardPlay.reading`, and for a trick
    already led :func:`~engine.bots.trick_play.follow_reading`)."""
    tables = bot._tables
    view = view_of(observation, tables, legal_actions)
    seat = view.acting_seat if view.acting_seat is not None else view.seat
    hand = view.hand if seat == view.seat else view.hand_of(seat)
    contract, table, steer = bot.card_play.reading(view, seat, hand, legal_mask_of(view.phase, tables, hand, legal_actions))
    card = action.card
    if steer is not None and own_tricks(table.completed, table.allies) >= steer[0]:
        return f"more tricks would lose your side the game: {card} is played to take none."
    if contract.target.is_no_tricks:
        if not table.mine:
            return "defending a misère: play to leave the declarer a trick to take."
        if not table.trick:
            return f"playing misère: {card} is the lead least likely to win a trick."
        return f"playing misère: {card} is the highest card that still loses, or one you must shed."
    if bot.card_play.ceiling and has_ceiling(contract, bot.card_play.hand_size) and past_minimum(contract, table):
        if table.mine:
            return f"your side has the {contract.target.minimum} tricks {contract.name} needs: {card} is played to take no more."
        return f"the declarer has the {contract.target.minimum} tricks {contract.name} needs: play to give it another."
    if bot.card_play.ceiling and has_ceiling(contract, bot.card_play.hand_size) and table.seat == table.declarer:
        spent = spend_high(bot._strains[contract.style.strain], table)
        if spent is not None:
            why = (
                "no trick a joker is played to is lost, so it is one of them"
                if not table.trick
                else "no high card is left to be forced later"
            )
            return f"short of the {contract.target.minimum} tricks {contract.name} needs: {card} takes one ({why})."
    if not table.trick:
        if bot.rules.card_order(contract.style.strain).is_trump(card):
            return f"lead trumps ({card}) to draw the other side's."
        return f"lead {card}: the best card left in its suit, or low from your longest side suit."
    strain = bot._strains[contract.style.strain]
    best = tables.cards[max(table.trick, key=lambda played: strain.keys[table.led][played[1]])[1]]
    reason = follow_reading(strain, table, bot.card_play.every_card)[1] if bot.profile.adapts else None
    if reason == Reason.NO_WINNER or (
        reason is None and not any(strain.keys[table.led][index] > strain.keys[table.led][best.index] for index in cards_in(table.playable))
    ):
        return f"you cannot beat {best}: play your cheapest card ({card})."
    out = _beyond_reach(strain, table)
    return {
        Reason.PARTNER_LAST: f"your side is winning the trick ({best}) and no opponent plays after you: play your cheapest card ({card}).",
        Reason.PARTNER_HOLDS: f"your side is winning the trick ({best}); {out}: play your cheapest card ({card}).",
        Reason.COVER: f"a card still out could beat your side's {best}: {card} takes the trick, and {out}.",
        Reason.PARTNER_EXPOSED: f"a card still out could beat your side's {best}, and none of yours is sure: {card}, your highest, makes them spend more.",
        Reason.LAST: f"{card} is the lowest card that wins the trick.",
        Reason.SAFE: f"{card} is the cheapest card that takes the trick, and {out}.",
        Reason.PARTNER_TO_COME: f"your partner plays after you, and a card still out could beat your winners: keep them, play {card}.",
        Reason.GAMBLE: f"{card}, your highest winner, makes the players after you spend their best (a card still out could beat it).",
    }.get(reason or "", f"{card}: the cheapest winner, or the cheapest card where your side is winning.")


__all__ = ["hint"]
