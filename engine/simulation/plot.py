"""Charts of a simulation (the ``plot`` extra): contract frequencies and game lengths as one PNG, and the
one-page report's charts as inline SVG (:mod:`~engine.simulation.page` lays them out).

Every chart here leaves its title to the page's caption (a title drawn in the chart as well only said it
twice), counts whole things on whole-number ticks, draws a number line (game lengths) with every number
on it, empty ones too, and keeps a rate's axis between 0 and 1.
"""

from __future__ import annotations

import html
import io
import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only: no display needed

import matplotlib.pyplot as plt
from matplotlib.ticker import MaxNLocator

from .report import to_data
from .runner import SimulationResult

BLUE, GREEN, ORANGE, RED, PALE = "#4472c4", "#70ad47", "#ed7d31", "#c00000", "#9db3de"
"""The charts' colours (the page's tests look for the contract mix's blue in a screenshot)."""


def _whole_counts(axes: Any) -> None:
    """Count ticks on whole numbers only: a chart of games has no tick at 2.5 games."""
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))


def _length_bars(axes: Any, distribution: Mapping[str, int]) -> None:
    """Games by length on a number line: every length from the shortest to the longest has its place, so
    the lengths no game had show as gaps rather than vanish."""
    lengths = {int(length): count for length, count in distribution.items()}
    every = list(range(min(lengths), max(lengths) + 1))
    axes.bar(every, [lengths.get(length, 0) for length in every], color=ORANGE)
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_xlabel("hands in the game")
    axes.set_ylabel("games")
    _whole_counts(axes)


def plot_result(result: SimulationResult, path: str) -> None:
    """Draw the contract frequencies (and, for games, the game-length distribution) into ``path``."""
    data = to_data(result)
    lengths = data["game_length"]["distribution"]
    panels = 2 if lengths else 1
    figure, axes = plt.subplots(1, panels, figsize=(7 * panels, 4.5), squeeze=False)
    contracts = data["contracts"]
    left = axes[0][0]
    left.bar(list(contracts), [each["bid"] for each in contracts.values()], color=BLUE)
    # A PNG stands alone, with no page around it to carry the titles.
    left.set_title(f"Contracts played: {data['name']}")
    left.set_ylabel("hands")
    left.tick_params(axis="x", rotation=90)
    _whole_counts(left)
    if lengths:
        right = axes[0][1]
        _length_bars(right, lengths)
        right.set_title(f"Game length (mean {data['game_length']['mean']} hands)")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def svg_figure(figure: Any, title: str, note: str = "", name: str = "") -> str:
    """The figure as inline SVG (text kept as text) in a ``<figure>`` captioned with its ``title`` (and a
    ``note`` on how to read it); ``name`` is the figure's id on the page."""
    buffer = io.StringIO()
    # Fixed ids and no metadata (a date): the same run gives the same page.
    with plt.rc_context({"svg.fonttype": "none", "svg.hashsalt": "fivehundred"}):
        figure.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(figure)
    svg = buffer.getvalue()
    svg = re.sub(r"<metadata>.*?</metadata>", "", svg[svg.index("<svg") :], flags=re.DOTALL)
    label = title + (f": {note}" if note else "")
    caption = f"<strong>{html.escape(title)}</strong>" + (f": {html.escape(note)}" if note else "")
    place = f' id="{html.escape(name)}"' if name else ""
    return f'<figure{place} role="img" aria-label="{html.escape(label)}">{svg}<figcaption>{caption}</figcaption></figure>'


def bar_chart(labels: Sequence[str], values: Sequence[int], ylabel: str, colour: str = BLUE, rotate: bool = False) -> Any:
    """Counts as bars, one per label (the labels are categories: no number line between them)."""
    figure, axes = plt.subplots(figsize=(max(5.0, 0.32 * len(labels) + 2), 3.2))
    axes.bar(list(labels), list(values), color=colour)
    axes.set_ylabel(ylabel)
    _whole_counts(axes)
    if rotate:
        axes.tick_params(axis="x", rotation=90)
    return figure


def length_chart(distribution: Mapping[str, int]) -> Any:
    """Games by length (``to_data``'s ``game_length.distribution``), every length in between shown."""
    figure, axes = plt.subplots(figsize=(max(5.0, 0.25 * len(distribution) + 3), 3.2))
    axes.set_gid("game-length-axes")
    _length_bars(axes, distribution)
    return figure


