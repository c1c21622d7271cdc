"""The web table's server (the ``web`` extra: aiohttp): the page and its files over HTTP, and the engine
protocol over a WebSocket, on 127.0.0.1 only.

Safe by default, as notebook servers are: a random token in the address, required on every request (the
page's own files included) and on the WebSocket; the ``Host`` header must name this server (so a page
from another site cannot reach it by rebinding a name to 127.0.0.1) and an ``Origin``, when a browser
sends one, must be this server's own (so another page open in the same browser cannot drive it). Every
message is a protocol request, answered by :class:`~engine.web.session.WebSession` (the protocol's checks,
then the web table's commands) on one thread, in order; ``simulate``, ``compare`` and ``sweep`` run on a
thread of their own (:mod:`~engine.web.runs`) and send ``progress`` messages as they go. Messages are at
most :data:`MAX_MESSAGE_BYTES`; at most :data:`MAX_SOCKETS` pages are connected at once. Every error is a
JSON reply with a code and a sentence, never a traceback.
"""

from __future__ import annotations

import asyncio
import hmac
import itertools
import json
import secrets
from concurrent.futures import ThreadPoolExecutor
from importlib import resources
from typing import Any

from aiohttp import WSMsgType, web

from ..protocol.server import MAX_LINE_BYTES, RequestError
from .runs import RUN_COMMANDS, RunGuard, run
from .session import WebSession

MAX_MESSAGE_BYTES = MAX_LINE_BYTES
"""Largest WebSocket message or request body read (1 MiB, the protocol's longest line)."""
MAX_SOCKETS = 8
"""Most pages connected at once."""
STATIC_FILES = {"app.js": "text/javascript", "table.js": "text/javascript", "style.css": "text/css"}
"""The page's own files besides ``index.html``, and their types: nothing else is served."""
_SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
    "frame-src 'self' blob: data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
"""Sent with every answer: the page loads nothing from another host and is framed by nothing."""


def _static(name: str) -> bytes:
    return resources.files(__package__).joinpath("static", name).read_bytes()


def _error(status: int, code: str, message: str) -> web.Response:
    body = {"id": None, "ok": False, "error": {"code": code, "message": message}}
    return web.json_response(body, status=status, headers=_SECURITY_HEADERS)


