"""Shared helpers for the test suite."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
import textwrap
from pathlib import Path

import pytest

from engine.errors import Problem, VariantError
from engine.language.loader import load_document
from engine.rules.compiler import compile_document

# Calibrations measured by the tests are cached in a folder of the run's own, never the user's cache; the
# process that made it removes it at exit (a test run left one behind per process before).
if "FIVEHUNDRED_CACHE" not in os.environ:
    os.environ["FIVEHUNDRED_CACHE"] = tempfile.mkdtemp(prefix="fivehundred-test-cache-")
    atexit.register(shutil.rmtree, os.environ["FIVEHUNDRED_CACHE"], ignore_errors=True)


def problems_of(folder: Path, text: str, name: str = "house.yaml", extra: dict[str, str] | None = None) -> list[Problem]:
    """Write ``text`` (and any extra files) into ``folder``, validate it, and return the problems found."""
    for other, content in (extra or {}).items():
        (folder / other).write_text(textwrap.dedent(content), encoding="utf-8")
    path = folder / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    try:
        compile_document(load_document(str(path)))
    except VariantError as error:
        return list(error.problems)
    return []


@pytest.fixture
def check(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Validate a variant text written to a temporary file; returns its problems."""

    def run(text: str, **kwargs: object) -> list[Problem]:
        return problems_of(tmp_path, text, **kwargs)  # type: ignore[arg-type]

    return run
