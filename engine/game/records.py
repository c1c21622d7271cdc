"""Hand records and their JSON form, the transcript: one hand as JSON (variant, dealer, scores before it,
the deal, every action).

This module owns the transcript format: writing a record as a transcript, reading a transcript (or a
saved game's hand) back into checked values. Replaying one is :mod:`engine.game.transcript`'s job, and
saved games (:mod:`engine.game.saving`) reuse the same hand entries.

A transcript::

    {"variant": "standard", "dealer": 0, "scores": [0, 0],
     "deal": {"hands": [["AS", ...], ...], "kitty": [...]},
     "actions": ["1 bid 7H", "2 pass", "3 pass", "0 pass", "1 discard 4D 5C 6C", "1 play JD", ...],
     "check": {"dealer": "...", "scores": "...", ...}}
"""

from __future__ import annotations

import dataclasses
import functools
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import FiveHundredError, Problem, UnreadableFileError, VariantError, shown
from ..kernel.carried import check_carried_over
from ..kernel.deal import Deal, DealError
from ..kernel.events import HandResult
from ..language.resources import names_variant_file, shipped_variant_names, shipped_variant_path
from ..language.suggest import suggestion
from ..language.validated import canonical_sha256
from ..rules.compiler import carried_document, compile_text, document_hash, load_variant, load_variant_inside
from ..rules.ruleset import Rules


class TranscriptError(FiveHundredError, ValueError):
    """A transcript (or a saved game's hand) is malformed, or one of its actions is illegal.

    ``index`` is the position of the offending entry in ``actions`` when the problem is an action;
    ``problems`` lists what is wrong with the record's variant when that is what cannot be used.
    """

    def __init__(self, message: str, index: int | None = None, problems: Sequence[Problem] = ()) -> None:
        self.index = index
        self.problems: tuple[Problem, ...] = tuple(problems)
        """When the record's variant cannot be used (no variant of that name, a file missing, unreadable or
        invalid, carried rules that do not compile): each problem with it, located; else empty."""
        super().__init__(message)

    def __reduce__(self) -> tuple[type[TranscriptError], tuple[str, int | None, tuple[Problem, ...]]]:
        # Keeps ``index`` and ``problems`` through pickling (a worker process raising it).
        return (type(self), (str(self), self.index, self.problems))


MAX_SCORE = 10**9
"""Largest score a game, transcript or saved game may start from, either way (a real game's scores stay
within a few thousand)."""


def scores_fit(scores: object, teams: int) -> bool:
    """Whether ``scores`` are ``teams`` scores: a list or tuple of whole numbers (not bools) within
    ±:data:`MAX_SCORE`."""
    return (
        isinstance(scores, (list, tuple))
        and len(scores) == teams
        and all(type(score) is int and abs(score) <= MAX_SCORE for score in scores)
    )


def variant_reference(rules: Rules) -> str:
    """How transcripts and saved games name the variant: a shipped variant's name; for rules that travel
    in the record (``variant_rules``), the variant's own name, never the path of the file it was read from
    (a private path in a record meant to travel); for rules made by hand, how to load them again."""
    if shipped_variant_path(rules.reference) is not None or rules.document is None:
        return rules.reference or rules.name
    return rules.name


CARRIED = "variant_rules"
"""The key under which transcripts and saved games carry their variant: ``{"sha256": ..., "document": ...}``."""


def variant_fields(rules: Rules) -> dict[str, Any]:
    """A record's variant: ``variant`` (its name or file, for people and older readers) and, where the
    rules were compiled from a document, ``variant_rules``, the document itself with its hash, from which
    the record replays on any machine."""
    fields: dict[str, Any] = {"variant": variant_reference(rules)}
    if rules.document is not None:
        fields[CARRIED] = {"sha256": rules.document_hash, "document": rules.document}
    return fields


_CARRIED_CACHE: dict[str, Rules] = {}


