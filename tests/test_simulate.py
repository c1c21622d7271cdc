"""Simulation (issue 4, "Simulation"): exact totals whatever the workers, resumable runs, the JSON
keys, the reports, ``fivehundred simulate`` and ``compare``."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from commandline import run
from hypothesis import given
from hypothesis import strategies as st

import engine
from engine.bots import HeuristicBot
from engine.simulation.checkpoint import CHECKPOINT_FORMAT
from engine.simulation.comparison import compare, compare_data
from engine.simulation.report import to_data
from engine.simulation.runner import CHUNK, MAX_UNITS, SimulationSettings, unit_seeds
from engine.simulation.tally import Tally
from engine.simulation.units import reseed


def without_timing(result: engine.SimulationResult) -> dict[str, object]:
    data = to_data(result)
    data.pop("timing")
    return data


def test_same_seed_same_totals_whatever_the_workers() -> None:
    """Issue 4: "Results identical for the same seed whatever --workers is"."""
    one = engine.simulate("standard", games=2 * CHUNK + 7, seed=5, workers=1)
    two = engine.simulate("standard", games=2 * CHUNK + 7, seed=5, workers=2)
    assert without_timing(one) == without_timing(two)
    assert one.tally.games == 2 * CHUNK + 7
    other = engine.simulate("standard", games=2 * CHUNK + 7, seed=6)
    assert without_timing(other) != without_timing(one)


def test_json_has_the_documented_keys() -> None:
    data = to_data(engine.simulate("australian", games=30, seed=1))
    for key in ("variant", "seed", "hands", "games", "contracts", "wins", "per_team", "per_seat", "timing"):
        assert key in data
    assert data["variant"] == "australian" and data["games"] == 30 and sum(data["wins"]) == 30
    for figures in data["contracts"].values():
        assert set(figures) >= {"bid", "made", "average_points"}
    assert sum(figures["bid"] for figures in data["contracts"].values()) + data["all_pass"]["count"] == data["hands"]


def test_contracts_are_also_counted_by_declaring_team() -> None:
    """Issue 14: the expert's own misère bid and make rates are read from the report, so every contract
    is also counted for the team that declared it; the teams' counts add up to the table's."""
    result = engine.simulate("standard", hands=400, seed=4, bots=["heuristic", "random", "heuristic", "random"])
    data = to_data(result)
    for figures in data["contracts"].values():
        assert sum(team["bid"] for team in figures["by_team"]) == figures["bid"]
        assert sum(team["made"] for team in figures["by_team"]) == figures["made"]
    heuristic, random_side = data["per_team"]
    assert heuristic["declared"] + random_side["declared"] == data["contracts_played"]
    # Random bidders overcall wildly (often to ten) and nearly never make it.
    assert random_side["declared"] > 0.9 * data["contracts_played"] and random_side["made_rate"] < 0.1
    text = engine.simulation.report.to_text(result)
    assert "Declared by team (bid / made):" in text and f"{heuristic['declared']:>8} / {heuristic['made']}" in text


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"team_contracts": [{}]}, "team_contracts must be a list of 2 mappings"),
        ({"team_contracts": [{"6S": [1, 1]}, {}]}, r"team_contracts\[0\]\['6S'\] must be \[bid, made, points\]"),
        ({"team_contracts": [{"6S": [1, -1, 40]}, {}]}, "made must hold whole numbers, 0 or more"),
        ({"players": "4"}, "players and teams must be whole numbers"),
        ({"rule_use": {"contract:misere": ["a", 1]}}, "rule_use must hold whole numbers"),
        ({"rule_use": {"contract:misere": [None, None]}}, "rule_use must hold whole numbers"),
        ({"rule_use": {"contract:misere": [1, 2]}}, "never more successes than uses"),
        ({"teams": 2.0}, "players and teams must be whole numbers"),
    ],
)
def test_a_tally_with_bad_team_contracts_is_refused_by_name(change: dict[str, Any], message: str) -> None:
    data = engine.simulate("standard", hands=20, seed=1).tally.to_dict()
    assert Tally.from_dict(data).to_dict() == data
    with pytest.raises(ValueError, match=message):
        Tally.from_dict({**data, **change})


def test_hands_mode_plays_first_hands_only() -> None:
    result = engine.simulate("standard", hands=120, seed=2, bots=["random"] * 4)
    assert result.tally.hands == 120 and result.tally.games == 0


def test_interrupted_run_resumes_to_the_same_totals(tmp_path: Path) -> None:
    """Issue 4: "--resume continues an interrupted run to the same totals"."""
    checkpoint = str(tmp_path / "run.partial")

    def stop_after_first(done: int, total: int) -> None:
        if done == 1:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        engine.simulate("standard", chunk=CHUNK, hands=3 * CHUNK, seed=9, checkpoint=checkpoint, progress=stop_after_first)
    lines = Path(checkpoint).read_text().splitlines()
    assert len(lines) == 2  # the header and one finished chunk
    resumed = engine.simulate("standard", chunk=CHUNK, hands=3 * CHUNK, seed=9, checkpoint=checkpoint)
    whole = engine.simulate("standard", chunk=CHUNK, hands=3 * CHUNK, seed=9)
    assert without_timing(resumed) == without_timing(whole)
    with pytest.raises(engine.SimulationError, match="from another run [(]seed: 9 there, 10 now[)]"):
        engine.simulate("standard", chunk=CHUNK, hands=3 * CHUNK, seed=10, checkpoint=checkpoint)
    # A checkpoint written by an engine that seeded its chunks another way (the strings of format 6,
    # before issue 47's integer seeds) is not resumed either, and the message says why.
    for older in ("fivehundred-simulation/6", 6, None):
        header = json.loads(lines[0])
        header["format"] = older
        Path(checkpoint).write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n")
        expected = f"format is {re.escape(repr(older))}, not {re.escape(repr(CHECKPOINT_FORMAT))}: .*remove it"
        with pytest.raises(engine.SimulationError, match=expected):
            engine.simulate("standard", chunk=CHUNK, hands=3 * CHUNK, seed=9, checkpoint=checkpoint)
    # A one-line JSON object naming no format (a report given as the checkpoint, say) is no checkpoint.
    header = json.loads(lines[0])
    del header["format"]
    Path(checkpoint).write_text(json.dumps(header) + "\n")
    with pytest.raises(engine.SimulationError, match="not a checkpoint of this engine"):
        engine.simulate("standard", chunk=CHUNK, hands=3 * CHUNK, seed=9, checkpoint=checkpoint)


def test_settings_check_themselves() -> None:
    with pytest.raises(engine.SimulationError, match="not both"):
        SimulationSettings("standard", hands=5, games=5)
    with pytest.raises(engine.SimulationError, match="no bot called 'smart'"):
        SimulationSettings("standard", games=5, bots=("smart",))
    with pytest.raises(engine.SimulationError, match="4 players, so give one bot name [(]for every seat[)] or 4 [(]one a seat[)], not 2"):
        engine.simulate("standard", games=5, bots=["random", "random"])
    with pytest.raises(engine.SimulationError, match="2 players, so give one bot name [(]for every seat[)] or 2 [(]one a seat[)], not 4"):
        engine.simulate("two-handed", games=5, bots=["random"] * 4)  # a dummy is played by its player's bot


def test_one_bot_name_is_every_seats_bot() -> None:
    """``--bots random`` (one name) seats that bot everywhere: the same report as the name given per seat."""
    one, each, default = (
        {key: value for key, value in to_data(engine.simulate("standard", hands=40, seed=2, bots=bots)).items() if key != "timing"}
        for bots in (["random"], ["random"] * 4, [])
    )
    assert one == each and one != default and one["bots"] == ["random"] * 4


def test_five_handed_report_names_seats_not_teams() -> None:
    """Five-handed (every seat scores for itself): the report's tables name seats, and a seat is "its own
    side" (not "alone", which reads as going alone); one game won is "1 game"."""
    text = engine.simulation.report.to_text(engine.simulate("five-handed", games=6, seed=1))
    assert "Declared by seat (bid / made):" in text and "Declared by team" not in text
    assert "Seat 0 (its own side):" in text and "(alone)" not in text and " 1 games" not in text


