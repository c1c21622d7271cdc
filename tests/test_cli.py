"""The fivehundred command: validate / show / variants / schema, with check-jsonschema exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from commandline import run

import engine


def test_validate_valid_file_exits_0(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "ok.yaml"
    path.write_text("extends: standard\nname: Ours\nend: {target: 1000}\n")
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 0 and out.strip() == f"{path}: ok"


def test_validate_invalid_file_exits_1_with_file_line_col_path(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("extends: standard\ndeal:\n  kity_size: 4\n")
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 1
    assert f"{path}:3:3: $.deal.kity_size: Unknown key 'kity_size' in 'deal'. Did you mean 'kitty_size'?" in out


def test_validate_json_format(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("extends: standard\nauction: {rounds: contineous}\n")
    code, out, _ = run(capsys, "validate", "--format", "json", str(path), "standard")
    report = json.loads(out)
    assert code == 1 and report["valid"] is False
    bad, good = report["files"]
    assert good == {"file": "standard", "valid": True, "problems": [], "warnings": []}
    assert bad["problems"][0]["path"] == "$.auction.rounds" and bad["problems"][0]["line"] == 2


def test_validate_unreadable_file_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "validate", str(tmp_path / "missing.yaml"))
    assert code == 2 and "There is no file and no shipped variant" in out


def test_usage_error_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "validate", "--format", "xml", "standard")
    assert code == 2 and "invalid choice" in err
    code, _, err = run(capsys)
    assert code == 2


def test_show_australian_prints_the_whole_rule_set(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "australian")
    assert code == 0
    for heading in ("Deck:", "Card order in each strain:", "Bid ladder", "Auction:", "Kitty:", "Scoring:", "End of game:"):
        assert heading in out
    ladder = [line.split()[1] for line in out.splitlines() if line.strip()[:1].isdigit() and "." in line.split()[0]]
    assert ladder[10] == "misere" and ladder[-1] == "open_misere" and len(ladder) == 27
    assert "not beyond 490" in out and "only win on a hand in which it made its contract" in out


def test_show_changes_prints_only_what_the_file_changes_from_what_it_extends(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A rules author's trial: ``show`` of a three-line file printed the whole game, nothing marked, and what
    the file changed could be read only in the HTML report or the web editor; ``show --changes`` prints it,
    the file's changes against the variant it extends, and for a base variant says it extends nothing."""
    path = tmp_path / "kitchen.yaml"
    path.write_text("extends: standard\nname: Kitchen\ncontracts: {misere: {value: 300}}\nend: {must_win_by_bid: true}\n")
    code, out, _ = run(capsys, "show", str(path), "--changes")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "Kitchen extends standard (Standard 500); 2 lines of the rules differ:", out
    assert lines[1].startswith("  Bid ladder: misère (misere): worth 250 → 300;")  # (a long rule: said once, the change marked)
    assert lines[2] == "  End of game: added: A side can only win on a hand in which it made its contract." and len(lines) == 3
    code, out, _ = run(capsys, "show", "standard", "--changes")
    assert code == 0 and out == "standard extends no other file: it is a base variant.\n"
    code, out, _ = run(capsys, "show", "perfect", "--changes")
    assert "7 lines of the rules differ" in out and "each worth 20 less" in out
    # A deck's added fours in every card order: one line, not ten.
    deck = tmp_path / "deck.yaml"
    deck.write_text("extends: standard\ndeck: 45-card\n")
    code, out, _ = run(capsys, "show", str(deck), "--changes")
    orders = [line for line in out.splitlines() if line.startswith("  Card order in each strain:")]
    assert len(orders) == 1 and "→ the 10 lines, each with one card more at its end (4C, 4S), such as" in orders[0], out


def test_show_invalid_variant_exits_1_without_traceback(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("extends: standard\nplayers: {count: 9}\n")
    code, out, err = run(capsys, "show", str(path))
    assert code == 1 and out == "" and "must be from 2 to 6" in err and "Traceback" not in err


def test_variants_lists_every_shipped_variant(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "variants", "--format", "json")
    listed = {row["name"]: row["description"] for row in json.loads(out)}
    assert code == 0 and "australian" in listed and listed["standard"].startswith("Four players")


def test_schema_prints_the_schema(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "schema")
    assert code == 0 and json.loads(out)["title"] == "500 (Five Hundred) variant"


def test_each_command_is_parsed_by_its_own_module_alone() -> None:
    """Start-up (issue 30): a command named first builds only its module's parser; every command the
    whole parser has is mapped to the module that adds it."""
    from engine.cli.program import COMMANDS, GROUPS, build_parser

    def commands_of(groups: tuple[str, ...]) -> set[str]:
        parser = build_parser(groups)
        return {name for action in parser._subparsers._group_actions for name in action.choices}  # type: ignore[union-attr]

    assert commands_of(GROUPS) == set(COMMANDS)
    for group in GROUPS:
        assert commands_of((group,)) == {command for command, owner in COMMANDS.items() if owner == group}


def test_simulate_loads_neither_the_play_screen_nor_the_solver() -> None:
    code = (
        "import sys, contextlib, io\n"
        "from engine.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['simulate', 'standard', '--hands', '2'])\n"
        "print(sorted(m for m in sys.modules if m.startswith(('engine.cli.play', 'engine.analysis.double_dummy', 'engine.protocol.server', 'jsonschema'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_misuse_of_the_engine_inside_a_run_is_an_internal_error_not_an_invalid_variant(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A UsageError raised inside a simulation is the engine misusing itself (its arguments were checked):
    reported as an internal error (exit 3), not as the user's invalid variant (exit 1)."""
    from engine.cli import simulation as simulation_command

    def misused(*args: object, **kwargs: object) -> None:
        raise engine.UsageError("There is no legal move in the mask given.")

    monkeypatch.setattr(simulation_command, "_run", misused)
    code, _, err = run(capsys, "simulate", "standard", "--hands", "5")
    assert code == 3 and "internal error" in err and "There is no legal move in the mask given." in err


def test_play_help_shows_no_markup(capsys: pytest.CaptureFixture[str]) -> None:
    """``play --help`` printed its docstring's reStructuredText double backquotes (a new user's trial)."""
    code, out, _ = run(capsys, "play", "--help")
    assert code == 0 and "The play command" in out and "``" not in out


def test_a_skill_chain_without_skill_is_refused_not_ignored(capsys: pytest.CaptureFixture[str]) -> None:
    """``--skill-chain`` names the bots ``--skill`` plays: given alone it did nothing, silently."""
    code, _, err = run(capsys, "simulate", "standard", "--hands", "1", "--skill-chain", "heuristic,random")
    assert code == 2 and "add --skill" in err


def test_a_sweep_points_at_the_files_own_unknown_key_not_at_its_set_option(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """An unknown key is its writer's mistake: under ``sweep --set end.target=...`` the file's own
    ``end: {taget: ...}`` is reported at the file's line, as ``validate`` reports it, not at the option
    (which changed ``end`` too, and so was blamed for what ``end`` held)."""
    house = tmp_path / "typo.yaml"
    house.write_text("extends: standard\nname: Typo\nend:\n  taget: 1000\n")
    code, out, err = run(capsys, "sweep", str(house), "--set", "end.target=400,600", "--hands", "10")
    assert (
        code != 0 and f"{house}:4:3: $.end.taget: Unknown key 'taget'" in out + err and "--set" not in (out + err).split("taget")[0][-80:]
    )
