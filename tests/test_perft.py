"""Perft: legal move counts to depth 3 from fixed positions of every playable shipped variant (issue 46,
item 6), in the style of python-chess's ``.perft`` files.

``perft(position, depth)`` is the number of move sequences of length ``depth`` from the position (every
legal action counted once: a discard of several cards, a card played with the suit named for a led
joker, a table card taken with the card put back). A position is written as its variant, the seed of its
deals and the actions taken from the game's start in the engine's notation, so the table does not depend
on how the kernel numbers its moves: a change of the move space that changes a count changes the game.

The positions lie along one fixed path per variant (seed 7, dealer 0; at step ``i`` the action at
position ``(7 * i) % count`` of the legal actions, as in ``tests/test_golden_moves.py``, through the
first hand and the start of the next): the first position of each phase the path reaches, and the start
of the first hand's second trick. Where the tree grows
past :data:`LEAF_LIMIT` sequences the deeper counts are left out (a kitty's discards run to thousands),
as the perft files list fewer depths for the hardest positions.

Regenerate only after a deliberate rule change, and say why in the commit: ``python tests/test_perft.py``.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import engine
from engine.kernel.actions import parse_action
from engine.kernel.moves import legal_actions, move_of
from engine.kernel.phase import Phase
from engine.kernel.state import GameState
from engine.kernel.support import unsupported_rules
from engine.language.resources import shipped_variant_names

DATA = Path(__file__).parent / "data" / "perft.txt"
SEED = 7
"""The seed of every position's deals (dealer 0)."""
DEPTH = 3
"""The deepest count kept."""
LEAF_LIMIT = 40_000
"""A deeper count is kept only while the one above it is at most this (each of its sequences is played)."""
PATH_STEPS = 80
"""How far along its path a variant's positions are looked for (the first hand and the start of the next)."""
PLAYABLE = [name for name in shipped_variant_names() if not unsupported_rules(engine.load_variant(name))]


@dataclass(frozen=True)
class Position:
    """One entry of the perft table: where the position is and its counts."""

    name: str
    """The entry's id: the variant and what the position is."""
    variant: str
    """The shipped variant played."""
    actions: tuple[str, ...]
    """The actions taken from the game's start (seed :data:`SEED`, dealer 0), in notation."""
    phase: str
    """The phase of the position (a check that the path still leads there)."""
    counts: tuple[int, ...]
    """``perft(1)``, ``perft(2)``, ... as far as counted."""


def perft(state: GameState, depth: int) -> int:
    """The number of legal move sequences of length ``depth`` from ``state`` (the last level counted, not played)."""
    actions = legal_actions(state)
    if depth <= 1:
        return len(actions) if depth == 1 else 1
    total = 0
    for action in actions:
        after = state.copy()
        after.apply_move(move_of(after, action))
        total += perft(after, depth - 1)
    return total


def position_state(variant: str, actions: tuple[str, ...]) -> GameState:
    """The state after ``actions`` from the start of ``variant``'s game dealt from :data:`SEED`."""
    rules = engine.load_variant(variant)
    state = GameState.create(rules, seed=SEED, history=False)
    for text in actions:
        state.apply_move(move_of(state, parse_action(rules, text)))
    return state


def counts_of(state: GameState) -> tuple[int, ...]:
    """``perft`` at depths 1 to :data:`DEPTH`, stopping where the previous count passes :data:`LEAF_LIMIT`."""
    counts: list[int] = []
    for depth in range(1, DEPTH + 1):
        if counts and counts[-1] > LEAF_LIMIT:
            break
        counts.append(perft(state, depth))
    return tuple(counts)