def test_the_report_header_counts_one_hand_and_one_game_in_the_singular() -> None:
    """``simulate standard --hands 1`` printed "1 hands"; a one-game run "in 1 games"."""
    one_hand = engine.simulation.report.to_text(engine.simulate("standard", hands=1, seed=1)).splitlines()[1]
    assert one_hand.startswith("1 hand;"), one_hand
    one_game = engine.simulation.report.to_text(engine.simulate("standard", games=1, seed=1)).splitlines()[1]
    assert " in 1 game;" in one_game and "hands in" in one_game, one_game


def test_compare_finds_a_difference_between_standard_and_american() -> None:
    """Issue 4: "compare shows a meaningful difference between standard and american" (one round of
    bidding with inkles that cannot win makes all-pass hands far more common)."""
    data = compare_data(compare("standard", "american", hands=600, seed=4))
    rows = {row["figure"]: row for row in data["figures"]}
    assert rows["hands passed out"]["b"] > rows["hands passed out"]["a"] and rows["hands passed out"]["significant"]


def test_cli_simulate_text_json_csv(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "simulate", "australian", "--games", "20", "--seed", "3")
    assert code == 0 and "Australian 500 (australian), seed 3" in out and "contract" in out and "Game length" in out
    code, out, _ = run(capsys, "simulate", "australian", "--games", "20", "--seed", "3", "--format", "json")
    assert code == 0 and json.loads(out)["games"] == 20
    code, out, _ = run(capsys, "simulate", "standard", "--hands", "30", "--format", "csv", "--bots", "random,random,heuristic,heuristic")
    assert code == 0 and out.splitlines()[0].startswith("variant,contract,strain,level,bid,made")
    target = tmp_path / "report.json"
    code, _, _ = run(capsys, "simulate", "standard", "--hands", "30", "--format", "json", "--out", str(target))
    assert code == 0 and json.loads(target.read_text())["hands"] == 30 and not (tmp_path / "report.json.partial").exists()


