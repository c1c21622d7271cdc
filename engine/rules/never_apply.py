"""Validation warnings: settings that can never apply, and rules that can never come up, under the rest of
a variant file (issue 45, item 5).

A warning does not make a file invalid (``fivehundred validate`` still exits 0): the rules compile and
play, but part of what the file says has no effect, which is almost always a mistake or a setting left
over from a file it extends. Each check is judged from the compiled :class:`~engine.rules.Rules` (what
the kernel plays), and located, like an error, at the file, line and path of the setting (a setting
left to its default, at its nearest written parent). A file is warned only where it writes the setting
or something that brings the situation about: a file that extends a shipped variant and changes
nothing related is not told of what the shipped file says.

The checks:

* ``breach.ban_breached_declarer_level`` names a level breach can never be called at (below
  ``min_level``, or not a level of the ladder);
* ``breach.min_level`` is above every level of the ladder (breach is then only ever called against
  special contracts);
* ``end.must_win_by_bid`` where nothing but a made contract can take a side to the target (defenders'
  trick points worth nothing, a failed contract scoring nothing for the opponents, no trick points for
  an all-pass hand, no breach points that end the game); not where a defenders' cap under the target is
  what makes it so, since that is the rule said again as the Australian packs say it;
* ``scoring.defender_cap`` where no trick points are ever scored to cap;
* ``end.lose_only_if_others_not_negative`` without a losing score (``lose_at``);
* ``scoring.slam`` where no ordinary bid is small enough for it;
* ``misere_tricks`` (of ``set``, ``ralph`` or ``breach``) where no contract is to take no tricks, or more
  than a hand's tricks;
* ``short_by`` (of ``set``, ``ralph`` or ``breach``) more tricks than any contract can fall short by;
* a special contract's ``eligible.auction_reached`` where it ranks below every bid of that level.
"""

from __future__ import annotations

from collections.abc import Callable

from ..errors import Problem
from ..language.loader import MergedDocument, load_document
from ..language.source import JsonPath
from .contracts import Target
from .ruleset import AllPassAction, FailedContract, Rules, SetRule

_Warn = Callable[[JsonPath, str, tuple[JsonPath, ...]], None]
"""Records a warning: the setting's path, the message, and the parts of the document whose change can
bring the situation about (the setting itself included)."""


def _written_here(document: MergedDocument, parts: tuple[JsonPath, ...]) -> bool:
    """Whether the named file itself (not a file it extends) writes anything at or under one of ``parts``."""
    return any(
        mark.file == document.file and path[: len(part)] == part
        for table in (document.keys, document.values)
        for path, mark in table.items()
        for part in parts
    )


def _written(document: MergedDocument, path: JsonPath) -> bool:
    """Whether ``path`` is written in the file or a file it extends (not left to its default)."""
    return path in document.values


def _listed(numbers: list[int]) -> str:
    if len(numbers) == 1:
        return str(numbers[0])
    return ", ".join(map(str, numbers[:-1])) + f" or {numbers[-1]}"


def _ordinary_levels(rules: Rules) -> list[int]:
    return sorted({contract.level for contract in rules.ladder if not contract.is_special and contract.level is not None})


def _breach(rules: Rules, document: MergedDocument, warn: _Warn) -> None:
    breach = rules.breach
    if breach is None:
        return
    levels = _ordinary_levels(rules)
    breachable = [level for level in levels if level >= breach.min_level]
    if not breachable and _written(document, ("breach", "min_level")):
        specials = any(contract.is_special for contract in rules.ladder)
        only = "against special contracts only" if specials else "never (there are no special contracts either)"
        warn(
            ("breach", "min_level"),
            f"Breach may be called against bids of level {breach.min_level} or more, but the ladder's highest level is "
            f"{max(levels)}, so breach can be called {only}. Lower min_level to a level of the ladder ({_listed(levels)}) "
            "if ordinary bids should be breached.",
            (("breach",), ("ladder",), ("contracts",)),
        )
    ban = breach.ban_breached_declarer_level
    if ban is not None and ban not in breachable:
        written = _written(document, ("breach", "ban_breached_declarer_level"))
        said = f"is {ban}" if written else f"is left to its default, {ban},"
        why = (
            f"{ban} is not a level of the ladder ({_listed(levels)})"
            if ban not in levels and ban >= breach.min_level
            else f"breach may be called only against bids of level {breach.min_level} or more (min_level: {breach.min_level})"
        )
        fix = (
            f"Set it to a level breach can be called at ({_listed(breachable)}) to ban breached declarers of that level"
            if breachable
            else "Lower min_level so that breach can be called against ordinary bids, and set it to one of their levels"
        )
        warn(
            ("breach", "ban_breached_declarer_level"),
            f"ban_breached_declarer_level {said} but {why}, so no breached declarer is ever of level {ban} and the ban never "
            f"applies. {fix}; as written, no breached declarer is banned.",
            (("breach",), ("ladder",)),
        )


