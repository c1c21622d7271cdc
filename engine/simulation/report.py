"""Reports of simulations: the figures as JSON data, a readable text table and CSV (comparisons of two
variants are in :mod:`~engine.simulation.comparison`)."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any

from ..analysis.statistics import chi_square_p, median, quantile, spread, wilson
from ..bots.calibration import VERSION as CALIBRATION_VERSION
from ..bots.heuristic import HeuristicBot
from ..bots.usage import seldom_used
from ..errors import FiveHundredError
from ..rules.announcements import Effect
from ..rules.never_apply import must_win_by_bid_moot, variant_warnings
from . import units
from .rule_use import UNBROKEN, stated_rules
from .runner import SimulationResult
from .tally import ContractTally


def hands_text(count: float) -> str:
    """``count`` hands, in the singular for one."""
    return f"{count} hand" if count == 1 else f"{count} hands"


def _rate(count: int, total: int) -> float:
    return round(count / total, 6) if total else 0.0


def _game_rate(count: int, games: int) -> float | None:
    """A share of the games, or ``None`` where no game ended (a run of single hands: no game to share)."""
    return round(count / games, 6) if games else None


def _interval(count: int, games: int) -> list[float] | None:
    """The 95% interval of a share of the games (:func:`_wilson`), or ``None`` where no game ended."""
    return _wilson(count, games) if games else None


def _wilson(count: int, total: int) -> list[float]:
    """The 95% interval of ``count`` in ``total`` (:func:`wilson`), rounded for the report."""
    low, high = wilson(count, total)
    return [round(low, 4), round(high, 4)]


def _family(result: SimulationResult, contract_id: str) -> tuple[str, str]:
    contract = result.rules.ladder.get(contract_id)
    if contract is None:
        return ("?", "?")
    if contract.is_special:
        return ("special", "special")
    return (contract.style.strain, str(contract.level))


def _team_figures(tally: ContractTally | None) -> dict[str, Any]:
    """One team's figures for one contract (zeros when it never declared it)."""
    tally = tally or ContractTally()
    return {"bid": tally.bid, "made": tally.made, "made_rate": _rate(tally.made, tally.bid)}


