"""The engine protocol (issue 31): every example of docs/protocol.md run against a real session and checked
against the shipped JSON Schema, the Python client over a subprocess, the Node client playing a whole
game, per-seat events, limits, and a variant read only from the server's folder."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from engine.language.resources import protocol_schema_path
from engine.protocol import EngineClient, EngineReplyError, Session, serve
from engine.protocol.server import COMMANDS, MAX_LINE_BYTES

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads(protocol_schema_path().read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def examples() -> list[tuple[str, str]]:
    """The (request, reply) pairs of docs/protocol.md, in order."""
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    pairs, request = [], None
    for line in text.splitlines():
        if line.startswith("→ "):
            request = line[2:]
        elif line.startswith("← "):
            assert request is not None
            pairs.append((request, line[2:]))
            request = None
    return pairs


def matches(shown: Any, actual: Any, where: str = "$") -> None:
    """``shown`` (the doc's reply) is part of ``actual``: every field shown is there with the value shown;
    ``"…"`` stands for any value."""
    if shown == "…":
        return
    if isinstance(shown, dict):
        assert isinstance(actual, dict), where
        for key, value in shown.items():
            assert key in actual, f"{where}.{key} missing from {json.dumps(actual)[:300]}"
            matches(value, actual[key], f"{where}.{key}")
    elif isinstance(shown, list):
        assert isinstance(actual, list) and len(actual) == len(shown), f"{where}: {actual!r:.300}"
        for index, (each, other) in enumerate(zip(shown, actual)):
            matches(each, other, f"{where}[{index}]")
    else:
        assert shown == actual, f"{where}: the doc shows {shown!r}, the engine answered {actual!r}"


def test_every_documented_message_is_answered_as_documented() -> None:
    """Issue 31: "every message in the doc has an example that a test runs"; each request and reply is
    valid under the shipped schema."""
    session = Session(str(ROOT))
    pairs = examples()
    assert len(pairs) >= 15
    seen = set()
    replies: dict[object, dict[str, Any]] = {}
    for request, reply in pairs:
        for key, value in replies.items():  # the doc does not repeat a saved game: it names the reply
            request = request.replace(f'"<the saved game of reply {key}>"', json.dumps(value.get("saved")))
        answered = json.loads(session.answer_line(request))
        replies[answered.get("id")] = answered
        matches(json.loads(reply), answered)
        VALIDATOR.validate(answered)
        try:
            decoded = json.loads(request)
        except ValueError:
            continue
        if answered["ok"]:  # a request the engine accepted is valid under the schema
            VALIDATOR.validate(decoded)
            seen.add(decoded["cmd"])
    assert seen == set(COMMANDS)


def test_python_client_plays_a_whole_game_and_its_saves_reload(tmp_path: Path) -> None:
    with EngineClient([sys.executable, "-m", "engine", "serve"], cwd=str(tmp_path)) as client:
        game = client.request("new_game", variant="five-handed", seed=11)["game"]
        state = client.request("state", game=game, seat=0)
        halfway = None
        while not state["over"]:
            action = client.request("bot", game=game, name="random")["action"]
            state = client.request("act", game=game, player=state["to_act"], action=action, seat=0)
            VALIDATOR.validate(state)
            if halfway is None and state["phase"] == "play":
                halfway = client.request("save", game=game)["saved"], state["observation"]
        assert state["winner"] is not None
        assert halfway is not None
        again = client.request("load", saved=halfway[0])["game"]
        seat = halfway[1]["seat"]  # act answers the acting player's view
        assert client.request("state", game=again, seat=seat)["observation"] == halfway[1]
        with pytest.raises(EngineReplyError) as refused:
            client.request("act", game=again, player=0, action="play XX")
        assert refused.value.code == "illegal_action"


def test_a_seat_is_told_its_own_kitty_and_nobody_the_deal() -> None:
    session = Session()

    def ask(**request: Any) -> dict[str, Any]:
        reply: dict[str, Any] = json.loads(session.answer_line(json.dumps(request)))
        assert reply["ok"], reply
        return reply

    ask(cmd="new_game", variant="standard", seed=3)
    state = ask(cmd="state", game="g1", seat=0)
    while state["phase"] == "auction":
        player = state["to_act"]
        state = ask(cmd="act", game="g1", player=player, action=ask(cmd="bot", game="g1")["action"])
    declarer = state["to_act"]
    everyone = ask(cmd="events", game="g1")["events"]
    own = ask(cmd="events", game="g1", seat=declarer)["events"]
    other = ask(cmd="events", game="g1", seat=(declarer + 1) % 4)["events"]
    assert everyone[0]["type"] == "dealt" and everyone[0]["hands"] == [10, 10, 10, 10] and own[0] == everyone[0]
    taken = [event for event in own if event["type"] == "kitty_taken"]
    assert taken and len(taken[0]["cards"]) == 3
    assert [event for event in other if event["type"] == "kitty_taken"][0]["cards"] == 3
    state = ask(cmd="state", game="g1", seat=declarer)
    assert state["legal"] is None and state["discard"]["count"] == 3 and len(state["discard"]["from"]) == 13
    assert len(ask(cmd="state", game="g1", seat=declarer, all_legal=True)["legal"]) == state["legal_count"] == 286


def test_long_lines_blank_lines_and_quit() -> None:
    lines = (
        b"\n".join([b'{"id":1,"cmd":"hello"}', b"", b"x" * (MAX_LINE_BYTES + 10), b'{"id":2,"cmd":"quit"}', b'{"id":3,"cmd":"hello"}'])
        + b"\n"
    )
    out = io.StringIO()
    assert serve(io.BytesIO(lines), out) == 0
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [reply.get("id") for reply in replies] == [1, None, 2]  # nothing after quit
    assert replies[1]["error"]["code"] == "line_too_long"


def test_a_reply_is_one_line_to_any_line_reader() -> None:
    """An id holding U+0085, U+2028 or U+2029 (which JSON leaves unescaped and Python's ``splitlines``, or
    a JavaScript line reader, take for line ends) comes back escaped: one reply, one line (the fuzzer
    found the reply split in two)."""
    request = json.dumps({"id": "a\u0085b\u2028c\u2029d ♠", "cmd": "hello"}, ensure_ascii=False)
    out = io.StringIO()
    assert serve(io.BytesIO(request.encode("utf-8") + b"\n"), out) == 0
    lines = out.getvalue().splitlines()
    assert len(lines) == 1 and "\\u0085" in lines[0] and "♠" in lines[0]
    assert json.loads(lines[0])["id"] == "a\u0085b\u2028c\u2029d ♠"


def test_a_variant_path_is_read_only_inside_the_servers_folder(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text("extends: standard\nname: House\n", encoding="utf-8")
    outside = tmp_path.parent / "outside-protocol.yaml"
    outside.write_text("extends: standard\nname: Outside\n", encoding="utf-8")
    session = Session(str(tmp_path))
    assert json.loads(session.answer_line(json.dumps({"cmd": "new_game", "variant": "house.yaml"})))["name"] == "House"
    for path in (str(outside), "../outside-protocol.yaml"):
        reply = json.loads(session.answer_line(json.dumps({"cmd": "new_game", "variant": path})))
        assert reply["error"]["code"] == "invalid_variant"


def test_too_many_games() -> None:
    session = Session()
    from engine.protocol import server

    for _ in range(server.MAX_GAMES):
        assert json.loads(session.answer_line('{"cmd":"new_game","variant":"standard","seed":1}'))["ok"]
    reply = json.loads(session.answer_line('{"cmd":"new_game","variant":"standard","seed":1}'))
    assert reply["error"]["code"] == "too_many_games"
    assert json.loads(session.answer_line('{"cmd":"close","game":"g1"}'))["ok"]
    assert json.loads(session.answer_line('{"cmd":"new_game","variant":"standard","seed":1}'))["ok"]


def test_schema_command_prints_the_protocol_schema(capsys: pytest.CaptureFixture[str]) -> None:
    from commandline import run

    code, out, _ = run(capsys, "schema", "--protocol")
    assert code == 0 and json.loads(out)["title"] == SCHEMA["title"]


def test_javascript_client_plays_a_whole_game_of_american() -> None:
    """Issue 31: "the JavaScript client plays whole games in CI" (Node is on the CI machine)."""
    node = shutil.which("node")
    if node is None:
        if os.environ.get("FIVEHUNDRED_REQUIRE_NODE"):
            pytest.fail("FIVEHUNDRED_REQUIRE_NODE is set but node is not installed")
        pytest.skip("node is not installed")
    environment = {**os.environ, "FIVEHUNDRED_SERVE": f"{sys.executable} -m engine serve"}
    for seed in ("1", "2"):
        done = subprocess.run(
            [node, str(ROOT / "clients" / "js" / "play.js"), seed], capture_output=True, text=True, timeout=300, env=environment
        )
        assert done.returncode == 0, done.stderr
        assert "game over after" in done.stdout and "won" in done.stdout


def test_the_serve_process_answers_every_line_and_lives_on() -> None:
    """Issue 31: "a malformed line never ends the process"; invalid UTF-8, a huge line, nonsense, then a
    good request, each answered in order by the real process."""
    lines = [b"\xff\xfe not utf-8", b"{" * 5000, b"x" * (MAX_LINE_BYTES + 5), b'{"id": 1, "cmd": "act"}', b'{"id": 2, "cmd": "hello"}']
    done = subprocess.run(
        [sys.executable, "-m", "engine", "serve"], input=b"\n".join(lines) + b"\n", capture_output=True, timeout=120, check=False
    )
    replies = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    assert done.returncode == 0 and len(replies) == len(lines)
    assert [reply["ok"] for reply in replies] == [False, False, False, False, True]
    assert [reply["error"]["code"] for reply in replies[:4]] == ["bad_json", "bad_json", "line_too_long", "unknown_game"]
