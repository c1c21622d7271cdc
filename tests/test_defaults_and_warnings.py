"""Issue 45, item 5 (hidden defaults and contradictions): every default the compiler fills in is the
schema's ``default`` and is printed by ``fivehundred reference``; a setting that can never apply under the
rest of the file, or a rule that can never come up, is a validation warning (printed, exit 0).

The rules a check is about are cited where the check is named: rules text 000, "Breach rule (related to
the set rule)" (the breach wager and its bans); rules text 004, "Must bid to win" (Australian: defenders'
trick points stop at 490); rules text 000, "Other scoring variations" (the slam bonus, the back door only
if the others are not negative).
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from commandline import run
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.language.loader import MergedDocument, load_document, load_text
from engine.language.reference import reference_markdown
from engine.language.resources import load_schema, shipped_variant_names
from engine.rules.compiler import compile_document, compile_text
from engine.rules.never_apply import rule_warnings, variant_warnings

SCHEMA = load_schema()
DEFINITIONS: dict[str, Any] = SCHEMA["$defs"]

Path_ = tuple[str, ...]


def _resolved(node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        target = DEFINITIONS[str(node["$ref"]).split("/")[-1]]
        node = {**target, **{key: value for key, value in node.items() if key != "$ref"}}
    return node


def _defaults(node: dict[str, Any], path: Path_) -> Iterator[tuple[Path_, dict[str, Any]]]:
    """Every key of the schema with a ``default`` (``*`` for any key of a mapping of names), with its schema."""
    node = _resolved(node)
    for name, child in node.get("properties", {}).items():
        resolved = _resolved(child)
        if "default" in resolved:
            yield path + (name,), resolved
        yield from _defaults(resolved, path + (name,))
    for branch in node.get("oneOf", []) + node.get("anyOf", []):
        yield from _defaults(branch, path)
    if isinstance(node.get("additionalProperties"), dict):
        yield from _defaults(node["additionalProperties"], path + ("*",))


DEFAULTS = sorted({path: schema["default"] for path, schema in _defaults(SCHEMA, ())}.items())
"""Each defaulted key's path and its default."""

DOCUMENTS = {name: load_document(name).data for name in shipped_variant_names()}


def _parents(data: dict[str, Any], path: Path_) -> list[dict[str, Any]]:
    """The mappings at ``path`` in ``data`` (every one, for a ``*``)."""
    nodes: list[Any] = [data]
    for part in path:
        found: list[Any] = []
        for node in nodes:
            if isinstance(node, dict):
                found.extend(node.values() if part == "*" else [node[part]] if part in node else [])
        nodes = found
    return [node for node in nodes if isinstance(node, dict)]


def _with(data: dict[str, Any], path: Path_, value: object, *, index: int = 0) -> dict[str, Any]:
    """``data`` with the key at ``path`` (in the ``index``-th mapping its parent path finds) set to
    ``value``, or removed when ``value`` is the sentinel ``_ABSENT``."""
    changed = copy.deepcopy(data)
    parent = _parents(changed, path[:-1])[index]
    if value is _ABSENT:
        parent.pop(path[-1], None)
    else:
        parent[path[-1]] = copy.deepcopy(value)
    return changed


_ABSENT = object()


def _compiled(data: dict[str, Any]) -> engine.Rules:
    """The rules compiled from ``data``, without what only names the document (its text and hash)."""
    rules = compile_document(MergedDocument(data=data))
    return dataclasses.replace(rules, document=None, document_hash="")


def _hosts(path: Path_) -> Iterator[tuple[str, int]]:
    """(variant, mapping index) pairs whose merged document has a mapping where ``path`` may be written."""
    for name, data in DOCUMENTS.items():
        if _parents(data, path[:-1]):
            yield name, 0


