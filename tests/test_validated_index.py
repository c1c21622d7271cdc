"""Start-up (issue 30): the shipped variants' merged documents are listed by content hash as known to
pass the schema, so loading one does not import jsonschema; anything else is validated as before."""

from __future__ import annotations

import datetime
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from fuzzing import schema_documents
from hypothesis import HealthCheck, given, settings

import engine
from engine.errors import VariantError
from engine.language import load_text, validated
from engine.language.loader import load_document
from engine.language.schema import schema_problems, validated_index


def test_the_list_is_current() -> None:
    """The list names every shipped variant's merged document under the current schema (if this fails,
    run ``python -c "from engine.language.schema import write_validated_index as w; w()"``)."""
    listed = json.loads(validated.index_path().read_text(encoding="utf-8"))
    assert listed == validated_index()
    assert len(listed["documents"]) >= 40


def test_loading_a_shipped_variant_does_not_import_jsonschema() -> None:
    code = "import sys, engine; engine.load_variant('standard'); print('jsonschema' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_a_changed_document_is_validated() -> None:
    document = load_document("standard")
    assert validated.known_valid(document.data) is True
    document.data["deal"] = dict(document.data["deal"], hand_size="ten")  # type: ignore[call-overload]
    key = validated.known_valid(document.data)
    assert isinstance(key, str)
    assert [problem.path for problem in schema_problems(document)] == ["$.deal.hand_size"]
    assert validated.known_valid(document.data) == key  # a failed document is not remembered


def test_a_list_made_for_another_schema_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    index = json.loads(validated.index_path().read_text(encoding="utf-8"))
    index["schema_sha256"] = "0" * 64
    stale = tmp_path / "stale.json"
    stale.write_text(json.dumps(index), encoding="utf-8")
    monkeypatch.setattr(validated, "index_path", lambda: stale)
    validated._listed.cache_clear()
    try:
        data = load_document("australian").data
        key = validated.content_hash(data)
        assert key in index["documents"] and key not in validated._passed
        assert validated.known_valid(data) == key
    finally:
        validated._listed.cache_clear()


@pytest.mark.parametrize(
    "data",
    [{"a": datetime.date(2020, 1, 1)}, {1: "one"}, {"a": float("nan")}, {"a": (1, 2)}],
    ids=["a YAML date", "an integer key", "not a number", "a tuple"],
)
def test_data_that_is_not_plain_json_is_always_validated(data: Any) -> None:
    assert validated.content_hash(data) is None
    assert validated.known_valid(data) is False


def test_the_hash_tells_apart_what_the_schema_tells_apart() -> None:
    hashes = {validated.content_hash({"a": value}) for value in (1, 1.0, True, "1", None, [1], {"1": 1})}
    assert len(hashes) == 7


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(schema_documents())
def test_the_cached_verdict_is_the_schemas_verdict(document: dict[str, Any]) -> None:
    """Whatever a house-rules file says, asking twice with the cache gives what the schema gives."""
    try:
        merged = load_text(json.dumps(document), "house.yaml")
    except VariantError:  # refused before the schema (a YAML problem): nothing to compare
        return
    fresh = schema_problems(merged, cached=False)
    assert schema_problems(merged) == fresh
    assert schema_problems(merged) == fresh


@pytest.mark.parametrize(
    "text",
    ["{not json", "[]", '{"schema_sha256": 5}', "", "SCHEMA"],
    ids=["broken", "a list", "wrong hash", "empty", "documents not a list"],
)
def test_an_unreadable_list_means_validating_everything(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    if text == "SCHEMA":
        text = json.dumps({"schema_sha256": validated.schema_hash(), "documents": 7})
    damaged = tmp_path / "damaged.json"
    damaged.write_text(text, encoding="utf-8")
    monkeypatch.setattr(validated, "index_path", lambda: damaged)
    validated._listed.cache_clear()
    try:
        data = load_document("five-handed").data
        assert validated.known_valid(data) in (True, validated.content_hash(data))
        assert validated._listed() == frozenset()
    finally:
        validated._listed.cache_clear()


def test_a_listed_hash_is_the_rules_own_document_hash() -> None:
    """One canonical form: the hash the list keeps for a shipped variant is the compiled rules'
    ``document_hash`` (what records carry), not a second hashing of the same document."""
    listed = set(json.loads(validated.index_path().read_text(encoding="utf-8"))["documents"])
    for name in ("standard", "five-handed", "rules-text-003-two"):
        rules = engine.load_variant(name)
        assert rules.document_hash == validated.content_hash(load_document(name).data) and rules.document_hash in listed
