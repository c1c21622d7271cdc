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
    if isinstance(shown, str) and shown.endswith("…") and isinstance(actual, str):  # a text that goes on
        assert actual.startswith(shown[:-1]), f"{where}: the doc shows {shown!r}, the engine answered {actual!r}"
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
    numbers = []
    for request, reply in pairs:
        try:
            decoded = json.loads(request)
        except ValueError:
            decoded = None
        if isinstance(decoded, dict) and isinstance(decoded.get("saved"), dict) and "…" in decoded["saved"]:
            # The doc cuts a saved game short, naming the reply it came from: the whole of it is sent.
            number = int(decoded["saved"]["…"].split("reply ")[1].split("'")[0])
            shown = {key: value for key, value in decoded["saved"].items() if key != "…"}
            whole = replies[number]["saved"]
            assert all(whole[key] == value for key, value in shown.items())
            request = json.dumps(dict(decoded, saved=whole))
        if isinstance(decoded, dict) and isinstance(decoded.get("id"), int):
            numbers.append(decoded["id"])
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
    assert numbers == list(range(1, len(numbers) + 1)), "the examples' ids run in order, as the document says"


def test_python_client_plays_a_whole_game_and_its_saves_reload(tmp_path: Path) -> None:
    with EngineClient([sys.executable, "-m", "engine", "serve"], cwd=str(tmp_path)) as client:
        game = client.request("new_game", variant="five-handed", seed=11)["game"]
        state = client.request("state", game=game, player=0)
        halfway = None
        while not state["over"]:
            action = client.request("bot", game=game, name="random")["action"]
            state = client.request("act", game=game, player=state["to_act"], action=action, viewer=0)
            VALIDATOR.validate(state)
            if halfway is None and state["phase"] == "play":
                halfway = client.request("save", game=game)["saved"], state["observation"]
        assert state["winner"] is not None
        assert halfway is not None
        again = client.request("load", saved=halfway[0])["game"]
        seat = halfway[1]["seat"]  # act answers the acting player's view
        assert client.request("state", game=again, player=seat)["observation"] == halfway[1]
        with pytest.raises(EngineReplyError) as refused:
            client.request("act", game=again, player=0, action="play XX")
        assert refused.value.code == "illegal_action"
        # A blank line is answered (the client waited for ever); a line break would split one send in two.
        assert client.send_line("   ")["error"]["code"] == "bad_json"
        with pytest.raises(ValueError, match="holds a line break"):
            client.send_line('{"cmd":"hello"}\n{"cmd":"hello"}')
        assert client.request("hello")["ok"]


def test_a_seat_is_told_its_own_kitty_and_nobody_the_deal() -> None:
    session = Session()

    def ask(**request: Any) -> dict[str, Any]:
        reply: dict[str, Any] = json.loads(session.answer_line(json.dumps(request)))
        assert reply["ok"], reply
        return reply

    ask(cmd="new_game", variant="standard", seed=3)
    state = ask(cmd="state", game="g1", player=0)
    while state["phase"] == "auction":
        player = state["to_act"]
        state = ask(cmd="act", game="g1", player=player, action=ask(cmd="bot", game="g1")["action"])
    declarer = state["to_act"]
    everyone = ask(cmd="events", game="g1")["events"]
    own = ask(cmd="events", game="g1", viewer=declarer)["events"]
    other = ask(cmd="events", game="g1", seat=(declarer + 1) % 4)["events"]  # 'seat', the former name of 'viewer', is still read
    assert everyone[0]["type"] == "dealt" and everyone[0]["hands"] == [10, 10, 10, 10] and own[0] == everyone[0]
    taken = [event for event in own if event["type"] == "kitty_taken"]
    assert taken and len(taken[0]["cards"]) == 3
    assert [event for event in other if event["type"] == "kitty_taken"][0]["cards"] == 3
    state = ask(cmd="state", game="g1", player=declarer)
    assert state["legal"] is None and state["discard"]["count"] == 3 and len(state["discard"]["from"]) == 13
    # 'seat', the former name of 'player', is still read.
    assert len(ask(cmd="state", game="g1", seat=declarer, all_legal=True)["legal"]) == state["legal_count"] == 286


