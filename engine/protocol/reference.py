"""The events section of docs/protocol.md, written from the protocol's JSON Schema: every event type with
every field, its kind, its meaning and an example, so that the document and the schema cannot drift
(a test compares the document with :func:`events_markdown`).

    python -m engine.protocol.reference     # prints the section, to paste into docs/protocol.md
"""

from __future__ import annotations

import json
from typing import Any

from ..language.resources import protocol_schema_path

BEGIN = "<!-- The events below are written from schemas/protocol.schema.json: python -m engine.protocol.reference -->"
"""The line that opens the generated section in docs/protocol.md."""
END = "<!-- end of the events written from the schema -->"
"""The line that closes it."""

_NAMED = {
    "seat": "seat",
    "player": "player",
    "card": "card",
    "hidden_cards": "list of cards, or their number",
    "hidden_card": "card, or null",
    "hand_result": "hand result (below)",
}
"""How a field that refers to a shared definition is described."""


def protocol_schema() -> dict[str, Any]:
    """The shipped protocol schema."""
    schema: dict[str, Any] = json.loads(protocol_schema_path().read_text(encoding="utf-8"))
    return schema


def kind(spec: dict[str, Any]) -> str:
    """A field's kind in words, from its schema."""
    if "$ref" in spec:
        return _NAMED.get(spec["$ref"].rsplit("/", 1)[-1], "object")
    if "enum" in spec:
        return "one of " + ", ".join(f"`{value}`" for value in spec["enum"])
    if "oneOf" in spec:
        return " or ".join(kind(each) for each in spec["oneOf"])
    types = spec.get("type", "object")
    words = []
    for each in [types] if isinstance(types, str) else types:
        if each == "array":
            items = spec.get("items", {})
            if "prefixItems" in items:
                words.append("list of [" + ", ".join(kind(part) for part in items["prefixItems"]) + "]")
            else:
                words.append(f"list of {kind(items)}s" if items else "list")
        else:
            words.append({"integer": "whole number", "string": "text", "boolean": "true or false", "null": "null"}.get(each, each))
    return ", or ".join(words)


def _table(properties: dict[str, Any], skip: tuple[str, ...] = ()) -> list[str]:
    lines = ["| field | kind | meaning |", "| --- | --- | --- |"]
    for name, spec in properties.items():
        if name not in skip:
            lines.append(f"| `{name}` | {kind(spec)} | {spec.get('description', '')} |")
    return lines


def events_markdown(schema: dict[str, Any] | None = None) -> str:
    """The events section of docs/protocol.md, from ``schema`` (the shipped one by default), between its
    :data:`BEGIN` and :data:`END` lines."""
    schema = schema if schema is not None else protocol_schema()
    definitions = schema["$defs"]
    lines = [BEGIN, ""]
    for reference in definitions["event"]["oneOf"]:
        definition = definitions[reference["$ref"].rsplit("/", 1)[-1]]
        name = definition["properties"]["type"]["const"]
        lines += [f"#### `{name}`", "", definition["description"], ""]
        lines += _table(definition["properties"], skip=("type",))
        lines += ["", "```json"]
        lines += [json.dumps(example, ensure_ascii=False) for example in definition["examples"]]
        lines += ["```", ""]
    result = definitions["hand_result"]
    lines += ["#### A hand result", "", result["description"] + " (`hand_scored`'s `result`):", ""]
    lines += _table(result["properties"])
    lines += ["", END]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(events_markdown(), end="")