@functools.lru_cache(maxsize=64)
def _shipped_name(variant: str) -> str:
    """The display name of the shipped variant ``variant`` (compiled once a process: records of a shipped
    variant are loaded often, and its name is all that is compared)."""
    return load_variant(variant).name


def _carried_rules(data: Mapping[str, Any], where: str) -> Rules:
    """The rules a record carries under ``variant_rules``, checked against their hash."""
    carried = data[CARRIED]
    if not isinstance(carried, Mapping) or set(carried) != {"sha256", "document"} or not isinstance(carried["document"], Mapping):
        raise TranscriptError(f"{where}: '{CARRIED}' must be an object with 'sha256' and 'document' (the variant file, merged).")
    try:
        document = carried_document(carried["document"])
        digest = document_hash(document)
    except (UnicodeError, ValueError, RecursionError):  # a lone surrogate, nesting too deep
        raise TranscriptError(f"{where}: '{CARRIED}' holds text that is not valid Unicode, or is nested too deeply.") from None
    if carried["sha256"] != digest:
        raise TranscriptError(f"{where}: '{CARRIED}' does not match its sha256: the variant it carries was changed after it was recorded.")
    if "extends" in document:
        raise TranscriptError(f"{where}: '{CARRIED}' must be whole (no 'extends'): a carried variant reads no file.")
    rules = _CARRIED_CACHE.get(digest)
    if rules is None:
        text = json.dumps(document, ensure_ascii=False)  # JSON is YAML: compiled as the file it came from
        try:
            rules = compile_text(text, f"{where} {CARRIED}", os.path.join(os.sep, "nonexistent-fivehundred-folder"))
        except VariantError as error:
            problem = error.problems[0] if error.problems else None
            raise TranscriptError(
                f"{where}: the variant it carries is not valid: {problem.path + ': ' + problem.message if problem else error}",
                problems=error.problems,
            ) from None
        if len(_CARRIED_CACHE) > 64:
            _CARRIED_CACHE.clear()
        _CARRIED_CACHE[digest] = rules
    variant = data.get("variant")
    if isinstance(variant, str) and len(variant) <= MAX_VARIANT_REFERENCE:
        if variant != rules.name and "\0" not in variant and shipped_variant_path(variant) is not None:
            # A record edited to name another shipped variant would play, silently, under the rules it carries
            # (a user trial changed 'variant' to australian and got Standard 500): said, with what to do.
            named = _shipped_name(variant)
            if named != rules.name:
                raise TranscriptError(
                    f"{where}: 'variant' names the shipped variant {variant!r} ({named}), but the rules it carries "
                    f"('{CARRIED}') are {rules.name}'s, which it is played under. To play it under {variant!r}, remove "
                    f"'{CARRIED}' (and 'check'); to keep its own rules, write back the name it was saved with."
                )
        rules = dataclasses.replace(rules, reference=variant)  # named again as the record names it
    return rules


MAX_VARIANT_REFERENCE = 1_000
"""Longest ``variant`` value read as a name or a path."""


