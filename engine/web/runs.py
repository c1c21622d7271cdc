"""Simulations from the web table: ``simulate``, ``compare`` and ``sweep`` requests, one run at a time,
with progress as they go and the one-page report when they end.

A run is long (seconds to minutes), so the server runs it on a thread of its own and passes the page
:func:`run`'s ``progress(done, total)`` calls; ``cancel`` stops the run at its next chunk. The request's
fields are checked here as the command line checks its options (counts, bots, workers, seed), and the
variant is read as the protocol reads one (a shipped name, a house-rules file under the server's folder,
or the text itself): :meth:`~engine.protocol.server.Session._rules`.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable
from typing import Any

from ..bots import BOT_NAMES
from ..errors import FiveHundredError, NotFoundError, UsageError, VariantError, shown
from ..language.resources import shipped_variant_path
from ..protocol.server import RequestError
from ..rules.ruleset import Rules
from ..simulation.report import to_text
from ..simulation.runner import Execution, available_cores, simulate
from . import files
from .session import WebSession

MAX_RUN_UNITS = 1_000_000
"""Most hands or games one run from the page may ask for."""
MAX_SWEEP_VALUES = 8
"""Most values one sweep from the page may try."""
RUN_COMMANDS = ("simulate", "compare", "sweep", "cancel")
"""The commands this module answers."""


class Cancelled(Exception):
    """The person cancelled the run."""


class RunGuard:
    """At most one run at a time, and the flag that cancels it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.running = False
        """Whether a run is going on."""
        self.cancelled = threading.Event()
        """Set by ``cancel``: the running run stops at its next chunk."""

    def start(self) -> None:
        """Take the one run's place; :class:`RequestError` (``busy``) when a run is going on."""
        with self._lock:
            if self.running:
                raise RequestError("busy", "A simulation is running already: wait for it to end, or cancel it.")
            self.running = True
            self.cancelled.clear()

    def finish(self) -> None:
        """Free the place."""
        with self._lock:
            self.running = False


def _count(request: dict[str, Any]) -> tuple[int, int]:
    """(hands, games) from the request: one of them, a whole number from 1 to :data:`MAX_RUN_UNITS`."""
    hands, games = request.get("hands"), request.get("games")
    if (hands is None) == (games is None):
        raise RequestError("bad_request", "Give 'hands' or 'games' (how many to play), one of them.")
    value = hands if hands is not None else games
    if type(value) is not int or not 1 <= value <= MAX_RUN_UNITS:
        raise RequestError("bad_request", f"'hands' or 'games' must be a whole number from 1 to {MAX_RUN_UNITS:,}.")
    return (value, 0) if hands is not None else (0, value)


def _settings(request: dict[str, Any]) -> dict[str, Any]:
    """The bots, seed and workers of a run, checked."""
    bots = request.get("bots", [])
    if isinstance(bots, str):
        bots = [name.strip() for name in bots.split(",") if name.strip()]
    unknown = [name for name in bots if isinstance(name, str) and name not in BOT_NAMES] if isinstance(bots, list) else []
    if unknown:  # named, so a typo is seen (a trial read only the list of names)
        raise RequestError("bad_request", f"'bots': {shown(unknown[0][:40])} is not a bot; the bots are {', '.join(BOT_NAMES)}.")
    if not isinstance(bots, list) or len(bots) > 8 or not all(isinstance(name, str) and name in BOT_NAMES for name in bots):
        raise RequestError("bad_request", f"'bots' must name a bot per seat (or none: heuristic everywhere), from {', '.join(BOT_NAMES)}.")
    seed = request.get("seed", 0)
    if type(seed) is not int or not 0 <= seed < 2**63:
        raise RequestError("bad_request", "'seed' must be a whole number from 0.")
    workers = request.get("workers", 1)
    if type(workers) is not int or not 1 <= workers <= 64:
        raise RequestError("bad_request", "'workers' must be a whole number from 1 to 64.")
    return {"bots": bots, "seed": seed, "workers": min(workers, available_cores())}


