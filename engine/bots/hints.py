"""A hint for a person: what the heuristic bot would do in their seat, and why, in one line.

The reason is the bot's own: the decision returns the move with what it weighed
(:meth:`~engine.bots.heuristic.HeuristicBot.act_with_reason`, a :class:`~engine.bots.reasons.Decision`:
the branch taken and its figures, such as the trick estimates for a bid or whether the card wins the
trick), and this module only words it, so a hint says what the bot weighed, not a fixed phrase per
phase.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import UsageError
from ..game.observation import Observation
from ..kernel.actions import Action, Bid, Call, CallPartner, Discard, Give, Look, Pass, Pick, Play
from ..kernel.moves import said_move
from ..kernel.phase import Phase
from ..kernel.tables import StrainTable, cards_in, mask_of
from ..rules.contracts import Contract
from .heuristic import HeuristicBot
from .reasons import Bidding, BidReason, Discarding, DiscardReason, Playing, PlayReason
from .trick_play import Reason, Table, later_seats, voids, winning


def hint(bot: HeuristicBot, observation: Observation, legal_actions: Sequence[Action]) -> tuple[Action, str]:
    """The action ``bot`` chooses for ``observation.seat`` and a one-line reason for it, worded from what
    the bot weighed (:meth:`~engine.bots.heuristic.HeuristicBot.act_with_reason`)."""
    if not isinstance(bot, HeuristicBot):
        raise UsageError(f"A hint comes from a HeuristicBot (or a bot built on it), not {type(bot).__name__}.")
    action, decision = bot.act_with_reason(observation, legal_actions)
    if len(legal_actions) == 1 or decision is None:
        return action, "it is the only legal action."
    phase, reason = observation.phase, decision.reason
    if phase is Phase.AUCTION and isinstance(reason, BidReason):
        return action, _auction_reason(bot, observation, action, reason, legal_actions)
    if phase is Phase.KITTY and isinstance(action, Discard) and isinstance(reason, DiscardReason):
        return action, _discard_reason(bot, reason)
    if phase is Phase.PLAY and isinstance(action, Play) and isinstance(reason, PlayReason):
        return action, _play_reason(bot, action, reason)
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


def _discard_reason(bot: HeuristicBot, reason: DiscardReason) -> str:
    """Why the discard, by the branch the bot took for the contract: a misère sheds the cards that could
    win tricks, a contract with a ceiling fits the hand to it, any other keeps its winners; bidding by
    sampling, another discard near those may have made the contract more often in play-outs."""
    contract = reason.contract
    if reason.kind == Discarding.MISERE:
        return (
            "playing misère: put away the cards most likely to be forced to take a trick (high cards, aces among them) and keep low ones."
        )
    if reason.kind == Discarding.CEILING:
        return f"keep the top cards for the first {contract.target.minimum} tricks and low ones to lose the rest: {contract.name} wants no more."
    if reason.kind == Discarding.SAMPLED:
        return (
            f"of the usual discard (trumps, aces and guarded kings kept) and those close to it, this one made {contract.name}"
            " most often in play-outs of deals like this one."
        )
    # "Shorten", not "shed": the lowest cards of the shortest side suits go first, which may void none
    # (a trial read "shed" and looked for a suit emptied).
    return "keep your trumps, aces and guarded kings and shorten your shortest side suits, their lowest cards first."


def _misere_reason(contract: Contract, reason: BidReason, best: float) -> str:
    """Why a misère: for one bid by its worth, the danger, chance and worth the bot weighed; for one bid
    within its limit, the danger against that limit; else (the ``classic`` profile's double misère) the
    hand's few winners."""
    if reason.kind == Bidding.WORTH:
        return (
            f"the defenders could force about {reason.danger:.1f} tricks on this hand; play-outs of this variant make "
            f"{contract.name} from such hands {reason.chance:.0%} of the time, worth about {reason.worth:+.0f} points to your side "
            "under its scoring, more than the alternative: it should take none."
        )
    if reason.kind == Bidding.LIMIT:
        if reason.calibrated:
            return (
                f"the defenders could force about {reason.danger:.1f} tricks on this hand, within the {reason.limit:.2f} "
                f"at which play-outs of this variant made {contract.name} often enough: it should take none."
            )
        return f"the defenders could force about {reason.danger:.1f} tricks on this hand, within {reason.limit:.2f}: {contract.name} should take none."
    return f"a hand with few winners (at most {best:.1f} tricks in any strain): {contract.name} should take none."


def _ceiling_reason(bot: HeuristicBot, contract: Contract, reason: BidReason) -> str:
    """Why a contract with a ceiling (hi/lo): the measure the bot weighed against the limit it bids at."""
    wanted = contract.target.describe(bot.rules.deal.hand_size)
    return (
        f"your top cards should take the first {contract.target.minimum} tricks and the rest lose the others (about "
        f"{reason.danger:.1f} tricks off, within {reason.limit:.2f}): {contract.name} wants {wanted}."
    )


def _auction_reason(
    bot: HeuristicBot, observation: Observation, action: Action, reason: BidReason, legal_actions: Sequence[Action] = ()
) -> str:
    """Why the auction move, from the branch the bot took and the estimates it read (:class:`~engine.bots.reasons.BidReason`)."""
    rules, kind = bot.rules, reason.kind
    # A seat that has not seen its cards is told nothing read from them (its hand is empty to the bot).
    if isinstance(action, Look):
        return "look at your cards first: no blind bid is worth more to an unseen hand than looking before you bid."
    if isinstance(action, Bid) and kind == Bidding.BLIND:
        return f"bid before looking: an unseen hand's chance makes {rules.ladder[action.contract].name} worth more than looking first."
    if not observation.looked:
        return "pass without looking: no bid is worth making with a hand not seen."
    estimates = reason.estimates
    best = max(estimates, key=lambda strain: estimates[strain])
    named = rules.strain(best).name
    support = _support(bot, observation.seat, observation.calls)
    if isinstance(action, Bid):
        contract = rules.ladder[action.contract]
        if kind == Bidding.FORCED:
            return f"you may not pass: {contract.name} is the lowest bid you may make."
        if kind == Bidding.GAME_WON:
            return f"play-outs of deals like this one win the game outright with {contract.name} often enough: bid it."
        if kind == Bidding.SACRIFICE:
            return (
                f"the opponents' contract would likely win them the game; in play-outs {contract.name} costs your side less: a sacrifice."
            )
        if kind == Bidding.CONVENTION:
            strain = contract.style.strain
            shows = f"a good {rules.strain(strain).name} suit" if strain in bot.tables.suits else "that you hold the joker"
            return f"by convention, with no bid of your own: {contract.name} shows your partner {shows}."
        if kind == Bidding.END:
            strain = contract.style.strain if contract.style.strain in estimates else best
            reading = f"{estimates[strain]:.1f} tricks in {rules.strain(strain).name}{_taken(bot, strain, estimates[strain])}"
            return f"near the game's end, {contract.name} is the bid your side's score calls for (you can count on {reading})."
        if contract.target.is_no_tricks:
            return _misere_reason(contract, reason, estimates[best])
        if kind in (Bidding.WORTH, Bidding.LIMIT):
            return _ceiling_reason(bot, contract, reason)
        if contract.level is None:
            return f"you can expect {estimates[best]:.1f} tricks in {named}, enough for {contract.name}."
        strain = contract.style.strain
        note = _strain_note(bot, observation, strain, estimates)
        taken = _taken(bot, strain, estimates[strain])
        return f"you can count on {estimates[strain]:.1f} tricks in {rules.strain(strain).name}{note}{support}{taken}: enough for {contract.id}."
    if kind == Bidding.GAME_LOST:
        return "play-outs of deals like this one lose the game too often with the bid you could make: pass."
    if kind == Bidding.END:
        return (
            f"near the game's end, your side's score is best served by passing (your best strain, {named}, is worth about "
            f"{estimates[best]:.1f} tricks{_taken(bot, best, estimates[best])})."
        )
    note = _strain_note(bot, observation, best, estimates)
    taken = _taken(bot, best, estimates[best])
    unworthy = _below_passing(bot, observation, estimates, legal_actions)
    if unworthy is not None:
        contract, worth = unworthy
        return (
            f"{contract.id} would be made often enough, but it is worth about {worth:.0f} points to your side on average "
            f"(what it scores against what the other side takes), less than passing before anyone has bid "
            f"(your best strain, {named}{note}, is worth about {estimates[best]:.1f} tricks{support}{taken})."
        )
    return f"your best strain, {named}{note}, is worth about {estimates[best]:.1f} tricks{support}{taken}: not enough for the next bid."


def _below_passing(
    bot: HeuristicBot, observation: Observation, estimates: dict[str, float], legal_actions: Sequence[Action]
) -> tuple[Contract, float] | None:
    """Where the bot passed before any bid though a trick contract would be made often enough: the one
    worth most, and its worth, which passing beat (``Profile.weighs_opening_pass``); else ``None``."""
    from dataclasses import replace

    from ..game.observation import view_of
    from .trick_bids import worth_bidding

    profile = bot.profile
    if not (bot.by_worth and profile.values_tricks and profile.weighs_opening_pass):
        return None
    view = view_of(observation, bot.tables, legal_actions)
    if bot.valuation.held(view.bidding) is not None:
        return None
    ladder = bot.rules.ladder
    ranks = mask_of(ladder[action.contract].rank for action in legal_actions if isinstance(action, Bid) and action.contract in ladder)
    ordinary = [contract for contract in bot.weighed_bids(ranks) if contract.style.strain in estimates]
    curves = {strain: bot.trick_curve(strain) for strain in estimates}
    made = worth_bidding(bot.valuation, replace(profile, weighs_opening_pass=False), view, ordinary, estimates, curves)
    return max(made, key=lambda entry: entry[1]) if made else None


def _taken(bot: HeuristicBot, strain: str, reading: float) -> str:
    """What the variant's measured trick curve makes of ``reading`` where the bot bids by it and it moves
    the reading by a quarter of a trick or more (:mod:`~engine.bots.trick_curve`); empty otherwise."""
    curve = bot.trick_curve(strain) if bot.by_worth else None
    if curve is None or abs(curve.expected(reading) - reading) < 0.25:
        return ""
    return f" (in this variant's play-outs, hands counted at {reading:.1f} take about {curve.expected(reading):.1f})"


def _strain_note(bot: HeuristicBot, observation: Observation, strain: str, estimates: dict[str, float]) -> str:
    """Why ``strain`` counts for as much (or as little) as it does where the hand's length would not say so:
    an opponent's bid in it (the reading takes the profile's ``opponent_strain_tricks`` off); a partner's
    bid in it (issue 45, item 8: the estimate adds more for a strain a partner bid), naming the strain the
    hand alone would prefer if that is another; else, for a suit the hand is shorter in than another it
    could bid, the side suits' top cards that win with it as trumps. Empty when none applies."""
    seat, rules = observation.seat, bot.rules
    bidding = [(each, said_move(bot.tables, call)) for each, call in observation.calls]
    bid = set().union(*bot.partner_strains(bidding, seat)) if bot.partners[seat] else set()
    name = rules.strain(strain).name
    taken_off = bot.profile.opponent_strain_tricks
    if taken_off and strain in bot.opponent_strains(bidding, seat):
        return f" (an opponent bid {name}, so its trumps lie against you: {taken_off:g} tricks fewer)"
    if strain in bid:
        alone = {each: bot.estimate(observation.hand, each, (), seat) for each in estimates}
        own = max(alone, key=lambda each: alone[each])
        if own != strain and alone[own] > alone[strain]:
            return f" (your partner bid {name}; on your own cards {rules.strain(own).name} would be best)"
        return f" (your partner bid {name})"
    strains = bot.tables.strains
    table = strains[strain]
    if not table.is_trump:
        return ""
    hand = mask_of(card.index for card in observation.hand)
    held = (hand & table.trumps).bit_count()
    longer = [each for each in estimates if strains[each].is_trump and (hand & strains[each].trumps).bit_count() > held]
    tops = [plain[0] for _, plain in table.order.plain_order if plain and hand >> plain[0] & 1]
    if not longer or not tops:
        return ""
    cards = [str(rules.deck.cards[index]) for index in tops]
    listed = cards[0] if len(cards) == 1 else ", ".join(cards[:-1]) + f" and {cards[-1]}"
    verb = "wins" if len(cards) == 1 else "win"
    return f" (only {held} trumps, but {listed} {verb} as side cards with {name} as trumps)"


def _support(bot: HeuristicBot, seat: int, calls: Sequence[tuple[int, str]]) -> str:
    """What the estimate counts beyond the hand, as the seating has it: partners' bids, the partner a
    declarer will call, the kitty."""
    parts = []
    if bot.partners[seat]:
        # The estimate counts a partner's support whether or not the partner has bid yet.
        partners = set(bot.partners[seat])
        bid = any(who in partners and call != "pass" for who, call in calls)
        controller = bot.tables.controller
        if all(controller[partner] == controller[seat] for partner in partners):
            parts.append("your dummy's hand")  # two-handed: the partner is a dummy this player plays
        else:
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
        words = "no higher trump is still out" if led_is_trump else "no higher card of the suit led is still out"
    if led_is_trump:
        return words
    if any(led in known.get(seat, ()) and "trump" not in known.get(seat, ()) for seat in foes):
        return words + ", nor a higher trump"
    return words + ", and no opponent still to play has shown it may trump"


def _lead_reason(bot: HeuristicBot, strain: StrainTable, table: Table, index: int, card: str) -> str:
    """Why the lead, by the branch :func:`~engine.bots.trick_play.lead` took for it (a trial read "the best
    card left in its suit, or low from your longest side suit" and could not tell which)."""
    side = table.hand & ~strain.trumps
    if strain.trumps >> index & 1:
        return f"lead trumps ({card}) to draw the other side's." if side else f"only trumps are left: lead {card}."
    suit = strain.suit_of[index]
    unseen = ((1 << len(bot.tables.cards)) - 1) & ~table.seen
    if suit is not None and not unseen & strain.higher[index]:
        return f"lead {card}: the best card left in its suit (no higher one is still out)."
    if suit is None:
        return f"lead {card}: no side suit of yours has the best card left."
    return f"lead {card}: low from your longest side suit (none of your side suits has the best card left)."


def _ally_to_come(bot: HeuristicBot, table: Table) -> str:
    """Who plays after this seat on its side, in words: a partner, or in two-handed the player's own dummy
    (a trial read "your partner plays after you" of its own dummy)."""
    controller = bot.tables.controller
    allies = [seat for seat in later_seats(table) if table.allies >> seat & 1]
    if allies and all(controller[seat] == controller[table.seat] for seat in allies):
        return "your dummy plays after you" if controller[table.seat] == table.seat else "your own hand plays after your dummy"
    return "your partner plays after you"


def _play_reason(bot: HeuristicBot, action: Play, reason: PlayReason) -> str:
    """Why the card: the branch the card play took (:meth:`~engine.bots.card_play.CardPlay.play_with_reason`,
    and for a trick already led :func:`~engine.bots.trick_play.follow_reading`) on the table it read."""
    contract, table, kind, card = reason.contract, reason.table, reason.kind, action.card
    strain = bot.tables.strains[contract.style.strain]
    if kind == Playing.STEERED:
        return f"more tricks would lose your side the game: {card} is played to take none."
    if kind == Playing.MISERE_DEFENCE:
        # Once the declarer has played under the trick, nothing hands it this one (a trial was told to leave
        # the declarer a trick of a JK thrown after the declarer had ducked).
        played = {seat for seat, _ in table.trick}
        declaring = [seat for seat in table.order if not table.allies >> seat & 1] or [table.declarer]
        if table.trick and played.issuperset(declaring):
            winner = winning(strain, table)[0]
            if winner not in declaring:
                return (
                    "defending a misère: the declaring side has played under this trick, so nothing you play gives "
                    f"it this one; {card} is the card you can best spare."
                )
        return f"defending a misère: {card} is played to leave the declarer a trick to take."
    if kind == Playing.MISERE_LEAD:
        # (The lead weighs this trick's risk with the hand it leaves: a trial read "least likely to win a trick"
        # of a 10D the defenders ducked, where the 5D was safer for this trick alone.)
        return f"playing misère: {card} risks the fewest tricks, this one's chance of winning and what the rest of your hand may be forced to take together."
    if kind == Playing.MISERE_FOLLOW:
        top = winning(strain, table)[1] if table.trick and table.led is not None else None
        if top is not None and not any(strain.keys[table.led][index] < top for index in cards_in(table.playable)):
            return f"playing misère: every card you may play beats the trick's best so far; {card} is the one to spend."
        return f"playing misère: {card} is the highest card that still loses, or one you must shed."
    if kind == Playing.CEILING_REACHED:
        if table.mine:
            return f"your side has the {contract.target.minimum} tricks {contract.name} needs: {card} is played to take no more."
        return f"the declarer has the {contract.target.minimum} tricks {contract.name} needs: play to give it another."
    if kind == Playing.CEILING_SPEND:
        why = (
            "no trick a joker is played to is lost, so it is one of them" if not table.trick else "no high card is left to be forced later"
        )
        return f"short of the {contract.target.minimum} tricks {contract.name} needs: {card} takes one ({why})."
    if kind == Playing.LEAD or not table.trick:
        return _lead_reason(bot, strain, table, card.index, str(card))
    best = bot.tables.cards[max(table.trick, key=lambda played: strain.keys[table.led][played[1]])[1]]
    if kind == Reason.NO_WINNER or (
        kind == Playing.FOLLOW_CLASSIC
        and not any(strain.keys[table.led][index] > strain.keys[table.led][best.index] for index in cards_in(table.playable))
    ):
        winner, _ = winning(strain, table)
        if table.allies >> winner & 1 and winner != table.seat:
            # (A trial read "you cannot beat AC" of its partner's ace, which it would not want to beat.)
            return f"your side is winning the trick ({best}), and you could not beat it anyway: play your cheapest card ({card})."
        return f"you cannot beat {best}: play your cheapest card ({card})."
    out = _beyond_reach(strain, table)
    return {
        Reason.PARTNER_LAST: f"your side is winning the trick ({best}) and no opponent plays after you: play your cheapest card ({card}).",
        Reason.PARTNER_HOLDS: f"your side is winning the trick ({best}); {out}: play your cheapest card ({card}).",
        Reason.PARTNER_TRUMPED: (
            f"your side is winning the trick ({best}) and only an opponent's trump could beat it: play your cheapest card ({card})"
            " and keep your winners for tricks of their own."
        ),
        Reason.COVER: f"a card still out could beat your side's {best}: {card} takes the trick, and {out}.",
        Reason.PARTNER_EXPOSED: f"a card still out could beat your side's {best}, and none of yours is sure: {card}, your highest, makes them spend more.",
        Reason.LAST: f"{card} is the lowest card that wins the trick.",
        Reason.SAFE: f"{card} is the cheapest card that takes the trick, and {out}.",
        Reason.PARTNER_TO_COME: f"{_ally_to_come(bot, table)}, and a card still out could beat your winners: keep them, play {card}.",
        Reason.GAMBLE: f"{card}, your highest winner, makes the players after you spend their best (a card still out could beat it).",
    }.get(kind, f"{card}: the cheapest winner, or the cheapest card where your side is winning.")


__all__ = ["hint"]