def test_issue45_item5_the_schema_gives_a_default_for_every_breach_key_the_compiler_fills_in() -> None:
    """Issue 45, item 5: ``breach: {value: 100}`` bans failed callers and level-7 declarers (rules text 000,
    "Breach rule"); the schema says so, with a ``default`` on each breach key the compiler fills in."""
    defaulted = {path[-1]: value for path, value in DEFAULTS if path[:1] == ("breach",)}
    assert defaulted == {
        "short_by": 2,
        "misere_tricks": 3,
        "min_level": 7,
        "callers": "one_defender",
        "can_end_game": False,
        "ban_failed_caller": True,
        "ban_breached_declarer_level": 7,
    }
    assert len(DEFAULTS) > 50, "the schema should give the default of every key the compiler fills in"


@pytest.mark.parametrize(("path", "default"), DEFAULTS, ids=[".".join(path) for path, _ in DEFAULTS])
def test_issue45_item5_leaving_a_key_out_compiles_as_writing_its_schema_default(path: Path_, default: object) -> None:
    """Issue 45, item 5: for each key with a schema ``default``, a document without the key compiles to
    the same rules as the document with the default written out (in shipped variants that have a
    mapping where the key goes): the schema's defaults are the compiler's."""
    compared = []
    for name, index in _hosts(path):
        data = DOCUMENTS[name]
        try:
            written = _compiled(_with(data, path, default, index=index))
        except engine.VariantError:
            continue  # the key does not go there (trick_points with 'then: redeal')
        without = _compiled(_with(data, path, _ABSENT, index=index))
        assert without == written, f"{'.'.join(path)}: leaving it out of {name} is not the same as writing {default!r}"
        compared.append(name)
        if len(compared) == 2:
            break
    assert compared, f"no shipped variant has a mapping at {'.'.join(path[:-1])} where the default may be written"


def test_issue45_item5_the_default_test_fails_for_a_default_the_compiler_does_not_take() -> None:
    """The comparison above can fail: writing a value other than the compiler's default for
    ``breach.ban_failed_caller`` (false, the default being true) compiles to other rules."""
    data = DOCUMENTS["breach"]
    assert _compiled(_with(data, ("breach", "ban_failed_caller"), _ABSENT)) != _compiled(
        _with(data, ("breach", "ban_failed_caller"), False)
    )


def _writable_in_standard(path: Path_, default: object) -> bool:
    """Whether the standard rules have a mapping for ``path`` and compile with its default written there
    (not ``all_pass.trick_points``: standard's all-pass rule is a redeal)."""
    if "*" in path or not _parents(DOCUMENTS["standard"], path[:-1]):
        return False
    try:
        _compiled(_with(DOCUMENTS["standard"], path, default))
    except engine.VariantError:
        return False
    return True


STANDARD_DEFAULTS = [(path, default) for path, default in DEFAULTS if _writable_in_standard(path, default)]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(STANDARD_DEFAULTS), unique_by=lambda item: item[0], max_size=12))
def test_issue45_item5_writing_out_any_set_of_defaults_changes_nothing(chosen: list[tuple[Path_, object]]) -> None:
    """Issue 45, item 5 (property): the standard rules with any set of their unwritten keys written out as
    the schema's defaults (and written ones replaced by them where they equal them) compile alike."""
    data = DOCUMENTS["standard"]
    plain = _compiled(data)
    for path, default in chosen:
        if _parents(data, path[:-1])[0].get(path[-1], default) == default:
            data = _with(data, path, default)
    assert _compiled(data) == plain


def _shown(value: object) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_shown(item) for item in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def test_issue45_item5_the_reference_prints_every_default() -> None:
    """Issue 45, item 5: ``fivehundred reference`` (docs/variant-reference.md) says each default, after the
    key's description: ``ban_failed_caller`` ... ``Default: `true```."""
    text = reference_markdown()
    for path, schema in _defaults(SCHEMA, ()):
        description = " ".join(str(schema.get("description", "")).split())
        assert f"{description} Default: `{_shown(schema['default'])}`." in text, ".".join(path)
    assert "**Ban a failed caller**. Whether a caller whose breach fails may not bid in the next hand. Default: `true`." in text


