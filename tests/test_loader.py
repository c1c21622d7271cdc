"""The loader: safe YAML, limits, extends chains and the merge rules (issue: "Loader")."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import engine
from engine.errors import UnreadableFileError, VariantError
from engine.language.loader import load_document
from engine.language.source import MAX_FILE_BYTES


def write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_maps_merge_lists_replace_and_null_removes(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "house.yaml",
        "extends: standard\nladder:\n  levels: [7, 8, 9, 10]\nend:\n  lose_at: null\ncontracts:\n  misere:\n    value: 300\n",
    )
    document = load_document(path)
    assert document.data["ladder"]["levels"] == [7, 8, 9, 10]  # list replaced
    assert document.data["ladder"]["values"] == "avondale"  # sibling kept
    assert "lose_at" not in document.data["end"]  # null removed
    assert document.data["contracts"]["misere"]["placement"] == {"above": "8S"}  # nested map merged
    assert document.data["contracts"]["misere"]["value"] == 300
    assert "extends" not in document.data


def test_a_needed_setting_removed_by_null_is_reported_where_the_null_is_written(tmp_path: Path) -> None:
    """``null`` removes an inherited setting (docs/variant-language.md); where the variant needs it (its
    deck, its kitty's size), the problem points at the ``null`` the author wrote and says what it did,
    not at the top of the file as if the key had never been written."""
    path = write(tmp_path, "house.yaml", "extends: standard\nname: X\ndeck: null\ndeal:\n  kitty_size: null\n")
    with pytest.raises(VariantError) as raised:
        engine.load_variant(path)
    found = {(problem.path, problem.line, problem.column): problem.message for problem in raised.value.problems}
    assert "is null, which removes it, but it is needed: a named pack" in found["$.deck", 3, 1]
    assert "is null, which removes it, but it is needed" in found["$.deal.kitty_size", 5, 3]
    # Never written: at the nearest written parent (a whole game's file: one that says nothing of the deck,
    # the players or the deal is told it extends nothing).
    unwritten = write(tmp_path, "bare.yaml", "name: Bare\nplayers: {count: 4}\n")
    with pytest.raises(VariantError) as raised:
        engine.load_variant(unwritten)
    assert any(problem.message.startswith("'deck' is missing: ") for problem in raised.value.problems)
    bare = write(tmp_path, "barer.yaml", "name: Bare\n")
    with pytest.raises(VariantError, match="This file extends no variant"):
        engine.load_variant(bare)


def test_a_placement_replaces_rather_than_merges(tmp_path: Path) -> None:
    path = write(tmp_path, "house.yaml", "extends: standard\ncontracts:\n  misere:\n    placement: {above: 7NT}\n")
    assert load_document(path).data["contracts"]["misere"]["placement"] == {"above": "7NT"}


def test_add_points_changes_a_strains_or_a_bids_worth_over_the_extended_table(tmp_path: Path) -> None:
    """A rules author's wish ("NT +40" without retyping the Avondale table, rules/standard's values):
    ``ladder.add_points`` adds to what ``values`` gives, by strain or by bid, merged key by key through an
    extends chain (``null`` removes one); a key that names neither is refused with the one meant."""
    standard = engine.load_variant("standard")
    write(tmp_path, "dear.yaml", "extends: standard\nladder:\n  add_points: {NT: 40, 10NT: 20}\n")
    dear = engine.load_variant(str(tmp_path / "dear.yaml"))
    for contract in standard.ladder:
        extra = (40 if contract.id.endswith("NT") and not contract.is_special else 0) + (20 if contract.id == "10NT" else 0)
        assert dear.ladder[contract.id].value == contract.value + extra, contract.id
    # Merged key by key: a file over it adds a strain and removes the bid's entry.
    child = write(tmp_path, "child.yaml", "extends: dear.yaml\nladder:\n  add_points: {H: -10, 10NT: null}\n")
    merged = engine.load_variant(child)
    assert merged.ladder["7NT"].value == standard.ladder["7NT"].value + 40
    assert merged.ladder["10NT"].value == standard.ladder["10NT"].value + 40
    assert merged.ladder["8H"].value == standard.ladder["8H"].value - 10
    bad = write(tmp_path, "bad.yaml", "extends: standard\nladder:\n  add_points: {N: 40}\n")
    with pytest.raises(VariantError) as raised:
        engine.load_variant(bad)
    [problem] = raised.value.problems
    assert problem.path == "$.ladder.add_points.N" and "Did you mean 'NT'?" in problem.message, problem
    # A worth beyond a value table's bounds is one problem naming the bids (a review: 6NT at 200,120 passed).
    huge = write(tmp_path, "huge.yaml", "extends: standard\nladder:\n  add_points: {NT: 100000, 6NT: 100000}\n")
    with pytest.raises(VariantError) as raised:
        engine.load_variant(huge)
    [problem] = raised.value.problems
    assert "6NT 200,120" in problem.message and "between -100,000 and 100,000" in problem.message, problem
    # Over american, whose nullo is placed by value (rules text 004, "American version"), dearer no trumps make
    # 7NT (260) outbid by 8S (240): no place is by value on both sides, and it is said (a review: nullo at 250
    # landed between them with no word).
    american = write(tmp_path, "american-nt.yaml", "extends: american\nladder:\n  add_points: {NT: 40}\n")
    with pytest.raises(VariantError) as raised:
        engine.load_variant(american)
    [problem] = raised.value.problems
    assert problem.path == "$.contracts.misere.placement" and "7NT (260) is outbid by bids worth less, such as 8S (240)" in problem.message
    # A key in lower case is told what add_points keys are (a review: it was told contract ids are allowed).
    lower = write(tmp_path, "lower.yaml", "extends: standard\nladder:\n  add_points: {nt: 40, misere: 10}\n")
    with pytest.raises(VariantError) as raised:
        engine.load_variant(lower)
    found = {problem.path: problem.message for problem in raised.value.problems}
    assert "Did you mean 'NT'?" in found["$.ladder.add_points.nt"] and "contracts.<id>.value" in found["$.ladder.add_points.misere"]
    # A bid whose row a problem already reported is not reported again as unknown.
    short = write(
        tmp_path,
        "short.yaml",
        "extends: standard\nladder:\n  values: {table: {S: [40, 140, 240, 340, 440], "
        "C: [60, 160, 260, 360, 460], D: [80, 180, 280, 380, 480], H: [100, 200, 300, 400], NT: [120, 220, 320, 420, 520]}}\n"
        "  add_points: {10H: 10}\n",
    )
    with pytest.raises(VariantError) as raised:
        engine.load_variant(short)
    assert [problem.path for problem in raised.value.problems] == ["$.ladder.values.table.H"], raised.value.problems


def test_a_file_without_a_name_is_named_after_itself(tmp_path: Path) -> None:
    path = write(tmp_path, "harbour-street.yaml", "extends: standard\ndeck: 45-card\ndeal: {kitty_size: 5, pattern: 3-3-4-2-3}\n")
    assert engine.load_variant(path).name == "harbour-street"


def test_relative_extends_chain(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    write(tmp_path / "sub", "base.yaml", "extends: australian\nname: Base\n")
    write(tmp_path / "sub", "middle.yaml", "extends: ../sub/base.yaml\nname: Middle\n")
    path = write(tmp_path, "top.yaml", "extends: sub/middle.yaml\nname: Top\nend: {target: 1000}\n")
    rules = engine.load_variant(path)
    assert rules.name == "Top" and rules.end.target == 1000 and rules.end.must_win_by_bid


def test_extends_names_a_variant_file_whatever_the_case_of_its_ending(tmp_path: Path) -> None:
    """docs/variant-language.md, "extends": a relative .yaml or .yml path. A trial saved ``Other.YAML``, which
    the command line read and ``extends`` refused as no shipped variant: the ending counts in any case."""
    write(tmp_path, "Other.YAML", "extends: australian\nname: Other\n")
    write(tmp_path, "Base.Yml", "extends: Other.YAML\nname: Base\n")
    path = write(tmp_path, "top.yaml", "extends: Base.Yml\nend: {target: 1000}\n")
    rules = engine.load_variant(path)
    assert rules.end.target == 1000 and rules.end.must_win_by_bid


@pytest.mark.parametrize(
    ("reference", "words"),
    [
        (
            "../base.yaml",
            "a variant may extend files inside it only (so that a rules file cannot read the machine's other files): "
            "keep the files it extends in that folder or below it (copy base.yaml beside it, or move this file up next to it).",
        ),
        ("/etc/base.yaml", "absolute path"),
        ("~/base.yaml", "absolute path"),
        ("../../../../etc/passwd", "must name a .yaml or .yml file"),
        ("x" * 300 + ".yaml", "at most 200 are allowed"),
        ("x" * 300, "at most 200 are allowed"),
    ],
)
def test_extends_stays_inside_the_named_files_folder(tmp_path: Path, reference: str, words: str) -> None:
    """docs/variant-language.md, "extends": a shipped name, or a relative .yaml path inside the folder of
    the file first named; anything else is refused at the extends line, no file outside is read."""
    (tmp_path / "sub").mkdir()
    write(tmp_path, "base.yaml", "extends: australian\nname: Base\n")
    path = write(tmp_path / "sub", "top.yaml", f"name: Top\nextends: {json.dumps(reference)}\n")
    with pytest.raises(VariantError) as raised:
        engine.load_variant(path)
    problem = raised.value.problems[0]
    assert problem.path == "$.extends" and problem.line == 2 and words in problem.message


def test_extends_refuses_a_pipe_without_blocking(tmp_path: Path) -> None:
    """A FIFO named by extends (or on the command line) would block the read forever: it is refused."""
    os.mkfifo(tmp_path / "pipe.yaml")
    path = write(tmp_path, "top.yaml", "extends: pipe.yaml\n")
    with pytest.raises(VariantError, match="not a regular file"):
        engine.load_variant(path)
    with pytest.raises(VariantError, match="not a regular file"):
        engine.load_variant(str(tmp_path / "pipe.yaml"))


def test_extends_cycle_is_reported(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", "extends: b.yaml\nname: A\n")
    write(tmp_path, "b.yaml", "extends: a.yaml\nname: B\n")
    with pytest.raises(VariantError) as raised:
        load_document(str(tmp_path / "a.yaml"))
    problem = raised.value.problems[0]
    assert "cycle" in problem.message and problem.path == "$.extends" and problem.file.endswith("b.yaml")


def test_extends_a_missing_file(tmp_path: Path) -> None:
    path = write(tmp_path, "a.yaml", "name: A\nextends: ./nowhere.yaml\n")
    with pytest.raises(VariantError) as raised:
        load_document(path)
    problem = raised.value.problems[0]
    assert problem.line == 2 and "nowhere.yaml" in problem.message and "No such file" in problem.message


def test_alias_bomb_is_refused(tmp_path: Path) -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for level in range(1, 9):
        lines.append(f"a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 10) + "]")
    path = write(tmp_path, "bomb.yaml", "\n".join(lines) + "\n")
    with pytest.raises(VariantError) as raised:
        load_document(path)
    assert "aliases" in raised.value.problems[0].message


def test_oversized_file_is_refused_unread(tmp_path: Path) -> None:
    path = write(tmp_path, "big.yaml", "name: x\n" + "#" * (MAX_FILE_BYTES + 10) + "\n")
    with pytest.raises(UnreadableFileError) as raised:
        load_document(path)
    assert "limit" in raised.value.problems[0].message


def test_unsafe_tags_are_not_constructed(tmp_path: Path) -> None:
    path = write(tmp_path, "evil.yaml", "name: !!python/object/apply:os.system ['echo hacked']\n")
    with pytest.raises(VariantError) as raised:
        load_document(path)
    assert raised.value.problems[0].line == 1


def test_not_utf8_is_unreadable(tmp_path: Path) -> None:
    path = tmp_path / "latin.yaml"
    path.write_bytes("name: mis\xe8re\n".encode("latin-1"))
    with pytest.raises(UnreadableFileError) as raised:
        load_document(str(path))
    assert "not UTF-8" in raised.value.problems[0].message


def test_unknown_reference_suggests_a_shipped_name() -> None:
    with pytest.raises(UnreadableFileError) as raised:
        load_document("australain")
    assert "Did you mean 'australian'?" in raised.value.problems[0].message


def test_shipped_variants_load_from_any_working_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert engine.load_variant("australian").name == "Australian 500"


def test_a_shipped_variant_named_as_a_file_says_how_to_name_it(tmp_path: Path) -> None:
    """``standard.yaml`` is not a file here, but ``standard`` is shipped: the message says to drop the
    '.yaml', where it listed all the shipped names (no help for what is clearly a path)."""
    with pytest.raises(UnreadableFileError) as raised:
        load_document("standard.yaml")
    assert "named without its folder or '.yaml': 'standard'" in raised.value.problems[0].message
    with pytest.raises(UnreadableFileError) as raised:
        load_document(str(tmp_path / "nosuch.yaml"))
    assert "Shipped variants:" not in raised.value.problems[0].message
    (tmp_path / "house.yaml").write_text("extends: standard.yaml\nname: House\n")
    with pytest.raises(VariantError) as extended:
        load_document(str(tmp_path / "house.yaml"))
    assert "'extends: standard'" in extended.value.problems[0].message


def test_an_empty_variant_name_is_refused_with_a_sentence_not_an_empty_file_name() -> None:
    """A user trial: ``engine.load_variant("")`` said ``: $: There is no file and no shipped variant called
    ''`` (an empty file name in front). It names the empty string and what a variant is named by."""
    with pytest.raises(UnreadableFileError) as raised:
        engine.load_variant("")
    assert str(raised.value).startswith("'': $: A variant is named by a shipped variant's name or a variant file's path")