def named_rules(data: Mapping[str, Any], where: str, folder: str | None = None) -> Rules:
    """Load the variant that ``data["variant"]`` names: a shipped variant's name, or a ``.yaml``/``.yml``
    file inside ``folder`` (the record's own folder; the current directory when ``None``), read only if
    it is a regular file there. Anything else is refused before any file is read; raises
    :class:`TranscriptError` naming the field, and never quoting the content of a file that is not a
    valid variant. A record that carries its variant (``variant_rules``) replays from that, reading no file."""
    if CARRIED in data:
        return _carried_rules(data, where)
    variant = data.get("variant")
    if not isinstance(variant, str) or not variant:
        raise TranscriptError(f"{where}: 'variant' must name the variant it was played under.")
    if len(variant) > MAX_VARIANT_REFERENCE or "\0" in variant:
        raise TranscriptError(f"{where}: 'variant' is not a variant's name or a file name ({len(variant)} characters).")
    if shipped_variant_path(variant) is not None:
        return load_variant(variant)
    place = "the current folder" if folder is None else f"the {where}'s folder ({folder})"
    if not names_variant_file(variant):
        names = shipped_variant_names()
        hint = suggestion(variant, names) or f" Shipped variants: {', '.join(names)}."
        sentence = (
            f"'variant' names no shipped variant called {shown(variant)} and is no .yaml/.yml file; "
            f"a variant file is read only from {place}.{hint}"
        )
        raise TranscriptError(f"{where}: {sentence}", problems=[Problem(variant[:80], 0, 0, "$", sentence)])
    try:
        return load_variant_inside(variant, os.getcwd() if folder is None else folder)
    except UnreadableFileError as error:
        reason = error.problems[0].message if error.problems else "it cannot be read."
        raise TranscriptError(
            f"{where}: its 'variant' file {shown(variant)} cannot be used: {reason} (A variant file is read only from {place}.)",
            problems=error.problems,
        ) from None
    except VariantError as error:
        count = len(error.problems)
        raise TranscriptError(
            f"{where}: its 'variant' file {shown(variant)} is not a valid variant ({count} problem{'s' if count != 1 else ''}; "
            f"fivehundred validate lists them).",
            problems=error.problems,
        ) from None


def record_rules(data: Mapping[str, Any], rules: Rules | None, where: str, folder: str | None, remedy: str) -> Rules:
    """The rules to replay a record (``data``) under: its named variant (:func:`named_rules`) when
    ``rules`` is None, else ``rules``, refused with :class:`TranscriptError` (ending with ``remedy``) when
    the record carries other rules (every rule compared, not the name it is known by, nor its text), or
    when its ``check`` covers carried rules it no longer holds as recorded (:func:`carried_edit`)."""
    edit = carried_edit(data)
    if edit is not None:
        raise TranscriptError(
            f"{where}: '{CARRIED}' was {edit} after it was recorded: "
            + (f"it does not match check.{CARRIED}" if edit == "changed" else f"check.{CARRIED} covers it")
            + f", so it would be played under other rules than it was ({shown(data.get('variant'))} is only its name); "
            "remove 'check' to use it as edited."
        )
    if rules is None:
        return named_rules(data, where, folder)
    if CARRIED in data:
        carried = named_rules(data, where, folder)  # from the data alone: no file is read
        if carried != rules:
            raise TranscriptError(
                f"{where}: it was played under other rules than those given ({carried.name} as '{CARRIED}' holds them, "
                f"not {rules.name} as given); {remedy}."
            )
    return rules


@dataclass
class HandRecord:
    """Everything needed to replay one hand: who dealt, the scores before it, its deal and its actions."""

    dealer: int
    """The dealer's seat."""
    scores: tuple[int, ...]
    """Team scores before the hand."""
    deal: Deal
    """The cards dealt (after any misdeals)."""
    misdeals: list[Deal] = field(default_factory=list)
    """Deals thrown in before this one (a hand without a face card)."""
    actions: list[str] = field(default_factory=list)
    """Each action as ``"<seat> <action>"``, in order."""
    result: HandResult | None = None
    """The outcome, once the hand is over."""
    banned: tuple[int, ...] = ()
    """Seats that could not bid in this hand (barred by the hand before: the set rule, ralphing, breach)."""
    redeals: int = 0
    """All-pass redeals in a row by this hand's dealer before this hand."""


def record_data(record: HandRecord) -> dict[str, Any]:
    """One hand's ``record`` as JSON-ready data: dealer, scores before it, deal, actions and any misdeals
    (a saved game's hand; a transcript adds the variant)."""
    data: dict[str, Any] = {
        "dealer": record.dealer,
        "scores": list(record.scores),
        "deal": record.deal.to_dict(),
        "actions": list(record.actions),
    }
    if record.misdeals:
        data["misdeals"] = [deal.to_dict() for deal in record.misdeals]
    return data