def to_data(result: SimulationResult) -> dict[str, Any]:
    """Every figure of a run as JSON-ready data; timing figures sit under ``timing`` only, so the rest
    is identical between runs with the same settings."""
    tally, rules, settings = result.tally, result.rules, result.settings
    played = sum(each.bid for each in tally.contracts.values())
    made = sum(each.made for each in tally.contracts.values())
    contracts = {}
    for contract in rules.ladder:
        each = tally.contracts.get(contract.id)
        if each is None:
            continue
        contracts[contract.id] = {
            "bid": each.bid,
            "made": each.made,
            "average_points": round(each.points / each.bid, 3),
            "made_rate": _rate(each.made, each.bid),
            "share_of_hands": _rate(each.bid, tally.hands),
            "by_team": [_team_figures(contracts.get(contract.id)) for contracts in tally.team_contracts],
        }
    by_strain: dict[str, int] = {}
    by_level: dict[str, int] = {}
    for contract_id, each in tally.contracts.items():
        strain, level = _family(result, contract_id)
        by_strain[strain] = by_strain.get(strain, 0) + each.bid
        by_level[level] = by_level.get(level, 0) + each.bid
    teams = []
    for team, seats in enumerate(rules.seating.teams):
        declared = sum(each.bid for each in tally.team_contracts[team].values())
        team_made = sum(each.made for each in tally.team_contracts[team].values())
        teams.append(
            {
                "team": team,
                "seats": list(seats),
                "declared": declared,
                "made": team_made,
                "made_rate": _rate(team_made, declared),
                "points_per_hand": round(tally.team_points[team] / tally.hands, 3) if tally.hands else 0.0,
                "wins": tally.wins[team],
                "win_rate": _game_rate(tally.wins[team], tally.games),
                "win_interval_95": _interval(tally.wins[team], tally.games),
            }
        )
    seat_rows = [
        {
            "seat": seat,
            "declared": tally.seat_declared[seat],
            "made": tally.seat_made[seat],
            "made_rate": _rate(tally.seat_made[seat], tally.seat_declared[seat]),
        }
        for seat in range(rules.seating.players)
    ]
    lengths = tally.lengths
    games_played = sum(lengths.values())
    data: dict[str, Any] = {
        "variant": settings.variant_name,
        "name": rules.name,
        "seed": settings.seed,
        "bots": list(settings.bots if len(settings.bots) > 1 else (settings.bots or ("heuristic",)) * rules.seating.players),
        "hands": tally.hands,
        "games": tally.games,
        "unfinished_games": tally.unfinished,
        "all_pass": {"count": tally.all_pass, "rate": _rate(tally.all_pass, tally.hands)},
        "contracts": contracts,
        "contracts_played": played,
        "made_rate": _rate(made, played),
        "by_strain": dict(sorted(by_strain.items())),
        "by_level": dict(
            sorted(by_level.items(), key=lambda item: (not item[0].isdigit(), int(item[0]) if item[0].isdigit() else 0, item[0]))
        ),
        "slams": {"count": tally.slams, "rate": _rate(tally.slams, played)},
        "sets": {"count": played - made, "rate": _rate(played - made, played)},
        "barred": {"count": tally.barred, "rate": _rate(tally.barred, played)},
        "per_team": teams,
        "per_seat": seat_rows,
        "wins": list(tally.wins),
        "game_length": {
            "mean": round(sum(length * count for length, count in lengths.items()) / games_played, 3) if games_played else None,
            "median": median(lengths) if games_played else None,
            "distribution": {str(length): count for length, count in sorted(lengths.items())},
        },
        "game_ends": dict(sorted(tally.ends.items())),
        "lead_changes_per_game": round(tally.lead_changes / tally.games, 3) if tally.games else None,
        "first_bidder_team": {
            "wins": tally.first_bidder_wins,
            "win_rate": _game_rate(tally.first_bidder_wins, tally.games),
            "win_interval_95": _interval(tally.first_bidder_wins, tally.games),
        },
        "dealer_team": {"wins": tally.dealer_wins, "win_rate": _game_rate(tally.dealer_wins, tally.games)},
        "balance": balance(result),
        **rules_in_play(result),
        "calibration": _calibration(result),
        "timing": {
            "calibration": result.extra.get("calibration", {"source": "none", "seconds": 0.0}),
            "seconds": round(result.seconds, 3),
            "workers": result.workers,
            "hands_per_second": round(tally.hands / result.seconds, 1) if result.seconds else 0.0,
            "actions_per_second": round(result.actions / result.seconds, 1) if result.seconds else 0.0,
        },
    }
    data["warnings"] = unfinished_warnings([data], targets=[result.rules.end.target]) + data["warnings"]
    return data


def unfinished_reason(report: dict[str, Any], target: int | None) -> str:
    """Why a report's games stopped unfinished, as far as it tells: where no game reached the ``target``
    (``None``: not known), a target the best team's points a hand cannot reach within the simulation's
    limit of hands; else bots that may not steer toward an end."""
    ends = report.get("game_ends", {})
    # (Where some game reached the target, it is within reach: the pace, pooled over every game, says less.)
    if target is not None and not ends.get("front_door", 0) + ends.get("target", 0):
        pace = max((team["points_per_hand"] for team in report.get("per_team", ())), default=0.0)
        if pace <= 0:
            return (
                f"no game reached the target, and no team gained points on average ({pace:+.4g} a hand at best), "
                f"so the target of {target} is out of reach at this pace"
            )
        if target / pace > units.MAX_HANDS_PER_GAME:
            return (
                f"no game reached the target, and at the best team's pace, {pace:.4g} points a hand, the target of "
                f"{target} takes about {target / pace:,.0f} hands"
            )
    return "the bots may not steer toward an end under these rules"


def unfinished_warnings(reports: Sequence[dict[str, Any]], labels: Sequence[str] = (), targets: Sequence[int] = ()) -> list[str]:
    """The first warning of a report of games: games stopped unfinished at the simulation's limit of hands
    (:data:`~engine.simulation.units.MAX_HANDS_PER_GAME`), with what that means for the figures; one per
    run of ``reports`` that has any, each after its label in ``labels`` where given, and why
    (:func:`unfinished_reason`, with each run's target in ``targets`` where given)."""
    warnings = []
    for index, report in enumerate(reports):
        count = report.get("unfinished_games", 0)
        if not count:
            continue
        label = f"{labels[index]}: " if labels else ""
        why = unfinished_reason(report, targets[index] if index < len(targets) else None)
        warnings.append(
            f"{label}{count} of {report['games'] + count} games did not end within the simulation's limit of "
            f"{units.MAX_HANDS_PER_GAME} hands and were stopped unfinished: the game figures (wins, lengths, how games "
            f"ended) describe only the games that ended; {why}."
        )
    return warnings


