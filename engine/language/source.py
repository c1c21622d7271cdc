"""Reading one YAML variant file safely, remembering where every node was written.

PyYAML's safe composer builds the node tree (libyaml's, through ``yaml.CSafeLoader``, when PyYAML was
built with it: much faster, with the same nodes and marks; the pure-Python composer otherwise, and for
any text the C one might not handle the same way); this module turns it into plain JSON-like values itself so
that it can record the line and column of every key and value (errors point at them), refuse duplicate
keys and non-JSON values, and count alias expansion (a "billion laughs" document is refused instead of
exhausting memory). Only the safe loader's scalar constructors are used: no tag can build an object.
"""

from __future__ import annotations

import datetime
import json
import math
import os
import re
import stat
from dataclasses import dataclass, field
from typing import Any, Union

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..errors import Problem, UnreadableFileError, VariantError
from .resources import load_schema, schema_child

PathPart = Union[str, int]
JsonPath = tuple[PathPart, ...]

_NOT_REGULAR = "This is not a regular file (a pipe, device or socket); a variant is a .yaml file."

MAX_FILE_BYTES = 64 * 1024
"""Variant files larger than this are refused unread (a house-rules file is a few hundred bytes, the
largest shipped file 3 KiB)."""

MAX_NODES = 5_000
"""Most values (mappings, lists and scalars) a document may hold, aliases expanded; more means an alias
bomb or a mistake."""

MAX_ITEMS = 200
"""Most items a list, or keys a mapping, may hold (the longest shipped list has 14)."""

MAX_DEPTH = 32
"""Deepest nesting of mappings and lists accepted; the schema's deepest path is a few levels."""

MAX_NUMBER_DIGITS = 18
"""Longest number accepted, in characters (Python would otherwise parse thousands of digits)."""

C_NESTING_LIMIT = 1000
"""Texts that might nest deeper than this are composed by the pure-Python loader: libyaml's composer
recurses on the C stack (about 250 bytes a level, so 1,000 levels fit in a small thread's stack) and
crashes the process tens of thousands of levels down, where the pure one raises ``RecursionError``."""

_FAST_LOADER = getattr(yaml, "CSafeLoader", None)

_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")

_INT_TAG = "tag:yaml.org,2002:int"
_FLOAT_TAG = "tag:yaml.org,2002:float"
_BOOL_TAG = "tag:yaml.org,2002:bool"
_MERGE_TAG = "tag:yaml.org,2002:merge"
_NULL_TAG = "tag:yaml.org,2002:null"

_PLAIN_TAGS = frozenset(f"tag:yaml.org,2002:{name}" for name in ("map", "seq", "str", "int", "float", "bool", "null", "merge", "timestamp"))


def format_path(path: JsonPath) -> str:
    """Format a path as a JSON path: ``("deal", "pattern", 2)`` becomes ``$.deal.pattern[2]``."""
    text = "$"
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        elif _IDENTIFIER.match(part):
            text += f".{part}"
        else:
            text += "[" + repr(part).replace("'", '"') + "]"
    return text


@dataclass(frozen=True)
class Mark:
    """Where a node was written: file name and 1-based line and column."""

    file: str
    """The file's display name."""
    line: int
    """1-based line."""
    column: int
    """1-based column."""


@dataclass
class SourceDocument:
    """One YAML file read into plain values, with the position of each node."""

    file: str
    """Display name used in messages (the path as given, or ``shipped:NAME``)."""
    data: dict[str, object]
    """The document's top-level mapping as plain JSON-compatible values."""
    values: dict[JsonPath, Mark] = field(default_factory=dict)
    """Position of every value node, by its path."""
    keys: dict[JsonPath, Mark] = field(default_factory=dict)
    """Position of every mapping key, by the path of the value it introduces."""
    hints: dict[JsonPath, str] = field(default_factory=dict)
    """What may be wrong with a key if a problem is found under it: a key right after one written with
    no value may be indented too little, and belong under it."""
    booleans: dict[JsonPath, str] = field(default_factory=dict)
    """Values YAML 1.1 read as true or false from words (``yes``, ``no``, ``on``, ``off``): what to say if
    the schema expects something else there. Where it expects a boolean, the word means what it says."""


