"""The double-dummy solver against DDS, the bridge double-dummy solver (issue 47), on bridge card play:
random endings of 3, 5 and 7 cards a hand from random 52-card deals, every strain and every declarer.

The rule checked is the play of the tricks, rules text 000, "Play": "Players must follow suit if they
can ... If a player no longer has any cards of the suit that is led, they may play any card in their
hand. After all four players have played a card, the highest trump takes the trick. If no trump is
played, the highest card of the led suit wins the trick. The winner of the trick leads on the next
trick." Without the joker and the bowers (``tests/data/bridge.yaml``: 52 cards, no joker, no bowers,
seats 0 and 2 against 1 and 3) that is bridge's card play, whose exact double-dummy values DDS gives:
the solver must find the same number of tricks for the declaring side, the lead from the declarer's
left (DDS's tables), and, on the smaller endings, the same value for every card the leader may lead.

A development test: skipped unless ``endplay`` (DDS for Python, ``pip install -e '.[dds]'``) is
installed. ``python bench/dds.py`` compares more endings and whole deals, and times both.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.analysis import Solver
from engine.kernel.play import TrickPlay
from engine.kernel.tables import Tables, mask_of, tables_for

endplay = pytest.importorskip("endplay")

from endplay.dds import solve_board  # noqa: E402
from endplay.dds.solve import SolveMode  # noqa: E402
from endplay.types import Deal, Denom, Player  # noqa: E402

BRIDGE = Path(__file__).parent / "data" / "bridge.yaml"
STRAINS = ("S", "H", "D", "C", "NT")
"""The engine's strain ids in DDS's order (``Denom`` 0-4); engine seat s is DDS's ``Player`` s (N E S W)."""


@pytest.fixture(scope="module")
def tables() -> Tables:
    import endplay._dds as dds

    dds.SetMaxThreads(1)  # one core
    return tables_for(engine.load_variant(str(BRIDGE)))


def ending(seed: int, size: int) -> list[list[int]]:
    """A random 52-card deal, each hand keeping ``size`` of its 13 cards (the rest out of play)."""
    rng = random.Random(seed)
    cards = list(range(52))
    rng.shuffle(cards)
    return [sorted(rng.sample(cards[13 * seat : 13 * seat + 13], size)) for seat in range(4)]


def name(tables: Tables, index: int) -> str:
    """A card as DDS names it: suit letter then rank, ten as T."""
    card = tables.cards[index]
    return card.suit + ("T" if card.rank == "10" else card.rank)


def deal_for(tables: Tables, hands: list[list[int]], strain: str, leader: int) -> Any:
    holdings = [
        ".".join("".join(name(tables, index)[1:] for index in hand if tables.cards[index].suit == suit) for suit in "SHDC")
        for hand in hands
    ]
    deal = Deal("N:" + " ".join(holdings))
    deal.trump = Denom(STRAINS.index(strain))
    deal.first = Player(leader)
    return deal


def test_the_bridge_variant_is_bridge_card_play(tables: Tables) -> None:
    """52 cards, no joker; a trump suit is its own 13 cards ace high (no bowers); no trump has none."""
    assert len(tables.cards) == 52 and not any(card.is_joker for card in tables.cards)
    for strain in "SHDC":
        table = tables.strains[strain]
        trumps = sorted((index for index in range(52) if table.trumps >> index & 1), key=lambda index: -table.power[index])
        assert [str(tables.cards[index]) for index in trumps] == [rank + strain for rank in "A K Q J 10 9 8 7 6 5 4 3 2".split()]
    assert tables.strains["NT"].trumps == 0 and tables.strains["NT"].suitless == 0


@pytest.mark.parametrize(("size", "seeds"), [(3, range(6)), (5, range(4)), (7, range(2))])
def test_the_solver_agrees_with_dds_on_bridge_endings(tables: Tables, size: int, seeds: range) -> None:
    compared = 0
    for seed in seeds:
        hands = ending(seed, size)
        for strain in STRAINS:
            for declarer in range(4):
                leader = (declarer + 1) % 4
                play = TrickPlay(tables, [mask_of(hand) for hand in hands], tables.strains[strain], [0, 1, 2, 3], leader, size)
                declaring = {declarer, (declarer + 2) % 4}
                deal = deal_for(tables, hands, strain, leader)
                # DDS scores each card the leader may lead with its own side's tricks.
                expected = {card: size - score for card, score in solve_board(deal, SolveMode.Default)}
                where = (size, seed, strain, f"declarer {'NESW'[declarer]}")
                assert Solver(play, declaring).tricks() == min(expected.values()), where
                if size <= 5:
                    values = Solver(play, declaring).move_values()
                    assert {name(tables, index): value for (index, _), value in values.items()} == {
                        "SHDC"[card.suit] + card.rank.abbr: value for card, value in expected.items()
                    }, where
                compared += 1
    assert compared == len(seeds) * 20