def test_long_lines_blank_lines_and_quit() -> None:
    """Every line gets one reply, a blank one too (an embedder's trial: it got none, and a client waiting
    for its reply hung); nothing after quit."""
    lines = (
        b"\n".join(
            [b'{"id":1,"cmd":"hello"}', b"", b" \t", b"x" * (MAX_LINE_BYTES + 10), b'{"id":2,"cmd":"quit"}', b'{"id":3,"cmd":"hello"}']
        )
        + b"\n"
    )
    out = io.StringIO()
    assert serve(io.BytesIO(lines), out) == 0
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [reply.get("id") for reply in replies] == [1, None, None, None, 2]  # nothing after quit
    assert [reply["error"]["code"] for reply in replies[1:4]] == ["bad_json", "bad_json", "line_too_long"]
    assert replies[1]["error"]["message"] == "An empty line is not a request: send one JSON object a line."


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
    """Issue 31: "the JavaScript client plays whole games in CI" (Node is on the CI machine). Issue 49,
    item 1: it lets the engine's bots play the other players' turns with ``play_bots``, not ``bot`` then
    ``act`` for each."""
    source = (ROOT / "clients" / "js" / "play.js").read_text(encoding="utf-8")
    assert 'request("play_bots"' in source and 'request("bot"' not in source
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
        assert "game over after" in done.stdout and "won" in done.stdout and "by the engine's bots" in done.stdout


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


# -- issue 49: the document, the schema and the engine agree ---------------------------------------------


def _event_definitions() -> dict[str, dict[str, Any]]:
    """Each event type's definition in the schema, by type."""
    definitions = SCHEMA["$defs"]
    found = {}
    for reference in definitions["event"]["oneOf"]:
        definition = definitions[reference["$ref"].rsplit("/", 1)[-1]]
        found[definition["properties"]["type"]["const"]] = definition
    return found


def test_issue_49_every_event_type_has_one_schema_definition_with_the_engines_fields() -> None:
    """Issue 49, item 1: only ``bid_made`` and ``dealt`` were shown; every event type of the engine has
    exactly one definition in the schema, whose fields are the event class's (and ``type``), each
    described, with an example valid under it."""
    import dataclasses
    import typing

    from engine.game.telling import event_type
    from engine.kernel import events

    definitions = _event_definitions()
    classes = {event_type(cls.__new__(cls)): cls for cls in typing.get_args(events.Event)}
    assert len(SCHEMA["$defs"]["event"]["oneOf"]) == len(definitions) == len(classes)
    assert set(definitions) == set(classes)
    for name, definition in definitions.items():
        fields = [field.name for field in dataclasses.fields(classes[name])]
        assert list(definition["properties"]) == ["type", *fields], name
        assert definition["required"] == ["type", *fields] and definition["additionalProperties"] is False
        assert all(spec.get("description") for key, spec in definition["properties"].items() if key != "type"), name
        assert definition["examples"]
        for example in definition["examples"]:
            jsonschema.Draft202012Validator({"$ref": "#/$defs/event", "$defs": SCHEMA["$defs"]}).validate(example)
            assert example["type"] == name


def test_issue_49_the_documents_events_section_is_written_from_the_schema() -> None:
    """Issue 49, item 1: docs/protocol.md lists every event type with every field, and cannot drift from
    the schema: its section is what ``python -m engine.protocol.reference`` writes; each example it shows
    is valid under the schema's event definitions."""
    from engine.protocol.reference import BEGIN, END, events_markdown

    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    section = text[text.index(BEGIN) : text.index(END) + len(END)] + "\n"
    assert section == events_markdown(), "docs/protocol.md's events are stale: paste in python -m engine.protocol.reference"
    shown = [json.loads(line) for line in section.splitlines() if line.startswith('{"type": ')]
    assert {example["type"] for example in shown} == set(_event_definitions())
    event = {"$ref": "#/$defs/event", "$defs": SCHEMA["$defs"]}
    for example in shown:
        jsonschema.Draft202012Validator(event).validate(example)
    for name in _event_definitions():
        assert f"#### `{name}`" in text


