"""The package layout (issue 9, "A package layout that shows the pipeline"): one subpackage per stage,
each importing only from the stages below it, no import circles, a docstring per stage, and data written
before the move still loading. (The former flat module paths were removed in 0.2.0: see CHANGELOG.md.)

The import checks read every module's source (imports inside functions and ``TYPE_CHECKING`` blocks
included), so a lazy import cannot hide a layer violation or a circle.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import json
import pickle
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.language import source
from engine.language.resources import shipped_variant_names, shipped_variant_path

PACKAGE = Path(engine.__file__).resolve().parent
DATA = Path(__file__).parent / "data"

STAGES = ["errors", "language", "rules", "kernel", "game", "analysis", "bots", "simulation", "protocol", "web", "cli", "adapters"]
"""The pipeline, lowest first: a module may import its own stage and the ones before it."""

FACADE = {"engine", "engine.__main__"}
"""The package's own ``__init__`` and ``python -m engine`` sit above every stage."""

OPTIONAL = {
    "engine.simulation.plot": "matplotlib",
    "engine.simulation.page": "matplotlib",
    "engine.adapters.observing": "numpy",
    "engine.adapters.openspiel": "open_spiel",
    "engine.adapters.pettingzoo": "pettingzoo",
    "engine.web.server": "aiohttp",
}
"""Modules that need an optional extra, and which."""


def module_files() -> dict[str, Path]:
    """Every module of the package by dotted name (``_data`` holds no code)."""
    modules = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if "_data" in parts:
            continue
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        modules[name] = path
    return modules


MODULES = module_files()


def run_fresh(code: str) -> None:
    """Run ``code`` in a fresh interpreter (nothing imported yet) and fail with its error output."""
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert completed.returncode == 0, completed.stderr


def stage_of(module: str) -> int:
    if module in FACADE:
        return len(STAGES)
    return STAGES.index(module.split(".")[1])


def imported_modules(module: str, path: Path) -> set[str]:
    """The engine modules ``module`` imports, resolved to dotted names (a ``from package import name``
    that names a submodule counts as importing that submodule)."""
    is_package = path.name == "__init__.py"
    package = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            submodules = [f"{target}.{alias.name}" for alias in node.names if f"{target}.{alias.name}" in MODULES]
            # ``from . import replay`` imports the submodule, not the package it sits in.
            targets = submodules if node.module is None and len(submodules) == len(node.names) else [target, *submodules]
        else:
            continue
        found.update(target for target in targets if target == "engine" or target.startswith("engine."))
    return {name for name in found if name in MODULES or name.count(".") == 1}


IMPORTS = {module: imported_modules(module, path) for module, path in MODULES.items()}


def test_every_module_sits_in_a_stage_of_the_pipeline() -> None:
    loose = [module for module in MODULES if module not in FACADE and module.split(".")[1] not in STAGES]
    assert not loose, f"modules outside the stages {STAGES}: {loose}"
    top_level = sorted(path.name for path in PACKAGE.iterdir() if path.suffix == ".py")
    assert top_level == ["__init__.py", "__main__.py", "errors.py"]


@pytest.mark.parametrize("module", sorted(MODULES))
def test_every_module_imports(module: str) -> None:
    extra = OPTIONAL.get(module)
    if extra is not None and importlib.util.find_spec(extra) is None:
        pytest.skip(f"{module} needs the optional {extra}")
    assert importlib.import_module(module).__name__ == module


def test_no_stage_imports_a_later_stage() -> None:
    """A module imports only its own stage and the ones before it in the pipeline."""
    violations = [
        f"{module} ({STAGES[stage_of(module)] if module not in FACADE else 'facade'}) imports {target}"
        for module, targets in IMPORTS.items()
        for target in targets
        if target in MODULES and target != "engine" and stage_of(target) > stage_of(module)
    ]
    assert not violations, "\n".join(violations)


def test_every_import_names_a_module_of_a_stage() -> None:
    """Inside the engine every import names the stage module (``engine.kernel.state``), never a flat
    path below ``engine`` (those were removed in 0.2.0), nor the package's own facade."""
    flat = {module: sorted(target for target in targets if target not in MODULES) for module, targets in IMPORTS.items()}
    assert not {module: old for module, old in flat.items() if old}
    assert all("engine" not in targets for module, targets in IMPORTS.items() if module != "engine")


