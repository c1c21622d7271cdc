"""``fivehundred analyze`` and :mod:`engine.analysis.hand` (issue 14): each card's cost against best
play, the makeable-contracts table, checked against plain minimax and against the hand's own account
(the tricks best play promised, less what each side gave away, are the tricks taken).

Best play is over the kernel's rules: following suit and the trick's winner (rules/standard, "The
play"), misère taking no trick (rules/standard, "Misère").
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.analysis import analyze, minimax
from engine.analysis.hand import _game_at_first_lead
from engine.bots import make_bot

ROOT = Path(__file__).parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "hand-7h.json"


def bot_hand(variant: str, seed: int, bots: str = "heuristic") -> dict[str, Any] | None:
    """The first hand played with a contract by four bots, as a transcript."""
    rules = engine.load_variant(variant)
    for attempt in range(20):
        game = engine.Game(rules, seed=seed * 100 + attempt)
        players = [make_bot(bots, rules, seed=seat) for seat in range(rules.seating.players)]
        while not game.results:
            seat = game.to_act
            assert seat is not None
            game.apply(players[seat].act(game.observation(seat), game.legal_choices()))
        if game.results[0].contract is not None:
            return game.transcript(0)
    return None


@pytest.mark.parametrize(
    ("variant", "seed"),
    [("standard", 1), ("three-handed", 4), ("rules-text-003-two", 5), ("two-handed-dead-hand", 6), ("rules-text-003-three", 12)],
)
def test_the_costs_account_for_the_difference_between_best_play_and_the_tricks_taken(variant: str, seed: int) -> None:
    """What best play promised the declaring side, less what it threw away, plus what the defenders
    gave it, is what it took; the misère family counts the other way round."""
    transcript = bot_hand(variant, seed, "random")
    assert transcript is not None
    result = analyze(transcript, table=False)
    assert result.par is not None and result.plays
    contract = engine.load_variant(variant).ladder[result.contract] if result.contract else None
    minimize = contract is not None and contract.target.is_no_tricks
    if result.claimed is not None:
        pytest.skip("a claim ended the hand: the tricks after it are not weighed")
    lost = sum(play.cost for play in result.plays if play.seat in result.side)
    given = sum(play.cost for play in result.plays if play.seat not in result.side)
    if minimize:
        assert result.taken == result.par + lost - given
    else:
        assert result.taken == result.par - lost + given
    for play in result.plays:
        assert play.cost >= 0
        assert (play.cost > 0) == bool(play.best)


def test_the_costs_of_the_last_tricks_agree_with_plain_minimax() -> None:
    """Each card of the last three tricks weighed by plain minimax (every legal card tried) costs what
    the analysis says."""
    transcript = bot_hand("three-handed", 7, "random")
    assert transcript is not None
    rules = engine.load_variant("three-handed")
    result = analyze(transcript, table=False)
    game, rest = _game_at_first_lead(rules, transcript)
    side = set(result.side)
    play = game.state.hand.play
    assert play is not None
    position = play.copy()
    position.hands = list(play.hands)
    for weighed, entry in zip(result.plays, rest):
        card_text = entry.split(" ", 2)[2]
        index = rules.deck.card(card_text.partition(":")[0]).index
        if position.total - position.number <= 3:
            seat = position.to_act
            before_copy = position.copy()
            before_copy.hands = list(position.hands)
            before = minimax(before_copy, side)
            after_copy = position.copy()
            after_copy.hands = list(position.hands)
            winner = after_copy.play(index, card_text.partition(":")[2] or None)
            after = (1 if winner >= 0 and winner in side else 0) + minimax(after_copy, side)
            expected = before - after if seat in side else after - before
            assert weighed.cost == expected, (weighed, before, after)
        position.play(index, card_text.partition(":")[2] or None)


def test_the_makeable_table_matches_solving_each_declarer_alone() -> None:
    transcript = bot_hand("rules-text-003-two", 11)
    assert transcript is not None
    rules = engine.load_variant("rules-text-003-two")
    result = analyze(transcript, table=True)
    assert set(result.makeable) == {
        strain.id for strain in rules.strains if any(c.style.strain == strain.id and not c.is_special for c in rules.ladder)
    }
    game, _ = _game_at_first_lead(rules, transcript)
    state = game.state
    from engine.analysis import Solver
    from engine.kernel.play import TrickPlay

    for strain, row in result.makeable.items():
        for declarer, tricks in row.items():
            play = TrickPlay(
                state.tables,
                list(state.hand.hands),
                state.tables.strains[strain],
                list(range(rules.seating.seats)),
                declarer,
                rules.deal.hand_size,
            )
            side = set(rules.seating.teams[rules.seating.team_of(declarer)])
            assert Solver(play, side).tricks() == tricks


def run_cli(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine.cli.program", *argv], capture_output=True, text=True, timeout=300)


def test_analyze_finds_the_example_hands_mistakes() -> None:
    """docs/examples/hand-7h.json: 7H by seat 1 could make all ten tricks; it made eight. ``analyze``
    finds where: seat 1 leading the joker at trick 4 and two discards late in the hand, against one
    trick given back by seat 0's left bower."""
    text = run_cli("analyze", str(EXAMPLE), "--no-table", "--format", "json")
    assert text.returncode == 0, text.stderr
    data = json.loads(text.stdout)
    assert (data["contract"], data["declarer"], data["par"], data["taken"]) == ("7H", 1, 10, 8)
    costly = [(play["trick"], play["seat"], play["card"], play["cost"]) for play in data["plays"] if play["cost"]]
    assert costly == [(4, 1, "JK", 1), (4, 0, "JD", 1), (8, 1, "6C", 1), (9, 1, "KC", 1)]
    assert data["mistakes"] == {"0": 1, "1": 3}
    from engine.analysis.hand import CardCost, HandAnalysis
    from engine.cli.analyze import format_analysis

    words = format_analysis(HandAnalysis("Standard 500", "7H", 1, (1, 3), {}, 10, 8, [CardCost(4, 1, "JK", 1, ("7S", "AC"))]))
    assert "Best play gives the declaring side 10 tricks from the first lead; it took 8." in words
    assert "trick 4: seat 1 played JK, costing 1 trick; 7S or AC lost nothing" in words