def _every_event_type_played() -> list[tuple[Session, str]]:
    """Sessions whose games, between them, cause every event type: whole games of variants with each
    feature played by the random bot through ``play_bots``, a misdeal and a claim under a house rule, and
    a hand every player passes."""
    games = []
    variants = {
        "american": 1,
        "five-handed": 1,
        "two-handed": 1,
        "two-handed-52": 1,
        "two-handed-draw": 1,
        "declare": 2,
        "breach": 1,
        "blind-misere": 1,
    }
    for variant, seed in variants.items():
        session = Session()
        answer = json.loads(session.answer_line(json.dumps({"cmd": "new_game", "variant": variant, "seed": seed})))
        assert answer["ok"], answer
        reply = json.loads(session.answer_line(json.dumps({"cmd": "play_bots", "game": "g1", "name": "random"})))
        assert reply["ok"] and reply["over"], reply
        games.append((session, "g1"))
    house = "extends: standard\nscoring:\n  lay_down_penalty: 50\ndeal:\n  misdeal_without_face_card: true\n"
    session = Session()
    for request in (
        {"cmd": "new_game", "variant_text": house, "seed": 3},
        {"cmd": "act", "game": "g1", "player": 1, "action": "bid 6S"},
        *({"cmd": "act", "game": "g1", "player": player, "action": "pass"} for player in (2, 3, 0)),
    ):
        assert json.loads(session.answer_line(json.dumps(request)))["ok"]
    state = json.loads(session.answer_line('{"cmd": "state", "game": "g1", "player": 1}'))
    while state["phase"] != "play":
        action = state["legal"][0] if state["legal"] else "discard " + " ".join(state["discard"]["from"][: state["discard"]["count"]])
        state = json.loads(session.answer_line(json.dumps({"cmd": "act", "game": "g1", "player": 1, "action": action})))
    claim = "claim " + " ".join(state["observation"]["hand"])
    assert json.loads(session.answer_line(json.dumps({"cmd": "act", "game": "g1", "player": 1, "action": claim})))["ok"]
    games.append((session, "g1"))
    session = Session()
    session.answer_line('{"cmd": "new_game", "variant": "standard", "seed": 1}')
    for player in (1, 2, 3, 0):
        assert json.loads(session.answer_line(json.dumps({"cmd": "act", "game": "g1", "player": player, "action": "pass"})))["ok"]
    games.append((session, "g1"))
    return games


def test_issue_49_every_event_the_engine_tells_is_valid_under_its_schema_definition() -> None:
    """Issue 49, item 1: a client met thirteen event types no document showed; every event of real games
    (every type among them), told as everyone and as each player may be told it, is valid under the
    schema's definitions, which forbid fields they do not list."""
    event = jsonschema.Draft202012Validator({"$ref": "#/$defs/event", "$defs": SCHEMA["$defs"]})
    seen: set[str] = set()
    for session, game in _every_event_type_played():
        players = session.games[game].game.rules.seating.players
        for viewer in (None, *range(players)):
            request = {"cmd": "events", "game": game} | ({} if viewer is None else {"viewer": viewer})
            reply = json.loads(session.answer_line(json.dumps(request)))
            VALIDATOR.validate(reply)
            for each in reply["events"]:
                event.validate(each)
                seen.add(each["type"])
    assert seen == set(_event_definitions())


def test_issue_49_play_bots_plays_until_the_clients_player_must_act_and_answers_the_events() -> None:
    """Issue 49, item 1: a request that lets the engine's bots play until a given player must act, returning
    the actions and events (the same as ``events`` tells), then that player's view; a list of players, no
    ``until`` (to the end of the game), and a bad ``until`` refused."""
    session = Session()
    validated = 0

    def ask(**request: Any) -> dict[str, Any]:
        nonlocal validated
        reply: dict[str, Any] = json.loads(session.answer_line(json.dumps(request)))
        if validated < 30 or not reply["ok"]:  # (validating every reply of a whole game takes long)
            VALIDATOR.validate(reply)
            validated += 1
        return reply

    ask(cmd="new_game", variant="standard", seed=12)
    turns = 0
    while True:
        before = ask(cmd="events", game="g1")["event_count"]
        reply = ask(cmd="play_bots", game="g1", until=[0, 2], viewer=0)
        assert reply["ok"] and reply["events"] == ask(cmd="events", game="g1", since=before, viewer=0)["events"]
        assert all(int(action.split()[0]) in (1, 3) for action in reply["actions"])
        if reply["over"]:
            break
        assert reply["to_act"] in (0, 2) and reply["observation"]["seat"] == 0
        player = reply["to_act"]
        mine = ask(cmd="state", game="g1", player=player)
        action = mine["legal"][0] if mine["legal"] else "discard " + " ".join(mine["discard"]["from"][: mine["discard"]["count"]])
        assert ask(cmd="act", game="g1", player=player, action=action)["ok"]
        turns += 1
    assert turns > 10 and reply["winner"] is not None
    ask(cmd="new_game", variant="two-handed", seed=4)
    to_end = ask(cmd="play_bots", game="g2", name="random")
    assert to_end["over"] and to_end["actions"] and len(to_end["events"]) == to_end["event_count"] - 1  # all but the first deal
    for until in (2, [0, 5], "0", [True]):
        refused = ask(cmd="play_bots", game="g2", until=until)
        assert refused["error"]["code"] == "bad_request" and "'until' must be a player's number" in refused["error"]["message"]


