"""Stage 1, the variant language: YAML text in, a merged and validated document out.

Takes variant files (a shipped name, a path, or text), reads them safely remembering the line and
column of every node (:mod:`~engine.language.source`), follows ``extends`` and merges the chain
(:mod:`~engine.language.loader`), and checks the merged document against the JSON Schema with messages
a person can act on (:mod:`~engine.language.schema`, :mod:`~engine.language.suggest`). Gives out a
:class:`~engine.language.loader.MergedDocument` (plain values plus where each came from) or a
:class:`~engine.errors.VariantError` listing every problem. :mod:`~engine.language.resources` finds the
shipped variants and the schema. Knows nothing of what the rules mean: that is :mod:`engine.rules`.
"""

from __future__ import annotations

from .loader import MergedDocument, load_document, load_text
from .resources import load_schema, schema_path, shipped_variant_names, shipped_variant_path, variants_folder
from .schema import schema_problems
from .source import JsonPath, Mark, SourceDocument, format_path, parse_document

__all__ = [
    "JsonPath",
    "Mark",
    "MergedDocument",
    "SourceDocument",
    "format_path",
    "load_document",
    "load_schema",
    "load_text",
    "parse_document",
    "schema_path",
    "schema_problems",
    "shipped_variant_names",
    "shipped_variant_path",
    "variants_folder",
]
