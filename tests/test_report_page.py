"""The rules author's report (issue 29, items 3-6): balance figures, the skill chain, sweeps, the one-page
HTML report rendered in a real headless browser, and the progress line in the core install."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from xml.etree import ElementTree

import pytest
from commandline import run
from hypothesis import given, settings
from hypothesis import strategies as st
from webtable import HEADLESS_FLAGS

import engine
from engine.analysis.statistics import chi_square_p, quantile, spread
from engine.errors import FiveHundredError
from engine.simulation.report import to_data
from engine.simulation.skill import skill_chain
from engine.simulation.sweep import SweepError, parse_set, settings_of, sweep, sweep_data

RANDOM = ["random"] * 4
SVG = "{http://www.w3.org/2000/svg}"


def test_a_set_is_a_failed_contract_and_bars_are_counted_apart() -> None:
    """Issue 29: "to a 500 player a 'set' is a failed contract; say 'barred' for the set rule's bars"."""
    data = to_data(engine.simulate("set-rule", hands=200, seed=5))
    failed = sum(each["bid"] - each["made"] for each in data["contracts"].values())
    assert data["sets"]["count"] == failed > 0
    assert 0 < data["barred"]["count"] <= failed


def test_balance_figures_add_up() -> None:
    """Issue 29, item 3: seat, dealer and first-bidder balance, game length with its spread, games decided
    on the last hand, the side behind before it winning, lead changes."""
    result = engine.simulate("standard", games=120, seed=4)
    balance = to_data(result)["balance"]
    tally = result.tally
    assert [share["count"] for share in balance["sides"]] == tally.wins and all(share["fair"] == 0.5 for share in balance["sides"])
    assert 0 <= balance["sides_equal_p"] <= 1
    assert balance["first_dealer_side"]["count"] == tally.dealer_wins
    assert balance["decided_on_last_hand"]["count"] >= balance["behind_before_last_hand_won"]["count"] > 0
    length = balance["game_length"]
    assert length["tenth_percentile"] <= length["mean"] <= length["ninetieth_percentile"] and length["standard_deviation"] > 0
    assert to_data(engine.simulate("standard", hands=50, seed=4))["balance"] is None


def test_balance_statistics() -> None:
    assert chi_square_p(3.841459, 1) == pytest.approx(0.05, abs=1e-5)
    assert chi_square_p(9.487729, 4) == pytest.approx(0.05, abs=1e-5)
    assert spread({2: 1, 4: 1}) == pytest.approx((3.0, 2**0.5))
    assert quantile({1: 5, 2: 4, 9: 1}, 0.9) == 2 and quantile({1: 5, 2: 4, 9: 1}, 0.95) == 9


def test_skill_chain_finds_the_heuristic_bot_stronger_than_random() -> None:
    """Issue 29, item 3: the skill chain on duplicate deals, seats swapped, with intervals."""
    (link,) = skill_chain("standard", games=30, seed=2, chain=("heuristic", "random"))
    assert link.games and link.fair == 0.5 and link.interval[0] > 0.5 and link.edge > 0.2
    (hands,) = skill_chain("five-handed", hands=60, seed=2, chain=("heuristic", "random"))
    assert not hands.games and hands.interval[0] > 0


def test_parse_set_reads_values_as_the_variant_language_does() -> None:
    key = parse_set("contracts.misere.placement={above: 8S},{above: 7H}")
    assert key.path == ("contracts", "misere", "placement") and key.values == ({"above": "8S"}, {"above": "7H"})
    assert parse_set("auction.rounds=one,continuous").values == ("one", "continuous")
    for bad in ("misere", "=1", "a..b=1", "a=1,,2", "a=[1"):
        with pytest.raises(SweepError):
            parse_set(bad)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=60))
def test_any_set_argument_is_read_or_refused_with_a_sentence(text: str) -> None:
    """Fuzz: whatever follows --set, a key or a SweepError, never another exception."""
    try:
        parse_set(text)
    except SweepError as error:
        assert str(error).startswith("--set")


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.sampled_from(["contracts", "misere", "value", "auction", "rounds", "scoring", "x", "deal", "kitty_size"]), min_size=1, max_size=3
    ),
    st.lists(st.one_of(st.integers(-5, 600), st.sampled_from(["one", "yes", "[1, 2]", "{a: 1}", "null", "~"])), min_size=1, max_size=3),
)
def test_any_sweep_setting_compiles_or_fails_as_a_variant_file_would(path: list[str], values: list[object]) -> None:
    """Fuzz: a sweep of any key and values gives settings, or a VariantError / SweepError naming the problem."""
    key = parse_set(".".join(path) + "=" + ",".join(map(str, values)))
    try:
        found = settings_of("standard", [key])
    except FiveHundredError as error:
        assert str(error)
    else:
        assert len(found) == len(values)


def test_sweep_moves_the_figures_of_the_key_it_changes() -> None:
    """Issue 29, item 5: one round of bidding against a continuous auction changes what is bid (with one
    round each seat bids at once the level its hand is worth, where a continuous auction opens lower)."""
    result = sweep("standard", [parse_set("auction.rounds=continuous,one")], hands=300, seed=1)
    data = sweep_data(result)
    assert data["settings"] == ["auction.rounds=continuous", "auction.rounds=one"]
    rows = {row["figure"]: row for row in data["figures"]}
    sevens = rows["level 7 contracts per hand"]
    assert sevens["values"][1] > sevens["values"][0] and sevens["against_first"][0]["significant"]
    assert sevens["against_first"][0]["test"] == "sign test"  # the deals agree: paired


def test_sweep_refuses_a_key_set_twice(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "sweep", "standard", "--set", "auction.rounds=one", "--set", "auction=1", "--hands", "5")
    assert code == 2 and "set each key once" in err
    code, _, err = run(capsys, "sweep", "standard", "--set", "auction.rounds=sometimes", "--hands", "5")
    # A bad value is the --set's fault, named as written (not a line of the text written for the setting).
    assert code == 2 and "--set auction.rounds=sometimes: $.auction.rounds:" in err and "<--set" not in err
    code, _, err = run(capsys, "sweep", "standard", "--set", "misere", "--hands", "5")
    assert code == 2 and "KEY=V1,V2" in err


def test_a_key_under_a_setting_replaced_whole_is_answered_with_the_whole_setting(capsys: pytest.CaptureFixture[str]) -> None:
    """A rules author's trial: ``--set scoring.slam.value=300`` replaces the whole slam rule (one choice,
    ``x-merge: replace``), which then lacks the contracts it is for; the refusal gives the --set that
    sweeps the value with the rest of the inherited rule, and that --set runs."""
    code, _, err = run(capsys, "sweep", "standard", "--set", "scoring.slam.value=300", "--hands", "5")
    whole = "--set 'scoring.slam={value: 300, below_value: 250}'"
    assert code == 2 and "Say which contracts the slam bonus is for" in err and whole in err
    code, out, _ = run(capsys, "sweep", "standard", "--set", "scoring.slam={value: 300, below_value: 250}", "--hands", "5")
    assert code == 0 and "scoring.slam={value: 300, below_value: 250}" in out
    # A wrong value is the fault, not where it is written: no such hint (its whole form would fail too).
    code, _, err = run(capsys, "sweep", "standard", "--set", "scoring.slam.value=abc", "--hands", "5")
    assert code == 2 and "must be a whole number" in err and "replaced whole" not in err
    # A key under no such setting gets no such hint.
    code, _, err = run(capsys, "sweep", "standard", "--set", "auction.rounds=sometimes", "--hands", "5")
    assert code == 2 and "replaced whole" not in err


def test_cli_sweep_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "sweep", "standard", "--set", "contracts.misere.value=200,300", "--games", "20", "--seed", "2")
    assert code == 0 and "Sweep of standard, 20 games a setting" in out and "contracts.misere.value=300" in out
    code, out, _ = run(capsys, "sweep", "standard", "--set", "contracts.misere.value=200,300", "--hands", "60", "--format", "json")
    data = json.loads(out)
    assert code == 0 and len(data["runs"]) == 2 and all(len(row["values"]) == 2 for row in data["figures"])
    # A share of the hands is printed in percent, as simulate prints it (a rules author's trial); a mean is not.
    rows = {row["figure"]: row for row in data["figures"]}
    assert rows["contracts made per hand"]["rate"] and not rows["a player's points per hand"]["rate"]
    code, out, _ = run(capsys, "sweep", "standard", "--set", "contracts.misere.value=200,300", "--hands", "60")
    made = next(line for line in out.splitlines() if line.startswith("contracts made per hand "))
    assert f"{100 * rows['contracts made per hand']['values'][0]:.2f}%" in made
    assert "%" not in next(line for line in out.splitlines() if line.startswith("a player's points per hand "))


def test_progress_line_without_extras(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 29, item 6: --progress always draws a line on standard error in the core install."""
    for command, total in (
        (["simulate", "standard", "--hands", "60"], "/60 "),
        (["compare", "standard", "american", "--hands", "60"], "/120 "),
    ):
        code, _, err = run(capsys, *command, "--progress", "always")
        assert code == 0 and total in err and "hand/s" in err, err
    code, _, err = run(capsys, "simulate", "standard", "--hands", "60", "--progress", "never")
    assert code == 0 and err == ""


