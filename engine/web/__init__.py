"""Stage 9, the web table: a browser's requests in, the table, the editor and the reports out.
``fivehundred web`` (the ``web`` extra, aiohttp) serves a page on 127.0.0.1 that speaks the engine protocol
over a WebSocket (:mod:`~engine.web.server`), answered by :class:`~engine.web.session.WebSession`: the
protocol's session with the commands a table and an editor need besides; simulations run through
:mod:`~engine.web.runs`, and files are read and written under the server's folder only
(:mod:`~engine.web.files`). This package's ``__init__`` imports no server library: only
:mod:`~engine.web.server` does, when the command runs.
"""

from __future__ import annotations

from .session import WebSession

__all__ = ["WebSession"]
