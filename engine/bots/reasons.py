"""What a heuristic bot weighed for a decision: the move with its reason (issue 46, item 4).

:meth:`HeuristicBot.decide_with_reason <engine.bots.heuristic.HeuristicBot.decide_with_reason>` returns a
:class:`Decision`: the move and, for a bid, a discard or a card, the branch the bot took (a code) with the
figures it read there. Nothing here is text: :func:`~engine.bots.hints.hint` words a reason only when a
person asks, so the simulator's plain :meth:`~engine.bots.heuristic.HeuristicBot.decide` builds no string.
The card play's code is a plain string from :class:`Playing` or, following a trick already led, from
:class:`~engine.bots.trick_play.Reason`.
"""

from __future__ import annotations

from typing import Final

from ..rules.contracts import Contract
from .trick_play import Table


class Bidding:
    """Why a heuristic bot made its auction move (a :class:`BidReason`'s ``kind``)."""

    SHORT: Final = "short"
    """A pass: no contract it may bid reads enough tricks (or is worth enough)."""
    TRICKS: Final = "tricks"
    """A trick contract the hand's estimate in its strain reaches (or, by worth, pays most)."""
    WORTH: Final = "worth"
    """A calibrated contract (a misère, hi/lo) bid for what it is worth: its chance of being made on the
    variant's calibrated curve times what making it scores, beyond the alternative."""
    LIMIT: Final = "limit"
    """A calibrated contract bid because the hand's danger is within the limit it bids at."""
    FEW_WINNERS: Final = "few winners"
    """The ``classic`` profile's double misère: a very safe hand whose partners passed."""
    END: Final = "end"
    """Near the game's end, the move the game's standing asks for (:func:`~engine.bots.standing.end_bid`)."""
    CONVENTION: Final = "convention"
    """A bid by convention (an inkle showing a suit, 6NT showing the joker)."""
    FORCED: Final = "forced"
    """Passing is not allowed: the lowest bid."""
    LOOK: Final = "look"
    """Looking at the hand rather than bidding blind."""
    BLIND: Final = "blind"
    """A bid before looking, where an unseen hand's chance makes it worth it (:func:`~engine.bots.blind.blind_bid`)."""
    GAME_WON: Final = "game won"
    """Bidding by sampling: the cheapest contract whose play-outs mostly win the game outright."""
    GAME_LOST: Final = "game lost"
    """Bidding by sampling: a pass, the bid it would make losing the game in too many play-outs."""
    SACRIFICE: Final = "sacrifice"
    """Bidding by sampling: outbidding opponents whose contract would likely win them the game."""


class Discarding:
    """Why a heuristic bot discarded what it did (a :class:`DiscardReason`'s ``kind``)."""

    MISERE: Final = "misere"
    """A misère: the cards most likely to be forced to take a trick go."""
    CEILING: Final = "ceiling"
    """A contract with a ceiling (hi/lo): the hand fitted to take its tricks and lose the rest."""
    WINNERS: Final = "winners"
    """Any other: trumps, aces and guarded kings kept, the shortest side suits shed."""
    SAMPLED: Final = "sampled"
    """Bidding by sampling: of the heuristic's discard and its near alternatives, the one whose play-outs
    made the contract most often."""


class Playing:
    """Why a heuristic bot played its card (a :class:`PlayReason`'s ``kind``), where it did not follow a
    trick to take it (those are :class:`~engine.bots.trick_play.Reason`'s)."""

    ONLY: Final = "only"
    """One card may be played."""
    STEERED: Final = "steered"
    """The side has the tricks the game's standing asks for: it plays to take no more."""
    MISERE_DEFENCE: Final = "misere defence"
    """Defending a misère: leave the declarer a trick to take."""
    MISERE_LEAD: Final = "misere lead"
    """Playing misère, leading: the lead that risks the fewest tricks, this one's and those the rest of the
    hand may be forced to take."""
    MISERE_FOLLOW: Final = "misere follow"
    """Playing misère, following: the highest card that still loses, or one it must shed."""
    CEILING_REACHED: Final = "ceiling reached"
    """A contract with a ceiling whose declaring side has the tricks it needs: every further trick may break it."""
    CEILING_SPEND: Final = "ceiling spend"
    """A contract with a ceiling, short of its tricks: the declarer spends a high card now."""
    LEAD: Final = "lead"
    """A lead to take tricks (trumps to draw the other side's, or the best card of a suit)."""
    FOLLOW_CLASSIC: Final = "follow classic"
    """The ``classic`` profile's follow: the cheapest winner, or the cheapest card."""