def test_analyze_refuses_bad_input(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text("{not json")
    assert run_cli("analyze", str(tmp_path / "bad.json")).returncode == 1
    (tmp_path / "wrong.json").write_text(json.dumps({"variant": "standard", "dealer": 0}))
    assert run_cli("analyze", str(tmp_path / "wrong.json")).returncode == 1
    assert run_cli("analyze", str(tmp_path / "missing.json")).returncode == 2


def test_analyze_stops_at_its_position_limit_with_what_it_found(tmp_path: Path) -> None:
    """Issue 34: the analysis has a documented bound (``--max-positions``, every search together); past it
    it prints what it found, says why it stopped and exits with 4, never 3; within it, exit 0."""
    import shutil

    shutil.copy(EXAMPLE, tmp_path / "hand.json")
    whole = run_cli("analyze", str(tmp_path / "hand.json"), "--no-table", "--format", "json")
    assert whole.returncode == 0, whole.stderr
    complete = json.loads(whole.stdout)
    assert complete["stopped"] is None and complete["positions"] > 1000
    cut = run_cli(
        "analyze", str(tmp_path / "hand.json"), "--no-table", "--format", "json", "--max-positions", str(complete["positions"] // 2)
    )
    assert cut.returncode == 4, cut.stderr
    partial = json.loads(cut.stdout)
    assert "stopped after" in partial["stopped"] and "--max-positions" in cut.stderr
    assert partial["positions"] <= complete["positions"] // 2 + 6  # a last trick's cards at most past it
    assert partial["plays"] == complete["plays"][: len(partial["plays"])]  # the cards weighed before it stopped
    text = run_cli("analyze", str(tmp_path / "hand.json"), "--max-positions", "1000")
    assert text.returncode == 4 and "The analysis stopped after 1,000 positions" in text.stderr
    assert run_cli("analyze", str(tmp_path / "hand.json"), "--max-positions", "0").returncode == 2
    assert run_cli("analyze", str(tmp_path / "hand.json"), "--max-positions", "lots").returncode == 2


def test_a_stopped_analysis_says_why_once_on_standard_error(tmp_path: Path) -> None:
    """A new user's trial: ``analyze --max-positions 10`` printed its stop message twice, in the report on
    standard output and on standard error. It is printed once, on standard error, where analyze's other
    messages go; the report keeps what was found, and the exit code is still 4."""
    stopped = run_cli("analyze", str(EXAMPLE), "--max-positions", "10")
    assert stopped.returncode == 4, stopped.stderr
    said = "The analysis stopped after 10 positions"
    assert (stopped.stdout + stopped.stderr).count(said) == 1
    assert said not in stopped.stdout and stopped.stderr.count(f"fivehundred analyze: {said}") == 1
    assert stopped.stdout.startswith("Standard 500: 7H by seat 1")


def test_analyze_given_a_saved_game_says_what_it_is_as_replay_does(tmp_path: Path) -> None:
    """A new user's trial: a saved game given to ``analyze`` was refused as "transcript has an unknown key
    'deals'", where ``replay`` says "this is a saved game, not a transcript" and where it opens; analyze
    now says the same, with the file's name, and exits with 1 (a file that is no transcript)."""
    from engine.cli.replay import saved_game_instead

    saved = tmp_path / "saved.json"
    data = engine.Game(engine.load_variant("standard"), seed=1).to_dict()
    saved.write_text(json.dumps(data), encoding="utf-8")
    refused = run_cli("analyze", str(saved))
    assert refused.returncode == 1 and refused.stdout == ""
    assert refused.stderr.splitlines()[-1] == f"{saved}: {saved_game_instead(data)}"
    assert "this is a saved game, not a transcript" in refused.stderr and "unknown key" not in refused.stderr


def test_a_stopped_analysis_keeps_the_strains_it_completed() -> None:
    """The makeable table stopped part-way holds each strain it completed, as the whole analysis has it."""
    transcript = bot_hand("rules-text-003-two", 3, "random")
    assert transcript is not None
    complete = analyze(transcript)
    assert complete.stopped is None
    told: list[str] = []
    partial = analyze(transcript, max_positions=max(1, complete.positions // 3), progress=told.append)
    assert partial.stopped is not None and partial.positions <= complete.positions // 3 + 6
    assert set(partial.makeable) < set(complete.makeable)
    for strain, row in partial.makeable.items():
        assert row == complete.makeable[strain]
    assert told and told[0].startswith("makeable contracts:")


def test_the_analysis_budget_is_checked() -> None:
    """``max_positions`` must be a whole number of at least one position (the Python API)."""
    transcript = json.loads(EXAMPLE.read_text())
    for bad in (0, -5, 2.5, "many", True):
        with pytest.raises(ValueError, match="max_positions must be a whole number"):
            analyze(transcript, max_positions=bad)  # type: ignore[arg-type]
