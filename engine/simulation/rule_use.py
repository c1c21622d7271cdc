"""Rules in play: which of a variant's rules beyond the plain ladder came up in a simulation, and how
they ended.

:func:`stated_rules` lists what a variant states beyond ordinary bids: each special contract, each
modifier said with a bid, each announcement, calling a partner and going alone, inkles, the all-pass
treatment, bars (set rule, ralphing), the slam bonus, claims, and the end rules that can stop or go on
with a game. :class:`RuleWatch` counts them hand by hand from the kernel's state, in integer tallies
that merge exactly (``"kind:rule"`` → ``[used, succeeded]``), so any number of workers gives the same
totals.

What "succeeded" means is said per rule (a :class:`StatedRule`'s ``success``): a contract, modifier or partner
choice is made; an announcement by the declaring side is followed by the contract made, one by the
defenders (breach) by the contract failing. Rules without an outcome of their own (inkles, all-pass
hands, bars, game ends) count uses only.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..kernel.events import GameEnd
from ..kernel.scoring import slam_paid, terms_called
from ..kernel.state import GameState
from ..rules.announcements import Effect
from ..rules.contracts import PartnerRole
from ..rules.records import Record
from ..rules.ruleset import Rules


@dataclass(frozen=True, eq=False, repr=False)
class StatedRule(Record):
    """One rule a variant states beyond the plain ladder, as the report counts it."""

    rule: str
    """Its name as the variant language writes it (a contract or call id, ``partner_call``, ...)."""
    kind: str
    """What sort of rule: ``contract``, ``modifier``, ``announcement``, ``partner``, ``inkles``,
    ``all_pass``, ``bar``, ``slam``, ``claim`` or ``end``."""
    words: str
    """What counts as a use, in plain words."""
    success: str | None = None
    """What counts as a success, in plain words; ``None`` where a use has no outcome of its own."""
    per_game: bool = False
    """Whether it is counted per game (how games ended) rather than per hand."""
    needs_games: bool = False
    """Whether it can come up only when whole games are played (an end rule)."""

    @property
    def key(self) -> str:
        """The tally's key: ``kind:rule``."""
        return f"{self.kind}:{self.rule}"


MADE = "the contract was made"

UNBROKEN = "unbroken:{rule}"
"""The tally key counting, for a wager (breach), the hands whose contract failed but not by the margin
the call needs: the call lost though the contract was set."""


def stated_rules(rules: Rules) -> tuple[StatedRule, ...]:
    """The rules ``rules`` states beyond the plain ladder, in the order the report lists them."""
    found: list[StatedRule] = []
    for contract in rules.ladder:
        if contract.is_special:
            found.append(StatedRule(contract.id, "contract", f"hands played in {contract.name}", MADE))
    for extra in rules.extras:
        if extra.kind == "modifier":
            found.append(StatedRule(extra.id, "modifier", f"contracts bid {extra.name}", MADE))
    for announcement in rules.announcements:
        if announcement.effect is Effect.WAGER:
            success = "the contract was broken by the margin the call needs (the call won)"
        else:
            success = MADE
        found.append(StatedRule(announcement.id, "announcement", f"hands in which {announcement.name} was called", success))
    called = rules.seating.called_partner
    if called is not None:
        found.append(StatedRule("partner_call", "partner", "hands in which the declarer called a partner", MADE))
        if called.may_go_alone:
            found.append(StatedRule("alone", "partner", "hands in which the declarer chose to go alone", MADE))
    if rules.auction.inkles is not None:
        found.append(StatedRule("inkles", "inkles", f"hands with a bid at level {rules.auction.inkles.level} (an inkle)"))
    found.append(StatedRule(rules.auction.all_pass.action.value, "all_pass", "hands in which every player passed"))
    if rules.set_rule is not None or rules.ralph is not None:
        name = "set_rule" if rules.set_rule is not None else "ralph"
        found.append(StatedRule(name, "bar", "hands after which a declarer was barred from bidding"))
    if rules.scoring.slam is not None:
        found.append(StatedRule("slam", "slam", "contracts made by taking every trick that the slam bonus pays"))
    if rules.scoring.lay_down_penalty is not None:
        found.append(StatedRule("claim", "claim", "hands ended by a claim"))
    end = rules.end
    if end.lose_at is not None:
        found.append(
            StatedRule("lose_at", "end", f"games lost out the back door (at {end.lose_at} or below)", per_game=True, needs_games=True)
        )
    if end.lose_at_or_above is not None:
        found.append(
            StatedRule("lose_at_or_above", "end", f"games lost by reaching {end.lose_at_or_above}", per_game=True, needs_games=True)
        )
    if end.point_spread is not None:
        found.append(StatedRule("point_spread", "end", f"games ended by a lead of {end.point_spread}", per_game=True, needs_games=True))
    # Both may be stated: each is counted where it is what kept the game going (a user trial found the
    # second left out of the report).
    if end.exact_target:
        words = f"hands after which a side had passed {end.target} (not reached it exactly) and the game went on"
        found.append(StatedRule("exact_target", "end", words, needs_games=True))
    if end.must_win_by_bid:
        words = f"hands after which a side had reached {end.target} other than by its own bid and the game went on"
        found.append(StatedRule("must_win_by_bid", "end", words, needs_games=True))
    if end.score_out_during_hand:
        found.append(StatedRule("score_out_during_hand", "end", "hands stopped because a side scored out", per_game=True, needs_games=True))
    return tuple(found)