def test_no_import_circles() -> None:
    """The import graph is acyclic; importing a module of another package runs that package's
    ``__init__`` first, so that counts as an edge too."""
    edges: dict[str, set[str]] = {module: set() for module in MODULES}
    for module, targets in IMPORTS.items():
        for target in targets & set(MODULES):
            edges[module].add(target)
            parent = target.rpartition(".")[0]
            if parent in MODULES and parent != "engine" and not module.startswith(parent + ".") and module != parent:
                edges[module].add(parent)
    state: dict[str, int] = {}  # 1 visiting, 2 done

    def visit(module: str, trail: list[str]) -> None:
        state[module] = 1
        for target in sorted(edges[module]):
            if state.get(target) == 1:
                raise AssertionError("import circle: " + " -> ".join(trail[trail.index(target) :] + [module, target]))
            if target not in state:
                visit(target, trail + [module])
        state[module] = 2

    for module in sorted(edges):
        if module not in state:
            visit(module, [])


@pytest.mark.parametrize("stage", STAGES[1:])
def test_every_stage_says_what_it_takes_in_and_gives_out(stage: str) -> None:
    package = importlib.import_module(f"engine.{stage}")
    doc = package.__doc__ or ""
    assert doc.startswith(f"Stage {STAGES.index(stage)}, "), doc[:80]
    assert " in, " in doc.split("\n")[0] and " out" in doc.split("\n")[0]


