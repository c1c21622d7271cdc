"""The whole rule set of a compiled variant in plain words (``fivehundred show``)."""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .contracts import Contract, Exposure, Extra, KittyUse, PartnerRole, PlayStyle
from .ruleset import (
    AllPassAction,
    BidAfterPass,
    DealTarget,
    FailedContract,
    FirstLead,
    KittyExchange,
    Rebid,
    Rounds,
    Rules,
    SetRule,
    Share,
    Simultaneous,
    SimultaneousTie,
)

if TYPE_CHECKING:
    from ..language.loader import MergedDocument

Line = tuple[str, str]
"""A line of the rules in words with the rule it states: (the rule's key, the words). The key tells one rule
from another when two rule sets are compared (:func:`rule_changes`), whatever their words."""


def _seat_list(seats: tuple[int, ...]) -> str:
    return " & ".join(str(seat) for seat in seats)


_FORBIDDEN_WORDS = {"trump": "a trump", "joker": "the joker", "own_card": "a card in the declarer's own hand"}
"""The called-partner card restrictions in words, as ``show`` prints them."""


def _players(rules: Rules) -> list[Line]:
    seating = rules.seating
    lines = []
    if seating.is_partnership:
        teams = "; ".join(f"team {index}: seats {_seat_list(seats)}" for index, seats in enumerate(seating.teams))
        lines.append(("seating", f"{seating.players} players in {len(seating.teams)} teams ({teams})."))
    else:
        lines.append(("seating", f"{seating.players} players, each playing alone."))
    called = seating.called_partner
    if called is not None:
        reveal = (
            "the holder announces it at once" if called.reveal.value == "announced" else "nobody knows the partner until the card is played"
        )
        forbidden = ", ".join(_FORBIDDEN_WORDS.get(each, each) for each in sorted(called.may_not_name)) or "nothing"
        alone = "may" if called.may_go_alone else "may not"
        lines.append(
            (
                "seating.called_partner",
                f"Called partner: the declarer names a card and its holder partners them for the hand; {reveal}. "
                f"May not be named: {forbidden}. The declarer {alone} go alone. Shares of the contract: declarer "
                f"{called.declarer_share.value}, partner {called.partner_share.value}.",
            )
        )
    if seating.dummies is not None:
        lines.append(
            (
                "seating.dummies",
                f"Each player also plays a dummy hand on the table: {seating.dummies.face_down} cards face down, each "
                f"covered by one of {seating.dummies.face_up} face-up cards; a face-down card is turned up after the trick "
                f"in which the card covering it is played. A dummy sits opposite its player (seat players + player); only "
                f"the players bid, and each chooses its dummy's cards.",
            )
        )
    return lines


def _deck(rules: Rules) -> list[Line]:
    deck = rules.deck
    lines = [("deck", f"{len(deck)} cards.")]
    for suit in deck.suits:
        ranks = [rank for rank in rules.rank_order if rank in deck.ranks_of(suit.id)]
        lines.append(
            (f"deck.{suit.id}", f"  {suit.name.capitalize()} ({suit.id}{', ' + suit.symbol if suit.symbol else ''}): {' '.join(ranks)}")
        )
    if deck.jokers:
        jokers = ", ".join(f"{joker.id} ({joker.name})" for joker in deck.jokers)
        order = " beats ".join(joker.id for joker in deck.jokers) if len(deck.jokers) > 1 else ""
        lines.append(("deck.jokers", f"  Jokers: {jokers}{'; ' + order if order else ''}."))
    else:
        lines.append(("deck.jokers", "  No jokers."))
    return lines