CHECKED = ("dealer", "scores", "deal", "misdeals", "actions", "banned", "redeals", CARRIED)
"""The fields of a transcript its ``check`` covers (each that it holds): the rules it carries too, so that
a record whose ``variant_rules`` were removed (and ``variant`` edited) is not played under other rules (a
``check`` written before it covered them is not refused for that: see :func:`check_mismatch`)."""


def field_digest(value: object) -> str:
    """The digest of one transcript field for its ``check``: the first 16 hexadecimal digits of the
    SHA-256 of its canonical JSON."""
    return canonical_sha256(value)[:16]


def transcript_check(data: Mapping[str, Any], covered: tuple[str, ...] = CHECKED) -> dict[str, str]:
    """A transcript's ``check``: the digest of each field of ``covered`` (:data:`CHECKED`) it holds, so that
    a field edited after the hand was recorded (the scores before it, say) is found and named on replay.
    A saved game's ``check`` is made the same way over its own fields."""
    return {key: field_digest(data[key]) for key in covered if key in data}


def check_mismatch(data: Mapping[str, Any], covered: tuple[str, ...], fields: tuple[str, ...]) -> tuple[str, str] | None:
    """How ``data``'s ``check`` (a digest of each field of ``covered`` it holds) disagrees with its
    ``fields``: ``("malformed", "")`` when it is not such an object, ``("removed", key)`` or ``("changed",
    key)`` for the first field it covers that is gone or whose digest differs, ``("added", key)`` for the
    first field it does not cover;
    None when it agrees or there is no ``check``. The callers word the error for their format."""
    if "check" not in data:
        return None
    check = data["check"]
    if not isinstance(check, Mapping) or not check or not all(key in covered and isinstance(value, str) for key, value in check.items()):
        return ("malformed", "")
    for key in fields:
        if key in check and key not in data:
            return ("removed", key)
        if key in check and field_digest(data[key]) != check[key]:
            return ("changed", key)
    for key in fields:
        if key in data and key not in check and key != CARRIED:  # (checks written before they covered the carried rules)
            return ("added", key)
    return None


def carried_edit(data: Mapping[str, Any]) -> str | None:
    """How a record's carried rules (``variant_rules``) differ from what its ``check`` recorded of them:
    ``"removed"`` or ``"changed"``; ``None`` when they agree or the check does not cover them. Asked before
    the rules are loaded, so that a record edited to play under other rules is refused as edited, not
    replayed until an action fails under them."""
    check = data.get("check")
    if not isinstance(check, Mapping) or not isinstance(check.get(CARRIED), str):
        return None
    if CARRIED not in data:
        return "removed"
    try:
        digest = field_digest(data[CARRIED])
    except (UnicodeError, ValueError, RecursionError):  # (text that is not Unicode: named as such when the rules are read)
        return None
    return "changed" if digest != check[CARRIED] else None


def hand_transcript(rules: Rules, record: HandRecord) -> dict[str, Any]:
    """The transcript of one hand's ``record`` played under ``rules``, with what the hand inherited from
    the ones before it (``banned`` seats, ``redeals`` so far), so that it replays alone as it was played,
    and its ``check``."""
    data = {**variant_fields(rules), **record_data(record), "banned": list(record.banned), "redeals": record.redeals}
    data["check"] = transcript_check(data)
    return data


