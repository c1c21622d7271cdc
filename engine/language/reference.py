"""The variant language's reference, in Markdown, generated from the JSON Schema's titles and
descriptions (``fivehundred reference``): one section per top-level key, every key below it with its
type, allowed values, bounds, meaning and the default it takes when left out. ``docs/variant-reference.md``
is its output; a test fails when the committed copy differs from what this prints, so the reference never
goes stale.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from .resources import load_schema

MAX_REFERENCE_DEPTH = 8
"""Nesting followed when listing keys (the schema is four or five levels deep)."""


def _resolved(schema: dict[str, Any], definitions: dict[str, Any]) -> dict[str, Any]:
    reference = schema.get("$ref")
    if isinstance(reference, str) and reference.startswith("#/$defs/"):
        target = dict(definitions.get(reference[len("#/$defs/") :], {}))
        # The referring node's own title and description say what this use of the definition means.
        target.update({key: value for key, value in schema.items() if key != "$ref"})
        return target
    return schema


def _branches(schema: dict[str, Any]) -> list[dict[str, Any]]:
    return [branch for branch in schema.get("oneOf", []) + schema.get("anyOf", []) if isinstance(branch, dict)]


def _code(value: object) -> str:
    if value is None:
        return "`null`"
    if isinstance(value, bool):
        return "`true`" if value else "`false`"
    return f"`{value}`"


def _kind(schema: dict[str, Any], definitions: dict[str, Any]) -> str:
    """The value's type in words, with its allowed values and bounds."""
    schema = _resolved(schema, definitions)
    if "enum" in schema:
        return "one of " + ", ".join(dict.fromkeys(_code(value) for value in schema["enum"]))  # 10 and '10' read alike
    if "const" in schema:
        return _code(schema["const"])
    branches = _branches(schema)
    if branches:
        return " or ".join(dict.fromkeys(_kind(branch, definitions) for branch in branches))
    kind = schema.get("type")
    words = {
        "integer": "whole number",
        "number": "number",
        "string": "text",
        "boolean": "`true` or `false`",
        "object": "mapping",
        "array": "list",
        "null": "`null`",
    }
    if isinstance(kind, list):
        text = " or ".join(words.get(str(each), str(each)) for each in kind)
    else:
        text = words.get(str(kind), "value") if kind else "value"
    bounds = []
    if "minimum" in schema:
        bounds.append(f"at least {schema['minimum']}")
    if "maximum" in schema:
        bounds.append(f"at most {schema['maximum']}")
    if kind == "array":
        items = schema.get("items")
        if isinstance(items, dict):
            text = f"list of {_kind(items, definitions)}"
        if "maxItems" in schema:
            bounds.append(f"at most {schema['maxItems']} items")
    if kind == "object" and isinstance(schema.get("additionalProperties"), dict) and not schema.get("properties"):
        text = f"mapping of names to {_kind(schema['additionalProperties'], definitions)}"
    if "pattern" in schema and kind == "string":
        bounds.append(f"written like `{schema['pattern']}`")
    return text + (f" ({', '.join(bounds)})" if bounds else "")


def _describe(schema: dict[str, Any]) -> str:
    return " ".join(str(schema.get("description", "")).split())


def written_value(value: object) -> str:
    """A value as it would be written in a variant file: ``true``, ``null``, ``redeal``, ``[A, K, Q]``, ``[]``
    (an enum of the compiled rules by the value it is written as)."""
    if isinstance(value, list):
        return "[" + ", ".join(written_value(item) for item in value) + "]"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Enum):
        return str(value.value)
    return str(value)


def _default(schema: dict[str, Any]) -> str:
    """`` Default: `x`.`` for a key the compiler fills in when it is left out: the schema's ``default``,
    or its ``x-default`` where the default depends on the rest of the file (said in words)."""
    if "default" in schema:
        return f" Default: `{written_value(schema['default'])}`."
    if "x-default" in schema:
        return f" Default: {' '.join(str(schema['x-default']).split())}."
    return ""


def _keys(schema: dict[str, Any], definitions: dict[str, Any], path: str, depth: int, lines: list[str]) -> None:
    """One bullet per key under ``schema``, nested keys indented below their parent."""
    schema = _resolved(schema, definitions)
    if depth > MAX_REFERENCE_DEPTH:
        return
    properties: dict[str, Any] = dict(schema.get("properties", {}))
    for branch in _branches(schema):
        for name, child in _resolved(branch, definitions).get("properties", {}).items():
            properties.setdefault(name, child)
    additional = schema.get("additionalProperties")
    if isinstance(additional, dict) and not properties:
        inner = _resolved(additional, definitions)
        if inner.get("properties") or _branches(inner):
            lines.append(f"{'  ' * depth}- *each entry* ({_kind(additional, definitions)}): {_describe(inner)}")
            _keys(inner, definitions, f"{path}.*", depth + 1, lines)
        return
    required = set(schema.get("required", []))
    for name, child in properties.items():
        resolved = _resolved(child, definitions)
        title = resolved.get("title")
        need = ", required" if name in required else ""
        heading = f" **{title}**." if title else ""
        lines.append(
            f"{'  ' * depth}- `{name}` ({_kind(child, definitions)}{need}).{heading} {_describe(resolved)}{_default(resolved)}".rstrip()
        )
        _keys(resolved, definitions, f"{path}.{name}", depth + 1, lines)
    items = schema.get("items")
    if schema.get("type") == "array" and isinstance(items, dict):
        inner = _resolved(items, definitions)
        if inner.get("properties") or any(_resolved(branch, definitions).get("properties") for branch in _branches(inner)):
            _keys(inner, definitions, f"{path}[]", depth, lines)


def reference_markdown() -> str:
    """The whole reference, as Markdown."""
    schema = load_schema()
    definitions: dict[str, Any] = schema.get("$defs", {})
    lines = [
        "# Variant language reference",
        "",
        "Generated from the JSON Schema (`schemas/variant.schema.json`) by `fivehundred reference`; do not edit",
        "by hand (a test fails when this file differs from what the command prints). The guide to the",
        "language, with examples, is [variant-language.md](variant-language.md); a tutorial is",
        "[house-rules.md](house-rules.md).",
        "",
        _describe(schema),
        "",
    ]
    for name, child in schema.get("properties", {}).items():
        resolved = _resolved(child, definitions)
        lines.append(f"## `{name}`: {resolved.get('title', name)}")
        lines.append("")
        lines.append(f"{_kind(child, definitions).capitalize()}. {_describe(resolved)}{_default(resolved)}".rstrip())
        lines.append("")
        body: list[str] = []
        _keys(resolved, definitions, name, 0, body)
        if body:
            lines.extend(body)
            lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


__all__ = ["reference_markdown", "written_value"]