def test_issue_49_play_bots_stops_after_the_limit_and_goes_on_when_asked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 49, item 1: one ``play_bots`` takes at most ``limits.bot_actions`` actions; asked again it goes on."""
    from engine.protocol import server

    monkeypatch.setattr(server, "MAX_BOT_ACTIONS", 3)
    session = Session()
    session.answer_line('{"cmd": "new_game", "variant": "standard", "seed": 2}')
    first = json.loads(session.answer_line('{"cmd": "play_bots", "game": "g1"}'))
    assert len(first["actions"]) == 3 and not first["over"]
    second = json.loads(session.answer_line('{"cmd": "play_bots", "game": "g1"}'))
    assert len(second["actions"]) == 3 and second["event_count"] > first["event_count"]


def test_issue_49_a_game_without_a_seed_reports_the_seed_it_chose_and_a_string_seed_is_a_seed() -> None:
    """Issue 49, item 1: ``new_game`` without a seed never said which one it chose, so the game could not be
    played again; the reply's ``seed`` deals the same game again. ``"seed": "abc"`` is a seed (the Python
    ``Game`` takes strings), documented: the same text deals the same game; a seed of another kind is refused."""
    session = Session()

    def first_hand(**request: Any) -> tuple[dict[str, Any], list[str]]:
        reply = json.loads(session.answer_line(json.dumps({"cmd": "new_game", "variant": "standard", **request})))
        state = json.loads(session.answer_line(json.dumps({"cmd": "state", "game": reply["game"], "player": 0})))
        return reply, state["observation"]["hand"]

    chosen, hand = first_hand()
    assert type(chosen["seed"]) is int and 0 <= chosen["seed"] < 2**53
    assert first_hand(seed=chosen["seed"])[1] == hand
    assert first_hand(seed="abc")[0]["seed"] == "abc" and first_hand(seed="abc")[1] == first_hand(seed="abc")[1]
    assert first_hand(seed="abc")[1] != first_hand(seed="abd")[1]
    for seed in (1.5, [1], True):
        reply = json.loads(session.answer_line(json.dumps({"cmd": "new_game", "variant": "standard", "seed": seed})))
        assert reply["error"]["code"] == "bad_request"


def test_issue_49_unstated_behaviours_are_answered_as_documented(tmp_path: Path) -> None:
    """Issue 49, item 1: ``variant`` with ``variant_text`` is a ``bad_request`` (the text silently won); an
    unknown variant is refused with the command line's sentence; a damaged saved game is a ``bad_request``;
    ``legal`` is ``[]`` for a player who is not to act; a dummy's seat as a player is refused naming it."""
    session = Session(str(tmp_path))

    def ask(**request: Any) -> dict[str, Any]:
        reply: dict[str, Any] = json.loads(session.answer_line(json.dumps(request)))
        VALIDATOR.validate(reply)
        return reply

    both = ask(cmd="new_game", variant="american", variant_text="extends: standard\nname: Text\n")
    assert both["error"]["code"] == "bad_request" and "not both" in both["error"]["message"]
    unknown = ask(cmd="new_game", variant="nosuch")["error"]
    assert unknown["code"] == "invalid_variant"
    assert unknown["message"].startswith("There is no file and no shipped variant called 'nosuch'. Shipped variants: ")
    assert "'american'" in ask(cmd="new_game", variant="americn")["error"]["message"]  # a misspelling: the name meant
    game = ask(cmd="new_game", variant="american", seed=1)["game"]
    saved = ask(cmd="save", game=game)["saved"]
    ask(cmd="act", game=game, player=1, action="pass")
    damaged = dict(saved, hands=[dict(saved["hands"][0], actions=["1 play XX"])])
    for bad in (damaged, dict(saved, rng="nonsense"), {"format": "fivehundred-game/2"}):
        assert ask(cmd="load", saved=bad)["error"]["code"] == "bad_request"
    waiting = ask(cmd="state", game=game, player=0)
    assert waiting["to_act"] == 2 and waiting["legal"] == [] and waiting["legal_count"] == 0
    two = ask(cmd="new_game", variant="two-handed", seed=1)["game"]
    dummy = ask(cmd="state", game=two, player=2)["error"]
    assert dummy["code"] == "bad_request" and "dummies" in dummy["message"] and "player's number from 0 to 1" in dummy["message"]
    assert ask(cmd="act", game=two, player=3, action="pass")["error"]["message"].startswith("'player' must be a player's number")


