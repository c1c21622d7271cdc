"""Resolving ``extends`` chains into one merged document that remembers where each node came from.

Merging rules: mappings merge key by key, everything else (lists included) is replaced by the
extending file, a mapping the schema marks ``x-merge: replace`` (a placement, a value table: one
choice, not a set of settings) is replaced whole, and ``null`` removes the key it is written under (so a house rule can switch off an
inherited setting: ``lose_at: null``). The merged document is what gets validated and compiled, and
every node in it still knows the file, line and column it was written at.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import Problem, UnreadableFileError, VariantError
from .resources import VARIANT_SUFFIXES, load_schema, names_variant_file, schema_child, shipped_variant_names, shipped_variant_path
from .source import JsonPath, Mark, SourceDocument, format_path, inside, parse_document, read_text
from .suggest import suggestion

MAX_EXTENDS_DEPTH = 16
"""Longest ``extends`` chain accepted; real chains are two or three files long."""

MAX_REFERENCE_CHARS = 200
"""Longest variant reference (an ``extends`` value, a name or path given by a user) accepted."""


RELATED_SECTIONS: dict[str, tuple[str, ...]] = {
    "deal": ("deck", "players"),
    "players": ("deck", "deal"),
    "card_order": ("deck",),
    "strains": ("deck",),
    "ladder": ("deck", "deal", "strains"),
    "contracts": ("ladder", "deal", "deck"),
    "auction": ("ladder", "players", "contracts"),
    "play": ("deck",),
    "scoring": ("ladder", "contracts"),
    "end": ("scoring",),
    "breach": ("ladder",),
}
"""For each top-level section, the sections whose change can make an inherited setting of it wrong:
a problem found in an inherited section is pointed at the first of these the named file wrote."""


@dataclass
class MergedDocument:
    """A variant document after its whole ``extends`` chain has been merged."""

    data: dict[str, object]
    """The merged document (``extends`` itself removed)."""
    values: dict[JsonPath, Mark] = field(default_factory=dict)
    """Where each value of the merged document was written."""
    keys: dict[JsonPath, Mark] = field(default_factory=dict)
    """Where each mapping key of the merged document was written."""
    chain: tuple[str, ...] = ()
    """The files merged, the named file first and the root of the chain last."""
    hints: dict[JsonPath, str] = field(default_factory=dict)
    """What may be wrong under a key of the named file (see :attr:`SourceDocument.hints`)."""
    base: MergedDocument | None = field(default=None, repr=False, compare=False)
    """The document the named file extends, merged (``None`` at the root of the chain)."""
    booleans: dict[JsonPath, str] = field(default_factory=dict)
    """Values the merged files' YAML read as true or false from words (see
    :attr:`SourceDocument.booleans`), still in the merged document."""

    def inherited(self, path: JsonPath) -> object:
        """The value at ``path`` in the document the named file extends, or ``None``."""
        return self.base.value(path) if self.base is not None else None

    def value(self, path: JsonPath) -> object:
        """The value at ``path`` in this merged document, or ``None``."""
        node: object = self.data
        for part in path:
            if isinstance(node, dict) and part in node:
                node = node[part]
            elif isinstance(node, list) and isinstance(part, int) and part < len(node):
                node = node[part]
            else:
                return None
        return node

    @property
    def file(self) -> str:
        """The display name of the file that was asked for."""
        return self.chain[0] if self.chain else "<memory>"

    def mark(self, path: JsonPath, *, key: bool = False) -> Mark:
        """The best known position for ``path``: the node itself, else its nearest written ancestor."""
        table = self.keys if key else self.values
        probe = path
        while True:
            found = table.get(probe) or self.values.get(probe)
            if found is not None:
                return found
            if not probe:
                return Mark(self.file, 0, 0)
            probe = probe[:-1]

    def problem(self, path: JsonPath, message: str, *, key: bool = False, as_written: bool = False) -> Problem:
        """A :class:`Problem` located at ``path`` in whichever file wrote it.

        A problem in inherited settings that the named file's own change caused (it changed the deck, and
        the inherited deal no longer fits) is located at that change, the line its author wrote, with
        the inherited setting named in the message; one in what was written itself, whatever surrounds it
        (``as_written``: an unknown key's name), stays where it was written.
        """
        mark = self.mark(path, key=key)
        for depth in range(len(path), 0, -1):
            hint = self.hints.get(path[:depth])
            if hint is not None:
                # The likely mistake is the key's indentation: point at the key, not at what it holds.
                where = self.keys.get(path[:depth], mark)
                first = message.split(". ")[0].rstrip(".")
                return Problem(where.file, where.line, where.column, format_path(path), f"{hint} (As written: {first}.)")
        if mark.file != self.file and self.chain[1:] and path and not as_written:
            # The named file's nearest change around the inherited setting, else a section it depends on.
            causes = [path[:depth] for depth in range(len(path) - 1, 0, -1)] + [
                (section,) for section in RELATED_SECTIONS.get(str(path[0]), ())
            ]
            for cause in causes:
                written = self.keys.get(cause)
                if written is not None and written.file == self.file:
                    message += f" ({format_path(path)} is inherited from {mark.file}, line {mark.line}; your '{cause[-1]}' changed what it must fit.)"
                    mark = written
                    break
        return Problem(mark.file, mark.line, mark.column, format_path(path), message)

    def one_per_hint(self, problems: Sequence[Problem]) -> list[Problem]:
        """``problems`` with one kept for each key of the named file that may be indented wrongly (see
        :attr:`hints`): every problem found under such a key is located at it and says the same thing
        (check its indentation), so one mistake is reported once, at the key's path. The one found
        deepest under the key is kept: it names what was written there (an unknown key inside it, say)
        rather than what the misplaced key lacks."""
        kept: list[Problem] = []
        best: dict[JsonPath, Problem] = {}
        for problem in problems:
            hinted = next(
                (path for path, hint in self.hints.items() if problem.message.startswith(hint) and self._at_key(problem, path)), None
            )
            if hinted is None:
                kept.append(problem)
            elif hinted not in best or _depth(problem.path) > _depth(best[hinted].path):
                best[hinted] = problem
        return kept + [dataclasses.replace(problem, path=format_path(path)) for path, problem in best.items()]

    def _at_key(self, problem: Problem, path: JsonPath) -> bool:
        where = self.keys.get(path)
        return where is not None and (where.file, where.line, where.column) == (problem.file, problem.line, problem.column)


def _depth(path: str) -> int:
    """How many steps a formatted JSON path (``$.deal.pattern[2]``) takes from the top."""
    return path.count(".") + path.count("[")


def replaced_whole(path: Sequence[str]) -> tuple[str, ...] | None:
    """The shortest part of the key ``path`` (into a variant document), short of the whole path, that the
    schema marks ``x-merge: replace`` (one choice, replaced whole by an extending file, so a value written
    under it drops the rest of the inherited choice), or ``None``."""
    schema: dict[str, Any] | None = load_schema()
    for depth, key in enumerate(path[:-1]):
        schema = schema_child(schema, key)
        if schema is None:
            return None
        if schema.get("x-merge") == "replace":
            return tuple(path[: depth + 1])
    return None


def _merge_values(base: object, child: object, path: JsonPath, replaced: list[JsonPath], schema: dict[str, Any] | None) -> object:
    # A node the schema marks "x-merge: replace" is one choice (a placement, a value table): the
    # extending file's version replaces it whole rather than mixing keys of two choices.
    atomic = schema is not None and schema.get("x-merge") == "replace"
    if isinstance(base, dict) and isinstance(child, dict) and not atomic:
        merged = dict(base)
        for key, value in child.items():
            if value is None:
                merged.pop(key, None)
                replaced.append(path + (key,))
            elif key in merged:
                merged[key] = _merge_values(merged[key], value, path + (key,), replaced, schema_child(schema, key))
            else:
                merged[key] = value
        return merged
    replaced.append(path)
    return child


def merge(base: MergedDocument, child: SourceDocument) -> MergedDocument:
    """Merge ``child`` over ``base`` (maps merge, lists and scalars replace, null removes)."""
    replaced: list[JsonPath] = []
    data = _merge_values(base.data, child.data, (), replaced, load_schema())
    assert isinstance(data, dict)

    gone = set(replaced)

    def kept(table: dict[JsonPath, Mark]) -> dict[JsonPath, Mark]:
        # Each path's own prefixes are looked up (a path is a few levels deep), not every replaced one.
        return {path: mark for path, mark in table.items() if not any(path[:depth] in gone for depth in range(len(path) + 1))}

    values = kept(base.values)
    keys = kept(base.keys)
    # A base's yes/no word stands only where the base's value does: not replaced, and not written again here.
    booleans = {path: message for path, message in base.booleans.items() if path in values and path not in child.values}
    booleans.update(child.booleans)
    values.update(child.values)
    keys.update(child.keys)
    return MergedDocument(
        data=data, values=values, keys=keys, chain=(child.file,) + base.chain, hints=dict(child.hints), base=base, booleans=booleans
    )


def missing_variant_message(reference: str, folder: str | None = None) -> str:
    """The sentence for a variant named by a user that is neither a file nor a shipped variant, with the
    file it probably means (``house`` where ``house.yaml`` is in ``folder``, the current folder by
    default), or the shipped variants (or the one it is probably a misspelling of)."""
    return f"There is no file and no shipped variant called {_short(reference)!r}.{_no_shipped_variant(reference, folder)}"


def _no_shipped_variant(reference: str, folder: str | None = None) -> str:
    # A bare name only: a path's file may lie where the caller does not read (a server's folder).
    bare = "/" not in reference and os.sep not in reference and "\0" not in reference
    if bare and len(reference) <= MAX_REFERENCE_CHARS and not names_variant_file(reference):
        for ending in VARIANT_SUFFIXES:
            if os.path.isfile(os.path.join(folder or os.getcwd(), reference + ending)):
                return f" Did you mean the file {_short(reference + ending)!r}? A variant file is named with its '{ending}'."
    names = shipped_variant_names()
    shipped = _shipped_name_of(reference)
    if shipped is not None:
        return f" A shipped variant is named without its folder or '.yaml': {shipped!r}."
    if os.sep in reference or "/" in reference or names_variant_file(reference):
        return ""  # a path: the shipped names are no help
    return suggestion(reference, names) or f" Shipped variants: {', '.join(names)}."


def _shipped_name_of(reference: str) -> str | None:
    """The shipped variant a path-like ``reference`` names by its file name (``standard.yaml``), if any."""
    stem = os.path.basename(reference)
    for ending in VARIANT_SUFFIXES:
        if stem.lower().endswith(ending):
            stem = stem[: -len(ending)]
    return stem if stem != reference and stem in shipped_variant_names() else None


@dataclass(frozen=True)
class _Located:
    display: str
    """The name shown in messages."""
    real: str
    """The file's real path (links followed)."""
    root: str
    """The folder that relative ``extends`` paths from this file must stay inside (real path)."""


def _shipped(name: str) -> _Located | None:
    shipped = shipped_variant_path(name)
    if shipped is None:
        return None
    # Named as a user sees it: an installed engine has no variants/ folder of theirs to open.
    return _Located(f"{name} (shipped)", str(shipped), os.path.realpath(shipped.parent))


def locate(reference: str) -> _Located:
    """Resolve a variant reference given by a user: an existing file path, else a shipped name.

    Raises :class:`UnreadableFileError` when it is neither.
    """
    if len(reference) <= MAX_REFERENCE_CHARS and os.path.exists(reference):
        real = os.path.realpath(reference)
        return _Located(reference, real, os.path.dirname(real))
    located = _shipped(reference) if len(reference) <= MAX_REFERENCE_CHARS else None
    if located is not None:
        return located
    if not reference.strip():
        # Named by nothing (an empty argument): there is no file name to put in front of the message.
        message = "A variant is named by a shipped variant's name or a variant file's path, not by an empty string."
        raise UnreadableFileError([Problem(repr(reference), 0, 0, "$", message)])
    raise UnreadableFileError([Problem(_short(reference), 0, 0, "$", missing_variant_message(reference))])


def _short(reference: str) -> str:
    return reference if len(reference) <= 80 else reference[:77] + "..."


def _resolve_extends(reference: str, parent: _Located) -> _Located | str:
    """Where ``extends: reference`` in ``parent`` leads, or why it may not lead there.

    A bare name is a shipped variant. Anything else is a path to a ``.yaml`` or ``.yml`` file,
    relative to the extending file and, links followed, inside its root: the folder of the file first
    named (so a rules file cannot read files elsewhere on the machine, such as ``/etc/passwd``).
    """
    if len(reference) > MAX_REFERENCE_CHARS:
        return f"'extends' is {len(reference)} characters long; at most {MAX_REFERENCE_CHARS} are allowed."
    if "/" not in reference and "\\" not in reference and not names_variant_file(reference):
        shipped = _shipped(reference)
        if shipped is None:
            return f"There is no shipped variant called {reference!r}.{_no_shipped_variant(reference)}"
        return shipped
    if os.path.isabs(reference) or reference.startswith(("~", "\\")) or (len(reference) > 1 and reference[1] == ":"):
        return f"'extends: {reference}' is an absolute path; write a path relative to this file, inside its folder."
    if not names_variant_file(reference):
        return f"'extends: {reference}' must name a .yaml or .yml file (or a shipped variant by its bare name)."
    display = os.path.normpath(os.path.join(os.path.dirname(parent.display), reference))
    try:
        real = os.path.realpath(os.path.join(os.path.dirname(parent.real), reference))
    except (OSError, ValueError):  # a link loop, or a folder swapped while it is resolved
        return f"'extends: {reference}' cannot be resolved to a file."
    if not inside(parent.root, real):
        return (
            f"'extends: {reference}' leads out of {parent.root}, the folder of the file first named; a variant may extend files inside it "
            f"only (so that a rules file cannot read the machine's other files): keep the files it extends in that folder or below it "
            f"(copy {os.path.basename(reference)} beside it, or move this file up next to it)."
        )
    return _Located(display, real, parent.root)


def _read(located: _Located) -> SourceDocument:
    # The read checks the file it opened is inside the root: resolving and reading are one step.
    return parse_document(read_text(located.real, located.display, located.root), located.display)


def load_document(reference: str) -> MergedDocument:
    """Read a variant (file path or shipped name) and merge its whole ``extends`` chain.

    Raises :class:`VariantError` (or :class:`UnreadableFileError` when the named file itself cannot be
    read) with every problem found.
    """
    located = locate(reference)
    document = _read(located)
    return _merge_chain(document, located, [located.real])


def load_confined(reference: str, folder: str) -> MergedDocument:
    """Like :func:`load_document` for a file that must lie inside ``folder``: ``reference`` is a path
    relative to it (or an absolute path within it), links followed; the file and every file it extends
    are read only from inside ``folder``. Raises :class:`UnreadableFileError` for a file outside it, or
    that is not a regular file, before reading anything."""
    try:
        root = os.path.realpath(folder)
        real = os.path.realpath(os.path.join(root, reference))
    except (OSError, ValueError):
        raise UnreadableFileError([Problem(_short(reference), 0, 0, "$", "The path cannot be resolved to a file.")]) from None
    if not inside(root, real):
        raise UnreadableFileError(
            [Problem(_short(reference), 0, 0, "$", f"The file lies outside {root}, the folder it must be read from.")]
        )
    located = _Located(_short(reference), real, root)
    return _merge_chain(_read(located), located, [real])


def load_text(text: str, file: str = "<text>", base_folder: str = ".") -> MergedDocument:
    """Like :func:`load_document` for a document held in memory; relative ``extends`` resolve from ``base_folder``."""
    located = _Located(os.path.join(base_folder, file), os.path.realpath(os.path.join(base_folder, file)), os.path.realpath(base_folder))
    document = parse_document(text, file)
    return _merge_chain(document, located, [located.real])


def _merge_chain(document: SourceDocument, located: _Located, seen: list[str]) -> MergedDocument:
    reference = document.data.get("extends")
    own = MergedDocument(
        data={key: value for key, value in document.data.items() if key != "extends"},
        values={path: mark for path, mark in document.values.items() if path[:1] != ("extends",)},
        keys={path: mark for path, mark in document.keys.items() if path[:1] != ("extends",)},
        chain=(document.file,),
        hints=dict(document.hints),
        booleans={path: message for path, message in document.booleans.items() if path[:1] != ("extends",)},
    )
    if reference is None:
        return own
    where = document.values.get(("extends",), Mark(document.file, 0, 0))

    def fail(message: str) -> VariantError:
        return VariantError([Problem(where.file, where.line, where.column, "$.extends", message)])

    if not isinstance(reference, str) or not reference.strip():
        raise fail("'extends' must name a shipped variant (such as 'standard') or a relative path to a .yaml file.")
    base_location = _resolve_extends(reference, located)
    if isinstance(base_location, str):
        raise fail(base_location)
    if base_location.real in seen:
        raise fail(f"'extends: {reference}' makes a cycle: the chain comes back to {base_location.display}.")
    if len(seen) >= MAX_EXTENDS_DEPTH:
        raise fail(f"The 'extends' chain is longer than {MAX_EXTENDS_DEPTH} files.")
    try:
        base_document = _read(base_location)
    except UnreadableFileError as error:
        reason = error.problems[0].message if error.problems else "it cannot be read"
        shipped = _shipped_name_of(reference) if reason.startswith("No such file") else None
        hint = f" To extend the shipped variant, name it without '.yaml': 'extends: {shipped}'." if shipped else ""
        raise fail(f"The file it extends, {base_location.display}, cannot be used: {reason}{hint}") from None
    base = _merge_chain(base_document, base_location, seen + [base_location.real])
    merged = merge(base, SourceDocument(document.file, own.data, own.values, own.keys, own.hints, own.booleans))
    if "description" not in document.data:
        # The base's description describes the base, not these changes to it.
        merged.data["description"] = f"{base.data.get('name', reference)} with the changes in {Path(document.file).name}."
        merged.values[("description",)] = Mark(document.file, 1, 1)
    if "name" not in document.data:
        # A file that extends another but does not name itself is named after its file, not its base.
        merged.data["name"] = Path(document.file).stem
        merged.values[("name",)] = Mark(document.file, 1, 1)
    return merged
