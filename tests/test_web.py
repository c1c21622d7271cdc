"""Issue 51, the web table without a browser: the web session's commands (the protocol's plus validate,
show, hint, undo, step and files), simulations from the page, the files it may read and write, the
server's checks (token, Host, Origin, sizes, JSON errors) and the command line's ``web``.

The session and the runs need no server library; the server's own tests start ``fivehundred web`` (the
``web`` extra) and are skipped with a reason without it.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from commandline import run
from webtable import Server, require_web_extra, start_server

import engine
from engine.web import files
from engine.web.runs import RunGuard
from engine.web.runs import run as run_simulation
from engine.web.session import MAX_WEB_GAMES, WebSession, card_order


def ask(session: WebSession, **request: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(session.answer_line(json.dumps(request)))
    return reply


@pytest.fixture
def session(tmp_path: Path) -> WebSession:
    return WebSession(str(tmp_path))


# -- validate and show, as the command line ----------------------------------------------------------

TYPO = "extends: standard\nname: Typo rules\ncontracts:\n  misere:\n    valeu: 350\n"
WARNED = "extends: standard\nname: B\nbreach: {value: 100, min_level: 8}\n"


@pytest.mark.parametrize("text", [TYPO, WARNED, "extends: standard\ndeck: 63-card\n", "extends: nosuch\n", "name: [\n"])
def test_validate_gives_the_lines_fivehundred_validate_prints(
    text: str, session: WebSession, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    reply = ask(session, cmd="validate", text=text, file="house.yaml")
    (tmp_path / "house.yaml").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "validate", "house.yaml")
    printed = [line for line in out.splitlines() if re.match(r"\S+:\d+:\d+: ", line)]
    assert reply["ok"] and reply["valid"] == (code == 0)
    assert [item["text"] for item in reply["warnings"] + reply["problems"]] == printed
    assert printed, out


def test_show_marks_the_rules_that_differ_from_standard(session: WebSession) -> None:
    australian = ask(session, cmd="show", variant="australian")
    assert australian["ok"] and australian["base"] == "Standard 500" and len(australian["changes"]) == 4
    marked = [line["text"] for section in australian["sections"] for line in section["lines"] if line["changed"]]
    assert any("490" in line for line in marked) and any("misere" in line for line in marked)
    standard = ask(session, cmd="show", variant="standard")
    assert standard["changes"] == [] and not any(line["changed"] for section in standard["sections"] for line in section["lines"])


def test_show_marks_one_line_per_changed_rule_by_its_key_in_every_shipped_variant(session: WebSession) -> None:
    """A review: the page marked a changed line by its section and words, apart from the changes' own pairing
    by rule (``keyed_sections``); it marks by the rule's key now, so every variant's marked lines are
    exactly the rules its changes name as added or changed, one line each (a change that says several bids'
    worth in one line names each of them)."""
    for name in engine.language.resources.shipped_variant_names():
        reply = ask(session, cmd="show", variant=name)
        marked = sum(line["changed"] for section in reply["sections"] for line in section["lines"])
        assert marked == sum(len(change["rules"]) for change in reply["changes"] if change["after"] is not None), name


def test_000_perfect_variant_shows_its_table_of_values_as_one_change_among_seven(session: WebSession) -> None:
    """Rules text 000, "Perfect variant": every bid 20 less than Avondale. A second trial found the Variants
    view listing its 25 single bid values among 31 changes; they are one line now, the specials apart,
    and every bid's own line in the rules below is still marked."""
    reply = ask(session, cmd="show", variant="perfect")
    assert len(reply["changes"]) == 7, [change["after"] for change in reply["changes"]]
    first = reply["changes"][0]
    assert first["after"].startswith("25 bids, 6 spades (6S) to 10 no trump (10NT): each worth 20 less, 20 to 500"), first
    assert len(first["rules"]) == 25 and first["before"].endswith("worth 40 to 520")


