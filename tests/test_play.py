"""``fivehundred play``: a person against bots, through a pipe and in a real terminal (tmux).

The rules a person meets here are those of the variant played (``../shared/rules/``); these tests check
the terminal game around them: the screen, the commands, illegal entries asked again, undo, save/load
and the hand transcripts.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import engine
from engine.cli.play import Screen, Session
from engine.cli.table_view import Names, plain, rows, sorted_hand
from engine.kernel.phase import Phase
from engine.language.resources import shipped_variant_names


def scripted(lines: list[str]) -> tuple[Screen, io.StringIO]:
    """A plain screen reading ``lines`` (then the end of input) and writing to a buffer."""
    typed: Iterator[str] = iter(lines)
    out = io.StringIO()

    def read(prompt: str) -> str:
        out.write(prompt)
        try:
            line = next(typed)
        except StopIteration:
            raise EOFError from None
        out.write(line + "\n")
        return line

    return Screen(read, out), out


def run_cli(*argv: str, stdin: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine.cli.program", *argv], input=stdin, capture_output=True, text=True, timeout=120, cwd=cwd
    )


def test_a_whole_game_of_american_through_a_pipe_writes_every_hand_transcript(tmp_path: Path) -> None:
    """A person at seat 0 of american who always picks the first choice finishes the game; each hand's
    transcript replays to the result the screen showed (rules/american: the game to 500)."""
    result = run_cli("play", "american", "--seed", "5", "--transcripts", str(tmp_path), stdin="1\n" * 2000)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Game over after" in out and "Final scores:" in out
    hands = out.count(" is over.")
    files = sorted(tmp_path.glob("hand-*.json"))
    assert hands >= 1 and len(files) == hands
    last = engine.replay(json.loads(files[-1].read_text()))
    assert last.game_over
    assert f"-> {last.scores[0]}" in out.split(f"Hand {hands} is over.")[1]


def test_an_illegal_entry_is_explained_and_asked_again() -> None:
    rules = engine.load_variant("standard")
    screen, out = scripted(["play 2C", "bid 11NT", "42", "²", "9" * 5000, "pass"])
    session = Session(rules, 0, ["heuristic"], 3, screen, None)
    session.run()
    text = out.getvalue()
    assert text.count("Not accepted.") == 5  # ('²' and a 5,000-digit number, found by the fuzz search)
    assert "There is no choice 42" in text
    assert "Seat 0 (you) passes." in text  # the fourth entry was taken


def test_help_lists_every_command_and_hint_names_a_legal_action_with_a_reason() -> None:
    rules = engine.load_variant("standard")
    screen, out = scripted(["help", "hint"])
    session = Session(rules, 0, ["heuristic"], 3, screen, None)
    session.run()
    text = out.getvalue()
    for command in ("help", "hint", "undo", "save FILE", "load FILE", "quit"):
        assert f"\n  {command}" in text or f"; {command}" in text
    # A player's trial: help named no verb a variant's own rules add (partner, alone, look).
    assert "The actions of Standard 500 start with: pass, bid, discard, play, claim." in text
    hinted = text.split("Hint: ")[1].split(" (")[0]
    assert hinted in [str(action) for action in session.game.legal_choices()]
    reason = text.split("Hint: ")[1].split("\n")[0]
    assert reason.endswith(".)") and len(reason) > len(hinted) + 20


def test_undo_takes_back_the_persons_actions_and_the_other_seats_since_within_the_hand() -> None:
    """Issue 33: ``undo`` takes the game back to before the person's last action, the bots' actions since
    with it; repeated, it goes further back within the hand; the bots, their generators restored, act
    again as they did when the person chooses the same (rules/standard: the declarer discards, then leads)."""
    rules = engine.load_variant("standard")
    screen, out = scripted(["bid 10NT", "1", "undo", "undo", "undo"])
    session = Session(rules, 0, ["heuristic"], 3, screen, None)
    session.run()
    text = out.getvalue()
    assert session.game.phase is Phase.AUCTION and session.game.to_act == 0
    assert not any(seat == 0 for seat, _ in session.game.observation(0).calls)  # the bid taken back
    assert text.count("Your last action was taken back") == 2
    assert "Nothing to undo in this hand" in text
    # The same choice again: the bots (random, their generators restored) act as they did.
    once_screen, _ = scripted(["pass"])
    once = Session(rules, 0, ["random"], 5, once_screen, None)
    once.run()
    replayed_screen, _ = scripted(["pass", "undo", "pass"])
    replayed = Session(rules, 0, ["random"], 5, replayed_screen, None)
    replayed.run()
    assert len(once.game.records[-1].actions) > 1
    assert replayed.game.records[-1].actions == once.game.records[-1].actions


def test_save_and_load_go_on_from_the_saved_position_and_a_bad_file_changes_nothing(tmp_path: Path) -> None:
    rules = engine.load_variant("standard")
    saved = tmp_path / "game.json"
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "nonsense"}')
    # (The game moved on since the save, so load asks first: y.)
    screen, out = scripted([f"save {saved}", "1", f"load {broken}", f"load {tmp_path / 'missing.json'}", f"load {saved}", "y"])
    session = Session(rules, 0, ["heuristic"], 3, screen, None)
    session.run()
    text = out.getvalue()
    assert "is not a saved game this engine can load" in text and "Could not read" in text
    assert text.count("Loaded ") == 1  # the bad files were refused, the game going on
    saved_data = json.loads(saved.read_text())
    assert [action.split()[0] for action in saved_data["hands"][0]["actions"]] == ["1", "2", "3"]  # saved at seat 0's turn
    assert {**session.game.to_dict(), "seat": 0} == saved_data  # loading went back to it, after seat 0 had passed


def test_quit_asks_first_where_the_game_is_not_saved(tmp_path: Path) -> None:
    """A player's trial: ``quit`` left an unsaved game at once. Where the person has acted since the
    game began or was saved, the first quit says so and the game goes on (one more action is still
    taken); a second quit leaves; after a save, one quit leaves; before any action, too."""
    rules = engine.load_variant("standard")
    screen, out = scripted(["1", "quit", "1", "quit", "quit", "never read"])
    session = Session(rules, 0, ["heuristic"], 3, screen, None)
    session.run()
    text = out.getvalue()
    assert text.count("The game is not saved. Leave without saving? Type y (or quit again) to leave, n to stay; save FILE keeps it.") == 2
    assert text.count("You left the game.") == 1 and "never read" not in text
    saved = tmp_path / "game.json"
    # After a save, an undo changes the game again: quit asks.
    screen, out = scripted(["1", f"save {saved}", "undo", "quit", "quit"])
    Session(rules, 0, ["heuristic"], 3, screen, None).run()
    assert "The game is not saved." in out.getvalue()
    saved.unlink()
    for lines in (["1", f"save {saved}", "quit", "never read"], ["quit", "never read"]):
        screen, out = scripted(lines)
        Session(rules, 0, ["heuristic"], 3, screen, None).run()
        text = out.getvalue()
        assert "You left the game." in text and "not saved" not in text and "never read" not in text


def test_load_asks_before_it_drops_a_game_not_saved(tmp_path: Path) -> None:
    """A player's trial: ``load mid1.json`` in hand 3 of a game not saved since threw it away, unasked, where
    ``quit`` asks. ``load`` asks the same: ``n`` keeps the game, ``y`` (or the same load again) loads; a
    game saved since loads at once."""
    rules = engine.load_variant("standard")
    saved = tmp_path / "mid.json"
    screen, out = scripted(["1", f"save {saved}", "1", f"load {saved}", "n", f"load {saved}", "y", "quit"])
    session = Session(rules, 0, ["heuristic"], 3, screen, None)
    session.run()
    text = out.getvalue()
    assert text.count(f"The game is not saved. Load {saved} and lose it?") == 2 and "The game goes on." in text
    assert text.count(f"Loaded {saved}") == 1 and "Not accepted" not in text
    screen, out = scripted(["1", f"save {saved}", "1", f"load {saved}", f"load {saved}", "quit"])
    Session(rules, 0, ["heuristic"], 3, screen, None).run()
    assert out.getvalue().count(f"Loaded {saved}") == 1 and out.getvalue().count("and lose it?") == 1
    screen, out = scripted(["1", f"save! {saved}", f"load {saved}", "quit"])
    Session(rules, 0, ["heuristic"], 3, screen, None).run()
    assert "and lose it?" not in out.getvalue() and f"Loaded {saved}" in out.getvalue()


def test_quit_takes_y_or_n_for_an_answer() -> None:
    """A player's trial: "Leave without saving?" answered ``y`` or ``n`` was refused as an illegal action.
    ``n`` keeps the game going (the next quit asks again), ``y`` leaves; anything else is read as before."""
    rules = engine.load_variant("standard")
    screen, out = scripted(["1", "quit", "n", "quit", "y", "never read"])
    Session(rules, 0, ["heuristic"], 3, screen, None).run()
    text = out.getvalue()
    assert text.count("Leave without saving?") == 2 and "The game goes on." in text
    assert "You left the game." in text and "never read" not in text and "Not accepted" not in text
    screen, out = scripted(["y", "quit"])  # no question asked: y is an entry like any other
    Session(rules, 0, ["heuristic"], 3, screen, None).run()
    assert "Not accepted" in out.getvalue()


def test_play_exits_2_for_a_variant_file_it_cannot_read(tmp_path: Path) -> None:
    """A player's trial: ``play nosuch.yaml`` exited 1 where ``validate``, ``show`` and ``simulate`` exit 2
    for a file that cannot be read (README: 2, a usage error or a file that cannot be read); an invalid
    file still exits 1."""
    missing = run_cli("play", str(tmp_path / "nosuch.yaml"), stdin="quit\n")
    assert missing.returncode == 2 and "There is no file" in missing.stderr
    (tmp_path / "bad.yaml").write_text("extends: standard\nend: {target: -5}\n", encoding="utf-8")
    assert run_cli("play", str(tmp_path / "bad.yaml"), stdin="quit\n").returncode == 1


def test_save_never_replaces_a_file_and_save_bang_replaces_only_a_saved_game(tmp_path: Path) -> None:
    """Issue 50, item 2: ``save`` over a file holding "hello", over a hand's transcript or over an earlier
    saved game writes nothing and says so, the game going on; ``save! FILE`` replaces an earlier saved game
    and still refuses any other file."""
    rules = engine.load_variant("standard")
    note, transcript, earlier, fresh = (tmp_path / name for name in ("note.json", "hand-001.json", "earlier.json", "fresh.json"))
    note.write_text("hello")
    game = engine.Game(rules, seed=4)
    while not game.results:
        game.apply(game.legal_choices()[0])
    transcript.write_text(json.dumps(game.transcript(0)))
    # An earlier saved game of 0.2.0's format (fivehundred-game/1) is a saved game too.
    earlier.write_text(json.dumps(engine.Game(rules, seed=9).to_dict() | {"format": "fivehundred-game/1"}))
    kept = {path: path.read_bytes() for path in (note, transcript, earlier)}
    entries = [f"save {note}", f"save {transcript}", f"save {earlier}", f"save! {note}", f"save! {transcript}", "1", f"save {fresh}"]
    screen, out = scripted([*entries, f"save! {earlier}"])
    session = Session(rules, 0, ["heuristic"], 3, screen, None)
    session.run()
    text = out.getvalue()
    assert text.count("already holds something other than a saved game: nothing was written") == 4
    assert "already holds a saved game: nothing was written. To replace it type save! " in text
    assert all(path.read_bytes() == kept[path] for path in (note, transcript))
    assert json.loads(earlier.read_text()) == json.loads(fresh.read_text()) == {**session.game.to_dict(), "seat": 0}  # replaced by save!
    assert text.count("Saved to ") == 2


def test_the_screen_shows_only_the_persons_cards_sorted_in_trump_order() -> None:
    """rules/standard: the bowers rank with trumps; the screen lists trumps first, highest first."""
    rules = engine.load_variant("standard")
    game = engine.Game(rules, seed=11)
    text = plain(rows(game, 0, symbols=False))
    mine = [str(card) for card in game.hand_of(0)]
    shown_line = next(line for line in text.splitlines() if line.startswith("Your hand"))
    assert sorted(shown_line.split()[2:]) == sorted(mine)
    for other in range(1, 4):
        assert not set(str(card) for card in game.hand_of(other)) & set(shown_line.split()[2:])
    hand = sorted_hand(rules, [rules.deck.card(name) for name in ("JD", "5H", "JH", "AH", "AS")], "7H")
    assert [str(card) for card in hand] == ["JH", "JD", "AH", "5H", "AS"]


def test_bad_arguments_are_usage_errors() -> None:
    assert run_cli("play", "standard", "--seat", "7", stdin="").returncode == 2
    assert run_cli("play", "standard", "--bots", "nobody", stdin="").returncode == 2
    assert run_cli("play", "no-such-variant", stdin="").returncode in (1, 2)


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_in_a_real_terminal_the_table_is_drawn_and_help_answers(tmp_path: Path) -> None:
    """Run under tmux as a person would: the panel, the coloured hand and the numbered choices show;
    ``help`` answers; the game takes a move and draws the next decision."""
    pytest.importorskip("rich")
    session = f"fivehundred-test-{os.getpid()}"
    command = f"{sys.executable} -m engine.cli.program play american --seed 5"
    socket = ["-L", session]
    subprocess.run(
        ["tmux", *socket, "new-session", "-d", "-s", session, "-x", "110", "-y", "45", command],
        check=True,
        cwd=Path(__file__).parent.parent,
    )

    def screen() -> str:
        return subprocess.run(["tmux", *socket, "capture-pane", "-p", "-t", session], capture_output=True, text=True).stdout

    def wait_for(text: str) -> str:
        for _ in range(100):
            shown = screen()
            if text in shown:
                return shown
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never appeared on the screen:\n{screen()}")

    try:
        first = wait_for("Seat 0 >")
        assert "fivehundred play: American 500" in first and "Your hand" in first
        assert "♠" in first or "♣" in first or "♦" in first or "♥" in first
        assert " 1. pass" in first
        subprocess.run(["tmux", *socket, "send-keys", "-t", session, "help", "Enter"], check=True)
        assert "take back your last action" in wait_for("take back your last action")
        subprocess.run(["tmux", *socket, "send-keys", "-t", session, "1", "Enter"], check=True)
        assert "This trick" in wait_for("This trick")
    finally:
        subprocess.run(["tmux", *socket, "kill-server"], capture_output=True)


@pytest.mark.parametrize("variant", shipped_variant_names())
def test_a_hint_is_a_legal_action_with_a_reason_at_every_decision_of_every_shipped_variant(variant: str) -> None:
    """Whatever the phase (auction, kitty, announcements, partner call, giving, drawing, picking, play),
    the hint is one of the legal actions and comes with a sentence."""
    from engine.bots import HeuristicBot, RandomBot
    from engine.bots.hints import hint

    rules = engine.load_variant(variant)
    try:
        game = engine.Game(rules, seed=2)
    except engine.UnsupportedRuleError:
        pytest.skip(f"{variant} is not played by the kernel")
    adviser, mover = HeuristicBot(rules, seed=1), RandomBot(4)
    for _ in range(400):
        seat = game.to_act
        if seat is None:
            break
        observation, legal = game.observation(seat), game.legal_choices()
        action, reason = hint(adviser, observation, legal)
        assert game.can_apply(action), (variant, action)
        assert reason.endswith(".") and len(reason) > 15
        game.apply(mover.act(observation, legal))


def test_version_prints_the_installed_version() -> None:
    result = subprocess.run([sys.executable, "-m", "engine.cli.program", "--version"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0
    assert result.stdout.strip() == f"fivehundred {engine.__version__}"


def test_the_embedding_guide_names_every_observation_field() -> None:
    """docs/embedding.md's table of the observation's fields is complete."""
    from dataclasses import fields

    guide = (Path(__file__).parent.parent / "docs" / "embedding.md").read_text(encoding="utf-8")
    table = {line.split("|")[1].strip().strip("`") for line in guide.splitlines() if line.startswith("| `")}
    missing = [field.name for field in fields(engine.Observation) if field.name not in table]
    assert not missing


def test_004_american_the_screen_uses_the_variants_own_names() -> None:
    """Issue 33 (rules text 004: American 500 calls misère "nullo" and has inkles): the screen says
    what the variant calls a contract, next to the id a player types, and marks inkles."""
    result = run_cli("play", "american", "--seed", "3", "--plain", stdin="quit\n")
    assert result.returncode == 0, result.stderr
    assert "bid misere (nullo)" in result.stdout and "bid open_misere (open nullo)" in result.stdout
    assert "6D (inkle)" in result.stdout
    standard = run_cli("play", "standard", "--seed", "3", "--plain", stdin="quit\n")
    assert "(misère)" not in standard.stdout  # the same contract under its own name says nothing more


def test_000_two_handed_the_screen_names_each_dummy_and_shows_its_face_down_cards() -> None:
    """Issue 33 (rules text 000, "Two-handed": each player plays a dummy's hand of face-up cards over face-down
    ones): your dummy is "your dummy", the other is that player's; the prompt names the dummy whose card
    you choose; the face-down cards show as backs, with their count."""
    result = run_cli("play", "two-handed", "--seed", "3", "--plain", stdin="1\n" * 14 + "quit\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Seat 2 (your dummy) shows" in out and "Seat 3 (Seat 1's dummy) shows" in out
    assert "(partner)" not in out
    assert "##### (5 face down)" in out
    assert "Seat 2 (your dummy) > " in out


@pytest.mark.parametrize("variant", ["five-handed", "standard", "two-handed"])
def test_hints_say_what_is_true_of_the_position(variant: str) -> None:
    """Issue 35: a hint's reason is true of the position: "you cannot beat" only when no legal card wins
    the trick, "your side is winning" only when a seat the hinted bot plays with wins it (a called partner
    once known), "no card still out" only when no card the seat has not seen would win the trick, and no
    talk of a partner's bids where the seat has no partner (five-handed)."""
    from engine.bots import HeuristicBot
    from engine.bots.hints import hint

    rules = engine.load_variant(variant)
    adviser = HeuristicBot(rules, seed=1)
    checked = safe_claims = 0
    for seed in range(3):
        game = engine.Game(rules, seed=seed)
        while not game.is_over and game.hand_number < 2:
            seat = game.to_act
            assert seat is not None
            observation, legal = game.observation(seat), game.legal_choices()
            action, reason = hint(adviser, observation, legal)
            if observation.phase is Phase.AUCTION and not rules.seating.teams[0][1:]:
                assert "partner's bids" not in reason
            if reason.startswith("you cannot beat"):
                order = rules.card_order(rules.played_strain(observation.contract))
                cards = [card for _, card in observation.trick]
                plays = [each.card for each in legal if isinstance(each, engine.Play)]
                assert not any(order.winner(cards + [card], observation.led_suit) == len(cards) for card in plays), reason
                checked += 1
            if "no higher card of" in reason:
                safe_claims += 1
                assert not _beaten_by_unseen(rules, observation, action, trumps="nor a higher trump" in reason), reason
            game.apply(action)
    assert checked > 0 and safe_claims > 0


