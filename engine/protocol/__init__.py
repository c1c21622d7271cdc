"""Stage 8, the engine protocol: request lines in, reply lines out. ``fivehundred serve`` speaks JSON lines on
standard input and output (:mod:`~engine.protocol.server`), so that programs in any language can embed the
engine; :mod:`~engine.protocol.client` is a Python client for tests and scripts.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .limits import PROTOCOL

if TYPE_CHECKING:
    from .client import EngineClient, EngineReplyError
    from .server import Session, serve

_PUBLIC = {"EngineClient": "client", "EngineReplyError": "client", "Session": "server", "serve": "server"}
"""Each public name and its module, imported when first used (the command line's help reads
:mod:`~engine.protocol.limits` without loading the server)."""


def __getattr__(name: str) -> Any:
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # found directly from now on
    return value


__all__ = ["PROTOCOL", "EngineClient", "EngineReplyError", "Session", "serve"]
