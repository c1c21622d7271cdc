"""``fivehundred replay FILE [--format json]`` (issue 3, "Transcripts and fivehundred replay")."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from commandline import run

import engine

RESULT_KEYS = [
    "contract",
    "declarer",
    "made",
    "tricks",
    "hand_points",
    "scores",
    "next_hand_banned",
    "game_over",
    "winner",
    "next_dealer",
    "partner",
]


def finished_hand(variant: str = "standard", seed: int = 4) -> tuple[dict[str, object], engine.HandResult]:
    game = engine.Game(engine.load_variant(variant), seed=seed)
    chooser = random.Random(seed)
    for action in ("bid 7H", "pass", "pass", "pass"):
        game.apply(action)
    while not game.results:
        game.apply(chooser.choice(game.legal_actions()))
    return game.transcript(0), game.results[0]


def write(tmp_path: Path, data: object, name: str = "hand.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return str(path)


def test_replay_json_has_exactly_the_documented_keys(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    transcript, result = finished_hand()
    code, out, err = run(capsys, "replay", write(tmp_path, transcript), "--format", "json")
    assert code == 0 and err == ""
    printed = json.loads(out)
    assert list(printed) == RESULT_KEYS
    assert printed == result.to_dict() and printed["contract"] == "7H"


def test_replay_text_names_contract_and_scores(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    transcript, result = finished_hand()
    code, out, _ = run(capsys, "replay", write(tmp_path, transcript))
    assert code == 0 and "Contract 7H (7 hearts) by seat 1" in out and f"-> {result.scores[0]}" in out


def test_replay_all_pass_reports_no_contract(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    game = engine.Game(engine.load_variant("standard"), seed=1)
    for _ in range(4):
        game.apply("pass")
    code, out, _ = run(capsys, "replay", write(tmp_path, game.transcript(0)), "--format", "json")
    assert code == 0
    assert json.loads(out) == {
        "contract": None,
        "declarer": None,
        "made": False,
        "tricks": [0, 0, 0, 0],
        "hand_points": [0, 0],
        "scores": [0, 0],
        "next_hand_banned": [],
        "game_over": False,
        "winner": None,
        "next_dealer": 0,
        "partner": None,
    }


def test_replay_rejects_the_first_illegal_action_with_its_index(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    transcript, _ = finished_hand()
    actions = list(transcript["actions"])  # type: ignore[call-overload]
    index = next(position for position, entry in enumerate(actions) if " play " in f" {entry}")
    seat = actions[index].split()[0]
    hands = transcript["deal"]["hands"]  # type: ignore[index]
    foreign = next(card for other, hand in enumerate(hands) if str(other) != seat for card in hand)
    actions[index] = f"{seat} play {foreign}"
    transcript["actions"] = actions
    code, out, err = run(capsys, "replay", write(tmp_path, transcript))
    assert code == 1 and out == ""
    assert f"actions[{index}]" in err and f"does not hold {foreign}" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda data: data["actions"].__setitem__(0, "bid 7H"), "an entry is the acting seat and the action"),
        (lambda data: data["actions"].__setitem__(0, "2 bid 7H"), "it is seat 1's turn, not seat 2's"),
        (lambda data: data["actions"].pop(), "stops before the hand is over"),
        (lambda data: data["actions"].append("1 play AS"), "the hand is already over"),
        (lambda data: data.update(dealer=9), "dealer must be a seat from 0 to 3"),
        (lambda data: data.update(scores=[0]), "scores must be a list of 2 whole numbers"),
        (lambda data: data.pop("deal"), "has no 'deal'"),
        (lambda data: data["deal"]["hands"][0].__setitem__(0, "XX"), r"deal\.hands\[0\]\[0\]: 'XX' is not a card"),
        (
            lambda data: (data.update(variant="nonesuch"), data.pop("variant_rules"), data["check"].pop("variant_rules")),
            "no shipped variant called 'nonesuch'",
        ),
        (lambda data: data["variant_rules"].update(sha256="0" * 64), "does not match its sha256"),
        (lambda data: data.update(tricks=3), "unknown key 'tricks'"),
    ],
)
def test_replay_rejects_malformed_transcripts(capsys: pytest.CaptureFixture[str], tmp_path: Path, change: object, message: str) -> None:
    transcript, _ = finished_hand()
    change(transcript)  # type: ignore[operator]
    code, _, err = run(capsys, "replay", write(tmp_path, transcript))
    assert code == 1 and re.search(message, err), err
    assert "Traceback" not in err


def test_replay_invalid_json_exits_1_with_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "replay", write(tmp_path, '{"variant": "standard",\n  "dealer": }'))
    assert code == 1 and ":2:" in err and "not valid JSON" in err


def test_replay_one_failing_file_as_json_prints_its_failure_as_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """docs/formats.md, ``replay``: with ``--format json`` a reader gets JSON for one file that fails too."""
    code, out, err = run(capsys, "replay", write(tmp_path, '{"variant": "standard",\n  "dealer": }'), "--format", "json")
    data = json.loads(out)
    assert code == 1 and set(data) == {"file", "ok", "error", "index"} and data["ok"] is False and "not valid JSON" in data["error"]
    assert data["error"].startswith("line 2, column ")
    assert ":2:" in err


def test_replay_missing_file_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "replay", str(tmp_path / "absent.json"))
    assert code == 2 and "cannot read the transcript" in err


def test_replay_house_rules_file_next_to_the_transcript(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text("extends: australian\nname: House\n")
    rules = engine.load_variant(str(tmp_path / "house.yaml"))
    game = engine.Game(rules, seed=2)
    chooser = random.Random(2)
    while not game.results:
        game.apply(chooser.choice(game.legal_actions()))
    transcript = game.transcript(0)
    transcript["variant"] = "house.yaml"
    code, out, _ = run(capsys, "replay", write(tmp_path, transcript), "--format", "json")
    assert code == 0 and json.loads(out) == game.results[0].to_dict()


# -- many transcripts in one run (issue 15, "Bulk replay") ---------------------------------------------


def corpus(tmp_path: Path, count: int = 3) -> list[tuple[Path, engine.HandResult]]:
    """``count`` transcripts of whole hands, the last one in a subfolder."""
    written = []
    for seed in range(count):
        transcript, result = finished_hand(seed=seed + 10)
        folder = tmp_path / "sub" if seed == count - 1 else tmp_path
        folder.mkdir(exist_ok=True)
        path = folder / f"hand-{seed}.json"
        path.write_text(json.dumps(transcript))
        written.append((path, result))
    return written


def test_replay_many_files_reports_each_and_a_summary(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    hands = corpus(tmp_path)
    code, out, err = run(capsys, "replay", *(str(path) for path, _ in hands))
    lines = out.splitlines()
    assert code == 0 and err == "" and len(lines) == 4
    for (path, result), line in zip(hands, lines):
        assert line.startswith(f"{path}: ok: {result.contract} by seat {result.declarer} ")
        assert f"scores {result.scores[0]}, {result.scores[1]}" in line
    assert lines[-1] == "3 transcript(s): 3 replayed, 0 failed."


def test_replay_a_folder_takes_every_json_below_it_in_name_order(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    hands = corpus(tmp_path)
    (tmp_path / "notes.txt").write_text("not a transcript")
    code, out, _ = run(capsys, "replay", str(tmp_path), "--format", "json")
    printed = json.loads(out)
    assert code == 0 and (printed["replayed"], printed["failed"]) == (3, 0)
    assert [entry["file"] for entry in printed["files"]] == sorted(str(path) for path, _ in hands)
    by_file = {str(path): result for path, result in hands}
    assert all(entry["ok"] and entry["result"] == by_file[entry["file"]].to_dict() for entry in printed["files"])


def test_replay_many_exits_1_when_one_fails_and_names_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    hands = corpus(tmp_path)
    broken = hands[1][0]
    data = json.loads(broken.read_text())
    data["actions"][0] = "2 bid 7H"  # seat 1 opens
    broken.write_text(json.dumps(data))
    code, out, _ = run(capsys, "replay", str(tmp_path), "--failures-only")
    assert code == 1
    assert out.splitlines() == [
        f"{broken}: transcript.actions[0] ('2 bid 7H'): it is seat 1's turn, not seat 2's.",
        "3 transcript(s): 2 replayed, 1 failed.",
    ]
    code, out, _ = run(capsys, "replay", str(tmp_path), "--format", "json")
    failed = [entry for entry in json.loads(out)["files"] if not entry["ok"]]
    assert code == 1 and failed == [
        {"file": str(broken), "ok": False, "error": "transcript.actions[0] ('2 bid 7H'): it is seat 1's turn, not seat 2's.", "index": 0}
    ]


def test_replay_many_with_an_unreadable_file_or_an_empty_folder_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    hands = corpus(tmp_path, 1)
    empty = tmp_path / "empty"
    empty.mkdir()
    (tmp_path / "bad.json").write_text('{"variant": ')
    code, out, _ = run(capsys, "replay", str(hands[0][0]), str(tmp_path / "absent.json"), str(empty), str(tmp_path / "bad.json"))
    assert code == 2
    assert f"{empty}: this folder holds no *.json transcript." in out
    assert f"{tmp_path / 'absent.json'}: cannot read the transcript" in out
    assert f"{tmp_path / 'bad.json'}:1:13: not valid JSON" in out
    assert out.splitlines()[-1] == "4 transcript(s): 1 replayed, 3 failed."


def test_replay_many_loads_each_variant_once(capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.game.records as command

    hands = corpus(tmp_path, 4)
    loaded: list[str] = []
    real = command.load_variant
    monkeypatch.setattr(command, "load_variant", lambda reference: loaded.append(reference) or real(reference))
    for path, _ in hands:  # as written before transcripts carried their variant: each names it
        old = json.loads(path.read_text(encoding="utf-8"))
        del old["variant_rules"]
        del old["check"]["variant_rules"]
        path.write_text(json.dumps(old), encoding="utf-8")
    code, _, _ = run(capsys, "replay", *(str(path) for path, _ in hands))
    assert code == 0 and loaded == ["standard"]


def test_replay_given_a_saved_game_says_what_it_is(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A new user's trial: a saved game given to replay was refused as "unknown key 'deals'"; it is now
    named for what it is, with where it opens (docs/formats.md)."""
    saved = tmp_path / "saved.json"
    saved.write_text(json.dumps(engine.Game(engine.load_variant("standard"), seed=1).to_dict()))
    code, _, err = run(capsys, "replay", str(saved))
    assert code == 1 and "this is a saved game, not a transcript" in err and "load FILE" in err