def _beaten_by_unseen(rules: engine.rules.Rules, observation: engine.Observation, action: engine.Play, trumps: bool) -> bool:
    """Whether a card the observing seat has not seen, of the suit led (and with ``trumps`` a trump),
    would win the trick after ``action``'s card: what a hint saying "no higher card ... is still out"
    denies."""
    order = rules.card_order(rules.played_strain(observation.contract))
    seen = set(observation.hand) | set(observation.kitty) | set(observation.discards) | set(observation.face_up)
    seen |= {card for _, card in observation.trick} | {card for trick in observation.tricks for _, card in trick.cards}
    seen |= {card for _, cards in observation.exposed for card in cards}
    cards = [card for _, card in observation.trick] + [action.card]
    led, trump_led = observation.led_suit, order.is_trump(cards[0])
    for card in rules.deck.cards:
        if card in seen or order.winner(cards + [card], led) != len(cards):
            continue
        follows = order.is_trump(card) if trump_led else (card.suit == led and not order.is_trump(card))
        if follows or (trumps and order.is_trump(card)):
            return True
    return False


@pytest.mark.parametrize("variant", sorted(shipped_variant_names()))
def test_a_hint_for_every_decision_of_every_variant_is_legal_and_true(variant: str) -> None:
    """Issue 35: over one hand of every shipped variant the kernel plays, the hint at every decision is a
    legal action with a reason, and every "no higher card ... is still out" holds of the cards the seat
    has not seen."""
    from engine.bots import HeuristicBot
    from engine.bots.hints import hint

    rules = engine.load_variant(variant)
    if engine.unsupported_rules(rules):
        pytest.skip("a rule the kernel does not play")
    adviser = HeuristicBot(rules, seed=1)
    game = engine.Game(rules, seed=7)
    while not game.is_over and game.hand_number < 1:
        seat = game.to_act
        assert seat is not None
        observation, legal = game.observation(seat), game.legal_choices()
        action, reason = hint(adviser, observation, legal)
        assert action in legal and reason.endswith((".", ")")), reason
        if "no higher card of" in reason:
            assert isinstance(action, engine.Play)
            assert not _beaten_by_unseen(rules, observation, action, trumps="nor a higher trump" in reason), reason
        game.apply(action)