def test_architecture_document_names_every_stage() -> None:
    text = (Path(__file__).parent.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    for stage in STAGES[1:]:
        assert f"engine/{stage}/" in text
    for topic in ("a new rule", "a new bot", "a new command", "a new report"):
        assert topic in text.lower()


# -- the flat module paths, removed in 0.2.0 ----------------------------------------------------

FORMER_PATHS = (
    "engine.state",
    "engine.report",
    "engine.support",
    "engine.simulate",
    "engine.deal",
    "engine.transcript",
)
"""Some module paths of the flat layout before the stages (CHANGELOG.md, 0.2.0, lists them all)."""


@pytest.mark.parametrize("former", FORMER_PATHS)
def test_a_former_flat_module_path_no_longer_imports(former: str) -> None:
    """No alias machinery is left: a flat path is an ordinary missing module."""
    run_fresh(
        "import importlib, sys, engine\n"
        f"try:\n    importlib.import_module({former!r})\n"
        "except ModuleNotFoundError:\n    pass\n"
        "else:\n    raise AssertionError('imported')\n"
        "assert not any(type(finder).__module__.startswith('engine') for finder in sys.meta_path)\n"
        "assert type(sys.modules['engine']) is type(sys)\n"
    )


def test_the_stage_paths_give_the_names_the_readme_and_embedders_use() -> None:
    code = (
        "import engine, engine.cli\n"
        "from engine.kernel.state import GameState\n"
        "from engine.simulation.report import to_data\n"
        "from engine.game.transcript import replay\n"
        "from engine.game.records import TranscriptError\n"
        "from engine.game.saving import SavedGameError\n"
        "from engine.kernel.support import UnsupportedRuleError\n"
        "from engine.game.observation import Observation\n"
        "assert callable(engine.simulate) and engine.simulate is engine.simulation.runner.simulate\n"
        "assert engine.rules.DealTarget is engine.rules.ruleset.DealTarget\n"
        "assert (replay, TranscriptError, SavedGameError, UnsupportedRuleError) == (engine.replay, "
        "engine.TranscriptError, engine.SavedGameError, engine.UnsupportedRuleError)\n"
        "assert engine.game.Game is engine.Game and engine.cli.main is engine.cli.program.main\n"
    )
    run_fresh(code)


@pytest.mark.parametrize(
    "error",
    [
        engine.UnsupportedRuleError("x", ["a rule"]),
        engine.TranscriptError("bad", 3),
        engine.SavedGameError("bad"),
        engine.DealError("bad"),
        engine.SimulationError("bad"),
    ],
)
def test_exceptions_print_the_module_that_defines_them_and_still_pickle(error: Exception) -> None:
    """Tracebacks print the defining module's dotted name, which resolves, so an error pickled by a
    worker process comes back as the same class."""
    module = importlib.import_module(type(error).__module__)
    assert getattr(module, type(error).__qualname__) is type(error)
    assert type(error).__module__.count(".") == 2 and type(error).__module__.startswith("engine.")
    copy = pickle.loads(pickle.dumps(error))
    # A class the compiled build compiles (DealError) has no instance __dict__.
    assert type(copy) is type(error) and str(copy) == str(error) and copy.args == error.args
    assert getattr(copy, "__dict__", None) == getattr(error, "__dict__", None)


# -- data written before the move ---------------------------------------------------------------


def test_a_game_saved_before_the_stages_loads_and_continues_as_it_would_have() -> None:
    """A saved game written by the flat layout (three hands played, the fourth mid-play) restores to the
    same position: same seat to act, scores, results, legal actions and observation."""
    data = json.loads((DATA / "saved-game-before-stages.json").read_text(encoding="utf-8"))
    game = engine.Game.from_dict(data["saved"])
    expected = data["expected"]
    assert (game.to_act, list(game.scores), game.hand_number) == (
        expected["to_act"],
        expected["scores"],
        expected["hand_number"],
    )
    # Results gained ``next_dealer`` and saved games the first hand's ``banned`` and ``redeals`` since
    # (issue 15), and results the called ``partner`` (issue 11); everything the old data held is unchanged.
    assert [dict(result.to_dict(), next_dealer=None, partner=None) for result in game.results] == [
        dict(old, next_dealer=None, partner=None) for old in expected["results"]
    ]
    assert [str(action) for action in game.legal_actions()] == expected["legal"]
    observed = repr(game.observation(game.to_act))
    for added in (", announced=()", ", looked=True"):  # Observation fields added since (issue 10), at their defaults
        observed = observed.replace(added, "")
    # and those of issue 11 (the acting seat, who plays each seat, dummies and a called partner)
    observed = observed.replace(", covering=()", "")  # issue 14's field (the dummies' cards covering a face-down one)
    observed = (
        observed.replace(", acting_seat=1, played_by=(0, 1, 2, 3), face_down=(), called_card=None, partner=None", "")
        .replace(", table=()", "")
        .replace(", drawing=None", "")
        .replace(", passed_out=0", "")  # the hands passed out in a row before this one (a stalled game's bids)
    )
    # Cards print shorter since issue 49 (``Card('10S', index=4)``); the same cards, read from the old form.
    old_cards = re.sub(r"Card\(index=(\d+), rank='(\w+)', suit='(\w)', joker=None\)", r"Card('\2\3', index=\1)", expected["observation"])
    old_cards = re.sub(r"Card\(index=(\d+), rank=None, suit=None, joker='(\w+)'\)", r"Card('\2', index=\1)", old_cards)
    assert observed == old_cards
    resaved = game.to_dict()
    resaved.pop("variant_rules")  # saved games carry their variant since issue 31
    resaved.pop("check")  # and a check of their fields since an embedder's trial (2026-11-28)
    assert resaved["format"] == "fivehundred-game/2" and data["saved"]["format"] == "fivehundred-game/1"  # read, written anew
    assert resaved == dict(data["saved"], banned=[], redeals=0, format="fivehundred-game/2")


def test_a_transcript_written_before_the_stages_replays_to_the_same_result() -> None:
    data = json.loads((DATA / "transcript-before-stages.json").read_text(encoding="utf-8"))
    assert engine.replay(data["transcript"]).to_dict() == dict(data["result"], next_dealer=0, partner=None)


# -- the YAML reader ----------------------------------------------------------------------------


def node_marks(text: str, loader: type) -> list[tuple[object, ...]]:
    marks: list[tuple[object, ...]] = []

    def walk(node: yaml.Node) -> None:
        marks.append((node.tag, node.start_mark.line, node.start_mark.column, node.end_mark.line, node.end_mark.column))
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                walk(key)
                walk(value)
        elif isinstance(node, yaml.SequenceNode):
            for item in node.value:
                walk(item)

    for root in yaml.compose_all(text, Loader=loader):
        walk(root)
    return marks


needs_libyaml = pytest.mark.skipif(not hasattr(yaml, "CSafeLoader"), reason="PyYAML was built without libyaml")


@needs_libyaml
@pytest.mark.parametrize("name", shipped_variant_names())
def test_the_c_loader_gives_the_pure_loaders_positions_for_every_shipped_file(name: str) -> None:
    path = shipped_variant_path(name)
    assert path is not None
    text = path.read_text(encoding="utf-8")
    assert source._nesting_bound(text) <= source.C_NESTING_LIMIT  # so the shipped files take the C path
    assert node_marks(text, yaml.CSafeLoader) == node_marks(text, yaml.SafeLoader)
    fast = source.parse_document(text, name)
    assert source._FAST_LOADER is yaml.CSafeLoader
    source_fast = (fast.data, fast.values, fast.keys)
    try:
        source._FAST_LOADER = None
        slow = source.parse_document(text, name)
    finally:
        source._FAST_LOADER = yaml.CSafeLoader
    assert source_fast == (slow.data, slow.values, slow.keys)


scalars = st.one_of(st.none(), st.booleans(), st.integers(-(10**6), 10**6), st.text(min_size=0, max_size=12))
documents = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(min_size=1, max_size=8), inner, max_size=4)),
    max_leaves=25,
)


