"""Simulation: many hands or games under a variant with bots, in one process or many, resumable.

The deals of hand or game ``i`` of a run, and its bots' random choices, come from ``(seed, i)`` alone, and
tallies are integers merged in order, so the totals are the same whatever the number of worker processes
and whatever the size of the chunks the work is split into (about a second's work each, by default);
with a checkpoint file each finished chunk is written as it completes, and a resumed run skips the
chunks already there and reaches the same totals.
"""

from __future__ import annotations

import dataclasses
import os
import random
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..bots import BOT_NAMES, make_bot
from ..bots import calibration as bot_calibration
from ..bots.playouts import allow_second_process
from ..bots.profile import Profile
from ..errors import FiveHundredError
from ..kernel.support import check_supported
from ..rules.compiler import load_variant
from ..rules.ruleset import Rules
from .checkpoint import CHECKPOINT_FORMAT, CheckpointError, Resumed, chunk_line, open_checkpoint, read_checkpoint
from .figures import Row
from .rule_use import RuleWatch
from .tally import Tally
from .units import MAX_HANDS_PER_GAME as MAX_HANDS_PER_GAME
from .units import MAX_UNITS as MAX_UNITS
from .units import play_units
from .units import unit_seeds as unit_seeds

if TYPE_CHECKING:
    from concurrent.futures import Future

CHUNK = 50
"""Hands or games per chunk of work where a test asks for a fixed size (``simulate(chunk=CHUNK)``); by
default the size is chosen from the bots (:func:`chunk_size`). Results never depend on it."""
CHUNK_SECONDS = 1.0
"""About how long one chunk of work should take: long enough that handing chunks to workers and folding
their tallies costs little, short enough for progress to move and a checkpoint to lose little."""
BOT_HANDS_PER_SECOND = {"random": 3000.0, "heuristic": 1200.0, "classic": 1200.0, "threshold": 1200.0, "sampling": 4.0, "expert": 0.5}
"""Rough hands a second of each bot on one core (pure Python), to size chunks."""
HANDS_PER_GAME = 7
"""Rough hands in a game, to size chunks of games."""


class SimulationError(FiveHundredError, ValueError):
    """A simulation cannot run as asked (bad settings, a checkpoint from another run)."""


@dataclass(frozen=True)
class SimulationSettings:
    """What to simulate; checks itself on creation."""

    variant: str | Rules
    """A shipped variant's name, a variant file's path, or compiled rules (``engine.compile_text``)."""
    hands: int = 0
    """Hands to play, each the first hand of a fresh game (0 when playing games)."""
    games: int = 0
    """Whole games to play (0 when playing hands)."""
    seed: int = 0
    """The run's seed: hand or game ``i`` is dealt from ``(seed, i)``."""
    bots: tuple[str, ...] = ()
    """A bot name per seat (empty: heuristic everywhere)."""
    chunk: int = 0
    """Hands or games per chunk of work (0: chosen by :func:`chunk_size`). Each hand or game is dealt and
    its bots seeded from ``(seed, index)`` alone, so results do not depend on it."""

    def __post_init__(self) -> None:
        if not isinstance(self.variant, (str, Rules)):
            raise SimulationError(
                f"The variant must be a shipped variant's name, a variant file's path or compiled rules, not {type(self.variant).__name__}."
            )
        if type(self.hands) is not int or type(self.games) is not int or type(self.seed) is not int or type(self.chunk) is not int:
            raise SimulationError("hands, games, seed and chunk are whole numbers.")
        if not 0 <= self.chunk <= MAX_UNITS:
            raise SimulationError(f"chunk is 0 (chosen for you) or a number of hands or games up to {MAX_UNITS:,}, not {self.chunk}.")
        if (self.hands > 0) == (self.games > 0) or self.hands < 0 or self.games < 0:
            if self.hands > 0 and self.games > 0:
                raise SimulationError(f"Ask for a number of hands or of games, not both (hands={self.hands:,}, games={self.games:,}).")
            asked = (
                " and ".join(f"{name}={count:,}" for name, count in (("hands", self.hands), ("games", self.games)) if count) or "neither"
            )
            raise SimulationError(f"Ask for a positive number of hands or of games, not {asked}.")
        if max(self.hands, self.games) > MAX_UNITS:
            raise SimulationError(
                f"At most {MAX_UNITS:,} hands or games can be asked for in one run (about a day's work on one core), not {max(self.hands, self.games):,}."
            )
        if not isinstance(self.bots, tuple) or not all(isinstance(name, str) for name in self.bots):
            raise SimulationError("bots are given by name, such as ('heuristic', 'random', 'heuristic', 'random').")
        for name in self.bots:
            if name not in BOT_NAMES:
                raise SimulationError(f"There is no bot called {name!r}; choose from {', '.join(BOT_NAMES)}.")

    @property
    def variant_name(self) -> str:
        """How reports and checkpoints name the variant."""
        variant = self.variant
        return variant if isinstance(variant, str) else variant.reference or variant.name

    @property
    def units(self) -> int:
        """Hands or games to play."""
        return self.hands or self.games


