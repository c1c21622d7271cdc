"""Hand transcripts: one hand as JSON (variant, dealer, scores before it, the deal, every action), and
replaying one to its result.

A transcript::

    {"variant": "standard", "dealer": 0, "scores": [0, 0],
     "deal": {"hands": [["AS", ...], ...], "kitty": [...]},
     "actions": ["1 bid 7H", "2 pass", "3 pass", "0 pass", "1 discard 4D 5C 6C", "1 play JD", ...]}
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

from .compiler import load_variant
from .deal import Deal, DealError
from .errors import FiveHundredError, IllegalActionError, VariantError
from .events import HandResult
from .rules import Rules

if TYPE_CHECKING:
    from .game import Game


class TranscriptError(FiveHundredError, ValueError):
    """A transcript (or a saved game's hand) is malformed, or one of its actions is illegal.

    ``index`` is the position of the offending entry in ``actions`` when the problem is an action.
    """

    def __init__(self, message: str, index: int | None = None) -> None:
        self.index = index
        super().__init__(message)


def variant_reference(rules: Rules) -> str:
    """How transcripts and saved games name the variant: its shipped name, its file, or its name."""
    return rules.reference or rules.name


def named_rules(data: Mapping[str, Any], where: str) -> Rules:
    """Load the variant that ``data["variant"]`` names; raises :class:`TranscriptError` saying why not."""
    variant = data.get("variant")
    if not isinstance(variant, str) or not variant:
        raise TranscriptError(f"{where}: 'variant' must name the variant it was played under.")
    try:
        return load_variant(variant)
    except VariantError as error:
        raise TranscriptError(f"{where}: its variant {variant!r} cannot be loaded:\n{error}") from None


def transcript_of(game: Game, hand: int | None = None) -> dict[str, Any]:
    """The transcript of hand number ``hand`` of ``game`` (the current hand by default)."""
    records = game.records
    number = len(records) - 1 if hand is None else hand
    if not isinstance(number, int) or not 0 <= number < len(records):
        raise IndexError(f"There is no hand {hand!r}: this game has hands 0 to {len(records) - 1}.")
    record = records[number]
    data: dict[str, Any] = {
        "variant": variant_reference(game.rules),
        "dealer": record.dealer,
        "scores": list(record.scores),
        "deal": record.deal.to_dict(),
        "actions": list(record.actions),
    }
    if record.misdeals:
        data["misdeals"] = [deal.to_dict() for deal in record.misdeals]
    return data


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


_KEYS = {"variant", "dealer", "scores", "deal", "actions", "misdeals"}


def read_entry(rules: Rules, data: object, where: str, keys: set[str] = _KEYS) -> HandEntry:
    """Check the shape of a transcript or a saved hand and read it; raises :class:`TranscriptError`."""
    if not isinstance(data, Mapping):
        raise TranscriptError(f"{where} must be a JSON object, not {type(data).__name__}.")
    unknown = sorted(set(data) - keys)
    if unknown:
        raise TranscriptError(f"{where} has an unknown key {unknown[0]!r} (expected {', '.join(sorted(keys))}).")
    for key in ("dealer", "scores", "deal", "actions"):
        if key not in data:
            raise TranscriptError(f"{where} has no {key!r}.")
    players, teams = rules.seating.players, len(rules.seating.teams)
    dealer = data["dealer"]
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise TranscriptError(f"{where}.dealer must be a seat from 0 to {players - 1}, not {dealer!r}.")
    scores = data["scores"]
    if not isinstance(scores, list) or len(scores) != teams or any(isinstance(s, bool) or not isinstance(s, int) for s in scores):
        raise TranscriptError(f"{where}.scores must be a list of {teams} whole numbers (one per team), not {scores!r}.")
    actions = data["actions"]
    if not isinstance(actions, list) or any(not isinstance(action, str) for action in actions):
        raise TranscriptError(f"{where}.actions must be a list of texts like \"1 bid 7H\".")
    misdeals = data.get("misdeals", [])
    if not isinstance(misdeals, list):
        raise TranscriptError(f"{where}.misdeals must be a list of deals.")
    try:
        thrown = tuple(Deal.from_dict(rules, each, f"{where}.misdeals[{number}]") for number, each in enumerate(misdeals))
        deal = Deal.from_dict(rules, data["deal"], f"{where}.deal")
    except DealError as error:
        raise TranscriptError(str(error)) from None
    return HandEntry(dealer, tuple(scores), thrown, deal, tuple(actions))


def play_entries(game: Game, actions: tuple[str, ...], where: str) -> None:
    """Apply each ``"<seat> <action>"`` of one hand to ``game``, which must be at that hand's start."""
    hand = game.hand_number
    for index, entry in enumerate(actions):
        label = f"{where}.actions[{index}] ({entry!r})"
        if game.hand_number != hand or game.is_over:
            raise TranscriptError(f"{label}: the hand is already over; nothing may follow its last card.", index)
        seat_text, _, action_text = entry.strip().partition(" ")
        if not seat_text.isdigit():
            raise TranscriptError(f"{label}: an entry is the acting seat and the action, like \"1 bid 7H\".", index)
        if int(seat_text) != game.to_act:
            raise TranscriptError(f"{label}: it is seat {game.to_act}'s turn, not seat {int(seat_text)}'s.", index)
        try:
            game.apply(action_text)
        except IllegalActionError as error:
            raise TranscriptError(f"{label}: {error}", index) from None


def replay(transcript: Mapping[str, Any], rules: Rules | None = None) -> HandResult:
    """Replay a transcript and return its hand's result.

    Loads the named variant unless ``rules`` is given. Raises :class:`TranscriptError` at the first
    malformed entry or illegal action (its ``index`` says which), or if the actions stop before the
    hand is over.
    """
    from .game import Game

    if not isinstance(transcript, Mapping):
        raise TranscriptError(f"A transcript must be a JSON object, not {type(transcript).__name__}.")
    if rules is None:
        rules = named_rules(transcript, "transcript")
    entry = read_entry(rules, transcript, "transcript")
    game = Game(rules, dealer=entry.dealer, scores=entry.scores, deals=[*entry.misdeals, entry.deal], rng=random.Random(0))
    if game.records[0].deal != entry.deal:
        raise TranscriptError("transcript.deal is a misdeal under this variant (a hand without a face card): it would be dealt again.")
    play_entries(game, entry.actions, "transcript")
    if not game.results:
        raise TranscriptError(f"The transcript stops before the hand is over (after {len(entry.actions)} actions; seat {game.to_act} is to act).")
    return game.results[0]