def test_a_request_naming_no_game_says_so(tmp_path: Path) -> None:
    """docs/protocol.md: a game's requests name it by the id new_game or load gave; a request without one
    said "no open game 'None'" (a new user's trial). Its code stays unknown_game."""
    session = Session(str(tmp_path))
    reply = json.loads(session.answer_line(json.dumps({"cmd": "state"})))
    assert reply["error"]["code"] == "unknown_game"
    assert reply["error"]["message"].startswith("No game was named: a state request names its game")
    named = json.loads(session.answer_line(json.dumps({"cmd": "state", "game": "nope"})))
    assert named["error"]["message"] == "There is no open game 'nope'; new_game or load opens one."


def test_load_of_a_saved_game_whose_variant_file_is_broken_or_missing_is_invalid_variant_with_its_problems(tmp_path: Path) -> None:
    """docs/protocol.md: at ``load``, "a variant that does not load" is refused with ``invalid_variant``,
    whose ``problems`` locate each; a new user's trial got ``bad_request`` without ``problems`` for a saved
    game whose variant file was broken or missing. A damaged saved game is still a ``bad_request``."""
    (tmp_path / "house.yaml").write_text("extends: standard\nname: House\n", encoding="utf-8")
    session = Session(str(tmp_path))

    def ask(**request: Any) -> dict[str, Any]:
        reply: dict[str, Any] = json.loads(session.answer_line(json.dumps(request)))
        VALIDATOR.validate(reply)
        return reply

    game = ask(cmd="new_game", variant="house.yaml", seed=1)["game"]
    saved = ask(cmd="save", game=game)["saved"]
    named = {key: value for key, value in saved.items() if key != "variant_rules"}  # read from its file, as older saves are
    named["check"] = {key: value for key, value in saved["check"].items() if key != "variant_rules"}  # (nor did their check cover it)
    assert ask(cmd="load", saved=dict(named, variant="house.yaml"))["ok"]
    (tmp_path / "broken.yaml").write_text("extends: standard\ndeck: 63-card\n", encoding="utf-8")
    broken = ask(cmd="load", saved=dict(named, variant="broken.yaml"))["error"]
    assert broken["code"] == "invalid_variant" and "'broken.yaml' is not a valid variant" in broken["message"]
    assert [(p["file"], p["line"], p["path"]) for p in broken["problems"]] == [("broken.yaml", 2, "$.deal")]
    missing = ask(cmd="load", saved=dict(named, variant="missing.yaml"))["error"]
    assert missing["code"] == "invalid_variant" and "'missing.yaml' cannot be used" in missing["message"]
    assert missing["problems"] == [{"file": "missing.yaml", "line": 0, "column": 0, "path": "$", "message": "No such file."}]
    unknown = ask(cmd="load", saved=dict(named, variant="nosuch"))["error"]
    assert unknown["code"] == "invalid_variant" and unknown["problems"][0]["file"] == "nosuch"
    damaged = ask(cmd="load", saved=dict(saved, rng="nonsense"))["error"]
    assert damaged["code"] == "bad_request" and "problems" not in damaged


def test_a_field_of_the_wrong_kind_is_shown_as_it_was_sent() -> None:
    """A new user's trial: ``"player": "2"`` got "'player' must be a player's number from 0 to 3, not 2.",
    which reads as if 2 were refused. The value is shown in its JSON form with its kind, for every field
    that names a player (``player``, ``viewer``, the former ``seat``) and for ``game``."""
    session = Session()

    def error(**request: Any) -> dict[str, Any]:
        reply: dict[str, Any] = json.loads(session.answer_line(json.dumps(request)))
        VALIDATOR.validate(reply)
        assert not reply["ok"]
        return reply["error"]  # type: ignore[no-any-return]

    session.answer_line('{"cmd": "new_game", "variant": "standard", "seed": 1}')
    said = error(cmd="state", game="g1", player="2")
    assert said == {"code": "bad_request", "message": "'player' must be a player's number from 0 to 3, not \"2\" (a string)."}
    assert error(cmd="state", game="g1", seat="2")["message"] == "'seat' must be a player's number from 0 to 3, not \"2\" (a string)."
    assert error(cmd="events", game="g1", viewer=True)["message"].endswith("not true (true or false).")
    assert error(cmd="act", game="g1", player=1.0, action="pass")["message"].endswith("not 1.0 (a number with a fraction).")
    assert error(cmd="state", game="g1", player=[1])["message"].endswith("not [1] (a list).")
    assert error(cmd="state", game="g1", player=None)["message"].endswith("not null.")
    assert error(cmd="state", game="g1", player=7)["message"].endswith("from 0 to 3, not 7.")  # a number: shown as it is
    assert error(cmd="state", game="g1")["message"] == "'player' is missing: it must be a player's number from 0 to 3."
    game = error(cmd="state", game=1, player=0)
    assert game["code"] == "unknown_game" and game["message"] == "'game' must be a game's id (a string, such as \"g1\"), not 1."
    session.answer_line('{"cmd": "new_game", "variant": "two-handed", "seed": 1}')
    assert "dummies" in error(cmd="state", game="g2", player=2)["message"]
    assert error(cmd="state", game="g2", player="2")["message"] == "'player' must be a player's number from 0 to 1, not \"2\" (a string)."


