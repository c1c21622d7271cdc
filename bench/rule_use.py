"""Rules in play, for every shipped variant: how often the bots used each rule the variant states beyond
the plain ladder, and with what success (issue 35's measurement; the figures are the report's ``rules``).

    python bench/rule_use.py [--hands 5000] [--games 200] [--bots heuristic] [--variant NAME ...] [--markdown [--before classic]]
    python bench/rule_use.py --versus classic [--games 250] [--variant NAME ...]

Each variant is simulated twice with the same seed: ``--hands`` single hands (the rules that come up
within a hand), then ``--games`` whole games (the end rules, and what the game's standing changes). A
rule never used is marked ``never``; a success rate comes with its 95% interval (5,000 hands, the
default, because the 20-30 misères a variant bids in 1,000 hands leave an interval some 35 points wide);
``--markdown`` prints the table as the README shows it.
"""

from __future__ import annotations

import argparse
import time

import engine
from engine.analysis.statistics import wilson
from engine.language.resources import shipped_variant_names
from engine.simulation.report import rules_in_play
from engine.simulation.rule_use import stated_rules


def measure(variant: str, bot: str, hands: int, games: int, seed: int) -> list[dict[str, object]]:
    """The report's rows of ``variant`` for ``hands`` hands and ``games`` games with ``bot`` in every seat
    (the rules that come up within a hand from the hands, the end rules from the games)."""
    players = engine.load_variant(variant).seating.players
    by_hand = rules_in_play(engine.simulate(variant, hands=hands, seed=seed, bots=[bot] * players, workers=2))["rules"]
    by_game = rules_in_play(engine.simulate(variant, games=games, seed=seed, bots=[bot] * players, workers=2))["rules"]
    needs_games = {rule.rule for rule in stated_rules(engine.load_variant(variant)) if rule.needs_games}
    return [row for row in by_hand if row["rule"] not in needs_games] + [row for row in by_game if row["rule"] in needs_games]


def versus(variant: str, bot: str, other: str, games: int, seed: int) -> tuple[int, int, float]:
    """``bot`` against ``other`` over paired seeds: ``bot`` plays one team's seats and ``other`` the rest,
    each team in turn on the same seeds (the same deals). Returns (games won by ``bot``'s team, games
    played, the fair share of one team)."""
    rules = engine.load_variant(variant)
    teams = rules.seating.teams
    won = played = 0
    for team, seats in enumerate(teams):
        bots = [bot if seat in seats else other for seat in range(rules.seating.players)]
        tally = engine.simulate(variant, games=games, seed=seed, bots=bots, workers=2).tally
        won += tally.wins[team]
        played += tally.games
    return won, played, 1 / len(teams)


def cell(row: dict[str, object]) -> str:
    used = int(row["used"])  # type: ignore[call-overload]
    if not used:
        return "never"
    text = f"{used} ({100 * float(row['rate']):.1f}% of {row['per']}s)"  # type: ignore[arg-type]
    if "succeeded" in row:
        low, high = wilson(int(row["succeeded"]), used)  # type: ignore[call-overload]
        text += f", {row['succeeded']} succeeded ({100 * float(row['success_rate']):.0f}%; {100 * low:.0f}-{100 * high:.0f}%)"  # type: ignore[arg-type]
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", action="append", help="a shipped variant (all when not given)")
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--before", metavar="BOT", help="with --markdown: a column for BOT before --bots' column")
    parser.add_argument("--versus", metavar="BOT", help="instead: --bots against BOT over paired seeds, --games each way")
    args = parser.parse_args()
    variants = args.variant or [name for name in sorted(shipped_variant_names()) if not engine.unsupported_rules(engine.load_variant(name))]
    started = time.perf_counter()
    if args.versus:
        for variant in variants:
            won, played, fair = versus(variant, args.bots, args.versus, args.games, args.seed)
            low, high = wilson(won, played)
            print(
                f"{variant:<32}{args.bots} won {won} of {played} games against {args.versus}: {100 * won / played:.1f}% "
                f"(95% interval {100 * low:.1f}-{100 * high:.1f}%; a fair share is {100 * fair:.0f}%)"
            )
        print(f"\n{len(variants)} variants, seed {args.seed}; {time.perf_counter() - started:.0f} s")
        return
    if args.markdown:
        columns = [args.before, args.bots] if args.before else [args.bots]
        print("| variant | rule | kind | " + " | ".join(f"{bot}: used (rate), succeeded" for bot in columns) + " |")
        print("| --- | --- | --- |" + " --- |" * len(columns))
        for variant in variants:
            tables = [measure(variant, bot, args.hands, args.games, args.seed) for bot in columns]
            for rows in zip(*tables):
                print(f"| {variant} | {rows[0]['rule']} | {rows[0]['kind']} | " + " | ".join(cell(row) for row in rows) + " |")
    else:
        for variant in variants:
            for row in measure(variant, args.bots, args.hands, args.games, args.seed):
                print(f"{variant:<32}{str(row['rule']):<28}{str(row['kind']):<14}{cell(row)}")
    print(f"\n{len(variants)} variants, bots {args.bots}, seed {args.seed}; {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