@dataclass(frozen=True)
class Execution:
    """How a run is carried out, not what it plays: the processes or the cluster that play its chunks and
    the calls that report how far it has got. Results never depend on it (each hand or game is dealt and
    its bots seeded from the run's seed and its number alone). :func:`simulate`, ``compare``, ``sweep``
    and the skill chain all take one; checks itself on creation."""

    workers: int = 1
    """Processes that share the work, at least 1; at most one per core is used
    (:func:`available_cores`: the result's ``workers`` says how many ran)."""
    cluster: str | None = None
    """The address of a Dask scheduler to send the chunks to instead (the ``cluster`` extra), or ``None``
    to play them on this machine."""
    progress: Callable[[int, int], None] | None = None
    """Called as ``progress(done, total)`` with the chunks finished and the chunks in all, once with
    ``done`` 0 before the first and again as each finishes."""
    on_unit: Callable[[], None] | None = None
    """Called after each hand or game played in this process (one worker, no cluster), for a progress
    line that moves within a chunk."""

    def __post_init__(self) -> None:
        if type(self.workers) is not int or self.workers < 1:
            raise SimulationError(f"workers must be a whole number, at least 1, not {self.workers!r:.40}.")
        if self.cluster is not None and (not isinstance(self.cluster, str) or not self.cluster.strip()):
            raise SimulationError(
                f"The cluster is a Dask scheduler's address, such as 'tcp://10.0.0.5:8786', or None, not {self.cluster!r:.40}."
            )
        for name in ("progress", "on_unit"):
            if getattr(self, name) is not None and not callable(getattr(self, name)):
                raise SimulationError(f"{name} must be a function to call, or None, not {getattr(self, name)!r:.40}.")

    @property
    def processes(self) -> int:
        """The worker processes this machine will run: :attr:`workers`, at most one per core."""
        return min(self.workers, available_cores())


def execution_of(
    execution: Execution | None,
    workers: int | None = None,
    cluster: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    on_unit: Callable[[], None] | None = None,
) -> Execution:
    """``execution``, or one made of the separate keywords that :func:`simulate` and the others also take
    (the form they had before :class:`Execution`); raises :class:`SimulationError` when both are given."""
    if execution is None:
        return Execution(1 if workers is None else workers, cluster, progress, on_unit)
    if not isinstance(execution, Execution):
        raise SimulationError(f"execution must be an Execution, not {type(execution).__name__}.")
    given = [
        name
        for name, value in (("workers", workers), ("cluster", cluster), ("progress", progress), ("on_unit", on_unit))
        if value is not None
    ]
    if given:
        raise SimulationError(
            f"Give {', '.join(given)} inside the execution, not beside it: Execution(workers=..., cluster=..., progress=..., on_unit=...)."
        )
    return execution


@dataclass
class SimulationResult:
    """The outcome of a run: its settings, the tallies, and how long it took."""

    settings: SimulationSettings
    """What was simulated."""
    rules: Rules
    """The variant."""
    tally: Tally
    """The totals."""
    seconds: float = 0.0
    """Wall-clock time of the run."""
    actions: int = 0
    """Actions taken in all."""
    workers: int = 1
    """Processes used."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Room for reports to add figures."""


