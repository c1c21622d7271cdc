"""The saved-game format: whole games as JSON-ready data.

A saved game records the first dealer and scores, every hand (its deal, any misdeals and its actions,
the hand in progress included) and the random generator's state for the deals still to come. This
module owns the format: it writes the data and checks its shape when reading it back;
:meth:`engine.Game.from_dict` then replays the hands through the kernel, so corrupt data is caught by
the same checks as live play and reported with where it is.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import FiveHundredError, Problem, shown
from ..kernel.deal import Deal
from ..language.suggest import suggestion
from ..rules.ruleset import Rules
from .records import (
    CARRIED,
    HandEntry,
    HandRecord,
    TranscriptError,
    check_mismatch,
    read_entry,
    record_data,
    record_rules,
    transcript_check,
    variant_fields,
)

FORMAT = "fivehundred-game/2"
"""The ``format`` tag of the saved games this engine writes: ``/2`` carries its rules (``variant_rules``)
and a ``check`` of its fields, which an engine reading only ``/1`` refuses."""
READABLE = (FORMAT, "fivehundred-game/1")
"""The ``format`` tags this engine reads: its own, and ``/1`` (0.2.0's saves, and this version's before
its tag was raised; their ``check`` and ``variant_rules`` are read alike where they are present)."""

_KEYS = {"format", "variant", CARRIED, "dealer", "scores", "banned", "redeals", "hands", "deals", "rng", "choosing", "check", "seat"}
SAVED_CHECKED = ("dealer", "scores", "banned", "redeals", "hands", "deals", "rng", "choosing", CARRIED)
"""The fields of a saved game its ``check`` covers (each that it holds): everything that decides the game,
the rules it carries (``variant_rules``) among them (a ``check`` written before 2026-11-29 does not cover
them); ``variant`` is the rules' name, carried on as written."""
_HAND_KEYS = {"dealer", "scores", "deal", "actions", "misdeals"}


class SavedGameError(FiveHundredError, ValueError):
    """Saved-game data is corrupt or does not fit its variant; the message says what and where, and
    ``problems`` lists what is wrong with its variant when that is what cannot be used."""

    def __init__(self, message: str, problems: Sequence[Problem] = ()) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        """When the saved game's variant cannot be used (no variant of that name, a file missing, unreadable
        or invalid, carried rules that do not compile): each problem with it, located; else empty."""
        super().__init__(message)


def saved_game_data(
    rules: Rules,
    dealer: int,
    scores: Sequence[int],
    records: Sequence[HandRecord],
    scripted: Sequence[Deal],
    rng: random.Random,
    banned: Sequence[int] = (),
    redeals: int = 0,
    choosing: Sequence[int] = (),
) -> dict[str, Any]:
    """A game as saved data: its variant, first ``dealer``, starting ``scores``, the seats ``banned`` in
    its first hand and the ``redeals`` before it, the ``records`` of its hands, the ``scripted`` deals
    still to come, the state of its ``rng`` and the steps ``choosing`` of a discard or pick in progress
    (written only when there are some)."""
    version, internal, gauss = rng.getstate()
    data = ({"choosing": list(choosing)} if choosing else {}) | {
        "format": FORMAT,
        **variant_fields(rules),
        "dealer": dealer,
        "scores": list(scores),
        "banned": sorted(banned),
        "redeals": redeals,
        "hands": [record_data(record) for record in records],
        "deals": [deal.to_dict() for deal in scripted],
        "rng": [version, list(internal), gauss],
    }
    data["check"] = transcript_check(data, SAVED_CHECKED)
    return data


def verify_saved_check(data: Mapping[str, Any]) -> None:
    """Compare a saved game's ``check`` (when it has one) with its fields, as a transcript's (see
    :func:`~engine.game.records.verify_check`); raises :class:`SavedGameError` naming the first field
    changed after the game was saved (a score, a hand's actions cut short). Called once the game has been
    replayed, so that damage the replay finds (an illegal action) is reported where it is. A saved game
    without ``check`` (written by hand, or by an earlier version) loads as written."""
    mismatch = check_mismatch(data, SAVED_CHECKED, SAVED_CHECKED)
    if mismatch is None:
        return
    kind, key = mismatch
    if kind == "malformed":
        raise SavedGameError(
            f"saved game: 'check' must be an object of field digests ({', '.join(SAVED_CHECKED)}), as the engine writes it."
        )
    if kind in ("changed", "removed"):
        raise SavedGameError(
            f"saved game: '{key}' was {kind} after the game was saved: "
            + (f"it does not match check.{key}. " if kind == "changed" else f"check.{key} covers it. ")
            + "Loading it would play another game; remove 'check' to load the game as edited."
        )
    raise SavedGameError(f"saved game: '{key}' was added after the game was saved: its 'check' does not cover it.")


