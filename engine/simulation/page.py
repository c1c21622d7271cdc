"""The one-page report (the ``plot`` extra): a self-contained HTML file for a rules author. Its first
screen says what the variant file changes from the file it extends, in words, and answers the questions
a run is for (who wins, how long a game lasts, what is bid and made, whether the rules come up); below
are every table the text report has, the rules in play, balance, skill, the comparison with its caveats
or a sweep, charts (:mod:`~engine.simulation.plot`) as inline SVG, and the whole rules folded at the
end of the first screen. No script and no network: it reads the same in any browser, saved or mailed.
"""

from __future__ import annotations

import difflib
import html
import re
from collections.abc import Sequence
from typing import Any

from ..errors import VariantError
from ..rules.compiler import load_variant
from ..rules.describe import LADDER, Change, describe, extended_base, rule_changes, summarised
from ..rules.ruleset import Rules
from . import units
from .comparison import Comparison, compare_data, p_text, shown_figure, shown_value, significant_lines
from .plot import GREEN, bar_chart, effects_chart, length_chart, svg_figure, sweep_chart
from .report import games_played, hands_text, to_data, unfinished_reason, unfinished_warnings
from .runner import SimulationResult
from .skill import SkillLink
from .sweep import Sweep, sweep_data

_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 62rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.25rem; margin-top: 2rem; border-bottom: 1px solid #ccc; } h3 { font-size: 1.05rem; }
table { border-collapse: collapse; margin: 0.5rem 0; } td, th { padding: 0.2rem 0.6rem; text-align: right; }
td:first-child, th:first-child, table.words td, table.words th { text-align: left; } tr:nth-child(even) { background: #f4f6fa; }
table.answers th { text-align: left; vertical-align: top; white-space: nowrap; } table.answers td { text-align: left; }
.warning { color: #8a4b00; } .alert { background: #fff4e0; border-left: 4px solid #e08a00; padding: 0.6rem 0.8rem; }
.significant { font-weight: bold; } pre { white-space: pre-wrap; background: #f7f7f7; padding: 0.8rem; }
del { color: #a40000; } ins { color: #176b00; text-decoration: none; font-weight: 600; } .tag { font-size: 0.8em; color: #555; }
ul.changes li { margin: 0.2rem 0; } details { margin: 1rem 0; } summary { cursor: pointer; font-weight: 600; }
figure { margin: 1rem 0; } svg { max-width: 100%; height: auto; } figcaption { font-size: 0.95rem; }
"""

_SHOWN_PER_SECTION = 3
"""Changed lines listed per section of the rules; the rest are counted (a new deck changes every strain's
card order, which would push everything else off the first screen)."""


def _escape(value: object) -> str:
    return html.escape(str(value))


def _page(title: str, sections: Sequence[str]) -> str:
    body = "\n".join(section for section in sections if section)
    return (
        f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{_escape(title)}</title>\n'
        f"<style>{_STYLE}</style>\n</head>\n<body>\n<h1>{_escape(title)}</h1>\n{body}\n</body>\n</html>\n"
    )


def _table(
    headers: Sequence[str], rows: Sequence[Sequence[object]], marked: Sequence[bool] = (), name: str = "", words: bool = False
) -> str:
    """A table of escaped cells (``marked`` rows in bold); ``words``: every column reads left to right."""
    head = "".join(f"<th>{_escape(each)}</th>" for each in headers)
    lines = []
    for index, row in enumerate(rows):
        attribute = ' class="significant"' if index < len(marked) and marked[index] else ""
        lines.append(f"<tr{attribute}>" + "".join(f"<td>{_escape(each)}</td>" for each in row) + "</tr>")
    place = (f' id="{name}"' if name else "") + (' class="words"' if words else "")
    return f"<table{place}><thead><tr>{head}</tr></thead><tbody>{''.join(lines)}</tbody></table>"


def _percent(rate: float) -> str:
    return f"{100 * rate:.1f}%"


def _interval(share: dict[str, Any]) -> str:
    low, high = share["interval_95"]
    return f"{100 * share['rate']:.1f}% ({100 * low:.1f}–{100 * high:.1f}%)"


def _team_label(team: dict[str, Any]) -> str:
    """A team as the text report names it: a player alone is a team of one, named by its seat."""
    seats = " and ".join(map(str, team["seats"]))
    return f"team {team['team']} (seats {seats})" if len(team["seats"]) > 1 else f"seat {seats} (its own side)"


# What the file changes ------------------------------------------------------------------------------


def _word_changes(before: str, after: str) -> str:
    """``after`` with the words that differ from ``before`` marked: the old struck out, the new in green."""
    old, new = before.split(" "), after.split(" ")
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    if matcher.ratio() < 0.5:  # mostly rewritten: the old line struck whole, then the new (word by word reads as noise)
        return f"<del>{_escape(before)}</del> <ins>{_escape(after)}</ins>"
    parts = []
    for tag, low, high, first, last in matcher.get_opcodes():
        if tag == "equal":
            parts.append(_escape(" ".join(old[low:high])))
            continue
        if high > low:
            parts.append(f"<del>{_escape(' '.join(old[low:high]))}</del>")
        if last > first:
            parts.append(f"<ins>{_escape(' '.join(new[first:last]))}</ins>")
    return " ".join(parts)


def _change_item(change: Change) -> str:
    if change.before is None:
        return f'<span class="tag">added:</span> <ins>{_escape(change.after)}</ins>'
    if change.after is None:
        return f'<span class="tag">dropped:</span> <del>{_escape(change.before)}</del>'
    return _word_changes(change.before, change.after)


def _section_name(title: str) -> str:
    return "Bid ladder" if title == LADDER else title


def changes_list(changes: Sequence[Change], rules: Rules | None = None) -> str:
    """The changed rules as a list, section by section (at most a few lines each, the rest counted; bids
    whose worth changes alike in one line, :func:`~engine.rules.describe.summarised`); empty for no
    changes."""
    if not changes:
        return ""
    items: list[str] = []
    sections: dict[str, list[Change]] = {}
    for change in summarised(changes, rules):
        sections.setdefault(change.section, []).append(change)
    for title, each in sections.items():
        name = _section_name(title)
        items.extend(f"<li><b>{_escape(name)}:</b> {_change_item(change)}</li>" for change in each[:_SHOWN_PER_SECTION])
        rest = len(each) - _SHOWN_PER_SECTION
        if rest > 0:
            items.append(
                f"<li><b>{_escape(name)}:</b> {rest} more line{'s differ' if rest > 1 else ' differs'} (the whole rules below have them).</li>"
            )
    return f'<ul class="changes">{"".join(items)}</ul>'


_LEGEND = "struck out: the base's rule; <ins>in green</ins>: this file's"


def _changes_section(rules: Rules, variant: str) -> str:
    """What the variant's file changes from the file it extends, in words (or why that cannot be said)."""
    found = extended_base(rules)
    heading = "<h2>What this file changes</h2>"
    if isinstance(found, str):
        return f"{heading}<p>{_escape(found)} The whole rules are below.</p>"
    base_name, base = found
    changes = rule_changes(base, rules)
    if not changes:
        return f"{heading}<p>{_escape(variant)} extends <b>{_escape(base_name)}</b> ({_escape(base.name)}) and plays by the same rules.</p>"
    lines = len(summarised(changes, rules))
    count = f"{lines} line{'s' if lines > 1 else ''} of the rules {'differ' if lines > 1 else 'differs'}"
    return (
        f"{heading}<p>{_escape(variant)} extends <b>{_escape(base_name)}</b> ({_escape(base.name)}); {count} from it "
        f"({_LEGEND}):</p>{changes_list(changes, rules)}"
    )


def _words_details(rules: Rules) -> str:
    return f"<details><summary>The whole rules in plain words</summary><pre>{_escape(describe(rules))}</pre></details>"


# Unfinished games and the headline answers ----------------------------------------------------------


def _unfinished_warning(data: dict[str, Any], target: int, who: str = "") -> str:
    """The warning a run with games stopped at the hand limit opens with: how many, what the figures
    below describe, and why they stopped as far as the run tells (``target``: its rules' target)."""
    stopped, ended = data["unfinished_games"], data["games"]
    if not stopped:
        return ""
    every = stopped + ended
    subject = f"{stopped} of the {every} games" if every > 1 else "The game"
    verb = "it" if stopped == 1 else "each"
    return (
        f'<p class="warning alert" id="unfinished"><strong>Warning: {_escape(who)}{subject} never ended</strong>: {verb} reached the '
        f"simulation's limit of {units.MAX_HANDS_PER_GAME:,} hands and was stopped. The game figures (wins, balance, game length) describe "
        f"only the {ended} game{'' if ended == 1 else 's'} that ended; the hand figures count every hand played, the stopped games' "
        f"included; {_escape(unfinished_reason(data, target))}.</p>"
    )


def _amount(data: dict[str, Any]) -> str:
    text = f"{data['hands']} hands"
    if data["unfinished_games"]:
        return text + f" in {data['games']} finished games and {data['unfinished_games']} stopped unfinished"
    return text + (f" in {data['games']} games" if data["games"] else "")


def _answers(data: dict[str, Any], links: Sequence[SkillLink] = ()) -> str:
    """The questions a run answers, each in a sentence: who wins, how long a game lasts, what is bid and
    made, whether the stated rules came up, and how much skill pays."""
    rows = []
    balance = data["balance"]
    if balance is not None:
        sides = "; ".join(
            f"{_team_label(team)} {_interval(share)}, fair {100 * share['fair']:.0f}%"
            for team, share in zip(data["per_team"], balance["sides"])
        )
        p = balance["sides_equal_p"]
        verdict = "more apart than chance explains" if p < 0.05 else "no sign that the sides' chances differ"
        rows.append(("Who wins?", f"Games won (95% intervals): {sides}; {verdict} (p = {p_text(p)})."))
        length = data["game_length"]
        rows.append(
            (
                "How long is a game?",
                f"{length['mean']} hands on average (median {length['median']}); 10% of games last "
                f"{balance['game_length']['ninetieth_percentile']} hands or more.",
            )
        )
    else:
        points = "; ".join(f"{_team_label(team)} {team['points_per_hand']:+.1f}" for team in data["per_team"])
        whole = "who wins needs whole games, not single hands: --games on the command line, games in the web page"
        rows.append(("Who scores?", f"Points a hand: {points} ({whole})."))
    contracts = data["contracts"]
    bid = ""
    if contracts:
        top, most = max(contracts.items(), key=lambda item: item[1]["bid"])
        bid = f" The contract played most: {top} ({_percent(most['share_of_hands'])} of hands)."
    rows.append(
        (
            "What is bid and made?",
            f"Contracts made {_percent(data['made_rate'])}, set {data['sets']['count']}, slams {data['slams']['count']}; "
            f"all passed on {_percent(data['all_pass']['rate'])} of hands.{bid}",
        )
    )
    stated = data["rules"]
    if stated:
        never = [row["rule"] for row in stated if not row["used"]]
        text = f"{len(stated) - len(never)} of the {len(stated)} rules stated beyond the plain ladder came up"
        text += f"; never: {', '.join(never)} (see the warnings under Rules in play)." if never else "."
        rows.append(("Do the rules come up?", text))
    for link in links:
        low, high = link.interval
        ahead = (
            f"won {100 * link.measure:.1f}% of games ({100 * low:.1f}–{100 * high:.1f}%; fair {100 * link.fair:.0f}%)"
            if link.games
            else f"{link.measure:+.1f} points a hand ahead ({low:+.1f} to {high:+.1f})"
        )
        rows.append(("Does skill pay?", f"{link.stronger} over {link.weaker}: {ahead}."))
    body = "".join(f"<tr><th>{_escape(question)}</th><td>{_escape(answer)}</td></tr>" for question, answer in rows)
    return f'<h2>The answers</h2><table class="answers" id="answers"><tbody>{body}</tbody></table>'


# The tables of the text report ------------------------------------------------------------------------


def _contracts_section(data: dict[str, Any]) -> str:
    """Per contract: bid, share of hands, made and average points; then the same split by declaring team."""
    contracts = data["contracts"]
    if not contracts:
        return "<h2>Contracts</h2><p>No contract was played: every hand was passed out.</p>"
    rows = [
        [name, each["bid"], _percent(each["share_of_hands"]), each["made"], _percent(each["made_rate"]), f"{each['average_points']:.1f}"]
        for name, each in contracts.items()
    ]
    parts = [
        "<h2>Contracts</h2>",
        _table(["contract", "bid", "% of hands", "made", "% made", "average points"], rows, name="contracts"),
        "<p>By strain: "
        + _escape(", ".join(f"{strain} {count}" for strain, count in data["by_strain"].items()))
        + ". By level: "
        + _escape(", ".join(f"{level} {count}" for level, count in data["by_level"].items()))
        + ".</p>",
    ]
    teams = data["per_team"]
    if len(teams) > 1:
        by_team = [[name, *(f"{figures['bid']} / {figures['made']}" for figures in each["by_team"])] for name, each in contracts.items()]
        by_team.append(["all", *(f"{team['declared']} / {team['made']}" for team in teams)])
        side = "team" if any(len(team["seats"]) > 1 for team in teams) else "seat"
        parts.append(f"<h3>Declared by {side} (bid / made)</h3>")
        parts.append(_table(["contract", *(_team_label(team) for team in teams)], by_team, name="declared-by-team"))
    return "\n".join(parts)


def _teams_section(data: dict[str, Any]) -> str:
    """Points per team (and games won), then declarations by seat."""
    games = bool(games_played(data))
    rows = []
    for team in data["per_team"]:
        row: list[object] = [
            _team_label(team),
            f"{team['points_per_hand']:+.1f}",
            team["declared"],
            team["made"],
            _percent(team["made_rate"]),
        ]
        if games and team["win_rate"] is None:  # (every game stopped unfinished: no share to give)
            row.append(team["wins"])
        elif games:
            low, high = team["win_interval_95"]
            row.append(f"{team['wins']} ({100 * team['win_rate']:.1f}%, {100 * low:.1f}–{100 * high:.1f}%)")
        rows.append(row)
    headers = ["team", "points a hand", "declared", "made", "% made"] + (["games won (95% interval)"] if games else [])
    seats = [[seat["seat"], seat["declared"], seat["made"], _percent(seat["made_rate"])] for seat in data["per_seat"]]
    return "\n".join(
        [
            "<h2>Points per team</h2>",
            _table(headers, rows, name="points-per-team"),
            "<h3>Declared by seat</h3>",
            _table(["seat", "declared", "made", "% made"], seats, name="declared-by-seat"),
        ]
    )


def _games_section(data: dict[str, Any]) -> str:
    if not games_played(data):
        return ""
    length = data["game_length"]
    first = data["first_bidder_team"]
    ends = ", ".join(f"{how.replace('_', ' ')} {count}" for how, count in data["game_ends"].items())
    text = "<h2>Games</h2><p>"
    if length["mean"] is None:  # (every game stopped unfinished: none has a length or an end)
        text += f"Every game stopped unfinished, at the simulation's limit of {units.MAX_HANDS_PER_GAME} hands."
    else:
        text += f"Game length: mean {length['mean']} hands, median {length['median']}. How the games ended: {_escape(ends)}."
    if first["win_rate"] is not None:  # (none where every game stopped unfinished)
        low, high = first["win_interval_95"]
        text += (
            f" The first bidder's side won {100 * first['win_rate']:.1f}% ({100 * low:.1f}–{100 * high:.1f}%); lead changes per game "
            f"{data['lead_changes_per_game']}."
        )
    return text + "</p>"


def _rules_section(data: dict[str, Any]) -> str:
    rows = []
    for row in data["rules"]:
        succeeded = f"{row['succeeded']} ({100 * row['success_rate']:.0f}%)" if "succeeded" in row and row["used"] else ""
        rows.append([row["rule"], row["kind"], row["what"], row["used"], f"{100 * row['rate']:.1f}% of {row['per']}s", succeeded])
    parts = ["<h2>Rules in play</h2>"]
    parts.append(
        _table(["rule", "kind", "counted", "used", "rate", "succeeded"], rows, words=True)
        if rows
        else "<p>The variant states no rule beyond the plain ladder.</p>"
    )
    # (The unfinished games' warning, first in the list, heads the page already.)
    shown = len(unfinished_warnings([data]))
    parts.extend(f'<p class="warning">Warning: {_escape(warning)}</p>' for warning in data["warnings"][shown:])
    return "\n".join(parts)


def _balance_section(data: dict[str, Any]) -> str:
    balance = data["balance"]
    if balance is None:
        if data["unfinished_games"]:
            return "<h2>Balance</h2><p>No game ended: every one was stopped at the hand limit (the warning above).</p>"
        return "<h2>Balance</h2><p>Balance needs whole games, not single hands: simulate with --games on the command line, or games in the web page.</p>"
    rows = [[f"side {team}", _interval(share), f"{100 * share['fair']:.0f}%"] for team, share in enumerate(balance["sides"])]
    rows.append(["first dealer's side", _interval(balance["first_dealer_side"]), f"{100 * balance['first_dealer_side']['fair']:.0f}%"])
    rows.append(["first bidder's side", _interval(balance["first_bidder_side"]), f"{100 * balance['first_bidder_side']['fair']:.0f}%"])
    length = balance["game_length"]
    return "\n".join(
        [
            "<h2>Balance</h2>",
            _table(["who", "won (95% interval)", "fair share"], rows),
            f"<p>That the sides win alike: p = {p_text(balance['sides_equal_p'])}. Game length {length['mean']} hands "
            f"(standard deviation {length['standard_deviation']}; 10% of games {hands_text(length['tenth_percentile'])} or fewer, "
            f"10% {length['ninetieth_percentile']} or more). Decided on the last hand: {_interval(balance['decided_on_last_hand'])}; "
            f"the side behind before the last hand won {_interval(balance['behind_before_last_hand_won'])}. "
            f"Lead changes per game: {balance['lead_changes_per_game']}. Games with no winner: {balance['no_winner']}.</p>",
        ]
    )


def _skill_section(links: Sequence[SkillLink]) -> str:
    if not links:
        return ""
    rows = []
    for link in links:
        low, high = link.interval
        if link.games:
            rows.append(
                [
                    f"{link.stronger} over {link.weaker}",
                    f"{100 * link.measure:.1f}% of games",
                    f"{100 * low:.1f}–{100 * high:.1f}%",
                    f"{100 * link.fair:.0f}%",
                ]
            )
        else:
            rows.append([f"{link.stronger} over {link.weaker}", f"{link.measure:+.1f} points a hand", f"{low:+.1f} to {high:+.1f}", "0"])
    return "<h2>Skill</h2><p>Each stronger bot against the weaker on duplicate deals, in every position.</p>" + _table(
        ["link", "stronger side", "95% interval", "fair"], rows
    )


def _charts(data: dict[str, Any], result: SimulationResult) -> list[str]:
    charts = ["<h2>Charts</h2>"]
    contracts = data["contracts"]
    if contracts:
        figure = bar_chart(list(contracts), [each["bid"] for each in contracts.values()], "hands", rotate=True)
        charts.append(svg_figure(figure, "Contract mix", "hands played in each contract, lowest bid first", "contract-mix"))
    points = result.tally.declarer_points
    if points:
        figure = bar_chart([str(key) for key in points], list(points.values()), "hands", GREEN, True)
        charts.append(svg_figure(figure, "Score distribution", "hands on which the declaring side scored each number of points", "scores"))
    lengths = data["game_length"]["distribution"]
    if lengths:
        note = f"games by the hands they lasted (mean {data['game_length']['mean']}); a gap is a length no game had"
        charts.append(svg_figure(length_chart(lengths), "Game length", note, "game-length"))
    return charts if len(charts) > 1 else []


def _run_sections(result: SimulationResult, heading: str | None = None) -> list[str]:
    """Everything about one run below its first screen."""
    data = to_data(result)
    sections = [f"<h2>{_escape(heading)}</h2>"] if heading else []
    if heading:
        sections.append(_run_line(data))
    sections += [
        _contracts_section(data),
        _teams_section(data),
        _games_section(data),
        _rules_section(data),
        _balance_section(data),
        *_charts(data, result),
    ]
    return sections


def _run_line(data: dict[str, Any]) -> str:
    return (
        f"<p>{_escape(data['name'])} ({_escape(data['variant'])}): {_amount(data)}, seed {data['seed']}, "
        f"bots {_escape(', '.join(data['bots']))}.</p>"
    )


def simulation_page(result: SimulationResult, links: Sequence[SkillLink] = ()) -> str:
    """The one-page report of a simulation (and its skill chain): first any warning that games never
    ended, what the variant's file changes from its base, the headline answers and the whole rules
    folded; then every table of the text report, rules in play, balance, charts and skill."""
    data = to_data(result)
    sections = [
        _run_line(data),
        _unfinished_warning(data, result.rules.end.target),
        _changes_section(result.rules, data["variant"]),
        _answers(data, links),
        _words_details(result.rules),
        *_run_sections(result),
        _skill_section(links),
    ]
    return _page(f"{result.rules.name}: what the rules do", sections)


# Comparisons ------------------------------------------------------------------------------------------


def comparison_page(comparison: Comparison) -> str:
    """The one-page report of a comparison: any games that never ended first, how B's rules differ from
    A's, how the runs were compared and why, every figure with its interval, effect size and adjusted
    p-value, then each run's tables, rules in play, balance and charts."""
    data = compare_data(comparison)
    design = data["design"]
    first, second = comparison.first, comparison.second
    sections = [
        _unfinished_warning(to_data(first), first.rules.end.target, "A: "),
        _unfinished_warning(to_data(second), second.rules.end.target, "B: "),
        "<h2>How B's rules differ from A's</h2>",
    ]
    changes = rule_changes(first.rules, second.rules)
    sections.append(
        f"<p>B ({_escape(second.rules.name)}) against A ({_escape(first.rules.name)}); struck out: A's rule; <ins>in green</ins>: B's.</p>"
        + changes_list(changes, second.rules)
        if changes
        else "<p>A and B play by the same rules.</p>"
    )
    # What the change did comes before how it was measured, as in the text report.
    summary = significant_lines(data["figures"])
    sections += ["<h2>What differs</h2>", f"<p>{_escape(summary[0])}</p>"]
    if summary[1:]:
        sections.append("<ul>" + "".join(f"<li>{_escape(' '.join(line.split()))}</li>" for line in summary[1:]) + "</ul>")
    sections += [
        "<h2>How the two were compared</h2>",
        f"<p>{'Paired' if design['paired'] else 'Unpaired'}: {_escape(design['why'])}.</p>",
    ]
    if design["seating"]:
        sections.append(f"<p>{_escape(design['seating'])}</p>")
    sections.append(
        f"<p>P-values are adjusted across the {len(data['figures'])} figures by Holm's method; a figure in bold differs "
        f"at the {design['level']:.0%} level after adjustment. A share of the {design['units']} is in percent, its difference and "
        "interval in percentage points. The effect is the difference in standard deviations of the figure.</p>"
    )
    rows = [
        [
            row["figure"],
            *shown_figure(row),
            "" if row["effect_size"] is None else f"{row['effect_size']:+.2f}",
            row["test"],
            p_text(row["p_adjusted"]),
        ]
        for row in data["figures"]
    ]
    sections.append(
        _table(
            ["figure", "A", "B", "B - A", "95% interval", "effect", "test", "p (Holm)"],
            rows,
            [row["significant"] for row in data["figures"]],
        )
    )
    effects = effects_chart(data["figures"])
    if effects is not None:
        sections.append(
            svg_figure(
                effects, "Effect sizes", "B - A in standard deviations of each figure, with 95% intervals; red: significant after Holm"
            )
        )
    for letter, result in (("A", first), ("B", second)):
        sections.extend(_run_sections(result, f"{letter}: {result.rules.name}"))
        sections.append(_words_details(result.rules).replace("<summary>", f"<summary>{letter}: ", 1))
    return _page(f"{first.rules.name} against {second.rules.name}", sections)


# Sweeps -----------------------------------------------------------------------------------------------

_MAIN_FIGURES = (
    "contracts made per hand",
    "misère family contracts per hand",
    "hands passed out",
    "declaring side's points per hand",
    "game length (hands)",
    "games decided on the last hand",
)


def _swept(labels: Sequence[str]) -> tuple[list[str], str]:
    """Each setting's values alone (the chart's ticks) and the keys swept (the axis's name), from labels
    ``key=value, key=value`` (a value may hold commas, a key never does)."""
    ticks, keys = [], ""
    for label in labels:
        parts = re.split(r", (?=[A-Za-z_][A-Za-z0-9_.]*=)", label)
        pairs = [part.partition("=") for part in parts]
        ticks.append(", ".join(value for _, _, value in pairs))
        keys = ", ".join(key for key, _, _ in pairs)
    return ticks, keys


def _sweep_chart(data: dict[str, Any]) -> str:
    """Small multiples: the figures that moved (and the main ones) across the settings, with intervals."""
    rows = data["figures"]
    moved = [row for row in rows if any(each and each["significant"] for each in row["against_first"])]
    chosen = (moved + [row for row in rows if row["figure"] in _MAIN_FIGURES and row not in moved])[:9]
    if not chosen:
        return ""
    ticks, keys = _swept(data["settings"])
    return svg_figure(
        sweep_chart(chosen, ticks, keys),
        "How the figures move across the settings",
        f"each figure at each value of {keys}; bars: 95% intervals against the first setting, red where the change is significant",
        "sweep",
    )


def _setting_changes(variant: str, result: Sweep) -> list[str]:
    """Per setting, what it changes from the variant swept, in words (empty where the variant cannot be
    read again)."""
    try:
        base = load_variant(variant)
    except (VariantError, OSError):
        return ["" for _ in result.settings]
    return [changes_list(rule_changes(base, setting.rules), setting.rules) or "the same rules" for setting in result.settings]


def sweep_page(result: Sweep) -> str:
    """The one-page report of a sweep: any games that never ended first, the settings with what each
    changes from the variant, each figure at each setting, the charts, and each setting's rules in play."""
    data = sweep_data(result)
    sections = [
        _unfinished_warning(run, each.rules.end.target, f"setting {index} ({label}): ")
        for index, (label, run, each) in enumerate(zip(data["settings"], data["runs"], result.results))
    ]
    changes = _setting_changes(data["variant"], result)
    body = "".join(
        f"<tr><td>{index}</td><td>{_escape(label)}</td><td>{change}</td></tr>"
        for index, (label, change) in enumerate(zip(data["settings"], changes))
    )
    sections.append(
        f'<h2>Settings</h2><table id="settings" class="words"><thead><tr><th>#</th><th>setting</th><th>what it changes from {_escape(data["variant"])} '
        f"({_LEGEND})</th></tr></thead><tbody>{body}</tbody></table>"
    )
    sections.append(
        f"<p>Each figure as its name says (a share of the hands or of the games, in percent, or an average), over "
        f"{'whole games' if data['runs'][0]['games'] else 'single hands'}; in bold where it differs from setting 0 at the "
        f"{data['level']:.0%} level after Holm's adjustment across every figure of every setting.</p>"
    )
    headers = ["figure", *(str(index) for index in range(len(data["settings"])))]
    table = []
    for row in data["figures"]:
        cells = []
        for index, value in enumerate(row["values"]):
            against = row["against_first"][index - 1] if index else None
            text = shown_value(value, row["rate"])
            cells.append(f"<b>{text}</b>" if against and against["significant"] else _escape(text))
        table.append(f"<tr><td>{_escape(row['figure'])}</td>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
    sections.append(
        f"<table><thead><tr>{''.join(f'<th>{_escape(each)}</th>' for each in headers)}</tr></thead><tbody>{''.join(table)}</tbody></table>"
    )
    sections.append(_sweep_chart(data))
    for index, (setting, each) in enumerate(zip(result.settings, result.results)):
        sections.append(f"<h2>Setting {index}: {_escape(setting.label)}</h2>")
        sections.append(_rules_section(to_data(each)))
    return _page(f"Sweep of {data['variant']}", sections)