# The records below are plain classes, not frozen dataclasses: the bot makes one at every bid and discard,
# and a compiled dataclass is built through an interpreted __init__ (about 1% of a compiled heuristic
# hand's time). They are never changed once made.


class BidReason:
    """Why an auction move: the branch (a :class:`Bidding` code) and what the bot read there (a record,
    never changed once made)."""

    __slots__ = ("kind", "contract", "estimates", "danger", "limit", "calibrated", "chance", "worth")

    kind: str
    """Which branch chose the move (a :class:`Bidding` code)."""
    contract: Contract | None
    """The contract bid (``None``: a pass, or a look)."""
    estimates: dict[str, float]
    """Tricks the declaring side may expect in each strain, as the bot read them for this decision (for a
    hint, every strain it could bid in)."""
    danger: float
    """A calibrated contract's measure: the tricks the defenders could force on a misère, or how far the
    hand is from fitting a ceiling."""
    limit: float
    """The limit the calibrated contract is bid at (its calibrated one, or the profile's)."""
    calibrated: bool
    """Whether :attr:`limit` is the variant's calibrated limit rather than the profile's."""
    chance: float
    """(:attr:`Bidding.WORTH`.) The chance of making the contract the bot weighed."""
    worth: float
    """(:attr:`Bidding.WORTH`.) The contract's expected worth to the bidder's side, in points."""

    def __init__(
        self,
        kind: str,
        contract: Contract | None = None,
        estimates: dict[str, float] | None = None,
        danger: float = 0.0,
        limit: float = 0.0,
        calibrated: bool = False,
        chance: float = 0.0,
        worth: float = 0.0,
    ) -> None:
        self.kind, self.contract, self.estimates = kind, contract, estimates if estimates is not None else {}
        self.danger, self.limit, self.calibrated, self.chance, self.worth = danger, limit, calibrated, chance, worth

    def __repr__(self) -> str:
        return f"BidReason({self.kind!r}, {self.contract.id if self.contract is not None else None!r})"

    def with_estimates(self, estimates: dict[str, float]) -> BidReason:
        """This reason with the estimates ``estimates`` (as a hint reads them: every strain the bot could bid in)."""
        return BidReason(self.kind, self.contract, estimates, self.danger, self.limit, self.calibrated, self.chance, self.worth)


class DiscardReason:
    """Why a discard: the branch (a :class:`Discarding` code) and the contract it was made for (a record)."""

    __slots__ = ("kind", "contract")

    kind: str
    """Which branch chose the cards (a :class:`Discarding` code)."""
    contract: Contract
    """The contract the discard is made for."""

    def __init__(self, kind: str, contract: Contract) -> None:
        self.kind, self.contract = kind, contract

    def __repr__(self) -> str:
        return f"DiscardReason({self.kind!r}, {self.contract.id!r})"


class PlayReason:
    """Why a card: the branch (a :class:`Playing` or :class:`~engine.bots.trick_play.Reason` code) and the
    table it read (a record)."""

    __slots__ = ("kind", "contract", "table")

    kind: str
    """Which branch chose the card."""
    contract: Contract
    """The contract played (an unbid hand's stand-in where nobody bid)."""
    table: Table
    """The table as the seat knew it (:meth:`~engine.bots.card_play.CardPlay.reading`)."""

    def __init__(self, kind: str, contract: Contract, table: Table) -> None:
        self.kind, self.contract, self.table = kind, contract, table

    def __repr__(self) -> str:
        return f"PlayReason({self.kind!r}, {self.contract.id!r})"


class Decision:
    """A move and why (``None``: a decision whose reason is the phase's plain sentence; a record)."""

    __slots__ = ("move", "reason")

    move: int
    """The move chosen (as :meth:`~engine.bots.heuristic.HeuristicBot.decide` returns it)."""
    reason: BidReason | DiscardReason | PlayReason | None
    """What the bot weighed."""

    def __init__(self, move: int, reason: BidReason | DiscardReason | PlayReason | None = None) -> None:
        self.move, self.reason = move, reason

    def __repr__(self) -> str:
        return f"Decision({self.move}, {self.reason!r})"


__all__ = ["BidReason", "Bidding", "Decision", "DiscardReason", "Discarding", "PlayReason", "Playing"]
