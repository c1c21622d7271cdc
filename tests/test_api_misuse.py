"""Issue 34, "The Python API": each misuse gets one documented error naming what is wrong, never an
``AttributeError`` or ``IndexError`` from inside the engine."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import engine
from engine.bots import ExpertBot, HeuristicBot, SamplingBot
from engine.kernel.state import GameState


def test_a_game_given_something_else_as_its_random_generator_is_refused() -> None:
    with pytest.raises(TypeError, match="rng must be a random.Random"):
        engine.Game(engine.load_variant("standard"), rng=1)  # type: ignore[arg-type]


def test_from_dict_given_something_else_as_its_rules_is_refused() -> None:
    rules = engine.load_variant("standard")
    saved = engine.Game(rules, seed=1).to_dict()
    with pytest.raises(TypeError, match="rules must be compiled rules"):
        engine.Game.from_dict(saved, rules=5)  # type: ignore[arg-type]


@pytest.mark.parametrize("count", [0, 1, 3, 5])
def test_run_needs_one_chooser_per_player(count: int) -> None:
    state = GameState.create(engine.load_variant("standard"), seed=1)
    with pytest.raises(ValueError, match=f"one chooser per player \\(4\\), not {count}"):
        state.run([lambda state, seat, legal: legal.bit_length() - 2] * count)


@pytest.mark.parametrize("make", [HeuristicBot, SamplingBot, lambda rules: ExpertBot(rules, positions=100, samples=1)])
def test_a_bot_given_another_seats_observation_says_so(make: object) -> None:
    """The built-in bots given an observation of a seat that is not to act raised ``ValueError: min()
    arg is an empty sequence``; now the error says whose observation it is and who is to act."""
    rules = engine.load_variant("standard")
    game = engine.Game(rules, seed=2)
    bot = make(rules)  # type: ignore[operator]
    to_act = game.to_act
    assert to_act is not None
    other = (to_act + 1) % 4
    with pytest.raises(ValueError, match=f"seat {other}'s observation, but seat {to_act} is to act"):
        bot.act(game.observation(other), game.legal_choices())
    assert (
        game.legal_choices()[0] in game.legal_choices() and bot.act(game.observation(to_act), game.legal_choices()) in game.legal_choices()
    )


# -- the same error in both builds (CI runs this file against the compiled build too) -------------------


@pytest.mark.parametrize("dealer", ["1", 1.0, True, None, -1, 4])
def test_create_refuses_a_dealer_that_is_not_a_seat_with_value_error_in_both_builds(dealer: object) -> None:
    with pytest.raises(ValueError, match="The dealer must be a seat from 0 to 3"):
        GameState.create(engine.load_variant("standard"), dealer=dealer)


@pytest.mark.parametrize("seed", [1.5, True, b"x", [1]])
def test_a_seed_is_a_whole_number_or_a_string_in_both_builds(seed: object) -> None:
    rules = engine.load_variant("standard")
    with pytest.raises(TypeError, match="A seed is a whole number or a string"):
        GameState.create(rules, seed=seed)
    with pytest.raises(TypeError, match="A seed is a whole number or a string"):
        engine.Game(rules, seed=seed)  # type: ignore[arg-type]
    assert GameState.create(rules, seed="x").to_act == engine.Game(rules, seed="x").to_act


def test_a_string_seed_with_a_lone_surrogate_is_refused_in_both_builds() -> None:
    """An embedder's trial: ``Game(rules, seed="\ud800")`` raised Python's ``UnicodeEncodeError`` (a string
    seeds from its UTF-8 bytes, and a lone surrogate has none); a seed of other text is taken."""
    rules = engine.load_variant("standard")
    for make in (GameState.create, engine.Game):
        with pytest.raises(TypeError, match="A string seed must be text: '\\\\ud800x' holds a lone UTF-16 surrogate"):
            make(rules, seed="\ud800x")  # type: ignore[operator]
    assert engine.Game(rules, seed="\u00e9\U0001f600").to_act == GameState.create(rules, seed="\u00e9\U0001f600").to_act


def test_a_variant_name_with_a_lone_surrogate_prints() -> None:
    """An embedder's trial: ``str()`` of the error for ``load_variant("\ud800")`` held the raw surrogate,
    so printing it raised ``UnicodeEncodeError``; it is escaped now."""
    with pytest.raises(engine.VariantError) as caught:
        engine.load_variant("\ud800")
    str(caught.value).encode("utf-8")
    assert str(caught.value).startswith("\\ud800: $: There is no file and no shipped variant called '\\ud800'.")


def test_a_variant_that_cannot_be_read_raises_an_error_the_package_names() -> None:
    """An embedder's trial: ``load_variant("nosuch")`` raised ``UnreadableFileError``, which docs/embedding.md's
    table of errors did not list and ``engine`` did not export; it is ``engine.UnreadableFileError`` (a
    ``VariantError``), listed there."""
    with pytest.raises(engine.UnreadableFileError, match="no shipped variant called 'nosuch'"):
        engine.load_variant("nosuch")
    assert issubclass(engine.UnreadableFileError, engine.VariantError) and "UnreadableFileError" in engine.__all__


@pytest.mark.parametrize("chosen", [float("nan"), 1.0, True, None, "0"])
@pytest.mark.parametrize("trusted", [False, True])
def test_a_chooser_that_returns_no_whole_number_gets_illegal_action_error_in_both_builds(chosen: object, trusted: bool) -> None:
    """A chooser returning ``nan`` raised ``IllegalActionError`` in the pure build but ``TypeError`` in
    the compiled one; a trusted chooser returning ``True`` never returned. Now: ``IllegalActionError``,
    the state as it was."""
    state = GameState.create(engine.load_variant("standard"), seed=1)
    before = (state.phase, state.to_act, list(state.hand.hands), state.hand.auction.bidding)
    with pytest.raises(engine.IllegalActionError, match="whole number"):
        state.run([lambda state, seat, legal: chosen] * 4, trusted=trusted)
    assert (state.phase, state.to_act, list(state.hand.hands), state.hand.auction.bidding) == before


def test_a_chooser_returning_no_whole_number_in_the_play_is_refused_too() -> None:
    """The play's fast loop checks a chooser's answer the same way (``True`` there was taken as card 1)."""
    rules = engine.load_variant("standard")
    state = GameState.create(rules, seed=1)
    bot = HeuristicBot(rules, seed=0)
    state.pause_between_hands = True

    def chooser(state: GameState, seat: int, legal: int) -> object:
        return True if state.hand.play is not None else bot.choose(state, seat, legal)

    for trusted in (False, True):
        with pytest.raises(engine.IllegalActionError, match="whole number"):
            state.copy().run([chooser] * 4, trusted=trusted)


def test_a_game_used_by_a_second_thread_mid_call_refuses_it_loudly() -> None:
    """Issue 34: two threads driving one Game corrupted it (a saved game that no longer loaded). A call
    made while another thread's call is running raises ConcurrentUseError, and the game is left as the
    first call leaves it."""
    import threading

    game = engine.Game(engine.load_variant("standard"), seed=3)
    entered, release = threading.Event(), threading.Event()
    recorder = game._state.listener

    class Slow:
        """The game's listener, holding the first thread's apply half-way through."""

        def hand_started(self, start: object) -> None:
            recorder.hand_started(start)  # type: ignore[union-attr, arg-type]

        def event(self, event: object) -> None:
            entered.set()
            release.wait(10)
            recorder.event(event)  # type: ignore[union-attr, arg-type]

    game._state.listener = Slow()
    first = game.legal_actions()[0]
    worker = threading.Thread(target=game.apply, args=(first,))
    worker.start()
    assert entered.wait(10)
    for call in (lambda: game.apply(first), game.to_dict, lambda: game.observation(0), game.clone):
        with pytest.raises(engine.ConcurrentUseError, match="not thread-safe"):
            call()
    release.set()
    worker.join(10)
    game._state.listener = recorder
    assert len(game.records[-1].actions) == 1  # the first call's action, once
    again = engine.Game.from_dict(game.to_dict())
    assert again.to_dict() == game.to_dict()


def test_two_threads_driving_one_game_never_corrupt_it() -> None:
    """Issue 34: threads that share a Game get ConcurrentUseError (or an illegal action, the turn having
    moved on) but never a game that no longer saves and loads."""
    import random
    import threading

    game = engine.Game(engine.load_variant("standard"), seed=8)

    def drive(seed: int) -> None:
        chooser = random.Random(seed)
        for _ in range(3000):
            if game.is_over or game.hand_number > 2:
                return
            try:
                game.apply(chooser.choice(game.legal_actions()))
            except (engine.ConcurrentUseError, engine.IllegalActionError):
                continue

    threads = [threading.Thread(target=drive, args=(seed,)) for seed in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    saved = game.to_dict()
    assert engine.Game.from_dict(saved).to_dict() == saved
    assert game.clone().to_dict() == saved  # a copy starts with the game free


def test_every_misuse_a_user_met_is_an_engine_error_with_a_sentence() -> None:
    """docs/embedding.md, "Errors": every error the engine raises is an ``engine.FiveHundredError``. A new
    user's trial met a bare ``KeyError('11S')``, an ``IndexError`` and plain ``ValueError``s; each is now a
    :class:`~engine.errors.UsageError` or :class:`~engine.errors.NotFoundError` naming what is wrong, and
    still the built-in kind a caller may already catch."""
    rules = engine.load_variant("standard")
    game = engine.Game(rules, seed=1)
    cases: list[tuple[object, type[Exception], type[Exception], str]] = [
        (lambda: rules.ladder["11S"], engine.NotFoundError, KeyError, "'11S' is not a contract of this variant's ladder"),
        (lambda: rules.card_order("X"), engine.NotFoundError, KeyError, "its strains are S, C, D, H, NT"),
        (lambda: rules.strain("X"), engine.NotFoundError, KeyError, "'X' is not a strain"),
        (lambda: rules.extra("zz"), engine.NotFoundError, KeyError, "it has none"),
        (lambda: rules.deck.suit("Q"), engine.NotFoundError, KeyError, "its suits are S, C, D, H"),
        (lambda: game.transcript(5), engine.NotFoundError, IndexError, "There is no hand 5"),
        (lambda: game.observation(7), engine.UsageError, ValueError, "no player at seat 7"),
        (lambda: rules.deck.card("ZZ"), engine.UsageError, ValueError, "'ZZ' is not a card of this deck"),
        (lambda: engine.Game(rules, dealer=9), engine.UsageError, ValueError, "dealer must be a seat from 0 to 3, not 9"),
        (lambda: engine.Game(rules, scores=(1, 2, 3)), engine.UsageError, ValueError, "one per team, not \\(1, 2, 3\\)"),
        (lambda: engine.play_game(rules, ["heuristic"] * 2), engine.UsageError, ValueError, "played by 4 players"),
        (lambda: engine.play_game(rules, ["heuristc"] * 4), engine.UsageError, ValueError, "no bot called 'heuristc'"),
        (lambda: engine.Game(rules, rng=1), engine.UsageError, TypeError, "rng must be a random.Random"),  # type: ignore[arg-type]
        # An embedder's trial: the seed beside rng was ignored, and on_event=5 raised at the first event.
        (lambda: engine.Game(rules, seed=1, rng=random.Random(2)), engine.UsageError, ValueError, "Give seed or rng, not both"),
        (lambda: engine.play_game(rules, ["random"] * 4, on_event=5), engine.UsageError, TypeError, "on_event must be a function"),  # type: ignore[arg-type]
        (lambda: engine.simulate("standard", hands=-3), engine.SimulationError, engine.FiveHundredError, "not hands=-3"),
    ]
    for call, kind, builtin, message in cases:
        with pytest.raises(kind, match=message) as raised:
            call()  # type: ignore[operator]
        assert isinstance(raised.value, engine.FiveHundredError) and isinstance(raised.value, builtin)
    # A lookup keeps its protocol: get and membership do not raise.
    assert rules.ladder.get("11S") is None and "11S" not in rules.ladder.ids and "6S" in rules.ladder.ids
    assert str(engine.NotFoundError("A sentence.")) == "A sentence."  # not KeyError's quoted repr


def test_compile_text_given_bytes_or_another_type_raises_usage_error_saying_so() -> None:
    """docs/embedding.md: an argument of the wrong type is a ``UsageError``. A new user's trial met a bare
    ``AttributeError`` from ``engine.compile_text(b"extends: standard\\n")``; bytes are now told to be
    decoded, and the other arguments are checked too. A path object is a folder like a string."""
    with pytest.raises(engine.UsageError, match=r"takes the variant's text as a str, not bytes: decode them first") as raised:
        engine.compile_text(b"extends: standard\n")  # type: ignore[arg-type]
    assert isinstance(raised.value, TypeError)
    with pytest.raises(engine.UsageError, match="takes the variant's text as a str, not NoneType"):
        engine.compile_text(None)  # type: ignore[arg-type]
    with pytest.raises(engine.UsageError, match="file .* must be a str, not int"):
        engine.compile_text("extends: standard\n", 5)  # type: ignore[arg-type]
    with pytest.raises(engine.UsageError, match="base_folder must be a folder's path .* not NoneType"):
        engine.compile_text("extends: standard\n", "house.yaml", None)  # type: ignore[arg-type]
    assert engine.compile_text("extends: standard\nname: House\n", "house.yaml", Path(".")).name == "House"


@pytest.mark.parametrize(("given", "said"), [(None, "not None."), (5, r"not 5 \(int\)\."), (b"standard", r"\(bytes\): decode it first")])
def test_load_variant_given_something_that_is_no_name_or_path_raises_usage_error(given: object, said: str, tmp_path: Path) -> None:
    """A new user's trial: ``engine.load_variant(None)`` said "There is no file and no shipped variant
    called 'None'", as if None were a name; an argument that is neither a string nor a path is now a
    ``UsageError`` saying what it takes. A path object still loads."""
    with pytest.raises(engine.UsageError, match=f"takes a shipped variant's name or a variant file's path .*{said}") as raised:
        engine.load_variant(given)  # type: ignore[arg-type]
    assert "There is no file" not in str(raised.value)
    (tmp_path / "house.yaml").write_text("extends: standard\nname: House\n", encoding="utf-8")
    assert engine.load_variant(tmp_path / "house.yaml").name == "House"


def test_the_entry_points_taking_compiled_rules_refuse_a_name_with_usage_error() -> None:
    """The public functions that take a variant's compiled rules raised ``AttributeError`` (or said
    nothing) when given its name; each now raises ``UsageError`` naming itself and how to compile it."""
    rules = engine.load_variant("standard")
    transcript = engine.Game(rules, seed=1).transcript()
    calls: list[tuple[str, object]] = [
        ("engine.replay", lambda: engine.replay(transcript, "standard")),  # type: ignore[arg-type]
        ("engine.play_game", lambda: engine.play_game("standard", ["random"] * 4)),  # type: ignore[arg-type]
        ("engine.parse_action", lambda: engine.parse_action("standard", "pass")),  # type: ignore[arg-type]
        ("engine.unsupported_rules", lambda: engine.unsupported_rules("standard")),  # type: ignore[arg-type]
    ]
    for name, call in calls:
        with pytest.raises(
            engine.UsageError, match=rf"^{name} takes a variant's compiled rules .*not str \(engine.load_variant\('standard'\)"
        ):
            call()  # type: ignore[operator]
    assert engine.parse_action(rules, "pass") == engine.Pass() and engine.unsupported_rules(rules) == []


def test_the_rules_helpers_refuse_what_they_cannot_read_in_both_builds() -> None:
    """An embedder's trial of the helpers docs/embedding.md names: ``deck.card(5)`` raised
    ``AttributeError``, ``seating.team_of(99)`` ``IndexError`` and ``team_of(-1)`` answered a team,
    ``card_order(...).is_trump("AS")`` a ``TypeError`` about ``str.index``, ``winner([], "S")``
    ``IndexError`` and ``winner([...], "X")`` answered 0. Each is the engine's own error now."""
    rules = engine.load_variant("standard")
    order = rules.card_order("H")
    for value in (5, None):
        with pytest.raises(engine.UsageError, match="A card is written as text, like 'AS' or '10H', not "):
            rules.deck.card(value)  # type: ignore[arg-type]
    assert not rules.deck.has(5)  # type: ignore[arg-type]
    for seat in (99, -1, "a", 1.0):
        with pytest.raises(engine.UsageError, match="A seat is a whole number from 0 to 3, not "):
            rules.seating.team_of(seat)
        with pytest.raises(engine.UsageError):
            rules.seating.partners_of(seat)
    assert rules.seating.team_of(3) == 1 and rules.seating.partners_of(0) == (2,)
    with pytest.raises(engine.UsageError, match=r"A card order reads cards of its deck \(rules.deck.card\('AS'\)\), not 'AS'."):
        order.is_trump("AS")  # type: ignore[arg-type]
    with pytest.raises(engine.UsageError, match=r"A trick's cards are a list of one card or more, not \[\]."):
        order.winner([], "S")
    with pytest.raises(engine.NotFoundError, match="There is no suit 'X' in this deck: the suit led is one of C, D, H, S"):
        order.winner([rules.deck.card("AS")], "X")
    assert order.winner([rules.deck.card("AS"), rules.deck.card("JD")], "S") == 1  # the left bower trumps
    assert order.is_trump(rules.deck.card("JD")) and not order.is_trump(rules.deck.card("AS"))


