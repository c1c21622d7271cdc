"""Collection at the top of the repository: pages whose examples need an optional extra are skipped when it
is not installed (CI installs every extra and runs them)."""

from __future__ import annotations

from importlib.util import find_spec

collect_ignore = [] if find_spec("pyspiel") and find_spec("pettingzoo") else ["docs/research.md"]