@dataclass(frozen=True)
class SavedGame:
    """Saved-game data checked for shape, ready to be replayed (the values the game checks itself, such
    as the dealer and scores, are passed on as they were written)."""

    rules: Rules
    """The variant it was played under."""
    dealer: Any
    """The first dealer, as written."""
    scores: Any
    """The starting scores, as written."""
    banned: Any
    """The seats that could not bid in the first hand, as written (none when absent)."""
    redeals: Any
    """The first dealer's redeals before the first hand, as written (0 when absent)."""
    hands: tuple[HandEntry, ...]
    """Every hand, the last one possibly in progress."""
    deals: tuple[Deal, ...]
    """Every deal to script, in order: each hand's misdeals and deal, then the deals still to come."""
    rng: object
    """The random generator's state, as written (see :func:`restore_rng`)."""
    choosing: object = ()
    """The steps chosen so far of a discard or pick in progress (numbers of the variant's action space), as
    written (none when absent)."""


def read_saved_game(data: Mapping[str, Any], rules: Rules | None = None, folder: str | None = None) -> SavedGame:
    """Check the shape of saved-game ``data`` (loading its variant unless ``rules`` is given, a file only
    from inside ``folder``: see :func:`~engine.game.records.named_rules`); raises
    :class:`SavedGameError` saying what is wrong and where."""
    if not isinstance(data, Mapping):
        raise SavedGameError(f"A saved game must be a JSON object, not {type(data).__name__}.")
    if data.get("format") not in READABLE:
        transcript = "format" not in data and {"deal", "actions"} <= set(data)
        hint = " This is a hand's transcript, not a saved game: engine.replay replays it (docs/formats.md)." if transcript else ""
        raise SavedGameError(
            f"saved game: 'format' must be {FORMAT!r} (or the earlier {READABLE[1]!r}), not {shown(data.get('format'))}.{hint}"
        )
    unknown = sorted(set(data) - _KEYS, key=str)
    if unknown:
        suggested = suggestion(unknown[0], sorted(_KEYS)) if isinstance(unknown[0], str) else ""
        raise SavedGameError(f"saved game: unknown key {shown(unknown[0])}.{suggested} A saved game's keys: {', '.join(sorted(_KEYS))}.")
    try:
        rules = record_rules(data, rules, "saved game", folder, "load it without rules= to play it under its own")
    except TranscriptError as error:
        raise SavedGameError(str(error), error.problems) from None
    saved_seat(data, rules.seating.players)
    hands = data.get("hands")
    if not isinstance(hands, list) or not hands:
        raise SavedGameError("saved game: 'hands' must be a non-empty list of hands.")
    try:
        entries = tuple(read_entry(rules, hand, f"hands[{number}]", _HAND_KEYS) for number, hand in enumerate(hands))
        remaining = data.get("deals", [])
        if not isinstance(remaining, list):
            raise SavedGameError("saved game: 'deals' must be a list of deals.")
        scripted = [Deal.from_dict(rules, deal, f"deals[{number}]") for number, deal in enumerate(remaining)]
    except SavedGameError:
        raise
    except (FiveHundredError, ValueError) as error:  # transcript and deal problems
        raise SavedGameError(f"saved game: {error}") from None
    deals = tuple(deal for entry in entries for deal in (*entry.misdeals, entry.deal)) + tuple(scripted)
    return SavedGame(
        rules,
        data.get("dealer", 0),
        data.get("scores"),
        data.get("banned", []),
        data.get("redeals", 0),
        entries,
        deals,
        data.get("rng"),
        data.get("choosing", []),
    )


def saved_seat(data: Mapping[str, Any], players: int) -> int | None:
    """The seat of the person who saved the game (``seat``: written by ``fivehundred play``'s ``save`` so
    that going on seats them where they were; the game itself does not read it), ``None`` where it is not
    written; raises :class:`SavedGameError` where it is not one of the game's ``players``' seats."""
    seat = data.get("seat")
    if seat is None:
        return None
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise SavedGameError(f"saved game: 'seat' must be a player's seat, from 0 to {players - 1}, not {shown(seat)}.")
    return seat


def restore_rng(rng: random.Random, data: object) -> None:
    """Set ``rng`` to the state saved as ``data``; raises :class:`SavedGameError` if it is not one."""
    # Checked without assert, which ``python -O`` would skip.
    if data is None:
        # (A trial deleted it and read "is not a random generator state".)
        raise SavedGameError(
            "saved game: 'rng' is missing: it holds the random generator's state, which deals the hands still to "
            "come; a game cannot go on without it."
        )
    problem = SavedGameError("saved game: 'rng' is not a random generator state saved by this engine.")
    if not (isinstance(data, list) and len(data) == 3 and isinstance(data[1], list)):
        raise problem
    version, internal, gauss = data
    if not all(isinstance(value, int) and not isinstance(value, bool) for value in internal):
        raise problem
    try:
        rng.setstate((version, tuple(internal), gauss))
    except (TypeError, ValueError, OverflowError):
        raise problem from None