def test_a_run_of_single_hands_gives_no_figure_of_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    """A run of hands plays no game: its JSON holds null for every share and figure of the games (a
    program reading 0.0 would take it for a measured 0%), not zeros; a run of games fills them in."""
    code, out, _ = run(capsys, "simulate", "standard", "--hands", "30", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["games"] == 0 and data["wins"] == [0, 0]
    assert data["game_length"]["mean"] is None and data["game_length"]["median"] is None and data["lead_changes_per_game"] is None
    assert data["first_bidder_team"]["win_rate"] is None and data["first_bidder_team"]["win_interval_95"] is None
    assert data["dealer_team"]["win_rate"] is None
    assert all(team["win_rate"] is None and team["win_interval_95"] is None for team in data["per_team"])
    code, out, _ = run(capsys, "simulate", "standard", "--games", "4", "--seed", "3", "--format", "json")
    data = json.loads(out)
    assert data["game_length"]["mean"] > 0 and 0 <= data["first_bidder_team"]["win_rate"] <= 1
    assert sum(team["win_rate"] for team in data["per_team"]) == pytest.approx(1.0)


def test_a_page_of_games_that_all_stopped_unfinished_names_no_missing_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game stopped at the hand limit: the page says so, and prints no 'None' for the length, the
    ends or the first bidder's share that no game measured."""
    pytest.importorskip("matplotlib")  # (the page draws its charts: the web or plot extra; the README's test command installs neither)
    from engine.simulation import units
    from engine.simulation.page import simulation_page

    monkeypatch.setattr(units, "MAX_HANDS_PER_GAME", 1)
    result = engine.simulate("standard", games=2, seed=1)
    page = simulation_page(result)
    assert result.tally.unfinished == 2 and "None" not in page and "Every game stopped unfinished" in page


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["simulate", "standard", "--games", "0"], 2, "0 is not a positive number"),
        (["simulate", "standard", "--games", "5", "--hands", "5"], 2, "not allowed with argument"),
        (["simulate", "standard", "--resume"], 2, "give --out too"),
        (
            ["simulate", "standard", "--games", "5", "--bots", "random,random,random"],
            2,
            "give one bot name (for every seat) or 4 (one a seat), not 3",
        ),
        (["simulate", "two-handed", "--games", "5", "--bots", "random,random,random"], 2, "or 2 (one a seat), not 3"),
        (["simulate", "no-such-variant", "--games", "5"], 2, "no-such-variant"),
        (["compare", "standard", "nope", "--hands", "5"], 2, "nope"),
        (["simulate", "standard", "--games", "5", "--bots", ""], 2, "give a bot per seat"),
        (["simulate", "standard", "--games", "5", "--bots", " , "], 2, "give a bot per seat"),
        (["simulate", "standard", "--games", "5", "--bots", "random,rnadom,random,random"], 2, "no bot called 'rnadom'"),
        (["simulate", "standard", "--games", "5", "--out", ""], 2, "give a file name"),
        (["simulate", "standard", "--hands", str(10**30)], 2, "too long a number"),
        (["simulate", "standard", "--hands", str(10**9 + 1)], 2, "more than the 1,000,000,000"),
        (["simulate", "standard", "--games", "5", "--seed", "9" * 50], 2, "at most 40 digits"),
        (["simulate", "standard", "--games", "5", "--workers", "x"], 2, "not a whole number"),
    ],
)
def test_cli_simulate_refuses_bad_requests(capsys: pytest.CaptureFixture[str], argv: list[str], code: int, message: str) -> None:
    exit_code, _, err = run(capsys, *argv)
    assert exit_code == code and message in err and "Traceback" not in err


