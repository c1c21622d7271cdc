"""Regression tests for each kind of failure issue 12 reports ("Hardening: no input of any kind breaks the
engine, every game ends, nothing saved is lost"): one test per kind, named after the issue's words. The
limits are documented in docs/variant-language.md ("Limits")."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from commandline import run
from fuzzing import Hostile, bounded

import engine
from engine.kernel.events import GameEnd
from engine.rules.cards import Card

# -- legality holes ------------------------------------------------------------------------------


def declarer_after_bidding() -> engine.Game:
    game = engine.Game(engine.load_variant("standard"), seed=4)
    for action in ("bid 7H", "pass", "pass", "pass"):
        game.apply(action)
    assert game.phase is engine.Phase.KITTY
    return game


def raw_discard(cards: tuple[Any, ...]) -> engine.Discard:
    """A Discard built without its own checks, as unpickling or ``object.__new__`` could make one."""
    discard = object.__new__(engine.Discard)
    object.__setattr__(discard, "cards", cards)
    return discard


def test_a_discard_object_naming_one_card_three_times_is_refused() -> None:
    """Issue 12, "Legality holes": after bid 7H and three passes, Discard((card, card, card)) left the
    declarer with 12 cards; it is refused, the game unchanged and still saveable."""
    game = declarer_after_bidding()
    seat = game.to_act
    assert seat is not None
    card = game.hand_of(seat)[0]
    before = game.to_dict()
    for action in (engine.Discard((card, card, card)), raw_discard((card, card, card))):
        with pytest.raises(engine.IllegalActionError, match="each once|names"):
            game.apply(action)
        assert game.to_dict() == before and len(game.hand_of(seat)) == 13
    held = game.hand_of(seat)
    unsorted = raw_discard((held[2], held[0], held[1]))
    with pytest.raises(engine.IllegalActionError, match="not written the way"):
        game.apply(unsorted)
    game.apply(engine.Discard(held[:3]))
    assert len(game.hand_of(seat)) == 10
    engine.Game.from_dict(game.to_dict())


class LookAlike(Card):
    """A subclass of Card: equal to a real card field by field, but not one."""


@pytest.mark.parametrize(
    "forge",
    [
        lambda card: Card(float(card.index), card.rank, card.suit),
        lambda card: Card(str(card.index), card.rank, card.suit),  # type: ignore[arg-type]
        lambda card: Card(True, card.rank, card.suit),
        lambda card: Card(2**70, card.rank, card.suit),
        lambda card: Card(-1, card.rank, card.suit),
        lambda card: Card(card.index, "Z", card.suit),
        lambda card: Card(card.index, 10, card.suit),  # type: ignore[arg-type]
        lambda card: LookAlike(card.index, card.rank, card.suit),
        lambda card: engine.load_variant("six-handed-two-jokers").deck.card("BJ"),
        lambda card: Hostile(),
        lambda card: str(card),
    ],
)
def test_forged_cards_in_any_action_raise_illegal_action_error_and_change_nothing(forge: Any) -> None:
    """Issue 12, "Legality holes": a float or text index, a card not in the deck, an object whose repr
    raises: anything that is not exactly a legal action raises IllegalActionError, the state unchanged."""
    game = declarer_after_bidding()
    seat = game.to_act
    assert seat is not None
    held = game.hand_of(seat)
    before = game.to_dict()
    forged = forge(held[0])
    for action in (
        raw_discard((forged, held[1], held[2])),
        engine.Play(forged),
        engine.Give(forged),
        engine.Claim((forged,)),
        engine.Pick(forged),
        engine.CallPartner(forged),
    ):
        with pytest.raises(engine.IllegalActionError):
            game.apply(action)
        assert game.to_dict() == before
    try:
        checked = engine.Discard((forged, held[1], held[2]))  # the constructor checks types only
    except engine.IllegalActionError:
        return
    with pytest.raises(engine.IllegalActionError):
        game.apply(checked)
    assert game.to_dict() == before


@pytest.mark.parametrize(
    "thing", [Hostile(), object(), None, 7, b"pass", ["pass"], engine.Bid(7), engine.Bid("7H" * 100), engine.Draw(1), engine.Call(None)]
)  # type: ignore[arg-type]
def test_anything_that_is_not_an_action_is_refused_whatever_its_repr_does(thing: Any) -> None:
    game = engine.Game(engine.load_variant("standard"), seed=4)
    before = game.to_dict()
    with pytest.raises(engine.IllegalActionError):
        game.apply(thing)
    assert not game.can_apply(thing) and game.to_dict() == before


@pytest.mark.parametrize("argument", [Hostile(), True, 1.0, "0", -1, 99, 2**70, None])
def test_methods_taking_a_seat_or_a_hand_refuse_anything_else_with_a_value_error(argument: Any) -> None:
    game = declarer_after_bidding()
    for method in (game.observation, game.hand_of, game.face_down_of):
        with pytest.raises(ValueError, match="no seat|no player"):
            method(argument)
    if argument is not None:
        with pytest.raises(IndexError, match="no hand"):
            game.transcript(argument)


# -- variant files that crashed the validator ---------------------------------------------------------


def problems(text: str, folder: Path | None = None) -> list[engine.Problem]:
    with bounded("validation"):
        try:
            engine.compile_text(text, "house.yaml", base_folder=str(folder or "."))
        except engine.VariantError as error:
            assert error.problems
            return list(error.problems)
    raise AssertionError("the text was accepted")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("extends: standard\nend: {target: !!int abc}\n", "cannot be read as int"),
        ("extends: standard\nend: {target: !!bool maybe}\n", "cannot be read as bool"),
        ("extends: standard\nend: {target: !!merge x}\n", "cannot be read as merge"),
        ("extends: standard\n!!int abc: 5\n", "cannot be read as int"),
        ("extends: standard\n? !!float [1]\n: 2\n", "not text"),
        ("extends: standard\nend:\n  <<: 5\n", "merge key"),
        ("extends: standard\nend:\n  <<: [1, 2]\n", "merge key"),
        ("extends: standard\nend: {target: !!python/object:os.system ls}\n", "not allowed"),
    ],
)
def test_yaml_tags_on_values_and_keys_and_merge_keys_are_located_problems(text: str, words: str) -> None:
    """Issue 12: tags reached PyYAML's constructors (!!int abc, !!bool maybe, !!merge, << merge keys)."""
    found = problems(text)
    assert any(words in problem.message for problem in found) and all(problem.line >= 1 for problem in found), found