def test_undo_takes_the_undone_plays_off_the_latest_panel() -> None:
    """A rules author's trial: after ``undo`` the table's "Latest" still listed the plays taken back. The
    lines said since the undone action go with it; what was said before it stays, and the undo says so."""
    rules = engine.load_variant("standard")
    screen, _ = scripted(["bid 10NT", "undo"])
    session = Session(rules, 0, ["heuristic"], 3, screen, None)
    session.run()
    assert session.game.phase is Phase.AUCTION and session.game.to_act == 0
    assert not any("Seat 0 (you) bids" in line for line in session.said), session.said
    assert session.said[-1] == "Your last action was taken back, with the other seats' actions since."
    before_screen, _ = scripted([])
    before = Session(rules, 0, ["heuristic"], 3, before_screen, None)
    before.run()
    assert session.said[:-1] == before.said  # what the bots did before the bid, still the latest


def test_issue_49_item_3_undo_after_load_takes_back_the_loaded_hands_actions(tmp_path: Path) -> None:
    """Issue 49, item 3: after ``load``, ``undo`` said "Nothing to undo in this hand"; the loaded game's
    history is undoable as before the save, within the hand (rules/standard: the auction, the person at 0)."""
    rules = engine.load_variant("standard")
    saved = tmp_path / "game.json"
    screen, out = scripted(["pass", f"save {saved}"])
    Session(rules, 0, ["heuristic"], 3, screen, None).run()
    before = json.loads(saved.read_text())["hands"][0]["actions"]
    assert "0 pass" in before
    screen, out = scripted([f"load {saved}", "undo", "undo"])
    session = Session(rules, 0, ["heuristic"], 11, screen, None)
    session.run()
    text = out.getvalue()
    assert text.count("Your last action was taken back") == 1 and "Nothing to undo in this hand" in text
    assert session.game.to_act == 0 and session.game.records[-1].actions == before[: before.index("0 pass")]