def _deal(rules: Rules) -> list[Line]:
    deal = rules.deal
    words = {
        DealTarget.PLAYERS: "each player",
        DealTarget.KITTY: "the kitty",
        DealTarget.DUMMIES: "each dummy",
        DealTarget.DEAD_HAND: "the dead hand",
        DealTarget.TABLE: "the table",
    }
    bundles = ", ".join(f"{step.cards} to {words[step.target]}" for step in deal.steps)
    lines = [
        (
            "deal",
            f"{deal.hand_size} cards to each player, {deal.kitty} to the kitty"
            + (f", {deal.dead_hand} to a dead hand nobody plays" if deal.dead_hand else "")
            + ".",
        )
    ]
    lines.append(("deal.steps", f"Dealt from the dealer's left in bundles: {bundles}."))
    if deal.misdeal_without_face_card:
        lines.append(("deal.misdeal_without_face_card", "A hand with no king, queen or jack is a misdeal: the cards are redealt."))
    if deal.last_kitty_card_face_up:
        lines.append(("deal.last_kitty_card_face_up", "The last card dealt to the kitty is turned face up for all to see."))
    if deal.draw:
        lines.append(
            (
                "deal.draw",
                f"The players draw their hands: in turn each draws a card and keeps or rejects it, then does the opposite with the next, "
                f"until each holds {deal.hand_size}; rejected cards are out of play.",
            )
        )
    if deal.table:
        lines.append(
            (
                "deal.table",
                f"{deal.table} cards are dealt face up to the table: before the auction each player in turn puts {deal.table_to_kitty} "
                f"into the kitty; after the declarer's exchange each defender takes {deal.table_to_defenders}, discarding a card for each; "
                "the rest are out of play.",
            )
        )
    return lines


def _card_orders(rules: Rules) -> list[Line]:
    lines = []
    deck = rules.deck
    for order in rules.card_orders:
        strain = order.strain
        trumps = " ".join(str(deck.cards[index]) for index in order.trump_cards) or "none"
        extra = " (jack high, no left bower)" if strain.jack_high else ""
        lines.append((f"order.{strain.id}", f"{strain.name.capitalize()} ({strain.id}){extra}: trumps, highest first: {trumps}"))
        for suit, cards in order.plain_order:
            lines.append((f"order.{strain.id}.{suit}", f"    {suit}: {' '.join(str(deck.cards[index]) for index in cards)}"))
    return lines


def _style(style: PlayStyle, rules: Rules) -> str:
    parts = []
    if style.strain != "bid":
        parts.append(f"played in {rules.strain(style.strain).name}")
    if style.partner is PartnerRole.SITS_OUT:
        # Where nobody has a partner (players alone, no called partner) the declarer simply plays alone.
        has_partners = rules.seating.is_partnership or rules.seating.called_partner is not None
        parts.append("partner sits out" if has_partners else "alone")
    elif style.partner is PartnerRole.PASSES_CARD:
        parts.append("partner passes one card, then sits out")
    if style.kitty is KittyUse.NONE:
        parts.append("no kitty")
    elif style.kitty is KittyUse.TO_PARTNER:
        parts.append("kitty discards go to the partner")
    if style.exposed is not Exposure.NONE:
        who = {Exposure.DECLARER: "declarer's hand", Exposure.PARTNER: "partner's hand", Exposure.DECLARING_SIDE: "declaring side's hands"}[
            style.exposed
        ]
        parts.append(f"{who} laid open {style.exposed_from.value.replace('_', ' ')}")
    return ", ".join(parts)


def _special_details(contract: Contract, rules: Rules) -> str:
    """A special contract's target, style and eligibility, in words joined by semicolons."""
    details = [
        contract.target.describe(rules.deal.hand_size),
        _style(contract.style, rules),
        f"may be bid {contract.eligibility.describe()}",
    ]
    return "; ".join(detail for detail in details if detail)


def _contract_line(contract: Contract, rules: Rules) -> str:
    text = f"  {contract.rank + 1:>3}. {contract.id:<12} {contract.name:<18} {contract.value:>5}"
    if contract.is_special:
        text += "   " + _special_details(contract, rules)
    return text


def _extra_line(extra: Extra, rules: Rules) -> str:
    goes_with = [f"level {', '.join(map(str, extra.levels))} bids"] if extra.levels else []
    goes_with += list(extra.contracts)
    value = f"value {extra.value}" if extra.value is not None else f"bid's value {extra.bonus:+d}"
    if extra.no_trump_value is not None:
        value += f" ({extra.no_trump_value} in no trump)"
    target = extra.target.describe(rules.deal.hand_size) if extra.target else "the bid's tricks"
    when = (
        "added to the bid when it is made"
        if extra.kind == "modifier"
        else "called by the declarer once the kitty is exchanged, before the first lead"
    )
    style = _style(extra.style, rules)
    return (
        f"  {extra.id} ({extra.name}): {when}, with {' and '.join(goes_with)}; {value}; must take {target}"
        + (f"; {style}" if style else "")
        + "."
    )


