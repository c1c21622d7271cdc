"""Benchmark: reading the shipped variant files with libyaml's composer against the pure-Python one, and
the time ``import engine`` takes in a fresh interpreter.

Both readers run back to back in each round, so the ratio is measured under the same load on this
shared machine; each figure is reported as min / median / max over ``--repeat`` rounds. Run:
``python bench/loading.py [--repeat R]``.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import subprocess
import sys
import time

import yaml

from engine.language import source
from engine.language.resources import shipped_variant_names, shipped_variant_path


def spread(values: list[float]) -> str:
    return f"{min(values):8.2f} {statistics.median(values):8.2f} {max(values):8.2f}"


def read_all(texts: list[tuple[str, str]]) -> float:
    start = time.perf_counter()
    for name, text in texts:
        source.parse_document(text, name)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="rounds (default 7)")
    args = parser.parse_args()
    texts = []
    for name in shipped_variant_names():
        path = shipped_variant_path(name)
        assert path is not None
        texts.append((name, path.read_text(encoding="utf-8")))
    fast_loader = getattr(yaml, "CSafeLoader", None)
    print(f"Python {platform.python_version()}, PyYAML {yaml.__version__} (libyaml: {fast_loader is not None}); {len(texts)} shipped files")
    if fast_loader is None:
        print("PyYAML has no C loader here: nothing to compare.")
    else:
        fast, pure = [], []
        for _ in range(args.repeat):
            source._FAST_LOADER = fast_loader
            fast.append(read_all(texts) * 1000)
            source._FAST_LOADER = None
            pure.append(read_all(texts) * 1000)
        source._FAST_LOADER = fast_loader
        print(f"{'reading every shipped file (ms)':<36}{'min':>8} {'median':>8} {'max':>8}")
        print(f"{'  C composer':<36}{spread(fast)}")
        print(f"{'  pure-Python composer':<36}{spread(pure)}")
        print(f"{'  ratio pure / C':<36}{spread([p / f for p, f in zip(pure, fast)])}")
    imports = []
    for _ in range(args.repeat):
        code = "import time; start = time.perf_counter(); import engine; print(time.perf_counter() - start)"
        completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        imports.append(float(completed.stdout) * 1000)
    print(f"{'import engine, fresh interpreter (ms)':<36}{spread(imports)}")


if __name__ == "__main__":
    main()