def test_show_of_the_editors_text_compares_it_with_the_file_it_extends(session: WebSession) -> None:
    reply = ask(session, cmd="show", text="extends: australian\nname: Mine\nend: {target: 300}\n", file="mine.yaml")
    assert reply["ok"] and reply["base"] == "Australian 500" and reply["target"] == 300
    # Only the target differs from australian (standard would differ in four rules more).
    assert len(reply["changes"]) == 1 and "300" in reply["changes"][0]["after"] and "500" in reply["changes"][0]["before"], reply["changes"]
    marked = [line["text"] for section in reply["sections"] for line in section["lines"] if line["changed"]]
    assert len(marked) == 1 and "300" in marked[0]
    refused = ask(session, cmd="show", text=TYPO)
    assert refused["error"]["code"] == "invalid_variant" and "house.yaml:5:5" in refused["error"]["message"]


def test_the_variants_are_listed_with_their_descriptions(session: WebSession) -> None:
    listed = {row["name"]: row for row in ask(session, cmd="variants")["variants"]}
    assert set(listed) == set(engine.language.resources.shipped_variant_names())
    assert listed["two-handed"]["players"] == 2 and listed["standard"]["playable"] and listed["australian"]["description"]


# -- the table's commands ----------------------------------------------------------------------------


def test_card_order_puts_the_trumps_first_bowers_and_joker_at_the_top() -> None:
    rules = engine.load_variant("standard")
    order = card_order(rules, "7H")
    assert order[:4] == ["JK", "JH", "JD", "AH"] and len(order) == len(rules.deck.cards)


def test_step_plays_one_bot_action_and_the_view_carries_the_card_order(session: WebSession) -> None:
    game = ask(session, cmd="new_game", variant="standard", seed=3)
    assert game["target"] == 500
    state = ask(session, cmd="state", game="g1", player=0)
    assert state["to_act"] == 1 and len(state["card_order"]) == 43
    step = ask(session, cmd="step", game="g1", viewer=0)
    assert step["ok"] and step["action"].startswith("1 ") and len(step["events"]) == 1 and step["to_act"] == 2
    assert step["observation"]["seat"] == 0  # told as the viewer may be told it


def test_undo_takes_the_persons_action_back_with_the_bots_since(session: WebSession) -> None:
    ask(session, cmd="new_game", variant="standard", seed=3)
    assert ask(session, cmd="undo", game="g1", player=0)["error"]["code"] == "illegal_action"
    while ask(session, cmd="state", game="g1", player=0)["to_act"] != 0:
        ask(session, cmd="step", game="g1", viewer=0)
    before = ask(session, cmd="state", game="g1", player=0)
    acted = ask(session, cmd="act", game="g1", player=0, action="pass")
    assert acted["ok"]
    for _ in range(2):
        ask(session, cmd="step", game="g1", viewer=0)
    undone = ask(session, cmd="undo", game="g1", player=0)
    assert undone["ok"] and undone["to_act"] == 0
    assert undone["observation"] == before["observation"] and undone["legal"] == before["legal"]
    assert ask(session, cmd="undo", game="g1", player=0)["error"]["code"] == "illegal_action"


def test_undo_after_the_game_is_over_is_refused(session: WebSession) -> None:
    """A user trial pressed Undo after "Game over": the last card was taken back, the scores went back and
    the finished game was in play again. A finished game's actions cannot be taken back."""
    opened = ask(session, cmd="new_game", variant_text="extends: standard\nname: Short\nend: {target: 30}\n", seed=2)
    game = opened["game"]
    for _ in range(400):
        state = ask(session, cmd="state", game=game, player=0)
        if state["over"]:
            break
        if state["to_act"] == 0:
            hinted = ask(session, cmd="hint", game=game, player=0)["action"]
            assert ask(session, cmd="act", game=game, player=0, action=hinted)["ok"]
        else:
            ask(session, cmd="step", game=game, viewer=0)
    assert state["over"]
    refused = ask(session, cmd="undo", game=game, player=0)
    assert refused["error"]["code"] == "illegal_action" and "The game is over" in refused["error"]["message"]
    assert ask(session, cmd="state", game=game, player=0)["over"]


