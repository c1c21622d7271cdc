"""The fuzz suite's strategies and checks (issue 12): every kind of input a user can give the engine,
generated or mutated, and what the engine must do with it.

Each ``check_*`` function takes one generated input and asserts the engine's contract for it: a valid
variant compiles to rules the kernel plays to the end with every invariant holding; anything malformed
gets its documented error (``VariantError``, ``IllegalActionError``, ``SavedGameError``,
``TranscriptError``, ``SimulationError``, an exit code of 0, 1 or 2) within a time bound, with the state
unchanged. ``TARGETS`` pairs each check with its strategy. ``tests/test_fuzz.py`` runs them briefly in
the default test run; ``bench/fuzz.py`` runs them for as long as asked and prints the figures kept in
``STATS``.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import math
import os
import random
import signal
import stat
import time
from collections import Counter
from collections.abc import Callable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.bots import make_bot
from engine.cli import main
from engine.game.records import named_rules
from engine.kernel.events import Dealt, TrickWon
from engine.kernel.scoring import MAX_HANDS
from engine.kernel.state import GameState
from engine.kernel.tables import tables_for
from engine.language.resources import load_schema, shipped_variant_names, variants_folder
from engine.rules.cards import Card

STATS: Counter[str] = Counter()
"""What the checks have tried, by kind (documents, games, malformed inputs, ...)."""

SLOWEST: dict[str, float] = {}
"""The longest a single check of each kind took, in seconds."""

TIME_LIMIT = 10.0
"""A single input taking longer than this fails its check (validation is bounded well under 1 s; the
margin is for a loaded machine and for playing a whole game)."""

SHIPPED = shipped_variant_names()

# -- bounded time ------------------------------------------------------------------------------


@contextlib.contextmanager
def bounded(kind: str, limit: float = TIME_LIMIT) -> Iterator[None]:
    """Fail if the block takes longer than ``limit`` seconds (an alarm interrupts a hang); record its time."""

    def expire(signum: int, frame: object) -> None:
        raise AssertionError(f"{kind}: no answer within {limit} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, limit)
    started = time.perf_counter()
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        SLOWEST[kind] = max(SLOWEST.get(kind, 0.0), time.perf_counter() - started)


# -- documents over the whole schema -----------------------------------------------------------


def _resolve(node: dict[str, Any]) -> dict[str, Any]:
    reference = node.get("$ref")
    if isinstance(reference, str) and reference.startswith("#/$defs/"):
        merged = dict(load_schema()["$defs"][reference[len("#/$defs/") :]])
        merged.update({key: value for key, value in node.items() if key != "$ref"})
        return merged
    return node


def from_schema(node: dict[str, Any], depth: int = 0) -> st.SearchStrategy[Any]:
    """Values the JSON Schema ``node`` accepts (the keywords the variant schema uses)."""
    node = _resolve(node)
    if "const" in node:
        return st.just(node["const"])
    if "enum" in node:
        return st.sampled_from(node["enum"])
    branches = node.get("oneOf") or node.get("anyOf")
    if branches:
        return st.one_of([from_schema(branch, depth + 1) for branch in branches])
    kind = node.get("type")
    if isinstance(kind, list):
        return st.one_of([from_schema({**node, "type": each}, depth + 1) for each in kind])
    if kind == "object" or "properties" in node:
        properties = node.get("properties", {})
        required = set(node.get("required", []))
        strategy: st.SearchStrategy[Any] = st.fixed_dictionaries(
            {key: from_schema(value, depth + 1) for key, value in properties.items() if key in required},
            optional={key: from_schema(value, depth + 1) for key, value in properties.items() if key not in required},
        )
        extra = node.get("additionalProperties")
        if isinstance(extra, dict) and not properties:
            names = node.get("propertyNames", {}).get("pattern")
            keys = st.from_regex(names, fullmatch=True) if names else st.text(min_size=1, max_size=8)
            strategy = st.dictionaries(
                keys, from_schema(extra, depth + 1), min_size=node.get("minProperties", 0), max_size=min(node.get("maxProperties", 3), 3)
            )
        return strategy
    if kind == "array":
        low = node.get("minItems", 0)
        high = min(node.get("maxItems", low + 4), low + 4)
        items = from_schema(node.get("items", {}), depth + 1)
        if node.get("uniqueItems"):
            return st.lists(items, min_size=low, max_size=high, unique_by=lambda value: json.dumps(value, sort_keys=True))
        return st.lists(items, min_size=low, max_size=high)
    if kind == "integer":
        return st.integers(node.get("minimum", -1000), node.get("maximum", 1000))
    if kind == "string":
        if "pattern" in node:
            return st.from_regex(node["pattern"], fullmatch=True)
        return st.text(min_size=node.get("minLength", 0), max_size=node.get("maxLength", 12))
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    return st.none()


@lru_cache(maxsize=1)
def _top_level() -> dict[str, st.SearchStrategy[Any]]:
    schema = load_schema()
    return {key: from_schema(value) for key, value in schema["properties"].items() if key not in ("extends", "name", "description")}


@st.composite
def schema_documents(draw: st.DrawFn) -> dict[str, Any]:
    """A shipped base with a few top-level sections drawn anywhere in the schema (mostly refused by the
    semantic checks, sometimes a new playable variant)."""
    document: dict[str, Any] = {"extends": draw(st.sampled_from(SHIPPED))}
    sections = _top_level()
    for key in draw(st.lists(st.sampled_from(sorted(sections)), min_size=1, max_size=3, unique=True)):
        document[key] = draw(sections[key])
    return document


AUCTION = st.fixed_dictionaries(
    {},
    optional={
        "rounds": st.sampled_from(["continuous", "one"]),
        "bid_after_pass": st.sampled_from(["never", "on_strain_change"]),
        "rebid": st.sampled_from(["after_intervening_bid", "any_time"]),
        "winner_may_raise": st.booleans(),
        "all_pass": st.sampled_from(["redeal", "next_dealer", "play_no_trump", "dealer_must_bid", {"then": "redeal", "max_redeals": 2}]),
        "inkles": st.fixed_dictionaries(
            {"level": st.just(6), "bidders": st.sampled_from([1, 2, "all"]), "can_win": st.booleans(), "separate_no": st.booleans()}
        ),
    },
)
"""Auction sections over every option (shared with tests/test_rule_space.py)."""
_END = st.fixed_dictionaries(
    {},
    optional={
        "target": st.sampled_from([250, 500, 1000]),
        "lose_at": st.sampled_from([None, -250, -500]),
        "must_win_by_bid": st.booleans(),
        "simultaneous": st.sampled_from(["bidder", "highest"]),
        "point_spread": st.sampled_from([None, 1000]),
        "exact_target": st.booleans(),
        "lose_at_or_above": st.sampled_from([None, 1000, 2000]),
        "score_out_during_hand": st.booleans(),
        "simultaneous_tie": st.sampled_from(["play_on", "shared", "bidder_side"]),
    },
)
_SCORING = st.fixed_dictionaries(
    {},
    optional={
        "failed": st.sampled_from(["subtract", "to_opponents"]),
        "defender_trick_points": st.sampled_from([0, 10, 20]),
        "scores_never_decrease": st.booleans(),
        "lay_down_penalty": st.sampled_from([0, 50]),
    },
)
_LADDER = st.fixed_dictionaries(
    {},
    optional={"values": st.sampled_from(["avondale", "original", "perfect"]), "order": st.sampled_from(["by_level", "by_value"])},
)


@st.composite
def variant_documents(draw: st.DrawFn) -> dict[str, Any]:
    """A house-rules file as an author writes one: a shipped base (every player count, deck, ladder and
    seating) with changes to the auction, scoring, ladder and end rules, or sections drawn anywhere in
    the schema."""
    if draw(st.integers(0, 3)) == 0:
        return draw(schema_documents())
    document: dict[str, Any] = {"extends": draw(st.sampled_from(SHIPPED)), "name": "Fuzzed"}
    for key, strategy in (("auction", AUCTION), ("end", _END), ("scoring", _SCORING), ("ladder", _LADDER)):
        if draw(st.booleans()):
            document[key] = draw(strategy)
    return document


# -- playing a game and checking its invariants ------------------------------------------------


def _plain_hand(actions: list[str]) -> bool:
    """A hand played at its contract's own terms: no call, claim or modifier changed them."""
    return not any(" call " in entry or " claim " in entry or (" bid " in entry and len(entry.split()) > 3) for entry in actions)


