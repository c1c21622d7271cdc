"""Writing a file whole or not at all: the engine's one way of replacing a file it writes (a report, a
transcript, a saved game, a house-rules file saved from the web table)."""

from __future__ import annotations

import os
import tempfile


def replace_whole(path: str, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file beside it, then rename it over ``path``, so an
    interruption never leaves half a file; the file gets the permissions a new file gets here (the
    temporary file's own are private). Raises ``OSError``, the temporary file removed. The caller checks
    first that ``path`` is a regular file or a new one."""
    folder = os.path.dirname(os.path.abspath(path))
    handle = tempfile.NamedTemporaryFile("wb", dir=folder, prefix=".fivehundred-", suffix=".tmp", delete=False)
    try:
        with handle:
            handle.write(data)
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(handle.name, 0o666 & ~mask)
        os.replace(handle.name, path)
    except BaseException:
        os.unlink(handle.name)
        raise


__all__ = ["replace_whole"]