def test_integers_past_pythons_digit_limit_are_a_located_problem() -> None:
    (problem,) = problems("extends: standard\nend: {target: " + "9" * 5000 + "}\n")
    assert problem.path == "$.end.target" and problem.line == 2 and "at most 18 digits" in problem.message


@pytest.mark.parametrize(
    ("text", "path"),
    [
        ("extends: standard\nplayers: {count: 4.0}\n", "$.players.count"),
        ("extends: standard\nladder: {levels: [6.0, 7, 8, 9, 10]}\n", "$.ladder.levels[0]"),
        ("extends: standard\ndeal: {hand_size: 10.0}\n", "$.deal.hand_size"),
        ("extends: standard\nscoring: {defender_trick_points: 10.0}\n", "$.scoring.defender_trick_points"),
    ],
)
def test_whole_number_floats_are_not_integers(text: str, path: str) -> None:
    """Issue 12: count: 4.0 crashed, levels: [6.0, ...] made bids named 6.0S, hand_size: 10.0 float
    scores; the schema says integer and the validator means it."""
    found = problems(text)
    assert any(problem.path == path and "whole number" in problem.message for problem in found), found


@pytest.mark.parametrize(
    "text",
    [
        "extends: standard\nname: " + "[" * 495 + "]" * 495 + "\n",
        "extends: standard\ndeck:\n" + "".join(" " * (depth + 1) + "a:\n" for depth in range(300)),
        "extends: standard\nname: " + "[" * 40 + "]" * 40 + "\n",
    ],
)
def test_nesting_deeper_than_the_limit_is_a_problem_not_a_recursion_error(text: str) -> None:
    (problem,) = problems(text)
    assert "nest" in problem.message


@pytest.mark.parametrize(
    ("text", "path"),
    [
        ('extends: standard\nname: "a\\ud800b"\n', "$.name"),
        ('extends: "\\udc80"\n', "$.extends"),
        ('extends: standard\n"\\ud800": 1\n', "$"),
    ],
)
def test_lone_surrogates_are_refused_in_values_keys_and_extends(text: str, path: str) -> None:
    found = problems(text)
    assert any(problem.path == path and "lone surrogate" in problem.message for problem in found), found
    for problem in found:
        str(problem).encode("utf-8")  # the message itself prints anywhere


def test_code_points_outside_unicode_are_a_problem() -> None:
    (problem,) = problems('extends: standard\nname: "\\U00110000"\n')
    assert "not valid YAML" in problem.message