def check_hand_points(rules: engine.Rules, result: engine.HandResult, before: tuple[int, ...], actions: list[str]) -> None:
    """A scored hand: scores add its points; on a plain hand the declaring side's points follow from its
    tricks and the ladder (rules text 000, "Scoring")."""
    assert tuple(score + point for score, point in zip(before, result.hand_points)) == result.scores
    assert sum(result.tricks) <= rules.deal.hand_size
    if result.contract is None or result.declarer is None or result.partner is not None or not _plain_hand(actions):
        return
    contract = rules.ladder[result.contract]
    seating, scoring = rules.seating, rules.scoring
    team = seating.team_of(result.declarer)
    taken = sum(result.tricks[seat] for seat in seating.teams[team])
    if sum(result.tricks) < rules.deal.hand_size:
        return  # a hand stopped when a side scored out (the 1904 rule)
    assert result.made == contract.target.made(taken), (result, contract.target)
    points = result.hand_points[team]
    if result.made:
        slam = scoring.slam
        expected = {contract.value} | (
            {slam.value} if slam is not None and taken == rules.deal.hand_size and slam.applies(contract) else set()
        )
        assert points in expected, (result, contract)
    elif scoring.failed is engine.rules.ruleset.FailedContract.SUBTRACT and not scoring.scores_never_decrease:
        assert points == -contract.value, (result, contract)
    else:
        assert points == 0, (result, contract)


def check_game(game: engine.Game, chooser: random.Random, max_hands: int, roundtrip_every: int) -> None:
    """Play ``game`` with random legal actions for up to ``max_hands`` hands, checking at every step that
    legal actions exist until the end and are accepted, every card is dealt once, every trick has one
    winner, hand points fit the tricks and the ladder, and (every ``roundtrip_every`` steps and at the
    end) the saved game round-trips exactly."""
    rules = game.rules
    steps = 0
    while not game.is_over and game.hand_number < max_hands:
        choices = game.legal_actions()
        assert choices, f"no legal action in phase {game.phase} before the game is over"
        game.apply(chooser.choice(choices))
        steps += 1
        if roundtrip_every and steps % roundtrip_every == 0:
            check_roundtrip(game)
    check_roundtrip(game)
    for event in game.events:
        if isinstance(event, Dealt):
            cards = [card.index for hand in event.hands for card in hand] + [
                card.index for card in event.kitty + event.dead_hand + event.table
            ]
            assert sorted(cards) == list(range(len(rules.deck))), "a deal did not deal every card once"
        elif isinstance(event, TrickWon):
            seats = [seat for seat, _ in event.cards]
            assert len(set(seats)) == len(seats) and event.seat in seats
    for record, result in zip(game.records, game.results):
        check_hand_points(rules, result, record.scores, record.actions)
    STATS["games played"] += 1
    STATS["actions applied"] += steps
    STATS["games finished"] += game.is_over


def check_roundtrip(game: engine.Game) -> None:
    """``to_dict``/``from_dict`` round-trip exactly, and the restored game offers the same actions."""
    saved = game.to_dict()
    restored = engine.Game.from_dict(json.loads(json.dumps(saved)), game.rules)
    assert restored.to_dict() == saved
    assert [str(action) for action in restored.legal_actions()] == [str(action) for action in game.legal_actions()]


def check_game_ends(rules: engine.Rules, seed: int) -> None:
    """A whole game with random bots through the kernel's own loop (their every move checked legal) ends
    with a winner decided or named impossible, within the kernel's hand limit."""
    tables = tables_for(rules)
    state = GameState(rules, tables, random.Random(seed), seed % rules.seating.players, tables.start_scores)
    bot = make_bot("random", rules, seed)
    with bounded("whole game", 120.0):
        moves = state.run([bot.choose] * rules.seating.players)
    assert state.phase is engine.Phase.GAME_OVER and state.ending is not None and state.hand_number < MAX_HANDS
    STATS["whole games played to the end"] += 1
    STATS["hands in whole games"] += state.hand_number + 1
    STATS["moves in whole games"] += moves


def check_document(document: dict[str, Any], seed: int, max_hands: int = 3) -> None:
    """A generated variant document compiles, or is refused with located problems; what compiles plays:
    ``max_hands`` hands through the API with every invariant checked, and a whole game to its end."""
    text = json.dumps(document)
    STATS["documents tried"] += 1
    with bounded("validation"):
        try:
            rules = engine.compile_text(text, "fuzzed.yaml")
        except engine.VariantError as error:
            assert error.problems and all(problem.path.startswith("$") and problem.message for problem in error.problems)
            STATS["documents refused"] += 1
            return
    STATS["documents compiled"] += 1
    assert engine.unsupported_rules(rules) == []
    check_game(engine.Game(rules, seed=seed), random.Random(seed), max_hands, roundtrip_every=0)
    check_game_ends(rules, seed)


# -- malformed variant files -------------------------------------------------------------------

_HOSTILE_SCALARS = [
    "!!int abc",
    "!!int ''",
    "!!float ''",
    "!!timestamp abc",
    "!!timestamp ''",
    "!!bool maybe",
    "!!merge x",
    "!!float [1]",
    "!!str",
    "!!python/object:os.system ls",
    "!custom 1",
    "<<: 5",
    "<<: *nowhere",
    "&a 1",
    "*a",
    "9" * 30,
    "4.0",
    "1e309",
    ".nan",
    "-.inf",
    '"\\ud800"',
    '"\\U00110000"',
    "\ufeff",
    "\t",
    "[" * 60,
    "{",
    "~",
    "null",
    "-1",
    "0x10",
    "1_000",
    "2001-01-01",
    "? [a, b]",
    "'",
    '"',
    "|",
    ">",
    "%YAML 1.1",
    "---",
    "...",
]