# Game ends an end rule causes.
_END_OF = {"lose_at": GameEnd.BACK_DOOR, "lose_at_or_above": GameEnd.OVER_THE_TOP, "point_spread": GameEnd.SPREAD}


class RuleWatch:
    """Counts a variant's stated rules (:func:`stated_rules`) hand by hand into a tally's ``rule_use``."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        """The variant watched."""
        self.stated = stated_rules(rules)
        """What it states."""
        keys = {rule.key for rule in self.stated}
        self._partner = "partner:partner_call" in keys
        self._inkles = rules.auction.inkles.level if rules.auction.inkles is not None else None
        self._all_pass = f"all_pass:{rules.auction.all_pass.action.value}"
        self._bar = next((rule.key for rule in self.stated if rule.kind == "bar"), None)
        self._slam = "slam:slam" in keys
        self._exact = "end:exact_target" in keys
        self._by_bid = "end:must_win_by_bid" in keys
        self._score_out = "end:score_out_during_hand" in keys

    def empty(self) -> dict[str, list[int]]:
        """A tally with every stated rule at zero."""
        return {rule.key: [0, 0] for rule in self.stated}

    def count_hand(self, state: GameState, counts: dict[str, list[int]]) -> None:
        """Count the rules used in ``state``'s hand, just scored."""
        result = state.result
        assert result is not None
        rules = self.rules
        if self._bar is not None and result.next_hand_banned:
            _add(counts, self._bar, False)
        if (self._exact or self._by_bid) and not result.game_over:
            target = rules.end.target
            if self._exact and any(score > target for score in result.scores):
                _add(counts, "end:exact_target", False)
            # A side at the target (exactly, where that is the rule) when the game goes on did not reach it by a bid.
            if self._by_bid and any(score == target or (score > target and not self._exact) for score in result.scores):
                _add(counts, "end:must_win_by_bid", False)
        if self._score_out and state.hand.scored_out is not None:
            _add(counts, "end:score_out_during_hand", False)
        contract, declarer = state.hand.contract, state.hand.declarer
        if contract is None or declarer is None:
            _add(counts, self._all_pass, False)
            return
        made = result.made
        if contract.is_special:
            _add(counts, f"contract:{contract.id}", made)
        auction = state.hand.auction
        if auction.high_modifier >= 0:
            _add(counts, f"modifier:{state.tables.modifiers[auction.high_modifier].id}", made)
        if self._inkles is not None:
            contracts, stride = state.tables.contracts, state.tables.stride
            if any(call >= 0 and contracts[call % stride].level == self._inkles for _, call in auction.bidding):
                _add(counts, "inkles:inkles", False)
        if state.hand.announced:
            side = state.hand.side()
            for seat, index in state.hand.announced:
                announcement = rules.announcements[index]
                if seat in side:
                    _add(counts, f"announcement:{announcement.id}", made)
                    continue
                # A defenders' wager wins only when the contract is broken by its margin (the kernel's settle_wagers).
                breach = rules.breach
                taken = sum(result.tricks[each] for each in rules.seating.teams[rules.seating.team_of(declarer)])
                broken = not made and breach is not None and breach.margin.applies(contract, taken)
                _add(counts, f"announcement:{announcement.id}", broken)
                if not made and not broken:
                    _add(counts, UNBROKEN.format(rule=announcement.id), False)
        if self._partner and contract.style.partner is PartnerRole.PLAYS:
            called = state.hand.arrangement.called_card is not None
            _add(counts, "partner:partner_call" if called else "partner:alone", made)
        # Only where the bonus pays, as the scoring decides it (a user trial counted 10-level slams, which
        # score their own value): on the terms played, a modifier's value included, never a call's terms.
        terms = state.hand.terms
        if self._slam and made and terms is not None and not terms_called(rules, state.hand.announced):
            taken = sum(result.tricks[seat] for seat in state.hand.side())
            if slam_paid(rules, terms, taken):
                _add(counts, "slam:slam", True)

    def count_game(self, how: GameEnd | None, counts: dict[str, list[int]]) -> None:
        """Count how a finished game ended (``how``), where a stated end rule caused it."""
        for rule, end in _END_OF.items():
            if how is end and f"end:{rule}" in counts:
                _add(counts, f"end:{rule}", False)


def _add(counts: dict[str, list[int]], key: str, succeeded: bool) -> None:
    tally = counts.get(key)
    if tally is None:
        tally = counts[key] = [0, 0]
    tally[0] += 1
    tally[1] += succeeded


__all__ = ["UNBROKEN", "RuleWatch", "StatedRule", "stated_rules"]