def test_issue_49_item_3_the_screen_shows_the_kitty_until_the_discard_then_what_was_discarded() -> None:
    """Issue 49, item 3: the kitty line kept showing the kitty taken after the discard (a card of it now in
    the hand) and nothing showed what was discarded; the declarer sees "Kitty taken" while discarding and
    "Your discards" after (rules/standard: the declarer takes the three kitty cards and puts three away)."""
    rules = engine.load_variant("standard")
    game = engine.Game(rules, seed=3)
    game.apply("bid 6S")
    while game.phase is Phase.AUCTION:
        game.apply("pass")
    declarer = game.to_act
    assert declarer is not None and game.phase is Phase.KITTY
    kitty = game.observation(declarer).kitty
    screen = plain(rows(game, declarer, symbols=False))
    assert "Kitty taken" in screen and " ".join(str(card) for card in kitty) in screen and "Your discards" not in screen
    discard = game.legal_actions()[-1]
    assert isinstance(discard, engine.Discard)
    game.apply(discard)
    screen = plain(rows(game, declarer, symbols=False))
    line = next(line for line in screen.splitlines() if line.startswith("Your discards"))
    assert "Kitty" not in screen
    assert sorted(line.split()[2:]) == sorted(str(card) for card in discard.cards)


def test_issue_49_item_3_the_discard_hint_after_bid_misere_explains_a_misere_discard() -> None:
    """Issue 49, item 3: after ``bid misere`` the discard hint said "keep your trumps, aces and guarded kings"
    while the bot discarded aces; a misère's discard puts away the cards that could be forced to take a
    trick (rules/standard: misère 250, the declarer takes the kitty), a trump contract's keeps its winners."""
    from engine.bots import HeuristicBot
    from engine.bots.hints import hint

    rules = engine.load_variant("standard")
    adviser = HeuristicBot(rules, seed=1)
    reasons = {}
    for contract in ("misere", "6S"):
        game = engine.Game(rules, seed=0)
        game.apply("pass")
        game.apply(f"bid {contract}" if contract != "misere" else "bid 7S")
        if contract == "misere":
            game.apply("bid misere")
        while game.phase is Phase.AUCTION:
            game.apply("pass")
        assert game.phase is Phase.KITTY and game.contract is not None
        seat = game.to_act
        assert seat is not None
        reasons[contract] = hint(adviser, game.observation(seat), game.legal_choices())[1]
    assert "misère" in reasons["misere"] and "keep your trumps" not in reasons["misere"]
    assert "keep your trumps" in reasons["6S"]