def _scored_by_trick(rules: Rules) -> list[str]:
    """Where trick points are scored other than for a contract: defenders' tricks, an all-pass hand."""
    found = []
    if rules.scoring.defender_trick_points > 0:
        found.append("defenders")
    all_pass = rules.auction.all_pass
    if all_pass.action is AllPassAction.PLAY_NO_TRUMP and all_pass.trick_points > 0:
        found.append("all_pass")
    return found


def _capped_under_target(rules: Rules) -> bool:
    """Whether the defenders' trick points stop at a cap under the target."""
    cap = rules.scoring.defender_cap
    return cap is not None and cap < rules.end.target


def must_win_by_bid_moot(rules: Rules) -> str | None:
    """Why ``end.must_win_by_bid`` can never come up under ``rules`` (only a made contract can take a side
    to the target anyway), as a sentence; ``None`` where it can (or is not stated)."""
    end, scoring = rules.end, rules.scoring
    if not end.must_win_by_bid:
        return None
    capped = _capped_under_target(rules)
    if (_scored_by_trick(rules) and not capped) or scoring.failed is FailedContract.TO_OPPONENTS:
        return None
    if rules.breach is not None and rules.breach.can_end_game:
        return None
    if capped:
        why = f"trick points stop at the defenders' cap, {scoring.defender_cap}, under the target {end.target}"
    else:
        why = "no trick points are scored outside a contract"
    return (
        f"only a made contract can take a side to the target, since {why}, a failed contract gives the opponents "
        "nothing, and no breach points end the game"
    )


def _end(rules: Rules, document: MergedDocument, warn: _Warn) -> None:
    end = rules.end
    moot = must_win_by_bid_moot(rules)
    # A cap under the target is how the Australian packs state the rule (rules text 000, "Other scoring
    # variations"; rules text 004 states both): saying it twice is no mistake to warn of.
    if moot is not None and not _capped_under_target(rules):
        warn(
            ("end", "must_win_by_bid"),
            f"must_win_by_bid can never come up: {moot}. Remove must_win_by_bid (the rest of the file already has "
            "that effect), or remove what makes it so.",
            (("end", "must_win_by_bid"), ("end", "target"), ("scoring",), ("auction", "all_pass"), ("breach",)),
        )
    if end.lose_only_if_others_not_negative and end.lose_at is None:
        warn(
            ("end", "lose_only_if_others_not_negative"),
            "lose_only_if_others_not_negative never applies: there is no losing score (lose_at) for it to hold back. "
            "Add a losing score such as 'lose_at: -500', or remove this setting.",
            (("end", "lose_only_if_others_not_negative"), ("end", "lose_at")),
        )


def _scoring(rules: Rules, document: MergedDocument, warn: _Warn) -> None:
    scoring = rules.scoring
    if scoring.defender_cap is not None and not _scored_by_trick(rules):
        warn(
            ("scoring", "defender_cap"),
            f"defender_cap ({scoring.defender_cap}) never applies: defenders score no trick points "
            "(defender_trick_points: 0) and an all-pass hand is not played for trick points. Remove it, or give the "
            "defenders points per trick.",
            (("scoring", "defender_cap"), ("scoring", "defender_trick_points"), ("auction", "all_pass")),
        )
    slam = scoring.slam
    if slam is not None and not any(slam.applies(contract) for contract in rules.ladder):
        limit = f"worth less than {slam.below_value}" if slam.below_value is not None else "at or below the bid 'up_to' names"
        lowest = min((contract for contract in rules.ladder if not contract.is_special), key=lambda contract: contract.value)
        warn(
            ("scoring", "slam"),
            f"The slam bonus never applies: it is for ordinary bids {limit}, and there is none (the cheapest, {lowest.id}, is "
            f"worth {lowest.value}). Raise the limit, or remove the slam bonus.",
            (("scoring", "slam"), ("ladder",), ("contracts",)),
        )


def _targets(rules: Rules) -> list[Target]:
    """The trick targets of every contract, modifier and call of ``rules``."""
    return [contract.target for contract in rules.ladder] + [extra.target for extra in rules.extras if extra.target is not None]


