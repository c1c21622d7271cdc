"""Any variant as an OpenSpiel game (the ``openspiel`` extra).

Importing this module registers ``python_fivehundred`` with OpenSpiel, following its Python games
(``open_spiel/python/games/``): parameters ``variant`` (a shipped name or a file path; default
``standard``), ``scope`` (``hand`` or ``game``; default ``hand``) and ``seed`` (kept for the record: chance
is explicit, the deal card by card). Observation and information-state strings and tensors come from a
Python observer (:meth:`FiveHundredGame.make_py_observer`) that shows exactly what the seat may see;
:meth:`FiveHundredState.resample_from_infostate` re-deals the cards a player cannot see, so that
OpenSpiel's IS-MCTS runs::

    import pyspiel
    import engine.adapters.openspiel  # registers the game
    game = pyspiel.load_game("python_fivehundred", {"variant": "five-handed"})
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel

from ..rules.compiler import load_variant
from .core import ResearchGame
from .observing import SeatView, view_text

MAX_PLAYERS = 6
"""The most players a variant may have."""

_DEFAULTS = {"variant": "standard", "scope": "hand", "seed": 0}

_GAME_TYPE = pyspiel.GameType(
    short_name="python_fivehundred",
    long_name="Five Hundred (any variant)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


class FiveHundredGame(pyspiel.Game):  # type: ignore[misc]
    """A variant as an OpenSpiel game."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_DEFAULTS, **(params or {})}
        self.variant = str(params["variant"])
        """The variant's name or path."""
        self.scope = str(params["scope"])
        """``hand`` or ``game``."""
        self.rules = load_variant(self.variant)
        """The compiled variant."""
        shape = ResearchGame(self.rules, self.scope)
        bound = shape.utility_bound() if self.scope == "hand" else 1.0
        info = pyspiel.GameInfo(
            num_distinct_actions=shape.space.size,
            max_chance_outcomes=len(self.rules.deck.cards),
            num_players=self.rules.seating.players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=None,
            max_game_length=shape.max_length(),
        )
        super().__init__(_GAME_TYPE, info, params)
        self._hand_game: FiveHundredGame | None = None
        self.shape = shape
        """A game of this variant never played: what observers size their views from."""

    def hand_game(self) -> FiveHundredGame:
        """This variant as a game of scope ``hand`` (this game itself if it is one)."""
        if self.scope == "hand":
            return self
        if self._hand_game is None:
            self._hand_game = FiveHundredGame({"variant": self.variant, "scope": "hand"})
        return self._hand_game

    def new_initial_state(self) -> FiveHundredState:
        """A new hand (or game), before the deal."""
        return FiveHundredState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> FiveHundredObserver:
        """The observer of a seat's view: perfect recall gives the information state (every event as the
        seat was told it), otherwise the observation (what it sees now). It is always the seat's own view,
        public and private together (``private_info`` ``SINGLE_PLAYER``, OpenSpiel's default): a public-only
        or every-player view is refused with a ``ValueError`` rather than given with the seat's own cards
        in it (a user trial found a "public" observation holding the player's hand)."""
        private = getattr(iig_obs_type, "private_info", pyspiel.PrivateInfoType.SINGLE_PLAYER)
        public = getattr(iig_obs_type, "public_info", True)
        if private != pyspiel.PrivateInfoType.SINGLE_PLAYER or not public:
            raise ValueError(
                f"The five hundred observer gives a seat's own view, its public and private information together "
                f"(public_info=True, private_info=SINGLE_PLAYER), not public_info={public}, private_info={private}."
            )
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return FiveHundredObserver(self, perfect_recall)