def test_issue45_item5_set_and_ralph_have_their_own_margins_in_the_schema() -> None:
    """The set rule counts a declarer set two tricks short (rules text 000, "Set rule": one trick more than
    needed to break the contract), ralphing three (rules text 001, "Special bids": "set by more than 3
    tricks ... bids 9 hearts but only takes 6"): one shared schema definition could not give both defaults."""
    set_rules = compile_text("extends: standard\nname: S\nset: {}\nralph: {}\n")
    assert set_rules.set_rule is not None and set_rules.ralph is not None
    assert (set_rules.set_rule.short_by, set_rules.ralph.short_by) == (2, 3)
    assert SCHEMA["properties"]["ralph"]["$ref"] == "#/$defs/ralph_rule"
    assert DEFINITIONS["ralph_rule"]["properties"]["short_by"]["default"] == 3
    assert DEFINITIONS["set_rule"]["properties"]["short_by"]["default"] == 2


# -- warnings -----------------------------------------------------------------------------------------

BREACH_EIGHT = "extends: standard\nname: Breach eight\nbreach:\n  value: 100\n  min_level: 8\n  ban_breached_declarer_level: 7\n"


def _warnings(text: str) -> list[engine.Problem]:
    document = load_text(text, "house.yaml")
    return rule_warnings(compile_document(document), document)