def _auction(rules: Rules) -> list[Line]:
    auction = rules.auction
    lines = []
    if auction.rounds is Rounds.CONTINUOUS:
        lines.append(
            (
                "auction.rounds",
                "Bidding starts left of the dealer and goes round until all but one have passed; each bid must outrank the last.",
            )
        )
    else:
        lines.append(
            (
                "auction.rounds",
                "One round of bidding: starting left of the dealer, each player bids once or passes; each bid must outrank the last.",
            )
        )
    lines.append(
        (
            "auction.bid_after_pass",
            "A pass is final."
            if auction.bid_after_pass is BidAfterPass.NEVER
            else "A player who passed may bid again once a bidder changes the suit of its bid.",
        )
    )
    if auction.rounds is Rounds.CONTINUOUS:  # with one round, nobody bids twice
        lines.append(
            (
                "auction.rebid",
                "A player who has bid may bid again only after another player has bid."
                if auction.rebid is Rebid.AFTER_INTERVENING_BID
                else "A player may bid again at any turn.",
            )
        )
    if auction.winner_may_raise:
        lines.append(
            (
                "auction.winner_may_raise",
                "The winner may raise their own bid; changing strain reopens the auction; an uncontested winner may not raise.",
            )
        )
    inkles = auction.inkles
    if inkles is not None:
        who = (
            "anyone"
            if inkles.bidders is None
            else f"only the first {inkles.bidders} players in turn (the others have no level-{inkles.level} bids)"
        )
        win = "can" if inkles.can_win else "cannot"
        lines.append(("auction.inkles", f"Level-{inkles.level} bids are inkles, made by {who}; an inkle {win} win the auction."))
        if inkles.separate_no:
            lines.append(("auction.inkles.separate_no", "'Inkle no' is distinct from, and just below, 'inkle no trump'."))
    all_pass = auction.all_pass
    text = {
        AllPassAction.REDEAL: "the same dealer redeals",
        AllPassAction.NEXT_DEALER: "the deal passes to the next player",
        AllPassAction.PLAY_NO_TRUMP: (
            f"the hand is played in no trump without the kitty, led from the dealer's left, each side scoring {all_pass.trick_points} a "
            "trick"
        ),
        AllPassAction.DEALER_MUST_BID: "the dealer must bid",
    }[all_pass.action]
    if all_pass.max_redeals is not None:
        text += f", at most {all_pass.max_redeals} times, then the deal passes on"
    lines.append(("auction.all_pass", f"If nobody wins the auction, {text}."))
    return lines


def _kitty(rules: Rules) -> Line:
    return "kitty.exchange", {
        KittyExchange.DISCARD_SAME: f"The declarer takes the {rules.deal.kitty}-card kitty and discards {rules.deal.kitty} cards face down.",
        KittyExchange.ANY_NUMBER: "The declarer may swap any number of kitty cards for cards of their hand.",
        KittyExchange.NONE: "The kitty is not used.",
    }[rules.kitty.exchange]


def _play(rules: Rules) -> list[Line]:
    play = rules.play
    lines = [
        (
            "play.first_lead",
            "The declarer leads the first trick."
            if play.first_lead is FirstLead.DECLARER
            else "The player left of the dealer leads the first trick.",
        )
    ]
    lines.append(
        (
            "play.follow",
            "Players must follow suit (a left bower belongs to the trump suit); otherwise any card. "
            "The highest trump wins, else the highest card of the suit led.",
        )
    )
    if rules.deck.jokers:
        joker = play.joker_in_no_trump
        # Two jokers are both trumps (a trial read "it is the only trump" under a card order of two).
        many = len(rules.deck.jokers) > 1
        each = "each" if many else "it"
        rules_text = ["they are the only trumps" if many else "it is the only trump"]
        rules_text.append(
            f"{each} may be played only when void in the suit led" if joker.only_when_void else f"{each} may be played at any time"
        )
        if joker.lead_names_suit:
            rules_text.append(
                "when led its holder names the suit to follow" + ("" if joker.may_name_void_suit else ", not one they have shown void in")
            )
        if joker.renege_forbidden:
            rules_text.append(f"{each} may not be used in a suit its holder has shown void in")
        if joker.first_or_last_only:
            rules_text.append(f"{each} may only be played as the first or last card of a suit")
        lines.append(("play.joker_in_no_trump", f"In no trump the joker{'s' if many else ''}: " + "; ".join(rules_text) + "."))
    lines.append(
        ("play.lay_down", "The declarer, when it leads, may lay cards down to claim the tricks they win: they lead in turn while they win.")
    )
    return lines


