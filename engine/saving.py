"""Saving and restoring whole games as JSON-ready data.

A saved game records the first dealer and scores, every hand (its deal, any misdeals and its actions,
the hand in progress included) and the random generator's state for the deals still to come. Restoring
replays the hands through the kernel, so corrupt data is caught by the same checks as live play and
reported with where it is.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Mapping

from .deal import Deal
from .errors import FiveHundredError
from .rules import Rules
from .transcript import TranscriptError, named_rules, play_entries, read_entry, variant_reference

if TYPE_CHECKING:
    from .game import Game

FORMAT = "fivehundred-game/1"
"""The ``format`` tag of saved games."""


class SavedGameError(FiveHundredError, ValueError):
    """Saved-game data is corrupt or does not fit its variant; the message says what and where."""


def _rng_state(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _set_rng_state(rng: random.Random, data: object) -> None:
    try:
        assert isinstance(data, list) and len(data) == 3 and isinstance(data[1], list)
        version, internal, gauss = data
        assert all(isinstance(value, int) and not isinstance(value, bool) for value in internal)
        rng.setstate((version, tuple(internal), gauss))
    except (AssertionError, TypeError, ValueError):
        raise SavedGameError("saved game: 'rng' is not a random generator state saved by this engine.") from None


def game_to_dict(game: Game) -> dict[str, Any]:
    """``game`` as JSON-ready data (see :meth:`Game.to_dict`)."""
    hands = []
    for record in game.records:
        entry: dict[str, Any] = {"dealer": record.dealer, "scores": list(record.scores), "deal": record.deal.to_dict(), "actions": list(record.actions)}
        if record.misdeals:
            entry["misdeals"] = [deal.to_dict() for deal in record.misdeals]
        hands.append(entry)
    return {
        "format": FORMAT,
        "variant": variant_reference(game.rules),
        "dealer": game._first_dealer,
        "scores": list(game._initial_scores),
        "hands": hands,
        "deals": [deal.to_dict() for deal in game._state.scripted],
        "rng": _rng_state(game._state.rng),
    }


def game_from_dict(data: Mapping[str, Any], rules: Rules | None = None) -> Game:
    """Rebuild a game from :func:`game_to_dict` data; raises :class:`SavedGameError` on corrupt data."""
    from .game import Game

    if not isinstance(data, Mapping):
        raise SavedGameError(f"A saved game must be a JSON object, not {type(data).__name__}.")
    if data.get("format") != FORMAT:
        raise SavedGameError(f"saved game: 'format' must be {FORMAT!r}, not {data.get('format')!r}.")
    unknown = sorted(set(data) - {"format", "variant", "dealer", "scores", "hands", "deals", "rng"})
    if unknown:
        raise SavedGameError(f"saved game: unknown key {unknown[0]!r}.")
    if rules is None:
        try:
            rules = named_rules(data, "saved game")
        except TranscriptError as error:
            raise SavedGameError(str(error)) from None
    hands = data.get("hands")
    if not isinstance(hands, list) or not hands:
        raise SavedGameError("saved game: 'hands' must be a non-empty list of hands.")
    try:
        entries = [read_entry(rules, hand, f"hands[{number}]", {"dealer", "scores", "deal", "actions", "misdeals"}) for number, hand in enumerate(hands)]
        remaining = data.get("deals", [])
        if not isinstance(remaining, list):
            raise SavedGameError("saved game: 'deals' must be a list of deals.")
        scripted = [Deal.from_dict(rules, deal, f"deals[{number}]") for number, deal in enumerate(remaining)]
        deals = [deal for entry in entries for deal in (*entry.misdeals, entry.deal)] + scripted
        game = Game(rules, dealer=data.get("dealer", 0), scores=data.get("scores"), deals=deals, rng=random.Random(0))
        for number, entry in enumerate(entries):
            if game.hand_number != number:
                raise SavedGameError(f"saved game: hands[{number}] was never reached: the game had already ended.")
            record = game.records[-1]
            if (record.dealer, record.scores) != (entry.dealer, entry.scores):
                raise SavedGameError(
                    f"saved game: hands[{number}] says dealer {entry.dealer} with scores {list(entry.scores)}, "
                    f"but replaying gives dealer {record.dealer} with scores {list(record.scores)}."
                )
            play_entries(game, entry.actions, f"hands[{number}]")
        if game.hand_number != len(entries) - 1:
            raise SavedGameError(f"saved game: hands[{len(entries) - 1}] is over, so the game should hold another hand.")
    except SavedGameError:
        raise
    except (FiveHundredError, ValueError) as error:  # transcript, deal and game-argument problems
        raise SavedGameError(f"saved game: {error}") from None
    _set_rng_state(game._state.rng, data.get("rng"))
    return game