def test_hint_gives_an_action_and_its_reason_to_the_player_to_act(session: WebSession) -> None:
    ask(session, cmd="new_game", variant="standard", seed=3)
    assert ask(session, cmd="hint", game="g1", player=0)["error"]["code"] == "illegal_action"
    hint = ask(session, cmd="hint", game="g1", player=1)
    assert hint["ok"] and hint["action"] in ask(session, cmd="state", game="g1", player=1)["legal"] and len(hint["reason"]) > 10


def test_the_number_of_open_games_is_bounded(session: WebSession) -> None:
    for _ in range(MAX_WEB_GAMES):
        assert ask(session, cmd="new_game", variant="standard")["ok"]
    refused = ask(session, cmd="new_game", variant="standard")
    assert refused["error"]["code"] == "too_many_games"
    assert ask(session, cmd="close", game="g1")["ok"] and ask(session, cmd="new_game", variant="standard")["ok"]


def test_an_illegal_card_is_refused_with_the_engines_sentence(session: WebSession) -> None:
    ask(session, cmd="new_game", variant="standard", seed=3)
    refused = ask(session, cmd="act", game="g1", player=1, action="play AS")
    assert refused["error"]["code"] == "illegal_action" and "auction" in refused["error"]["message"]


# -- files: under the server's folder only ------------------------------------------------------------


def test_files_are_saved_opened_and_listed_under_the_folder(session: WebSession, tmp_path: Path) -> None:
    (tmp_path / "rules").mkdir()
    assert ask(session, cmd="save_file", path="rules/house.yaml", text=TYPO)["ok"]
    assert (tmp_path / "rules" / "house.yaml").read_text(encoding="utf-8") == TYPO
    assert ask(session, cmd="open_file", path="rules/house.yaml")["text"] == TYPO
    assert ask(session, cmd="files")["files"] == ["rules/house.yaml"]
    # The protocol reads a saved file as a variant, from the same folder.
    assert ask(session, cmd="save_file", path="ok.yaml", text="extends: standard\nname: Ok\n")["ok"]
    assert ask(session, cmd="new_game", variant="ok.yaml")["name"] == "Ok"


def test_a_save_over_a_file_that_exists_replaces_it_only_when_asked_to(session: WebSession, tmp_path: Path) -> None:
    """A user trial (the web editor): Save with another file's name replaced precious.yaml, which the editor
    had never opened, without a word. A file that exists is replaced only with ``replace`` true; without it
    the reply is ``file_exists`` and the file is as it was (the page then asks the person)."""
    precious = tmp_path / "precious.yaml"
    precious.write_text("# ours\nname: Precious rules\n", encoding="utf-8")
    refused = ask(session, cmd="save_file", path="precious.yaml", text="extends: standard\n")
    assert refused["error"]["code"] == "file_exists" and "already exists: nothing was written" in refused["error"]["message"]
    assert precious.read_text(encoding="utf-8") == "# ours\nname: Precious rules\n"
    for bad in ("yes", 1, None):
        assert ask(session, cmd="save_file", path="precious.yaml", text="x: 1\n", replace=bad)["error"]["code"] == "file_refused"
    assert precious.read_text(encoding="utf-8") == "# ours\nname: Precious rules\n"
    assert ask(session, cmd="save_file", path="precious.yaml", text="extends: standard\n", replace=True)["ok"]
    assert precious.read_text(encoding="utf-8") == "extends: standard\n"


@pytest.mark.parametrize(
    "path",
    [
        "/etc/passwd.yaml",
        "../outside.yaml",
        "a/../../outside.yaml",
        ".hidden.yaml",
        "notes.txt",
        "",
        "a\0.yaml",
        "x" * 300 + ".yaml",
        5,
        None,
    ],
)
def test_paths_outside_the_folder_or_not_house_rules_are_refused(path: Any, session: WebSession, tmp_path: Path) -> None:
    for request in ({"cmd": "open_file", "path": path}, {"cmd": "save_file", "path": path, "text": "x: 1\n"}):
        reply = ask(session, **request)
        assert reply["error"]["code"] == "file_refused" and reply["error"]["message"].endswith((".", ")")), reply
    assert not (tmp_path.parent / "outside.yaml").exists()