def _share(share: Share) -> str:
    return "all" if share is Share.FULL else "half"


def _scoring(rules: Rules) -> list[Line]:
    scoring = rules.scoring
    lines = [("scoring.made", "A made contract scores its value (no overtricks).")]
    lines.append(
        (
            "scoring.failed",
            (
                "A failed contract scores nothing (scores never go down)."
                if scoring.scores_never_decrease
                else "A failed contract loses its value."
            )
            if scoring.failed is FailedContract.SUBTRACT
            else "A failed contract's value goes to each other side instead.",
        )
    )
    if scoring.defender_trick_points:
        cap = f", but not beyond {scoring.defender_cap}" if scoring.defender_cap is not None else ""
        lines.append(("scoring.defenders", f"The defenders score {scoring.defender_trick_points} a trick{cap}."))
    else:
        lines.append(("scoring.defenders", "The defenders score nothing for tricks."))
    slam = scoring.slam
    if slam is not None:
        limits = []
        if slam.below_value is not None:
            limits.append(f"worth less than {slam.below_value}")
        if slam.up_to_rank is not None:
            limits.append(f"up to {rules.ladder.contracts[slam.up_to_rank].id}")
        lines.append(("scoring.slam", f"Taking every trick on a contract {' and '.join(limits)} scores {slam.value}."))
    if scoring.scores_never_decrease:
        lines.append(("scoring.scores_never_decrease", "Scores never go down."))
    if scoring.lay_down_penalty:
        lines.append(("scoring.lay_down_penalty", f"Laying down cards to claim tricks costs {scoring.lay_down_penalty}."))
    return lines


def _margin(rule: SetRule) -> str:
    return f"ends {rule.short_by} or more tricks short (a misère-type contract: takes {rule.misere_tricks} or more)"


def _penalties(rules: Rules) -> list[Line]:
    lines = []
    if rules.set_rule is not None:
        lines.append(("set_rule", f"Set rule: a declarer who {_margin(rules.set_rule)} may not bid in the next hand."))
    if rules.ralph is not None:
        lines.append(("ralph", f"Ralphing: a declarer who {_margin(rules.ralph)} may not bid in the next hand."))
    breach = rules.breach
    if breach is not None:
        lines.append(
            (
                "breach",
                f"Breach: once the auction is won, before the kitty, the defenders in turn from the declarer's left may call "
                f"breach (the first call stands) against a contract of level {breach.min_level}+ or a special contract. Breached when "
                f"the declaring side {_margin(breach.margin)}. Made contract: the callers lose {breach.value}; failed but not "
                f"breached: both sides lose (the callers {breach.value}); breached: the callers gain {breach.value}.",
            )
        )
        lines.append(
            (
                "breach.can_end_game",
                "Breach points cannot win or lose the game." if not breach.can_end_game else "Breach points can win or lose the game.",
            )
        )
        if breach.ban_failed_caller:
            lines.append(("breach.ban_failed_caller", "A caller whose breach fails may not bid in the next hand."))
        if breach.ban_breached_declarer_level is not None:
            lines.append(
                (
                    "breach.ban_breached_declarer_level",
                    f"A declarer of a level-{breach.ban_breached_declarer_level} contract who is breached may not bid in the next hand.",
                )
            )
    # Keyed as the set rule: adding a set rule reads as this line changed (a ralph or breach rule added reads
    # as this line dropped and the rule's own line added).
    return lines or [("set_rule", "No set, ralph or breach rule.")]


