"""Validating a merged variant document against the JSON Schema, with messages a person can act on.

jsonschema's own messages ("Additional properties are not allowed ...", "... is not valid under any of
the given schemas") are rewritten into sentences that say what was expected there, with a suggestion
for a misspelt key or word, and each is located at the offending node (the key itself for an unknown
key).
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ..errors import Problem
from .loader import MergedDocument
from .resources import load_schema
from .source import JsonPath, format_path
from .suggest import suggestion, unaccented
from .validated import content_hash, index_path, known_valid, remember, schema_hash

if TYPE_CHECKING:
    # jsonschema is imported only when a document is validated, so that ``import engine`` stays quick for
    # an embedder who only plays compiled rules.
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

_TYPE_WORDS = {
    "integer": "a whole number",
    "number": "a number",
    "string": "text",
    "boolean": "true or false",
    "object": "a mapping of keys",
    "array": "a list",
    "null": "nothing",
}

_MERGE_NOTE = "(Replaces, not merged with, what the extended file says.)"

_validator: Draft202012Validator | None = None


def validator() -> Draft202012Validator:
    """The (cached) validator for the variant schema."""
    global _validator
    if _validator is None:
        from jsonschema import Draft202012Validator, validators

        # JSON Schema counts 4.0 as an integer; here a whole number is written without a point, or
        # ``levels: [6.0]`` would make bids named 6.0S and ``hand_size: 10.0`` float scores.
        strict = Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer)
        _validator = validators.extend(Draft202012Validator, type_checker=strict)(load_schema())  # type: ignore[no-untyped-call]
    return _validator


def _is_integer(checker: object, instance: object) -> bool:
    return type(instance) is int


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (dict, list)):
        return "a mapping" if isinstance(value, dict) else "a list"
    return repr(value)


def _got(value: object) -> str:
    """What a value of the wrong type is, in words: ``the text '5'``, ``the number 4.5``, ``a list``."""
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, bool):
        return f"{_shown(value)} (a yes/no value)"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if value is None:
        return "nothing (null)"
    return _shown(value)


def _needed_keys(schema: dict[str, Any]) -> str:
    """For a schema that wants a mapping: the keys it needs (or may have), for a message."""
    reference = schema.get("$ref")
    if isinstance(reference, str) and reference.startswith("#/$defs/"):
        schema = load_schema()["$defs"].get(reference[len("#/$defs/") :], {})
    forms = [
        branch["required"]
        for branch in schema.get("oneOf", []) + schema.get("anyOf", [])
        if isinstance(branch, dict) and branch.get("required")
    ]
    if forms:
        return " It needs one of the keys " + ", ".join(" and ".join(form) for form in forms) + "."
    if schema.get("required"):
        return " It needs the keys " + ", ".join(schema["required"]) + "."
    if schema.get("properties"):
        return " Its keys: " + ", ".join(schema["properties"]) + "."
    return ""


def _where(path: JsonPath) -> str:
    named = [part for part in path if isinstance(part, str)]
    return f"'{named[-1]}'" if named else "the top level"


def _choices(schema: dict[str, Any]) -> list[object]:
    reference = schema.get("$ref")
    if isinstance(reference, str) and reference.startswith("#/$defs/"):
        schema = load_schema()["$defs"].get(reference[len("#/$defs/") :], {})
    if "enum" in schema:
        return list(schema["enum"])
    if "const" in schema:
        return [schema["const"]]
    values: list[object] = []
    for branch in schema.get("oneOf", []) + schema.get("anyOf", []):
        values.extend(_choices(branch))
    return values


_NUMBER_WORDS = {0: "none", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
"""Small numbers as the words a choice may spell them with."""


def _choice_hint(instance: object, words: list[str]) -> str:
    """`` Did you mean 'x'?`` for a value that is not one of the choices ``words``: the closest word, or
    the word a small number stands for (a trial's ``rounds: 1`` for 'one')."""
    if isinstance(instance, str):
        return suggestion(instance, words)
    said = _NUMBER_WORDS.get(instance) if type(instance) is int else None
    return f" Did you mean '{said}'?" if said is not None and said in words else ""


def _string_choices(schema: dict[str, Any]) -> list[str]:
    return [str(choice) for choice in _choices(schema) if isinstance(choice, str)]


def _expectation(schema: dict[str, Any]) -> str:
    description = str(schema.get("description", "")).replace(_MERGE_NOTE, "").strip()
    return f" Expected: {description}" if description else ""


def _key_places(schema: dict[str, Any], where: tuple[str, ...], depth: int) -> Iterator[tuple[tuple[str, ...], str]]:
    """Every key the schema allows below ``schema`` (at most ``depth`` mappings down), with where it goes:
    (the keys leading to it, the key); a mapping of ids (``contracts``) is passed through as ``<id>``."""
    reference = schema.get("$ref")
    if isinstance(reference, str) and reference.startswith("#/$defs/"):
        schema = load_schema()["$defs"].get(reference[len("#/$defs/") :], {})
    for branch in schema.get("oneOf", []) + schema.get("anyOf", []):
        if isinstance(branch, dict):
            yield from _key_places(branch, where, depth)
    if depth == 0:
        return
    for name, inner in schema.get("properties", {}).items():
        yield where, name
        if isinstance(inner, dict):
            yield from _key_places(inner, where + (name,), depth - 1)
    named = schema.get("additionalProperties")  # a mapping of ids: each id's keys
    if isinstance(named, dict):
        yield from _key_places(named, where + ("<id>",), depth - 1)
    items = schema.get("items")
    if isinstance(items, dict):
        yield from _key_places(items, where, depth - 1)


@functools.cache
def _places_of_keys() -> dict[str, list[tuple[str, ...]]]:
    """Each key of the variant schema and where it is one (:func:`_key_places`), read once: a file of many
    unknown keys is answered without a walk of the schema for each."""
    places: dict[str, list[tuple[str, ...]]] = {}
    for where, name in _key_places(load_schema(), (), 4):
        places.setdefault(name, []).append(where)
    return places


def _belongs_elsewhere(key: str, path: JsonPath) -> str:
    """For a key unknown where it is written: where it is a key, when it is one somewhere else in the variant
    file; else an empty string. A place in the same section as the written one, or a whole section's key
    written at the top level or a top-level key inside a section, is a likely slip (`` 'target' is a key of
    end (end.target): write it there.``); a place elsewhere is only mentioned (`` 'level' is also a key of
    auction.inkles (auction.inkles.level).``), since a key of that name in another section seldom means
    the same."""
    written = tuple(part for part in path if isinstance(part, str))
    found = {where for where in _places_of_keys().get(key, ()) if where != written}
    # The plainest places first: a rule of the whole game before a contract's own.
    places = sorted(found, key=lambda where: ("<id>" in where, len(where), where))
    near = [where for where in places if not where or not written or where[0] == written[0]]
    shown = near or places
    if not shown:
        return ""
    named = [f"{'.'.join(where) or 'the top level'} ({'.'.join(where + (key,))})" for where in shown[:3]]
    listed = named[0] if len(named) == 1 else f"{', '.join(named[:-1])} or {named[-1]}"
    if not near:
        more = f" and {len(shown) - 3} more places" if len(shown) > 3 else ""
        return f" '{key}' is also a key of {listed}{more}."
    if len(shown) > 3:
        return f" '{key}' is a key of {', '.join(named)} and {len(shown) - 3} more places: write it under the one you mean."
    return f" '{key}' is a key of {listed}: write it there."


def _explain(error: ValidationError, document: MergedDocument) -> Iterator[Problem]:
    path: JsonPath = tuple(error.absolute_path)
    schema: dict[str, Any] = error.schema if isinstance(error.schema, dict) else {}
    instance = error.instance
    kind = error.validator
    rule: Any = error.validator_value

    if kind in ("oneOf", "anyOf") and error.context:
        deeper = [sub for sub in error.context if len(sub.absolute_path) > len(error.absolute_path)]
        if deeper:
            # A mapping or list matched the branch's type but is wrong inside: report the inner problem.
            best = max(deeper, key=lambda sub: len(sub.absolute_path))
            yield from _explain(best, document)
            return
        if isinstance(instance, dict):
            branches = [branch for branch in schema.get("oneOf", []) + schema.get("anyOf", []) if branch.get("type") == "object"]
            forms = [branch["required"][0] for branch in branches if len(branch.get("required", [])) == 1]
            used = [form for form in forms if form in instance]
            if len(forms) > 1 and len(forms) == len(branches) and len(used) != 1:
                wording = "only one of" if used else "one of"
                yield document.problem(path, f"{_where(path)} takes {wording}: {', '.join(forms)}.{_expectation(schema)}")
                return
        by_branch: dict[object, list[ValidationError]] = {}
        for sub in error.context:
            by_branch.setdefault(sub.relative_schema_path[0] if sub.relative_schema_path else 0, []).append(sub)
        fitting = [
            subs
            for subs in by_branch.values()
            if not any(sub.validator in ("type", "enum", "const") and not sub.relative_path for sub in subs)
        ]
        if fitting and isinstance(instance, (dict, list)):
            # Report the branch the value comes closest to, not every branch's complaints.
            for sub in min(fitting, key=len):
                yield from _explain(sub, document)
            return
        hint = _choice_hint(instance, _string_choices(schema))
        yield document.problem(path, f"{_shown(instance)} is not valid for {_where(path)}.{hint}{_expectation(schema)}")
        return

    if kind == "additionalProperties" and isinstance(instance, dict):
        known = list(schema.get("properties", {}))
        for key in instance:
            if key not in known:
                hint = suggestion(key, known) or _belongs_elsewhere(key, path)
                options = "" if hint.startswith(" Did you mean") else f" Allowed keys here: {', '.join(known)}."
                yield document.problem(path + (key,), f"Unknown key '{key}' in {_where(path)}.{hint}{options}", key=True, as_written=True)
        return

    if kind == "propertyNames" or "propertyNames" in error.relative_schema_path:
        # The offending key name is the instance; the error's path is the mapping holding it.
        key = str(instance)
        pattern = rule if isinstance(rule, str) else str(rule.get("pattern", "")) if isinstance(rule, dict) else ""
        plain = unaccented(key)
        if path and path[-1] == "add_points":
            # (Its keys are a strain or a bid, never a contract's id: the ids' words below would mislead.)
            meant = plain.upper()
            words = (
                "is not a strain or a bid as add_points names them: a strain in capitals (NT) or a bid (10NT). "
                "A special contract's worth is its own value (contracts.<id>.value)."
            )
        else:
            meant = plain  # (an accented word, misère, is most often meant as its plain spelling)
            words = (
                "is not a valid name here: ids are lower-case letters, digits and underscores "
                "(contracts, such as open_misere) or upper-case letters and digits (strains, such as J5)."
            )
        hint = f" Did you mean '{meant}'?" if meant != key and pattern and re.fullmatch(pattern, meant) else ""
        yield document.problem(path + (key,), f"'{key}' {words}{hint}", key=True, as_written=True)
        return

    if kind == "required" and isinstance(instance, dict):
        for name in rule:
            if name not in instance:
                about = schema.get("properties", {}).get(name, {}).get("description", "")
                extra = f" ({about})" if about else ""
                yield document.problem(path, f"{_where(path)} needs the key '{name}'{extra}.")
        return

    if kind in ("enum", "const"):
        hint = _choice_hint(instance, _string_choices(schema))
        listed = ", ".join(str(choice) for choice in _choices(schema))
        yield document.problem(path, f"{_shown(instance)} is not allowed for {_where(path)}; expected one of: {listed}.{hint}")
        return

    if kind == "type":
        names = [rule] if isinstance(rule, str) else list(rule)
        expected = " or ".join(_TYPE_WORDS.get(name, name) for name in names)
        keys = _needed_keys(schema) if "object" in names else ""
        what = f"Item {path[-1] + 1} of {_where(path)}" if path and isinstance(path[-1], int) else _where(path)
        yield document.problem(path, f"{what} must be {expected}, not {_got(instance)}.{keys}{_expectation(schema)}")
        return

    if kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        bound = error.validator_value
        relation = {"minimum": "at least", "maximum": "at most", "exclusiveMinimum": "more than", "exclusiveMaximum": "less than"}[kind]
        if isinstance(schema, dict) and "minimum" in schema and "maximum" in schema:
            # Both ends known: name the whole range, so the author need not guess the other end.
            relation, bound = "from", f"{schema['minimum']} to {schema['maximum']}"
        yield document.problem(path, f"{_where(path)} must be {relation} {bound}, not {_shown(instance)}.")
        return

    if kind == "pattern":
        yield document.problem(path, f"{_shown(instance)} is not written the right way for {_where(path)}.{_expectation(schema)}")
        return

    if kind == "uniqueItems":
        yield document.problem(path, f"{_where(path)} lists the same item more than once.")
        return

    if kind in ("minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties"):
        bound = error.validator_value
        relation = "at least" if kind.startswith("min") else "at most"
        unit = {"Items": "items", "Length": "characters", "Properties": "keys"}[kind[3:]]
        yield document.problem(path, f"{_where(path)} must have {relation} {bound} {unit}.{_expectation(schema)}")
        return

    yield document.problem(path, f"{error.message}.")


MAX_PRUNING_ROUNDS = 8
"""Rounds of removing failing parts before :func:`schema_valid_part` gives up (each round removes every
failing node; a removal can only make a parent fail its ``required``, so a few rounds suffice)."""


def _failing_path(error: ValidationError) -> JsonPath:
    path: JsonPath = tuple(error.absolute_path)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        return path  # the mapping with an unknown key: the key is removed by the caller
    if path and isinstance(path[-1], int):
        return path[:-1]  # a bad list item: the whole list goes (removing one would shift the others)
    return path


def schema_valid_part(document: MergedDocument) -> tuple[MergedDocument, list[JsonPath]] | None:
    """``document`` without the parts that fail the schema (each taken back to what the extended file
    says, or removed; an unknown key simply dropped), and the paths whose checks would only echo a
    schema problem (what was changed, and the mapping of what was removed); ``None`` when nothing of it
    is left that passes. The compiler's own checks run on what is left, so that one
    report holds every problem of a file, not only those of the first phase."""
    data: Any = copy.deepcopy(document.data)
    removed: list[JsonPath] = []
    for _ in range(MAX_PRUNING_ROUNDS):
        errors = list(validator().iter_errors(data))
        if not errors:
            return dataclasses.replace(document, data=data), removed
        for error in errors:
            path = _failing_path(error)
            targets = (
                [path + (key,) for key in error.instance if key not in error.schema.get("properties", {})]
                if error.validator == "additionalProperties" and isinstance(error.instance, dict)
                else [path]
            )
            for target in targets:
                if not target:
                    return None
                parent: Any = data
                for part in target[:-1]:
                    if isinstance(parent, dict) and part in parent:
                        parent = parent[part]
                    elif isinstance(parent, list) and isinstance(part, int) and part < len(parent):
                        parent = parent[part]
                    else:
                        parent = None
                if isinstance(parent, dict) and target[-1] in parent:
                    # What the extended file says in its place, where it says something else.
                    replacement = document.inherited(target)
                    unknown = target is not path
                    if replacement is not None and replacement != parent[target[-1]]:
                        parent[target[-1]] = copy.deepcopy(replacement)
                    else:
                        del parent[target[-1]]
                        if not unknown:
                            removed.append(target[:-1])  # its mapping lost a key: checks of it would only echo this
                    if not unknown:
                        removed.append(target)
                elif isinstance(parent, list) and isinstance(target[-1], int) and target[-1] < len(parent):
                    removed.append(target[:-1])
    return None


def schema_problems(document: MergedDocument, *, cached: bool = True) -> list[Problem]:
    """Every schema problem of ``document``, located and explained. A word YAML read as true or false
    (``no``) where the schema expects something else is explained as such (put it in quotes); where it
    expects true or false, the word is taken as written. With ``cached``, a document whose content is
    known to pass (see :mod:`engine.language.validated`) is not validated again."""
    key = known_valid(document.data) if cached else False
    if key is True:
        return []
    problems: list[Problem] = []
    for error in validator().iter_errors(document.data):
        problems.extend(_explain(error, document))
    if not problems and isinstance(key, str):
        remember(key)
    if document.booleans:
        said = {format_path(path): message for path, message in document.booleans.items()}
        kept: list[Problem] = []
        told: set[str] = set()
        for problem in problems:
            message = said.get(problem.path)
            if message is None:
                kept.append(problem)
            elif problem.path not in told:  # one sentence per value, whatever the schema found wrong
                told.add(problem.path)
                kept.append(dataclasses.replace(problem, message=message))
        problems = kept
    return problems


def validated_index() -> dict[str, object]:
    """The list of documents known to pass the schema (:mod:`engine.language.validated`) as it should
    be: every shipped variant's merged document, validated now."""
    from .loader import load_document
    from .resources import shipped_variant_names

    documents = []
    for name in shipped_variant_names():
        document = load_document(name)
        key = content_hash(document.data)
        if key is not None and not schema_problems(document, cached=False):
            documents.append(key)
    return {"schema_sha256": schema_hash(), "documents": sorted(documents)}


def write_validated_index() -> None:
    """Write the list as it should be (after a shipped variant or the schema changed)."""
    index_path().write_text(json.dumps(validated_index(), indent=1) + "\n", encoding="utf-8")
