"""A game played by bots through the embedding API: :func:`play_game`.

The loop an embedder would otherwise write: while the game is not over, the seat to act reads its
observation and legal actions and its bot answers; every event is handed to a callback as it happens.
Bots may be objects following :class:`~engine.bots.base.Bot` or names of the shipped bots.

>>> import engine
>>> rules = engine.load_variant("standard")
>>> game = engine.play_game(rules, ["heuristic", "random", "heuristic", "random"], seed=7)
>>> game.is_over, game.winner in (0, 1)
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..errors import IllegalActionError, UsageError, shown
from ..game.game import Game
from ..kernel.events import Event
from ..rules.ruleset import Rules, compiled_rules
from .base import Bot
from .registry import BOT_NAMES, make_bot

MAX_ACTIONS = 10_000_000
"""A game that has not ended after this many actions is stopped with an error (a bot that never lets
it end); the kernel ends every game within 10,000 hands, far below this."""


def make_bots(rules: Rules, bots: Sequence[Bot | str], seed: int | str | None = None) -> list[Bot]:
    """One bot per player: each item a :class:`~engine.bots.base.Bot` or a shipped bot's name
    (:data:`~engine.bots.BOT_NAMES`), a named bot seeded from ``seed`` and its seat. Raises
    ``ValueError`` naming what is wrong."""
    players = rules.seating.players
    if isinstance(bots, (str, bytes)) or len(bots) != players:
        raise UsageError(
            f"{rules.name} is played by {players} players: give one bot per player (a bot object or one of the names "
            f"{', '.join(BOT_NAMES)}), not {shown(bots)}."
        )
    made: list[Bot] = []
    for seat, bot in enumerate(bots):
        if isinstance(bot, str):
            made.append(make_bot(bot, rules, f"{seed}:{seat}" if seed is not None else None))
        elif callable(getattr(bot, "act", None)):
            made.append(bot)
        else:
            raise UsageError(
                f"The bot for seat {seat} must have an act(observation, legal_actions) method or be a bot's name, not {shown(bot)}."
            )
    return made


def play_game(
    rules: Rules,
    bots: Sequence[Bot | str],
    *,
    seed: int | str | None = None,
    game: Game | None = None,
    on_event: Callable[[Event], None] | None = None,
) -> Game:
    """Play a whole game of ``rules`` with ``bots`` (one per player, seat order) and return it, over.

    ``seed`` seeds the deal and the named bots; pass ``game`` instead to go on with a game already
    started (a restored saved game, say): it is played on in place and returned. ``on_event`` is called
    with each :class:`~engine.kernel.events.Event` as it happens (the deal, every call and card, each
    trick, each hand's result). A bot's choice is checked like any action: an illegal one raises
    :class:`~engine.errors.IllegalActionError` naming the seat, with the game left as it was before it.
    """
    rules = compiled_rules(rules, "engine.play_game")
    if on_event is not None and not callable(on_event):
        raise UsageError(f"on_event must be a function taking each event (or None), not {type(on_event).__name__}.")
    players = make_bots(rules, bots, seed)
    if game is None:
        game = Game(rules, seed=seed)
    elif game.rules != rules:
        raise UsageError(f"The game given is of {game.rules.name}, not {rules.name}.")
    told = 0
    for _ in range(MAX_ACTIONS):
        if on_event is not None:
            # Everything since the last action (for a game given, everything before it too).
            for event in game.events_since(told):
                on_event(event)
                told += 1
        seat = game.to_act
        if seat is None:
            return game
        action = players[seat].act(game.observation(seat), game.legal_choices())
        try:
            game.apply(action)
        except IllegalActionError as error:
            raise IllegalActionError(f"The bot at seat {seat} chose an illegal action: {error}") from error
    raise RuntimeError(f"The game did not end within {MAX_ACTIONS:,} actions.")


__all__ = ["MAX_ACTIONS", "make_bots", "play_game"]
