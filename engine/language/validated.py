"""Documents already known to pass the variant schema, by the hash of their content.

Importing jsonschema and building its validator costs more than reading, merging and compiling a
shipped variant together, so the merged documents of the shipped variants are listed, by the SHA-256 of
their canonical JSON, in ``schemas/variant.validated.json`` beside the schema, with the hash of the
schema they passed. A document is taken as valid without validating it only when its content hashes to
a listed value and the schema file is the one the list was made with: a changed variant or schema is
validated as before (:func:`~engine.language.schema.write_validated_index` remakes the list; a test
checks it is current). Documents validated in this process are remembered the same way.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from .resources import schema_path

INDEX_NAME = "variant.validated.json"
"""The file, beside the schema, listing the documents known to pass it."""

_passed: set[str] = set()
"""Hashes of documents that passed the schema in this process."""


def _canonical(data: object) -> bool:
    """Whether ``data`` is plain JSON data (string keys; no other types), so that its canonical JSON
    says everything the schema sees: a YAML date or an integer key would be written as text."""
    if isinstance(data, dict):
        return all(isinstance(key, str) and _canonical(value) for key, value in data.items())
    if isinstance(data, list):
        return all(_canonical(value) for value in data)
    return data is None or isinstance(data, (bool, int, float, str))


def canonical_sha256(data: object, *, allow_nan: bool = True) -> str:
    """The SHA-256 (hexadecimal) of ``data`` as canonical JSON: keys sorted, no spaces, UTF-8. (The
    rules' :attr:`~engine.rules.ruleset.Rules.document_hash` is this of the merged document.)"""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=allow_nan)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def content_hash(data: object) -> str | None:
    """:func:`canonical_sha256` of ``data``, or ``None`` for data that is not plain JSON (it is then
    always validated)."""
    if not _canonical(data):
        return None
    try:
        return canonical_sha256(data, allow_nan=False)
    except ValueError:  # NaN or infinity, deep nesting, a lone surrogate
        return None


def schema_hash() -> str:
    """The SHA-256 of the schema file's bytes."""
    return hashlib.sha256(schema_path().read_bytes()).hexdigest()


def index_path() -> Path:
    """Where the list of documents known to pass the schema is kept."""
    return schema_path().with_name(INDEX_NAME)


@lru_cache(maxsize=1)
def _listed() -> frozenset[str]:
    try:
        index = json.loads(index_path().read_text(encoding="utf-8"))
        if index.get("schema_sha256") != schema_hash():
            return frozenset()
        return frozenset(str(entry) for entry in index.get("documents", []))
    except (OSError, ValueError, AttributeError, TypeError):  # no list, or an unreadable one: validate everything
        return frozenset()


def known_valid(data: object) -> str | bool:
    """``True`` when ``data`` is known to pass the schema; otherwise its content hash (to remember once
    it passes), or ``False`` when it cannot be hashed."""
    key = content_hash(data)
    if key is None:
        return False
    return True if key in _passed or key in _listed() else key


def remember(key: str) -> None:
    """Remember that the document with content hash ``key`` passed the schema."""
    _passed.add(key)