class WebTable:
    """One web table's server state: its port, token, session and the one simulation's guard."""

    def __init__(self, root: str, port: int, token: str | None = None) -> None:
        self.root = root
        """The folder the server was started in: files are read and written under it only."""
        self.port = port
        """The port (filled in once bound, when 0 was asked for)."""
        self.token = token or secrets.token_urlsafe(24)
        """The random token every request must carry."""
        self.session = WebSession(root)
        """The protocol session every page shares (a game lives while a page that holds it is connected)."""
        self.guard = RunGuard()
        """At most one simulation at a time."""
        self.sockets = 0
        """Pages connected now."""
        self.holders: dict[str, dict[int, set[int]]] = {}
        """Per open game, the pages (numbered as they connect) that started it, loaded it or took a seat at
        it, each with the seats it took: a game no page holds any longer is closed, and a page's seats are
        given back to the bots when it goes (a trial reloaded the page sixteen times and could start no
        game: each page's games stayed open, up to the web table's limit). Read and written on the
        session's own thread only, in order with the requests."""
        self._pages = itertools.count(1)
        self._engine = ThreadPoolExecutor(1, thread_name_prefix="fivehundred-web")
        self._runs = ThreadPoolExecutor(1, thread_name_prefix="fivehundred-run")

    @property
    def address(self) -> str:
        """The page's address, token included."""
        return f"http://127.0.0.1:{self.port}/?token={self.token}"

    # -- the checks every request passes ------------------------------------------------------------------

    def _hosts(self) -> set[str]:
        return {f"127.0.0.1:{self.port}", f"localhost:{self.port}"}

    def refusal(self, request: web.Request) -> web.Response | None:
        """Why ``request`` is refused (a JSON error), or ``None``: the Host, the Origin and the token."""
        if request.host not in self._hosts():
            return _error(403, "forbidden", "The Host header does not name this server (127.0.0.1 or localhost and its port).")
        origin = request.headers.get("Origin")
        if origin is not None and origin not in {f"http://{host}" for host in self._hosts()}:
            return _error(403, "forbidden", "Requests from another page's origin are refused.")
        token = request.query.get("token", "")
        if not hmac.compare_digest(token.encode("utf-8", "replace"), self.token.encode()):
            return _error(403, "forbidden", "The address lacks this server's token: open the address the server printed.")
        return None

    # -- HTTP ---------------------------------------------------------------------------------------------

    async def page(self, request: web.Request) -> web.StreamResponse:
        """``/``: the page, with its token written into it."""
        text = _static("index.html").decode("utf-8").replace("{{TOKEN}}", self.token)
        return web.Response(text=text, content_type="text/html", headers=_SECURITY_HEADERS)

    async def static(self, request: web.Request) -> web.StreamResponse:
        """``/static/NAME``: one of the page's own files."""
        name = request.match_info["name"]
        if name not in STATIC_FILES:
            return _error(404, "not_found", "There is no such file.")
        return web.Response(body=_static(name), content_type=STATIC_FILES[name], headers=_SECURITY_HEADERS)

    async def api(self, request: web.Request) -> web.StreamResponse:
        """``POST /api``: one protocol request as a JSON body, its reply as the answer (for a client without
        WebSockets; a run's progress is not sent this way)."""
        if request.content_length is not None and request.content_length > MAX_MESSAGE_BYTES:
            return _error(413, "line_too_long", f"A request may have at most {MAX_MESSAGE_BYTES:,} bytes.")
        body = await request.read()  # at most client_max_size, the same bound (a longer body is a 413)
        reply = await self.answer(body, None)
        return web.Response(text=reply, content_type="application/json", headers=_SECURITY_HEADERS)

    # -- the WebSocket ------------------------------------------------------------------------------------

    async def socket(self, request: web.Request) -> web.StreamResponse:
        """``/ws``: protocol requests in, replies (and a run's ``progress``) out, one JSON text each."""
        if self.sockets >= MAX_SOCKETS:
            return _error(503, "busy", f"At most {MAX_SOCKETS} pages may be connected at once; close one.")
        socket = web.WebSocketResponse(max_msg_size=MAX_MESSAGE_BYTES, heartbeat=30)
        await socket.prepare(request)
        self.sockets += 1
        page = next(self._pages)
        tasks: set[asyncio.Task[None]] = set()
        try:
            async for message in socket:
                if message.type == WSMsgType.TEXT:
                    task = asyncio.ensure_future(self._reply_on(socket, message.data, page))
                    tasks.add(task)
                    task.add_done_callback(tasks.discard)
                elif message.type == WSMsgType.BINARY:
                    await socket.send_str(
                        self.session._reply(None, error=RequestError("bad_json", "Send requests as JSON text, not binary."))
                    )
                elif message.type == WSMsgType.ERROR:
                    break
        finally:
            self.sockets -= 1
            # The page's requests still running first (a game started as the page closed is held, then let go).
            await asyncio.gather(*tasks, return_exceptions=True)
            await asyncio.get_running_loop().run_in_executor(self._engine, self._let_go, page)
        return socket

    async def _reply_on(self, socket: web.WebSocketResponse, data: str, page: int) -> None:
        reply = await self.answer(data, socket, page)
        if not socket.closed:
            await socket.send_str(reply)

    def _answer_held(self, line: str, page: int | None) -> str:
        """On the session's thread: the reply to one request, noting the game it started, loaded or sat at
        for ``page`` (``None``: a request over ``/api``, whose client closes its own games)."""
        reply = self.session.answer_line(line)
        if page is None or '"game"' not in reply or not any(command in line for command in ('"new_game"', '"load"', '"sit"')):
            return reply
        try:
            asked, answered = json.loads(line), json.loads(reply)
        except ValueError:
            return reply
        game = answered.get("game") if isinstance(answered, dict) and answered.get("ok") else None
        if isinstance(game, str) and game in self.session.games:
            seats = self.holders.setdefault(game, {}).setdefault(page, set())
            player = asked.get("player") if isinstance(asked, dict) and asked.get("cmd") == "sit" else None
            if isinstance(player, int) and not isinstance(player, bool):
                seats.add(player)
        return reply

    def _let_go(self, page: int) -> None:
        """On the session's thread, once ``page`` has gone (a reload, a closed window): its seats go back to
        the bots, and the games no page holds any longer are closed."""
        for game in [game for game, pages in self.holders.items() if page in pages]:
            pages = self.holders[game]
            self.session.stand_up(game, pages.pop(page))
            if not pages:
                del self.holders[game]
                if game in self.session.games:
                    self.session.answer_line(json.dumps({"cmd": "close", "game": game}))

    async def answer(self, data: str | bytes, socket: web.WebSocketResponse | None, page: int | None = None) -> str:
        """The reply to one request (a run's progress sent on ``socket`` as it goes; the games it starts,
        loads or sits at held for ``page``, as ``holders`` says)."""
        loop = asyncio.get_running_loop()
        try:
            request = json.loads(data)
        except (UnicodeDecodeError, ValueError, RecursionError) as error:
            return self.session._reply(None, error=RequestError("bad_json", f"The message is not a JSON object: {str(error)[:200]}."))
        command = request.get("cmd") if isinstance(request, dict) else None
        if command not in RUN_COMMANDS:
            # The session answers one request at a time, in order, on its own thread.
            return await loop.run_in_executor(self._engine, self._answer_held, json.dumps(request), page)
        return await self._run(request, socket)

    async def _run(self, request: dict[str, Any], socket: web.WebSocketResponse | None) -> str:
        identifier = request.get("id") if type(request.get("id")) in (int, str) else None
        if request.get("cmd") == "cancel":
            self.guard.cancelled.set()
            return self.session._reply(identifier, {"cancelling": self.guard.running})
        loop = asyncio.get_running_loop()

        def progress(done: int, total: int) -> None:
            if socket is not None and not socket.closed:
                text = json.dumps({"id": identifier, "progress": {"done": done, "total": total}})
                asyncio.run_coroutine_threadsafe(socket.send_str(text), loop)

        try:
            fields = await loop.run_in_executor(self._runs, run, self.session, self.guard, request, progress)
        except RequestError as error:
            return self.session._reply(identifier, error=error)
        except Exception as error:  # a bug: answered, never fatal to the server
            message = f"internal error, please report it: {type(error).__name__}: {str(error)[:300]}"
            return self.session._reply(identifier, error=RequestError("internal", message))
        return self.session._reply(identifier, fields)

    def close(self) -> None:
        """Stop the threads (a running simulation is cancelled)."""
        self.guard.cancelled.set()
        self._engine.shutdown(wait=False, cancel_futures=True)
        self._runs.shutdown(wait=False, cancel_futures=True)