def test_issue_49_item_3_play_help_says_one_bot_per_other_seat_and_load_points_a_transcript_to_replay(tmp_path: Path) -> None:
    """Issue 49, item 3: ``play --help`` said ``--bots`` takes "one per seat" while it wants one per other
    seat; ``load`` given a hand's transcript says to use ``replay``."""
    shown = run_cli("play", "--help", stdin="")
    assert "one per other seat" in " ".join(shown.stdout.split()) and "one per seat," not in shown.stdout
    rules = engine.load_variant("standard")
    game = engine.Game(rules, seed=2)
    while not game.results:
        game.apply(game.legal_actions()[0])
    transcript = tmp_path / "hand.json"
    transcript.write_text(json.dumps(game.transcript(0)))
    screen, out = scripted([f"load {transcript}"])
    Session(rules, 0, ["heuristic"], 3, screen, None).run()
    assert f"fivehundred replay {transcript}" in out.getvalue() and "Loaded" not in out.getvalue()


def test_play_given_a_saved_game_goes_on_with_it_and_given_a_transcript_says_to_replay_it(tmp_path: Path) -> None:
    """A player's trial: ``fivehundred play g1.json`` on a game written by ``save`` read it as a variant file
    (``$.rng[1]: This holds 625 items``), and nothing said how to go back to a saved game. ``play`` takes a
    saved game and goes on from it; a transcript is pointed to ``replay``."""
    saved = tmp_path / "g1.json"
    first = run_cli("play", "standard", "--seed", "3", "--plain", stdin=f"pass\nsave {saved}\nquit\n")
    assert first.returncode == 0 and f"fivehundred play {saved}" in first.stdout
    again = run_cli("play", str(saved), "--plain", stdin="quit\n")
    assert again.returncode == 0 and f"Loaded {saved}: hand 1 of Standard 500." in again.stdout, again.stderr
    assert "Seat 0 (you): pass" in again.stdout
    transcripts = tmp_path / "hands"
    run_cli("play", "standard", "--seed", "3", "--transcripts", str(transcripts), stdin="1\n" * 400)
    hand = sorted(transcripts.glob("hand-*.json"))[0]
    told = run_cli("play", str(hand), stdin="")
    assert told.returncode == 2 and f"replay it with fivehundred replay {hand}" in told.stderr