def test_a_house_rules_file_is_opened_saved_and_listed_whatever_the_case_of_its_ending(session: WebSession, tmp_path: Path) -> None:
    """A trial's ``Other.YAML`` was refused as no house-rules file; the command line reads it, so the page does."""
    assert ask(session, cmd="save_file", path="Other.YAML", text="extends: standard\n")["ok"]
    assert ask(session, cmd="open_file", path="Other.YAML")["text"] == "extends: standard\n"
    assert "Other.YAML" in ask(session, cmd="files")["files"]
    assert ask(session, cmd="open_file", path="notes.YAMLX")["error"]["code"] == "file_refused"


def test_links_leaving_the_folder_and_files_that_are_not_regular_are_refused(session: WebSession, tmp_path: Path) -> None:
    outside = tmp_path.parent / f"{tmp_path.name}-outside.yaml"
    outside.write_text("secret: 1\n", encoding="utf-8")
    (tmp_path / "link.yaml").symlink_to(outside)
    (tmp_path / "folder.yaml").mkdir()
    os.mkfifo(tmp_path / "pipe.yaml")
    (tmp_path / "big.yaml").write_text("x" * (files.MAX_FILE_BYTES + 1), encoding="utf-8")
    (tmp_path / "inner.yaml").write_text("a: 1\n", encoding="utf-8")
    (tmp_path / "inner-link.yaml").symlink_to(tmp_path / "inner.yaml")
    for name, words in (
        ("link.yaml", "outside"),
        ("folder.yaml", "not a regular file"),
        ("pipe.yaml", "not a regular file"),
        ("big.yaml", "too large"),
    ):
        reply = ask(session, cmd="open_file", path=name)
        assert words in reply["error"]["message"], reply
        written = ask(session, cmd="save_file", path=name, text="b: 2\n", replace=True)
        assert written["ok"] if name == "big.yaml" else written["error"]["code"] == "file_refused", written
    assert outside.read_text(encoding="utf-8") == "secret: 1\n"
    # A link inside the folder is read, never written through.
    assert ask(session, cmd="open_file", path="inner-link.yaml")["text"] == "a: 1\n"
    assert ask(session, cmd="save_file", path="inner-link.yaml", text="b: 2\n")["error"]["code"] == "file_refused"
    assert "link.yaml" not in ask(session, cmd="files")["files"]


# -- simulations from the page ------------------------------------------------------------------------


def test_simulate_compare_and_sweep_give_their_reports(session: WebSession) -> None:
    guard = RunGuard()
    seen: list[tuple[int, int]] = []
    simulated = run_simulation(
        session, guard, {"cmd": "simulate", "variant_text": "extends: standard\nname: Mine\n", "hands": 40}, lambda *done: seen.append(done)
    )
    assert "Mine" in simulated["text"] and seen and seen[-1][0] == seen[-1][1]
    compared = run_simulation(
        session, guard, {"cmd": "compare", "first": "standard", "second": "australian", "hands": 40}, lambda *done: None
    )
    assert "Australian 500" in compared["text"]
    swept = run_simulation(
        session, guard, {"cmd": "sweep", "variant": "standard", "set": "contracts.misere.value=200,300", "hands": 40}, lambda *done: None
    )
    assert "contracts.misere.value=300" in swept["text"]
    pytest.importorskip("matplotlib")
    for result in (simulated, compared, swept):
        assert result["html"].startswith("<!DOCTYPE html>") and "<script" not in result["html"]