def _end(rules: Rules) -> list[Line]:
    end = rules.end
    lines = [("end.target", f"A side reaching {'exactly ' if end.exact_target else ''}{end.target} wins.")]
    if end.lose_at is not None:
        condition = " if no other side is below zero" if end.lose_only_if_others_not_negative else ""
        lines.append(("end.lose_at", f"A side at {end.lose_at} or below loses{condition}."))
    if end.lose_at_or_above is not None:
        lines.append(("end.lose_at_or_above", f"A side reaching {end.lose_at_or_above} loses."))
    if end.must_win_by_bid:
        lines.append(("end.must_win_by_bid", "A side can only win on a hand in which it made its contract."))
    lines.append(
        (
            "end.simultaneous",
            "If several sides reach the target on one hand, the declaring side wins."
            if end.simultaneous is Simultaneous.BIDDER
            else "If several sides reach the target on one hand, the highest score wins.",
        )
    )
    lines.append(
        (
            "end.simultaneous_tie",
            {
                SimultaneousTie.PLAY_ON: "If they tie at the top, nobody has won yet and play goes on.",
                SimultaneousTie.SHARED: "If they tie at the top, the game ends and they share the win.",
                SimultaneousTie.BIDDER_SIDE: (
                    "If they tie at the top, the declaring side wins if it is one of them and made its contract; otherwise play goes on."
                ),
            }[end.simultaneous_tie],
        )
    )
    if end.point_spread is not None:
        lines.append(
            ("end.point_spread", f"Point spread: the game ends when a positive and a negative side are {end.point_spread} or more apart.")
        )
    if end.score_out_during_hand:
        lines.append(
            ("end.score_out_during_hand", "A side that scores out during a hand wins at once, unless the declarer can still win out.")
        )
    return lines


def keyed_sections(rules: Rules) -> list[tuple[str, list[Line]]]:
    """The rule set in plain words as ``show`` prints it, section by section: (title, lines), each line with
    the rule it states (:data:`Line`)."""
    sections: list[tuple[str, list[Line]]] = [
        ("Players", _players(rules)),
        ("Deck", _deck(rules)),
        ("Deal", _deal(rules)),
        ("Card order in each strain", _card_orders(rules)),
        (LADDER, [(f"contract.{contract.id}", _contract_line(contract, rules)) for contract in rules.ladder]),
    ]
    if rules.extras:
        sections.append(("Modifiers and calls", [(f"extra.{extra.id}", _extra_line(extra, rules)) for extra in rules.extras]))
    sections += [
        ("Auction", _auction(rules)),
        ("Kitty", [_kitty(rules)]),
        ("Play", _play(rules)),
        ("Scoring", _scoring(rules)),
        ("Set, ralph and breach", _penalties(rules)),
        ("End of game", _end(rules)),
    ]
    return sections


def describe_sections(rules: Rules) -> list[tuple[str, list[str]]]:
    """The rule set in plain words as ``show`` prints it, section by section: (title, lines)."""
    return [(title, [words for _, words in lines]) for title, lines in keyed_sections(rules)]


LADDER = "Bid ladder, lowest first (rank, bid, name, value)"
"""The title of the ladder's section in :func:`describe_sections`."""


def describe(rules: Rules) -> str:
    """The rule set in plain words: deck, deal, card orders, the whole ladder, and every other rule."""
    out = [rules.name, "=" * len(rules.name)]
    if rules.description:
        out.append(rules.description)
    out.append(f"(from {rules.source})")
    for title, lines in describe_sections(rules):
        out.append("")
        out.append(f"{title}:")
        out.extend(line if line.startswith("  ") else f"  {line}" for line in lines)
    return "\n".join(out) + "\n"


@dataclass(frozen=True)
class Change:
    """One line of the rules in plain words that differs between two rule sets."""

    section: str
    """The section of :func:`describe_sections` it belongs to (the ladder's is :data:`LADDER`)."""
    before: str | None
    """The line in the base rules (``None``: a rule the base does not have)."""
    after: str | None
    """The line in these rules (``None``: a rule of the base these rules drop)."""
    key: str = ""
    """The rule the line states (:data:`Line`'s key), by which a page marks the changed line."""


def _contract_words(contract: Contract, rules: Rules, below: Contract | None, placed: bool) -> str:
    """A contract of the ladder in a sentence (for :func:`rule_changes`); with ``placed``, where it ranks."""
    text = f"{contract.name} ({contract.id}): worth {contract.value}"
    if contract.is_special:
        text += "; " + _special_details(contract, rules)
    if placed:
        text += f"; ranks just above {below.id}" if below is not None else "; the lowest bid"
    return text