def test_undo_never_takes_back_a_look_so_a_blind_bid_stays_barred() -> None:
    """A player's trial: in blind misère, ``look``, then ``undo``, offered ``bid blind_misere`` again, and it
    was accepted with the cards seen (rules text 000, "Non-standard bids": blind misère "must be called
    before the player views their cards"). An undo back to before a look (or a bid, which looks too) looks
    again at once: the undo is taken, the cards stay seen and no blind bid is offered."""
    rules = engine.load_variant("blind-misere")
    for first in ("look", "bid 8S"):
        screen, out = scripted([first, "undo", "bid blind_misere"])
        session = Session(rules, 0, ["heuristic"], 3, screen, None)
        session.run()
        text = out.getvalue()
        assert "Your last action was taken back" in text
        assert session.game.observation(0).looked
        assert "bid blind_misere" not in [str(action) for action in session.game.legal_choices()]
        assert not any(call == "blind_misere" for seat, call in session.game.observation(0).calls if seat == 0)


def test_play_goes_on_from_a_saved_game_at_the_seat_it_was_saved_from(tmp_path: Path) -> None:
    """A player's trial: a game saved from seat 2 and gone on with by ``fivehundred play FILE`` seated the
    person at seat 0 (``--seat``'s default), with seat 2's cards already seen. ``save`` writes the seat,
    ``play FILE`` and ``load FILE`` seat the person there again, ``--seat`` still chooses another, and a
    saved seat that is not a player's is refused, naming it."""
    saved = tmp_path / "g2.json"
    first = run_cli("play", "standard", "--seed", "3", "--seat", "2", "--plain", stdin=f"save {saved}\nquit\n")
    assert first.returncode == 0, first.stderr
    assert json.loads(saved.read_text(encoding="utf-8"))["seat"] == 2
    again = run_cli("play", str(saved), "--plain", stdin="quit\n")
    assert again.returncode == 0 and "Standard 500: you are seat 2;" in again.stdout, again.stdout
    # The deals come from the saved game: the seed printed is said to be the bots' (a trial read it as the deal's).
    assert "the deals go on from the saved game, the bots' seed" in again.stdout
    chosen = run_cli("play", str(saved), "--seat", "1", "--plain", stdin="quit\n")
    assert "Standard 500: you are seat 1;" in chosen.stdout, chosen.stdout
    screen, out = scripted([f"load {saved}", "quit"])
    session = Session(engine.load_variant("standard"), 0, ["heuristic"], 9, screen, None)
    session.run()
    assert session.seat == 2 and "you are seat 2, as when it was saved." in out.getvalue()
    data = json.loads(saved.read_text(encoding="utf-8"))
    for wrong in (4, -1, "2", True):
        with pytest.raises(engine.SavedGameError, match="'seat' must be a player's seat, from 0 to 3"):
            engine.Game.from_dict({**data, "seat": wrong})