@st.composite
def mutated_texts(draw: st.DrawFn) -> str:
    """A shipped variant file with a few edits: hostile scalars, tags, merge keys, cut or doubled lines,
    indentation changes, stray bytes."""
    name = draw(st.sampled_from(SHIPPED))
    lines = (variants_folder() / f"{name}.yaml").read_text(encoding="utf-8").splitlines()
    for _ in range(draw(st.integers(1, 4))):
        where = draw(st.integers(0, max(0, len(lines) - 1)))
        how = draw(st.integers(0, 6))
        if how == 0 and lines:
            key, _, _ = lines[where].partition(":")
            lines[where] = f"{key}: {draw(st.sampled_from(_HOSTILE_SCALARS))}"
        elif how == 1:
            lines.insert(where, draw(st.sampled_from(_HOSTILE_SCALARS)))
        elif how == 2 and lines:
            del lines[where]
        elif how == 3 and lines:
            lines.insert(where, lines[where])
        elif how == 4 and lines:
            lines[where] = draw(st.sampled_from(["", " ", "  ", "\t"])) + lines[where]
        elif how == 5 and lines and draw(st.booleans()):
            # A merge-key bomb (issue 34): each line merges the one before twice.
            levels = draw(st.integers(2, 30))
            bomb = ["m0: &m0 {y0: 1}"] + [f"m{i}: &m{i} {{<<: [*m{i - 1}, *m{i - 1}], y{i}: 1}}" for i in range(1, levels)]
            lines[where:where] = bomb
        elif how == 5 and lines:
            cut = draw(st.integers(0, len(lines[where])))
            lines[where] = lines[where][:cut] + draw(st.text(max_size=6)) + lines[where][cut:]
        else:
            lines.insert(where, f"deck: {{ranks: [{', '.join(['A'] * draw(st.integers(0, 400)))}]}}")
    return "\n".join(lines) + "\n"


def check_variant_text(text: str) -> None:
    """Any text as a variant file: a located ``VariantError`` or rules that play, within the time bound."""
    STATS["malformed variant files tried"] += 1
    with bounded("validation"):
        try:
            rules = engine.compile_text(text, "mutated.yaml")
        except engine.VariantError as error:
            assert error.problems and all(problem.file and problem.path.startswith("$") for problem in error.problems)
            return
    assert engine.unsupported_rules(rules) == []
    check_game(engine.Game(rules, seed=1), random.Random(1), 1, roundtrip_every=0)


# -- saved games and transcripts ---------------------------------------------------------------

_HOSTILE_VALUES: list[Any] = [
    True,
    False,
    None,
    0,
    -1,
    1,
    2,
    99,
    2**70,
    -(2**70),
    1.5,
    4.0,
    "",
    "x",
    "x" * 300,
    "a\0b",
    "\ud800",
    "../../etc/passwd",
    "/dev/zero",
    "standard",
    "five-handed",
    "1 bid 7H",
    "0 pass",
    "AS",
    "7H",
    [],
    {},
    [0],
    [[[]]],
    {"a": 1},
    [True, 0],
    [0, False],
    [1, 2, 3],
]