def verify_check(data: Mapping[str, Any], where: str, fields: tuple[str, ...] = CHECKED) -> None:
    """Compare a transcript's ``check`` (when it has one) with its ``fields``; raises :class:`TranscriptError`
    naming the first field that was changed after the hand was recorded. A transcript without ``check``
    (written by hand, or before checks) is taken as written. (:func:`read_entry` checks every field but
    ``actions``, which a replay checks once they are played, so that an illegal action is reported as
    such, with its index.)"""
    mismatch = check_mismatch(data, CHECKED, fields)
    if mismatch is None:
        return
    kind, key = mismatch
    if kind == "malformed":
        raise TranscriptError(f"{where}.check must be an object of field digests ({', '.join(CHECKED)}), as the engine writes it.")
    if kind in ("changed", "removed"):
        raise TranscriptError(
            f"{where}.{key} was {kind} after the hand was recorded: "
            + (f"it does not match {where}.check.{key}. " if kind == "changed" else f"{where}.check.{key} covers it. ")
            + "Replaying it would score another hand; remove 'check' to replay the transcript as edited."
        )
    raise TranscriptError(f"{where}.{key} was added after the hand was recorded: {where}.check does not cover it.")


@dataclass(frozen=True)
class HandEntry:
    """A transcript's contents, checked for shape."""

    dealer: int
    """Who dealt."""
    scores: tuple[int, ...]
    """Team scores before the hand."""
    misdeals: tuple[Deal, ...]
    """Deals thrown in first."""
    deal: Deal
    """The cards."""
    actions: tuple[str, ...]
    """The actions, each prefixed by the acting seat."""
    banned: frozenset[int] = frozenset()
    """Seats that may not bid in the hand (a transcript's optional ``banned``)."""
    redeals: int = 0
    """All-pass redeals by the dealer before the hand (a transcript's optional ``redeals``)."""


_KEYS = {"variant", CARRIED, "dealer", "scores", "deal", "actions", "misdeals", "banned", "redeals", "check"}


def read_entry(rules: Rules, data: object, where: str, keys: set[str] = _KEYS) -> HandEntry:
    """Check the shape of a transcript or a saved hand and read it; raises :class:`TranscriptError`."""
    if not isinstance(data, Mapping):
        raise TranscriptError(f"{where} must be a JSON object, not {type(data).__name__}.")
    unknown = sorted(set(data) - keys, key=str)
    if unknown:
        raise TranscriptError(f"{where} has an unknown key {shown(unknown[0])} (expected {', '.join(sorted(keys))}).")
    for key in ("dealer", "scores", "deal", "actions"):
        if key not in data:
            raise TranscriptError(f"{where} has no {key!r}.")
    players, teams = rules.seating.players, len(rules.seating.teams)
    dealer = data["dealer"]
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise TranscriptError(f"{where}.dealer must be a seat from 0 to {players - 1}, not {shown(dealer)}.")
    scores = data["scores"]
    if not isinstance(scores, list) or not scores_fit(scores, teams):
        raise TranscriptError(f"{where}.scores must be a list of {teams} whole numbers (one per team), not {shown(scores)}.")
    actions = data["actions"]
    if not isinstance(actions, list):
        raise TranscriptError(f'{where}.actions must be a list of texts like "1 bid 7H", not {shown(actions)}.')
    for index, action in enumerate(actions):
        if not isinstance(action, str):
            raise TranscriptError(f'{where}.actions[{index}] must be a text like "1 bid 7H", not {shown(action)}.')
    misdeals = data.get("misdeals", [])
    if not isinstance(misdeals, list):
        raise TranscriptError(f"{where}.misdeals must be a list of deals.")
    try:
        thrown = tuple(Deal.from_dict(rules, each, f"{where}.misdeals[{number}]") for number, each in enumerate(misdeals))
        deal = Deal.from_dict(rules, data["deal"], f"{where}.deal")
    except DealError as error:
        raise TranscriptError(str(error)) from None
    try:
        banned, redeals = check_carried_over(rules, data.get("banned", []), data.get("redeals", 0))
    except ValueError as error:
        raise TranscriptError(f"{where}.{error}") from None
    verify_check(data, where, tuple(key for key in CHECKED if key != "actions"))  # after the shape: a malformed field is named as such
    return HandEntry(dealer, tuple(scores), thrown, deal, tuple(actions), banned, redeals)