@pytest.mark.parametrize(
    "request_fields, code",
    [
        ({"cmd": "simulate", "variant": "standard"}, "bad_request"),
        ({"cmd": "simulate", "variant": "standard", "hands": 0}, "bad_request"),
        ({"cmd": "simulate", "variant": "standard", "hands": 10**9}, "bad_request"),
        ({"cmd": "simulate", "variant": "standard", "hands": 5, "games": 5}, "bad_request"),
        ({"cmd": "simulate", "variant": "standard", "hands": 5, "bots": ["nobot"]}, "bad_request"),
        ({"cmd": "simulate", "variant": "nosuch", "hands": 5}, "invalid_variant"),
        ({"cmd": "simulate", "variant": "/etc/passwd", "hands": 5}, "invalid_variant"),
        ({"cmd": "simulate", "variant_text": TYPO, "hands": 5}, "invalid_variant"),
        ({"cmd": "sweep", "variant": "standard", "set": "nokey", "hands": 5}, "bad_request"),
        ({"cmd": "sweep", "variant": "../x.yaml", "set": "a=1,2", "hands": 5}, "file_refused"),
    ],
)
def test_a_run_asked_for_wrongly_is_refused_with_a_sentence(request_fields: dict[str, Any], code: str, session: WebSession) -> None:
    from engine.protocol.server import RequestError

    with pytest.raises(RequestError) as refused:
        run_simulation(session, RunGuard(), request_fields, lambda *done: None)
    assert refused.value.code == code and str(refused.value).endswith((".", ")", "?")), str(refused.value)


def test_a_mistyped_bot_name_is_named_in_the_refusal(session: WebSession) -> None:
    """A user trial typed bots ``heuristc`` in the simulate view and was told only the list of bots."""
    from engine.protocol.server import RequestError

    with pytest.raises(RequestError, match="'bots': 'heuristc' is not a bot; the bots are random, heuristic"):
        run_simulation(session, RunGuard(), {"cmd": "simulate", "variant": "standard", "hands": 5, "bots": "heuristc"}, lambda *done: None)


def test_one_run_at_a_time_and_a_run_can_be_cancelled(session: WebSession) -> None:
    from engine.protocol.server import RequestError

    guard = RunGuard()
    guard.start()
    with pytest.raises(RequestError) as busy:
        run_simulation(session, guard, {"cmd": "simulate", "variant": "standard", "hands": 5}, lambda *done: None)
    assert busy.value.code == "busy"
    guard.finish()

    def cancel(done: int, total: int) -> None:
        guard.cancelled.set()

    with pytest.raises(RequestError) as cancelled:
        run_simulation(session, guard, {"cmd": "simulate", "variant": "standard", "hands": 3000}, cancel)
    assert cancelled.value.code == "cancelled" and not guard.running


# -- the command line ----------------------------------------------------------------------------------


def test_web_without_the_extra_exits_2_naming_the_install_command() -> None:
    code = "import sys; sys.modules['aiohttp'] = None; from engine.cli import main; sys.exit(main(['web']))"
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert completed.returncode == 2 and "pip install aiohttp" in completed.stderr and "pip install '.[web]'" in completed.stderr
    assert "Traceback" not in completed.stderr


def test_web_refuses_a_port_out_of_range(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "web", "--port", "70000")
    assert code == 2 and "port number" in err


def test_the_core_and_the_web_session_import_no_server_library() -> None:
    code = (
        "import sys, engine.cli.program, engine.cli.web, engine.web, engine.web.session, engine.web.runs, engine.web.files\n"
        "from engine.cli.program import build_parser\n"
        "build_parser()\n"
        "assert 'aiohttp' not in sys.modules, 'aiohttp imported'\n"
    )
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert completed.returncode == 0, completed.stderr


def test_the_page_ships_in_the_package_and_loads_nothing_from_another_host() -> None:
    from importlib import resources

    static = resources.files("engine.web").joinpath("static")
    names = sorted(entry.name for entry in static.iterdir())
    assert names == ["app.js", "index.html", "style.css", "table.js"]
    for name in names:
        text = static.joinpath(name).read_text(encoding="utf-8")
        assert "http://" not in text.replace("http://${", "") and "https://" not in text, name
    assert "{{TOKEN}}" in static.joinpath("index.html").read_text(encoding="utf-8")


# -- the server: token, Host, Origin, sizes, JSON errors ----------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from start_server(tmp_path_factory.mktemp("web-server"))


