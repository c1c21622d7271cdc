"""Checkpoints of long simulations: a header line naming the run, then a line per finished chunk.

Each chunk line carries a checksum of its contents, so a line that was cut short by an interruption,
edited by hand or damaged on disk is never counted: its chunk is simply played again (chunks are
deterministic, so the report comes out the same). A header that does not name this very run refuses the
file rather than mixing two runs. The file is read line by line, so its size never matters.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from dataclasses import dataclass, field
from typing import IO, Any

try:
    import fcntl
except ImportError:  # Windows: no advisory locks, so two runs on one checkpoint are not caught there
    fcntl = None  # type: ignore[assignment]

from .tally import Tally

CHECKPOINT_FORMAT = "fivehundred-simulation/7"
"""Names how chunks are seeded, played and written; a checkpoint written another way is not resumed."""

MAX_LINE_BYTES = 1 << 20
"""Longest chunk line read (a chunk's tally is a few hundred bytes); a longer one counts as damaged."""


class CheckpointError(ValueError):
    """The checkpoint file cannot be used for this run (unreadable, or another run's)."""


@dataclass
class Resumed:
    """What a checkpoint holds: the chunks finished, their totals folded together, and the damaged lines."""

    chunks: set[int] = field(default_factory=set)
    """The chunks whose tallies were read (each once)."""
    tally: Tally | None = None
    """Their totals, folded in file order (``None`` when there are none)."""
    actions: int = 0
    """Actions taken in them."""
    damaged: int = 0
    """Lines that failed their checksum or did not read: their chunks are played again."""


def _digest(chunk: int, tally: dict[str, Any], actions: int) -> str:
    text = json.dumps([chunk, tally, actions], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def chunk_line(chunk: int, tally: dict[str, Any], actions: int) -> str:
    """The checkpoint line of a finished chunk, with its checksum."""
    return json.dumps({"chunk": chunk, "tally": tally, "actions": actions, "check": _digest(chunk, tally, actions)}) + "\n"


def _read_chunk(line: bytes, chunks: int, players: int, teams: int) -> tuple[int, Tally, int] | None:
    """A chunk line's contents, or ``None`` when it is damaged in any way."""
    if len(line) > MAX_LINE_BYTES:
        return None
    try:
        entry = json.loads(line.decode("utf-8"))
    except (ValueError, RecursionError):  # bad bytes, bad JSON, or JSON nested absurdly deep
        return None
    if not isinstance(entry, dict) or set(entry) != {"chunk", "tally", "actions", "check"}:
        return None
    chunk, data, actions = entry["chunk"], entry["tally"], entry["actions"]
    if type(chunk) is not int or not 0 <= chunk < chunks or type(actions) is not int or actions < 0 or not isinstance(data, dict):
        return None
    if entry["check"] != _digest(chunk, data, actions):
        return None
    try:
        tally = Tally.from_dict(data, players, teams)
    except ValueError:
        return None
    return chunk, tally, actions


def _difference(key: object, there: object, now: object) -> str:
    """``key: THERE there, NOW now``, each value's JSON cut to where the two differ when it is long."""
    first, second = json.dumps(there), json.dumps(now)
    if max(len(first), len(second)) > 60:
        start = next((index for index, (a, b) in enumerate(zip(first, second)) if a != b), min(len(first), len(second)))
        start = max(0, start - 20)
        first, second = (
            ("…" if start else "") + text[start : start + 50] + ("…" if len(text) > start + 50 else "") for text in (first, second)
        )
    return f"{str(key)[:40]}: {first} there, {second} now"


def read_checkpoint(path: str, header: dict[str, Any], chunks: int, players: int, teams: int) -> Resumed:
    """The finished chunks in the checkpoint at ``path`` (nothing when there is no file yet).

    Raises :class:`CheckpointError` when the file cannot be read or its header does not name this run.
    """
    resumed = Resumed()
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return resumed
    except (OSError, ValueError) as error:
        raise CheckpointError(f"{path}: cannot read the checkpoint: {getattr(error, 'strerror', None) or error}.") from None
    if not stat.S_ISREG(info.st_mode):
        raise CheckpointError(f"{path}: the checkpoint is not a regular file.")
    try:
        with open(path, "rb") as handle:
            first = handle.readline(MAX_LINE_BYTES)
            if not first:
                return resumed
            try:
                found = json.loads(first.decode("utf-8"))
            except (ValueError, RecursionError):
                raise CheckpointError(f"{path}:1: this is not a checkpoint of this engine; remove the file to start afresh.") from None
            if not isinstance(found, dict) or "format" not in found:
                raise CheckpointError(
                    f"{path}:1: this is not a checkpoint of this engine (no format named); remove the file to start afresh."
                )
            if found["format"] != header["format"]:
                raise CheckpointError(
                    f"{path}: this checkpoint's format is {repr(found['format'])[:60]}, not {header['format']!r}: its hands were "
                    "seeded or played another way, so its chunks cannot be counted; remove it to start afresh."
                )
            if found != header:
                differing = [key for key in sorted(set(found) | set(header), key=str) if found.get(key) != header.get(key)]
                said = "; ".join(_difference(key, found.get(key), header.get(key)) for key in differing[:4])
                if len(differing) > 4:
                    said += f"; and {len(differing) - 4} more"
                raise CheckpointError(f"{path}: this checkpoint is from another run ({said}); use the same settings or remove it.")
            for line in handle:
                read = _read_chunk(line, chunks, players, teams)
                if read is None or read[0] in resumed.chunks:
                    resumed.damaged += read is None
                    continue
                chunk, tally, actions = read
                resumed.chunks.add(chunk)
                if resumed.tally is None:
                    resumed.tally = tally
                else:
                    resumed.tally.merge(tally)
                resumed.actions += actions
    except OSError as error:
        raise CheckpointError(f"{path}: cannot read the checkpoint: {error.strerror}.") from None
    return resumed


def open_checkpoint(path: str, header: dict[str, Any]) -> IO[str]:
    """The checkpoint at ``path`` opened for appending chunk lines and locked for this run: the header
    written if the file is new, a line left unfinished by an interruption closed first. The lock (an
    advisory lock on the open file, released when it is closed) is taken before anything is written, so
    a second run on the same checkpoint is refused with :class:`CheckpointError` and changes nothing.
    Raises ``OSError`` when the file cannot be opened or written."""
    handle = open(path, "a", encoding="utf-8")
    try:
        if fcntl is not None:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise CheckpointError(
                    f"{path}: another run is writing this checkpoint; let it finish (or stop it) before resuming, or give another --out."
                ) from None
        fresh = os.fstat(handle.fileno()).st_size == 0
        unfinished = False
        if not fresh:
            with open(path, "rb") as existing:
                existing.seek(-1, os.SEEK_END)
                unfinished = existing.read(1) != b"\n"
        if fresh:
            handle.write(json.dumps(header) + "\n")
        elif unfinished:
            handle.write("\n")
        handle.flush()
    except BaseException:
        handle.close()
        raise
    return handle


__all__ = ["CHECKPOINT_FORMAT", "CheckpointError", "Resumed", "chunk_line", "open_checkpoint", "read_checkpoint"]