@lru_cache(maxsize=64)
def _played(variant: str, seed: int, steps: int) -> engine.Game:
    game = engine.Game(engine.load_variant(variant), seed=seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(chooser.choice(game.legal_actions()))
    return game


def _paths(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, path + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _paths(value, path + (index,))


def mutate(data: Any, draw: st.DrawFn) -> Any:
    """``data`` (JSON-like) with one to three nodes replaced by hostile values, other nodes or nothing."""
    data = copy.deepcopy(data)
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(data))[1:]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = data
        for part in path[:-1]:
            parent = parent[part]
        how = draw(st.integers(0, 2))
        if how == 0:
            parent[path[-1]] = copy.deepcopy(draw(st.sampled_from(_HOSTILE_VALUES)))
        elif how == 1:
            del parent[path[-1]]
        else:
            other = data
            for part in draw(st.sampled_from(paths)):
                other = other[part] if isinstance(other, (dict, list)) else other
            parent[path[-1]] = copy.deepcopy(other)
    return data


_GAMES = st.tuples(
    st.sampled_from(
        ["standard", "five-handed", "two-handed", "two-handed-52", "two-handed-draw", "breach", "slam-call", "six-handed", "three-handed"]
    ),
    st.integers(0, 5),
    st.integers(0, 150),
)


@st.composite
def mutated_saves(draw: st.DrawFn) -> Any:
    """A game saved part-way and then damaged (often without its ``check``, so that damage the check would
    refuse reaches the replay too)."""
    saved = _played(*draw(_GAMES)).to_dict()
    if draw(st.booleans()):
        del saved["check"]
    return mutate(saved, draw)


def check_saved_game(data: Any) -> None:
    """A damaged saved game: ``SavedGameError``, or a game whose own save round-trips."""
    STATS["corrupted saved games tried"] += 1
    with bounded("saved game"):
        try:
            game = engine.Game.from_dict(data)
        except engine.SavedGameError:
            return
        check_roundtrip(game)


@st.composite
def mutated_transcripts(draw: st.DrawFn) -> Any:
    """A hand's transcript, damaged."""
    game = _played(*draw(_GAMES))
    return mutate(game.transcript(), draw)


def check_transcript(data: Any) -> None:
    """A damaged transcript: ``TranscriptError`` (or another documented engine error), or a result."""
    STATS["corrupted transcripts tried"] += 1
    with bounded("transcript"):
        try:
            engine.replay(data)
        except (engine.TranscriptError, engine.FiveHundredError):
            return


# -- the variant a record names ------------------------------------------------------------------

SECRET = "hunter2-do-not-echo"
"""Planted in files a record must never read (or, read, must never quote)."""

RECORD_FOLDER = "records"
"""The record's own folder inside the check's temporary folder: the one place a named file may come from."""


def plant_record_folder(folder: Path) -> Path:
    """A record folder holding a house variant, a YAML file that is not a variant, a pipe and a link out,
    beside a folder outside it holding a valid variant and a secret; returns the record folder."""
    records, outside = folder / RECORD_FOLDER, folder / "outside"
    if records.exists():
        return records
    records.mkdir()
    outside.mkdir()
    (records / "house.yaml").write_text("extends: standard\nname: House\n", encoding="utf-8")
    (records / "notes.yaml").write_text(f"password: {SECRET}\n", encoding="utf-8")
    (records / "notes.txt").write_text(f"{SECRET}\n", encoding="utf-8")
    (outside / "valid.yaml").write_text("extends: standard\nname: OUTSIDE\n", encoding="utf-8")
    (outside / "secret.yaml").write_text(f"{SECRET}: 1\n", encoding="utf-8")
    (records / "sub").mkdir()
    with contextlib.suppress(OSError, AttributeError):
        os.mkfifo(records / "pipe.yaml")
    with contextlib.suppress(OSError):
        (records / "link.yaml").symlink_to(outside / "valid.yaml")
        (records / "out").symlink_to(outside, target_is_directory=True)
    return records


_RECORD_VARIANTS = [
    "standard", "house.yaml", "./house.yaml", "sub/../house.yaml", "notes.yaml", "notes.txt", "pipe.yaml", "link.yaml",
    "out/valid.yaml", "out/secret.yaml", "../outside/valid.yaml", "../outside/secret.yaml", "/etc/passwd", "/etc/hostname.yaml",
    "/dev/zero", "/dev/stdin", "sub", "sub/", "missing.yaml", "~/x.yaml", "house.yaml\0", "HOUSE.YAML", "../" * 40 + "etc/passwd",
]  # fmt: skip


@st.composite
def record_variants(draw: st.DrawFn) -> Any:
    """What a record's ``variant`` field may hold: hostile paths in and out of the record's folder (some
    made absolute), shipped names, random text, and values of other types."""
    base = draw(st.sampled_from(_RECORD_VARIANTS + ["ABSOLUTE:" + each for each in _RECORD_VARIANTS[1:12]]))
    return draw(st.one_of(st.just(base), st.text(max_size=30), st.sampled_from([None, 3, ["standard"], {"name": "x"}])))


def check_record_variant(variant: Any, through: str, folder: Path) -> None:
    """A record (transcript or saved game) naming ``variant``: the variant loads only from a shipped name
    or a regular ``.yaml`` file inside the record's folder, within a time bound; anything else is a
    ``TranscriptError``/``SavedGameError`` naming the field that never quotes a planted secret."""
    records = plant_record_folder(folder)
    if isinstance(variant, str) and variant.startswith("ABSOLUTE:"):
        variant = str(records / variant.removeprefix("ABSOLUTE:"))
    STATS["record variants tried"] += 1
    with bounded("record variant"):
        try:
            if through == "transcript":
                rules = named_rules({"variant": variant}, "transcript", str(records))
            else:
                saved = engine.Game(engine.load_variant("standard"), seed=1).to_dict()
                saved["variant"] = variant
                rules = engine.Game.from_dict(saved, folder=str(records)).rules
        except (engine.TranscriptError, engine.SavedGameError) as error:
            assert SECRET not in str(error), error
            # A shipped variant loads; a standard game's cards may then not fit its deck (44-card's jokers).
            assert "'variant'" in str(error) or variant in SHIPPED, error
            return
    assert rules.name in ("House", engine.load_variant("standard").name) or variant in SHIPPED, (variant, rules.name)
    assert rules.name != "OUTSIDE"


# -- hand analyses ------------------------------------------------------------------------------


@lru_cache(maxsize=16)
def _finished_hand(variant: str, seed: int) -> dict[str, Any]:
    """A hand played to its end by random bots, as a transcript."""
    game = engine.Game(engine.load_variant(variant), seed=seed)
    chooser = random.Random(seed)
    while not game.results:
        game.apply(chooser.choice(game.legal_actions()))
    return game.transcript(0)


@st.composite
def analysed_transcripts(draw: st.DrawFn) -> Any:
    """A whole hand's transcript of a small variant (so a search is quick), sometimes damaged."""
    transcript = copy.deepcopy(
        _finished_hand(draw(st.sampled_from(["rules-text-003-two", "two-handed-dead-hand"])), draw(st.integers(0, 5)))
    )
    return mutate(transcript, draw) if draw(st.booleans()) else transcript


def check_analysis(data: Any, budget: int | None = None, table: bool = False) -> None:
    """Any transcript given to ``analyze``, within any position budget: a documented error, an analysis
    stopped at its budget (having visited no more), or a whole analysis whose costs account for the
    difference between best play and the tricks taken."""
    from engine.analysis import analyze
    from engine.game.records import named_rules

    STATS["transcripts analysed"] += 1
    with bounded("analysis", 60.0):
        try:
            result = analyze(data, table=table, **({"max_positions": budget} if budget is not None else {}))
        except (engine.TranscriptError, engine.FiveHundredError, ValueError):
            return
    if result.stopped is not None:
        assert budget is not None and result.positions <= budget + 6  # past it by a last trick's cards at most
        return
    if result.par is None or result.claimed is not None or result.contract is None:
        return
    try:
        engine.replay(data)  # the account holds for a hand played to its end
    except (engine.TranscriptError, engine.FiveHundredError):
        return
    # The rules the hand was played under: the carried ones (variant_rules), else the named variant.
    minimize = named_rules(data, "transcript").ladder[result.contract].target.is_no_tricks
    lost = sum(play.cost for play in result.plays if play.seat in result.side)
    given = sum(play.cost for play in result.plays if play.seat not in result.side)
    assert result.taken == (result.par + lost - given if minimize else result.par - lost + given)


# -- a person at the terminal --------------------------------------------------------------------

_TYPED = [
    "1",
    "2",
    "99",
    "0",
    "-1",
    "pass",
    "bid 7H",
    "bid 6S",
    "bid misere",
    "discard",
    "play",
    "play AS",
    "play JK:H",
    "help",
    "hint",
    "undo",
    "save OUT",
    "save! OUT",
    "save NOTE",
    "save! NOTE",
    "load OUT",
    "load /nonexistent/x.json",
    "save /nonexistent/dir/x.json",
    "load",
    "save",
    "HELP",
    "  ",
    "\t",
    "\ud800",
    "x" * 300,
]


def check_play_session(variant: str, seed: int, lines: list[str], folder: Path) -> None:
    """Any lines typed into ``fivehundred play``: each is taken, explained or refused; the session ends
    when the input does, never with an exception, and its game is a sound one."""
    from engine.cli.play import Screen, Session

    STATS["play sessions tried"] += 1
    note = folder / "note.json"
    note.write_text("hello", encoding="utf-8")  # a file of the person's own: no save may replace it
    typed = iter([line.replace("OUT", str(folder / "saved.json")).replace("NOTE", str(note)) for line in lines])
    out = io.StringIO()

    def read(prompt: str) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    with bounded("play session", 60.0):
        session = Session(engine.load_variant(variant), 0, ["random"], seed, Screen(read, out), None)
        assert session.run() == 0
    assert note.read_text(encoding="utf-8") == "hello"
    check_roundtrip(session.game)


# -- the bots' public entries ----------------------------------------------------------------------

_JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(),
    st.text(max_size=8),
    st.lists(st.integers(), max_size=3),
    st.builds(object),
)


