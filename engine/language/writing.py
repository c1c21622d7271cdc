"""Writing a file whole or not at all: the engine's one way of replacing a file it writes (a report, a
transcript, a saved game, a house-rules file saved from the web table)."""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile


def replace_whole(path: str, data: bytes, *, new_only: bool = False) -> None:
    """Write ``data`` to ``path`` through a temporary file beside it, then rename it over ``path``, so an
    interruption never leaves half a file; the file gets the permissions a new file gets here (the
    temporary file's own are private). Raises ``OSError``, the temporary file removed. The caller checks
    first that ``path`` is a regular file or a new one. With ``new_only``, ``path`` must not exist when the
    file lands (a hard link, which fails where a file has appeared since the caller looked:
    ``FileExistsError``; a review found the gap between the look and the rename); where the file system
    has no hard links, the file is created exclusively and written in place."""
    folder = os.path.dirname(os.path.abspath(path))
    handle = tempfile.NamedTemporaryFile("wb", dir=folder, prefix=".fivehundred-", suffix=".tmp", delete=False)
    try:
        with handle:
            handle.write(data)
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(handle.name, 0o666 & ~mask)
        if not new_only:
            os.replace(handle.name, path)
            return
        try:
            os.link(handle.name, path)
        except OSError as error:
            if error.errno not in _NO_LINKS:
                raise
            _write_new(path, data)  # no hard links here (some shared or removable file systems)
        with contextlib.suppress(OSError):  # the file has landed: a temporary file left behind is no failure
            os.unlink(handle.name)
    except BaseException:
        if os.path.lexists(handle.name):
            os.unlink(handle.name)
        raise


_NO_LINKS = {errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EXDEV, errno.ENOSYS}
"""The errors of a hard link on a file system that has none (any other is the write's failure)."""


def _write_new(path: str, data: bytes) -> None:
    """Create ``path``, which must not exist, and write ``data`` to it; a file this call created and could
    not write whole is removed (it was created here: nobody else's)."""
    with open(path, "xb") as exclusive:
        try:
            exclusive.write(data)
            exclusive.flush()
            os.fsync(exclusive.fileno())
        except BaseException:
            exclusive.close()
            os.unlink(path)
            raise


__all__ = ["replace_whole"]