def test_cli_keeps_an_interrupted_checkpoint(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Developers' guide: nothing already saved is lost; a leftover checkpoint is not overwritten."""
    target = tmp_path / "out.json"
    (tmp_path / "out.json.partial").write_text("kept")
    code, _, err = run(capsys, "simulate", "standard", "--games", "5", "--out", str(target))
    assert code == 2 and "--resume" in err and (tmp_path / "out.json.partial").read_text() == "kept"


def test_cli_compare(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "compare", "standard", "american", "--hands", "300")
    assert code == 0 and "hands passed out" in out and "B - A" in out and "Paired" in out


def test_cli_plot_draws_a_png_or_says_which_extra_it_needs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "chart.png"
    code, _, err = run(capsys, "simulate", "standard", "--games", "10", "--plot", str(target))
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        assert code == 2 and "pip install matplotlib" in err
        return
    assert code == 0 and target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cluster_runs_give_the_same_totals() -> None:
    """Issue 4: runs too big for one machine go to a Dask cluster (tested against a local cluster)."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        remote = engine.simulate("standard", games=CHUNK + 5, seed=8, cluster=cluster.scheduler_address)
    local = engine.simulate("standard", games=CHUNK + 5, seed=8)
    assert without_timing(remote) == without_timing(local)


def test_unreachable_cluster_is_a_clear_error() -> None:
    pytest.importorskip("distributed")
    with pytest.raises(engine.SimulationError, match="cannot reach the Dask scheduler"):
        engine.simulate("standard", games=5, cluster="nosuchprotocol://127.0.0.1:9")


def test_cli_caps_workers_at_the_cores_available(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 12, "Command line": --workers 1000 does not start a thousand processes; it says what it used."""
    from engine.simulation.runner import available_cores

    code, out, err = run(capsys, "simulate", "standard", "--hands", "5", "--workers", "1000", "--format", "json")
    assert code == 0 and f"used {available_cores()}" in err and json.loads(out)["hands"] == 5


def test_cli_unwritable_out_is_a_clear_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "simulate", "standard", "--games", "5", "--out", str(tmp_path / "missing" / "x.json"))
    assert code == 2 and "cannot write the checkpoint" in err and "Traceback" not in err