def test_a_character_yaml_does_not_allow_is_located() -> None:
    """An embedder's trial: ``compile_text`` of a text holding a lone surrogate (or a control character)
    was reported at line 0 with PyYAML's two-line message, though where it is was known."""
    for text, where, code in (
        ("extends: standard\nname: \ud800\n", (2, 7), "U+D800"),
        ("extends: standard\nname: a\x07\n", (2, 8), "U+0007"),
    ):
        (problem,) = problems(text)
        assert (
            problem.line,
            problem.column,
        ) == where and problem.message == f"The character {code} is not allowed in a YAML file; delete or replace it."
        str(problem).encode("utf-8")


def test_a_deck_without_a_suit_the_ladder_needs_is_a_located_problem() -> None:
    """Issue 12: a deck without one of the ladder's suits raised KeyError in the compiler."""
    text = "extends: standard\ndeck:\n  base: 43-card\n  remove: [AH, KH, QH, JH, 10H, 9H, 8H, 7H, 6H, 5H, 4H]\ndeal: {kitty_size: 0}\n"
    found = problems(text)
    assert found and all(problem.path.startswith("$") for problem in found)
    suits = (
        "extends: standard\ndeck:\n  base: 43-card\n  suits: [{id: S, name: spades, colour: black}, {id: C, name: clubs, colour: black}, "
        "{id: D, name: diamonds, colour: red}]\n"
    )
    assert any("not a suit of this deck" in problem.message for problem in problems(suits))


def test_a_file_starting_with_two_byte_order_marks_reads_the_same_with_either_composer(tmp_path: Path) -> None:
    path = tmp_path / "boms.yaml"
    path.write_bytes(b"\xef\xbb\xbf\xef\xbb\xbfextends: standard\nname: Two marks\n")
    assert engine.load_variant(str(path)).name == "Two marks"
    path.write_bytes(b"extends: standard\nname: x\n\xef\xbb\xbfend: {target: 250}\n")
    with pytest.raises(engine.VariantError) as raised:
        engine.load_variant(str(path))
    (problem,) = raised.value.problems
    assert (problem.line, problem.column) == (3, 1) and "byte-order mark" in problem.message