def test_a_rich_screen_shows_the_last_trick_before_the_hands_summary() -> None:
    """A player's trial: with the coloured table, the person's last card of a hand led straight to "Hand 1 is
    over", the bots' last cards never shown (the table is drawn only when the person must act). What was said
    since the table was last drawn, the last trick among it, is printed before the summary."""
    pytest.importorskip("rich")
    from rich.console import Console

    from engine.cli.play import RichScreen

    rules = engine.load_variant("standard")
    typed = iter(["1"] * 60)
    screen = RichScreen()
    buffer = io.StringIO()
    screen.console = Console(file=buffer, width=120, force_terminal=False)
    screen.read = lambda prompt: next(typed)
    screen.pause = lambda: None  # type: ignore[method-assign]
    session = Session(rules, 0, ["heuristic"], 3, screen, None)
    try:
        session.run()  # (to the game's end, or until the typed lines run out: either is past the first hand)
    except StopIteration:
        pass
    text = buffer.getvalue()
    over = text.index("Hand 1 is over.")
    assert "wins trick 10." in text[:over] and text[:over].rstrip().splitlines()[-1].endswith("wins trick 10."), text[over - 400 : over]


def test_000_five_handed_the_table_counts_the_declaring_side_s_tricks_against_its_contract() -> None:
    """Rules text 000, "Five-handed 500" (the declarer and the called partner play together for the
    contract): a player's trial added the declarer's and the partner's tricks in its head against the 7 it
    needed. Once the partner is known, the table counts the declaring side's tricks against the contract."""
    from engine.bots import HeuristicBot

    rules = engine.load_variant("five-handed")
    game = engine.Game(rules, seed=4)
    bots = [HeuristicBot(rules, seed=seat) for seat in range(5)]
    while game.phase is not Phase.PLAY or len(game.observation(0).tricks) < 3:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat), game.legal_choices()))
    observation = game.observation(0)
    assert observation.partner is not None and observation.declarer is not None and observation.contract is not None
    won = observation.tricks_won
    taken = won[observation.declarer] + won[observation.partner]
    need = rules.ladder[observation.contract].target.minimum
    [line] = [row for row in rows(game, 0) if row.label == "Tricks won"]
    assert line.pieces[0][0].endswith(f", the declaring side: {taken} of the {need} it needs"), line
    standard = engine.Game(engine.load_variant("standard"), seed=4)
    assert all("declaring side" not in str(row.pieces) for row in rows(standard, 0))


def test_a_refusal_is_said_to_the_person_not_to_a_seat_number() -> None:
    """A player's trial: the terminal said "seat 0 must follow hearts: holds 10H, 8H, 4H" to the person at
    seat 0, where the table calls it "Seat 0 (you)" (the web table says "you"); and "seat 2 does not hold 8H"
    of its own dummy. The person's refusals say "you" (and "you hold"), its dummy's "your dummy"; another
    seat's words are left as they are."""
    from engine.cli.play import to_person

    assert to_person("seat 0 must follow hearts: holds 10H, 8H, 4H.", 0) == "you must follow hearts: you hold 10H, 8H, 4H."
    assert to_person("seat 0 does not hold AS.", 0) == "you do not hold AS."
    assert to_person("seat 2 does not hold 8H.", 0, 2) == "your dummy does not hold 8H."
    assert to_person("seat 1 must follow hearts.", 0) == "seat 1 must follow hearts."
    assert to_person("seat 10 is not at the table.", 1) == "seat 10 is not at the table."
    rules = engine.load_variant("standard")
    screen, out = scripted(["discard AS", "quit", "y"])
    Session(rules, 1, ["heuristic"], 3, screen, None).run()
    refusals = [line for line in out.getvalue().splitlines() if "Not accepted." in line]
    assert refusals == [
        "Not accepted. You must pass or bid during the auction, not discard AS. Type help for the notation, or a number from the list."
    ]


