"""A strain's card order as the built-in bots read it: masks of trumps and suits, each card's place in
its suit, and the cards ranked above and below it, built once per variant and shared by every bot."""

from __future__ import annotations

from ..kernel.tables import Tables, mask_of
from ..rules.strains import TRUMP_POWER, CardOrder


class StrainView:
    """One strain's card order in the forms the bot's decisions need."""

    def __init__(self, order: CardOrder, jokers: int) -> None:
        self.order = order
        self.power = order.power
        self.suit_of = order.suit_of
        self.is_trump = order.strain.trump is not None
        self.trumps = mask_of(order.trump_cards)
        self.trump_cards = order.trump_cards
        self.jokers = jokers
        count = len(order.power)
        self.place: list[int] = [-1] * count  # position in its suit's plain order, highest first
        self.side_suits = [(mask_of(plain), plain[:3]) for _, plain in order.plain_order if plain]
        """Per suit: the mask of its plain cards and its top three, highest first."""
        self.ladders = [plain[::-1] for _, plain in order.plain_order]
        """Per suit: its plain cards, lowest first."""
        for _, plain in order.plain_order:
            for position, index in enumerate(plain):
                self.place[index] = position
        # Per card: the cards of its own suit (jokers with jokers) ranked above and below it.
        self.higher: list[int] = [0] * count
        self.lower: list[int] = [0] * count
        for index in range(count):
            for other in range(count):
                if order.suit_of[other] == order.suit_of[index]:
                    if order.power[other] > order.power[index] and order.power[other] < TRUMP_POWER:
                        self.higher[index] |= 1 << other
                    elif order.power[other] < order.power[index]:
                        self.lower[index] |= 1 << other

    def key(self, index: int, led: str | None) -> int:
        """How strongly card ``index`` competes in a trick led in ``led`` (-1: it cannot win)."""
        power = self.power[index]
        return power if power >= TRUMP_POWER or self.suit_of[index] == led else -1


_CACHE: dict[int, tuple[Tables, dict[str, StrainView]]] = {}


def strain_views(tables: Tables) -> dict[str, StrainView]:
    """The strains of ``tables`` (built once per tables object: every bot of a run shares them)."""
    cached = _CACHE.get(id(tables))
    if cached is not None and cached[0] is tables:
        return cached[1]
    jokers = mask_of(card.index for card in tables.cards if card.is_joker)
    strains = {order.strain.id: StrainView(order, jokers) for order in tables.rules.card_orders}
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[id(tables)] = (tables, strains)
    return strains


__all__ = ["StrainView", "strain_views"]
