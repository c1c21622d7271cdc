"""Contracts and the bid ladder: a strict total order of every contract with its value."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import Enum

from ..errors import NotFoundError, UsageError, shown
from .records import Record


class PartnerRole(Enum):
    """What the declarer's partners do during a contract."""

    PLAYS = "plays"
    """They play their hands as usual."""
    SITS_OUT = "sits_out"
    """They fold their cards and take no part (misère)."""
    PASSES_CARD = "passes_card"
    """Each passes the declarer one card, then folds (slam call, declare)."""


class KittyUse(Enum):
    """What happens to the kitty under a contract."""

    TAKE = "take"
    """The declarer uses the kitty as the kitty rules say."""
    NONE = "none"
    """Nobody uses the kitty (grand nullo, sans kitty)."""
    TO_PARTNER = "to_partner"
    """The declarer takes it and hands the discards to the partner, who keeps what they like (double nullo)."""


class Exposure(Enum):
    """Whose hand is laid face up on the table."""

    NONE = "none"
    """Nobody's."""
    DECLARER = "declarer"
    """The declarer's (open misère)."""
    PARTNER = "partner"
    """The declarer's partner's (Shields double)."""
    DECLARING_SIDE = "declaring_side"
    """Every hand of the declaring side (patastrophe)."""


class ExposureTime(Enum):
    """When exposed hands are laid open."""

    AFTER_FIRST_TRICK = "after_first_trick"
    """Once the first trick is complete."""
    AFTER_FIRST_LEAD = "after_first_lead"
    """Once the first card has been led."""
    START = "start"
    """Before the first card is played."""


@dataclass(frozen=True, eq=False, repr=False)
class Target(Record):
    """The tricks the declaring side must take: between ``minimum`` and ``maximum`` inclusive."""

    minimum: int
    """Fewest tricks that make the contract."""
    maximum: int
    """Most tricks that make the contract (the hand size when there is no upper bound)."""

    def __post_init__(self) -> None:
        if not 0 <= self.minimum <= self.maximum:
            raise UsageError(f"A trick target needs 0 <= minimum <= maximum, not {self.minimum}..{self.maximum}.")

    @property
    def is_no_tricks(self) -> bool:
        """Whether this is the misère family's target: no trick at all."""
        return self.maximum == 0

    def made(self, tricks: int) -> bool:
        """Whether ``tricks`` taken by the declaring side makes the contract."""
        return self.minimum <= tricks <= self.maximum

    def missed_by(self, tricks: int) -> int:
        """How many tricks ``tricks`` falls outside the target (0 when made)."""
        if tricks < self.minimum:
            return self.minimum - tricks
        return max(0, tricks - self.maximum)

    def describe(self, hand_size: int) -> str:
        """The target in plain words."""
        if self.maximum == 0:
            return "no tricks"
        if self.minimum == self.maximum == hand_size:
            return "every trick"
        if self.minimum == self.maximum:
            return f"exactly {self.minimum} tricks"
        return f"at least {self.minimum} tricks"


@dataclass(frozen=True, eq=False, repr=False)
class Eligibility(Record):
    """When a contract may be bid (every condition must hold)."""

    auction_reached: int | None = None
    """Only once a bid of this level or higher has been made."""
    auction_below: int | None = None
    """Only while no bid of this level or higher has been made."""
    before_looking: bool = False
    """Only by a player who has not looked at their cards."""

    def describe(self) -> str:
        """The conditions in plain words."""
        parts = []
        if self.auction_reached is not None:
            parts.append(f"once the auction has reached {self.auction_reached}")
        if self.auction_below is not None:
            parts.append(f"only before the auction reaches {self.auction_below}")
        if self.before_looking:
            parts.append("only before looking at one's cards")
        return ", ".join(parts) or "at any time"


