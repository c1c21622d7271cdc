"""Build the API reference from the docstrings with pdoc (the ``docs`` extra).

    python docs/build_api.py [--out DIR]

Writes HTML to ``docs/api/`` (or DIR). Any warning pdoc raises while reading the package (a docstring
it cannot parse, a cross-reference to nothing, a module that fails to import) fails the build with exit
code 1, so CI catches a broken docstring. Exit code 2 when pdoc is not installed.
"""

from __future__ import annotations

import argparse
import builtins
import importlib
import importlib.util
import inspect
import re
import sys
import warnings
from pathlib import Path
from types import ModuleType


def modules(skipped: dict[str, str] | None = None) -> list[str]:
    """Every module of the package (a package's ``__all__`` would otherwise hide its submodules),
    without the former-path aliases; a module whose optional extra is not installed (numpy, pyspiel,
    matplotlib, aiohttp...) is left out, and named in ``skipped`` with what it needs (an embedder's trial
    installed the ``docs`` extra alone, as the docs say, and got a traceback)."""
    import pkgutil

    import engine

    found = ["engine"] + [info.name for info in pkgutil.walk_packages(engine.__path__, "engine.")]
    names = []
    for name in dict.fromkeys(found):
        if name.startswith("engine._"):
            continue
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name is None or error.name.split(".")[0] == "engine":
                raise
            if skipped is not None:
                skipped[name] = error.name
            continue
        names.append(name)
    return names


_NOTES = ("has already been added", "may refer to either the installed Python module")
"""pdoc's warnings that are notes, not problems: a package's page lists its submodules itself, and run
from the source tree the installed package is the one documented (the same code)."""

ROLE = re.compile(r":(?:class|func|meth|attr|data|mod|exc|obj):`~?([^`<>]+?)`")


_FIELD = object()  # a dataclass field or annotated attribute: it exists, though the class has no value for it


def _attribute(value: object, part: str) -> object:
    if value is _FIELD:
        return _FIELD
    if hasattr(value, part):
        return getattr(value, part)
    annotated = any(part in getattr(klass, "__annotations__", {}) for klass in getattr(value, "__mro__", (value,)))
    return _FIELD if annotated else None


def _resolves(target: str, module: ModuleType, owner: object) -> bool:
    """Whether a docstring's cross-reference names something that exists: a dotted path from ``engine``,
    or a name seen from the module or class it is written in (or, for names imported only for type
    checking, any engine module's)."""
    parts = target.rstrip("()").split(".")
    if parts[0] == "engine":
        for split in range(len(parts), 0, -1):
            name = ".".join(parts[:split])
            try:
                value: object = importlib.import_module(name)
            except ImportError:
                try:
                    if importlib.util.find_spec(name) is not None:
                        return True  # a module of an optional extra that is not installed
                except ImportError:
                    pass  # a parent is a module, not a package: the name is an attribute
                continue
            for part in parts[split:]:
                value = _attribute(value, part)
                if value is None:
                    return False
            return True
        return False
    scopes = [owner, module, builtins] + [each for key, each in sorted(sys.modules.items()) if key.startswith("engine.")]
    for scope in scopes:
        value = _attribute(scope, parts[0])
        if value is None:
            continue
        for part in parts[1:]:
            value = _attribute(value, part)
            if value is None:
                break
        else:
            return True
    return False


def broken_references(names: list[str]) -> list[str]:
    """Every cross-reference in the package's docstrings that names nothing, as ``module: object: target``."""
    found: list[str] = []
    for name in names:
        module = importlib.import_module(name)
        owners: list[tuple[str, object, object]] = [(name, module, module)]
        for member_name, member in vars(module).items():
            if getattr(member, "__module__", None) == name and (inspect.isclass(member) or inspect.isfunction(member)):
                owners.append((f"{name}.{member_name}", member, member))
                if inspect.isclass(member):
                    owners += [
                        (f"{name}.{member_name}.{attribute}", value, member)
                        for attribute, value in vars(member).items()
                        if getattr(value, "__doc__", None)
                    ]
        for where, item, owner in owners:
            doc = inspect.getdoc(item) or ""
            if inspect.isclass(owner) and item is not owner and getattr(type(item), "__doc__", None) == doc:
                continue  # an attribute without a docstring of its own shows its type's
            found += [f"{where}: {target}" for target in ROLE.findall(doc) if not _resolves(target, module, owner)]
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(Path(__file__).parent / "api"), help="the output folder (default docs/api)")
    args = parser.parse_args(argv)
    try:
        import pdoc
        import pdoc.render
    except ImportError:
        print("build_api: pdoc is not installed; pip install '.[docs]'", file=sys.stderr)
        return 2
    skipped: dict[str, str] = {}
    names = modules(skipped)
    for name, needs in skipped.items():
        print(
            f"build_api: {name} is left out: it needs {needs}, which is not installed (pip install '.[dev,web]' for every page)",
            file=sys.stderr,
        )
    broken = broken_references(names)
    for reference in broken:
        print(f"build_api: a cross-reference to nothing in {reference}", file=sys.stderr)
    if broken:
        return 1
    for name in names:
        module = importlib.import_module(name)
        for public in getattr(module, "__all__", ()):
            getattr(module, public)  # a package that loads its names when first used: load them for pdoc
    pdoc.render.configure(docformat="restructuredtext", footer_text="fivehundred: a rules engine for the card game 500")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            pdoc.pdoc(*names, *(f"!{name}" for name in skipped), output_directory=Path(args.out))
        except Exception as error:
            print(f"build_api: {error}: {error.__cause__ or ''}", file=sys.stderr)
            return 1
    # A package's page lists its submodules itself, so some arrive twice: that note is not a problem.
    problems = [
        warning
        for warning in caught
        if ("pdoc" in warning.filename or issubclass(warning.category, RuntimeWarning))
        and not any(note in str(warning.message) for note in _NOTES)
        # A package's page looks for its submodules, those left out above among them.
        and not any(str(warning.message).startswith(f"Couldn't import {name}:") for name in skipped)
    ]
    for warning in problems:
        print(f"build_api: {warning.filename}:{warning.lineno}: {warning.message}", file=sys.stderr)
    if problems:
        return 1
    pages = sum(1 for _ in Path(args.out).rglob("*.html"))
    print(f"API reference: {pages} pages in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
