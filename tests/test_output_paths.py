"""Issue 34, "Writing what it should not": ``--out FILE``, ``--plot FILE``, ``play``'s ``save FILE`` and
``--transcripts DIR`` write only to a regular file or a new path. A link, a folder, a pipe or a device
is refused (exit 2 on the command line, naming the path) and left as it was; a new ``play`` session
numbers its transcripts on after an earlier session's and never overwrites one."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from test_play import run_cli, scripted

import engine
from engine.cli import main
from engine.cli.common import UnwritablePathError, output_refusal, write_atomically
from engine.cli.play import Session


@pytest.fixture
def hostile(tmp_path: Path) -> dict[str, Path]:
    """A link to a regular file, a pipe and a folder, beside a regular file and a new path."""
    target = tmp_path / "precious.txt"
    target.write_text("keep me\n", encoding="utf-8")
    paths = {"target": target, "link": tmp_path / "link.json", "folder": tmp_path / "folder", "new": tmp_path / "new.json"}
    paths["link"].symlink_to(target)
    paths["folder"].mkdir()
    if hasattr(os, "mkfifo"):
        paths["pipe"] = tmp_path / "pipe.json"
        os.mkfifo(paths["pipe"])
    return paths


def unchanged(paths: dict[str, Path]) -> bool:
    return (
        paths["target"].read_text(encoding="utf-8") == "keep me\n"
        and paths["link"].is_symlink()
        and paths["folder"].is_dir()
        and ("pipe" not in paths or stat.S_ISFIFO(os.lstat(paths["pipe"]).st_mode))
    )


@pytest.mark.parametrize("kind", ["link", "folder", "pipe"])
def test_simulate_out_refuses_anything_but_a_regular_file_or_a_new_path(
    kind: str, hostile: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    if kind not in hostile:
        pytest.skip("no FIFOs on this system")
    with pytest.raises(SystemExit) as exit:
        main(["simulate", "standard", "--hands", "4", "--out", str(hostile[kind])])
    assert exit.value.code == 2
    assert str(hostile[kind]) in capsys.readouterr().err
    assert unchanged(hostile)


def test_simulate_out_to_dev_null_is_refused_and_dev_null_stays_a_device(capsys: pytest.CaptureFixture[str]) -> None:
    if not os.path.exists("/dev/null"):
        pytest.skip("no /dev/null")
    with pytest.raises(SystemExit) as exit:
        main(["simulate", "standard", "--hands", "4", "--out", "/dev/null"])
    assert exit.value.code == 2 and "/dev/null is a device" in capsys.readouterr().err
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_checkpoint_path_that_is_a_link_is_refused(hostile: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    out = hostile["new"]
    Path(f"{out}.partial").symlink_to(hostile["target"])
    assert main(["simulate", "standard", "--hands", "4", "--out", str(out)]) == 2
    assert ".partial is a link" in capsys.readouterr().err
    assert unchanged(hostile) and not out.exists()


def test_simulate_out_writes_a_new_path_and_replaces_a_regular_file(hostile: dict[str, Path]) -> None:
    assert main(["simulate", "standard", "--hands", "4", "--out", str(hostile["new"]), "--format", "json"]) == 0
    assert json.loads(hostile["new"].read_text(encoding="utf-8"))
    assert main(["simulate", "standard", "--hands", "4", "--out", str(hostile["new"]), "--format", "json"]) == 0


def test_write_atomically_refuses_before_writing(hostile: dict[str, Path]) -> None:
    for kind in ("link", "folder", "pipe"):
        if kind in hostile:
            assert output_refusal(str(hostile[kind])) is not None
            with pytest.raises(UnwritablePathError, match="output goes only to a regular file or a new path"):
                write_atomically(str(hostile[kind]), "x")
    assert unchanged(hostile)
    assert output_refusal(str(hostile["new"])) is None and output_refusal(str(hostile["target"])) is None
    assert output_refusal("a\0b") is not None


def test_plays_save_refuses_a_link_and_the_game_goes_on(hostile: dict[str, Path]) -> None:
    screen, out = scripted([f"save {hostile['link']}", "pass"])
    session = Session(engine.load_variant("standard"), 0, ["heuristic"], 3, screen, None)
    assert session.run() == 0
    text = out.getvalue()
    assert "is a link; output goes only to a regular file or a new path" in text and "The game goes on." in text
    assert "Seat 0 (you) passes." in text
    assert unchanged(hostile)


def test_play_transcripts_number_on_after_an_earlier_session_and_never_overwrite(tmp_path: Path) -> None:
    earlier = tmp_path / "hand-001.json"
    earlier.write_text('{"earlier": true}\n', encoding="utf-8")
    (tmp_path / "hand-003.json").symlink_to(earlier)  # the highest number there, a link: never written through
    rules = engine.load_variant("standard")
    screen, _ = scripted(["1"] * 400)
    session = Session(rules, 0, ["random"], 4, screen, str(tmp_path))
    session.run()
    assert earlier.read_text(encoding="utf-8") == '{"earlier": true}\n'
    written = sorted(path.name for path in tmp_path.glob("hand-*.json") if not path.is_symlink() and path != earlier)
    assert written and written[0] == "hand-004.json"  # on after the highest number already there
    assert (tmp_path / "hand-003.json").is_symlink() and not (tmp_path / "hand-002.json").exists()
    assert engine.replay(json.loads((tmp_path / written[0]).read_text(encoding="utf-8"))) is not None


# -- issue 34, "Ending a game it should not" (the inputs that read a file) ----------------------------


def deeply_nested(path: Path) -> Path:
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    return path


def test_plays_load_of_a_pipe_or_of_deep_json_is_refused_and_the_game_goes_on(hostile: dict[str, Path], tmp_path: Path) -> None:
    """``load`` of a FIFO hung forever, and of deeply nested JSON ended the session with exit 3."""
    lines = [f"load {deeply_nested(tmp_path / 'deep.json')}", "load a\0b", "save a\0b", "pass"]
    if "pipe" in hostile:
        lines.insert(0, f"load {hostile['pipe']}")
    screen, out = scripted(lines)
    session = Session(engine.load_variant("standard"), 0, ["heuristic"], 3, screen, None)
    assert session.run() == 0
    text = out.getvalue()
    assert "nested too deeply" in text and text.count("The game goes on.") >= 3
    assert "pipe" not in hostile or "is not a regular file" in text
    assert "Seat 0 (you) passes." in text


def test_analyze_of_a_pipe_or_of_deep_json_exits_with_a_message(
    hostile: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyze", str(deeply_nested(tmp_path / "deep.json"))]) == 1
    assert "nested too deeply" in capsys.readouterr().err
    if "pipe" in hostile:
        assert main(["analyze", str(hostile["pipe"])]) == 2
        assert "is not a regular file" in capsys.readouterr().err


def test_end_of_input_at_the_rich_screens_pause_ends_the_session_cleanly(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-D at "Press Enter to go on" raised out of the session (exit 3); now the session ends at the
    next question, as at any other end of input."""
    pytest.importorskip("rich")
    from engine.cli.play import RichScreen

    screen = RichScreen()

    def ended(prompt: str = "") -> str:
        raise EOFError

    monkeypatch.setattr(screen.console, "input", ended)
    screen.pause()  # no exception
    session = Session(engine.load_variant("standard"), 0, ["heuristic"], 3, screen, None)
    assert session.run() == 0