@dataclass(frozen=True, eq=False, repr=False)
class PlayStyle(Record):
    """How the hand is played under a contract."""

    strain: str
    """The strain played (``NT`` for the misère family); for modifiers and calls, ``bid`` means the bid's."""
    partner: PartnerRole = PartnerRole.PLAYS
    """What the declarer's partners do."""
    kitty: KittyUse = KittyUse.TAKE
    """What happens to the kitty."""
    exposed: Exposure = Exposure.NONE
    """Whose hand is laid open."""
    exposed_from: ExposureTime = ExposureTime.AFTER_FIRST_TRICK
    """When it is laid open."""


@dataclass(frozen=True, eq=False, repr=False)
class Contract(Record):
    """A contract in the ladder: an ordinary bid (level and strain) or a special contract."""

    id: str
    """How it is bid: ``7H``, ``10NT``, ``misere``."""
    name: str
    """In plain words: ``7 hearts``, ``misère``."""
    value: int
    """Points won when made, lost when failed."""
    rank: int
    """Precedence: 0 is the lowest bid; a higher rank outbids a lower one."""
    level: int | None
    """Tricks bid, for an ordinary bid; ``None`` for a special contract."""
    target: Target
    """What the declaring side must take."""
    style: PlayStyle
    """How the hand is played."""
    eligibility: Eligibility = Eligibility()
    """When it may be bid."""

    @property
    def is_special(self) -> bool:
        """Whether this is a special contract rather than an ordinary level-and-strain bid."""
        return self.level is None

    def __str__(self) -> str:
        return self.id


@dataclass(frozen=True, eq=False, repr=False)
class Extra(Record):
    """A modifier added to a bid (sans kitty) or a call made by the declarer after the auction (slam call)."""

    id: str
    """Its id, such as ``sans_kitty`` or ``slam_call``."""
    name: str
    """In plain words."""
    kind: str
    """``modifier`` or ``call``."""
    levels: tuple[int, ...]
    """Levels of ordinary bids it goes with."""
    contracts: tuple[str, ...]
    """Special contracts it goes with."""
    value: int | None
    """Fixed value, if any (declare: 500)."""
    no_trump_value: int | None
    """Fixed value in no trump, if different."""
    bonus: int
    """Added to the bid's value (sans kitty +40, slam call +100)."""
    target: Target | None
    """The trick target it imposes, or ``None`` to keep the bid's."""
    style: PlayStyle
    """How the hand is played with it."""


@dataclass(frozen=True, eq=False, repr=False)
class Ladder(Record):
    """Every biddable contract in precedence order, lowest first: a strict total order."""

    contracts: tuple[Contract, ...]
    """The contracts, lowest first; ``contracts[i].rank == i``."""
    _by_id: dict[str, Contract] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_id: dict[str, Contract] = {}
        for position, contract in enumerate(self.contracts):
            if contract.rank != position:
                raise UsageError(f"Contract {contract.id} has rank {contract.rank} at position {position}.")
            if contract.id in by_id:
                raise UsageError(f"Contract {contract.id} appears twice in the ladder.")
            by_id[contract.id] = contract
        object.__setattr__(self, "_by_id", by_id)

    def __len__(self) -> int:
        return len(self.contracts)

    def __iter__(self) -> Iterator[Contract]:
        return iter(self.contracts)

    def __contains__(self, contract_id: object) -> bool:
        return contract_id in self._by_id

    def get(self, contract_id: str) -> Contract | None:
        """The contract with this id, or ``None``."""
        return self._by_id.get(contract_id)

    def __getitem__(self, contract_id: str) -> Contract:
        contract = self._by_id.get(contract_id)
        if contract is None:
            raise NotFoundError(
                f"{shown(contract_id)} is not a contract of this variant's ladder: contracts are written like "
                f"{', '.join(self.ids[:3])}; the ladder's ids lists them all."
            )
        return contract

    def outranks(self, first: Contract, second: Contract) -> bool:
        """Whether ``first`` outbids ``second``."""
        return first.rank > second.rank

    @property
    def ids(self) -> tuple[str, ...]:
        """Every contract id, lowest first."""
        return tuple(contract.id for contract in self.contracts)
