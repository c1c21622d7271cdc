"""A seat's view as numbers and as text, for the research adapters: what
:meth:`~engine.game.game.Game.observation` shows that seat, laid out in fixed pieces sized from the
variant, so that the same seat sees the same numbers however the cards it cannot see lie."""

from __future__ import annotations

import json

import numpy as np
import numpy.typing as npt

from ..game.telling import observation_data
from ..kernel.phase import Phase
from .core import ResearchGame

PHASES = ("chance", *(phase.value for phase in Phase), "over")
"""The phases a view names, in the order of its ``phase`` piece."""


def pieces(research: ResearchGame, perfect_recall: bool) -> list[tuple[str, int, tuple[int, ...]]]:
    """The view's pieces: (name, size, shape). With ``perfect_recall``, every bid each player made too."""
    rules = research.rules
    cards, seats, players = len(rules.deck.cards), rules.seating.seats, rules.seating.players
    bids = len(rules.ladder) + 1
    found = [
        ("player", players, (players,)),
        ("phase", len(PHASES), (len(PHASES),)),
        ("hand", cards, (cards,)),
        ("kitty", cards, (cards,)),
        ("discards", cards, (cards,)),
        ("choosing", cards, (cards,)),
        ("open", cards, (cards,)),
        ("trick", seats * cards, (seats, cards)),
        ("played", seats * cards, (seats, cards)),
        ("last_bid", players * bids, (players, bids)),
        ("contract", len(rules.ladder), (len(rules.ladder),)),
        ("declarer", seats, (seats,)),
        ("tricks_won", seats, (seats,)),
        ("scores", len(rules.seating.teams), (len(rules.seating.teams),)),
    ]
    if perfect_recall:
        found.append(("bids", players * bids, (players, bids)))
    return found


class SeatView:
    """Fills a flat vector (and named views of its pieces) with what one seat may see."""

    def __init__(self, research: ResearchGame, perfect_recall: bool) -> None:
        self.layout = pieces(research, perfect_recall)
        self.tensor: npt.NDArray[np.float32] = np.zeros(sum(size for _, size, _ in self.layout), np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        index = 0
        for name, size, shape in self.layout:
            self.dict[name] = self.tensor[index : index + size].reshape(shape)
            index += size
        self._ladder = {contract.id: number for number, contract in enumerate(research.rules.ladder)}

    def fill(self, research: ResearchGame, player: int) -> None:
        """Set the vector to ``player``'s view of ``research``."""
        self.tensor.fill(0)
        pieces = self.dict
        pieces["player"][player] = 1
        pieces["phase"][PHASES.index(research.phase)] = 1
        game = research.game
        if game is None:
            return
        view = game.observation(player)
        if research.to_act == player:  # the cards of a discard (or a pick) it has chosen so far
            for index in research.chosen:
                pieces["choosing"][index] = 1
        for card in view.hand:
            pieces["hand"][card.index] = 1
        for card in view.kitty:
            pieces["kitty"][card.index] = 1
        for card in view.discards:
            pieces["discards"][card.index] = 1
        for card in (*view.face_up, *view.table, *(card for _, cards in view.exposed for card in cards)):
            pieces["open"][card.index] = 1
        for seat, card in view.trick:
            pieces["trick"][seat, card.index] = 1
        for trick in view.tricks:
            for seat, card in trick.cards:
                pieces["played"][seat, card.index] = 1
        passes = len(self._ladder)
        for seat, said in view.calls:
            pieces["last_bid"][seat] = 0
            pieces["last_bid"][seat, self._ladder.get(said, passes)] = 1
            if "bids" in pieces:
                pieces["bids"][seat, self._ladder.get(said, passes)] = 1
        if view.contract is not None and view.contract in self._ladder:
            pieces["contract"][self._ladder[view.contract]] = 1
        if view.declarer is not None:
            pieces["declarer"][view.declarer] = 1
        hand_size = max(1, research.rules.deal.hand_size)
        for seat, won in enumerate(view.tricks_won):
            pieces["tricks_won"][seat] = won / hand_size
        for team, score in enumerate(view.scores):
            pieces["scores"][team] = score / 500


def view_text(research: ResearchGame, player: int, perfect_recall: bool) -> str:
    """``player``'s view as text: the observation (JSON, cards by notation) and, with ``perfect_recall``,
    every event of the game as it was told them."""
    game = research.game
    if game is None:
        return f"p{player} dealing {len(research.order)}"
    now = observation_data(game.observation(player))
    if research.to_act == player and research.chosen:
        now["choosing"] = [str(research.space.cards[index]) for index in research.chosen]
    if perfect_recall:
        return f"p{player} " + json.dumps({"told": research.told(player), "now": now}, separators=(",", ":"))
    return f"p{player} " + json.dumps(now, separators=(",", ":"))