TABLE = web.AppKey("table", WebTable)
"""The application's key for its :class:`WebTable`."""


@web.middleware
async def _checked(request: web.Request, handler: Any) -> web.StreamResponse:
    """Refuse what :meth:`WebTable.refusal` refuses, and answer every error as JSON."""
    table = request.app[TABLE]
    refused = table.refusal(request)
    if refused is not None:
        return refused
    try:
        response: web.StreamResponse = await handler(request)
        return response
    except web.HTTPException as error:
        code = {404: "not_found", 413: "line_too_long"}.get(error.status, "bad_request")
        return _error(error.status, code, f"{error.reason}: {request.method} {request.path[:80]}.")
    except Exception as error:  # a bug: a sentence, never a traceback
        return _error(500, "internal", f"internal error, please report it: {type(error).__name__}: {str(error)[:300]}")


def make_app(table: WebTable) -> web.Application:
    """The aiohttp application of ``table``."""
    app = web.Application(middlewares=[_checked], client_max_size=MAX_MESSAGE_BYTES)
    app[TABLE] = table
    app.router.add_get("/", table.page)
    app.router.add_get("/static/{name}", table.static)
    app.router.add_post("/api", table.api)
    app.router.add_get("/ws", table.socket)
    return app


async def start(table: WebTable) -> web.AppRunner:
    """Bind ``table``'s server to 127.0.0.1 (its port filled in when 0 was asked for) and start it."""
    runner = web.AppRunner(make_app(table), access_log=None, handle_signals=False)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", table.port, reuse_address=False)
    await site.start()
    server = getattr(site, "_server", None)
    sockets = getattr(server, "sockets", None) or []
    if sockets:
        table.port = sockets[0].getsockname()[1]
    return runner


def serve_forever(table: WebTable, ready: Any = None) -> None:
    """Run ``table``'s server until interrupted; ``ready(table)`` is called once it listens."""

    async def main() -> None:
        runner = await start(table)
        try:
            if ready is not None:
                ready(table)
            while True:
                await asyncio.sleep(3600)
        finally:
            await runner.cleanup()
            table.close()

    asyncio.run(main())


__all__ = ["MAX_MESSAGE_BYTES", "MAX_SOCKETS", "WebTable", "make_app", "serve_forever", "start"]