def fetch(url: str, body: bytes | None = None, headers: dict[str, str] | None = None) -> tuple[int, dict[str, Any] | str]:
    request = urllib.request.Request(url, data=body, headers=headers or {}, method="POST" if body is not None else "GET")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            status, raw, kind = answer.status, answer.read().decode("utf-8"), answer.headers.get("Content-Type", "")
    except urllib.error.HTTPError as error:
        status, raw, kind = error.code, error.read().decode("utf-8"), error.headers.get("Content-Type", "")
    return status, json.loads(raw) if "json" in kind else raw


def test_the_server_listens_on_127_0_0_1_with_a_token_in_its_address(server: Server) -> None:
    assert server.base.startswith("http://127.0.0.1:") and len(server.token) >= 24
    status, page = fetch(server.address)
    assert status == 200 and isinstance(page, str) and server.token in page and "<script" in page


@pytest.mark.parametrize(
    "suffix, headers, code",
    [
        ("/", {}, "forbidden"),
        ("/?token=wrong", {}, "forbidden"),
        ("/static/app.js", {}, "forbidden"),
        ("/static/app.js?token=TOKEN", {"Host": "evil.example:80"}, "forbidden"),
        ("/?token=TOKEN", {"Host": "127.0.0.1"}, "forbidden"),
        ("/static/../server.py?token=TOKEN", {}, "not_found"),
        ("/static/secrets.txt?token=TOKEN", {}, "not_found"),
        ("/nothing?token=TOKEN", {}, "not_found"),
    ],
)
def test_requests_without_the_token_or_for_another_host_are_refused_as_json(
    server: Server, suffix: str, headers: dict[str, str], code: str
) -> None:
    status, reply = fetch(server.base + suffix.replace("TOKEN", server.token), headers=headers)
    assert isinstance(reply, dict) and reply["ok"] is False and reply["error"]["code"] == code and status in (403, 404), (status, reply)
    assert "Traceback" not in json.dumps(reply)


def test_the_api_answers_protocol_requests_and_refuses_another_origin_and_a_huge_body(server: Server) -> None:
    url = f"{server.base}/api?token={server.token}"
    status, reply = fetch(url, b'{"cmd": "hello"}', {"Origin": server.base})
    assert status == 200 and isinstance(reply, dict) and reply["protocol"] == "fivehundred/1"
    status, reply = fetch(url, b'{"cmd": "hello"}', {"Origin": "http://evil.example"})
    assert status == 403 and isinstance(reply, dict) and reply["error"]["code"] == "forbidden"
    status, reply = fetch(url, b"not json")
    assert isinstance(reply, dict) and reply["error"]["code"] == "bad_json"
    status, reply = fetch(url, b'{"cmd": "hello", "pad": "' + b"x" * (1 << 21) + b'"}')
    assert status == 413 and isinstance(reply, dict) and reply["error"]["code"] in ("line_too_long", "bad_request"), reply
    status, reply = fetch(url, b'{"cmd": "open_file", "path": "../../etc/passwd.yaml"}')
    assert isinstance(reply, dict) and reply["error"]["code"] == "file_refused"


def test_the_websocket_speaks_the_protocol_and_refuses_another_origin(server: Server) -> None:
    import aiohttp

    async def talk() -> None:
        url = f"{server.base}/ws?token={server.token}"
        async with aiohttp.ClientSession() as client:
            async with client.ws_connect(url, origin=server.base) as socket:
                await socket.send_str(json.dumps({"id": 1, "cmd": "new_game", "variant": "two-handed", "seed": 2}))
                opened = json.loads(await socket.receive_str())
                assert opened["id"] == 1 and opened["game"] and opened["seats"] == 4
                await socket.send_str(json.dumps({"id": 2, "cmd": "state", "game": opened["game"], "player": 2}))
                assert json.loads(await socket.receive_str())["error"]["code"] == "bad_request"
                await socket.send_str(json.dumps({"id": 3, "cmd": "simulate", "variant": "standard", "hands": 30}))
                messages = []
                while True:
                    message = json.loads(await socket.receive_str())
                    messages.append(message)
                    if "progress" not in message:
                        break
                assert messages[-1]["ok"] and "progress" in messages[0] and all(each["id"] == 3 for each in messages)
                await socket.send_bytes(b"\x00")
                assert json.loads(await socket.receive_str())["error"]["code"] == "bad_json"
                await socket.send_str("x" * (2 << 20))
                closing = await socket.receive()
                assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR)
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await client.ws_connect(url, origin="http://evil.example")
            assert refused.value.status == 403
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await client.ws_connect(f"{server.base}/ws", origin=server.base)

    asyncio.run(talk())


