"""What keeps every game finite and every choice enumerable, checked when a variant is compiled.

The schema bounds each number and list on its own (``docs/variant-language.md``, "Limits"); these checks
bound what only the rules taken together decide: how many ways the declarer may choose its discards,
whether every deal can satisfy the misdeal rule, and whether the end rules let a game end at all. The
kernel keeps its own backstops for what no check can rule out (``engine.kernel.course.MAX_HANDS``).
"""

from __future__ import annotations

from math import comb

from .cards import FACE_RANKS
from .context import CompileContext
from .ruleset import Rules

MAX_DISCARD_CHOICES = 20_000
"""Most ways a seat may choose its discards from its hand (``C(held, discarded)``); a kitty of 3 with
hands of 10 gives 286, the 46-card pack's kitty of 6 gives 8,008. More would make ``legal_actions()`` enumerate
millions of discards."""


def check_limits(ctx: CompileContext, rules: Rules) -> None:
    """Record a problem in ``ctx`` for each way ``rules`` would make a choice unenumerable or a game
    endless."""
    deal, seating, end = rules.deal, rules.seating, rules.end
    kitty = deal.kitty + deal.table_to_kitty * seating.players
    held = deal.hand_size + kitty
    choices = comb(held, kitty)
    if choices > MAX_DISCARD_CHOICES:
        ctx.error(
            ("deal", "kitty_size"),
            f"A declarer holding {held} cards after taking a kitty of {kitty} could discard in {choices:,} ways; "
            f"at most {MAX_DISCARD_CHOICES:,} are allowed (a smaller kitty or smaller hands fit).",
        )
    if deal.misdeal_without_face_card:
        faces = sum(1 for card in rules.deck.cards if card.rank in FACE_RANKS)
        if faces < seating.seats:
            ctx.error(
                ("deal", "misdeal_without_face_card"),
                f"The deck has {faces} face cards for {seating.seats} hands, so every deal would be a misdeal; drop the rule or add face cards.",
            )
    if end.exact_target and end.lose_at_or_above is None and rules.scoring.scores_never_decrease:
        ctx.error(
            ("end", "exact_target"),
            f"With exact_target, scores that never decrease and no lose_at_or_above, a side past {end.target} can never "
            "come back to it and the game might never end; add lose_at_or_above (such as 1000).",
        )


__all__ = ["MAX_DISCARD_CHOICES", "check_limits"]
