"""The files the web table reads and writes: only house-rules files (``.yaml``, ``.yml``) under the folder
the server was started in.

A path from the page is untrusted. :func:`resolve` accepts a relative path of plain names (no absolute
path, no ``..``, no empty or hidden part, no NUL, at most :data:`MAX_PATH` characters) whose real path,
links followed, stays inside the folder; :func:`read` opens it without blocking and reads it only if it
is a regular file of at most :data:`MAX_FILE_BYTES`; :func:`write` replaces only a regular file (never
through a link) or makes a new one, whole or not at all. Every refusal is a :class:`FileRefusal` with a
sentence naming the path.
"""

from __future__ import annotations

import os
import stat

from ..language.resources import names_variant_file
from ..language.source import inside
from ..language.writing import replace_whole

MAX_FILE_BYTES = 1 << 20
"""Largest house-rules file read or written (1 MiB; a house-rules file is a few hundred bytes)."""
MAX_PATH = 200
"""Longest path accepted from the page."""
MAX_LISTED = 200
"""Most files :func:`listing` gives."""
MAX_DEPTH = 3
"""Folders deep :func:`listing` looks under the root."""


class FileRefusal(ValueError):
    """A path or a file the web table will not read or write, with the reason in a sentence."""


class FileExists(FileRefusal):
    """A save to a file that exists, not asked to replace it (the page asks the person, then saves again
    with ``replace``)."""


def resolve(root: str, path: object) -> str:
    """The absolute path of ``path`` (relative to ``root``) once checked to stay inside ``root``; raises
    :class:`FileRefusal` otherwise."""
    if not isinstance(path, str) or not path.strip():
        raise FileRefusal("'path' must be a file name such as house.yaml, relative to the folder the server was started in.")
    shown = path[:80]
    if len(path) > MAX_PATH or "\0" in path or "\\" in path:
        raise FileRefusal(f"{shown!r} cannot be a file name here (at most {MAX_PATH} characters, no NUL or backslash).")
    if path.startswith("/") or os.path.isabs(path):
        raise FileRefusal(f"{shown!r} is an absolute path; give a path relative to the folder the server was started in.")
    parts = path.split("/")
    if any(part in ("", ".", "..") or part.startswith(".") for part in parts):
        raise FileRefusal(f"{shown!r} may not contain '..', '.', an empty part or a hidden name; give a plain relative path.")
    if not names_variant_file(path):
        raise FileRefusal(f"{shown!r} is not a house-rules file: the web table reads and writes only .yaml and .yml files.")
    real_root = os.path.realpath(root)
    full = os.path.join(real_root, *parts)
    try:
        real = os.path.realpath(full)
    except (OSError, ValueError):
        raise FileRefusal(f"{shown!r} cannot be resolved to a file.") from None
    if not inside(real_root, real):
        raise FileRefusal(f"{shown!r} leads outside the folder the server was started in (through a link); it is not read or written.")
    return full


def read(root: str, path: object) -> str:
    """The UTF-8 text of the house-rules file ``path`` under ``root``; :class:`FileRefusal` when it is
    outside, missing, not a regular file, too large or not UTF-8."""
    full = os.path.realpath(resolve(root, path))  # a link inside the folder is read where it leads (checked inside)
    assert isinstance(path, str)
    try:
        descriptor = os.open(full, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        raise FileRefusal(f"There is no file {path[:80]!r} in the folder the server was started in.") from None
    except OSError as error:
        raise FileRefusal(f"{path[:80]!r} cannot be opened: {error.strerror or error}.") from None
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise FileRefusal(f"{path[:80]!r} is not a regular file (a folder, a pipe or a device); it is not read.")
        with os.fdopen(descriptor, "rb", closefd=False) as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise FileRefusal(f"{path[:80]!r} cannot be read: {error.strerror or error}.") from None
    finally:
        os.close(descriptor)
    if len(raw) > MAX_FILE_BYTES:
        raise FileRefusal(f"{path[:80]!r} is over {MAX_FILE_BYTES // 1024} KiB, too large for a house-rules file.")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise FileRefusal(f"{path[:80]!r} is not UTF-8 text (bad byte at offset {error.start}).") from None


def write(root: str, path: object, text: object, replace: object = False) -> str:
    """Write ``text`` to the house-rules file ``path`` under ``root``, whole or not at all (a temporary
    file beside it, then renamed): a new file, or, asked to ``replace`` it, one that is a regular file
    already; its folder must exist. Returns the path as given; raises :class:`FileExists` for a file that
    exists and was not to be replaced (a user trial's Save replaced a file it never opened, unasked), and
    :class:`FileRefusal` for the rest."""
    full = resolve(root, path)
    assert isinstance(path, str)
    if not isinstance(text, str):
        raise FileRefusal("'text' must be the file's text, a string.")
    data = text.encode("utf-8", errors="strict") if text.isascii() else _utf8(text)
    if len(data) > MAX_FILE_BYTES:
        raise FileRefusal(f"The text is over {MAX_FILE_BYTES // 1024} KiB, too large for a house-rules file.")
    folder = os.path.dirname(full)
    if not os.path.isdir(folder):
        raise FileRefusal(f"The folder of {path[:80]!r} does not exist; save into an existing folder.")
    try:
        info = os.lstat(full)
    except FileNotFoundError:
        info = None
    except OSError as error:
        raise FileRefusal(f"{path[:80]!r} cannot be checked: {error.strerror or error}.") from None
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise FileRefusal(f"{path[:80]!r} is not a regular file (a link, a folder, a pipe or a device); nothing was written.")
    if replace is not True and replace is not False:
        raise FileRefusal(f"'replace' must be true or false, not {replace!r:.40}.")
    if info is not None and not replace:
        raise FileExists(f"{path[:80]!r} already exists: nothing was written. Save it with 'replace' true to replace it.")
    try:
        replace_whole(full, data, new_only=info is None)
    except FileExistsError:
        raise FileExists(f"{path[:80]!r} already exists: nothing was written. Save it with 'replace' true to replace it.") from None
    except OSError as error:
        raise FileRefusal(f"{path[:80]!r} cannot be written: {error.strerror or error}.") from None
    return path


def _utf8(text: str) -> bytes:
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        raise FileRefusal("The text holds characters that are not valid Unicode (a lone surrogate).") from None


def listing(root: str) -> list[str]:
    """The house-rules files under ``root`` (at most :data:`MAX_LISTED`, :data:`MAX_DEPTH` folders deep,
    hidden names and links left out), as relative paths in sorted order."""
    found: list[str] = []
    real_root = os.path.realpath(root)
    for folder, names, files in os.walk(real_root):
        depth = os.path.relpath(folder, real_root).count(os.sep) + (folder != real_root)
        names[:] = sorted(name for name in names if not name.startswith(".") and depth < MAX_DEPTH)
        for name in sorted(files):
            full = os.path.join(folder, name)
            if name.startswith(".") or not names_variant_file(name) or os.path.islink(full):
                continue
            found.append(os.path.relpath(full, real_root).replace(os.sep, "/"))
            if len(found) >= MAX_LISTED:
                return found
    return found


__all__ = ["MAX_FILE_BYTES", "FileRefusal", "listing", "read", "resolve", "write"]