def positions(variant: str) -> list[Position]:
    """The variant's positions along its fixed path (see the module docstring), counted."""
    state = GameState.create(engine.load_variant(variant), seed=SEED, history=False)
    taken: list[str] = []
    found: list[Position] = []
    seen: set[Phase] = set()
    first_hand = state.hand_number
    for step in range(PATH_STEPS):
        if state.to_act is None:
            break
        phase = state.phase
        play = state.hand.play
        label = None
        if phase not in seen:
            seen.add(phase)
            label = phase.value
        elif phase is Phase.PLAY and play is not None and play.number == 1 and not play.trick and state.hand_number == first_hand:
            label = "second-trick"
        if label is not None:
            found.append(Position(f"{variant}-{label}", variant, tuple(taken), phase.value, counts_of(state)))
        actions = legal_actions(state)
        action = actions[(7 * step) % len(actions)]
        taken.append(str(action))
        state.apply_move(move_of(state, action))
    return found


def write_table(entries: list[Position]) -> str:
    """The table's text: one block per position, ``id``, ``variant``, ``moves`` (``;`` between actions),
    ``phase`` and one ``perft depth count`` line per depth."""
    lines = [
        "# Legal move counts from fixed positions of every playable shipped variant (tests/test_perft.py).",
        f"# Deals from seed {SEED}, dealer 0; moves are the actions from the game's start, in notation.",
        "",
    ]
    for entry in entries:
        lines += [f"id {entry.name}", f"variant {entry.variant}", f"moves {'; '.join(entry.actions)}", f"phase {entry.phase}"]
        lines += [f"perft {depth} {count}" for depth, count in enumerate(entry.counts, start=1)]
        lines.append("")
    return "\n".join(lines)


def read_table(text: str) -> list[Position]:
    """The positions of a table written by :func:`write_table`."""
    entries: list[Position] = []
    for block in text.split("\n\n"):
        fields: dict[str, str] = {}
        counts: list[int] = []
        for line in block.splitlines():
            if not line or line.startswith("#"):
                continue
            key, _, value = line.partition(" ")
            if key == "perft":
                depth, count = value.split()
                assert int(depth) == len(counts) + 1
                counts.append(int(count))
            else:
                fields[key] = value
        if fields:
            moves = tuple(each.strip() for each in fields["moves"].split(";") if each.strip())
            entries.append(Position(fields["id"], fields["variant"], moves, fields["phase"], tuple(counts)))
    return entries


def table() -> list[Position]:
    """The committed table."""
    return read_table(DATA.read_text(encoding="utf-8"))


@pytest.mark.parametrize("variant", PLAYABLE)
def test_legal_move_counts_to_depth_three_match_the_golden_perft_table(variant: str) -> None:
    """Every position of the variant, replayed from its notation, has the committed counts."""
    entries = [entry for entry in table() if entry.variant == variant]
    assert entries, f"{variant} has no perft positions: regenerate tests/data/perft.txt"
    for entry in entries:
        state = position_state(variant, entry.actions)
        assert state.phase.value == entry.phase, entry.name
        assert tuple(perft(state, depth) for depth in range(1, len(entry.counts) + 1)) == entry.counts, entry.name


def test_the_perft_table_reaches_every_phase_at_depth_three_somewhere() -> None:
    """Each phase the shipped variants reach has a position counted to depth 3, and every variant's
    auction and card play are counted that deep."""
    entries = table()
    deep = {entry.phase for entry in entries if len(entry.counts) == DEPTH}
    assert deep >= {"auction", "play", "calls", "partner", "pick", "draw", "give"}
    assert "kitty" in {entry.phase for entry in entries}
    for variant in PLAYABLE:
        phases = {entry.phase for entry in entries if entry.variant == variant and len(entry.counts) == DEPTH}
        assert {"auction", "play"} <= phases, variant


def test_the_table_reads_back_what_was_written() -> None:
    """The text form round-trips."""
    entries = table()
    assert read_table(write_table(entries)) == entries


if __name__ == "__main__":
    everything = [entry for variant in PLAYABLE for entry in positions(variant)]
    DATA.write_text(write_table(everything), encoding="utf-8")
    sys.stdout.write(f"wrote {DATA} ({len(everything)} positions)\n")
