"""Charts of a simulation (the ``plot`` extra): contract frequencies and game lengths, as one PNG."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")  # files only: no display needed

import matplotlib.pyplot as plt

from .report import to_data
from .runner import SimulationResult


def plot_result(result: SimulationResult, path: str) -> None:
    """Draw the contract frequencies (and, for games, the game-length distribution) into ``path``."""
    data = to_data(result)
    panels = 2 if data["games"] else 1
    figure, axes = plt.subplots(1, panels, figsize=(7 * panels, 4.5), squeeze=False)
    contracts = data["contracts"]
    left = axes[0][0]
    left.bar(list(contracts), [each["bid"] for each in contracts.values()], color="#4472c4")
    left.set_title(f"Contracts played: {data['name']}")
    left.set_ylabel("hands")
    left.tick_params(axis="x", rotation=90)
    if data["games"]:
        lengths = data["game_length"]["distribution"]
        right = axes[0][1]
        right.bar([int(length) for length in lengths], list(lengths.values()), color="#ed7d31")
        right.set_title(f"Game length (mean {data['game_length']['mean']} hands)")
        right.set_xlabel("hands")
        right.set_ylabel("games")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)
