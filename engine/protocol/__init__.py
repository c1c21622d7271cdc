"""Stage 8, the engine protocol: request lines in, reply lines out. ``fivehundred serve`` speaks JSON lines on
standard input and output (:mod:`~engine.protocol.server`), so that programs in any language can embed the
engine; :mod:`~engine.protocol.client` is a Python client for tests and scripts.
"""

from __future__ import annotations

from .client import EngineClient, EngineReplyError
from .server import PROTOCOL, Session, serve

__all__ = ["PROTOCOL", "EngineClient", "EngineReplyError", "Session", "serve"]