def _calibration(result: SimulationResult) -> str:
    """Which calibration the run's bots bid by: the variant's content and the calibration's version (where
    it came from and how long it took sit under ``timing``: they differ between a first run and a second)."""
    return f"version {CALIBRATION_VERSION} of {result.rules.document_hash[:12]}"


_CALIBRATION_SOURCES = {
    "shipped": "shipped with the engine",
    "cache": "read from the calibration cache (measured on an earlier run)",
    "measured": "measured now and cached for later runs",
    "uncached": "measured now, not cached (the calibration cache is off or cannot be written: a later run measures again)",
}


def calibration_line(source: str, seconds: float, which: str) -> str:
    """The report's line on what the bots bid by: how often each contract they weigh is made at each
    reading of a hand, measured by play-outs under these rules (:mod:`~engine.bots.calibration`), and
    where that came from (``source``: ``shipped``, ``cache``, ``measured`` or ``uncached``) in ``seconds``."""
    where = _CALIBRATION_SOURCES.get(source, source)
    return f"Bots bid by play-outs under these rules: {where}, {seconds} s ({which})."


def _share(count: int, total: int, fair: float | None = None) -> dict[str, Any]:
    share = {"count": count, "of": total, "rate": _rate(count, total), "interval_95": _wilson(count, total)}
    if fair is not None:
        share["fair"] = round(fair, 4)
    return share


def balance(result: SimulationResult) -> dict[str, Any] | None:
    """How even the game is (whole games only; ``None`` for a run of hands): each side's wins against a fair
    share, with a chi-square test that the sides win alike; the first dealer's and the first bidder's side;
    game length with its spread; how often the last hand decided the game, and how often the side behind
    before it won; lead changes; games with no winner."""
    tally, rules = result.tally, result.rules
    if not tally.games:
        return None
    teams = len(rules.seating.teams)
    # Each side's fair share: its players' share of the table (the dealer rotates from game to game).
    fair = [sum(1 for seat in seats if seat < rules.seating.players) / rules.seating.players for seats in rules.seating.teams]
    decided = tally.games - tally.no_winner
    statistic = sum(
        (tally.wins[team] - decided * fair[team]) ** 2 / (decided * fair[team]) for team in range(teams) if decided * fair[team] > 0
    )
    mean, deviation = spread(tally.lengths)
    return {
        "sides": [_share(tally.wins[team], decided, fair[team]) for team in range(teams)],
        "sides_equal_p": round(chi_square_p(statistic, teams - 1), 6),
        "first_dealer_side": _share(tally.dealer_wins, decided, fair[rules.seating.team_of(0)]),
        "first_bidder_side": _share(tally.first_bidder_wins, decided, fair[rules.seating.team_of(1 % rules.seating.players)]),
        "game_length": {
            "mean": round(mean, 3),
            "standard_deviation": round(deviation, 3),
            "tenth_percentile": quantile(tally.lengths, 0.1),
            "ninetieth_percentile": quantile(tally.lengths, 0.9),
        },
        "decided_on_last_hand": _share(tally.decided_last, tally.games),
        "behind_before_last_hand_won": _share(tally.behind_won, tally.leader_before_last),
        "lead_changes_per_game": round(tally.lead_changes / tally.games, 3),
        "no_winner": tally.no_winner,
    }


def _never_reasons(result: SimulationResult) -> dict[str, str]:
    """Why a stated rule can never come up under the rest of the run's rules, by the last key of its
    setting's path: the variant's validation warnings (:func:`~engine.rules.never_apply.variant_warnings`;
    none where the variant is not read from a file or a shipped name, its file gone, say), and a
    must-win-by-bid that a cap under the target says again (:func:`~engine.rules.never_apply.must_win_by_bid_moot`)."""
    moot = must_win_by_bid_moot(result.rules)
    # (Said again by a cap under the target, as the Australian packs say it: no warning, but still the reason.)
    reasons = {} if moot is None else {"must_win_by_bid": f"{moot}."}
    reference = result.rules.reference
    if not reference:
        return reasons
    try:
        problems = variant_warnings(reference, result.rules)
    except (FiveHundredError, OSError, ValueError):
        return reasons
    found = {problem.path.rsplit(".", 1)[-1]: problem.message for problem in problems}
    # ("X never came up, and cannot under these rules: " reads on without the warning's own "X can never come up: ".)
    return reasons | {key: message.removeprefix(f"{key} can never come up: ") for key, message in found.items()}