def _ladder_changes(base: Rules, rules: Rules) -> list[Change]:
    """The ladder's changes contract by contract: a contract is known by its id, so one added low in the
    ladder does not show every contract above it as changed; a contract whose place among the contracts
    both ladders have moved says where it ranks in each."""
    before = {contract.id: contract for contract in base.ladder}
    after = {contract.id: contract for contract in rules.ladder}
    shared_before = [each for each in before if each in after]
    shared_after = [each for each in after if each in before]
    matcher = difflib.SequenceMatcher(a=shared_before, b=shared_after, autojunk=False)
    stayed = {shared_after[block.b + offset] for block in matcher.get_matching_blocks() for offset in range(block.size)}

    def below(ladder: Rules, contract: Contract) -> Contract | None:
        return ladder.ladder.contracts[contract.rank - 1] if contract.rank else None

    changes = []
    for contract in rules.ladder:
        old = before.get(contract.id)
        moved = contract.id not in stayed
        new_words = _contract_words(contract, rules, below(rules, contract), moved)
        if old is None:
            changes.append(Change(LADDER, None, new_words, f"contract.{contract.id}"))
            continue
        old_words = _contract_words(old, base, below(base, old), moved)
        if old_words != new_words:
            changes.append(Change(LADDER, old_words, new_words, f"contract.{contract.id}"))
    changes.extend(
        Change(LADDER, _contract_words(old, base, below(base, old), False), None, f"contract.{old.id}")
        for old in base.ladder
        if old.id not in after
    )
    return changes


def rule_changes(base: Rules, rules: Rules) -> list[Change]:
    """How ``rules`` differ from ``base`` in plain words: each line of :func:`describe_sections` that
    changed (paired with the base's line that states the same rule, :data:`Line`'s key), was added or was
    dropped, section by section in ``show``'s order (the ladder contract by contract). Identical rules give
    no changes."""
    theirs = dict(keyed_sections(base))
    ours = dict(keyed_sections(rules))
    titles = list(ours) + [title for title in theirs if title not in ours]
    changes = []
    for title in titles:
        if title == LADDER:
            changes.extend(_ladder_changes(base, rules))
            continue
        # Spaces only line up columns.
        before = {key: " ".join(line.split()) for key, line in theirs.get(title, [])}
        after = {key: " ".join(line.split()) for key, line in ours.get(title, [])}
        # A rule is paired with the same rule, whatever lines were added or dropped about it (a user trial
        # saw the rebid rule shown changed into the rule for an auction nobody wins, paired by place).
        matcher = difflib.SequenceMatcher(a=list(before), b=list(after), autojunk=False)
        for tag, low, high, first, last in matcher.get_opcodes():
            if tag == "equal":
                changes.extend(Change(title, before[key], after[key], key) for key in list(after)[first:last] if before[key] != after[key])
                continue
            changes.extend(Change(title, before[key], None, key) for key in list(before)[low:high])
            changes.extend(Change(title, None, after[key], key) for key in list(after)[first:last])
    return changes


_WORTH = re.compile(r"^(?P<name>.*) \((?P<id>[^()]*)\): worth (?P<value>-?\d+)$")
"""An ordinary contract's line of the ladder (:func:`_contract_words`, no details and not moved)."""

GROUPED_AT = 3
"""How many of the ladder's ordinary contracts must change their worth alike before :func:`summarised`
says them in one line."""


def _worth_change(change: Change) -> tuple[str, str, int, int] | None:
    """For a change of an ordinary contract's worth alone: its name, id, old and new worth."""
    if change.section != LADDER or change.before is None or change.after is None:
        return None
    old, new = _WORTH.match(change.before), _WORTH.match(change.after)
    if old is None or new is None or old["id"] != new["id"]:
        return None
    return old["name"], old["id"], int(old["value"]), int(new["value"])


def _alike(old: int, new: int) -> str:
    """How a worth changed, in words that fit every contract changed the same way."""
    if new > old:
        return f"each worth {new - old} more"
    return f"each worth {old - new} less"


