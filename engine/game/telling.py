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

from ..kernel.events import Dealt, Event, HandResult
from ..kernel.seat_view import event_for
from ..kernel.tables import tables_for
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
    """The event as player ``seat`` is told it (``None``: as every seat is; see
    :func:`~engine.kernel.seat_view.event_for`): ``{"type": ..., fields...}``, withheld cards replaced by
    their number (``"cards": 3`` instead of the list; a list per hand for a deal) or ``null`` (one card,
    and whether a drawn card was kept)."""
    told = event_for(event, seat, tables_for(rules).controller)
    data: dict[str, Any] = {"type": event_type(event), **json_form(event)}
    for field in told.hidden:
        value = getattr(event, field)
        if isinstance(event, Dealt) and field == "hands":
            data[field] = [len(cards) for cards in value]
        elif isinstance(value, tuple):
            data[field] = len(value)
        else:
            data[field] = None
    return data


def observation_data(observation: Observation) -> dict[str, Any]:
    """The observation as JSON data (every field, cards by notation)."""
    data: dict[str, Any] = json_form(observation)
    return data