def effects_chart(rows: Sequence[dict[str, Any]]) -> Any | None:
    """Each compared figure's effect size with its 95% interval (in standard deviations of the figure),
    red where significant; ``None`` when no figure has an effect size."""
    shown = [row for row in rows if row["effect_size"] is not None]
    if not shown:
        return None
    figure, axes = plt.subplots(figsize=(8, 0.3 * len(shown) + 1.2))
    for index, row in enumerate(reversed(shown)):
        scale = row["effect_size"] / row["difference"] if row["difference"] else 0.0
        low, high = (bound * scale for bound in row["interval_95"])
        colour = RED if row["significant"] else BLUE
        axes.plot([low, high], [index, index], color=colour)
        axes.plot([row["effect_size"]], [index], "o", color=colour)
    axes.axvline(0, color="#888", linewidth=0.8)
    axes.set_yticks(range(len(shown)), [row["figure"] for row in reversed(shown)])
    axes.set_xlabel("effect size")
    return figure


def _slug(name: str) -> str:
    """A figure's name as an id: ASCII letters, digits and hyphens ("misère" is "misere")."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")


def _is_rate(name: str, values: Sequence[float]) -> bool:
    """Whether a sweep figure is a share of hands or games (between 0 and 1) rather than points or a
    length: the figures are named so (``sweep_data``), and a rate never leaves [0, 1]."""
    return "points" not in name and "length" not in name and all(0 <= value <= 1 for value in values)


def sweep_chart(figures: Sequence[dict[str, Any]], ticks: Sequence[str], xlabel: str) -> Any:
    """Small multiples, one per figure row of ``sweep_data`` (at most nine): its value at each setting
    (``ticks`` name the settings on the x axis, ``xlabel`` the keys swept), with each setting's 95%
    interval against the first, red where the change is significant. A rate is drawn in percent, as the
    table prints it, its axis within 0 to 100; a count's or length's axis stays above 0, whatever the
    intervals' ends; a figure that hardly moves gets an axis of a readable span (a trial read an unchanging
    share on an axis from 0.0096 to 0.0104)."""
    columns = min(3, len(figures))
    lines = (len(figures) + columns - 1) // columns
    figure, axes = plt.subplots(lines, columns, figsize=(4 * columns, 2.9 * lines), squeeze=False)
    positions = list(range(len(ticks)))
    for place, row in zip(axes.flat, figures):
        raw = [value if value is not None else float("nan") for value in row["values"]]
        rate = bool(row.get("rate", _is_rate(row["figure"], [value for value in raw if value == value])))
        scale = 100.0 if rate else 1.0
        values = [value * scale for value in raw]
        place.set_gid("sweep-" + _slug(row["figure"]))
        place.plot(positions, values, "o-", color=BLUE)
        reach = [value for value in values if value == value]  # NaN: a figure a setting does not have
        for position, against in zip(positions[1:], row["against_first"]):
            if against is not None:
                low, high = (values[0] + bound * scale for bound in against["interval_95"])
                place.plot([position, position], [low, high], color=RED if against["significant"] else PALE)
                reach += [low, high]
        place.set_title(row["figure"] + (" (%)" if rate else ""), fontsize=9)
        # Long values (a placement, a list) are turned on end so that neighbours do not overwrite each other.
        place.set_xticks(positions, list(ticks), rotation=30 if max(map(len, ticks)) > 6 else 0, fontsize=8)
        place.set_xlim(-0.5, len(ticks) - 0.5)
        place.set_xlabel(xlabel, fontsize=8)
        place.ticklabel_format(axis="y", useOffset=False, style="plain")
        bottom, top = place.get_ylim()
        if reach and max(reach) - min(reach) < (least := (1.0 if rate else max(1.0, 0.02 * max(abs(each) for each in reach)))):
            middle = (max(reach) + min(reach)) / 2
            bottom, top = middle - least, middle + least
        if "points" not in row["figure"]:
            # An interval's end below 0 (or above 100%) is only the normal approximation's reach; a rule's
            # uses a hand (two seats may make one announcement) may pass 100%, and keep their axis.
            capped = rate and all(0.0 <= value <= 1.0 for value in raw if value == value)
            bottom, top = max(bottom, 0.0), min(top, 100.0) if capped else top
        place.set_ylim(bottom, top)
    for place in list(axes.flat)[len(figures) :]:
        place.axis("off")
    figure.tight_layout()
    return figure