def summarised(changes: Sequence[Change], rules: Rules | None = None) -> list[Change]:
    """``changes`` to be read by a person, where the first of each group was: the ordinary contracts of the
    ladder whose worth alone changes by the same amount, :data:`GROUPED_AT` or more, in one line (a table
    of values such as ``perfect``'s, every bid 20 less, was 25 lines among 31), said as a span of ``rules``'
    ladder where they are every ordinary bid of that span, else by their ids; :data:`GROUPED_AT` or more
    lines of one section that each gain a card of ``rules``' deck at their end (a deck's added fours in
    every card order) in one line; and the set rule's "No ... rule." dropped or added beside the rules of
    its section that take its place, paired with the first of them (a trial read "dropped: No set, ralph or
    breach rule." as a double negative). A line that stands for several has their keys, space-separated
    (a pair, the key of the line that is there after); a page marks changed lines from :func:`rule_changes`
    itself. ``rules`` (the rules changed to) may be ``None``: bids are then said by their ids and no line's
    card is grouped."""
    merged: dict[int, Change] = {}
    _group_worths(changes, rules, merged)
    if rules is not None:
        _group_cards(changes, rules, merged)
    _pair_no_rule(changes, merged)
    shown: list[Change] = []
    for change in changes:
        replaced = merged.get(id(change), change)
        if not any(replaced is each for each in shown):
            shown.append(replaced)
    return shown


def _group_worths(changes: Sequence[Change], rules: Rules | None, merged: dict[int, Change]) -> None:
    """For :func:`summarised`: the bids whose worth alone changes alike, a line a group, into ``merged``."""
    groups: dict[str, list[tuple[Change, tuple[str, str, int, int]]]] = {}
    for change in changes:
        found = _worth_change(change)
        if found is not None:
            groups.setdefault(_alike(found[2], found[3]), []).append((change, found))
    ordinary = [contract.id for contract in rules.ladder if not contract.is_special] if rules is not None else []
    for how, members in groups.items():
        if len(members) < GROUPED_AT:
            continue
        ids = [found[1] for _, found in members]
        (_, first), (_, last) = members[0], members[-1]
        span = ordinary[ordinary.index(ids[0]) : ordinary.index(ids[-1]) + 1] if ids[0] in ordinary and ids[-1] in ordinary else []
        if sorted(span) == sorted(ids):
            said = f"{len(members)} bids, {first[0]} ({first[1]}) to {last[0]} ({last[1]})"
            before, after = f"{said}: worth {first[2]} to {last[2]}", f"{said}: {how}, {first[3]} to {last[3]}"
        else:  # not every bid between the first and the last: each is named
            said = ", ".join(ids)
            before = f"{said}: worth {', '.join(str(found[2]) for _, found in members)}"
            after = f"{said}: {how} ({', '.join(str(found[3]) for _, found in members)})"
        line = Change(LADDER, before, after, " ".join(change.key for change, _ in members))
        merged.update((id(change), line) for change, _ in members)


def _group_cards(changes: Sequence[Change], rules: Rules, merged: dict[int, Change]) -> None:
    """For :func:`summarised`: the lines of a section that each gain a card at their end, one line, into
    ``merged``."""
    cards = {str(card) for card in rules.deck.cards}
    grown: dict[str, list[tuple[Change, str]]] = {}
    for change in changes:
        if change.before and change.after and change.after.startswith(change.before + " ") and id(change) not in merged:
            word = change.after[len(change.before) + 1 :]
            if word in cards:
                grown.setdefault(change.section, []).append((change, word))
    for section, members in grown.items():
        if len(members) < GROUPED_AT:
            continue
        head = members[0][0]
        words = ", ".join(sorted({word for _, word in members}))
        line = Change(
            section,
            f"{len(members)} lines, such as {head.before}",
            f"the {len(members)} lines, each with one card more at its end ({words}), such as {head.after}",
            " ".join(change.key for change, _ in members),
        )
        merged.update((id(change), line) for change, _ in members)


_NO_RULE = "set_rule"
"""The key of the line saying a section has none of its rules ("No set, ralph or breach rule.")."""