def test_a_request_without_cmd_is_told_that_cmd_is_missing() -> None:
    """A new user's trial: ``{"id":12}`` got "There is no command 'None'"; the reply now says that the
    ``cmd`` field is missing (the code stays ``unknown_command``), and a ``cmd`` that is not a string is
    shown as sent."""
    session = Session()
    reply = json.loads(session.answer_line('{"id":12}'))
    VALIDATOR.validate(reply)
    assert reply["id"] == 12 and reply["error"]["code"] == "unknown_command"
    assert reply["error"]["message"].startswith("The request has no 'cmd' field: every request names its command, one of hello, ")
    assert "None" not in reply["error"]["message"]
    number = json.loads(session.answer_line('{"cmd": 5}'))["error"]["message"]
    assert number.startswith("'cmd' must be a command's name (a string), not 5;")
    assert json.loads(session.answer_line('{"cmd": "deal"}'))["error"]["message"].startswith("There is no command 'deal'; commands: ")


def test_a_seed_out_of_range_is_told_the_range() -> None:
    """A new user's trial: a 30-digit seed got "must be a whole number or a string", though it is a whole
    number; the reply now says the range a whole-number seed must be in (a string seed is another way)."""
    session = Session()

    def seeded(seed: object) -> dict[str, Any]:
        reply: dict[str, Any] = json.loads(session.answer_line(json.dumps({"cmd": "new_game", "variant": "standard", "seed": seed})))
        return reply

    for seed in (10**29, -(2**63)):
        said = seeded(seed)["error"]
        assert said["code"] == "bad_request"
        assert said["message"] == (
            "'seed' is a whole number out of range: a whole-number seed must be from -9,223,372,036,854,775,807 to "
            "9,223,372,036,854,775,807 (2^63 - 1); a string of at most 200 characters is a seed too."
        )
    assert seeded(2**63 - 1)["ok"] and seeded(-(2**63 - 1))["ok"]
    assert seeded("x" * 201)["error"]["message"] == "'seed' is a string of 201 characters: a string seed has at most 200."
    assert seeded(1.5)["error"]["message"].endswith("not 1.5 (a number with a fraction).")


def test_a_line_json_text_cannot_carry_is_bad_json_and_the_session_lives_on() -> None:
    """An embedder's trial: a lone surrogate (``"\\ud800"``, JSON's syntax but no character) in ``id``,
    ``variant`` or ``player`` ended the session with an internal error, losing every open game; ``NaN``,
    ``Infinity`` and ``1e400`` were taken, and the reply echoed them, which is not JSON. Each is refused
    as ``bad_json`` now, every reply is strict JSON, and the session answers the next line."""
    lines = [
        '{"id": 1, "cmd": "new_game", "variant": "standard", "seed": 3}',
        '{"id": "\\ud800", "cmd": "hello"}',
        '{"id": 2, "cmd": "new_game", "variant": "\\ud800"}',
        '{"id": 3, "cmd": "state", "game": "g1", "player": "\\udc00"}',
        '{"id": 4, "cmd": "state", "game": "g1", "player": 0, "x": {"\\ud800": 1}}',
        '{"id": NaN, "cmd": "hello"}',
        '{"id": 1e400, "cmd": "hello"}',
        '{"id": 1' + "0" * 400 + ', "cmd": "hello"}',
        '{"id": 5, "cmd": "state", "game": "g1", "player": -Infinity}',
        '{"id": 6, "cmd": "state", "game": "g1", "player": 0, "note": "\\ud83d\\ude00 \\u00e9"}',
    ]
    sink = io.StringIO()
    assert serve(io.BytesIO("\n".join(lines).encode("utf-8") + b"\n"), sink) == 0

    def strict(constant: str) -> None:
        raise AssertionError(f"{constant} in a reply")

    replies = [json.loads(line, parse_constant=strict) for line in sink.getvalue().splitlines()]
    for reply in replies:
        VALIDATOR.validate(reply)
    assert [reply["ok"] for reply in replies] == [True, False, False, False, False, False, False, False, False, True]
    assert all(reply["error"]["code"] == "bad_json" and reply["id"] is None for reply in replies[1:9])
    assert "out of range" in replies[7]["error"]["message"]  # a whole number past a double's range
    assert "lone UTF-16 surrogate" in replies[2]["error"]["message"] and "$.variant" in replies[2]["error"]["message"]
    assert "$.player" in replies[3]["error"]["message"] and "$.x" in replies[4]["error"]["message"]
    assert "NaN" in replies[5]["error"]["message"] and "out of range" in replies[6]["error"]["message"]
    assert replies[9]["id"] == 6  # a surrogate pair (an emoji) and other text are fine


