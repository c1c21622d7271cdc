"""Running the ``fivehundred`` command inside the test process."""

from __future__ import annotations

import pytest

from engine.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run ``fivehundred *argv``; returns the exit code, standard output and standard error."""
    try:
        code = main(list(argv))
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err
