"""Why the heuristic bots seldom use some rules: the reasons a simulation's report gives when a stated rule
never came up, so that a rules author can tell "this rule cannot matter" from "these bots rarely reach for
it" (issue 45, item 6).

The reasons describe how :class:`~engine.bots.heuristic.HeuristicBot` decides each call, read from the
compiled rules (what a call asks for, its margin), not from a list of known variants.
"""

from __future__ import annotations

from ..rules.announcements import Effect
from ..rules.ruleset import Rules
from .profile import Profile


def seldom_used(rules: Rules, profile: Profile = Profile()) -> dict[str, str]:
    """Per rule id (an announcement, ``alone``), why the heuristic bots seldom use it in ``rules``: said
    after "never came up:" in a report's warning."""
    reasons: dict[str, str] = {}
    for announcement in rules.announcements:
        if announcement.effect is Effect.WAGER:
            reasons[announcement.id] = (
                "a defender calls it only when its own hand expects at least "
                f"{profile.breach_margin:g} tricks more than breaking the contract needs, which few hands do"
            )
            continue
        extra = next((each for each in rules.extras if each.id == announcement.id), None)
        if extra is not None and extra.target is not None and extra.target.minimum >= rules.deal.hand_size:
            reasons[announcement.id] = (
                "the declarer calls it only where it adds to its expected score, and it asks for every trick: in practice "
                "with a hand sure of every trick or nearly so"
            )
        else:
            reasons[announcement.id] = "the declarer calls it only where its expected score under the call's terms is higher"
    called = rules.seating.called_partner
    if called is not None and called.may_go_alone:
        reasons["alone"] = f"a declarer goes alone only when its hand alone expects {profile.alone_margin:g} tricks over its bid"
    return reasons


__all__ = ["seldom_used"]