def test_a_huge_line_piped_into_play_is_dropped_a_piece_at_a_time_and_the_game_goes_on() -> None:
    """Issue 34: a 200 MB line cost ``play`` 647 MB; piped input is now read at most 4,096 characters
    at a time, an over-long line refused as one entry."""
    from test_play import run_cli

    result = run_cli("play", "standard", "--seed", "3", "--plain", stdin="x" * 3_000_000 + "\npass\nquit\n")
    assert result.returncode == 0, result.stderr[-500:]
    assert "(a line of over 4096 characters)" in result.stdout and "x" * 5000 not in result.stdout
    assert "Seat 0 (you) passes." in result.stdout


def test_play_transcripts_makes_a_folder_that_does_not_exist_and_refuses_a_file(tmp_path: Path) -> None:
    """Issue 33: ``play --transcripts DIR`` makes DIR (and its parents) when it does not exist; a file there is
    refused, untouched."""
    folder = tmp_path / "new" / "transcripts"
    result = run_cli("play", "standard", "--seed", "5", "--transcripts", str(folder), stdin="quit\n")
    assert result.returncode == 0, result.stderr
    assert folder.is_dir()
    taken = tmp_path / "a-file"
    taken.write_text("keep me")
    result = run_cli("play", "standard", "--seed", "5", "--transcripts", str(taken), stdin="quit\n")
    assert result.returncode == 2 and "is not a folder" in result.stderr
    assert taken.read_text() == "keep me"