def rules_in_play(result: SimulationResult) -> dict[str, list[Any]]:
    """The report's ``rules`` (each stated rule: ``rule``, ``kind``, ``what``, ``used``, ``rate`` per hand or
    game, and ``succeeded`` with ``success_rate`` and ``success`` where a use has an outcome) and
    ``warnings`` (each stated rule that never came up, so its effect was not measured, and why where the
    bots are known not to use it)."""
    tally, settings = result.tally, result.settings
    rules, warnings = [], []
    bots = set(settings.bots or ("heuristic",))
    # Rules the heuristic family (heuristic, classic, sampling, expert) is known not to use.
    heuristic = bool(bots - {"random"})
    ignored = HeuristicBot.leaves_alone(result.rules) if heuristic else {}
    seldom = seldom_used(result.rules) if heuristic else {}
    wagers = {announcement.id for announcement in result.rules.announcements if announcement.effect is Effect.WAGER}
    reasons = _never_reasons(result) if any(not used for used, _ in tally.rule_use.values()) else {}
    ends = [f"'target' ({result.rules.end.target})"]  # (what a run of hands cannot show: said once below)
    for stated in stated_rules(result.rules):
        if stated.kind == "end" and stated.needs_games:
            ends.append(f"{stated.rule!r}")
        used, succeeded = tally.rule_use.get(stated.key, [0, 0])
        per = tally.games if stated.per_game else tally.hands
        row: dict[str, Any] = {
            "rule": stated.rule,
            "kind": stated.kind,
            "what": stated.words,
            "used": used,
            "rate": _rate(used, per),
            "per": "game" if stated.per_game else "hand",
        }
        if stated.success is not None:
            row.update(succeeded=succeeded, success_rate=_rate(succeeded, used), success=stated.success)
        if stated.kind == "announcement" and stated.rule in wagers:
            # A wager's caller also loses where the contract failed by less than its margin.
            row["failed_unbroken"] = tally.rule_use.get(UNBROKEN.format(rule=stated.rule), [0, 0])[0]
        rules.append(row)
        if used:
            continue
        if stated.rule in reasons:
            warnings.append(f"{stated.kind} {stated.rule!r} never came up, and cannot under these rules: {reasons[stated.rule]}")
        elif stated.kind == "contract" and stated.rule in ignored:
            warnings.append(f"contract {stated.rule!r} never came up: {ignored[stated.rule]}, so its effect was not measured.")
        elif stated.needs_games and not settings.games and stated.kind == "end":
            continue  # (said once below, with the target)
        elif stated.needs_games and not settings.games:
            warnings.append(f"{stated.kind} {stated.rule!r} can come up only in whole games: simulate --games to measure it.")
        elif stated.per_game and not per:
            warnings.append(f"{stated.kind} {stated.rule!r} was not measured ({stated.words}): no game ended.")
        elif stated.rule in seldom and stated.kind in ("announcement", "partner"):
            count = f"{per} {'games' if stated.per_game else 'hands'}"
            warnings.append(
                f"{stated.kind} {stated.rule!r} never came up in {count}: {seldom[stated.rule]}, so its effect was not measured."
            )
        elif stated.kind == "claim":
            warnings.append("claims ('claim') never came up: the built-in bots do not claim, so the claim rule was not measured.")
        else:
            count = f"{per} {'games' if stated.per_game else 'hands'}"
            warnings.append(f"{stated.kind} {stated.rule!r} never came up in {count} ({stated.words}): its effect was not measured.")
    if not settings.games:
        # Every hand of a run of hands starts from 0 to 0: the target (a house file's own, often) and every
        # end rule are the game's, never the hand's.
        listed = ", ".join(ends[:-1]) + f" and {ends[-1]}" if len(ends) > 1 else ends[0]
        warnings.append(
            f"end {listed} can come up only in whole games (a run of hands scores every hand from 0): simulate --games to "
            f"measure {'them' if len(ends) > 1 else 'it'}."
        )
    if tally.barred and not settings.games:
        # Each hand of a run of hands is a game's first: nobody is ever barred from a hand that is played.
        warnings.append(
            f"a player was barred from bidding in the next hand after {tally.barred} hands (the set rule, ralphing or a "
            "breach's bans), but a run of hands plays every hand as a game's first, so no ban applied: simulate --games "
            "to measure what the bans do."
        )
    return {"rules": rules, "warnings": warnings}


def games_played(data: dict[str, Any]) -> int:
    """The games a run's report (:func:`to_data`) played: those that ended and those stopped at the hand
    limit (a user trial read "10000 hands in 1 game" of ten games played, nine stopped)."""
    return int(data["games"]) + int(data["unfinished_games"])


