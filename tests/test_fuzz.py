"""The fuzz suite, short profile (issue 12, "What this issue must leave behind"): every fuzz target of
``tests/fuzzing.py`` runs a few dozen generated inputs in the default test run; the ``slow`` marker runs
each far longer (``pytest -m slow tests/test_fuzz.py``), and ``python bench/fuzz.py --minutes 10`` runs
the deep search and prints its figures."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from fuzzing import TARGETS, run_target

EXAMPLES = {
    "documents": 40,
    "variant files": 60,
    "saved games": 40,
    "transcripts": 40,
    "actions": 150,
    "action numbers": 100,
    "command lines": 30,
    "checkpoints": 15,
    "analyses": 10,
    "record variants": 40,
    "play sessions": 20,
    "protocol sessions": 25,
    "web messages": 15,
    "web requests": 25,
    "bot entries": 40,
}
"""Inputs per target in the default run (about ten seconds in all on a 2-core machine)."""

DEEP = int(os.environ.get("FUZZ_DEEP_EXAMPLES", "1000"))
"""Inputs per target under the ``slow`` marker."""


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_fuzz_target_short_profile(name: str, tmp_path: Path) -> None:
    run_target(name, EXAMPLES[name], tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(TARGETS))
def test_fuzz_target_deep(name: str, tmp_path: Path) -> None:
    run_target(name, DEEP, tmp_path)


def test_the_deep_fuzz_command_runs_every_target() -> None:
    """``bench/fuzz.py`` has a batch size for every target (a new target without one stopped the deep
    search with a ``KeyError``)."""
    import ast

    tree = ast.parse((Path(__file__).parent.parent / "bench" / "fuzz.py").read_text(encoding="utf-8"))
    (batch,) = [node.value for node in tree.body if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "BATCH"]
    assert isinstance(batch, ast.Dict)
    assert {key.value for key in batch.keys if isinstance(key, ast.Constant)} == set(TARGETS) == set(EXAMPLES)