_YAML11_BOOLEANS = frozenset({"yes", "no", "on", "off", "y", "n"})


def _surprise(node: ScalarNode, value: object) -> str | None:
    """Why a plain scalar YAML 1.1 reads as something its author probably did not mean, or ``None``."""
    if node.style not in (None, "") or node.tag not in (_INT_TAG, _FLOAT_TAG, _BOOL_TAG):  # "" is libyaml's plain
        return None
    text = node.value
    if isinstance(value, bool) and text not in ("true", "false"):
        return (
            f"{text!r} is read by YAML as {'true' if value else 'false'} (YAML 1.1 reads yes/no and on/off, in any case, as true/false), "
            f"which does not fit here; put it in quotes ('{text}') if you mean the text."
        )
    if ":" in text:
        return (
            f"{text!r} is read by YAML as the base-60 number {value} (YAML 1.1 reads digits joined by ':' that way). Put it in quotes "
            f"('{text}') if you mean the text."
        )
    digits = text.lstrip("+-")
    if isinstance(value, int) and len(digits) > 1 and digits[0] == "0" and digits.replace("_", "").isdigit():
        return (
            f"{text!r} is read by YAML as the octal number {value}. Write {int(digits.replace('_', ''), 10)} without the leading zero, "
            "or put it in quotes if you mean the text."
        )
    if isinstance(value, int) and digits[:2].lower() in ("0x", "0b", "0o"):
        return f"{text!r} is read by YAML as the number {value}. Write {value}, or put it in quotes if you mean the text."
    return None


def _is_empty(node: Node) -> bool:
    return isinstance(node, ScalarNode) and node.tag == _NULL_TAG and node.value == ""


def _schema_keys(path: JsonPath) -> frozenset[str]:
    """The keys the variant schema names for the mapping at ``path`` (its ``properties``; none where the
    schema does not say: a list's items, a free mapping)."""
    schema: dict[str, Any] | None = load_schema()
    for part in path:
        schema = schema_child(schema, part)
    properties = schema.get("properties") if schema is not None else None
    return frozenset(properties) if isinstance(properties, dict) else frozenset()


def _last_empty_key(key: Node, value: Node) -> ScalarNode | None:
    """The deepest key at the end of the pair ``key: value`` written with no value at all (``set:`` and
    nothing after it): the key itself, or the last key of its mapping, and so on down."""
    while True:
        if _is_empty(value):
            return key if isinstance(key, ScalarNode) else None
        if not isinstance(value, MappingNode) or not value.value:
            return None
        key, value = value.value[-1]