def test_a_whole_number_with_an_exponent_a_byte_order_mark_and_bad_bytes_are_read_or_said_plainly() -> None:
    """An embedder's trial from Node (docs/protocol.md, "Errors"): ``"seed": 1e3`` (JSON's whole number
    1000) was refused as "a number with a fraction", and ``1e30`` (how JavaScript writes a large whole
    number) the same rather than as out of range; a line starting with a byte-order mark, bytes that are
    not UTF-8 and deep nesting were refused in Python's own words ("decode using utf-8-sig", "maximum
    recursion depth"). An exponent's whole number is that number, a leading mark is ignored, and the rest
    say what is wrong in the protocol's words; a number with a fraction stays one."""
    lines = [
        b'{"id": 1, "cmd": "new_game", "variant": "standard", "seed": 1e3}',
        b'{"id": 2, "cmd": "new_game", "variant": "standard", "seed": 1E+30}',
        b'\xef\xbb\xbf{"id": 3, "cmd": "hello"}',
        b'{"id": 4, "cmd": "hello", "x": "\xff\xfe"}',
        b"[" * 100_000,
        b'{"id": 6, "cmd": "new_game", "variant": "standard", "seed": 2.5e-1}',
        b'{"id": 7, "cmd": "new_game", "variant": "standard", "seed": 1.5e3}',
    ]
    sink = io.StringIO()
    assert serve(io.BytesIO(b"\n".join(lines) + b"\n"), sink) == 0
    replies = [json.loads(line) for line in sink.getvalue().splitlines()]
    assert replies[0]["ok"] and replies[0]["seed"] == 1000
    assert "'seed' is a whole number out of range" in replies[1]["error"]["message"]
    assert replies[2]["ok"] and replies[2]["id"] == 3
    assert (
        replies[3]["error"]["message"] == "The line is not UTF-8 text: byte 0xff at position 32 is not UTF-8 (send JSON encoded as UTF-8)."
    )
    assert replies[4]["error"]["message"].endswith("its arrays or objects nest too deeply (a request needs a few levels).")
    assert "recursion" not in replies[4]["error"]["message"] and "utf-8-sig" not in sink.getvalue()
    assert replies[5]["error"]["message"].endswith("not 0.25 (a number with a fraction).")
    assert replies[6]["ok"] and replies[6]["seed"] == 1500
    same = Session()
    same.answer_line('{"cmd": "new_game", "variant": "standard", "seed": 1000}')
    seeded = Session()
    seeded.answer_line('{"cmd": "new_game", "variant": "standard", "seed": 1e3}')
    assert same.answer_line('{"cmd": "state", "game": "g1", "player": 0}') == seeded.answer_line(
        '{"cmd": "state", "game": "g1", "player": 0}'
    )


def test_a_programs_own_request_with_a_lone_surrogate_is_a_bad_request() -> None:
    """``Session.answer`` takes decoded requests from a Python program: a lone surrogate in ``id`` or a
    string ``seed`` is refused as ``bad_request`` (the seed answered ``internal``), and a reply echoing one
    is still written as JSON any UTF-8 writer takes."""
    session = Session()
    identifier, _, error = session.answer({"id": "\ud800", "cmd": "hello"})
    assert identifier is None and error is not None and error.code == "bad_request"
    _, _, error = session.answer({"cmd": "new_game", "variant": "standard", "seed": "\udc00"})
    assert error is not None and error.code == "bad_request" and "surrogate" in str(error)
    _, _, error = session.answer({"id": float("nan"), "cmd": "hello"})
    assert error is not None and error.code == "bad_request"
    text = session._reply("\ud800", {})
    text.encode("utf-8")  # escaped: it would raise on a lone surrogate
    assert json.loads(text)["id"] == "\ud800"