def _variant(session: WebSession, request: dict[str, Any], name: str, text_name: str) -> Rules:
    """The variant a run names in ``name`` (a shipped name or a file under the server's folder) or gives
    in ``text_name`` (a file's text), read as the protocol's ``new_game`` reads one."""
    asked = {key: request[source] for key, source in (("variant", name), ("variant_text", text_name)) if source in request}
    if not asked:
        raise RequestError("bad_request", f"Give '{name}' (a shipped name or a file) or '{text_name}' (a file's text).")
    return session._rules(asked)


def _page() -> Any | None:
    """:mod:`engine.simulation.page` when the plot extra (matplotlib) is installed, else ``None``."""
    try:
        return importlib.import_module("..simulation.page", __package__)
    except ImportError:
        return None


def run(session: WebSession, guard: RunGuard, request: dict[str, Any], progress: Callable[[int, int], None]) -> dict[str, Any]:
    """Carry out one ``simulate``, ``compare`` or ``sweep`` request (on a thread of its own): its text
    report and, with the plot extra, its one-page HTML report. Raises :class:`RequestError`."""
    command = request.get("cmd")
    hands, games = _count(request)
    settings = _settings(request)

    def step(done: int, total: int) -> None:
        if guard.cancelled.is_set():
            raise Cancelled
        progress(done, total)

    guard.start()
    try:
        workers = settings.pop("workers")
        common = {"hands": hands, "games": games, "execution": Execution(workers, progress=step), **settings}
        if command == "simulate":
            rules = _variant(session, request, "variant", "variant_text")
            result = simulate(rules, **common)
            page = _page()
            return {"text": to_text(result), "html": page.simulation_page(result) if page is not None else None}
        if command == "compare":
            from ..simulation.comparison import compare, compare_text

            first = _variant(session, request, "first", "first_text")
            second = _variant(session, request, "second", "second_text")
            comparison = compare(first, second, **common)
            page = _page()
            return {"text": compare_text(comparison), "html": page.comparison_page(comparison) if page is not None else None}
        from ..simulation.sweep import SweepError, parse_set, sweep, sweep_text

        variant = request.get("variant")
        if not isinstance(variant, str) or not variant:
            raise RequestError("bad_request", "'variant' must name a shipped variant or a house-rules file (save the editor's text first).")
        reference = variant if shipped_variant_path(variant) is not None else files.resolve(session.root, variant)
        key = request.get("set")
        if not isinstance(key, str) or len(key) > 2000:
            raise RequestError("bad_request", "'set' must be KEY=V1,V2,... (such as contracts.misere.value=200,250,300).")
        try:
            parsed = parse_set(key)
            if len(parsed.values) > MAX_SWEEP_VALUES:
                raise RequestError("bad_request", f"A sweep from the page tries at most {MAX_SWEEP_VALUES} values.")
            swept = sweep(reference, [parsed], **common)
        except SweepError as error:
            raise RequestError("bad_request", str(error)) from None
        page = _page()
        return {"text": sweep_text(swept), "html": page.sweep_page(swept) if page is not None else None}
    except Cancelled:
        raise RequestError("cancelled", "The run was cancelled.") from None
    except files.FileRefusal as error:
        raise RequestError("file_refused", str(error)) from None
    except VariantError as error:
        raise RequestError("invalid_variant", str(error.problems[0]) if error.problems else str(error)) from None
    except (UsageError, NotFoundError):
        raise  # a misuse of the engine by itself: the server's handler answers it as an internal error
    except FiveHundredError as error:
        raise RequestError("bad_request", str(error)) from None
    finally:
        guard.finish()


__all__ = ["MAX_RUN_UNITS", "RUN_COMMANDS", "Cancelled", "RunGuard", "run"]