def _games_text(data: dict[str, Any]) -> str:
    """`` in N games`` for a report's first line, the games stopped at the hand limit counted in and said."""
    total, unfinished = games_played(data), data["unfinished_games"]
    if not total:
        return ""
    stopped = f" ({unfinished} stopped unfinished)" if unfinished else ""
    return f" in {total} game{'' if total == 1 else 's'}{stopped}"


def to_text(result: SimulationResult) -> str:
    """A readable report: what was played, the contracts table, and the game figures."""
    data = to_data(result)
    # Printed first: the game figures describe only the games that ended.
    unfinished = data["warnings"][: len(unfinished_warnings([data]))]
    lines = [f"Warning: {warning}" for warning in unfinished]
    lines.append(f"{data['name']} ({data['variant']}), seed {data['seed']}, bots {', '.join(data['bots'])}")
    lines.append(
        hands_text(data["hands"])
        + _games_text(data)
        + f"; {data['timing']['seconds']} s ({data['timing']['hands_per_second']} hands/s, {data['timing']['workers']} worker(s))"
    )
    used = data["timing"]["calibration"]
    if used["source"] != "none":
        lines.append(calibration_line(used["source"], used["seconds"], data["calibration"]))
    lines.append(
        f"All passed: {data['all_pass']['count']} ({100 * data['all_pass']['rate']:.1f}% of hands).  Contracts made: "
        f"{100 * data['made_rate']:.1f}% of those declared.  Slams (every trick taken): {data['slams']['count']}.  "
        f"Set (contract failed): {data['sets']['count']}."
    )
    lines.append("")
    lines.append(f"{'contract':<14}{'bid':>8}{'% hands':>9}{'made':>8}{'% made':>8}{'avg pts':>9}")
    for contract_id, each in data["contracts"].items():
        lines.append(
            f"{contract_id:<14}{each['bid']:>8}{100 * each['share_of_hands']:>8.1f}%"
            f"{each['made']:>8}{100 * each['made_rate']:>7.1f}%{each['average_points']:>9.1f}"
        )
    if len(data["per_team"]) > 1:
        lines.append("")
        lines.extend(_team_table(data))
    lines.append("")
    lines.append("By strain: " + ", ".join(f"{strain} {count}" for strain, count in data["by_strain"].items()))
    lines.append("By level:  " + ", ".join(f"{level} {count}" for level, count in data["by_level"].items()))
    lines.append("")
    for team in data["per_team"]:
        seats = " and ".join(map(str, team["seats"]))
        # A player alone is a team of one: named by its seat.
        label = f"Team {team['team']} (seats {seats})" if len(team["seats"]) > 1 else f"Seat {seats} (its own side)"
        line = f"{label}: {team['points_per_hand']:+.1f} points a hand"
        if data["games"]:
            low, high = team["win_interval_95"]
            games = "game" if team["wins"] == 1 else "games"
            line += f", won {team['wins']} {games} ({100 * team['win_rate']:.1f}%, 95% interval {100 * low:.1f}-{100 * high:.1f}%)"
        lines.append(line)
    lines.append(
        "Declared by seat: "
        + ", ".join(f"{seat['seat']}: {seat['declared']} ({100 * seat['made_rate']:.0f}% made)" for seat in data["per_seat"])
    )
    if data["games"]:
        length = data["game_length"]
        lines.append(
            f"Game length: mean {length['mean']} hands, median {length['median']}; ends: "
            + ", ".join(f"{how} {count}" for how, count in data["game_ends"].items())
        )
        first = data["first_bidder_team"]
        low, high = first["win_interval_95"]
        alone = all(len(team["seats"]) == 1 for team in data["per_team"])
        lines.append(
            f"{'The first bidder' if alone else 'Team of the first bidder'} won {100 * first['win_rate']:.1f}% (95% interval "
            f"{100 * low:.1f}-{100 * high:.1f}%); lead changes per game {data['lead_changes_per_game']}."
        )
        if data["unfinished_games"]:
            lines.append(f"Unfinished games (stopped after {units.MAX_HANDS_PER_GAME} hands): {data['unfinished_games']}.")
        lines.extend(_balance_text(data["balance"], alone, data["games"] if data["unfinished_games"] else None))
    lines.extend(_rules_text(data, len(unfinished)))
    return "\n".join(lines) + "\n"


