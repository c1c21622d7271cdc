"""Paired games: a heuristic profile against ``classic`` (or another profile), over the same seeds.

The profile plays one team's seats and the other profile the rest, each team in turn on the same deals;
prints the profile's share of games won with a 95% interval and the fair share. Settings are Profile
fields as Python keywords, one comparison per argument ("" for the default profile):

    python bench/profile_versus.py standard 1000 "" "aggression=-0.3, partner_tricks=1.6" [--offset 50000]
"""

from __future__ import annotations

import argparse
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

try:
    import engine
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from engine.bots.heuristic import HeuristicBot, Profile
from engine.bots.profile import CLASSIC
from engine.kernel.state import GameState


def games(variant: str, first: Profile, other: Profile, start: int, count: int) -> tuple[int, int, int]:
    """(games ``first``'s team won, games played, teams) over seeds ``start`` to ``start + count - 1``."""
    rules = engine.load_variant(variant)
    teams = rules.seating.teams
    won = played = 0
    for seed in range(start, start + count):
        for team, seats in enumerate(teams):
            bots = [HeuristicBot(rules, first if seat in seats else other, seed=seat) for seat in range(rules.seating.players)]
            state = GameState.create(rules, seed=seed, dealer=seed % rules.seating.players, history=False)
            state.run([bot.choose for bot in bots])
            played += 1
            won += state.winner == team
    return won, played, len(teams)


def settings(text: str) -> dict[str, object]:
    """``"aggression=-0.3, partner_tricks=1.6"`` as keywords (numbers and true/false only)."""
    found: dict[str, object] = {}
    for part in filter(None, (piece.strip() for piece in text.split(","))):
        key, _, value = part.partition("=")
        word = value.strip().lower()
        found[key.strip()] = word == "true" if word in ("true", "false") else float(word)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant")
    parser.add_argument("seeds", type=int, help="seeds (each played once per team)")
    parser.add_argument("profiles", nargs="+", help="Profile settings, one comparison each")
    parser.add_argument("--offset", type=int, default=0, help="first seed (default 0)")
    args = parser.parse_args()
    half = args.seeds // 2
    for text in args.profiles:
        profile = replace(Profile(), **settings(text))  # type: ignore[arg-type]
        with ProcessPoolExecutor(2) as pool:
            parts = list(
                pool.map(
                    games, [args.variant] * 2, [profile] * 2, [CLASSIC] * 2, [args.offset, args.offset + half], [half, args.seeds - half]
                )
            )
        won, played, teams = sum(part[0] for part in parts), sum(part[1] for part in parts), parts[0][2]
        share = won / played
        margin = 1.96 * math.sqrt(share * (1 - share) / played)
        print(f"{args.variant} {text or 'default'}: {100 * share:.1f}% ± {100 * margin:.1f} (fair {100 / teams:.0f}%)", flush=True)


if __name__ == "__main__":
    main()