class FiveHundredState(pyspiel.State):  # type: ignore[misc]
    """A hand or game in progress."""

    def __init__(self, game: FiveHundredGame) -> None:
        super().__init__(game)
        self.research = game.shape.copy()
        """The engine's game, driven by numbered actions."""

    def current_player(self) -> int:
        """The player to act, ``CHANCE`` while dealing, ``TERMINAL`` at the end."""
        research = self.research
        if research.over:
            return int(pyspiel.PlayerId.TERMINAL)
        if research.dealing:
            return int(pyspiel.PlayerId.CHANCE)
        player = research.to_act
        assert player is not None
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return self.research.legal() if player == self.research.to_act else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not yet dealt, equally likely."""
        return self.research.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.research.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        space, number = self.research.space, int(action)
        if player == pyspiel.PlayerId.CHANCE and 0 <= number < len(space.cards):
            return f"deal {space.cards[number]}"
        return space.name(number) if 0 <= number < space.size else f"action {number}"

    def is_terminal(self) -> bool:
        """Whether the hand (or game) is over."""
        return self.research.over

    def returns(self) -> list[float]:
        """Per player: its team's points on the hand, or 1 / -1 for winning / losing the game."""
        return self.research.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> FiveHundredState:
        """A state ``player_id`` cannot tell from this one, drawn uniformly from those it cannot tell
        apart (:meth:`~engine.adapters.core.ResearchGame.resample`): the cards it has not seen dealt anew
        under everything it knows (voids shown, cards seen, the hand's actions), never by rejection and
        never the true deal by default. ``probability_sampler`` (OpenSpiel's, a callable giving a number
        in [0, 1)) seeds the draw; without one, Python's ``random`` does."""
        seed = int(probability_sampler() * 2**53) if callable(probability_sampler) else random.getrandbits(53)
        return self._with(self.research.resample(int(player_id), random.Random(seed)))

    def _with(self, research: ResearchGame, game: FiveHundredGame | None = None) -> FiveHundredState:
        """A state of this game (or of ``game``) holding ``research``. OpenSpiel keeps each state's
        history in C++, where only ``apply_action`` adds to it: the actions are applied to a stand-in
        that only counts them (about a microsecond each), then the state takes ``research``."""
        state = _HistoryOnly.__new__(_HistoryOnly)
        pyspiel.State.__init__(state, game if game is not None else self.get_game())
        state.players, state.done = [player for player, _ in research.history], 0
        for _, action in research.history:
            state.apply_action(action)
        state.__class__ = FiveHundredState
        del state.players, state.done
        state.research = research
        return state

    def hand_in_play(self) -> FiveHundredState:
        """The current hand alone, as a state of the variant's ``scope="hand"`` game (scores from zero):
        for a search that plays each hand of a whole game for the hand's points
        (:meth:`~engine.adapters.core.ResearchGame.hand_in_play`)."""
        game = self.get_game()
        hand_game = game if game.scope == "hand" else game.hand_game()
        return self._with(self.research.hand_in_play(), hand_game)

    def clone(self) -> FiveHundredState:
        """An independent copy: OpenSpiel's own ``Clone()``, which copies the history in C++ and the
        engine's game by :meth:`~engine.adapters.core.ResearchGame.copy` (the kernel's own copy underneath,
        not a deep copy). About six times the kernel's copy, where replaying the history into a new state
        was thirty."""
        clone: FiveHundredState = pyspiel.State.clone(self)
        return clone

    def __deepcopy__(self, memo: dict[int, Any]) -> FiveHundredState:
        """The same as :meth:`clone` (OpenSpiel's ``clone`` of a Python state deep-copies it)."""
        return self.clone()

    def __str__(self) -> str:
        research = self.research
        if research.game is None:
            return f"dealing: {len(research.order)} cards placed"
        game = research.game
        hands = " | ".join(" ".join(str(card) for card in game.hand_of(seat)) for seat in range(self.get_game().rules.seating.seats))
        return f"hand {game.hand_number}, {game.phase.value}, to act {game.to_act}, scores {list(game.scores)}: {hands}"


class _HistoryOnly(FiveHundredState):
    """A stand-in that takes actions without playing them, so that OpenSpiel records a copy's history."""

    players: list[int]
    done: int

    def current_player(self) -> int:
        """The player of the next action of the history being recorded."""
        return self.players[self.done]

    def _apply_action(self, action: int) -> None:
        self.done += 1


class FiveHundredObserver:
    """A seat's view (observation, or with perfect recall the information state), as OpenSpiel's
    Python observers give it: ``tensor``, ``dict``, :meth:`set_from` and :meth:`string_from`."""

    def __init__(self, game: FiveHundredGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        # OpenSpiel makes an observer for each tensor it is asked for: the view's layout is the game's.
        self._view = SeatView(game.shape, perfect_recall)
        self.tensor = self._view.tensor
        """The flat vector."""
        self.dict = self._view.dict
        """Its pieces by name, reshaped."""

    def set_from(self, state: FiveHundredState, player: int) -> None:
        """Fill ``tensor`` with ``player``'s view of ``state``."""
        self._view.fill(state.research, player)

    def string_from(self, state: FiveHundredState, player: int) -> str:
        """``player``'s view of ``state`` as text."""
        return view_text(state.research, player, self.perfect_recall)


pyspiel.register_game(_GAME_TYPE, FiveHundredGame)