@needs_libyaml
@settings(max_examples=150, deadline=None)
@given(documents, st.sampled_from([None, True, False]), st.booleans())
def test_the_c_and_pure_loaders_agree_on_generated_documents(document: object, flow: bool | None, unicode: bool) -> None:
    """Any document, block or flow style, ASCII-escaped or not: the same nodes at the same marks, and the
    same values and positions from the reader."""
    text = yaml.safe_dump({"root": document}, default_flow_style=flow, allow_unicode=unicode)
    assert node_marks(text, yaml.CSafeLoader) == node_marks(text, yaml.SafeLoader)


@needs_libyaml
def test_text_the_c_loader_refuses_differently_gets_the_pure_loaders_located_error() -> None:
    """libyaml refuses a lone surrogate with a UnicodeEncodeError and words syntax errors its own way;
    the reader reports what the pure loader says, located."""
    for text, words in (
        ("name: \ud800\n", "The character U+D800 is not allowed in a YAML file"),
        ("name: [1, 2\n", "The list '[' opened on line 1 at column 7 is not closed"),
    ):
        with pytest.raises(engine.VariantError) as fast:
            source.parse_document(text, "house.yaml")
        try:
            source._FAST_LOADER = None
            with pytest.raises(engine.VariantError) as slow:
                source.parse_document(text, "house.yaml")
        finally:
            source._FAST_LOADER = yaml.CSafeLoader
        assert fast.value.problems == slow.value.problems
        assert fast.value.problems[0].file == "house.yaml" and words in fast.value.problems[0].message


@pytest.mark.parametrize("depth", [2_000, 30_000])
def test_deep_nesting_is_a_located_error_not_a_crash(depth: int) -> None:
    """Deep nesting goes to the pure loader (libyaml's composer would overflow the C stack and kill the
    process) and is refused with a message."""
    text = "name: " + "[" * depth + "]" * depth + "\n"
    assert source._nesting_bound(text) > source.C_NESTING_LIMIT
    with pytest.raises(engine.VariantError, match="nested too deeply|nests deeper than"):
        source.parse_document(text, "deep.yaml")


def test_import_engine_does_not_import_jsonschema_until_a_document_is_validated() -> None:
    code = (
        "import sys, engine\n"
        "assert 'jsonschema' not in sys.modules, 'imported by engine'\n"
        "engine.compile_text('extends: standard\\n')\n"
        "assert 'jsonschema' in sys.modules\n"
    )
    run_fresh(code)


def test_importing_the_package_loads_no_stage_until_a_name_is_used() -> None:
    """Issue 13, start-up: ``import engine`` loads none of the stages, nor ``yaml`` and ``jsonschema``;
    the first use of a public name loads what it needs, and every public name resolves."""
    run_fresh(
        "import sys, engine\n"
        "loaded = sorted(name for name in sys.modules if name.startswith(('engine.', 'yaml', 'jsonschema')))\n"
        "assert not loaded, loaded\n"
        "assert engine.load_variant('standard').name == 'Standard 500'\n"
        "assert 'engine.rules.compiler' in sys.modules and 'engine.cli' not in sys.modules\n"
        "assert callable(engine.simulate) and all(getattr(engine, name) is not None for name in engine.__all__)\n"
        "assert set(engine.__all__) <= set(dir(engine))\n"
        "try:\n"
        "    engine.no_such_name\n"
        "except AttributeError as error:\n"
        "    assert 'no_such_name' in str(error)\n"
        "else:\n"
        "    raise AssertionError('no error')\n"
    )
