"""A seat's view as numbers and as text, for the research adapters: what
:meth:`~engine.game.game.Game.observation` shows that seat, laid out in fixed pieces sized from the
variant, so that the same seat sees the same numbers however the cards it cannot see lie."""

from __future__ import annotations

import json

import numpy as np
import numpy.typing as npt

from ..game.telling import observation_data
from ..kernel.phase import Phase
from ..kernel.seat_view import seat_view
from ..kernel.tables import cards_in, mask_of
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
        self._at: dict[str, int] = {}
        start = 0
        for name, size, _ in self.layout:
            self._at[name] = start
            start += size
        self._cards = len(research.rules.deck.cards)

    def fill(self, research: ResearchGame, player: int) -> None:
        """Set the vector to ``player``'s view of ``research`` (read from the kernel's
        :func:`~engine.kernel.seat_view.seat_view`, the masks set in one step)."""
        tensor, at = self.tensor, self._at
        tensor.fill(0)
        ones = [at["player"] + player, at["phase"] + PHASES.index(research.phase)]
        game = research.game
        if game is None:
            tensor[ones] = 1
            return
        view = seat_view(game.state, player)
        count = self._cards
        if research.to_act == player:  # the cards of a discard (or a pick) it has chosen so far
            ones += [at["choosing"] + index for index in research.chosen]
        for name, mask in (("hand", view.hand), ("discards", view.discards)):
            ones += [at[name] + index for index in cards_in(mask)]
        ones += [at["kitty"] + index for index in view.kitty]
        shown = mask_of(view.face_up) | view.table
        for _, cards in view.exposed:
            shown |= cards
        ones += [at["open"] + index for index in cards_in(shown)]
        ones += [at["trick"] + seat * count + index for seat, index in view.trick]
        played = at["played"]
        for _, trick, _, _ in view.tricks:
            ones += [played + seat * count + index for seat, index in trick]
        passes, bids = len(self._ladder), len(self._ladder) + 1
        last: dict[int, int] = {}
        every = "bids" in at
        contracts, stride = research.tables.contracts, research.tables.stride
        for seat, move in view.bidding:
            # A pass, and a bid said with a modifier, count as the pass (as the text "7H sans_kitty" did).
            number = passes if move < 0 or move >= stride else self._ladder[contracts[move].id]
            last[seat] = number
            if every:
                ones.append(at["bids"] + seat * bids + number)
        ones += [at["last_bid"] + seat * bids + number for seat, number in last.items()]
        if view.contract is not None and view.contract.id in self._ladder:
            ones.append(at["contract"] + self._ladder[view.contract.id])
        if view.declarer is not None:
            ones.append(at["declarer"] + view.declarer)
        tensor[ones] = 1
        hand_size = max(1, research.rules.deal.hand_size)
        won = at["tricks_won"]
        for seat, taken in enumerate(view.tricks_won):
            tensor[won + seat] = taken / hand_size
        scores = at["scores"]
        for team, score in enumerate(view.scores):
            tensor[scores + team] = score / 500


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