def test_a_page_s_games_are_closed_when_it_goes_and_no_other_page_sits_at_them(server: Server) -> None:
    """A user trial reloaded the table sixteen times and then could start no game ("At most 16 games may
    be open"): each page's games stayed open. A game is closed once no page that started it, loaded it or
    sat at it (a seat link) is connected; over ``/api`` a client closes its own."""
    import aiohttp

    async def talk() -> None:
        url = f"{server.base}/ws?token={server.token}"
        async with aiohttp.ClientSession() as client:
            for _ in range(20):  # more than the web table's limit of open games
                async with client.ws_connect(url, origin=server.base) as socket:
                    await socket.send_str(json.dumps({"id": 1, "cmd": "new_game", "variant": "standard"}))
                    assert json.loads(await socket.receive_str())["ok"]
                await asyncio.sleep(0.1)  # (the server lets the page go once the socket's close reaches it)
            async with client.ws_connect(url, origin=server.base) as first, client.ws_connect(url, origin=server.base) as second:
                await first.send_str(json.dumps({"id": 1, "cmd": "new_game", "variant": "standard", "seed": 4}))
                game = json.loads(await first.receive_str())["game"]
                await first.send_str(json.dumps({"id": 2, "cmd": "sit", "game": game, "player": 0}))
                assert json.loads(await first.receive_str())["seated"] == [0]
                await second.send_str(json.dumps({"id": 2, "cmd": "sit", "game": game, "player": 1}))
                assert json.loads(await second.receive_str())["seated"] == [0, 1]
                await first.close()
                await asyncio.sleep(0.2)
                # The seat link's page still holds the game; the seat of the page that went is the bots' again
                # (a review: the guest waited forever at the host's turn).
                await second.send_str(json.dumps({"id": 3, "cmd": "sit", "game": game, "player": 1}))
                assert json.loads(await second.receive_str())["seated"] == [1]
            async with client.ws_connect(url, origin=server.base) as socket:
                await asyncio.sleep(0.2)
                await socket.send_str(json.dumps({"id": 4, "cmd": "state", "game": game, "player": 1}))
                gone = json.loads(await socket.receive_str())
                assert gone["error"]["code"] == "unknown_game", gone  # closed once both pages went
            # A page that closes while its new game is being made still lets it go (a review: 5 of 5 stayed).
            for _ in range(20):
                socket = await client.ws_connect(url, origin=server.base)
                await socket.send_str(json.dumps({"id": 5, "cmd": "new_game", "variant": "standard"}))
                await socket.close()
            await asyncio.sleep(0.3)
            async with client.ws_connect(url, origin=server.base) as socket:
                await socket.send_str(json.dumps({"id": 6, "cmd": "new_game", "variant": "standard"}))
                assert json.loads(await socket.receive_str())["ok"]

    asyncio.run(talk())


