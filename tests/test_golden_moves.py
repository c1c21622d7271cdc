"""Golden legal-move counts (issue 28, in the style of python-chess's perft files): along a fixed path
through the first hands of every playable shipped variant, the number of legal actions at each position
and, one move deeper, the sum over each legal action of the legal actions after it. Computed once and
kept in ``tests/data/move-counts.json``; any change to the rules the kernel plays changes some count.

Regenerate only after a deliberate rule change, and say why in the commit:
``python tests/test_golden_moves.py``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import engine
from engine.kernel.moves import legal_actions, move_of
from engine.kernel.phase import Phase
from engine.kernel.state import GameState
from engine.kernel.support import unsupported_rules
from engine.language.resources import shipped_variant_names

DATA = Path(__file__).parent / "data" / "move-counts.json"
STEPS = 80
"""Positions recorded per variant (the first hand and the start of the next)."""


def counts(variant: str) -> list[list[object]]:
    """Per position along the path: [phase, seat to act, legal actions, legal actions one move deeper].

    The path is fixed by the deal (seed 7) and a rule that needs no random numbers: at step ``i`` the
    action at position ``(7 * i) % count`` of the legal actions is taken."""
    state = GameState.create(engine.load_variant(variant), seed=7, history=False)
    rows: list[list[object]] = []
    for step in range(STEPS):
        if state.to_act is None:
            break
        actions = legal_actions(state)
        deeper = 0
        if state.phase is not Phase.KITTY:  # a kitty's discards are counted, not expanded (hundreds)
            for action in actions:
                after = state.copy()
                after.apply_move(move_of(after, action))
                deeper += len(legal_actions(after))
        rows.append([state.phase.value, state.to_act, len(actions), deeper])
        state.apply_move(move_of(state, actions[(7 * step) % len(actions)]))
    return rows


PLAYABLE = [name for name in shipped_variant_names() if not unsupported_rules(engine.load_variant(name))]


@pytest.mark.parametrize("variant", PLAYABLE)
def test_legal_move_counts_match_the_golden_table(variant: str) -> None:
    golden = json.loads(DATA.read_text(encoding="utf-8"))
    assert variant in golden, f"{variant} has no golden counts: regenerate tests/data/move-counts.json"
    assert counts(variant) == golden[variant]


def test_the_golden_table_covers_every_phase_the_shipped_variants_reach() -> None:
    golden = json.loads(DATA.read_text(encoding="utf-8"))
    phases = {row[0] for rows in golden.values() for row in rows}
    assert phases >= {"auction", "kitty", "play", "calls", "partner", "pick", "draw", "give"}


if __name__ == "__main__":
    table = {variant: counts(variant) for variant in PLAYABLE}
    DATA.write_text(json.dumps(table, indent=None, separators=(",", ":")).replace("]],", "]],\n") + "\n", encoding="utf-8")
    sys.stdout.write(f"wrote {DATA} ({len(table)} variants)\n")