def check_bot_entry(bot: str, variant: str, steps: int, which: int, junk: Any) -> None:
    """A built-in bot's ``act`` or ``choose`` given ``junk`` in one argument place (``which``), or an
    observation or state of another variant: ``TypeError`` or ``ValueError``, never another exception, and
    the game it was shown unchanged."""
    STATS["bot entries tried"] += 1
    game = _played(variant, 1, steps)
    if game.is_over:
        return
    player = make_bot(bot, engine.load_variant("standard"), 1)
    before = game.to_dict()
    seat = game.to_act
    assert seat is not None
    state = game.state
    arguments: list[tuple[Any, ...]] = [
        (junk, game.legal_actions()),
        (game.observation(game.rules.seating.controller(seat)), junk),
    ]
    moves: list[tuple[Any, ...]] = [(junk, seat, state.legal_mask()), (state, junk, state.legal_mask()), (state, seat, junk)]
    with bounded("bot entry"):
        for call, given in [(player.act, arguments[which % 2]), (player.choose, moves[which % 3])]:
            try:
                call(*given)
            except (TypeError, ValueError):
                pass
    assert game.to_dict() == before


# -- action objects ------------------------------------------------------------------------------


class Hostile:
    """An object whose repr, equality and hash all raise."""

    def __repr__(self) -> str:
        raise RuntimeError("repr")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq")

    def __hash__(self) -> int:
        raise RuntimeError("hash")


def _forged_cards(deck: engine.Deck) -> st.SearchStrategy[Any]:
    real = st.sampled_from(deck.cards)
    index = st.one_of(st.integers(-3, len(deck.cards) + 3), st.sampled_from([1.0, "1", True, None, 2**70]))
    forged = st.builds(
        Card, index, st.sampled_from(["A", "K", "10", None, 1]), st.sampled_from(["S", "H", None, "X"]), st.sampled_from([None, "JK", "BJ"])
    )
    other = st.sampled_from(engine.load_variant("six-handed-two-jokers").deck.cards)
    return st.one_of(real, real, forged, other, st.builds(Hostile), st.sampled_from(["AS", 0, None]))


@st.composite
def action_objects(draw: st.DrawFn, deck: engine.Deck) -> Any:
    """Anything an embedder might pass to ``apply``: real and forged action objects, text, other objects."""
    card = _forged_cards(deck)
    text = st.one_of(
        st.sampled_from(["pass", "bid 7H", "bid misere", "look", "keep", "reject", "alone", "call breach", "discard", "play", ""]),
        st.text(max_size=20),
    )
    many = st.one_of(
        st.lists(card, max_size=6).map(tuple),
        st.lists(card, max_size=3).map(lambda cards: tuple(cards) * 3),
        st.just(tuple(deck.cards) * 2),
    )
    kinds: list[st.SearchStrategy[Any]] = [
        text,
        st.builds(engine.Bid, st.one_of(text, st.integers())),
        st.builds(engine.Play, card, st.sampled_from([None, "H", "h", "X", 1])),
        st.builds(engine.Give, card),
        st.builds(engine.CallPartner, st.one_of(st.none(), card)),
        st.builds(engine.Pick, card, st.one_of(st.none(), card)),
        st.builds(engine.Draw, st.sampled_from([True, False, 1, None])),
        st.builds(engine.Call, st.one_of(text, st.integers())),
        st.builds(engine.Claim, many),
        st.builds(_raw_discard, many),
        st.builds(engine.Discard, st.lists(st.sampled_from(deck.cards), min_size=1, max_size=4, unique=True).map(tuple)),
        st.sampled_from([engine.Pass(), engine.Look(), None, 42]),
        st.builds(Hostile),
        st.builds(object),
    ]
    return draw(st.one_of(kinds))


def _raw_discard(cards: tuple[Any, ...]) -> Any:
    """A ``Discard`` made without its checks (as a pickled or hand-built object could be)."""
    discard = object.__new__(engine.Discard)
    object.__setattr__(discard, "cards", cards)
    return discard


def check_action(variant: str, seed: int, steps: int, action: Any, argument: Any) -> None:
    """Any object given to ``apply``: taken if it is exactly a legal action, else ``IllegalActionError``
    with the game unchanged; any ``argument`` given to the methods that take a seat or a hand: an answer
    or ``ValueError`` / ``IndexError``."""
    STATS["misused API calls tried"] += 1
    game = _played(variant, seed, steps).clone()
    before = game.to_dict()
    for method in (game.observation, game.hand_of, game.face_down_of, game.transcript):
        with contextlib.suppress(ValueError, IndexError):
            method(argument)
    assert game.to_dict() == before
    legal = {str(each) for each in game.legal_actions()}
    with bounded("action"):
        try:
            game.apply(action)
        except engine.IllegalActionError:
            assert game.to_dict() == before
            return
    taken = engine.parse_action(game.rules, action) if isinstance(action, str) else action
    assert str(taken) in legal, (action, legal)
    check_roundtrip(game)


def check_action_number(variant: str, seed: int, steps: int, number: Any) -> None:
    """Any object given to ``apply_id`` (the kernel's flat action space): taken if it is a legal number
    now, else ``IllegalActionError`` with the game (and the steps of a discard chosen so far) unchanged."""
    STATS["action numbers tried"] += 1
    game = _played(variant, seed, steps).clone()
    before = (game.to_dict(), game.state.hand.chosen)
    legal = game.legal_ids()
    with bounded("action number"):
        try:
            game.apply_id(number)
        except engine.IllegalActionError:
            assert (game.to_dict(), game.state.hand.chosen) == before
            return
    assert type(number) is int and number in legal, (number, legal)
    check_roundtrip(game)


# -- the command line ------------------------------------------------------------------------------

_ARGUMENTS = [
    "validate",
    "show",
    "variants",
    "schema",
    "replay",
    "simulate",
    "compare",
    "standard",
    "five-handed",
    "nope",
    "--format",
    "json",
    "text",
    "csv",
    "--hands",
    "--games",
    "1",
    "2",
    "0",
    "-1",
    "x",
    "1e3",
    str(10**30),
    "--seed",
    "--bots",
    "",
    "random",
    "heuristic",
    "random,random,random,random",
    "--workers",
    "1000",
    "--out",
    "--resume",
    "--plot",
    "/nonexistent/dir/x.json",
    "--failures-only",
    "--help",
    "-h",
    "\ud800",
    "a\0b",
    "reference",
    "analyze",
    "--no-table",
    "--version",
]


def check_command_line(argv: list[str], folder: Path) -> None:
    """Any command line: exit 0, 1 or 2 with a message, never a traceback or an engine error (3)."""
    STATS["command lines tried"] += 1
    # Output may go only to a regular file or a new path: a link to a file and /dev/null stay as they were.
    precious, link = folder / "precious.txt", folder / "link.json"
    if not link.is_symlink():
        precious.write_text("keep me\n", encoding="utf-8")
        link.symlink_to(precious)
    places = {"OUT": str(folder / "out.json"), "LINK": str(link)}
    argv = [places.get(word, word) for word in argv]
    out, err = io.StringIO(), io.StringIO()
    with bounded("command line", 60.0), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exit:  # argparse's own exits (usage errors, --help)
            code = exit.code if isinstance(exit.code, int) else 2
    assert code in (0, 1, 2), (argv, code, err.getvalue()[-500:])
    assert "Traceback" not in err.getvalue()
    assert link.is_symlink() and precious.read_text(encoding="utf-8") == "keep me\n", argv
    assert not os.path.exists("/dev/null") or stat.S_ISCHR(os.stat("/dev/null").st_mode), argv