def chunk_size(settings: SimulationSettings) -> int:
    """The hands or games per chunk for ``settings``: its own ``chunk``, or about :data:`CHUNK_SECONDS` of
    the slowest bot's work, and at most a sixteenth of the run (so that workers share it evenly)."""
    if settings.chunk:
        return settings.chunk
    names = settings.bots or ("heuristic",)
    per_second = min(BOT_HANDS_PER_SECOND.get(name, 1.0) for name in names) / (HANDS_PER_GAME if settings.games else 1)
    return max(1, min(int(per_second * CHUNK_SECONDS), 2000, -(-settings.units // 16)))


def _rules(variant: str | Rules) -> Rules:
    return variant if isinstance(variant, Rules) else _load(variant)


@lru_cache(maxsize=16)
def _load(variant: str) -> Rules:
    return load_variant(variant)


def _bots_for(settings: SimulationSettings, rules: Rules) -> tuple[str, ...]:
    players = rules.seating.players
    names = settings.bots or ("heuristic",)
    if len(names) == 1:
        names = names * players  # one name: every seat's bot
    if len(names) != players:
        raise SimulationError(
            f"{rules.name} has {players} players, so give one bot name (for every seat) or {players} (one a seat), not {len(names)} ({', '.join(names)})."
        )
    return names


def calibrate(settings: SimulationSettings, rules: Rules) -> dict[str, Any]:
    """Make ready in this process the calibration every bot of ``settings`` bids by
    (:mod:`~engine.bots.calibration`: shipped, cached, or measured now), so that a run's workers are handed
    it rather than each measuring it again. Returns where it came from for the report: ``source``
    (``shipped``, ``cache``, ``measured``, ``uncached``, or ``none`` where no bot calibrates), ``seconds`` spent here."""
    started = time.perf_counter()
    sources: list[str] = []
    for name in sorted(set(_bots_for(settings, rules))):
        prepare = getattr(make_bot(name, rules, 0), "calibration", None)
        if callable(prepare):
            found = prepare()
            if found is not None and found.source != "none":
                sources.append(found.source)
    source = next((each for each in ("uncached", "measured", "cache") if each in sources), sources[0] if sources else "none")
    return {"source": source, "seconds": round(time.perf_counter() - started, 3)}


def _needs_measuring(settings: SimulationSettings, rules: Rules) -> bool:
    """Whether a bot of ``settings`` bids by a calibration of ``rules`` that is neither shipped, remembered
    nor cached (so that :func:`calibrate` would measure it)."""
    if not bot_calibration.has_contracts_to_measure(rules):
        return False
    for name in set(_bots_for(settings, rules)):
        profile = getattr(make_bot(name, rules, 0), "profile", None)
        if isinstance(profile, Profile) and profile.adapts and profile.calibrated:
            if bot_calibration.known(rules, dataclasses.replace(profile, calibrated=False)) is None:
                return True
    return False


def _measure_elsewhere(task: tuple[SimulationSettings, Rules]) -> tuple[dict[str, Any], dict[str, Any]]:
    """In a worker process: :func:`calibrate` one run's bots; what it measured and the report's note."""
    allow_second_process(False)  # the pool's workers are the run's processes: none forks one more
    note = calibrate(*task)
    return bot_calibration.measured(), note


def _calibrate_group(group: Sequence[SimulationSettings], rules: Sequence[Rules], workers: int) -> list[dict[str, Any]]:
    """:func:`calibrate` each run of a group; where several need measuring and there are workers, they are
    measured side by side in worker processes (a sweep of a value measures a calibration per setting)."""
    todo = [index for index, (settings, each) in enumerate(zip(group, rules)) if _needs_measuring(settings, each)]
    notes: dict[int, dict[str, Any]] = {}
    if workers > 1 and len(todo) > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=min(workers, len(todo)), initializer=_watch_parent, initargs=(os.getpid(),)) as pool:
            for index, (found, note) in zip(todo, pool.map(_measure_elsewhere, [(group[index], rules[index]) for index in todo])):
                bot_calibration.adopt(found)
                notes[index] = note
    return [notes.get(index) or _calibrate_in(settings, each, workers) for index, (settings, each) in enumerate(zip(group, rules))]


def _calibrate_in(settings: SimulationSettings, rules: Rules, workers: int) -> dict[str, Any]:
    """:func:`calibrate` for a run of ``workers`` processes: a run of one measures in this process alone."""
    if workers > 1:
        return calibrate(settings, rules)
    previous = allow_second_process(False)
    try:
        return calibrate(settings, rules)
    finally:
        allow_second_process(previous)


def run_chunk(
    settings: SimulationSettings, chunk: int, rows: list[Row] | None = None, unit_done: Callable[[], None] | None = None
) -> tuple[int, dict[str, Any], int]:
    """Play chunk number ``chunk`` (``settings.chunk`` units from ``chunk * settings.chunk``); returns
    (chunk, tally, actions). With ``rows``, each unit's figures are appended to it; ``unit_done()`` is
    called after each unit.

    The bots share one generator, seeded again from ``(seed, index)`` before each hand or game: a unit
    plays the same whatever chunk it falls in and whatever the number of workers, so the totals are too."""
    rules = _rules(settings.variant)
    tally = Tally(rules.seating.players, len(rules.seating.teams))
    watch = RuleWatch(rules)
    tally.rule_use = watch.empty()
    bots_random = random.Random(0)
    choosers = [make_bot(name, rules, bots_random).choose for name in _bots_for(settings, rules)]
    size = chunk_size(settings)
    first, last = chunk * size, min(settings.units, (chunk + 1) * size)
    actions = play_units(rules, settings.seed, first, last, bool(settings.games), bots_random, choosers, tally, watch, rows, unit_done)
    return chunk, tally.to_dict(), actions


GroupChunk = tuple[int, list[tuple[dict[str, Any], int, list[Row]]]]
"""What :func:`run_group_chunk` returns: the chunk, and per run its tally, actions and unit rows."""


def run_group_chunk(group: tuple[SimulationSettings, ...], chunk: int, unit_done: Callable[[], None] | None = None) -> GroupChunk:
    """Play chunk ``chunk`` under each settings of ``group`` (the same units, so the same deals where
    the decks agree), returning each run's tally, actions and per-unit figure rows."""
    runs = []
    for settings in group:
        rows: list[Row] = []
        _, tally, actions = run_chunk(settings, chunk, rows, unit_done)
        runs.append((tally, actions, rows))
    return chunk, runs


def _checkpoint_header(settings: SimulationSettings) -> dict[str, Any]:
    return {
        "format": CHECKPOINT_FORMAT,
        "variant": settings.variant_name,
        "hands": settings.hands,
        "games": settings.games,
        "seed": settings.seed,
        "bots": list(settings.bots),
        "chunk": chunk_size(settings),
    }


def available_cores() -> int:
    """The processor cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def simulate(
    variant: str | Rules,
    *,
    hands: int = 0,
    games: int = 0,
    seed: int = 0,
    bots: Sequence[str] = (),
    execution: Execution | None = None,
    checkpoint: str | None = None,
    chunk: int = 0,
    workers: int | None = None,
    cluster: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    on_unit: Callable[[], None] | None = None,
) -> SimulationResult:
    """Simulate ``hands`` hands or ``games`` games of ``variant`` (a shipped name, a file path, or
    compiled rules) with ``bots`` (a name per seat).

    ``execution`` (:class:`Execution`) says how: the worker processes or the Dask cluster that share the
    work and the progress calls; the result does not depend on it. ``workers``, ``cluster``,
    ``progress`` and ``on_unit`` may be given instead, as the fields of the same name (not with
    ``execution``). With
    ``checkpoint`` (a file path) finished chunks are saved as they complete and a later call with the
    same settings and file resumes where it stopped (a damaged line's chunk is played again; the
    result's ``extra["replayed_chunks"]`` counts them).
    ``chunk`` fixes the hands or games per chunk of work (default: :func:`chunk_size` chooses); results
    do not depend on it.
    Memory stays flat however long the run: chunks are handed out as workers free up and their
    tallies folded as they arrive. Raises :class:`SimulationError` for bad settings or an unusable
    checkpoint, and :class:`~engine.errors.VariantError` or
    :class:`~engine.kernel.support.UnsupportedRuleError` for a variant that cannot be loaded or played.
    """
    settings = SimulationSettings(variant, hands, games, seed, tuple(bots), chunk)
    settings = dataclasses.replace(settings, chunk=chunk_size(settings))
    execution = execution_of(execution, workers, cluster, progress, on_unit)
    rules = _checked(settings)
    chunks = -(-settings.units // settings.chunk)
    players, teams = rules.seating.players, len(rules.seating.teams)
    header = _checkpoint_header(settings)
    try:
        resumed = read_checkpoint(checkpoint, header, chunks, players, teams) if checkpoint else Resumed()
        handle = open_checkpoint(checkpoint, header) if checkpoint else None
    except CheckpointError as error:
        raise SimulationError(str(error)) from None
    except OSError as error:
        raise SimulationError(f"{checkpoint}: cannot write the checkpoint: {error.strerror}.") from None
    if execution.progress is not None:
        execution.progress(0, chunks)  # (calibrating first can take a few seconds: show the run has started)
    calibrated = _calibrate_in(settings, rules, execution.processes)
    started = time.perf_counter()
    total = resumed.tally or Tally(players, teams)
    actions = resumed.actions
    finished = len(resumed.chunks)
    todo = (chunk for chunk in range(chunks) if chunk not in resumed.chunks)
    try:
        for chunk, tally, count in _execute(run_chunk, settings, todo, chunks - finished, execution, bot_calibration.measured()):
            total.merge(Tally.from_dict(tally))
            actions += count
            finished += 1
            if handle is not None:
                handle.write(chunk_line(chunk, tally, count))
                handle.flush()
            if execution.progress is not None:
                execution.progress(finished, chunks)
    finally:
        if handle is not None:
            handle.close()
    total.sort()  # the same report whatever order the chunks were folded in
    extra = {"replayed_chunks": resumed.damaged, "calibration": calibrated}
    return SimulationResult(settings, rules, total, time.perf_counter() - started, actions, execution.processes, extra)


def _checked(settings: SimulationSettings) -> Rules:
    """The settings' rules, once checked playable with the settings' bots."""
    rules = _rules(settings.variant)
    check_supported(rules)
    _bots_for(settings, rules)
    return rules


def simulate_group(
    group: Sequence[SimulationSettings], execution: Execution | None = None, *, fold: Callable[[list[list[Row]]], None] | None = None
) -> list[SimulationResult]:
    """Simulate every settings of ``group`` (the same number of hands or games each) chunk by chunk
    together, so that hand or game ``i`` is played under each in the same chunk: each chunk's per-unit
    figure rows (one list per settings, in unit order) are handed to ``fold`` as the chunks finish, in
    chunk order. Returns a result per settings, the same as :func:`simulate` gives for it alone, played
    as ``execution`` says (default: one process, no progress calls)."""
    execution = execution_of(execution)
    group = tuple(group)
    if not group or len({settings.units for settings in group}) != 1 or len({bool(settings.games) for settings in group}) != 1:
        raise SimulationError("A group of runs plays the same number of hands (or of games) under each.")
    size = min(chunk_size(settings) for settings in group)  # one size for all: the units of a chunk line up
    group = tuple(dataclasses.replace(settings, chunk=size) for settings in group)
    rules = [_checked(settings) for settings in group]
    chunks = -(-group[0].units // size)
    totals = [Tally(each.seating.players, len(each.seating.teams)) for each in rules]
    actions = [0] * len(group)
    if execution.progress is not None:
        execution.progress(0, chunks)  # (calibrating first can take a few seconds: show the run has started)
    calibrated = _calibrate_group(group, rules, execution.processes)
    started = time.perf_counter()
    runs_of = _execute(run_group_chunk, group, iter(range(chunks)), chunks, execution, bot_calibration.measured())
    for finished, (_, runs) in enumerate(runs_of, 1):
        for index, (tally, count, _rows) in enumerate(runs):
            totals[index].merge(Tally.from_dict(tally))
            actions[index] += count
        if fold is not None:
            fold([rows for _, _, rows in runs])
        if execution.progress is not None:
            execution.progress(finished, chunks)
    seconds = time.perf_counter() - started
    for total in totals:
        total.sort()
    return [
        SimulationResult(settings, each, total, seconds, count, execution.processes, {"calibration": found})
        for settings, each, total, count, found in zip(group, rules, totals, actions, calibrated)
    ]


def _execute(
    function: Callable[..., Any],
    argument: Any,
    chunks: Iterator[int],
    count: int,
    execution: Execution,
    calibrations: dict[str, Any] | None = None,
) -> Iterator[Any]:
    """Run ``function(argument, chunk)`` for ``count`` chunks as ``execution`` says, yielding each result
    in the order the chunks come (its ``on_unit`` is passed on when the chunks run in this process);
    worker processes are handed ``calibrations`` (:func:`~engine.bots.calibration.measured`), measured
    here once."""
    if execution.cluster is not None:
        yield from _execute_on_cluster(function, argument, list(chunks), execution.cluster, calibrations or {})
        return
    workers = execution.processes
    if workers == 1 or count <= 1:
        for chunk in chunks:
            yield function(argument, chunk, unit_done=execution.on_unit)
        return
    from concurrent.futures import ProcessPoolExecutor  # loaded only when there are workers

    with ProcessPoolExecutor(max_workers=workers, initializer=_start_worker, initargs=(os.getpid(), calibrations or {})) as pool:
        # A few chunks in flight per worker, not every chunk submitted up front: memory stays flat.
        pending: deque[Future[Any]] = deque()
        for chunk in chunks:
            pending.append(pool.submit(function, argument, chunk))
            if len(pending) >= 2 * workers:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()


def _calibrated_chunk(function: Callable[..., Any], argument: Any, chunk: int, handed: dict[str, Any]) -> Any:
    """On a cluster's worker: take the calibrations the main process made ready, then run one chunk."""
    bot_calibration.adopt(handed)
    return function(argument, chunk)


def _start_worker(parent: int, calibrations: dict[str, Any]) -> None:
    """In a worker process: take the calibrations its main process made ready, and watch the parent."""
    bot_calibration.adopt(calibrations)
    _watch_parent(parent)


PR_SET_PDEATHSIG = 1
"""Linux's ``prctl`` option that has the kernel signal a process when its parent dies."""


def _watch_parent(parent: int) -> None:
    """In a worker process: exit as soon as the process that started it is gone (killed with SIGKILL, say,
    which lets it tell nobody), rather than live on with nothing to do. On Linux the kernel kills the worker
    with its parent (``prctl(PR_SET_PDEATHSIG)``: at once, whatever the worker is doing; a compiled bot can
    hold the interpreter's lock for seconds, so a watching thread alone was not enough). Everywhere a daemon
    thread also looks ten times a second: a worker whose parent died is handed to another parent, so its
    parent's id changes."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):  # no C library to call: the thread below still watches
            pass
    if os.getppid() != parent:  # the parent died before the signal was asked for
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.1)
        os._exit(1)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def _execute_on_cluster(
    function: Callable[..., Any], argument: Any, chunks: list[int], address: str, calibrations: dict[str, Any]
) -> Iterator[Any]:
    """Run the chunks on the Dask cluster at ``address`` (its workers need this package installed), each
    handed ``calibrations`` (measured here once) before it plays."""
    try:
        from distributed import Client
    except ImportError:
        raise SimulationError(
            "--cluster needs the cluster extra: pip install 'dask[distributed]' (or, in the engine's folder, pip install '.[cluster]')."
        ) from None
    try:
        client = Client(address, timeout="10s")  # type: ignore[no-untyped-call, unused-ignore]
    except (OSError, TimeoutError, ValueError) as error:
        raise SimulationError(f"cannot reach the Dask scheduler at {address!r}: {error}") from None
    with client:
        # Sent once to each worker, not with every chunk (a list: a dict would be scattered value by value).
        handed = client.scatter([calibrations], broadcast=True)[0]  # type: ignore[no-untyped-call, unused-ignore]
        futures = client.map(_calibrated_chunk, [function] * len(chunks), [argument] * len(chunks), chunks, handed=handed, pure=False)
        for future in futures:
            yield future.result()
