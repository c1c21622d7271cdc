"""The rules author's report (issue 29, items 3-6): balance figures, the skill chain, sweeps, the one-page
HTML report rendered in a real headless browser, and the progress line in the core install."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from commandline import run
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.errors import FiveHundredError
from engine.simulation.report import to_data
from engine.simulation.skill import skill_chain
from engine.simulation.statistics import chi_square_p, quantile, spread
from engine.simulation.sweep import SweepError, parse_set, settings_of, sweep, sweep_data

RANDOM = ["random"] * 4


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
    """Issue 29, item 5: one round of bidding against a continuous auction changes what is bid."""
    result = sweep("standard", [parse_set("auction.rounds=continuous,one")], hands=300, seed=1)
    data = sweep_data(result)
    assert data["settings"] == ["auction.rounds=continuous", "auction.rounds=one"]
    rows = {row["figure"]: row for row in data["figures"]}
    made = rows["contracts made per hand"]
    assert made["values"][1] < made["values"][0] and made["against_first"][0]["significant"]
    assert made["against_first"][0]["test"] == "sign test"  # the deals agree: paired


def test_sweep_refuses_a_key_set_twice(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "sweep", "standard", "--set", "auction.rounds=one", "--set", "auction=1", "--hands", "5")
    assert code == 2 and "set each key once" in err
    code, _, err = run(capsys, "sweep", "standard", "--set", "auction.rounds=sometimes", "--hands", "5")
    assert code == 1 and "$.auction.rounds" in err and "auction.rounds=sometimes" in err
    code, _, err = run(capsys, "sweep", "standard", "--set", "misere", "--hands", "5")
    assert code == 2 and "KEY=V1,V2" in err


def test_cli_sweep_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "sweep", "standard", "--set", "contracts.misere.value=200,300", "--games", "20", "--seed", "2")
    assert code == 0 and "Sweep of standard, 20 games a setting" in out and "contracts.misere.value=300" in out
    code, out, _ = run(capsys, "sweep", "standard", "--set", "contracts.misere.value=200,300", "--hands", "60", "--format", "json")
    data = json.loads(out)
    assert code == 0 and len(data["runs"]) == 2 and all(len(row["values"]) == 2 for row in data["figures"])


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
    flags = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={tmp_path / 'profile'}",
    ]
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
    for heading in ("The rules in plain words", "Rules in play", "Balance", "Skill", "Contract mix", "Score distribution", "Game length"):
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
    assert code == 2 and "pip install 'fivehundred[plot]'" in err and not (tmp_path / "page.html").exists()


def test_sweep_does_not_depend_on_the_workers() -> None:
    """Determinism: a sweep's settings are compiled rules, sent to the worker processes as they are."""
    keys = [parse_set("contracts.misere.value=200,300")]
    one, two = (sweep_data(sweep("standard", keys, hands=120, seed=3, workers=workers)) for workers in (1, 2))
    for data in (one, two):
        for run_data in data["runs"]:
            run_data.pop("timing")
    assert one == two