def test_the_numbered_cards_to_play_follow_the_hand_as_shown() -> None:
    """A player's trial: with 6H (rules/standard: the bowers rank as trumps) the hand was shown JH JD AH ...
    but numbered QS, KC, ..., AH, QH, JH: the right bower between QH and 5H, trumps last. The numbers
    follow the hand as shown, and a number plays the card listed against it."""
    from engine.bots import HeuristicBot
    from engine.cli.table_view import choices_text, listed_choices

    rules = engine.load_variant("standard")
    game = engine.Game(rules, seed=11)
    bots = [HeuristicBot(rules, seed=seat) for seat in range(4)]
    while game.phase is not Phase.PLAY:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat), game.legal_choices()))
    seat = game.to_act
    assert seat is not None and game.contract is not None
    listed = listed_choices(game)
    cards = [choice.card for choice in listed]  # type: ignore[attr-defined]
    assert cards == sorted_hand(rules, cards, game.contract.id) and set(listed) == set(game.legal_choices())
    assert [str(choice) for choice in game.legal_choices()] != [str(choice) for choice in listed]  # (the deal's order differs)
    assert choices_text(game)[0].startswith(f" 1. {listed[0]} ")
    screen, out = scripted(["1"])
    session = Session(rules, seat, ["heuristic"], 3, screen, None)
    session.game = game.clone()
    session._act("1")
    assert listed[0].card in game.hand_of(seat) and listed[0].card not in session.game.hand_of(seat)  # type: ignore[attr-defined]


def test_the_hands_summary_names_seats_and_sides_as_the_table_does() -> None:
    """A player's trial: the table said "Seat 2 (partner)" and "Team 0 (seats 0 and 2, you)", the hand's summary
    "by seat 2" and "team 0 (seats 0 and 2)". The summary names them as the table does; ``replay`` keeps its words."""
    from engine.cli.replay import format_result

    rules = engine.load_variant("standard")
    screen, out = scripted(["1"] * 60)
    Session(rules, 0, ["heuristic"], 11, screen, None).run()
    summary = out.getvalue().split("Hand 1 is over.")[1].split("Hand 2:")[0]
    assert "by Seat 2 (partner): made." in summary
    assert "Tricks by seat: Seat 0 (you): 0, Seat 1: 1, Seat 2 (partner): 9, Seat 3: 0." in summary
    assert "Points: Team 0 (seats 0 and 2, you): +100 -> 100, Team 1 (seats 1 and 3): +10 -> 10." in summary
    assert "Next dealer: Seat 1." in summary
    example = Path(__file__).parent.parent / "docs" / "examples" / "hand-7h.json"
    text = format_result(engine.replay(json.loads(example.read_text())), rules)
    assert " by seat " in text and "Tricks by seat: 0: " in text and "Next dealer: seat " in text
    import dataclasses

    barred = dataclasses.replace(engine.replay(json.loads(example.read_text())), next_hand_banned=(1, 3))
    assert "May not bid next hand: seat 1, 3." in format_result(barred, rules)  # (replay's words, as before)
    assert "May not bid next hand: Seat 1, Seat 3." in format_result(barred, rules, Names(rules, 0))


def test_000_five_handed_the_declaring_side_s_count_reads_the_terms_a_call_makes() -> None:
    """Rules text 000, "Five-handed 500" with a house slam call (every trick asked for): a review found the
    count saying "of the 7 it needs" after the call. The count reads the terms the hand is played under."""
    from engine.game.observation import declaring_side, side_needs

    rules = engine.compile_text(
        "extends: five-handed\nname: Five with a slam call\ncontracts:\n  slam_call:\n    name: slam call\n    kind: call\n"
        "    bonus: 100\n    eligible: {levels: [7]}\n    partner: passes_card\n    target: all\n"
    )
    game = engine.Game(rules, seed=1)
    game.apply("bid 7S")
    while game.phase is Phase.AUCTION:
        game.apply("pass")
    while game.phase is not Phase.PLAY:
        choices = game.legal_choices()
        game.apply(next((choice for choice in choices if "slam_call" in str(choice)), choices[0]))
    assert game.declarer is not None
    observation = game.observation(game.declarer)
    assert observation.announced and observation.contract == "7S"
    side = declaring_side(rules, observation)
    assert side is not None and side_needs(rules, observation, side) == f"0 of the {rules.deal.hand_size} it needs"
