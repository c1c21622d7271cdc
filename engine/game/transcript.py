"""Replaying a hand transcript to its result.

The transcript format (what a transcript holds, and reading it back) is :mod:`engine.game.records`'s;
this module plays one through a :class:`~engine.game.Game`, with the same legality as live play.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..kernel.events import HandResult
from ..rules.ruleset import Rules, compiled_rules
from .game import Game
from .records import TranscriptError as TranscriptError
from .records import read_entry, record_rules, verify_check


def transcript_rules(transcript: object, rules: object, folder: str | None, taker: str, remedy: str) -> Rules:
    """The rules ``taker`` (such as ``"engine.replay"``) plays ``transcript`` under, checked: the
    transcript a JSON object, ``rules`` compiled rules or None, and not other rules than the transcript
    carries (:func:`~engine.game.records.record_rules`, its error ending with ``remedy``)."""
    if not isinstance(transcript, Mapping):
        raise TranscriptError(f"A transcript must be a JSON object, not {type(transcript).__name__}.")
    return record_rules(transcript, None if rules is None else compiled_rules(rules, taker), "transcript", folder, remedy)


def replay(transcript: Mapping[str, Any], rules: Rules | None = None, *, folder: str | None = None) -> HandResult:
    """Replay a transcript and return its hand's result.

    Loads the named variant unless ``rules`` is given: a shipped variant, or a ``.yaml`` file inside
    ``folder`` (the transcript's own folder; the current folder when ``None``), see
    :func:`~engine.game.records.named_rules`; ``rules`` other than those the transcript carries (its
    ``variant_rules``) are refused. Raises :class:`TranscriptError` at the first
    malformed entry or illegal action (its ``index`` says which), or if the actions stop before the
    hand is over.
    """
    rules = transcript_rules(transcript, rules, folder, "engine.replay", "replay it without rules= to replay it under its own")
    entry = read_entry(rules, transcript, "transcript")
    game = Game(
        rules,
        dealer=entry.dealer,
        scores=entry.scores,
        deals=[*entry.misdeals, entry.deal],
        rng=random.Random(0),
        banned=entry.banned,
        redeals=entry.redeals,
    )
    if game.records[0].deal != entry.deal:
        raise TranscriptError("transcript.deal is a misdeal under this variant (a hand without a face card): it would be dealt again.")
    game.play_recorded(entry.actions, "transcript")
    if not game.results:
        raise TranscriptError(
            f"The transcript stops before the hand is over (after {len(entry.actions)} actions; seat {game.to_act} is to act)."
        )
    verify_check(transcript, "transcript", ("actions",))  # once played: an illegal action is reported as such
    return game.results[0]
