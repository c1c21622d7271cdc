"""Events and observations as JSON data, told as one seat may be told them (or as everyone may).

:func:`event_data` gives an event's JSON form with the cards a seat may not see left out: nobody is told
the cards dealt (a seat's own cards are in its observation, which knows when it may look at them: a blind
misère bidder may not), the kitty taken or the cards discarded except their owner, a card given except
its giver and taker, a card drawn or a table card's discard except the drawer. Everything played in the
open is told to all. :func:`observation_data` gives an observation's JSON form.
"""

from __future__ import annotations

import dataclasses
import re
from enum import Enum
from typing import Any

from ..kernel.events import CardGiven, Dealt, Discarded, Drew, Event, HandResult, KittyTaken, Picked
from ..rules.cards import Card
from ..rules.ruleset import Rules
from .observation import Observation


def json_form(value: object) -> Any:
    """``value`` as JSON data: cards by their notation (``"AS"``, ``"JK"``), enums by value, dataclasses as
    objects of their fields, tuples and sets as lists."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, HandResult):
        return value.to_dict()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {field.name: json_form(getattr(value, field.name)) for field in dataclasses.fields(value) if not field.name.startswith("_")}
    if isinstance(value, (tuple, list, frozenset, set)):
        return [json_form(each) for each in value]
    if isinstance(value, dict):
        return {str(key): json_form(each) for key, each in value.items()}
    return value


def event_type(event: Event) -> str:
    """The event's type as the JSON form names it: ``CardPlayed`` → ``card_played``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", type(event).__name__).lower()


def event_data(event: Event, rules: Rules, seat: int | None = None) -> dict[str, Any]:
    """The event as ``seat`` may be told it (``None``: as every seat may): ``{"type": ..., fields...}``,
    hidden cards replaced by their number (``"cards": 3`` instead of the list)."""
    data: dict[str, Any] = {"type": event_type(event), **json_form(event)}

    def sees(owner: int) -> bool:
        return seat is not None and rules.seating.controller(owner) == seat

    if isinstance(event, Dealt):
        data["hands"] = [len(cards) for cards in event.hands]
        data["kitty"] = len(event.kitty)
        data["dead_hand"] = len(event.dead_hand)
    elif isinstance(event, (KittyTaken, Discarded)) and not sees(event.seat):
        data["cards"] = len(event.cards)
    elif isinstance(event, CardGiven) and not (sees(event.seat) or sees(event.to)):
        data["card"] = None
    elif isinstance(event, Drew) and not sees(event.seat):
        data["card"] = data["kept"] = None
    elif isinstance(event, Picked) and not sees(event.seat) and event.discarded is not None:
        data["discarded"] = None
    return data


def observation_data(observation: Observation) -> dict[str, Any]:
    """The observation as JSON data (every field, cards by notation)."""
    data: dict[str, Any] = json_form(observation)
    return data
