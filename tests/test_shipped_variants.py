"""Every shipped variant validates and compiles, and says what it is (issue: "variants/")."""

from __future__ import annotations

import pytest

import engine
from engine.language.resources import shipped_variant_names, variants_folder

NAMES = shipped_variant_names()

REQUIRED = [
    "standard",
    "american",
    "australian",
    "45-card",
    "46-card",
    "original",
    "perfect",
    "split-the-colours",
    "two-handed",
    "three-handed",
    "three-handed-dead-hand",
    "five-handed",
    "five-handed-secret",
    "six-handed",
    "six-handed-three-teams",
    "french-canadian",
    "walker",
    "rules-text-003",
]


def test_every_variant_the_issue_names_is_shipped() -> None:
    assert set(REQUIRED) <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_shipped_variant_compiles(name: str) -> None:
    rules = engine.load_variant(name)
    assert rules.name and rules.description
    assert len(rules.ladder) > 0


@pytest.mark.parametrize("name", NAMES)
def test_shipped_variant_starts_with_the_schema_line(name: str) -> None:
    first = (variants_folder() / f"{name}.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema=")
    assert first.endswith("variant.schema.json")


@pytest.mark.parametrize("name", [name for name in NAMES if name != "standard"])
def test_shipped_variants_are_short_differences(name: str) -> None:
    """Design principle 'short files': a house rule is a difference from a known game."""
    text = (variants_folder() / f"{name}.yaml").read_text(encoding="utf-8")
    assert "extends:" in text
    assert len([line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]) <= 50