def _margin_rules(rules: Rules) -> list[tuple[str, SetRule]]:
    """The set, ralph and breach margins ``rules`` state, each with its section."""
    stated = (("set", rules.set_rule), ("ralph", rules.ralph), ("breach", None if rules.breach is None else rules.breach.margin))
    return [(section, rule) for section, rule in stated if rule is not None]


def _misere_tricks(rules: Rules, document: MergedDocument, warn: _Warn) -> None:
    if any(target.is_no_tricks for target in _targets(rules)):
        return
    for section, _ in _margin_rules(rules):
        if _written(document, (section, "misere_tricks")):
            warn(
                (section, "misere_tricks"),
                f"{section}.misere_tricks never applies: no contract of this variant is to take no tricks (misère and its "
                "family are switched off or absent). Remove it.",
                ((section, "misere_tricks"), ("contracts",)),
            )


def _margins(rules: Rules, document: MergedDocument, warn: _Warn) -> None:
    """A set, ralph or breach margin (``short_by``) no contract can fall short by, or ``misere_tricks`` more
    than a hand's tricks (a user trial wrote ``short_by: 11`` with ten-card hands, and ``show`` repeated it)."""
    size = rules.deal.hand_size
    targets = _targets(rules)
    widest = max((max(target.minimum, size - target.maximum) for target in targets if not target.is_no_tricks), default=0)
    for section, rule in _margin_rules(rules):
        if rule.short_by > widest:
            warn(
                (section, "short_by"),
                f"{section}.short_by ({rule.short_by}) never applies: no contract can fall more than {widest} tricks short "
                f"(hands of {size} cards). Lower it to {widest} or less, or remove it.",
                ((section, "short_by"), ("deal",), ("players",), ("contracts",), ("ladder",)),
            )
        if rule.misere_tricks > size and any(target.is_no_tricks for target in targets):  # (else _misere_tricks says so)
            warn(
                (section, "misere_tricks"),
                f"{section}.misere_tricks ({rule.misere_tricks}) never applies: a hand has only {size} tricks. Lower it to "
                f"{size} or less, or remove it.",
                ((section, "misere_tricks"), ("deal",), ("players",)),
            )


def _unreachable(rules: Rules, document: MergedDocument, warn: _Warn) -> None:
    """A special contract eligible only once the auction reached a level, but ranked below every bid of that
    level: by then it can never outbid the bid standing (a user trial placed misère above 6S, eligible once
    the auction reached 9)."""
    for contract in rules.ladder:
        reached = contract.eligibility.auction_reached
        if not contract.is_special or reached is None:
            continue
        standing = [other for other in rules.ladder if not other.is_special and other.level is not None and other.level >= reached]
        if standing and contract.rank < min(other.rank for other in standing):
            lowest = min(standing, key=lambda other: other.rank)
            warn(
                ("contracts", contract.id, "eligible", "auction_reached"),
                f"'{contract.id}' can never be bid: it may be bid only once the auction has reached {reached}, and it "
                f"ranks below {lowest.id}, the lowest bid of that level, so it never outbids the bid standing then. "
                "Place it higher, or lower auction_reached.",
                (("contracts", contract.id), ("ladder",)),
            )


CHECKS: tuple[Callable[[Rules, MergedDocument, _Warn], None], ...] = (_breach, _end, _scoring, _misere_tricks, _margins, _unreachable)
"""Every check, in the order their warnings are listed."""


def rule_warnings(rules: Rules, document: MergedDocument) -> list[Problem]:
    """The warnings about ``rules``, compiled from ``document``: each a setting that can never apply or a
    rule that can never come up, located at the setting (its nearest written parent when it is left to
    its default), in file and line order."""
    found: list[Problem] = []

    def warn(path: JsonPath, message: str, parts: tuple[JsonPath, ...]) -> None:
        # A file is told of what it wrote, or changed under: not of what only a file it extends says
        # (that file's own validation tells of it), so extending a shipped variant adds no warnings.
        if _written_here(document, (path,) + parts):
            found.append(document.problem(path, message))

    for check in CHECKS:
        check(rules, document, warn)
    return sorted(set(found))


def variant_warnings(reference: str, rules: Rules) -> list[Problem]:
    """:func:`rule_warnings` for the variant ``reference`` (a shipped name or a path), already compiled
    into ``rules``: its document is read again for the positions of its settings."""
    return rule_warnings(rules, load_document(reference))


__all__ = ["CHECKS", "must_win_by_bid_moot", "rule_warnings", "variant_warnings"]