def test_a_crash_on_one_file_keeps_the_other_files_report(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12: "A single crashing file in validate a.yaml b.yaml must not lose the other file's report";
    the engine's own failure is one line and exit 3, never a traceback."""
    from engine.cli import variants

    real = variants.load_variant

    def flaky(reference: str) -> engine.Rules:
        if reference == "standard":
            raise RuntimeError("a bug")
        return real(reference)

    monkeypatch.setattr(variants, "load_variant", flaky)
    code, out, err = run(capsys, "validate", "standard", "australian")
    assert (
        code == 3 and "australian: ok" in out and "internal error" in out and "RuntimeError: a bug" in out and "Traceback" not in out + err
    )


# -- bounded time and memory ------------------------------------------------------------------------


@pytest.mark.parametrize("count", [2_000, 3_500])
def test_long_lists_of_mappings_are_refused_by_the_item_limit(count: int) -> None:
    """Issue 12: 2,000 items took 8 s to validate and 8,000 never finished (8,000 no longer fit in a file)."""
    (problem,) = problems("extends: standard\ndeal:\n  pattern:\n" + "".join("  - {players: 1}\n" for _ in range(count)))
    assert f"holds {count:,} items; at most 200" in problem.message and problem.path == "$.deal.pattern"


def test_a_hundred_thousand_element_list_is_refused_as_too_large_not_as_aliases() -> None:
    text = "extends: standard\nname: [" + ",".join("0" for _ in range(100_000)) + "]\n"
    (problem,) = problems(text)
    assert "64 KiB" in problem.message and "alias" not in problem.message
    (problem,) = problems("extends: standard\nname: [" + ",".join("0" for _ in range(20_000)) + "]\n")
    assert "20,000 items; at most 200" in problem.message


def test_thousands_of_chained_contracts_are_refused_by_the_contract_limit() -> None:
    """Issue 12: a valid file with 4,000 chained contracts took 5 s to compile."""

    def chained(count: int) -> str:
        return "extends: standard\ncontracts:\n" + "".join(
            f"  c{n}: {{value: {n + 100}, placement: {{above: {'8S' if n == 0 else f'c{n - 1}'}}}}}\n" for n in range(count)
        )

    (problem,) = problems(chained(4_000))
    assert "64 KiB" in problem.message
    (problem,) = problems(chained(1_000))
    assert "1,000 keys; at most 200" in problem.message
    found = problems(chained(150))
    assert any("at most 32 keys" in problem.message for problem in found), found


# -- games that cannot end or cannot be enumerated ----------------------------------------------------


def test_exact_target_without_a_way_back_is_refused_as_endless() -> None:
    """Issue 12: extends: french-canadian + end: {exact_target: true} could never end."""
    (problem,) = problems("extends: french-canadian\nend: {exact_target: true}\n")
    assert problem.path == "$.end.exact_target" and "never end" in problem.message
    engine.compile_text("extends: french-canadian\nend: {exact_target: true, lose_at_or_above: 2000}\n")


def test_a_deck_that_can_never_satisfy_the_misdeal_rule_is_refused() -> None:
    text = (
        "extends: standard\ndeck: {base: 43-card, remove: [KS, QS, JS, KC, QC, JC, KD, QD, JD, KH, QH]}\ndeal: "
        "{kitty_size: 3, hand_size: 10, misdeal_without_face_card: true}\nplayers: {count: 3, teams: alone}\n"
    )
    found = problems(text)
    assert any("every deal would be a misdeal" in problem.message for problem in found), found


def test_a_kitty_too_large_to_enumerate_its_discards_is_refused() -> None:
    """Issue 12: a large kitty made legal_actions() build millions of discards."""
    found = problems(
        "extends: standard\ndeal: {hand_size: 7, kitty_size: 15, pattern: [{players: 7}, {kitty: 15}]}\nladder: {levels: [6, 7]}\n"
    )
    assert any("170,544 ways" in problem.message and "20,000" in problem.message for problem in found), found


def test_the_kernel_stops_a_game_at_its_hand_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12: "the kernel must still stop a game at a documented hand limit": seats that always pass
    under a redeal rule would deal forever; the game ends at MAX_HANDS, the highest score winning."""
    from engine.kernel import course

    monkeypatch.setattr(course, "MAX_HANDS", 25)
    game = engine.Game(engine.compile_text("extends: standard\nauction: {all_pass: redeal}\n"), seed=1)
    with bounded("game"):
        while not game.is_over:
            game.apply("pass")
    assert game.hand_number == 24 and game.winner is None
    assert any(getattr(event, "how", None) is GameEnd.HAND_LIMIT for event in game.events)
    assert engine.Game.from_dict(game.to_dict(), game.rules).is_over


# -- saved games ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("dealer", True, "dealer"),
        ("scores", [False, 0], "scores"),
        ("scores", [10**30, 0], "scores"),
        ("scores", 5, "scores"),
        ("banned", [True], "banned"),
        ("redeals", 1.0, "redeals"),
        ("variant", "x" * 300, "no shipped variant called"),
        ("variant", "a\0b", "'variant' is not a variant's name"),
        ("variant", "/dev/zero", "no shipped variant called '/dev/zero'"),
        ("rng", [3, [2**80] * 625, None], "random generator"),
        ("rng", [3, [1.5] * 625, None], "random generator"),
    ],
)
def test_hand_edited_saved_games_raise_saved_game_error(key: str, value: Any, words: str) -> None:
    """Issue 12: hand-edited saves raised TypeError, OverflowError and OSError, and some (dealer: true,
    scores: [false, 0]) were accepted although the restored game's own save was then refused."""
    game = declarer_after_bidding()
    data = json.loads(json.dumps(game.to_dict()))
    data[key] = value
    if key == "variant":  # as saved before games carried their variant (issue 31)
        data.pop("variant_rules")
        data["check"].pop("variant_rules")
    if key in ("dealer", "scores"):
        data["hands"][0][key] = value
    with pytest.raises(engine.SavedGameError, match=words):
        engine.Game.from_dict(data)


# -- command line --------------------------------------------------------------------------------


def test_validate_refuses_a_pipe_without_waiting(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.yaml")
    with bounded("command line"):
        code, out, _ = run(capsys, "validate", str(tmp_path / "pipe.yaml"), "standard")
    assert code == 2 and "not a regular file" in out and "standard: ok" in out


def test_replay_refuses_a_pipe_without_waiting(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.json")
    with bounded("command line"):
        code, _, err = run(capsys, "replay", str(tmp_path / "pipe.json"))
    assert code == 2 and "not a regular file" in err


def test_an_enormous_text_is_refused_at_once_as_an_action() -> None:
    game = declarer_after_bidding()
    with bounded("action", 2.0):
        with pytest.raises(engine.IllegalActionError, match="is not an action"):
            game.apply("discard " + "AS " * 1_000_000)


def test_a_seat_named_twice_in_one_team_is_a_located_problem() -> None:
    """Found by the fuzz suite: teams: [[0, 0, 1]] passed the checks and crashed building the seating."""
    found = problems("extends: two-handed\nplayers: {count: 2, teams: [[0, 0, 1]]}\n")
    assert any(problem.path == "$.players.teams[0][1]" and "already earlier in this team" in problem.message for problem in found), found


@pytest.mark.parametrize("levels", [18, 21, 40])
def test_issue_34_a_merge_key_bomb_is_refused_at_once(levels: int) -> None:
    """Issue 34: ``b_i: &b_i {<<: [*b_(i-1), *b_(i-1)], y_i: 1}`` doubled at each line (21 lines took 62 s
    and 1.44 GB before being refused); the merges are now counted before they are expanded."""
    lines = ["b0: &b0 {y0: 1}"] + [f"b{i}: &b{i} {{<<: [*b{i - 1}, *b{i - 1}], y{i}: 1}}" for i in range(1, levels)]
    with bounded("merge bomb", 5.0), pytest.raises(engine.VariantError, match="more than 5,000 values"):
        engine.compile_text("name: bomb\n" + "\n".join(lines) + "\n")


def test_issue_34_a_merge_key_within_bounds_still_merges() -> None:
    text = "extends: standard\nname: merged\n_base: &base {count: 4}\nplayers: {<<: *base}\n"
    with pytest.raises(engine.VariantError) as caught:
        engine.compile_text(text)
    assert "more than 5,000 values" not in str(caught.value)  # refused for its own reasons (an unknown key), not as a bomb


@pytest.mark.parametrize("depth", [101, 1_000, 10_000])
def test_issue_34_deep_flow_nesting_is_refused_before_it_is_composed(depth: int) -> None:
    """Issue 34: 1,000 to 10,000 nested brackets took over a second to compose before being refused;
    a quick scan now refuses them at once, located at the bracket that goes too deep."""
    text = "name: deep\nx: " + "[" * depth + "]" * depth + "\n"
    with bounded("deep nesting", 2.0), pytest.raises(engine.VariantError, match=r":2:104: .*nests deeper than 100 levels of brackets"):
        engine.compile_text(text)


def test_issue_34_brackets_in_quotes_and_comments_do_not_count_as_nesting() -> None:
    brackets = "[" * 150
    text = f"extends: standard\nname: '{brackets}'\ndescription: \"{brackets}\"  # {brackets}\n"
    assert engine.compile_text(text).name == brackets


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="utf-8") as handle:
                    fields = handle.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.add(int(entry))
    return found


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads the process table from /proc")
@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_simulation_workers_exit_within_a_second_when_their_parent_is_killed(bots: str) -> None:
    """Issue 34, and issue 50, item 1: after ``simulate --workers 2`` is killed with SIGKILL (it can tell
    nobody), its workers exit within a second instead of living on, busy with compiled bots or not (the
    kernel signals them: ``prctl(PR_SET_PDEATHSIG)``), several times over."""
    import signal
    import subprocess
    import sys
    import time

    code = f"import engine; engine.simulate('standard', hands=2_000_000, workers=2, bots=[{bots!r}] * 4)"
    for _ in range(3):
        parent = subprocess.Popen([sys.executable, "-c", code])
        try:
            deadline = time.monotonic() + 30
            workers: set[int] = set()
            while time.monotonic() < deadline and len(workers) < 2:
                time.sleep(0.1)
                workers = _children(parent.pid)
            assert len(workers) >= 2, "the workers did not start"
            time.sleep(0.3)  # busy playing
        finally:
            parent.send_signal(signal.SIGKILL)
            parent.wait()
        deadline = time.monotonic() + 1.0
        alive = set(workers)
        while alive and time.monotonic() < deadline:
            time.sleep(0.05)
            alive = {pid for pid in alive if os.path.exists(f"/proc/{pid}") and _state(pid) != "Z"}
        assert not alive, f"workers {sorted(alive)} outlived their parent by a second"


def _state(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "gone"


def test_a_file_name_the_file_system_cannot_encode_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    """Found by the fuzz suite: ``analyze`` given a lone surrogate as its file ended in an internal error."""
    for command in (["analyze", "\ud800"], ["replay", "\ud800"]):
        code, _, err = run(capsys, *command)
        assert code == 2 and "internal error" not in err
