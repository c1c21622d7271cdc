"""Bidding conventions a heuristic bot may follow where it has no bid of its own: showing a suit with an
inkle (rules text 003, "Inkles") and opening 6NT with the joker (rules text 000, "Bidding conventions")."""

from __future__ import annotations

from collections.abc import Sequence

from ..kernel.tables import Tables, cards_in
from ..rules.contracts import Contract
from ..rules.ruleset import Rules
from .profile import Profile


def inkle_bid(tables: Tables, hand: int, bids: Sequence[Contract], level: int) -> int | None:
    """The rank of an inkle among ``bids`` (a bid at the inkle ``level``) that shows a suit of three or more
    cards headed by an ace, king or jack in ``hand``, or ``None``."""
    cards = tables.cards
    for contract in bids:
        if contract.level != level or contract.style.strain not in tables.suits:
            continue
        suit = [card for card in (cards[index] for index in cards_in(hand)) if card.suit == contract.style.strain]
        if len(suit) >= 3 and any(card.rank in ("A", "K", "J") for card in suit):
            return contract.rank
    return None


def convention_bid(rules: Rules, tables: Tables, profile: Profile, hand: int, bids: Sequence[Contract], jokers: int) -> int | None:
    """The rank of the bid among ``bids`` (legal now) that ``profile``'s conventions make with ``hand``
    where the bot has no bid of its own: an inkle where the variant has them, 6NT holding a joker (of the
    ``jokers`` mask) where the profile opens so; ``None`` otherwise."""
    inkles = rules.auction.inkles
    if inkles is not None and profile.inkles:
        shown = inkle_bid(tables, hand, bids, inkles.level)
        if shown is not None:
            return shown
    if profile.six_no_trump_shows_joker and hand & jokers:
        six = next((contract for contract in bids if contract.id == "6NT"), None)
        if six is not None:
            return six.rank
    return None


__all__ = ["convention_bid", "inkle_bid"]
