"""The commands about variant files: ``validate``, ``show``, ``variants`` and ``schema``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..errors import Problem, UnreadableFileError, VariantError
from ..kernel.support import unsupported_rules
from ..language.resources import protocol_schema_path, schema_path, shipped_variant_names
from ..rules.compiler import load_variant
from ..rules.describe import change_line, describe, extended_base, rule_changes, summarised
from ..rules.ruleset import Rules
from .common import EXIT_INTERNAL, EXIT_INVALID, EXIT_OK, EXIT_USAGE, internal_error, warnings_of


def _first_line(text: str) -> str:
    line = " ".join(text.split())
    return line[: line.index(". ") + 1] if ". " in line else line


def _command_validate(args: argparse.Namespace) -> int:
    """Check each file: its problems (exit 1, or 2 for a file that cannot be read), else ``ok``, after any
    warnings (settings that can never apply: printed like problems, but the exit code stays 0)."""
    results: list[dict[str, Any]] = []
    worst = EXIT_OK
    for reference in args.files:
        try:
            rules = load_variant(reference)
            warnings = [warning.to_dict() for warning in warnings_of(reference, rules)]
            results.append({"file": reference, "valid": True, "problems": [], "warnings": warnings})
        except UnreadableFileError as error:
            worst = EXIT_USAGE
            results.append(
                {"file": reference, "valid": False, "problems": [problem.to_dict() for problem in error.problems], "warnings": []}
            )
        except VariantError as error:
            worst = max(worst, EXIT_INVALID)
            results.append(
                {"file": reference, "valid": False, "problems": [problem.to_dict() for problem in error.problems], "warnings": []}
            )
        except Exception as error:
            worst = max(worst, EXIT_INTERNAL)
            results.append(
                {
                    "file": reference,
                    "valid": False,
                    "problems": [Problem(reference, 0, 0, "$", internal_error(error)).to_dict()],
                    "warnings": [],
                }
            )
    if args.format == "json":
        print(json.dumps({"valid": worst == EXIT_OK, "files": results}, indent=2, ensure_ascii=False))
        return worst
    for result in results:
        if result["valid"]:
            for warning in result["warnings"]:
                assert isinstance(warning, dict)
                print(Problem(**warning).warning_text())
            count = len(result["warnings"])
            print(f"{result['file']}: ok" + (f" (with {count} warning{'s' if count > 1 else ''})" if count else ""))
            continue
        for problem in result["problems"]:
            assert isinstance(problem, dict)
            print(Problem(**problem))
    invalid = sum(1 for result in results if not result["valid"])
    if invalid:
        count = sum(len(result["problems"]) for result in results)
        # (The warnings read the compiled rules, which an invalid file has not got.)
        print(
            f"{invalid} of {len(results)} file(s) invalid, {count} problem(s); settings that can never apply are checked once a file is valid."
        )
    return worst


def _report(error: VariantError) -> int:
    for problem in error.problems:
        print(problem, file=sys.stderr)
    return EXIT_USAGE if isinstance(error, UnreadableFileError) else EXIT_INVALID


def _command_show(args: argparse.Namespace) -> int:
    try:
        rules = load_variant(args.variant)
    except VariantError as error:
        return _report(error)
    for warning in warnings_of(args.variant, rules, shipped=False):
        print(warning.warning_text(), file=sys.stderr)
    if args.changes:
        sys.stdout.write(_changes_text(rules))
        return EXIT_OK
    sys.stdout.write(describe(rules))
    missing = unsupported_rules(rules)
    if missing:
        print("\nNot playable yet: the kernel does not play these rules:")
        for rule in missing:
            print(f"  - {rule}")
    return EXIT_OK


def _changes_text(rules: Rules) -> str:
    """What ``rules``' file changes from the file it extends, a line a change (``show --changes``: a rules
    author's trial proof-read a three-line file against the whole rules of the game it extends)."""
    found = extended_base(rules)
    if isinstance(found, str):
        return found + "\n"
    extends, base = found
    changes = summarised(rule_changes(base, rules), rules)
    if not changes:
        return f"{rules.name} plays by the same rules as {extends} ({base.name}).\n"
    many = len(changes) > 1
    lines = [
        f"{rules.name} extends {extends} ({base.name}); {len(changes)} line{'s' if many else ''} of the rules differ{'' if many else 's'}:"
    ]
    lines.extend(f"  {change_line(change)}" for change in changes)
    return "\n".join(lines) + "\n"


def _command_variants(args: argparse.Namespace) -> int:
    rows = []
    for name in shipped_variant_names():
        try:
            rules = load_variant(name)
            note = "" if not unsupported_rules(rules) else " (not playable yet)"
            rows.append((name, (_first_line(rules.description) or rules.name) + note))
        except VariantError as error:
            rows.append((name, f"(invalid: {error.problems[0].message})"))
    if args.format == "json":
        print(json.dumps([{"name": name, "description": text} for name, text in rows], indent=2, ensure_ascii=False))
        return EXIT_OK
    width = max(len(name) for name, _ in rows)
    for name, text in rows:
        print(f"{name:<{width}}  {text}")
    return EXIT_OK


def _command_reference(args: argparse.Namespace) -> int:
    from ..language.reference import reference_markdown

    sys.stdout.write(reference_markdown())
    return EXIT_OK


def _command_schema(args: argparse.Namespace) -> int:
    sys.stdout.write((protocol_schema_path() if args.protocol else schema_path()).read_text(encoding="utf-8"))
    return EXIT_OK


def add_commands(commands: Any) -> None:
    """Add ``validate``, ``show``, ``variants`` and ``schema`` to the ``fivehundred`` subcommands."""
    validate = commands.add_parser("validate", help="check variant files and report every problem (exit 0 valid, 1 invalid, 2 unreadable)")
    validate.add_argument("files", nargs="+", metavar="FILE", help="variant files (or shipped variant names)")
    validate.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    validate.set_defaults(handler=_command_validate)

    show = commands.add_parser("show", help="print a variant's whole rule set in plain words")
    show.add_argument("variant", metavar="VARIANT", help="a shipped variant name or a file path")
    show.add_argument("--changes", action="store_true", help="print only what the file changes from the variant it extends")
    show.set_defaults(handler=_command_show)

    variants = commands.add_parser("variants", help="list the shipped variants")
    variants.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    variants.set_defaults(handler=_command_variants)

    schema = commands.add_parser("schema", help="print the variant JSON Schema (or, with --protocol, the engine protocol's)")
    schema.add_argument("--protocol", action="store_true", help="the JSON Schema of the engine protocol's requests and replies")
    schema.set_defaults(handler=_command_schema)
    reference = commands.add_parser("reference", help="print the variant language's reference (Markdown), generated from the schema")
    reference.set_defaults(handler=_command_reference)