def _percent(share: dict[str, Any]) -> str:
    low, high = share["interval_95"]
    return f"{100 * share['rate']:.1f}% ({100 * low:.1f}-{100 * high:.1f}%" + (
        f"; fair {100 * share['fair']:.0f}%)" if "fair" in share else ")"
    )


def _balance_text(balance: dict[str, Any], alone: bool, ended: int | None = None) -> list[str]:
    """The balance figures in a few sentences (over the ``ended`` games that ended, where some did not)."""
    side = "seat" if alone else "side"
    lines = [
        "",
        "Balance (won, 95% interval):",
        "  "
        + "; ".join(f"{side} {team} {_percent(share)}" for team, share in enumerate(balance["sides"]))
        + f"; that the {side}s win alike: p = {balance['sides_equal_p']:.3g}.",
        f"  The first dealer's {side} won {_percent(balance['first_dealer_side'])}; the first bidder's {_percent(balance['first_bidder_side'])}.",
    ]
    length = balance["game_length"]
    lines.append(
        f"  Game length {length['mean']} hands (standard deviation {length['standard_deviation']}; "
        f"10% of games {hands_text(length['tenth_percentile'])} or fewer, 10% {length['ninetieth_percentile']} or more)."
    )
    lines.append(
        f"  Decided on the last hand (the winner was not ahead alone before it): {_percent(balance['decided_on_last_hand'])}; "
        f"the {side} behind before the last hand won {_percent(balance['behind_before_last_hand_won'])} of the games with a leader then."
    )
    of = f" (of the {ended} that ended)" if ended is not None else ""
    lines.append(f"  Lead changes per game: {balance['lead_changes_per_game']}; games with no winner: {balance['no_winner']}{of}.")
    return lines


def _rules_text(data: dict[str, Any], printed: int = 0) -> list[str]:
    """The rules in play as a table, then the warnings (but the first ``printed``, already printed)."""
    lines = ["", "Rules in play:", f"{'rule':<26}{'kind':<14}{'used':>8}{'rate':>14}{'succeeded':>11}"]
    for row in data["rules"]:
        label = f"{100 * row['rate']:.1f}%/{row['per']}"
        line = f"{row['rule']:<26}{row['kind']:<14}{row['used']:>8}{label:>14}"
        if "succeeded" in row:
            line += f"{row['succeeded']:>5} ({100 * row['success_rate']:.0f}%)" if row["used"] else f"{'-':>5}"
        if row.get("failed_unbroken"):
            line += f"; {row['failed_unbroken']} set but not broken by the margin"
        lines.append(line.rstrip())
    if data["rules"]:
        # What a use is, rule by rule: the slam rule's uses are the slams its bonus pays, fewer than the
        # header's slams (every hand taken whole), and an end rule's are not obvious (a user trial).
        lines.append("Used: " + "; ".join(f"{row['rule']}: {row['what']}" for row in data["rules"]) + ".")
    lines.extend(f"Warning: {warning}" for warning in data["warnings"][printed:])
    return lines


def _team_table(data: dict[str, Any]) -> list[str]:
    """The contracts table split by declaring team: bid and made for each team, so the seats' bots can be
    told apart."""
    teams = data["per_team"]
    labels = [f"team {team['team']}" if len(team["seats"]) > 1 else f"seat {team['seats'][0]}" for team in teams]
    side = "team" if any(len(team["seats"]) > 1 for team in teams) else "seat"  # every seat for itself: say so
    lines = [f"Declared by {side} (bid / made):", f"{'contract':<14}" + "".join(f"{label:>14}" for label in labels)]
    for contract_id, each in data["contracts"].items():
        lines.append(f"{contract_id:<14}" + "".join(f"{figures['bid']:>8} / {figures['made']:<3}" for figures in each["by_team"]).rstrip())
    lines.append(f"{'all':<14}" + "".join(f"{team['declared']:>8} / {team['made']:<3}" for team in teams).rstrip())
    return lines


def to_csv(result: SimulationResult) -> str:
    """The contracts table as CSV (one row per contract played)."""
    data = to_data(result)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["variant", "contract", "strain", "level", "bid", "made", "made_rate", "average_points", "share_of_hands"])
    for contract_id, each in data["contracts"].items():
        strain, level = _family(result, contract_id)
        writer.writerow(
            [
                data["variant"],
                contract_id,
                strain,
                level,
                each["bid"],
                each["made"],
                each["made_rate"],
                each["average_points"],
                each["share_of_hands"],
            ]
        )
    return buffer.getvalue()
