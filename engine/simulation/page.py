"""The one-page report (the ``plot`` extra): a self-contained HTML file with the rule in plain words, the
rules in play, balance, skill, the comparison with its caveats or a sweep, and charts drawn by matplotlib
as inline SVG. No script and no network: it reads the same in any browser, saved or mailed.
"""

from __future__ import annotations

import html
import io
import re
from collections.abc import Sequence
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only: no display needed

import matplotlib.pyplot as plt

from ..rules.describe import describe
from .comparison import Comparison, compare_data, p_text
from .report import to_data
from .runner import SimulationResult
from .skill import SkillLink
from .sweep import Sweep, sweep_data

_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 62rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.25rem; margin-top: 2rem; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.5rem 0; } td, th { padding: 0.2rem 0.6rem; text-align: right; }
td:first-child, th:first-child { text-align: left; } tr:nth-child(even) { background: #f4f6fa; }
.warning { color: #8a4b00; } .significant { font-weight: bold; } pre { white-space: pre-wrap; background: #f7f7f7; padding: 0.8rem; }
figure { margin: 1rem 0; } svg { max-width: 100%; height: auto; }
"""


def _escape(value: object) -> str:
    return html.escape(str(value))


def _page(title: str, sections: Sequence[str]) -> str:
    body = "\n".join(sections)
    return (
        f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{_escape(title)}</title>\n'
        f"<style>{_STYLE}</style>\n</head>\n<body>\n<h1>{_escape(title)}</h1>\n{body}\n</body>\n</html>\n"
    )


def _table(headers: Sequence[str], rows: Sequence[Sequence[object]], marked: Sequence[bool] = ()) -> str:
    head = "".join(f"<th>{_escape(each)}</th>" for each in headers)
    lines = []
    for index, row in enumerate(rows):
        attribute = ' class="significant"' if index < len(marked) and marked[index] else ""
        lines.append(f"<tr{attribute}>" + "".join(f"<td>{_escape(each)}</td>" for each in row) + "</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(lines)}</tbody></table>"


def _svg(figure: Any, label: str) -> str:
    """The figure as inline SVG (text kept as text), with its label for readers that cannot see it."""
    buffer = io.StringIO()
    # Fixed ids and no metadata (a date): the same run gives the same page.
    with plt.rc_context({"svg.fonttype": "none", "svg.hashsalt": "fivehundred"}):
        figure.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(figure)
    svg = buffer.getvalue()
    svg = re.sub(r"<metadata>.*?</metadata>", "", svg[svg.index("<svg") :], flags=re.DOTALL)
    return f'<figure role="img" aria-label="{_escape(label)}">{svg}<figcaption>{_escape(label)}</figcaption></figure>'


def _bars(labels: Sequence[str], values: Sequence[float], title: str, ylabel: str, colour: str = "#4472c4", rotate: bool = False) -> str:
    figure, axes = plt.subplots(figsize=(max(5.0, 0.32 * len(labels) + 2), 3.2))
    axes.bar(list(labels), list(values), color=colour)
    axes.set_title(title)
    axes.set_ylabel(ylabel)
    if rotate:
        axes.tick_params(axis="x", rotation=90)
    return _svg(figure, title)


def _charts(data: dict[str, Any], result: SimulationResult) -> list[str]:
    charts = []
    contracts = data["contracts"]
    if contracts:
        charts.append(
            _bars(list(contracts), [each["bid"] for each in contracts.values()], "Contract mix: hands played in each", "hands", rotate=True)
        )
    points = result.tally.declarer_points
    if points:
        charts.append(
            _bars(
                [str(key) for key in points],
                list(points.values()),
                "Score distribution: the declaring side's points on a hand",
                "hands",
                "#70ad47",
                True,
            )
        )
    lengths = data["game_length"]["distribution"]
    if lengths:
        charts.append(_bars(list(lengths), list(lengths.values()), "Game length (hands)", "games", "#ed7d31"))
    return charts


def _rules_section(data: dict[str, Any]) -> str:
    rows = []
    for row in data["rules"]:
        succeeded = f"{row['succeeded']} ({100 * row['success_rate']:.0f}%)" if "succeeded" in row and row["used"] else ""
        rows.append([row["rule"], row["kind"], row["what"], row["used"], f"{100 * row['rate']:.1f}% of {row['per']}s", succeeded])
    parts = ["<h2>Rules in play</h2>"]
    parts.append(
        _table(["rule", "kind", "counted", "used", "rate", "succeeded"], rows)
        if rows
        else "<p>The variant states no rule beyond the plain ladder.</p>"
    )
    parts.extend(f'<p class="warning">Warning: {_escape(warning)}</p>' for warning in data["warnings"])
    return "\n".join(parts)


def _interval(share: dict[str, Any]) -> str:
    low, high = share["interval_95"]
    return f"{100 * share['rate']:.1f}% ({100 * low:.1f}–{100 * high:.1f}%)"


def _balance_section(balance: dict[str, Any] | None) -> str:
    if balance is None:
        return "<h2>Balance</h2><p>Balance needs whole games: simulate with --games.</p>"
    rows = [[f"side {team}", _interval(share), f"{100 * share['fair']:.0f}%"] for team, share in enumerate(balance["sides"])]
    rows.append(["first dealer's side", _interval(balance["first_dealer_side"]), f"{100 * balance['first_dealer_side']['fair']:.0f}%"])
    rows.append(["first bidder's side", _interval(balance["first_bidder_side"]), f"{100 * balance['first_bidder_side']['fair']:.0f}%"])
    length = balance["game_length"]
    return "\n".join(
        [
            "<h2>Balance</h2>",
            _table(["who", "won (95% interval)", "fair share"], rows),
            f"<p>That the sides win alike: p = {balance['sides_equal_p']:.3g}. Game length {length['mean']} hands "
            f"(standard deviation {length['standard_deviation']}; 10% of games {length['tenth_percentile']} hands or fewer, "
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


def _run_sections(result: SimulationResult, heading: str | None = None) -> list[str]:
    data = to_data(result)
    amount = f"{data['hands']} hands" + (f" in {data['games']} games" if data["games"] else "")
    sections = [f"<h2>{_escape(heading)}</h2>"] if heading else []
    sections.append(
        f"<p>{_escape(data['name'])} ({_escape(data['variant'])}): {amount}, seed {data['seed']}, bots {_escape(', '.join(data['bots']))}.</p>"
    )
    sections.append(
        f"<p>All passed {100 * data['all_pass']['rate']:.1f}% of hands; contracts made {100 * data['made_rate']:.1f}%, "
        f"set {data['sets']['count']}; slams {data['slams']['count']}.</p>"
    )
    sections.append(_rules_section(data))
    sections.append(_balance_section(data["balance"]))
    sections.extend(_charts(data, result))
    return sections


def _words_section(result: SimulationResult) -> str:
    return f"<h2>The rules in plain words</h2><pre>{_escape(describe(result.rules))}</pre>"


def simulation_page(result: SimulationResult, links: Sequence[SkillLink] = ()) -> str:
    """The one-page report of a simulation (and its skill chain)."""
    run = _run_sections(result)
    sections = [run[0], _words_section(result), *run[1:], _skill_section(links)]
    return _page(f"{result.rules.name}: what the rules do", sections)


def _effects_chart(rows: Sequence[dict[str, Any]]) -> str:
    """Each figure's effect size with its 95% interval (in standard deviations of the figure)."""
    shown = [row for row in rows if row["effect_size"] is not None]
    label = "Effect sizes (B - A, in standard deviations of each figure) with 95% intervals; bold: significant after Holm"
    if not shown:
        return ""
    figure, axes = plt.subplots(figsize=(8, 0.3 * len(shown) + 1.2))
    for index, row in enumerate(reversed(shown)):
        scale = row["effect_size"] / row["difference"] if row["difference"] else 0.0
        low, high = (bound * scale for bound in row["interval_95"])
        colour = "#c00000" if row["significant"] else "#4472c4"
        axes.plot([low, high], [index, index], color=colour)
        axes.plot([row["effect_size"]], [index], "o", color=colour)
    axes.axvline(0, color="#888", linewidth=0.8)
    axes.set_yticks(range(len(shown)), [row["figure"] for row in reversed(shown)])
    axes.set_xlabel("effect size")
    return _svg(figure, label)


def comparison_page(comparison: Comparison) -> str:
    """The one-page report of a comparison: how the runs were compared and why, every figure with its
    interval, effect size and adjusted p-value, then each run's rules in play, balance and charts."""
    data = compare_data(comparison)
    design = data["design"]
    sections = [
        "<h2>How the two were compared</h2>",
        f"<p>{'Paired' if design['paired'] else 'Unpaired'}: {_escape(design['why'])}.</p>",
    ]
    if design["seating"]:
        sections.append(f"<p>{_escape(design['seating'])}</p>")
    sections.append(
        f"<p>P-values are adjusted across the {len(data['figures'])} figures by Holm's method; a figure in bold differs "
        f"at the {design['level']:.0%} level after adjustment. The effect is the difference in standard deviations of the figure.</p>"
    )
    rows = [
        [
            row["figure"],
            f"{row['a']:.4g}",
            f"{row['b']:.4g}",
            f"{row['difference']:+.3g}",
            f"{row['interval_95'][0]:+.3g} to {row['interval_95'][1]:+.3g}",
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
    sections.append(_effects_chart(data["figures"]))
    for letter, result in (("A", comparison.first), ("B", comparison.second)):
        sections.extend(_run_sections(result, f"{letter}: {result.rules.name}"))
        sections.append(
            f"<details><summary>{letter}: the rules in plain words</summary><pre>{_escape(describe(result.rules))}</pre></details>"
        )
    return _page(f"{comparison.first.rules.name} against {comparison.second.rules.name}", sections)


_MAIN_FIGURES = (
    "contracts made per hand",
    "misère family contracts per hand",
    "hands passed out",
    "declaring side's points per hand",
    "game length (hands)",
    "games decided on the last hand",
)


def _sweep_chart(data: dict[str, Any]) -> str:
    """Small multiples: the figures that moved (and the main ones) across the settings, with intervals."""
    rows = data["figures"]
    moved = [row for row in rows if any(each and each["significant"] for each in row["against_first"])]
    chosen = (moved + [row for row in rows if row["figure"] in _MAIN_FIGURES and row not in moved])[:9]
    if not chosen:
        return ""
    columns = min(3, len(chosen))
    lines = (len(chosen) + columns - 1) // columns
    figure, axes = plt.subplots(lines, columns, figsize=(4 * columns, 2.8 * lines), squeeze=False)
    positions = list(range(len(data["settings"])))
    for place, row in zip(axes.flat, chosen):
        values = [value if value is not None else float("nan") for value in row["values"]]
        place.plot(positions, values, "o-", color="#4472c4")
        for position, against in zip(positions[1:], row["against_first"]):
            if against is not None:
                low, high = (values[0] + bound for bound in against["interval_95"])
                place.plot([position, position], [low, high], color="#c00000" if against["significant"] else "#9db3de")
        place.set_title(row["figure"], fontsize=9)
        place.set_xticks(positions)
    for place in list(axes.flat)[len(chosen) :]:
        place.axis("off")
    figure.tight_layout()
    return _svg(
        figure,
        "How the figures move across the settings (numbered as in the table); bars: 95% intervals, red where the change is significant",
    )


def sweep_page(result: Sweep) -> str:
    """The one-page report of a sweep: the settings, each figure at each setting, the charts, and each
    setting's rules in play."""
    data = sweep_data(result)
    sections = ["<h2>Settings</h2>", _table(["#", "setting"], list(enumerate(data["settings"])))]
    sections.append(
        f"<p>Each figure per {'game' if data['runs'][0]['games'] else 'hand'}; in bold where it differs from setting 0 at the "
        f"{data['level']:.0%} level after Holm's adjustment across every figure of every setting.</p>"
    )
    headers = ["figure", *(str(index) for index in range(len(data["settings"])))]
    body = []
    for row in data["figures"]:
        cells = []
        for index, value in enumerate(row["values"]):
            against = row["against_first"][index - 1] if index else None
            text = "-" if value is None else f"{value:.4g}"
            cells.append(f"<b>{text}</b>" if against and against["significant"] else _escape(text))
        body.append(f"<tr><td>{_escape(row['figure'])}</td>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
    sections.append(
        f"<table><thead><tr>{''.join(f'<th>{_escape(each)}</th>' for each in headers)}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )
    sections.append(_sweep_chart(data))
    for index, (setting, each) in enumerate(zip(result.settings, result.results)):
        sections.append(f"<h2>Setting {index}: {_escape(setting.label)}</h2>")
        sections.append(_rules_section(to_data(each)))
    return _page(f"Sweep of {data['variant']}", sections)
