"""The JSON Schema itself: valid 2020-12, strict everywhere, and self-documenting for editors."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from jsonschema import Draft202012Validator

from engine.language.resources import load_schema


def _walk(node: Any, where: str) -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        yield where, node
        for key, value in node.items():
            yield from _walk(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _walk(value, f"{where}/{index}")


def test_schema_is_valid_draft_2020_12() -> None:
    schema = load_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)


def test_every_object_schema_is_closed() -> None:
    """Strict: additionalProperties false (or a schema for map values) on every object."""
    for where, node in _walk(load_schema(), "#"):
        if node.get("type") == "object":
            assert "additionalProperties" in node, f"{where} allows any key"


def test_every_property_has_a_title_and_description() -> None:
    for where, node in _walk(load_schema(), "#"):
        for name, prop in node.get("properties", {}).items() if isinstance(node.get("properties"), dict) else []:
            assert prop.get("title") and prop.get("description"), f"{where}/properties/{name} lacks a title or description"
