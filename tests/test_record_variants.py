"""Issue 34, "Reading what it should not": the variant a transcript or saved game names is a shipped
variant or a ``.yaml``/``.yml`` file inside the record's own folder, read only if it is a regular file
there; anything else is refused before reading, naming the field, and an error about a file that is not
a valid variant never quotes its content. ``extends`` reads only inside its root, checked on the file
actually opened, so swapping a folder for a link cannot lead a read elsewhere."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fuzzing import SECRET, plant_record_folder

import engine
from engine.cli import main
from engine.errors import UnreadableFileError
from engine.game.records import named_rules
from engine.language import source
from engine.language.loader import load_confined


def transcript_naming(variant: str) -> dict[str, object]:
    """A whole standard hand's transcript, its ``variant`` replaced, as written before transcripts carried
    their variant (issue 31): the file it names is what it replays under."""
    game = engine.Game(engine.load_variant("standard"), seed=2)
    game.apply("bid 7H")
    while not game.results:
        game.apply(game.legal_actions()[0])
    transcript = game.transcript(0)
    transcript["variant"] = variant
    del transcript["variant_rules"]
    del transcript["check"]["variant_rules"]  # (nor did the check cover them)
    return transcript


def typing(lines: list[str]) -> Callable[[str], str]:
    """A terminal's input that types ``lines``, then ends."""
    typed: Iterator[str] = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    return read


@pytest.fixture
def records(tmp_path: Path) -> Path:
    return plant_record_folder(tmp_path)