def test_act_with_a_bad_viewer_changes_nothing() -> None:
    """An embedder's trial: ``act`` checked ``viewer`` after taking the action, so the pass was made, its
    events never told, and a retry refused as out of turn. A refused request changes nothing."""
    session = Session()
    session.answer_line('{"cmd": "new_game", "variant": "standard", "seed": 3}')
    before = json.loads(session.answer_line('{"cmd": "save", "game": "g1"}'))["saved"]
    reply = json.loads(session.answer_line('{"cmd": "act", "game": "g1", "player": 1, "action": "pass", "viewer": 9}'))
    assert reply["error"] == {"code": "bad_request", "message": "'viewer' must be a player's number from 0 to 3, not 9."}
    assert json.loads(session.answer_line('{"cmd": "save", "game": "g1"}'))["saved"] == before
    assert json.loads(session.answer_line('{"cmd": "act", "game": "g1", "player": 1, "action": "pass", "viewer": 1}'))["ok"]


def test_asking_a_bot_changes_nothing_the_bots_play_later() -> None:
    """An embedder's trial: a ``bot`` hint drew from the random numbers of the bot that ``play_bots`` then
    used, so asking changed the game the bots played, and asking twice gave two answers (docs/protocol.md,
    ``bot``: the server takes no action by itself)."""

    def played(hints: int) -> list[str]:
        session = Session()
        session.answer_line('{"cmd": "new_game", "variant": "standard", "seed": 3}')
        answers = {json.loads(session.answer_line('{"cmd": "bot", "game": "g1", "name": "random"}'))["action"] for _ in range(hints)}
        assert len(answers) <= 1  # the same question, the same answer
        reply = json.loads(session.answer_line('{"cmd": "play_bots", "game": "g1", "name": "random"}'))
        assert reply["ok"] and reply["over"]
        return list(reply["actions"])

    assert played(0) == played(3)


def test_fields_of_the_wrong_kind_are_refused_and_shown() -> None:
    """An embedder's trial: ``"all_legal": "yes"`` and a heuristic bot's ``"budget": "x"`` were ignored; a
    number out of range did not say what was sent; a missing game read "a act request"."""
    session = Session()
    session.answer_line('{"cmd": "new_game", "variant": "standard", "seed": 3}')

    def error(**request: Any) -> str:
        reply: dict[str, Any] = json.loads(session.answer_line(json.dumps(request)))
        VALIDATOR.validate(reply)
        assert reply["error"]["code"] == "bad_request", reply
        return str(reply["error"]["message"])

    assert error(cmd="state", game="g1", player=1, all_legal="yes") == "'all_legal' must be true or false, not \"yes\" (a string)."
    assert (
        error(cmd="bot", game="g1", name="heuristic", budget="x")
        == "'budget' must be a whole number from 1 to 100000000, not \"x\" (a string)."
    )
    assert error(cmd="events", game="g1", since=99).endswith("not 99.")
    assert error(cmd="bot", game="g1", name=3).endswith("not 3.")
    missing = json.loads(session.answer_line('{"cmd": "act", "player": 1, "action": "pass"}'))["error"]["message"]
    assert missing.startswith("No game was named: an act request names its game")


def test_the_did_you_mean_file_hint_names_only_a_file_beside_a_bare_name(tmp_path: Path) -> None:
    """A review: the hint for a variant named without '.yaml' offered '../secret.yaml', a file outside the
    server's folder that it then refuses to read. A bare name beside its file still gets the hint."""
    root = tmp_path / "root"
    root.mkdir()
    (tmp_path / "secret.yaml").write_text("extends: standard\n", encoding="utf-8")
    (root / "house.yaml").write_text("extends: standard\n", encoding="utf-8")
    session = Session(str(root))
    outside = json.loads(session.answer_line('{"cmd": "new_game", "variant": "../secret"}'))["error"]
    assert outside["code"] == "invalid_variant" and "Did you mean the file" not in outside["message"]
    beside = json.loads(session.answer_line('{"cmd": "new_game", "variant": "house"}'))["error"]
    assert "Did you mean the file 'house.yaml'?" in beside["message"]


def test_a_number_whose_exponent_is_beyond_exact_reading_is_answered() -> None:
    """A review: ``1e-999999999999999999999`` (valid JSON, a double's 0) raised the decimal module's own
    error past the reader and ended the session; it is read as its double, and the session answers."""
    lines = [
        b'{"id": 1, "cmd": "hello", "x": 1e-999999999999999999999}',
        b'{"id": 2, "cmd": "new_game", "variant": "standard", "seed": 0e99999999999999999999}',
        b'{"id": 3, "cmd": "hello"}',
    ]
    sink = io.StringIO()
    assert serve(io.BytesIO(b"\n".join(lines) + b"\n"), sink) == 0
    replies = [json.loads(line) for line in sink.getvalue().splitlines()]
    assert [reply["id"] for reply in replies] == [1, 2, 3] and replies[0]["ok"] and replies[2]["ok"], replies