def test_simulated_game_i_is_dealt_from_the_seed_and_i_alone() -> None:
    """The deals of game ``i`` come from ``(seed, i)``: with heuristic bots (which draw no random numbers)
    the simulator's games are exactly ``Game(rules, seed=unit_seeds(seed, i)[0], dealer=i % players)``
    played through the observation protocol."""
    rules = engine.load_variant("standard")
    result = engine.simulate("standard", games=3, seed=5)
    lengths: dict[int, int] = {}
    wins = [0, 0]
    for index in range(3):
        played = engine.Game(rules, seed=unit_seeds(5, index)[0], dealer=index % 4)
        bots = [HeuristicBot(rules) for _ in range(4)]
        while not played.is_over:
            seat = played.to_act
            assert seat is not None
            played.apply(bots[seat].act(played.observation(seat), played.legal_choices()))
        lengths[len(played.results)] = lengths.get(len(played.results), 0) + 1
        assert played.winner is not None
        wins[played.winner] += 1
    assert result.tally.lengths == lengths and result.tally.wins == wins


@given(st.integers(-(10**30), 10**30), st.integers(-(10**30), 10**30), st.integers(0, MAX_UNITS - 1), st.integers(0, MAX_UNITS - 1))
def test_every_unit_of_every_run_has_seeds_of_its_own(seed: int, other_seed: int, index: int, other_index: int) -> None:
    """Issue 47, integer seeds: a unit's deals and bots are seeded from (seed, index) by integers, none
    shared by two units, two runs or the deals and bots of one unit (a shared seed would deal two hands
    alike)."""
    first, second = unit_seeds(seed, index), unit_seeds(other_seed, other_index)
    assert first[0] != first[1]
    assert not set(first) & set(second) or (seed, index) == (other_seed, other_index)
    # Never negative: the generator ignores a seed's sign, so a negative seed would deal as its opposite.
    assert min(first) >= 0
    # And the seed, the index and which generator can be read back from each.
    for which, value in enumerate(first):
        folded = value >> 31
        assert (value & 1, value >> 1 & (2**30 - 1), folded // 2 if folded % 2 == 0 else -(folded + 1) // 2) == (which, index, seed)


def test_a_reseeded_generator_is_the_generator_its_integer_seeds() -> None:
    """The simulator reseeds one generator per chunk from each unit's integer (the C generator's own
    seeding): the state is exactly ``random.Random(n)``'s, whatever was drawn before."""
    generator = random.Random("anything")
    generator.gauss(0.0, 1.0)  # (a normal variate leaves one behind, which seeding must clear)
    for seed in (0, 1, 2**40 + 3, unit_seeds(-7, 12)[1]):
        reseed(generator, seed)
        assert generator.getstate() == random.Random(seed).getstate()


def test_simulate_takes_compiled_rules_and_refuses_anything_else_clearly() -> None:
    """Found while testing issue 10: compiled rules (engine.compile_text) were taken for a file name."""
    rules = engine.compile_text("extends: standard\nname: House\n")
    result = engine.simulate(rules, games=2, seed=3, workers=2)
    assert result.tally.games == 2 and to_data(result)["variant"] == "House"
    assert engine.simulate(rules, games=2, seed=3).tally == result.tally
    with pytest.raises(engine.SimulationError, match="must be a shipped variant's name, a variant file's path or compiled rules, not int"):
        engine.simulate(42, games=1)  # type: ignore[arg-type]


def _interrupted_checkpoint(path: str) -> list[str]:
    """A checkpoint of a run of 3 chunks stopped after 2, as its lines."""

    def stop_after_two(done: int, total: int) -> None:
        if done == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        engine.simulate("standard", chunk=CHUNK, hands=3 * CHUNK, seed=9, checkpoint=path, progress=stop_after_two)
    return Path(path).read_text().splitlines()


@pytest.mark.parametrize(
    "damage",
    [
        lambda line: line.replace('"hands": 50', '"hands": 5000'),  # an edited tally: the checksum fails
        lambda line: line[: len(line) // 2],  # a line cut short
        lambda line: "[" * 100_000 + "]" * 100_000,  # JSON nested absurdly deep
        lambda line: "\udcff\udcfe garbage",  # bytes that are not UTF-8 (written back as surrogate escapes)
        lambda line: json.dumps({**json.loads(line), "tally": {**json.loads(line)["tally"], "hands": "many"}}),  # a non-number in a tally
        lambda line: json.dumps(
            {**json.loads(line), "tally": {**json.loads(line)["tally"], "team_contracts": [{}]}}
        ),  # one team's contracts missing
        lambda line: json.dumps(
            {**json.loads(line), "tally": {key: value for key, value in json.loads(line)["tally"].items() if key != "team_contracts"}}
        ),  # an older line, without them
    ],
)
def test_a_damaged_checkpoint_line_is_played_again_not_trusted(tmp_path: Path, damage: Any) -> None:
    """Issue 12, "Saved games, transcripts and checkpoints": a chunk line that fails its checksum or does
    not read is never counted; its chunk is played again, so the report is the uninterrupted run's."""
    checkpoint = str(tmp_path / "run.partial")
    lines = _interrupted_checkpoint(checkpoint)
    assert len(lines) == 3
    lines[1] = damage(lines[1])
    Path(checkpoint).write_bytes(("\n".join(lines) + "\n").encode("utf-8", "surrogateescape"))
    resumed = engine.simulate("standard", chunk=CHUNK, hands=3 * CHUNK, seed=9, checkpoint=checkpoint)
    whole = engine.simulate("standard", chunk=CHUNK, hands=3 * CHUNK, seed=9)
    assert without_timing(resumed) == without_timing(whole) and resumed.extra["replayed_chunks"] == 1


def test_a_checkpoint_cut_mid_line_resumes_cleanly(tmp_path: Path) -> None:
    """An interruption in the middle of writing a line: the next run closes the line before appending, and
    a third run reads every chunk back."""
    checkpoint = str(tmp_path / "run.partial")
    lines = _interrupted_checkpoint(checkpoint)
    Path(checkpoint).write_text("\n".join(lines)[:-20])
    first = engine.simulate("standard", chunk=CHUNK, hands=3 * CHUNK, seed=9, checkpoint=checkpoint)
    again = engine.simulate("standard", chunk=CHUNK, hands=3 * CHUNK, seed=9, checkpoint=checkpoint)
    assert without_timing(first) == without_timing(again) and again.extra["replayed_chunks"] == 1


@pytest.mark.parametrize("content", [bytes(range(256)) * 4, b"[" * 100_000 + b"\n", b"\n\n", b"null\n"])
def test_a_checkpoint_that_is_not_one_is_refused_with_a_message(tmp_path: Path, content: bytes) -> None:
    checkpoint = tmp_path / "run.partial"
    checkpoint.write_bytes(content)
    with pytest.raises(engine.SimulationError, match="not a checkpoint|from another run"):
        engine.simulate("standard", hands=CHUNK, seed=9, checkpoint=str(checkpoint))
    assert checkpoint.read_bytes() == content


def test_two_runs_on_one_checkpoint_the_second_is_refused_and_changes_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Issue 34: a second ``simulate`` on the same ``--out`` while the first runs (it died with exit 3 on
    the first one's checkpoint) is refused with exit 2 and a sentence; the first run's checkpoint is left
    as it was, and once the first run lets go, the run resumes."""
    from engine.simulation.checkpoint import open_checkpoint
    from engine.simulation.runner import _checkpoint_header

    target = tmp_path / "out.json"
    checkpoint = tmp_path / "out.json.partial"
    settings = SimulationSettings("standard", 0, 5, 1, ())
    first = open_checkpoint(str(checkpoint), _checkpoint_header(settings))  # the first run, holding its lock
    try:
        before = checkpoint.read_bytes()
        code, _, err = run(capsys, "simulate", "standard", "--games", "5", "--seed", "1", "--out", str(target), "--resume")
        assert code == 2 and "another run is writing this checkpoint" in err and "Traceback" not in err
        assert checkpoint.read_bytes() == before and not target.exists()
    finally:
        first.close()
    code, _, err = run(capsys, "simulate", "standard", "--games", "5", "--seed", "1", "--out", str(target), "--resume")
    assert code == 0, err
    assert target.exists() and not checkpoint.exists()


def test_results_do_not_depend_on_the_chunk_size() -> None:
    """Issue 30: "Make each hand's and game's random streams derive from the seed and its index alone (bots
    included), so chunk size is free to fit the work"."""
    reports = []
    for chunk in (7, 50, 0):
        for kwargs in ({"hands": 120, "bots": ["random", "heuristic", "random", "heuristic"]}, {"games": 15, "bots": ["random"] * 4}):
            reports.append(without_timing(engine.simulate("standard", seed=4, chunk=chunk, **kwargs)))  # type: ignore[arg-type]
    assert reports[0] == reports[2] == reports[4] and reports[1] == reports[3] == reports[5]


def test_chunks_are_sized_from_the_slowest_bot() -> None:
    from engine.simulation.runner import chunk_size

    assert chunk_size(SimulationSettings("standard", hands=100_000, bots=("random",) * 4)) == 2000
    assert chunk_size(SimulationSettings("standard", hands=100_000, bots=("random", "expert") * 2)) == 1
    assert chunk_size(SimulationSettings("standard", hands=160)) == 10  # a sixteenth of the run at most
    assert chunk_size(SimulationSettings("standard", games=100_000, chunk=9)) == 9


def test_cluster_workers_are_handed_the_main_process_calibration(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 44, item 3: a Dask worker takes the calibration its main process measured before it plays a
    chunk, rather than measuring it again."""
    from engine.bots import calibration
    from engine.simulation import runner

    monkeypatch.setattr(calibration, "_measured", {})
    found = calibration.Calibration(limits={"misere": 1.5}, source="measured")
    seen = runner._calibrated_chunk(lambda argument, chunk: calibration.measured().get("key"), None, 0, {"key": found})
    assert seen == found


def test_unfinished_games_say_when_the_target_is_out_of_reach_of_the_pace() -> None:
    """A user trial set a target of 100,000 and was told the bots "may not steer toward an end", where no
    pace of points reaches it within the simulation's limit of hands: the warning says which it is."""
    from engine.simulation.report import unfinished_warnings
    from engine.simulation.runner import MAX_HANDS_PER_GAME

    def report(*paces: float) -> dict[str, Any]:
        return {"games": 1, "unfinished_games": 2, "per_team": [{"points_per_hand": pace} for pace in paces]}

    (losing,) = unfinished_warnings([report(-20.0, -3.5)], targets=[500])
    assert (
        "no game reached the target, and no team gained points on average (-3.5 a hand at best), so the target of 500 is out of reach"
        in losing
    )
    # A review: where some games did reach the target, the pooled pace says nothing of its reach.
    (reached,) = unfinished_warnings([report(-20.0, -3.5) | {"game_ends": {"target": 1}}], targets=[500])
    assert reached.endswith("the bots may not steer toward an end under these rules.")
    (slow,) = unfinished_warnings([report(10.0, 40.0)], targets=[100_000])
    assert f"takes about {100_000 / 40:,.0f} hands" in slow and MAX_HANDS_PER_GAME < 100_000 / 40
    (steer,) = unfinished_warnings([report(10.0, 40.0)], targets=[500])
    assert steer.endswith("the bots may not steer toward an end under these rules.")


def test_a_rule_of_whole_games_is_not_said_to_have_never_come_up_in_no_games() -> None:
    """A user trial read "'lose_at' never came up in 0 games" where no game ended: the report says it was
    not measured because no game ended."""
    rules = engine.compile_text("extends: standard\nname: Far\nend: {target: 100000, lose_at: null, point_spread: 90000}\n")
    data = to_data(engine.simulate(rules, games=1, seed=1, bots=["random"] * 4, workers=1))
    assert data["games"] == 0 and data["unfinished_games"] == 1
    assert "end 'point_spread' was not measured (games ended by a lead of 90000): no game ended." in data["warnings"]
    assert not any("in 0 games" in each for each in data["warnings"])
    assert "so the target of 100000 is out of reach" in data["warnings"][0]


def test_resume_with_no_checkpoint_says_it_starts_from_the_beginning(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A user trial's ``--resume`` with no checkpoint started afresh without a word: it says so (and runs)."""
    out = tmp_path / "report.txt"
    code, _, err = run(capsys, "simulate", "standard", "--hands", "4", "--bots", "random", "--out", str(out), "--resume")
    assert code == 0 and out.is_file()
    assert f"there is no {out}.partial to resume: the run starts from the beginning" in err