def test_a_port_in_use_is_a_usage_error(server: Server, tmp_path: Path) -> None:
    port = server.base.rsplit(":", 1)[1]
    completed = subprocess.run(
        [sys.executable, "-m", "engine", "web", "--port", port], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert completed.returncode == 2 and "cannot listen" in completed.stderr and "Traceback" not in completed.stderr


def test_a_seated_person_is_never_moved_by_the_bots_and_undo_is_for_one_person(session: WebSession) -> None:
    """The seat link: ``sit`` takes a player's place; ``step`` then waits for that player instead of
    moving for it, and undo (which would take the other person's moves back) is refused."""
    ask(session, cmd="new_game", variant="standard", seed=3)
    sat = ask(session, cmd="sit", game="g1", player=1)
    assert sat["ok"] and sat["seated"] == [1] and sat["target"] == 500 and sat["observation"]["seat"] == 1 and sat["to_act"] == 1
    waiting = ask(session, cmd="step", game="g1", viewer=0)
    assert waiting["error"]["code"] == "waiting" and "person" in waiting["error"]["message"]
    assert ask(session, cmd="act", game="g1", player=1, action="pass")["ok"]
    assert ask(session, cmd="step", game="g1", viewer=1)["ok"]  # seat 2 is a bot's
    assert ask(session, cmd="sit", game="g1", player=0)["seated"] == [0, 1]
    assert ask(session, cmd="undo", game="g1", player=1)["error"]["code"] == "illegal_action"
    assert (
        ask(session, cmd="sit", game="g1", player=2)["ok"]
        and ask(session, cmd="sit", game="g9", player=0)["error"]["code"] == "unknown_game"
    )


def test_ctrl_c_stops_the_server_with_a_sentence(tmp_path: Path) -> None:
    import signal

    require_web_extra()
    # A shell starts a background job with SIGINT ignored, and a child inherits that (a test run started
    # with `nohup ... &` timed out here): the server is started as from a terminal, Ctrl-C delivered.
    process = subprocess.Popen(
        [sys.executable, "-m", "engine", "web"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert process.stdout is not None and "http://127.0.0.1:" in process.stdout.readline()
    assert "Press Ctrl-C to stop" in process.stdout.readline()  # the server is done starting
    process.send_signal(signal.SIGINT)
    try:
        _, err = process.communicate(timeout=60)
    finally:
        process.kill()  # a server that did not stop is not left behind
    assert process.returncode == 0 and "stopped" in err and "Traceback" not in err


def test_the_transcript_of_the_hand_being_played_is_refused(session: WebSession) -> None:
    """A player's trial: the table's Transcript button gave the hand being played, every player's cards and
    the kitty with it, to whoever pressed it (a second person at the table too). It is refused until the
    hand is over; a finished hand's transcript is given as before, and the protocol's own command, for an
    embedder who holds the whole game, is unchanged."""
    ask(session, cmd="new_game", variant="standard", seed=3)
    refused = ask(session, cmd="transcript", game="g1")
    assert refused["error"]["code"] == "illegal_action" and "No hand is over yet" in refused["error"]["message"]
    refused = ask(session, cmd="transcript", game="g1", hand=0)
    assert refused["error"]["code"] == "illegal_action" and "still being played" in refused["error"]["message"]
    while ask(session, cmd="state", game="g1", player=0)["hand_number"] == 0:
        ask(session, cmd="step", game="g1", viewer=0)
    finished = ask(session, cmd="transcript", game="g1", hand=0)
    assert finished["ok"] and len(finished["transcript"]["deal"]["hands"]) == 4 and finished["hand"] == 0
    # With no hand named (the toolbar's button), the last finished hand: never the one being played.
    latest = ask(session, cmd="transcript", game="g1")
    assert latest["ok"] and latest["hand"] == 0 and latest["transcript"] == finished["transcript"]
    assert ask(session, cmd="transcript", game="g1", hand=1)["error"]["code"] == "illegal_action"


def test_undo_at_the_table_never_takes_back_a_look(session: WebSession) -> None:
    """A player's trial (rules text 000, "Non-standard bids"): a look taken back would offer a blind bid
    with the cards seen. The table's undo goes back and looks again at once: no blind bid is offered."""
    ask(session, cmd="new_game", variant="blind-misere", seed=3)
    ask(session, cmd="sit", game="g1", player=0)
    while ask(session, cmd="state", game="g1", player=0)["to_act"] != 0:
        ask(session, cmd="step", game="g1", viewer=0)
    assert ask(session, cmd="act", game="g1", player=0, action="look")["ok"]
    undone = ask(session, cmd="undo", game="g1", player=0)
    assert undone["ok"] and undone["observation"]["looked"] and undone["legal"]
    assert not any("blind_misere" in str(action) for action in undone["legal"])