def _browser() -> str | None:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None and os.environ.get("FIVEHUNDRED_REQUIRE_BROWSER"):
        pytest.fail("FIVEHUNDRED_REQUIRE_BROWSER is set but chromium is not installed")
    return found


def _render(page: Path, tmp_path: Path) -> tuple[str, Path]:
    """The page's DOM after a headless Chromium rendered it, and a screenshot of it."""
    browser = _browser()
    if browser is None:
        pytest.skip("chromium is not installed (.ci/run installs it)")
    flags = [*HEADLESS_FLAGS, f"--user-data-dir={tmp_path / 'profile'}"]
    dom = subprocess.run([browser, *flags, "--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=120, check=True).stdout
    shot = tmp_path / "shot.png"
    subprocess.run(
        [browser, *flags, f"--screenshot={shot}", "--window-size=1200,9000", page.as_uri()], capture_output=True, timeout=120, check=True
    )
    return dom, shot


def _chart_pixels(shot: Path, colour: tuple[int, int, int]) -> int:
    """How many pixels of the screenshot have the charts' bar colour."""
    image = pytest.importorskip("matplotlib.image").imread(str(shot))
    rgb = (image[:, :, :3] * 255).round().astype(int)
    return int(((abs(rgb - colour)).sum(axis=2) <= 6).sum())


def test_html_report_renders_in_a_headless_browser_with_its_charts(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Issue 29, item 4: --html writes one self-contained page (no script, no network) that a real browser
    renders with its charts."""
    pytest.importorskip("matplotlib")
    page = tmp_path / "report.html"
    code, _, _ = run(capsys, "simulate", "walker", "--games", "30", "--skill", "--skill-chain", "heuristic,random", "--html", str(page))
    assert code == 0
    text = page.read_text(encoding="utf-8")
    assert "<script" not in text and "<link" not in text and not re.search(r"(src|href)=.https?:", text)
    for heading in (
        "The whole rules in plain words",
        "Rules in play",
        "Balance",
        "Skill",
        "Contract mix",
        "Score distribution",
        "Game length",
    ):
        assert heading in text
    again = tmp_path / "again.html"
    run(capsys, "simulate", "walker", "--games", "30", "--skill", "--skill-chain", "heuristic,random", "--html", str(again))
    assert again.read_text(encoding="utf-8") == text  # the same run, the same page
    dom, shot = _render(page, tmp_path)
    assert dom.count("<svg") >= 3 and "Rules in play" in dom
    assert _chart_pixels(shot, (0x44, 0x72, 0xC4)) > 500  # the contract-mix bars were drawn


def test_compare_and_sweep_pages_render(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    page = tmp_path / "compare.html"
    code, _, _ = run(capsys, "compare", "standard", "five-handed", "--games", "20", "--html", str(page))
    text = page.read_text(encoding="utf-8")
    assert code == 0 and "compared by role" in text and "Unpaired" in text and "Holm" in text
    dom, _ = _render(page, tmp_path)
    assert dom.count("<svg") >= 3
    page = tmp_path / "sweep.html"
    code, _, _ = run(capsys, "sweep", "standard", "--set", "auction.rounds=continuous,one", "--hands", "100", "--html", str(page))
    assert code == 0 and "Sweep of standard" in page.read_text(encoding="utf-8")
    dom, _ = _render(page, tmp_path)
    assert dom.count("<svg") >= 1


def test_html_without_matplotlib_names_the_extra(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "engine.simulation.page", None)
    code, _, err = run(capsys, "simulate", "standard", "--hands", "10", "--html", str(tmp_path / "page.html"))
    assert code == 2 and "pip install matplotlib" in err and not (tmp_path / "page.html").exists()


def test_sweep_does_not_depend_on_the_workers() -> None:
    """Determinism: a sweep's settings are compiled rules, sent to the worker processes as they are."""
    keys = [parse_set("contracts.misere.value=200,300")]
    one, two = (sweep_data(sweep("standard", keys, hands=120, seed=3, workers=workers)) for workers in (1, 2))
    for data in (one, two):
        for run_data in data["runs"]:
            run_data.pop("timing")
    assert one == two


# Issue 45, items 2, 3 and 7 (the page's part) ---------------------------------------------------------


def _figure_svg(text: str, name: str) -> ElementTree.Element:
    """The SVG of the page's figure with id ``name``, parsed."""
    found = re.search(rf'<figure id="{name}"[^>]*>(<svg.*?</svg>)', text, flags=re.DOTALL)
    assert found is not None, f"no figure {name!r} on the page"
    return ElementTree.fromstring(found.group(1))


def _tick_labels(svg: ElementTree.Element, axis: str, axes: str | None = None) -> list[str]:
    """The tick labels of the x or y ``axis`` (of the axes with gid ``axes``, else of the whole figure) as
    the SVG writes them (matplotlib draws a minus sign as U+2212)."""
    if axes is not None:
        found = next((group for group in svg.iter(f"{SVG}g") if group.get("id") == axes), None)
        assert found is not None, f"no axes {axes!r} in the chart"
        svg = found
    return [
        "".join(text.itertext()).strip()
        for group in svg.iter(f"{SVG}g")
        if (group.get("id") or "").startswith(f"{axis}tick_")
        for text in group.iter(f"{SVG}text")
    ]


def _number(label: str) -> float:
    return float(label.replace("\u2212", "-"))


def test_issue_45_item_2_the_page_has_the_text_reports_tables_and_what_the_file_changes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 45, item 2: the page, as headless Chromium renders it, has the per-contract table (bid, made,
    average points), points per team and declared by team; its first screen says what the file changes
    from the variant it extends, in words, and the headline answers; the whole rules text is folded in a
    <details> below them, so no strain's card order is on the first screen."""
    pytest.importorskip("matplotlib")
    page = tmp_path / "australian.html"
    code, _, _ = run(capsys, "simulate", "australian", "--games", "12", "--seed", "3", "--html", str(page))
    assert code == 0
    data = to_data(engine.simulate("australian", games=12, seed=3))
    dom, _ = _render(page, tmp_path)
    contracts = re.search(r'<table id="contracts">.*?</table>', dom, flags=re.DOTALL)
    assert contracts is not None
    rows = re.findall(
        r"<tr><td>([^<]+)</td><td>(\d+)</td><td>[^<]+</td><td>(\d+)</td><td>[^<]+</td><td>([-\d.]+)</td></tr>", contracts.group(0)
    )
    assert [(name, int(bid), int(made), float(points)) for name, bid, made, points in rows] == [
        (name, each["bid"], each["made"], round(each["average_points"], 1)) for name, each in data["contracts"].items()
    ]
    teams = re.search(r'<table id="points-per-team">.*?</table>', dom, flags=re.DOTALL)
    assert teams is not None and all(f"{team['points_per_hand']:+.1f}" in teams.group(0) for team in data["per_team"])
    declared = re.search(r'<table id="declared-by-team">.*?</table>', dom, flags=re.DOTALL)
    first = next(iter(data["contracts"].values()))["by_team"]
    assert declared is not None and f"<td>{first[0]['bid']} / {first[0]['made']}</td>" in declared.group(0)
    assert "<h2>What this file changes</h2>" in dom and "extends <b>standard</b>" in dom
    assert "<ins>trick, but not beyond 490.</ins>" in dom  # Australian caps the defenders' trick points
    assert "<ins>A side can only win on a hand in which it made its contract.</ins>" in dom
    screen, folded = dom.split("<details>", 1)
    assert "The answers" in screen and "Who wins?" in screen and "How long is a game?" in screen
    assert "trumps, highest first" not in screen and "trumps, highest first" in folded.split("</details>")[0]
    assert screen.index("What this file changes") < screen.index("The answers") < len(screen) < dom.index('id="contracts"')


def test_issue_45_item_2_rule_changes_name_what_differs_in_words() -> None:
    """Issue 45, item 2: the difference between a file's rules and its base's, line by line of ``show``:
    a changed value is one changed line, a contract added low in the ladder does not mark every contract
    above it, the same rules give no change; a base variant and rules read from no file say so."""
    from engine.rules.compiler import compile_text, load_variant
    from engine.rules.describe import LADDER, extended_base, rule_changes

    standard = load_variant("standard")
    assert rule_changes(standard, standard) == []
    found = extended_base(load_variant("australian"))
    assert not isinstance(found, str) and found[0] == "standard" and found[1] == standard
    changes = rule_changes(standard, load_variant("australian"))
    assert any(
        change.before == "The defenders score 10 a trick." and change.after == "The defenders score 10 a trick, but not beyond 490."
        for change in changes
    )
    j5 = rule_changes(standard, load_variant("j5"))
    assert [change.after for change in j5 if change.section == LADDER] == [
        f"{level} J5 no trump ({level}J5): worth {value}; ranks just above {level}H"
        for level, value in zip(range(6, 11), range(120, 521, 100))
    ]
    assert all(change.before is None for change in j5)
    assert extended_base(standard) == "standard extends no other file: it is a base variant."
    made = compile_text("name: Mine\nextends: standard\ncontracts:\n  misere:\n    value: 300\n")
    assert "not read from a variant file" in str(extended_base(made))
    (change,) = rule_changes(standard, made)
    assert change.before is not None and "worth 250" in change.before and change.after is not None and "worth 300" in change.after


def test_issue_45_item_2_game_length_axis_has_every_length_and_counts_whole_games(tmp_path: Path) -> None:
    """Issue 45, item 2: the game-length chart is a number line (a length no game had is a gap, not left
    out: the ticks are evenly spaced numbers) and its count axis has whole-number ticks only (no "2.5
    games"); no chart's caption repeats a title drawn in the chart."""
    pytest.importorskip("matplotlib")
    from engine.simulation.page import simulation_page

    result = engine.simulate("standard", games=12, seed=6)  # (a seed whose games left gaps between their lengths)
    lengths = sorted(int(length) for length in to_data(result)["game_length"]["distribution"])
    # Some lengths in between had no game, unevenly: drawn as categories, the labels could not be evenly spaced.
    assert len({later - earlier for earlier, later in zip(lengths, lengths[1:])}) > 1
    text = simulation_page(result)
    svg = _figure_svg(text, "game-length")
    ticks = [int(_number(label)) for label in _tick_labels(svg, "x")]
    steps = {later - earlier for earlier, later in zip(ticks, ticks[1:])}
    assert len(steps) == 1 and len(ticks) > 2, ticks
    for name in ("game-length", "contract-mix", "scores"):
        counts = [_number(label) for label in _tick_labels(_figure_svg(text, name), "y")]
        assert counts and all(count == int(count) for count in counts), counts
    for title in re.findall(r"<figcaption><strong>([^<]+)</strong>", text):
        svgs = re.findall(r"<svg.*?</svg>", text, flags=re.DOTALL)
        assert not any(f">{title}<" in each for each in svgs)


def test_issue_45_item_2_sweep_chart_names_the_swept_values_and_keeps_rates_above_zero(tmp_path: Path) -> None:
    """Issue 45, item 2: the sweep's small multiples mark the swept values (not 0, 1, 2) on the x axis, and
    a rate's axis does not go below zero even where an interval's normal approximation would; the settings
    table says what each setting changes from the variant swept."""
    pytest.importorskip("matplotlib")
    from engine.simulation.page import sweep_page

    result = sweep("standard", [parse_set("contracts.misere.value=200,250,350")], hands=60, seed=1)
    text = sweep_page(result)
    svg = _figure_svg(text, "sweep")
    assert _tick_labels(svg, "x", "sweep-contracts-made-per-hand") == ["200", "250", "350"]
    # A rare rate whose interval's normal approximation reaches below 0 (and a share near 1 above it), and
    # points, which may be negative: drawn as the page draws them.
    from engine.simulation.plot import svg_figure, sweep_chart

    def row(figure: str, values: list[float], low: float, high: float) -> dict[str, object]:
        return {"figure": figure, "values": values, "against_first": [{"interval_95": [low, high], "significant": False}]}

    rows = [row("slams per hand", [0.01, 0.02], -0.05, 0.07), row("contracts made per hand", [0.97, 0.98], -0.04, 0.08)]
    rows.append(row("declaring side's points per hand", [-5.0, 3.0], -20.0, 30.0))
    # A trial: a share that did not move (1% under each setting) got an axis from 0.0096 to 0.0104, and the
    # charts drew rates as fractions beside a table in percent.
    rows.append(row("hands passed out", [0.01, 0.01], 0.0, 0.0))
    drawn = ElementTree.fromstring(re.search(r"<svg.*</svg>", svg_figure(sweep_chart(rows, ["a", "b"], "key"), "t"), re.DOTALL).group(0))
    for panel in ("sweep-slams-per-hand", "sweep-contracts-made-per-hand", "sweep-hands-passed-out"):
        values = [_number(label) for label in _tick_labels(drawn, "y", panel)]
        assert values and min(values) >= 0 and max(values) <= 100, (panel, values)
    made = [_number(label) for label in _tick_labels(drawn, "y", "sweep-contracts-made-per-hand")]
    assert max(made) > 50, made  # in percent: 97% and 98%
    still = [_number(label) for label in _tick_labels(drawn, "y", "sweep-hands-passed-out")]
    assert max(still) - min(still) >= 1, still  # a span a reader can read, in percentage points
    assert min(_number(label) for label in _tick_labels(drawn, "y", "sweep-declaring-side-s-points-per-hand")) < 0
    settings_table = re.search(r'<table id="settings".*?</table>', text, flags=re.DOTALL)
    assert settings_table is not None
    assert "<del>250;</del> <ins>200;</ins>" in settings_table.group(0) and "<del>250;</del> <ins>350;</ins>" in settings_table.group(0)
    assert "the same rules" in settings_table.group(0)


def test_issue_45_item_2_a_base_variants_page_says_it_is_a_base(tmp_path: Path) -> None:
    """Issue 45, item 2: a shipped variant that extends nothing is said to be a base, not compared."""
    pytest.importorskip("matplotlib")
    from engine.simulation.page import simulation_page

    text = simulation_page(engine.simulate("standard", hands=20, seed=1))
    assert "standard extends no other file: it is a base variant." in text and "<del>" not in text


def _first_warning(text: str) -> str:
    found = re.search(r'<p class="warning[^"]*"[^>]*>(.*?)</p>', text, flags=re.DOTALL)
    assert found is not None, "the page has no warning"
    return re.sub(r"<[^>]+>", "", found.group(1))


def test_issue_45_item_7_unfinished_games_are_the_pages_first_warning(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 45, item 7 (the page): games stopped at the simulation's hand limit are the first warning of
    the simulate, compare and sweep pages, with how many and that the game figures describe only the
    games that ended (the limit lowered to 3 hands so that a few short games reach it)."""
    pytest.importorskip("matplotlib")
    from engine.simulation import units

    monkeypatch.setattr(units, "MAX_HANDS_PER_GAME", 3)  # the loop and every report read it there
    data = to_data(engine.simulate("standard", games=8, seed=1))
    stopped, ended = data["unfinished_games"], data["games"]
    assert stopped and ended  # both kinds: the warning must count them apart
    page = tmp_path / "simulate.html"
    code, _, _ = run(capsys, "simulate", "standard", "--games", "8", "--seed", "1", "--html", str(page))
    text = page.read_text(encoding="utf-8")
    warning = _first_warning(text)
    assert code == 0 and f"{stopped} of the {stopped + ended} games never ended" in warning and "limit of 3 hands" in warning
    assert f"describe only the {ended} game{'' if ended == 1 else 's'} that ended" in warning
    assert text.index(warning.split(":")[0]) < text.index("What this file changes")
    page = tmp_path / "compare.html"
    code, _, _ = run(capsys, "compare", "standard", "american", "--games", "8", "--seed", "1", "--html", str(page))
    assert code == 0 and _first_warning(page.read_text(encoding="utf-8")).startswith(
        f"Warning: A: {stopped} of the {stopped + ended} games"
    )
    page = tmp_path / "sweep.html"
    code, _, _ = run(
        capsys, "sweep", "standard", "--set", "contracts.misere.value=250,300", "--games", "8", "--seed", "1", "--html", str(page)
    )
    warning = _first_warning(page.read_text(encoding="utf-8"))
    assert code == 0 and warning.startswith("Warning: setting 0 (contracts.misere.value=250): ") and "never ended" in warning
    quiet = tmp_path / "quiet.html"
    monkeypatch.setattr(units, "MAX_HANDS_PER_GAME", 1000)
    run(capsys, "simulate", "standard", "--games", "8", "--seed", "1", "--html", str(quiet))
    assert "never ended" not in quiet.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "standard", "--games", "5", "--html"],
        ["simulate", "standard", "--games", "5", "--plot"],
        ["compare", "standard", "american", "--hands", "5", "--html"],
        ["sweep", "standard", "--set", "auction.rounds=one,continuous", "--hands", "5", "--html"],
    ],
)
def test_issue_45_item_3_html_without_the_plot_extra_stops_before_simulating(
    command: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 45, item 3: without matplotlib (the plot extra), --html (and --plot) exit 2 with one sentence
    naming the extra to install, before any simulation is played, and write nothing."""
    import sys

    import engine.cli.simulation
    import engine.cli.sweep

    def played(*args: object, **fields: object) -> None:
        raise AssertionError("a simulation was played before the missing extra was found")

    for module in ("engine.simulation.page", "engine.simulation.plot"):
        monkeypatch.delitem(sys.modules, module, raising=False)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # what an install without the extra has: no matplotlib
    monkeypatch.setattr(engine.cli.simulation, "run_with_progress", played)
    monkeypatch.setattr(engine.cli.sweep, "run_with_progress", played)
    target = tmp_path / "out"
    code, out, err = run(capsys, *command, str(target))
    assert code == 2 and out == "" and not target.exists()
    assert err.count("\n") == 1 and "needs the plot extra" in err and "pip install matplotlib" in err, err


def test_the_page_says_why_games_stopped_unfinished_as_the_text_report_does() -> None:
    """Looking at the page as a user would found the text report's reason for unfinished games (the
    target out of reach at the teams' pace) missing from the page's warning: both now say it."""
    pytest.importorskip("matplotlib")  # (the page draws its charts)
    from engine.simulation.page import simulation_page
    from engine.simulation.report import to_text

    rules = engine.compile_text("extends: standard\nname: Far\nend: {target: 100000, lose_at: null}\n")
    result = engine.simulate(rules, games=1, seed=1, bots=["random"] * 4, workers=1)
    reason = "so the target of 100000 is out of reach at this pace"
    assert reason in to_text(result)
    (warning,) = re.findall(r'<p class="warning alert" id="unfinished">.*?</p>', simulation_page(result), re.S)
    assert reason in warning