@pytest.mark.parametrize(
    "variant",
    ["/etc/passwd", "/etc/shadow", "../outside/secret.yaml", "out/secret.yaml", "notes.txt", "/dev/zero", "pipe.yaml", "link.yaml"],
)
def test_replay_refuses_a_transcript_naming_a_file_it_may_not_read(variant: str, records: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``replay`` on a transcript whose variant is outside its folder, not a .yaml file, a pipe or a link
    out: exit 1, the field named, nothing of the file quoted."""
    path = records / "hand.json"
    path.write_text(json.dumps(transcript_naming(variant)), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    output = capsys.readouterr()
    assert "'variant'" in output.out + output.err
    assert SECRET not in output.out + output.err and "root:" not in output.out + output.err


def test_a_yaml_file_that_is_not_a_variant_is_refused_without_quoting_it(records: Path) -> None:
    with pytest.raises(engine.TranscriptError) as caught:
        engine.replay(transcript_naming("notes.yaml"), folder=str(records))
    assert "not a valid variant" in str(caught.value) and SECRET not in str(caught.value)


def test_a_variant_file_beside_the_record_replays(records: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The house variant in the record's folder loads, by a relative or an absolute path within it."""
    for variant in ("house.yaml", str(records / "house.yaml")):
        path = records / "hand.json"
        path.write_text(json.dumps(transcript_naming(variant)), encoding="utf-8")
        assert main(["replay", str(path)]) == 0, capsys.readouterr()
        assert engine.replay(transcript_naming(variant), folder=str(records)).contract is not None


def test_the_python_api_reads_a_named_file_only_from_the_given_folder_or_the_current_one(
    records: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``engine.replay``, ``Game.from_dict`` and ``analyze`` take ``folder``; without it, the current folder."""
    with pytest.raises(engine.TranscriptError, match="outside"):
        engine.replay(transcript_naming(str(records.parent / "outside" / "valid.yaml")), folder=str(records))
    monkeypatch.chdir(records)
    assert engine.replay(transcript_naming("house.yaml")).contract is not None
    with pytest.raises(engine.TranscriptError, match="outside"):
        engine.replay(transcript_naming("../outside/valid.yaml"))
    saved = engine.Game(engine.load_variant("standard"), seed=1).to_dict()
    saved["variant"] = "/etc/passwd"
    del saved["variant_rules"]  # as saved before games carried their variant
    del saved["check"]["variant_rules"]
    with pytest.raises(engine.SavedGameError, match="'variant'") as caught:
        engine.Game.from_dict(saved, folder=str(records))
    assert "root:" not in str(caught.value)
    from engine.analysis.hand import analyze

    with pytest.raises(engine.TranscriptError, match="'variant'"):
        analyze(transcript_naming("/etc/passwd"), folder=str(records))


def test_analyze_refuses_a_transcript_naming_a_file_outside_its_folder(records: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = records / "hand.json"
    path.write_text(json.dumps(transcript_naming("/etc/passwd")), encoding="utf-8")
    assert main(["analyze", str(path), "--no-table"]) == 1
    output = capsys.readouterr()
    assert "'variant'" in output.out + output.err and "root:" not in output.out + output.err


def test_plays_load_refuses_a_saved_game_naming_a_file_outside_its_folder(records: Path) -> None:
    """``play``'s ``load``: the saved game's variant is read only from the saved game's folder; the
    session says why and goes on."""
    import io

    from engine.cli.play import Screen, Session

    saved = engine.Game(engine.load_variant("standard"), seed=1).to_dict()
    del saved["variant_rules"]  # as saved before games carried their variant
    del saved["check"]["variant_rules"]
    for variant in ("/etc/passwd", "../outside/valid.yaml", "notes.yaml"):
        saved["variant"] = variant
        (records / "saved.json").write_text(json.dumps(saved), encoding="utf-8")
        out = io.StringIO()
        session = Session(engine.load_variant("standard"), 0, ["random"], 1, Screen(typing([f"load {records / 'saved.json'}"]), out), None)
        assert session.run() == 0
        said = out.getvalue()
        assert "'variant'" in said and "The game goes on." in said, said
        assert "root:" not in said and SECRET not in said


def test_a_pipe_named_as_the_variant_is_refused_at_once(records: Path) -> None:
    """A FIFO is opened without blocking and refused before any read (it would hang forever)."""
    if not (records / "pipe.yaml").exists():
        pytest.skip("no FIFOs on this system")
    with pytest.raises(engine.TranscriptError, match="not a regular file"):
        named_rules({"variant": "pipe.yaml"}, "transcript", str(records))


def test_a_read_inside_a_root_checks_the_file_it_opened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The extends race: a path resolved inside the root, then swapped for a link out before the read,
    is caught because the opened file's identity is compared with the checked one."""
    root, outside = tmp_path / "root", tmp_path / "elsewhere"
    root.mkdir()
    outside.mkdir()
    (root / "base.yaml").write_text("name: inside\n", encoding="utf-8")
    (outside / "base.yaml").write_text(f"{SECRET}: 1\n", encoding="utf-8")
    real_root = os.path.realpath(root)
    assert source.read_text(str(root / "base.yaml"), "base.yaml", real_root) == "name: inside\n"
    # The file opened is outside, while the path checked afterwards resolves inside: a swap in between.
    real_realpath = os.path.realpath
    monkeypatch.setattr(
        source.os.path, "realpath", lambda path, *args, **kwargs: real_realpath(str(path).replace("elsewhere", "root"), *args, **kwargs)
    )
    with pytest.raises(UnreadableFileError, match="changed while it was opened") as caught:
        source.read_text(str(outside / "base.yaml"), "base.yaml", real_root)
    assert SECRET not in str(caught.value)


def test_extends_through_a_link_out_of_the_root_is_refused(tmp_path: Path) -> None:
    root, outside = tmp_path / "root", tmp_path / "elsewhere"
    root.mkdir()
    outside.mkdir()
    (outside / "base.yaml").write_text("extends: standard\nname: Outside\n", encoding="utf-8")
    (root / "sub").symlink_to(outside, target_is_directory=True)
    (root / "house.yaml").write_text("extends: sub/base.yaml\nname: House\n", encoding="utf-8")
    with pytest.raises(engine.VariantError, match="leads out of"):
        load_confined("house.yaml", str(root))
    with pytest.raises(engine.VariantError, match="leads out of"):
        engine.load_variant(str(root / "house.yaml"))


def test_a_moved_transcript_replays_without_its_variant_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 31, "Records that travel": a transcript carries its variant (the merged document and its hash),
    so moved to another folder without the house-rules file it still replays, reading no file."""
    home, elsewhere = tmp_path / "home", tmp_path / "elsewhere"
    home.mkdir()
    elsewhere.mkdir()
    (home / "house.yaml").write_text("extends: standard\nname: House\ncontracts:\n  misere:\n    value: 300\n", encoding="utf-8")
    game = engine.Game(engine.load_variant(str(home / "house.yaml")), seed=4)
    while not game.results:
        game.apply(game.legal_actions()[0])
    transcript = game.transcript(0)
    assert transcript["variant"] == "House"  # its own name (issue 49, item 4), not the file's path
    assert transcript["variant_rules"]["sha256"] == game.rules.document_hash
    (elsewhere / "hand.json").write_text(json.dumps(transcript), encoding="utf-8")
    (home / "house.yaml").unlink()
    assert main(["replay", str(elsewhere / "hand.json")]) == 0
    assert "contract" in capsys.readouterr().out
    assert engine.replay(transcript).to_dict() == game.results[0].to_dict()
    saved = json.loads(json.dumps(game.to_dict()))
    assert engine.Game.from_dict(saved, folder=str(elsewhere)).rules == game.rules


def test_a_carried_variant_reads_no_file_and_is_checked_against_its_hash() -> None:
    from engine.rules.compiler import document_hash

    transcript = transcript_naming("standard")
    transcript.pop("variant")
    game = engine.Game(engine.load_variant("standard"), seed=2)
    carried = game.transcript(0)["variant_rules"]
    document = dict(carried["document"], extends="../outside/valid.yaml")
    transcript["variant_rules"] = {"sha256": document_hash(document), "document": document}
    with pytest.raises(engine.TranscriptError, match="no 'extends'"):
        engine.replay(transcript)
    document = dict(carried["document"], players="many")
    transcript["variant_rules"] = {"sha256": document_hash(document), "document": document}
    with pytest.raises(engine.TranscriptError, match="the variant it carries is not valid"):
        engine.replay(transcript)
    transcript["variant_rules"] = {"sha256": carried["sha256"], "document": document}
    with pytest.raises(engine.TranscriptError, match="does not match its sha256"):
        engine.replay(transcript)


def test_issue_49_item_4_records_name_a_house_variant_by_its_name_not_its_private_path(tmp_path: Path) -> None:
    """Issue 49, item 4: ``engine.load_variant(path)`` (and so ``play house.yaml``) wrote the file's absolute
    path into transcripts and saved games, a private path in a record meant to travel; the variant's own
    name is written (the rules travel in ``variant_rules``), and the record still replays elsewhere."""
    (tmp_path / "house.yaml").write_text("extends: standard\nname: Our House\n", encoding="utf-8")
    game = engine.Game(engine.load_variant(str(tmp_path / "house.yaml")), seed=3)
    while not game.results:
        game.apply(game.legal_actions()[0])
    for record in (game.transcript(0), game.to_dict()):
        assert record["variant"] == "Our House"
        assert str(tmp_path) not in json.dumps(record)
    assert engine.replay(game.transcript(0)).to_dict() == game.results[0].to_dict()
    assert engine.Game.from_dict(game.to_dict()).to_dict() == game.to_dict()
    assert engine.Game(engine.load_variant("american"), seed=1).transcript()["variant"] == "american"


def test_issue_49_item_4_play_writes_the_variant_name_into_its_transcripts(tmp_path: Path) -> None:
    """Issue 49, item 4: ``play house.yaml --transcripts DIR`` writes the variant's name, not the file's path."""
    import subprocess
    import sys

    (tmp_path / "house.yaml").write_text("extends: standard\nname: Our House\n", encoding="utf-8")
    moves = "\n".join(["1"] * 60) + "\nquit\n"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "engine",
            "play",
            str(tmp_path / "house.yaml"),
            "--seed",
            "2",
            "--plain",
            "--transcripts",
            str(tmp_path / "out"),
        ],
        input=moves,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    written = sorted((tmp_path / "out").glob("hand-*.json"))
    assert written
    transcript = json.loads(written[0].read_text(encoding="utf-8"))
    assert transcript["variant"] == "Our House" and str(tmp_path) not in written[0].read_text(encoding="utf-8")


def _played_transcript() -> tuple[dict[str, Any], engine.HandResult]:
    game = engine.Game(engine.load_variant("standard"), seed=9, scores=(120, -40))
    while not game.results:
        game.apply(game.legal_actions()[0])
    return json.loads(json.dumps(game.transcript(0))), game.results[0]


@pytest.mark.parametrize(
    ("field", "edit"),
    [
        ("scores", lambda _: [480, -40]),
        ("dealer", lambda _: 3),
        ("redeals", lambda _: 1),
        ("banned", lambda _: [2]),
        ("actions", lambda actions: [action + " " for action in actions]),  # still legal, so only the check can tell
    ],
)
def test_issue_49_item_4_an_edited_field_of_a_transcript_is_refused_naming_it(field: str, edit: Callable[[Any], object]) -> None:
    """Issue 49, item 4: an edited ``scores`` (the scores before the hand, which decide whether it ends the
    game) replayed without complaint; the transcript's ``check`` covers it and the other fields a replay
    cannot recompute, and a ``TranscriptError`` names the field changed."""
    transcript, _ = _played_transcript()
    transcript[field] = edit(transcript[field])
    with pytest.raises(engine.TranscriptError, match=rf"transcript\.{field} was changed after the hand was recorded"):
        engine.replay(transcript)


def test_issue_49_item_4_an_unedited_transcript_replays_and_one_without_check_is_taken_as_written() -> None:
    """Issue 49, item 4: the check refuses nothing that was not edited; a transcript without ``check``
    (written by hand, or before checks) replays as written; a malformed ``check`` is refused."""
    transcript, result = _played_transcript()
    assert set(transcript["check"]) == {"dealer", "scores", "deal", "actions", "banned", "redeals", "variant_rules"}
    assert engine.replay(transcript).to_dict() == result.to_dict()
    unchecked = {key: value for key, value in transcript.items() if key != "check"}
    unchecked["scores"] = [480, -40]
    assert engine.replay(unchecked).scores != result.scores
    with pytest.raises(engine.TranscriptError, match="check must be an object of field digests"):
        engine.replay({**transcript, "check": "yes"})