# -- checkpoints ---------------------------------------------------------------------------------

CHECKPOINT_HANDS = 150


@lru_cache(maxsize=1)
def _checkpoint_run(folder: str) -> tuple[bytes, Any]:
    """A finished run's checkpoint lines (written by a run interrupted at the last chunk) and its report."""
    path = Path(folder) / "reference.partial"

    def stop(done: int, total: int) -> None:
        if done == total:
            raise KeyboardInterrupt

    with contextlib.suppress(KeyboardInterrupt):
        engine.simulate("standard", hands=CHECKPOINT_HANDS, seed=3, bots=["random"] * 4, checkpoint=str(path), progress=stop)
    report = engine.simulate("standard", hands=CHECKPOINT_HANDS, seed=3, bots=["random"] * 4)
    return path.read_bytes(), report.tally.to_dict()


@st.composite
def checkpoint_damage(draw: st.DrawFn) -> list[tuple[int, int, bytes]]:
    """Edits to a checkpoint's bytes: (position as a fraction of 1000, bytes removed, bytes inserted)."""
    insert = st.one_of(st.binary(max_size=8), st.sampled_from([b"9", b"0", b'"', b"\n", b"[" * 5000, b"\xff\xfe", b"-"]))
    return draw(st.lists(st.tuples(st.integers(0, 1000), st.integers(0, 20), insert), min_size=1, max_size=4))


def check_checkpoint(damage: list[tuple[int, int, bytes]], folder: Path) -> None:
    """A damaged checkpoint: ``SimulationError``, or the report of the run as if never interrupted."""
    STATS["corrupted checkpoints tried"] += 1
    content, expected = _checkpoint_run(str(folder))
    data = bytearray(content)
    for where, removed, inserted in damage:
        position = len(data) * where // 1000
        data[position : position + removed] = inserted
    path = folder / f"damaged-{random.random()}.partial"
    path.write_bytes(bytes(data))
    with bounded("checkpoint", 60.0):
        try:
            result = engine.simulate("standard", hands=CHECKPOINT_HANDS, seed=3, bots=["random"] * 4, checkpoint=str(path))
        except engine.SimulationError:
            return
        finally:
            path.unlink(missing_ok=True)
    assert result.tally.to_dict() == expected


# -- the engine protocol ------------------------------------------------------------------------

_PROTOCOL_FIELDS: dict[str, st.SearchStrategy[Any]] = {
    # Text with lone surrogates too: JSON can escape one, and a reply echoing it could not be written as
    # UTF-8; and NaN and infinities, which Python's JSON writes and JSON does not have.
    "id": st.one_of(
        st.integers(-3, 3),
        st.text(st.characters(exclude_categories=()), max_size=5),
        st.none(),
        st.just([1]),
        st.just({"a": 1}),
        st.floats(allow_nan=True),
        st.sampled_from([float("nan"), float("inf"), "\ud800", "a\udfff"]),
    ),
    "game": st.sampled_from(["g1", "g2", "g3", "g9", 1, None, ["g1"]]),
    "seat": st.one_of(st.integers(-1, 6), st.sampled_from(["0", None, True, 1.5])),
    "player": st.one_of(st.integers(-1, 6), st.sampled_from(["1", None, False])),
    "viewer": st.one_of(st.integers(-1, 6), st.sampled_from(["1", None, True])),
    "until": st.one_of(st.integers(-1, 6), st.lists(st.integers(-1, 6), max_size=3), st.sampled_from(["0", None, [True], {}])),
    "action": st.one_of(
        st.sampled_from(
            ["pass", "bid 6S", "bid 7NT", "bid misere", "play JK", "play AS", "discard 4S 5C 6D", "look", "keep", "call AH", "alone"]
        ),
        st.text(max_size=30),
        st.integers(),
    ),
    "variant": st.sampled_from(["standard", "five-handed", "two-handed", "nope", "../x.yaml", "/etc/passwd", "", "a" * 2000, 5, "\ud800"]),
    "variant_text": st.one_of(
        st.sampled_from(["extends: standard\n", "extends: american\nname: x\n", "deck: [", "{}", "extends: /etc/passwd\n"]),
        st.text(max_size=60),
    ),
    "seed": st.one_of(st.integers(-(2**70), 2**70), st.text(st.characters(exclude_categories=()), max_size=8), st.none(), st.floats()),
    "dealer": st.one_of(st.integers(-2, 6), st.just("0")),
    "since": st.one_of(st.integers(-2, 400), st.just(None)),
    "all_legal": st.booleans(),
    "budget": st.one_of(st.integers(-5, 2000), st.just("x")),
    "name": st.sampled_from(["random", "heuristic", "classic", "nope", 3]),
    "hand": st.one_of(st.integers(-1, 5), st.just("0")),
    "saved": st.one_of(
        st.just({}), st.just({"format": "fivehundred-game/2"}), st.dictionaries(st.text(max_size=5), st.integers(), max_size=3), st.just([])
    ),
}


@st.composite
def protocol_lines(draw: st.DrawFn) -> list[bytes]:
    """Request lines: well-formed ones over several games at once, malformed JSON, odd fields, huge lines."""
    from engine.protocol.server import COMMANDS, MAX_LINE_BYTES

    lines: list[bytes] = [b'{"cmd":"new_game","variant":"standard","seed":1}', b'{"cmd":"new_game","variant":"two-handed","seed":2}']
    for _ in range(draw(st.integers(1, 25))):
        kind = draw(st.integers(0, 9))
        if kind == 0:
            lines.append(draw(st.binary(max_size=60)).replace(b"\n", b" "))
        elif kind == 1 and draw(st.booleans()):
            lines.append(b"[" * draw(st.integers(1, 3000)))
        elif kind == 1:  # what JSON's syntax carries but JSON cannot: NaN, infinities, a lone surrogate
            lines.append(
                draw(
                    st.sampled_from(
                        [
                            b'{"id": NaN, "cmd": "hello"}',
                            b'{"cmd": "state", "game": "g1", "player": 1e400}',
                            b'{"id": "\\udc00", "cmd": "hello"}',
                        ]
                    )
                )
            )
        elif kind == 2 and draw(st.integers(0, 3)) == 0:
            lines.append(b'{"cmd":"hello","pad":"' + b"x" * (MAX_LINE_BYTES + draw(st.integers(-40, 40))) + b'"}')
        else:
            # Any command but quit, which ends the session (the check's last line must be answered): an
            # unknown command's text may spell "quit" too, as a search once found.
            unknown = st.text(max_size=8).filter(lambda text: text != "quit")
            request: dict[str, Any] = {"cmd": draw(st.one_of(st.sampled_from(COMMANDS[:-1]), unknown))}
            for name in draw(st.lists(st.sampled_from(sorted(_PROTOCOL_FIELDS)), max_size=5, unique=True)):
                request[name] = draw(_PROTOCOL_FIELDS[name])
            try:
                lines.append(json.dumps(request).encode())
            except ValueError:
                lines.append(b'{"cmd":"hello"}')
    return lines