class _Reader:
    """Turns a composed node tree into values while recording marks and collecting problems."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.values: dict[JsonPath, Mark] = {}
        self.keys: dict[JsonPath, Mark] = {}
        self.hints: dict[JsonPath, str] = {}
        self.problems: list[Problem] = []
        self.booleans: dict[JsonPath, str] = {}
        self.node_count = 0
        self.constructor = SafeConstructor()
        self.merged_sizes: dict[int, int] = {}

    def mark(self, node: Node) -> Mark:
        return Mark(self.file, node.start_mark.line + 1, node.start_mark.column + 1)

    def problem(self, node: Node, path: JsonPath, message: str) -> None:
        mark = self.mark(node)
        self.problems.append(Problem(self.file, mark.line, mark.column, format_path(path), message))

    def scalar(self, node: ScalarNode, path: JsonPath) -> object:
        """The plain value of a scalar, or ``None`` with a problem recorded when it has none."""
        if node.tag == _INT_TAG and len(node.value) > MAX_NUMBER_DIGITS:
            self.problem(
                node,
                path,
                f"The number {node.value[:12]}... has {len(node.value)} characters; numbers here are at most {MAX_NUMBER_DIGITS} digits.",
            )
            return None
        try:
            value = self.constructor.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError, KeyError, TypeError, OverflowError, IndexError, AttributeError) as error:
            # An explicit tag the value does not fit (``!!int abc``, ``!!bool maybe``, ``!!merge x``); PyYAML's
            # constructors index an empty ``!!int ''`` and match ``!!timestamp abc`` without checking.
            tag = node.tag.rpartition(":")[2]
            reason = f" ({error.problem})" if isinstance(error, yaml.MarkedYAMLError) and error.problem else ""
            self.problem(node, path, f"{node.value!r} cannot be read as {tag}{reason}; remove the tag '!!{tag}' or fix the value.")
            return None
        if isinstance(value, float) and not math.isfinite(value):
            self.problem(node, path, f"{node.value!r} is not a finite number.")
            return None
        if isinstance(value, str) and not _is_text(value):
            self.problem(
                node,
                path,
                f"{_escaped(value)} holds a code point that is not a character (a lone surrogate); write the text it stands for.",
            )
            return None
        surprise = _surprise(node, value)
        if surprise is not None and isinstance(value, bool):
            # Judged against the schema once the file is read: a yes/no setting may say yes or no.
            self.booleans[path] = surprise
            return value
        if surprise is not None:
            self.problem(node, path, surprise)
            return None
        if value is None or isinstance(value, (bool, int, float, str)):
            return value
        if isinstance(value, (datetime.date, datetime.datetime)):
            self.problem(node, path, f"{node.value!r} was read as a date; put it in quotes if it is text.")
        else:
            self.problem(node, path, f"{node.value!r} is not a plain value (text, number, true/false).")
        return node.value

    def convert(self, node: Node, path: JsonPath) -> object:
        self.node_count += 1
        if self.node_count > MAX_NODES:
            raise _TooLarge()
        self.values.setdefault(path, self.mark(node))
        if len(path) > MAX_DEPTH:
            self.problem(node, path, f"The document nests deeper than {MAX_DEPTH} levels; a variant file needs a few.")
            return None
        if node.tag not in _PLAIN_TAGS:
            # Explicit tags (!!python/..., !custom) could build objects; a variant file needs none.
            self.problem(node, path, f"The tag {node.tag!r} is not allowed; a variant file holds plain values only.")
            return None
        if isinstance(node, (MappingNode, SequenceNode)) and len(node.value) > MAX_ITEMS:
            what = "keys" if isinstance(node, MappingNode) else "items"
            self.problem(node, path, f"This holds {len(node.value):,} {what}; at most {MAX_ITEMS} are allowed here.")
            return None
        if isinstance(node, MappingNode):
            return self.convert_mapping(node, path)
        if isinstance(node, SequenceNode):
            return [self.convert(item, path + (index,)) for index, item in enumerate(node.value)]
        assert isinstance(node, ScalarNode)
        return self.scalar(node, path)

    def merged_size(self, node: MappingNode) -> int:
        """How many pairs ``node`` holds once its merge keys (``<<``) are expanded, counted without
        expanding them (each mapping once, however often it is merged) and stopping past
        :data:`MAX_NODES`: merges of merges double at each level, so a few lines could expand to
        millions of pairs before any value is counted."""
        known = self.merged_sizes.get(id(node))
        if known is not None:
            return known
        self.merged_sizes[id(node)] = MAX_NODES + 1  # a mapping merging itself counts as too large
        total = 0
        for key_node, value_node in node.value:
            if key_node.tag != _MERGE_TAG:
                total += 1
            else:
                merged = value_node.value if isinstance(value_node, SequenceNode) else [value_node]
                for each in merged:
                    total += self.merged_size(each) if isinstance(each, MappingNode) else 1
            if total > MAX_NODES:
                break
        self.merged_sizes[id(node)] = total
        return total

    def convert_mapping(self, node: MappingNode, path: JsonPath) -> dict[str, object] | None:
        # Resolves YAML merge keys (<<) the way the safe loader does, before reading the pairs, once
        # the expanded size is known to be within bounds.
        if any(key_node.tag == _MERGE_TAG for key_node, _ in node.value) and self.merged_size(node) > MAX_NODES:
            raise _TooLarge()
        try:
            self.constructor.flatten_mapping(node)
        except yaml.YAMLError as error:
            reason = error.problem if isinstance(error, yaml.MarkedYAMLError) and error.problem else "it cannot be merged"
            self.problem(node, path, f"A merge key ('<<') here cannot be used: {reason}.")
            return None
        result: dict[str, object] = {}
        previous: tuple[Node, Node] | None = None
        # A key written with no value, and the keys its value may hold (by the schema), while the keys after
        # it are all such keys: each is hinted as belonging under it (a trial's misplaced 'placement' and
        # 'eligible' under an empty 'misere:'; the second gave three problems of its own).
        following: tuple[ScalarNode, frozenset[str]] | None = None
        for key_node, value_node in node.value:
            if previous is not None and isinstance(key_node, ScalarNode):
                # The key right after one with no value; a later sibling only where the schema says it is a key
                # of the empty one's value and not one of this mapping's own (``key:`` with no value also
                # removes an inherited setting, and a real key after it keeps its own problems).
                empty = _last_empty_key(*previous)
                if empty is not None:
                    self._indentation_hint(empty, key_node, path)
                    keys = _schema_keys(path + (empty.value,)) if empty is previous[0] else frozenset()
                    # (The run goes on only from a first key that belongs there too: a stray key after a real
                    # one is its own mistake.)
                    following = (empty, keys) if key_node.value in keys else None
                elif following is not None and key_node.value in following[1] and key_node.value not in _schema_keys(path):
                    self._indentation_hint(following[0], key_node, path)
                else:
                    following = None
            previous = (key_node, value_node)
            if isinstance(key_node, ScalarNode) and key_node.tag == _BOOL_TAG and key_node.style in (None, ""):
                text = key_node.value
                self.problem(
                    key_node,
                    path + (text,),
                    f"The key {text!r} is read by YAML as true or false, not as the text {text} (YAML 1.1 reads yes/no, on/off and "
                    f"true/false, in any case, that way); put it in quotes: '{text}':",
                )
                continue
            before = len(self.problems)
            key = self.scalar(key_node, path) if isinstance(key_node, ScalarNode) and key_node.tag in _PLAIN_TAGS else None
            if len(self.problems) > before:
                continue  # the key's own problem is reported (a YAML 1.1 surprise, a bad tag)
            if isinstance(key, bool) or not isinstance(key, (str, int, float)):
                shown = key_node.value if isinstance(key_node, ScalarNode) else "a collection"
                self.problem(key_node, path, f"The key {shown!r} is not text; keys must be plain words.")
                continue
            if not isinstance(key, str):
                # Numbers as keys (``6: ...``) are read as their text, as JSON would require.
                key = str(key_node.value)
            child = path + (key,)
            if key in result:
                first = self.keys[child]
                self.problem(
                    key_node,
                    child,
                    f"The key {key!r} appears twice in this mapping (first at line {first.line}); keep one.",
                )
                continue
            self.keys[child] = self.mark(key_node)
            result[key] = self.convert(value_node, child)
        return result

    def _indentation_hint(self, parent_key: ScalarNode, key_node: ScalarNode, path: JsonPath) -> None:
        """Note that ``key_node`` may belong under ``parent_key``, a key written before it with no value."""
        wanted = parent_key.start_mark.column + 2
        line = key_node.start_mark.line + 1
        where = "the next line" if line == parent_key.start_mark.line + 2 else f"line {line}"
        self.hints[path + (key_node.value,)] = (
            f"Check the indentation: '{parent_key.value}:' on line {parent_key.start_mark.line + 1} has no value, so "
            f"'{key_node.value}' on {where} is read as a key of {repr(path[-1]) if path and isinstance(path[-1], str) else 'the top level'}; "
            f"to put it under '{parent_key.value}', indent it to column {wanted + 1} ({wanted} spaces)."
        )


def _is_text(value: str) -> bool:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _escaped(value: str) -> str:
    """``value`` quoted with anything unprintable escaped, safe to print anywhere."""
    shown = value if len(value) <= 40 else value[:40] + "..."
    return "'" + shown.encode("ascii", "backslashreplace").decode("ascii") + "'"


class _TooLarge(Exception):
    """Raised inside the reader when the document expands past :data:`MAX_NODES`."""


def _whole_file_problem(file: str, message: str, line: int = 0, column: int = 0) -> Problem:
    return Problem(file, line, column, "$", message)


def _nesting_bound(text: str) -> int:
    """An upper bound on how deep ``text`` can nest: each flow level opens with a bracket, and each block
    level sits further right than its parent (a mapping's sequence may share its column, hence twice)."""
    widest = max(map(len, text.splitlines()), default=0)
    return text.count("[") + text.count("{") + 2 * widest + 2


def compose(text: str) -> list[Node]:
    """The node trees of every YAML document in ``text``, composed safely (no tag builds an object).

    Raises PyYAML's errors for text that is not YAML. The C composer is tried first when it is there and
    the text cannot nest too deep for it; any error it meets is left to the pure-Python composer, whose
    messages are the ones reported (libyaml words some differently, and refuses some text with a
    ``UnicodeEncodeError`` rather than a located error).
    """
    if _FAST_LOADER is not None and _nesting_bound(text) <= C_NESTING_LIMIT:
        try:
            return list(yaml.compose_all(text, Loader=_FAST_LOADER))
        except (yaml.YAMLError, ValueError):
            pass
    return list(yaml.compose_all(text, Loader=yaml.SafeLoader))


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


_KEY_THEN_VALUE = re.compile(r"^(?P<key>\s*(?:- )?[^\s#'\"{\[][^:#]*?:)[ ]+(?P<value>\S.*)$")
"""A line written ``key: value`` (or ``- key: value``): the key with its colon, and the value after it."""


def _quoted_value(here: str, column: int) -> str | None:
    """For a line ``key: text: more`` whose second ``: `` (at ``column``, from 1) YAML took for another key,
    the line with its value in quotes (``key: "text: more"``); ``None`` for any other line."""
    found = _KEY_THEN_VALUE.match(here)
    if found is None or column <= len(found.group("key")):
        return None  # the colon YAML stopped at is the key's own
    value = found.group("value")
    comment = re.search(r"\s#", value)
    if comment is not None:
        value = value[: comment.start()]
    value = value.rstrip()
    if value[:1] in ("'", '"', "{", "[", "|", ">", "&", "*", "!"):
        return None
    return f"{found.group('key').strip()} {json.dumps(value, ensure_ascii=False)}"


_FLOW_CLOSERS = {"while parsing a flow mapping": ("{", "}", "mapping"), "while parsing a flow sequence": ("[", "]", "list")}


def _unclosed_flow(lines: list[str], error: yaml.MarkedYAMLError) -> tuple[int, int, str] | None:
    """Where a ``{`` or ``[`` that is never closed was opened, and what to do about it: PyYAML meets the
    missing bracket only at the end of the file, or at the next key on a later line, and reports it there."""
    brackets = _FLOW_CLOSERS.get(error.context or "")
    opened, found = error.context_mark, error.problem_mark
    if brackets is None or opened is None or found is None:
        return None
    opening, closing, kind = brackets
    start = lines[opened.line] if opened.line < len(lines) else ""
    rest = start[opened.column :].split(" #")[0].rstrip()
    at_end = "<stream end>" in (error.problem or "")
    # On a later line a missing bracket looks like a mapping or list that goes on over several lines; one
    # whose first line does not end with ',' (or with the bracket itself) was most likely meant to close there.
    if not at_end and (found.line <= opened.line or rest.endswith((",", opening))):
        return None
    line, column = opened.line + 1, opened.column + 1
    written = start.split(" #")[0].strip()
    example = f" ({written + closing!r})" if written.count(opening) - written.count(closing) == 1 else ""
    return (
        line,
        column,
        f"The {kind} '{opening}' opened on line {line} at column {column} is not closed: add the closing '{closing}' at its end{example}.",
    )


def _syntax_problem(text: str, error: yaml.MarkedYAMLError) -> tuple[int, int, str]:
    """Where a YAML syntax error most likely is, and what to do about it: PyYAML reports some mistakes
    on the line after them (a key without ':'), and words indentation mistakes in parser terms."""
    mark = error.problem_mark or error.context_mark
    detail = " ".join(part for part in (error.context, error.problem) if part)
    line, column = (mark.line + 1, mark.column + 1) if mark else (0, 0)
    lines = text.split("\n")
    here = lines[line - 1] if 0 < line <= len(lines) else ""
    above = next(
        (lines[number] for number in range(line - 2, -1, -1) if lines[number].strip() and not lines[number].lstrip().startswith("#")), ""
    )
    problem = error.problem or ""
    if "'\\t'" in problem or "\t" in problem:
        return (
            line,
            column,
            f"Line {line} has a tab at column {column}: YAML indents with spaces only, and takes no tab after a ':' either. Replace the tab with spaces.",
        )
    quoted = _quoted_value(here, column) if problem.startswith("mapping values are not allowed") else None
    if quoted is not None:
        return (
            line,
            column,
            f"Line {line} ({here.strip()!r}) has a ':' inside its value, which YAML reads as the start of another key "
            f"(mapping values are not allowed here). Put the value in quotes: '{quoted}'.",
        )
    unclosed = _unclosed_flow(lines, error)
    if unclosed is not None:
        return unclosed
    if problem.startswith("mapping values are not allowed") and above:
        if ":" not in above:
            return (
                line - 1,
                _indent(above) + 1,
                f"Line {line - 1} ({above.strip()!r}) has no ':' after its key, so YAML reads it as text running on into line "
                f"{line}. Write it as 'key: value'.",
            )
        if _indent(here) > _indent(above):
            return (
                line,
                _indent(here) + 1,
                (
                    f"Line {line} is indented more than line {line - 1} ({above.strip()!r}), which already has a value, so YAML cannot read it as a key. "
                    "Line it up with the keys of its mapping (or remove the value above if this line belongs under it)."
                ),
            )
    if (
        error.context in ("while scanning a simple key", "while scanning a quoted scalar", "while scanning a double-quoted scalar")
        and error.context_mark is not None
    ):
        start = error.context_mark.line + 1
        written = lines[start - 1].strip() if 0 < start <= len(lines) else ""
        if "quoted" in error.context:
            return start, error.context_mark.column + 1, f"A quoted text opened on line {start} is never closed; add the closing quote."
        return (
            start,
            error.context_mark.column + 1,
            f"Line {start} ({written!r}) has no ':' after its key. Write it as 'key: value', or 'key:' with the values indented below it.",
        )
    if problem.startswith("expected <block end>") and above:
        kind = "items of one list" if "sequence" in problem else "keys of one mapping"
        return (
            line,
            column,
            f"Line {line} is indented differently from the lines above it (column {column}, where line {line - 1} starts at column "
            f"{_indent(above) + 1}): the {kind} must line up. Check the indentation here and above.",
        )
    return line, column, f"This is not valid YAML: {detail}."


MAX_FLOW_NESTING = 100
"""Deepest nesting of flow brackets (``[`` and ``{``) read: a deeper document is refused before it is
composed (composing 10,000 levels took over a second); a variant file nests a few levels."""


def _too_deep_at(text: str) -> tuple[int, int] | None:
    """Where (line, column, from 1) flow brackets first nest deeper than :data:`MAX_FLOW_NESTING`,
    brackets inside quotes and comments aside; ``None`` if they never do. A quick scan, so that a
    bracket bomb costs milliseconds; the composer still judges everything else."""
    if text.count("[") + text.count("{") <= MAX_FLOW_NESTING:
        return None
    depth, quote, line, start = 0, "", 1, 0
    previous = "\n"
    position = 0
    length = len(text)
    while position < length:
        char = text[position]
        if char == "\n":
            line, start = line + 1, position + 1
        if quote:
            if char == "\\" and quote == '"':
                position += 1  # an escaped character inside double quotes
            elif char == quote:
                quote = ""
        elif char == "#" and previous in " \t\n":
            end = text.find("\n", position)
            position = length if end < 0 else end
            continue
        elif char in "'\"" and previous in " \t\n[{,:":
            quote = char
        elif char in "[{":
            depth += 1
            if depth > MAX_FLOW_NESTING:
                return line, position - start + 1
        elif char in "]}" and depth:
            depth -= 1
        previous = char
        position += 1
    return None


def parse_document(text: str, file: str) -> SourceDocument:
    """Parse one variant document from text.

    Raises :class:`VariantError` listing every problem: YAML syntax, several documents in one file,
    a top level that is not a mapping, duplicate or non-text keys, non-JSON values, alias bombs.
    """
    if len(text) > MAX_FILE_BYTES or len(text.encode("utf-8", errors="replace")) > MAX_FILE_BYTES:
        raise UnreadableFileError(
            [_whole_file_problem(file, f"The file is larger than {MAX_FILE_BYTES // 1024} KiB; a variant file is a few lines.")]
        )
    # Byte-order marks: any number at the start are dropped (an editor may have added a second); one
    # anywhere else would be read as part of a key or value by one composer and refused by the other.
    text = text.lstrip("\ufeff")
    stray = text.find("\ufeff")
    if stray >= 0:
        line = text.count("\n", 0, stray) + 1
        column = stray - (text.rfind("\n", 0, stray) + 1) + 1
        raise VariantError([_whole_file_problem(file, "A byte-order mark (U+FEFF) sits inside the file; delete it.", line, column)])
    deep = _too_deep_at(text)
    if deep is not None:
        message = f"The document nests deeper than {MAX_FLOW_NESTING} levels of brackets here; a variant file needs a few."
        raise VariantError([_whole_file_problem(file, message, deep[0], deep[1])])
    try:
        nodes = compose(text)
    except yaml.MarkedYAMLError as error:
        line, column, message = _syntax_problem(text, error)
        raise VariantError([_whole_file_problem(file, message, line, column)]) from None
    except yaml.reader.ReaderError as error:
        # A character YAML does not allow (a control character, a lone surrogate): located by its position.
        position = min(max(error.position, 0), len(text))
        line = text.count("\n", 0, position) + 1
        column = position - (text.rfind("\n", 0, position) + 1) + 1
        message = (
            f"The character U+{error.character:04X} is not allowed in a YAML file; delete or replace it."
            if isinstance(error.character, int)
            else f"This is not valid YAML: {error}."
        )
        raise VariantError([_whole_file_problem(file, message, line, column)]) from None
    except yaml.YAMLError as error:
        raise VariantError([_whole_file_problem(file, f"This is not valid YAML: {error}.")]) from None
    except RecursionError:
        raise VariantError([_whole_file_problem(file, "The document is nested too deeply.")]) from None
    except (ValueError, OverflowError) as error:
        # The scanner's own errors that PyYAML does not wrap (an escape past U+10FFFF, for one).
        raise VariantError([_whole_file_problem(file, f"This is not valid YAML: {error}.")]) from None
    if len(nodes) > 1:
        second = nodes[1]
        raise VariantError(
            [
                _whole_file_problem(
                    file,
                    "The file holds more than one YAML document (a second '---'); a variant file holds one.",
                    second.start_mark.line + 1,
                    second.start_mark.column + 1,
                )
            ]
        )
    if not nodes or nodes[0] is None:
        raise VariantError([_whole_file_problem(file, "The file is empty; a variant needs at least 'extends' or 'name'.")])
    root = nodes[0]
    reader = _Reader(file)
    if not isinstance(root, MappingNode):
        reader.problem(root, (), "The top level must be a mapping of keys such as 'extends:', 'name:' and 'deck:'.")
        raise VariantError(reader.problems)
    try:
        data = reader.convert(root, ())
    except _TooLarge:
        raise VariantError(
            [
                _whole_file_problem(
                    file, f"The document holds more than {MAX_NODES:,} values (aliases expanded); a variant file holds a few hundred."
                )
            ]
        ) from None
    except RecursionError:
        raise VariantError([_whole_file_problem(file, "The document is nested too deeply.")]) from None
    if reader.problems:
        raise VariantError(reader.problems)
    assert isinstance(data, dict)
    return SourceDocument(file=file, data=data, values=reader.values, keys=reader.keys, hints=reader.hints, booleans=reader.booleans)


def inside(root: str, real: str) -> bool:
    """Whether the real path ``real`` is ``root`` or lies under it (both real paths)."""
    try:
        return os.path.commonpath([root, real]) == root
    except ValueError:  # different drives, or a relative path against an absolute one
        return False


def read_text(path_text: str, display: str, root: str | None = None) -> str:
    """Read a file as UTF-8 text, turning every way of failing into :class:`UnreadableFileError`.

    The file is opened first and checked through its open descriptor (a regular file, of a variant
    file's size), so a pipe or a device is never read. With ``root`` (a real path), the file read must
    also be one that lies inside ``root``: after opening, the path's real location is checked to be
    inside it and to be the very file opened (same device and inode), so swapping a folder for a link
    between the check and the read cannot lead the read elsewhere."""
    try:
        before = os.stat(path_text)
        if stat.S_ISDIR(before.st_mode):
            raise IsADirectoryError(path_text)
        if not stat.S_ISREG(before.st_mode):
            raise UnreadableFileError([_whole_file_problem(display, _NOT_REGULAR)])
        descriptor = os.open(path_text, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
        with os.fdopen(descriptor, "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode):
                # A pipe or a device would block the read or never end.
                raise UnreadableFileError([_whole_file_problem(display, _NOT_REGULAR)])
            if root is not None:
                real = os.path.realpath(path_text)
                if not inside(root, real):
                    raise UnreadableFileError(
                        [_whole_file_problem(display, f"The file lies outside {root}, the folder it must be read from.")]
                    )
                there = os.stat(real)
                if (there.st_dev, there.st_ino) != (info.st_dev, info.st_ino):
                    raise UnreadableFileError([_whole_file_problem(display, "The file changed while it was opened; try again.")])
            size = info.st_size
            if size > MAX_FILE_BYTES:
                raise UnreadableFileError(
                    [
                        _whole_file_problem(
                            display, f"The file is {size} bytes, over the {MAX_FILE_BYTES // 1024} KiB limit for a variant file."
                        )
                    ]
                )
            raw = handle.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise UnreadableFileError(
                [_whole_file_problem(display, f"The file is over the {MAX_FILE_BYTES // 1024} KiB limit for a variant file.")]
            )
    except FileNotFoundError:
        raise UnreadableFileError([_whole_file_problem(display, "No such file.")]) from None
    except IsADirectoryError:
        raise UnreadableFileError([_whole_file_problem(display, "This is a directory, not a variant file.")]) from None
    except PermissionError:
        raise UnreadableFileError([_whole_file_problem(display, "The file cannot be read (permission denied).")]) from None
    except (OSError, ValueError) as error:  # ValueError: a NUL in the name
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise UnreadableFileError([_whole_file_problem(display, f"The file cannot be read: {reason}.")]) from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise UnreadableFileError(
            [_whole_file_problem(display, f"The file is not UTF-8 text (bad byte at offset {error.start}).")]
        ) from None
