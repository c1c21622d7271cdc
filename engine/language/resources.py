"""Finding the shipped variant files and the JSON Schema, installed or in a source checkout."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

_PACKAGE = Path(__file__).resolve().parents[1]
"""The ``engine`` package folder (this module is in ``engine/language/``)."""


def _data_folder(name: str) -> Path:
    # An installed wheel carries the folders inside the package (see pyproject.toml); a source checkout
    # or an editable install has them at the top of the repository.
    installed = _PACKAGE / "_data" / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name


def variants_folder() -> Path:
    """The folder holding the shipped ``*.yaml`` variant files."""
    return _data_folder("variants")


def schema_path() -> Path:
    """The path of ``variant.schema.json``."""
    return _data_folder("schemas") / "variant.schema.json"


def protocol_schema_path() -> Path:
    """The path of ``protocol.schema.json``: the engine protocol's requests and replies."""
    return _data_folder("schemas") / "protocol.schema.json"


@lru_cache(maxsize=1)
def load_schema() -> dict[str, Any]:
    """The variant JSON Schema, parsed (cached: it never changes while the engine runs)."""
    with open(schema_path(), encoding="utf-8") as handle:
        schema: dict[str, Any] = json.load(handle)
    return schema


def schema_child(schema: dict[str, Any] | None, key: str | int) -> dict[str, Any] | None:
    """The schema of ``key`` inside a schema of the variant schema (an object's property, else its
    ``additionalProperties``; a list's ``items`` for a position), following local ``$ref``, if the schema
    says."""
    if schema is None:
        return None
    if isinstance(key, int):
        child = schema.get("items")
    else:
        child = schema.get("properties", {}).get(key)
        if child is None and isinstance(schema.get("additionalProperties"), dict):
            child = schema["additionalProperties"]
    while isinstance(child, dict) and "$ref" in child and str(child["$ref"]).startswith("#/$defs/"):
        child = load_schema()["$defs"].get(str(child["$ref"])[len("#/$defs/") :])
    return child if isinstance(child, dict) else None


VARIANT_SUFFIXES = (".yaml", ".yml")
"""The endings of a variant file's name, in any case (``House.YAML`` is one)."""


def names_variant_file(name: str) -> bool:
    """Whether ``name`` ends as a variant file's name does (:data:`VARIANT_SUFFIXES`, in any case)."""
    return name.lower().endswith(VARIANT_SUFFIXES)


def shipped_variant_names() -> list[str]:
    """Names of the shipped variants (file names without ``.yaml``), sorted."""
    return sorted(path.stem for path in variants_folder().glob("*.yaml"))


def shipped_variant_path(name: str) -> Path | None:
    """The file of a shipped variant, or ``None`` when no shipped variant has that name."""
    if not name or "/" in name or "\\" in name or name.startswith(".") or "\0" in name or len(name) > 200:
        return None
    path = variants_folder() / f"{name}.yaml"
    try:
        return path if path.is_file() else None
    except (OSError, ValueError):  # a name the file system cannot hold (too long, odd characters)
        return None