def check_protocol_lines(lines: list[bytes]) -> None:
    """Every line gets one reply, in order, each valid under the protocol schema; the session lives on."""
    import io

    import jsonschema

    from engine.language.resources import protocol_schema_path
    from engine.protocol.server import serve

    STATS["protocol lines"] += len(lines)
    validator = jsonschema.Draft202012Validator(json.loads(protocol_schema_path().read_text(encoding="utf-8")))
    out = io.StringIO()
    with bounded("protocol session", TIME_LIMIT * 3):
        assert serve(io.BytesIO(b"\n".join(lines) + b'\n{"id":"last","cmd":"hello"}\n'), out) == 0

    def strict(constant: str) -> None:
        raise AssertionError(f"{constant} in a reply: not JSON")

    text = out.getvalue()
    text.encode("utf-8")  # every reply can be written as UTF-8 (a lone surrogate cannot)
    replies = [json.loads(line, parse_constant=strict) for line in text.splitlines()]
    expected = len(b"\n".join(lines).split(b"\n")) + 1  # one reply a line, a blank one too
    assert len(replies) == expected, (len(replies), expected)
    assert replies[-1]["id"] == "last" and replies[-1]["ok"]
    for reply in replies:
        validator.validate(reply)
        if not reply["ok"]:
            assert reply["error"]["code"] != "internal", reply


# -- the web table ------------------------------------------------------------------------------

_WEB_PATHS = [
    "house.yaml",
    "rules/house.yaml",
    "missing.yaml",
    "../outside.yaml",
    "/etc/passwd",
    "a/../../x.yaml",
    ".hidden.yaml",
    "link.yaml",
    "pipe.yaml",
    "folder.yaml",
    "notes.txt",
    "x" * 300 + ".yaml",
    "",
    "a\\b.yaml",
]
_WEB_FIELDS: dict[str, st.SearchStrategy[Any]] = {
    **_PROTOCOL_FIELDS,
    "path": st.one_of(st.sampled_from(_WEB_PATHS), st.text(max_size=20), st.integers(), st.none()),
    "text": st.one_of(
        st.sampled_from(["extends: standard\n", "extends: standard\ncontracts: {misere: {valeu: 3}}\n", "extends: ../outside.yaml\n", "{"]),
        st.text(max_size=60),
        st.integers(),
    ),
    "file": st.one_of(st.sampled_from(["house.yaml", "", "a" * 300]), st.text(max_size=10), st.none()),
    "hands": st.one_of(st.integers(-1, 4), st.just("3"), st.just(10**12)),
    "games": st.one_of(st.integers(-1, 1), st.just(None)),
    "bots": st.one_of(st.just(["random"] * 4), st.just("random,random"), st.just(["nobot"]), st.integers()),
    "workers": st.one_of(st.integers(-1, 3), st.just("2")),
    "set": st.one_of(st.sampled_from(["contracts.misere.value=200,300", "nokey", "a=1,2", "=1"]), st.text(max_size=20)),
    "first": st.sampled_from(["standard", "nosuch", "../outside.yaml", 3]),
    "second": st.sampled_from(["australian", "house.yaml", None]),
}


def plant_web_folder(folder: Path) -> tuple[Path, Path]:
    """A server folder with a link leaving it, a pipe and a folder named like house rules, and a file
    outside it that nothing may change: (the folder, the outside file)."""
    root = folder / "web-root"
    outside = folder / "outside.yaml"
    if not root.exists():
        root.mkdir()
        (root / "rules").mkdir()
        outside.write_text("secret: 1\n", encoding="utf-8")
        (root / "link.yaml").symlink_to(outside)
        (root / "folder.yaml").mkdir()
        os.mkfifo(root / "pipe.yaml")
    return root, outside


@st.composite
def web_messages(draw: st.DrawFn) -> list[Any]:
    """Requests to the web session: the protocol's commands and the web table's (files, validate, show,
    hint, undo, step, and now and then a tiny simulation), with hostile fields."""
    from engine.protocol.server import COMMANDS
    from engine.web.runs import RUN_COMMANDS
    from engine.web.session import WEB_COMMANDS

    commands = [*COMMANDS[:-1], *WEB_COMMANDS]
    messages: list[Any] = [{"cmd": "new_game", "variant": "standard", "seed": 1}, {"cmd": "new_game", "variant": "two-handed", "seed": 2}]
    for _ in range(draw(st.integers(1, 20))):
        kind = draw(st.integers(0, 12))
        if kind == 0:
            messages.append(draw(st.one_of(st.text(max_size=30), st.integers(), st.lists(st.integers(), max_size=2))))
            continue
        command = (
            draw(st.sampled_from(list(RUN_COMMANDS))) if kind == 1 else draw(st.one_of(st.sampled_from(commands), st.text(max_size=6)))
        )
        request: dict[str, Any] = {"cmd": command}
        for name in draw(st.lists(st.sampled_from(sorted(_WEB_FIELDS)), max_size=6, unique=True)):
            request[name] = draw(_WEB_FIELDS[name])
        messages.append(request)
    return messages


def check_web_messages(messages: list[Any], folder: Path) -> None:
    """Every message gets a reply with ``ok`` or a known error code (never ``internal``); nothing outside
    the server's folder is read back or changed, and the session goes on."""
    from engine.protocol.server import ERROR_CODES, RequestError
    from engine.web.runs import RUN_COMMANDS, RunGuard, run
    from engine.web.session import WebSession

    root, outside = plant_web_folder(folder)
    before = sorted(path.name for path in folder.iterdir())
    session, guard = WebSession(str(root)), RunGuard()
    known = {*ERROR_CODES, "file_refused", "busy", "cancelled", "waiting"}
    STATS["web messages"] += len(messages)
    with bounded("web session", TIME_LIMIT * 3):
        for message in messages:
            if isinstance(message, dict) and message.get("cmd") in RUN_COMMANDS and message.get("cmd") != "cancel":
                small = type(message.get("hands")) is not int or message["hands"] <= 5
                if not small or type(message.get("games")) is int:
                    continue  # a long run is the runs' own tests' business; here, what any field does
                try:
                    reply: dict[str, Any] = {"ok": True, **run(session, guard, message, lambda done, total: None)}
                except RequestError as error:
                    reply = {"ok": False, "error": {"code": error.code, "message": str(error)}}
            else:
                reply = json.loads(session.answer_line(json.dumps(message)))
            if not reply["ok"]:
                assert reply["error"]["code"] in known - {"internal"}, reply
                assert reply["error"]["message"].strip(), reply
            elif isinstance(message, dict) and message.get("cmd") == "open_file":
                assert "secret" not in reply["text"], reply
        assert json.loads(session.answer_line('{"cmd": "hello"}'))["ok"]
    assert outside.read_text(encoding="utf-8") == "secret: 1\n"
    assert sorted(path.name for path in folder.iterdir()) == before
    assert not guard.running