def test_a_file_that_appears_before_a_new_file_lands_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A review: a save that may only make a new file (the web editor's Save without ``replace``, ``play``'s
    ``save FILE``) looked for the file, then renamed its own over whatever was there by then. The file lands
    by a hard link now, which fails where one has appeared: the other file is kept, no temporary file is
    left, and the person is told."""
    from engine.language import writing
    from engine.web import files

    target = tmp_path / "house.yaml"
    target.write_text("theirs\n", encoding="utf-8")
    with pytest.raises(FileExistsError):
        writing.replace_whole(str(target), b"mine\n", new_only=True)
    assert target.read_text(encoding="utf-8") == "theirs\n" and os.listdir(tmp_path) == ["house.yaml"]
    writing.replace_whole(str(tmp_path / "new.yaml"), b"mine\n", new_only=True)
    assert (tmp_path / "new.yaml").read_text(encoding="utf-8") == "mine\n"

    real = writing.replace_whole

    def late(path: str, data: bytes, *, new_only: bool = False) -> None:
        Path(path).write_text("appeared\n", encoding="utf-8")  # another program, between the look and the write
        real(path, data, new_only=new_only)

    monkeypatch.setattr(files, "replace_whole", late)
    with pytest.raises(files.FileExists, match="already exists: nothing was written"):
        files.write(str(tmp_path), "race.yaml", "extends: standard\n")
    assert (tmp_path / "race.yaml").read_text(encoding="utf-8") == "appeared\n"
    monkeypatch.setattr("engine.cli.common.replace_whole", late)
    with pytest.raises(FileExistsError):
        write_atomically(str(tmp_path / "game.json"), "{}\n", new_only=True)
    assert (tmp_path / "game.json").read_text(encoding="utf-8") == "appeared\n"
    assert not [name for name in os.listdir(tmp_path) if name.endswith(".tmp")]


def test_without_hard_links_a_new_file_is_written_in_place_and_a_failed_write_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A review: where the file system has no hard links the new file is created exclusively and written in
    place; a write that then failed left half a file, which the next save refused as someone else's. It is
    removed now; and a link that fails for another reason (not the lack of links) is the save's failure."""
    import errno

    from engine.language import writing

    def no_links(source: str, target: str) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(writing.os, "link", no_links)
    writing.replace_whole(str(tmp_path / "a.json"), b"whole\n", new_only=True)
    assert (tmp_path / "a.json").read_bytes() == b"whole\n"
    real_fsync = writing.os.fsync

    def full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(writing.os, "fsync", full)
    with pytest.raises(OSError, match="No space"):
        writing.replace_whole(str(tmp_path / "b.json"), b"half\n", new_only=True)
    monkeypatch.setattr(writing.os, "fsync", real_fsync)
    assert sorted(os.listdir(tmp_path)) == ["a.json"]

    def broken(source: str, target: str) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(writing.os, "link", broken)
    with pytest.raises(OSError, match="Input/output"):
        writing.replace_whole(str(tmp_path / "c.json"), b"x\n", new_only=True)
    assert sorted(os.listdir(tmp_path)) == ["a.json"]
