"""A Python client of the engine protocol: starts ``fivehundred serve`` as a subprocess and sends it
requests, one at a time (for tests, scripts, and as a model for clients in other languages)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from typing import Any


class EngineReplyError(Exception):
    """The engine answered ``ok: false``: its error ``code`` and ``message``."""

    def __init__(self, error: dict[str, Any]) -> None:
        super().__init__(f"{error.get('code')}: {error.get('message')}")
        self.code: str = str(error.get("code"))
        """The error's code (``illegal_action``, ...)."""
        self.error = error
        """The whole error object."""


class EngineClient:
    """A running ``fivehundred serve`` (``command``: how to start it; by default this Python's engine).

    Use as a context manager, or call :meth:`close`. :meth:`request` returns the reply's fields and raises
    :class:`EngineReplyError` for an error reply."""

    def __init__(self, command: Sequence[str] | None = None, cwd: str | None = None) -> None:
        self._process = subprocess.Popen(
            list(command or [sys.executable, "-m", "engine", "serve"]),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=cwd,
            text=True,
            encoding="utf-8",
        )
        self._next = 0

    def send_line(self, line: str) -> dict[str, Any]:
        """Send one raw line (a newline is added) and return the decoded reply line. A text holding a line
        break is refused (:class:`ValueError`): the engine would answer each of its lines, and the replies
        would fall out of step with the requests."""
        assert self._process.stdin is not None and self._process.stdout is not None
        if "\n" in line:
            raise ValueError("send_line sends one line: the text holds a line break (each line gets a reply of its own).")
        self._process.stdin.write(line + "\n")
        self._process.stdin.flush()
        reply = self._process.stdout.readline()
        if not reply:
            raise ConnectionError(f"the engine ended (exit code {self._process.poll()}) without replying")
        decoded: dict[str, Any] = json.loads(reply)
        return decoded

    def request(self, cmd: str, **fields: Any) -> dict[str, Any]:
        """Send ``cmd`` with ``fields`` and return the reply (raises :class:`EngineReplyError` if not ok)."""
        self._next += 1
        reply = self.send_line(json.dumps({"id": self._next, "cmd": cmd, **fields}))
        if reply.get("id") != self._next:
            raise ConnectionError(f"reply {reply.get('id')!r} out of order (expected {self._next})")
        if not reply.get("ok"):
            raise EngineReplyError(reply.get("error") or {})
        return reply

    def close(self) -> int:
        """Ask the engine to quit and wait for it; returns its exit code."""
        if self._process.poll() is None:
            try:
                self.request("quit")
            except (OSError, ConnectionError, EngineReplyError):
                pass
            if self._process.stdin is not None:
                self._process.stdin.close()
        code = self._process.wait(timeout=30)
        if self._process.stdout is not None:
            self._process.stdout.close()
        return code

    def __enter__(self) -> EngineClient:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()
