"""The simulator's inner loop: the units (hands or games) of one chunk of work, each dealt and played from
``(seed, index)`` alone, tallied as they end.

Kept apart from :mod:`~engine.simulation.runner` (processes, checkpoints, progress) so that the compiled
build compiles it: the loop over a chunk's units, their seeding and the tally's calls run natively instead
of as interpreted code around every hand.
"""

from __future__ import annotations

import _random
import random
from collections.abc import Callable, Sequence

from ..kernel.events import HandResult
from ..kernel.state import Chooser, GameState
from ..kernel.tables import tables_for
from ..rules.ruleset import Rules
from .figures import Row, rule_figures, unit_figures
from .rule_use import RuleWatch
from .tally import Tally

MAX_HANDS_PER_GAME = 1000
"""A game still going after this many hands is stopped and counted as unfinished."""
MAX_UNITS = 10**9
"""Most hands or games one run may ask for."""
_UNIT_BITS = MAX_UNITS.bit_length()


def unit_seeds(seed: int, index: int) -> tuple[int, int]:
    """The integer seeds of hand or game ``index`` (``0 <= index < 2**30``, which :data:`MAX_UNITS` keeps) of
    a run with ``seed``: its deals' generator's, and its bots' (one generator the seats share). Cheap (a
    generator seeded from an integer needs no hashing) and distinct for every (seed, index, which): the
    seed folded onto the whole numbers (the generator ignores a seed's sign, so ``s`` and ``-s`` would
    otherwise deal alike), then the index's 30 bits and one bit for which generator.
    ``Game(rules, seed=unit_seeds(seed, i)[0], dealer=i % players)`` deals what the simulator's game ``i``
    is dealt."""
    folded = 2 * seed if seed >= 0 else -2 * seed - 1
    deals = (folded << _UNIT_BITS | index) << 1
    return deals, deals | 1


def reseed(generator: random.Random, seed: int) -> None:
    """Seed ``generator`` from the integer ``seed`` as ``random.Random(seed)`` does (the C generator's own
    seeding, without ``Random.seed``'s checks for other types of seed)."""
    _random.Random.seed(generator, seed)
    generator.gauss_next = None  # type: ignore[attr-defined]


def play_unit(
    rules: Rules,
    index: int,
    games: bool,
    deals: random.Random,
    choosers: Sequence[Chooser],
    tally: Tally,
    watch: RuleWatch,
    rows: list[Row] | None = None,
) -> int:
    """Play hand or game ``index`` (a whole game where ``games``) into ``tally``, dealt from ``deals``
    (seeded for it), with ``choosers`` (a bot's move per seat); returns the number of actions taken. With
    ``rows``, the unit's figures (:func:`~engine.simulation.figures.unit_figures`) are appended to it.

    The bots move straight from the kernel's state (:class:`~engine.bots.FastBot`): no action objects,
    events or records are made, which is what makes a simulated hand cheap. The deals come from a
    generator seeded from ``(seed, index)`` alone, so hand ``index`` is dealt the same under any variant
    with the same deck (what ``compare`` relies on).
    """
    tables = tables_for(rules)
    dealer = index % rules.seating.players
    state = GameState(rules, tables, deals, dealer, tables.start_scores)
    state.pause_between_hands = True
    limit = MAX_HANDS_PER_GAME if games else 1
    results: list[HandResult] = []
    actions = 0
    unit_use: dict[str, list[int]] | None = {} if rows is not None else None  # this unit's rules in play
    while True:
        actions += state.run(choosers, trusted=True)  # built-in bots: tests check their moves are legal
        result = state.result
        assert result is not None
        results.append(result)
        tally.add_hand(result, rules)
        watch.count_hand(state, tally.rule_use)
        if unit_use is not None:
            watch.count_hand(state, unit_use)
        if not state.paused or len(results) >= limit:
            break
        state.next_hand()
    if games:
        tally.add_game(results, dealer, state.winner, state.ending, rules)
        watch.count_game(state.ending, tally.rule_use)
    if rows is not None:
        row = unit_figures(rules, results, dealer, state.ending, games)
        row.update(rule_figures(watch.stated, unit_use or {}, games))
        rows.append(row)
    return actions


def play_units(
    rules: Rules,
    seed: int,
    first: int,
    last: int,
    games: bool,
    bots_random: random.Random,
    choosers: Sequence[Chooser],
    tally: Tally,
    watch: RuleWatch,
    rows: list[Row] | None = None,
    unit_done: Callable[[], None] | None = None,
) -> int:
    """Play units ``first`` to ``last - 1`` of a run with ``seed`` (:func:`play_unit`), the bots' shared
    generator ``bots_random`` and the deals' seeded again from ``(seed, index)`` before each
    (:func:`unit_seeds`), so a unit plays the same whatever chunk it falls in; returns the actions taken.
    ``unit_done()`` is called after each unit."""
    deals = random.Random(0)
    actions = 0
    for index in range(first, last):
        deals_seed, bots_seed = unit_seeds(seed, index)
        reseed(deals, deals_seed)
        reseed(bots_random, bots_seed)
        actions += play_unit(rules, index, games, deals, choosers, tally, watch, rows)
        if unit_done is not None:
            unit_done()
    return actions


__all__ = ["MAX_HANDS_PER_GAME", "MAX_UNITS", "play_unit", "play_units", "reseed", "unit_seeds"]