def _pair_no_rule(changes: Sequence[Change], merged: dict[int, Change]) -> None:
    """For :func:`summarised`: the "No ... rule." line dropped beside a rule of its section added (or added
    beside one dropped), one line, into ``merged``."""
    for change in changes:
        if change.key != _NO_RULE or id(change) in merged or (change.before is not None and change.after is not None):
            continue
        if change.after is None:  # the rules added take its place
            other = next(
                (each for each in changes if each.section == change.section and each.before is None and id(each) not in merged), None
            )
            line = None if other is None else Change(change.section, change.before, other.after, other.key)
        else:  # it takes the place of the rules dropped
            other = next(
                (each for each in changes if each.section == change.section and each.after is None and id(each) not in merged), None
            )
            line = None if other is None else Change(change.section, other.before, change.after, change.key)
        if other is not None and line is not None:
            merged[id(change)] = merged[id(other)] = line


def change_line(change: Change) -> str:
    """``change`` in one line of text: its section (the ladder's as "Bid ladder"), then the rule added, the
    rule dropped, or the rule before → after."""
    section = "Bid ladder" if change.section == LADDER else change.section
    if change.before is None:
        return f"{section}: added: {change.after}"
    if change.after is None:
        return f"{section}: dropped: {change.before}"
    merged = _merged_sentence(change.before, change.after)
    if merged is not None:
        return f"{section}: {merged}"
    return f"{section}: {change.before} → {change.after}"


_WORD = re.compile(r"-?\d+(?:\.\d+)?\w*|\w+|\s+|[^\w\s]")
"""A sentence's pieces for :func:`_merged_sentence`: numbers and bids (``-10``, ``2.5``, ``8NT``), words,
spaces, marks."""
MERGE_FROM = 100
"""The shortest sentence (in characters) said once with its changes marked rather than twice."""


def _merged_sentence(before: str, after: str) -> str | None:
    """A long sentence that changed in a few words said once, each changed span as ``before → after``
    ("the callers lose 100 → 400; ..."), so that the change is not buried in the sentence said twice (an
    audit's breach line ran to 600 characters); ``None`` where the sentences are short or differ in more."""
    if len(before) < MERGE_FROM or len(after) < MERGE_FROM:
        return None
    old, new = _WORD.findall(before), _WORD.findall(after)
    pieces: list[str] = []
    spans = 0
    for tag, first, last, start, end in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        if tag == "equal":
            pieces.extend(old[first:last])
            continue
        spans += 1
        was, now = "".join(old[first:last]).strip(), "".join(new[start:end]).strip()
        if spans > 4 or last - first > 5 or end - start > 5 or not was or not now:
            return None  # (a rewording, or words only added or taken away: both sentences said whole)
        pieces.append(f"{was} → {now}")
    return "".join(pieces)


def _fitted_alike(document: MergedDocument, rules: Rules) -> bool:
    """Whether ``document`` compiles to rules carrying ``rules``' document: the compiler fits a deal to a
    deck the file changed (the document carried then differs from the one read)."""
    from ..errors import VariantError
    from .compiler import compile_document

    try:
        return compile_document(document).document_hash == rules.document_hash
    except VariantError:
        return False


def extended_base(rules: Rules) -> tuple[str, Rules] | str:
    """The rules that ``rules``' file extends, compiled, with the name its ``extends`` gives (the file is
    read again from :attr:`Rules.reference`); else a sentence saying why there are none: the file extends
    nothing (a base variant), the rules were not read from a file, or the file changed since."""
    from ..errors import VariantError
    from ..language.loader import load_document
    from .compiler import carried_document, compile_document, document_hash

    if not rules.reference:
        return f"{rules.name} was not read from a variant file, so there is no file it extends to compare it with."
    try:
        document = load_document(rules.reference)
        named = document.file.removesuffix(" (shipped)")
        if document_hash(carried_document(document.data)) != rules.document_hash and not _fitted_alike(document, rules):
            return f"{named} changed since these rules were read from it, so what it changes from its base is not shown."
        if document.base is None:
            return f"{named} extends no other file: it is a base variant."
        base = compile_document(document.base)
    except (VariantError, OSError):
        # Read once already; a file that has since gone or broken is not this page's to report on.
        return f"{rules.reference} cannot be read again, so what it changes from its base is not shown."
    return document.chain[1].removesuffix(" (shipped)"), base
