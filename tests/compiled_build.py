"""Helpers about the optional compiled build, read from the source tree (the compiled build has no source
to inspect)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent
"""The repository's top folder."""


def compiled_modules() -> list[str]:
    """The modules the compiled build compiles, as paths from the top (``pyproject.toml``'s mypyc hook)."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    section = text.split("[tool.hatch.build.targets.wheel.hooks.mypyc]")[1].split("\n[")[0]
    listed = re.search(r"^include = \[([^]]*)\]", section, re.MULTILINE)
    assert listed is not None, "pyproject.toml lists no modules for the compiled build"
    return re.findall(r'"([^"]+\.py)"', listed.group(1))