def test_messages_an_embedder_met_name_what_is_wrong(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An embedder's trial: ``Bid("6S", modifier="sans_kitty")`` in ``standard`` was told to "write bid and
    one contract"; ``Claim([card])`` with a list (as ``Discard`` takes) was refused as if its card were
    wrong; ``load_variant("house")`` beside ``house.yaml`` gave no hint; ``Game.from_dict(transcript)``
    did not say it was a transcript; a transcript's action that is not text was not located."""
    rules = engine.load_variant("standard")
    game = engine.Game(rules, seed=1)
    with pytest.raises(engine.IllegalActionError, match="'sans_kitty' is not a modifier of this variant \\(it has no modifiers\\)"):
        game.apply(engine.Bid("6S", modifier="sans_kitty"))
    assert engine.Claim([rules.deck.card("AS")]) == engine.Claim((rules.deck.card("AS"),))  # type: ignore[arg-type]
    (tmp_path / "house.yaml").write_text("extends: standard\nname: House\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(engine.VariantError, match="Did you mean the file 'house.yaml'\\?"):
        engine.load_variant("house")
    game.apply(game.legal_actions()[0])
    transcript = game.transcript()
    with pytest.raises(engine.SavedGameError, match="This is a hand's transcript, not a saved game: engine.replay replays it"):
        engine.Game.from_dict(transcript)
    transcript["actions"] = [*transcript["actions"], 12345]
    transcript.pop("check")
    with pytest.raises(engine.TranscriptError, match=r"transcript.actions\[\d+\] must be a text like \"1 bid 7H\", not 12345."):
        engine.replay(transcript)