_WEB_URL_PATHS = [
    "/",
    "/api",
    "/ws",
    "/static/app.js",
    "/static/table.js",
    "/static/style.css",
    "/static/index.html",
    "/static/../session.py",
    "/static/%2e%2e/server.py",
    "/nothing",
    "//",
    "/static/",
]


def check_web_request(method: str, path: str, token: str, host: str, origin: str | None, body: bytes) -> None:
    """An HTTP request to the web table's server, however odd: a JSON error with a code (403 without the
    token, for another host or another origin; 404, 405, 413) or the page's own answer, never a 500 or a
    traceback."""
    try:
        import aiohttp  # noqa: F401
    except ImportError:
        STATS["web requests (no aiohttp: skipped)"] += 1
        return
    import asyncio

    from aiohttp.test_utils import TestClient, TestServer

    from engine.web.server import WebTable, make_app

    async def one() -> None:
        table = WebTable(os.getcwd(), 0, token="right-token")
        server = TestServer(make_app(table), host="127.0.0.1")
        async with TestClient(server) as client:
            table.port = server.port or 0
            headers = {"Host": host.replace("PORT", str(server.port))}
            if origin is not None:
                headers["Origin"] = origin.replace("PORT", str(server.port))
            separator = "&" if "?" in path else "?"
            url = path + (f"{separator}token={token}" if token else "")
            async with client.request(method, url, headers=headers, data=body if method == "POST" else None) as answer:
                raw = await answer.read()
                assert answer.status < 500, (answer.status, raw[:300])
                assert b"Traceback" not in raw
                if answer.status != 200 and answer.status != 101:
                    reply = json.loads(raw)
                    assert reply["ok"] is False and reply["error"]["code"] and reply["error"]["message"], reply
                own = ("127.0.0.1:PORT", "localhost:PORT")
                allowed = token == "right-token" and host in own and origin in (None, *(f"http://{each}" for each in own))
                if not allowed:
                    assert answer.status == 403, (answer.status, raw[:200])
        table.close()

    STATS["web requests"] += 1
    with bounded("web request", TIME_LIMIT):
        asyncio.run(one())


TARGETS: dict[str, tuple[Callable[..., None], dict[str, st.SearchStrategy[Any]]]] = {
    "documents": (check_document, {"document": variant_documents(), "seed": st.integers(0, 2**16)}),
    "variant files": (check_variant_text, {"text": mutated_texts()}),
    "saved games": (check_saved_game, {"data": mutated_saves()}),
    "transcripts": (check_transcript, {"data": mutated_transcripts()}),
    "actions": (
        check_action,
        {
            "variant": st.sampled_from(
                ["standard", "five-handed", "two-handed", "two-handed-52", "two-handed-draw", "breach", "blind-misere"]
            ),
            "seed": st.integers(0, 3),
            "steps": st.integers(0, 60),
            "action": action_objects(engine.load_variant("standard").deck),
            "argument": st.one_of(st.integers(-2, 12), st.sampled_from([True, None, 1.0, "0", 2**70]), st.builds(Hostile)),
        },
    ),
    "action numbers": (
        check_action_number,
        {
            "variant": st.sampled_from(["standard", "five-handed", "two-handed-draw", "blind-misere"]),
            "seed": st.integers(0, 3),
            "steps": st.integers(0, 60),
            "number": st.one_of(st.integers(-3, 400), st.sampled_from([True, None, 1.0, "3", 2**70]), st.builds(Hostile)),
        },
    ),
    "command lines": (
        check_command_line,
        {"argv": st.lists(st.sampled_from(_ARGUMENTS + ["OUT", "LINK", "/dev/null"]), min_size=1, max_size=7)},
    ),
    "checkpoints": (check_checkpoint, {"damage": checkpoint_damage()}),
    "analyses": (
        check_analysis,
        {"data": analysed_transcripts(), "budget": st.one_of(st.none(), st.integers(1, 20_000)), "table": st.booleans()},
    ),
    "record variants": (check_record_variant, {"variant": record_variants(), "through": st.sampled_from(["transcript", "saved game"])}),
    "protocol sessions": (check_protocol_lines, {"lines": protocol_lines()}),
    "web messages": (check_web_messages, {"messages": web_messages()}),
    "web requests": (
        check_web_request,
        {
            "method": st.sampled_from(["GET", "POST", "PUT", "DELETE"]),
            "path": st.one_of(
                st.sampled_from(_WEB_URL_PATHS), st.text(alphabet="/abc.%?=&", max_size=20).map(lambda text: "/" + text.lstrip("/"))
            ),
            "token": st.sampled_from(["right-token", "wrong", "", "right-token-and-more"]),
            "host": st.sampled_from(["127.0.0.1:PORT", "localhost:PORT", "evil.example", "127.0.0.1", "127.0.0.1:1"]),
            "origin": st.sampled_from([None, "http://127.0.0.1:PORT", "http://evil.example", "null", "http://localhost:PORT"]),
            "body": st.one_of(
                st.binary(max_size=60),
                st.sampled_from(
                    [b'{"cmd":"hello"}', b'{"cmd":"open_file","path":"../x.yaml"}', b'{"cmd":"new_game","variant":"standard"}']
                ),
            ),
        },
    ),
    "bot entries": (
        check_bot_entry,
        {
            "bot": st.sampled_from(["random", "heuristic", "classic", "threshold", "sampling", "expert"]),
            "variant": st.sampled_from(["standard", "five-handed", "two-handed"]),
            "steps": st.integers(0, 40),
            "which": st.integers(0, 5),
            "junk": _JUNK,
        },
    ),
    "play sessions": (
        check_play_session,
        {
            "variant": st.sampled_from(["standard", "american", "two-handed", "five-handed", "blind-misere", "rules-text-003-two"]),
            "seed": st.integers(0, 5),
            "lines": st.lists(st.one_of(st.sampled_from(_TYPED), st.text(max_size=40)), max_size=40),
        },
    ),
}
"""Each fuzz target: its check and the strategies of its arguments (a ``folder`` argument is a
temporary folder the runner provides)."""


def run_target(name: str, examples: int, folder: Path, *, deadline: float = math.inf, **overrides: Any) -> None:
    """Check ``examples`` generated inputs of target ``name`` (hypothesis, no example database; inputs
    met after the ``time.monotonic()`` ``deadline`` are skipped); ``overrides`` are passed to the check
    as they are. Raises the first failure, shrunk."""
    check, strategies = TARGETS[name]
    wants_folder = "folder" in check.__code__.co_varnames[: check.__code__.co_argcount]

    @settings(max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck), print_blob=True)
    @given(**strategies)
    def fuzz(**arguments: Any) -> None:
        if time.monotonic() >= deadline:
            return
        if wants_folder:
            arguments["folder"] = folder
        check(**arguments, **overrides)

    fuzz()