def test_issue45_item5_a_breach_ban_below_min_level_is_a_warning_with_file_line_and_path(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 45, item 5 (rules text 000, "Breach rule"): ``min_level: 8`` with
    ``ban_breached_declarer_level: 7`` validates (exit 0) but warns, at the line of the ban, that it
    can never apply, and says what to write instead."""
    path = tmp_path / "breach8.yaml"
    path.write_text(BREACH_EIGHT)
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 0
    assert f"{path}:6:32: $.breach.ban_breached_declarer_level: warning: ban_breached_declarer_level is 7 but breach" in out
    assert "never applies. Set it to a level breach can be called at (8, 9 or 10)" in out
    assert out.rstrip().endswith(f"{path}: ok (with 1 warning)")


def test_issue45_item5_a_defaulted_ban_that_can_never_apply_says_it_is_the_default() -> None:
    """Issue 45, item 5: ``breach: {value: 100, min_level: 8}`` leaves the ban at its default level 7,
    which breach can never be called at: the warning says the level is the default, at the breach key."""
    (warning,) = _warnings("extends: standard\nname: B\nbreach: {value: 100, min_level: 8}\n")
    assert warning.path == "$.breach.ban_breached_declarer_level" and "is left to its default, 7," in warning.message
    assert (warning.file, warning.line) == ("house.yaml", 3)


def test_issue45_item5_a_breach_ban_at_a_breachable_level_is_no_warning() -> None:
    """A ban at a level breach can be called at (rules text 000, "Breach rule": level 7 and over) applies: no warning."""
    assert _warnings("extends: standard\nname: B\nbreach: {value: 100, min_level: 8, ban_breached_declarer_level: 8}\n") == []
    assert _warnings("extends: standard\nname: B\nbreach: {value: 100}\n") == []


@settings(max_examples=40, deadline=None)
@given(min_level=st.integers(1, 12), ban=st.integers(1, 12))
def test_issue45_item5_the_ban_warning_agrees_with_the_announcement_rules(min_level: int, ban: int) -> None:
    """Issue 45, item 5 (property): the ban is warned about exactly when no contract the compiled breach
    announcement may be made against (:meth:`Announcement.applies`, as the kernel asks it) is of the ban's level."""
    text = f"extends: standard\nname: B\nbreach: {{value: 100, min_level: {min_level}, ban_breached_declarer_level: {ban}}}\n"
    rules = compile_text(text)
    breach = next(announcement for announcement in rules.announcements if announcement.id == "breach")
    can_apply = any(breach.applies(contract) and contract.level == ban for contract in rules.ladder)
    warned = any(warning.path == "$.breach.ban_breached_declarer_level" for warning in _warnings(text))
    assert warned == (not can_apply)


def test_issue45_item5_breach_min_level_above_the_ladder_is_a_warning() -> None:
    """Breach against bids of level 11 or more (the ladder stops at 10) is only ever called against special contracts."""
    warnings = _warnings("extends: standard\nname: B\nbreach: {value: 100, min_level: 11, ban_breached_declarer_level: 10}\n")
    messages = {warning.path: warning.message for warning in warnings}
    assert "special contracts only" in messages["$.breach.min_level"]
    assert "$.breach.ban_breached_declarer_level" in messages


def test_issue45_item5_must_win_by_bid_with_no_trick_points_outside_a_contract_is_a_warning() -> None:
    """Issue 45, item 5 (rules text 004, "must bid to win"): where defenders score no trick points, nothing
    but a made contract reaches the target, so must_win_by_bid never comes up."""
    (warning,) = _warnings("extends: standard\nname: M\nscoring: {defender_trick_points: 0}\nend: {must_win_by_bid: true}\n")
    assert warning.path == "$.end.must_win_by_bid" and (warning.line, warning.column) == (4, 24)
    assert "can never come up" in warning.message and "no trick points are scored outside a contract" in warning.message


def test_must_win_by_bid_restated_by_a_cap_under_the_target_is_no_warning() -> None:
    """Rules text 000, "Other scoring variations", and rules text 004, "must bid to win": the Australian
    packs state the rule as the defenders' cap of 490 under a 500 target, and a house file that writes
    both says the same rule twice, which is no mistake (a user trial met the warning on the README's first
    command, over the shipped ``australian``)."""
    assert _warnings("extends: standard\nname: M\nscoring: {defender_cap: 490}\nend: {must_win_by_bid: true}\n") == []


@pytest.mark.parametrize(
    "change",
    [
        "scoring: {defender_cap: 500}",  # trick points can reach the target
        "scoring: {failed: to_opponents}",  # the opponents gain a failed contract's value (French Canadian)
        "breach: {value: 100, can_end_game: true}",  # breach points end the game
    ],
)
def test_issue45_item5_must_win_by_bid_that_can_come_up_is_no_warning(change: str) -> None:
    """must_win_by_bid matters wherever points other than a made contract can reach the target: no warning."""
    assert _warnings(f"extends: standard\nname: M\n{change}\nend: {{must_win_by_bid: true}}\n") == []


def test_issue45_item5_other_settings_that_never_apply_are_warnings() -> None:
    """The other checks: back door only if others not negative without a losing score; a defenders' cap
    with no trick points; a slam bonus below every bid's value (rules text 000, "Other scoring
    variations"); misere_tricks with the misère family switched off."""
    no_back_door = _warnings("extends: standard\nname: W\nend: {lose_at: null, lose_only_if_others_not_negative: true}\n")
    assert [warning.path for warning in no_back_door] == ["$.end.lose_only_if_others_not_negative"]
    no_points = _warnings("extends: standard\nname: W\nscoring: {defender_trick_points: 0, defender_cap: 490}\n")
    assert [warning.path for warning in no_points] == ["$.scoring.defender_cap"]
    tiny_slam = _warnings("extends: standard\nname: W\nscoring: {slam: {value: 250, below_value: 40}}\n")
    assert [warning.path for warning in tiny_slam] == ["$.scoring.slam"] and "the cheapest, 6S, is worth 40" in tiny_slam[0].message
    no_misere = _warnings(
        "extends: standard\nname: W\ncontracts: {misere: {allowed: false}, open_misere: {allowed: false}}\nset: {misere_tricks: 2}\n"
    )
    assert [warning.path for warning in no_misere] == ["$.set.misere_tricks"]


def test_issue45_item5_the_shipped_variants_validate_without_warnings() -> None:
    """The shipped variants validate without warnings (Australian's must_win_by_bid beside its cap of 490
    states one rule twice, as rules text 004 does: no warning)."""
    found = {name: [warning.path for warning in variant_warnings(name, engine.load_variant(name))] for name in shipped_variant_names()}
    assert {name: paths for name, paths in found.items() if paths} == {}


def test_issue45_item5_a_file_is_warned_only_of_what_it_writes_or_brings_about() -> None:
    """Extending australian without touching what makes must_win_by_bid moot adds no warning; scoring no
    trick points for the defenders (the cap dropped) is a change that makes it moot, and is warned of at
    that change."""
    assert _warnings("extends: australian\nname: A\nplay: {first_lead: left_of_dealer}\n") == []
    (warning,) = _warnings("extends: australian\nname: A\nscoring: {defender_cap: null, defender_trick_points: 0}\n")
    assert warning.file == "house.yaml" and (warning.line, warning.column) == (3, 1)
    assert "no trick points are scored outside a contract" in warning.message


def test_issue45_item5_validate_json_lists_warnings_and_show_prints_them(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``validate --format json`` gives each file's ``warnings`` (the file still valid); ``show`` prints them
    on standard error, the description on standard output."""
    path = tmp_path / "breach8.yaml"
    path.write_text(BREACH_EIGHT)
    code, out, _ = run(capsys, "validate", "--format", "json", str(path))
    report = json.loads(out)
    assert code == 0 and report["valid"] is True
    (warning,) = report["files"][0]["warnings"]
    assert (warning["line"], warning["path"]) == (6, "$.breach.ban_breached_declarer_level")
    code, out, err = run(capsys, "show", str(path))
    assert code == 0 and "warning: ban_breached_declarer_level is 7" in err and "warning" not in out


# -- item 8: suggestions ------------------------------------------------------------------------------

NO_OPEN = "extends: standard\nname: No open\ncontracts:\n  open_misere: {allowed: false}\n  misere:\n    placement: {above: open_misre}\n"


def test_issue45_item8_a_placement_never_suggests_a_contract_that_is_switched_off() -> None:
    """Issue 45, item 8: ``placement: {above: open_misre}`` where open misère is switched off suggested
    ``open_misere``, then refused it; now it says open_misere is switched off, and suggests only bids
    that may be placed against (not misere, the contract being placed)."""
    with pytest.raises(engine.VariantError) as raised:
        compile_text(NO_OPEN, "house.yaml")
    (problem,) = raised.value.problems
    assert problem.path == "$.contracts.misere.placement.above"
    assert "Did you mean 'open_misere'" not in problem.message and "Did you mean 'misere'" not in problem.message
    assert "'open_misere' is close, but it is switched off (allowed: false)." in problem.message


def test_issue45_item8_a_placement_still_suggests_a_contract_that_is_allowed() -> None:
    """With open misère allowed, the misspelling is answered with it."""
    with pytest.raises(engine.VariantError) as raised:
        compile_text(NO_OPEN.replace("  open_misere: {allowed: false}\n", ""), "house.yaml")
    assert "Did you mean 'open_misere'?" in raised.value.problems[0].message


def test_issue45_item8_suggestion_names_an_unavailable_closest_match_instead_of_offering_it() -> None:
    """engine.language.suggest.suggestion: a closer name that may not be written is said to be unavailable,
    and the closest allowed option still offered."""
    from engine.language.suggest import suggestion

    assert suggestion("open_misre", ["misere"], {"open_misere": "it is switched off"}) == (
        " 'open_misere' is close, but it is switched off. Did you mean 'misere'?"
    )
    assert suggestion("open_misre", ["open_misere"], {"open_misere": "it is switched off"}) == " Did you mean 'open_misere'?"
    assert suggestion("nullo", ["misere"], {"open_misere": "it is switched off"}) == ""


def test_issue45_item8_the_test_virtual_environment_is_ignored_by_git() -> None:
    """Issue 45, item 8: the README's test command makes ``.venv-test/``; .gitignore lists it."""
    ignored = (Path(__file__).resolve().parents[1] / ".gitignore").read_text(encoding="utf-8").split()
    assert ".venv-test/" in ignored


def test_a_shipped_variants_warnings_are_for_validate_not_for_its_players(capsys: pytest.CaptureFixture[str]) -> None:
    """``australian`` states must-win-by-bid under its 490 cap (rules text 004): ``validate`` finds nothing
    to warn of; ``simulate`` and ``show`` print no warning (a simulation's report still says why the rule
    never came up)."""
    code, out, _ = run(capsys, "validate", "australian")
    assert code == 0 and out == "australian: ok\n"
    code, out, err = run(capsys, "simulate", "australian", "--games", "3")
    assert code == 0 and "warning:" not in err and "cannot under these rules" in out
    code, _, err = run(capsys, "show", "australian")
    assert code == 0 and "warning:" not in err


@pytest.mark.parametrize(("section", "extra"), [("set", ""), ("ralph", ""), ("breach", "value: 100, ")])
def test_a_margin_no_contract_can_fall_short_by_is_a_warning(section: str, extra: str) -> None:
    """Rules text 000, "Set rule" and "Breach rule": a margin counts tricks a contract falls short by; a
    user trial wrote ``short_by: 11`` with ten-card hands (and ``show`` repeated it). Ten tricks short is
    possible (10H taking none); eleven, or a misère margin above ten tricks, never is."""
    (short,) = _warnings(f"extends: standard\nname: W\n{section}: {{{extra}short_by: 11}}\n")
    assert short.path == f"$.{section}.short_by" and short.line == 3
    assert "no contract can fall more than 10 tricks short" in short.message
    (misere,) = _warnings(f"extends: standard\nname: W\n{section}: {{{extra}misere_tricks: 11}}\n")
    assert misere.path == f"$.{section}.misere_tricks" and "a hand has only 10 tricks" in misere.message
    assert _warnings(f"extends: standard\nname: W\n{section}: {{{extra}short_by: 10, misere_tricks: 10}}\n") == []
    # With no contract to take no tricks, one warning says so (a review found a second one contradicting it).
    no_misere = "contracts: {misere: {allowed: false}, open_misere: {allowed: false}}\n"
    (only,) = _warnings(f"extends: standard\nname: W\n{no_misere}{section}: {{{extra}misere_tricks: 11}}\n")
    assert "no contract of this variant is to take no tricks" in only.message


@pytest.mark.parametrize(
    ("setting", "path"),
    [
        ("bonus: 100", "$.contracts.misere.bonus"),
        ("no_trump_value: 5", "$.contracts.misere.no_trump_value"),
        ("eligible: {levels: [7]}", "$.contracts.misere.eligible.levels"),
    ],
)
def test_what_only_a_modifier_or_a_call_reads_is_refused_on_a_bid(setting: str, path: str) -> None:
    """The variant language's contracts: ``bonus``, ``no_trump_value`` and ``eligible.levels`` are for a
    modifier or a call; on a bid (misère) a user trial saw them compile as if they were not there. They are
    refused where they are written, never ignored."""
    with pytest.raises(engine.VariantError) as refused:
        compile_text(f"extends: standard\nname: W\ncontracts:\n  misere:\n    {setting}\n")
    (problem,) = refused.value.problems
    assert problem.path == path and problem.line == 5 and "for a modifier or a call" in problem.message


def test_a_special_contract_ranked_below_every_bid_of_the_level_it_waits_for_is_a_warning() -> None:
    """Rules text 000, "Misère": misère may be bid once the auction reaches 7 and outranks 7NT. A user trial
    placed it above 6S, eligible once the auction reached 9: then every standing bid outranks it, so it can
    never be bid, which is said at the setting; placed above 9S it can be."""
    (warning,) = _warnings(
        "extends: standard\nname: W\ncontracts:\n  misere:\n    placement: {above: 6S}\n    eligible: {auction_reached: 9}\n"
    )
    assert warning.path == "$.contracts.misere.eligible.auction_reached" and warning.line == 6
    assert "can never be bid" in warning.message and "ranks below 9S" in warning.message
    assert (
        _warnings("extends: standard\nname: W\ncontracts:\n  misere:\n    placement: {above: 9S}\n    eligible: {auction_reached: 9}\n")
        == []
    )
