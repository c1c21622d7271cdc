"""A table of broken variant files: each must be reported at the right path and line with a message a
person can act on (issue: "Errors a person can act on"). Line numbers count from the file's first line.
"""

from __future__ import annotations

import pytest

from engine.errors import Problem

# (id, file text, expected path, expected line, fragments the message must contain)
CASES: list[tuple[str, str, str, int, tuple[str, ...]]] = [
    (
        "misspelt-key-suggests-kitty-size",
        """
        extends: standard
        deal:
          kity_size: 4
        """,
        "$.deal.kity_size",
        3,
        ("Unknown key 'kity_size'", "Did you mean 'kitty_size'?"),
    ),
    (
        # A rules author's trial: a key one level too high listed the top level's keys only.
        "a-key-at-the-wrong-depth-names-where-it-belongs",
        """
        extends: standard
        target: 400
        """,
        "$.target",
        2,
        ("Unknown key 'target' in the top level.", "'target' is a key of end (end.target)", "write it there"),
    ),
    (
        # A review: a same-named key of another section was offered as where this one belongs.
        "a-same-named-key-of-another-section-is-only-mentioned",
        """
        extends: standard
        contracts:
          misere:
            level: 7
        """,
        "$.contracts.misere.level",
        4,
        ("Unknown key 'level' in 'misere'.", "'level' is also a key of auction.inkles (auction.inkles.level).", "Allowed keys here: name,"),
    ),
    (
        # A review: a top-level key written inside a section was never pointed back to the top level.
        "a-top-level-key-inside-a-section-names-the-top-level",
        """
        extends: standard
        end:
          end: {target: 400}
        """,
        "$.end.end",
        3,
        ("Unknown key 'end' in 'end'.", "'end' is a key of the top level (end): write it there."),
    ),
    (
        # A rules author's trial: the word as it is spelt, accent and all, got no suggestion.
        "an-accented-contract-id-suggests-its-plain-spelling",
        """
        extends: standard
        contracts:
          misère: {value: 300}
        """,
        '$.contracts["misère"]',
        3,
        ("'misère' is not a valid name here", "Did you mean 'misere'?"),
    ),
    (
        "deal-does-not-use-the-deck",
        """
        extends: standard
        deal:
          kitty_size: 5
          pattern: 3-2-4-2-3-1
        """,
        "$.deal",
        3,
        ("does not use the deck exactly", "= 45 cards, but the deck has 43", "A kitty of 3 would fit"),
    ),
    (
        "unknown-named-pack",
        """
        extends: standard
        deck: 47-card
        """,
        "$.deck",
        2,
        ("'47-card' is not valid for 'deck'", "Did you mean '46-card'?"),
    ),
    (
        "placement-names-a-bid-that-does-not-exist",
        """
        extends: standard
        contracts:
          misere:
            placement: {above: 11S}
        """,
        "$.contracts.misere.placement.above",
        4,
        ("placed above '11S'", "not a contract of this variant", "from 6S to 10NT"),
    ),
    (
        # A user trial: the tie was reported at 'contracts:' (the inherited open misère's placement, which the
        # file did not write); it is the user's placement that made it, and the hint is from its side.
        "a-placement-tying-with-an-inherited-one-is-reported-where-the-file-wrote-it",
        """
        extends: standard
        contracts:
          misere:
            placement: {below: 10H}
        """,
        "$.contracts.misere.placement",
        4,
        ("misere and open_misere would tie", "{above: open_misere}"),
    ),
    (
        "two-contracts-in-one-slot",
        """
        extends: standard
        contracts:
          hi_lo:
            value: 350
            placement: {above: 8S}
            target: {exactly: 5}
        """,
        "$.contracts.hi_lo.placement",
        5,
        ("would tie", "misere", "{above: misere}"),
    ),
    (
        "equal-value-without-tie-rule",
        """
        extends: standard
        contracts:
          open_misere:
            placement: by_value
        """,
        "$.contracts.open_misere.placement",
        4,
        ("worth 500, the same as 10H", "ties: above", "ties: below"),
    ),
    (
        "new-contract-misspelt",
        """
        extends: standard
        contracts:
          misre:
            placement: {above: 7NT}
        """,
        "$.contracts.misre",
        3,
        ("has no 'value'", "Did you mean 'misere'?"),
    ),
    (
        "teams-do-not-divide-players",
        """
        extends: standard
        players:
          count: 6
          teams: 4
        deck: 63-card
        """,
        "$.players.teams",
        4,
        ("6 players cannot sit as 4 equal teams",),
    ),
    (
        "explicit-teams-leave-a-seat-out",
        """
        extends: standard
        players:
          teams: [[0, 2], [1]]
        """,
        "$.players.teams",
        3,
        ("Seat(s) 3 are in no team",),
    ),
    (
        "explicit-teams-name-a-missing-seat",
        """
        extends: standard
        players:
          teams: [[0, 2], [1, 5]]
        """,
        "$.players.teams[1][1]",
        3,
        ("Seat 5 does not exist with 4 players",),
    ),
    (
        "called-partner-forbids-a-joker-that-is-not-there",
        """
        extends: standard
        players:
          count: 5
          teams: alone
          called_partner: {may_not_name: [joker]}
        deck: 52-card
        deal:
          kitty_size: 2
          pattern: 3-1-4-1-3
        """,
        "$.players.called_partner.may_not_name",
        5,
        ("forbids calling the joker", "no joker"),
    ),
    (
        "called-partner-with-fixed-teams",
        """
        extends: standard
        players:
          called_partner: {reveal: announced}
        """,
        "$.players.called_partner",
        3,
        ("needs 'teams: alone'",),
    ),
    (
        "unclosed-brace-is-reported-where-it-opened",
        """
        extends: standard
        deal: {hand_size: 10
        name: Broken
        """,
        "$",
        2,
        ("The mapping '{' opened on line 2 at column 7 is not closed", "add the closing '}'", "'deal: {hand_size: 10}'"),
    ),
    (
        "duplicate-key",
        """
        extends: standard
        name: One
        name: Two
        """,
        "$.name",
        3,
        ("appears twice", "first at line 2"),
    ),
    (
        "text-where-a-number-belongs",
        """
        extends: standard
        deal:
          hand_size: ten
        """,
        "$.deal.hand_size",
        3,
        ("'hand_size' must be a whole number, not the text 'ten'",),
    ),
    (
        "misspelt-word",
        """
        extends: standard
        auction:
          rounds: contineous
        """,
        "$.auction.rounds",
        3,
        ("expected one of: continuous, one", "Did you mean 'continuous'?"),
    ),
    (
        "extends-an-unknown-variant",
        """
        extends: standrd
        name: Typo
        """,
        "$.extends",
        1,
        ("no shipped variant called 'standrd'", "Did you mean 'standard'?"),
    ),
    (
        "too-many-players",
        """
        extends: standard
        players:
          count: 7
        """,
        "$.players.count",
        3,
        ("must be from 2 to 6, not 7",),
    ),
    (
        "ladder-names-an-unknown-strain",
        """
        extends: standard
        ladder:
          strains: [S, C, D, H, NX]
        """,
        "$.ladder.strains[4]",
        3,
        ("There is no strain NX", "Did you mean 'NT'?"),
    ),
    (
        "value-table-too-short",
        """
        extends: standard
        ladder:
          values:
            table:
              S: [40, 140]
              C: [60, 160, 260, 360, 460]
              D: [80, 180, 280, 380, 480]
              H: [100, 200, 300, 400, 500]
              NT: [120, 220, 320, 420, 520]
        """,
        "$.ladder.values.table.S",
        5,
        ("S has 2 values but the ladder has 5 levels",),
    ),
    (
        "by-value-order-needs-a-tie-rule",
        """
        extends: standard
        ladder:
          values: original
          order: by_value
        contracts:
          misere: {placement: by_value}
          open_misere: {placement: {by_value: true, ties: below}}
        """,
        "$.ladder.order",
        4,
        ("both worth", "ties: more_tricks_higher"),
    ),
    (
        "slam-names-an-unknown-bid",
        """
        extends: standard
        scoring:
          slam: {value: 250, up_to: 8X}
        """,
        "$.scoring.slam.up_to",
        3,
        ("'8X' is not a bid of this variant",),
    ),
    (
        "inkles-at-a-level-not-in-the-ladder",
        """
        extends: standard
        auction:
          inkles: {level: 5, bidders: 2}
        """,
        "$.auction.inkles.level",
        3,
        ("Inkles are at level 5", "not a level of the ladder"),
    ),
    (
        "pattern-deals-the-wrong-number",
        """
        extends: standard
        deal:
          pattern: 3-1-4-1-3
        """,
        "$.deal.pattern",
        3,
        ("deals 2 cards to the kitty", "should get 3"),
    ),
    (
        "extra-card-in-a-suit-that-does-not-exist",
        """
        extends: standard
        deck:
          base: 43-card
          add: [4X]
        """,
        "$.deck.add[0]",
        4,
        ("4X names suit X", "not a suit of this deck"),
    ),
    (
        "removing-a-card-that-is-not-there",
        """
        extends: standard
        deck:
          base: 43-card
          remove: [3S]
        """,
        "$.deck.remove[0]",
        4,
        ("3S is not in the deck",),
    ),
    (
        "joker-named-like-a-card",
        """
        extends: standard
        deck:
          base: 43-card
          jokers: [{id: JS}]
        """,
        "$.deck.jokers[0].id",
        4,
        ("joker id JS is already the name of a card",),
    ),
    (
        "level-beyond-the-hand",
        """
        extends: standard
        ladder:
          levels: [6, 7, 8, 9, 10, 11]
        """,
        "$.ladder.levels",
        3,
        ("Level 11 cannot be bid with hands of 10 cards",),
    ),
    (
        "top-level-is-a-list",
        """
        - extends
        - standard
        """,
        "$",
        1,
        ("top level must be a mapping",),
    ),
    (
        "a-date-where-text-belongs",
        """
        extends: standard
        name: 2024-01-01
        """,
        "$.name",
        2,
        ("was read as a date", "put it in quotes"),
    ),
    (
        "contract-id-with-capitals",
        """
        extends: standard
        contracts:
          Grand:
            value: 1000
            placement: highest
        """,
        "$.contracts.Grand",
        3,
        ("'Grand' is not a valid name here", "lower-case"),
    ),
    (
        "placement-with-above-and-below",
        """
        extends: standard
        contracts:
          misere:
            placement: {above: 7NT, below: 8S}
        """,
        "$.contracts.misere.placement",
        4,
        ("takes only one of: above, below, by_value",),
    ),
    (
        "misere-the-auction-never-reaches",
        """
        extends: standard
        contracts:
          misere:
            eligible: {auction_reached: 11}
        """,
        "$.contracts.misere.eligible.auction_reached",
        4,
        ("never reaches 11", "could never be bid"),
    ),
    (
        "value-table-of-one-strain",
        """
        extends: standard
        ladder:
          values:
            table:
              NT: [160, 260, 360, 460, 560]
        """,
        "$.ladder.values.table",
        5,
        (
            "The table has no values for S, C, D and H: a table replaces the values of the file it extends whole",
            "S: [40, 140, 240, 340, 440]; C: [60, 160, 260, 360, 460]",
        ),
    ),
    (
        "house-rules-without-extends",
        """
        contracts:
          misere:
            value: 300
        """,
        "$",
        1,
        ("This file extends no variant and says nothing of the deck, the players or the deal", "'extends: standard'"),
    ),
    (
        "eligible-below-what-it-must-reach",
        """
        extends: standard
        contracts:
          misere:
            eligible:
              auction_reached: 7
              auction_below: 7
        """,
        "$.contracts.misere.eligible.auction_below",
        6,
        (
            "'misere' could never be bid: once the auction has reached 7 it has already reached 7",
            "auction_below: 8 allows it at level 7 only",
        ),
    ),
    (
        "a-number-for-its-word",
        """
        extends: standard
        auction:
          rounds: 1
        """,
        "$.auction.rounds",
        3,
        ("expected one of: continuous, one. Did you mean 'one'?",),
    ),
    (
        "losing-score-not-below-zero",
        """
        extends: standard
        end:
          lose_at: 0
        """,
        "$.end.lose_at",
        3,
        ("losing score 0 must be below 0, the score every side starts from", "-10 where scores move in tens"),
    ),
    (
        "losing-score-above-target",
        """
        extends: standard
        end:
          lose_at: 600
        """,
        "$.end.lose_at",
        3,
        ("losing score 600 must be below the target 500",),
    ),
    (
        "special-bid-with-target-bid",
        """
        extends: standard
        contracts:
          misere:
            target: bid
        """,
        "$.contracts.misere.target",
        4,
        ("target 'bid' only makes sense for a modifier or call",),
    ),
    (
        "modifier-with-a-placement",
        """
        extends: standard
        contracts:
          sans_kitty:
            kind: modifier
            bonus: 40
            kitty: none
            placement: highest
        """,
        "$.contracts.sans_kitty.placement",
        7,
        ("has no place of its own in the ladder",),
    ),
    (
        "strain-trumps-a-missing-suit",
        """
        extends: standard
        strains:
          J5: {trump: X}
        """,
        "$.strains.J5.trump",
        3,
        ("X is not a suit of this deck",),
    ),
    (
        "dummy-face-down-uncovered",
        """
        extends: two-handed
        players:
          dummies: {face_down: 6, face_up: 4}
        """,
        "$.players.dummies",
        3,
        ("face_down cannot exceed face_up",),
    ),
    (
        "empty-file",
        """
        # nothing but a comment
        """,
        "$",
        0,
        ("The file is empty",),
    ),
    (
        "breach-without-value",
        """
        extends: standard
        breach:
          short_by: 2
        """,
        "$.breach",
        3,
        ("Breach needs a 'value'",),
    ),
    (
        "key-dedented-one-level-under-an-empty-key",
        """
        extends: standard
        contracts:
          misere:
            placement: {above: 7NT}
            eligible:
          auction_reached: 7
        """,
        "$.contracts.auction_reached",
        6,
        ("Check the indentation", "'eligible:' on line 5 has no value", "indent it to column 7"),
    ),
    (
        "key-indented-too-far-is-pointed-at-its-own-line",
        """
        extends: standard
        deal:
          kitty_size: 3
            pattern: 3-3-4
        """,
        "$",
        4,
        ("Line 4 is indented more than line 3", "Line it up with the keys of its mapping"),
    ),
    (
        "tab-in-the-indentation",
        """
        extends: standard
        deal:
        \tkitty_size: 3
        """,
        "$",
        3,
        ("has a tab", "YAML indents with spaces only"),
    ),
    (
        "key-without-colon-is-pointed-at-its-own-line",
        """
        extends: standard
        deal:
          kitty_size 3
          pattern: 3-3-4
        """,
        "$",
        3,
        ("Line 3 ('kitty_size 3') has no ':' after its key",),
    ),
    (
        "yaml-1-1-no-is-not-false",
        """
        extends: standard
        auction:
          rounds: no
        """,
        "$.auction.rounds",
        3,
        ("'no' is read by YAML as false", "put it in quotes ('no')"),
    ),
    (
        "yaml-1-1-key-NO-is-not-text",
        """
        extends: standard
        strains:
          NO: {trump: null}
        """,
        "$.strains.NO",
        3,
        ("The key 'NO' is read by YAML as true or false", "put it in quotes"),
    ),
    (
        "yaml-1-1-pattern-read-as-base-60",
        """
        extends: standard
        deal:
          pattern: 3:3:4
        """,
        "$.deal.pattern",
        3,
        ("base-60 number 10984", "Put it in quotes ('3:3:4')"),
    ),
    (
        "derived-problem-points-at-the-users-deck-line",
        """
        extends: standard
        name: Big deck
        deck: 63-card
        """,
        "$.deal",
        3,
        ("does not use the deck exactly", "inherited from standard (shipped), line", "your 'deck' changed what it must fit"),
    ),
    (
        "number-written-as-text-says-what-it-got",
        """
        extends: standard
        deal:
          kitty_size: "5"
        """,
        "$.deal.kitty_size",
        3,
        ("must be a whole number, not the text '5'",),
    ),
    (
        "list-item-that-must-be-a-mapping-names-its-keys",
        """
        extends: standard
        deal:
          pattern:
            - 3
        """,
        "$.deal.pattern[0]",
        4,
        ("Item 1 of 'pattern' must be a mapping of keys, not the number 3", "players, kitty"),
    ),
    (
        "placement-naming-an-unknown-special-contract-lists-them",
        """
        extends: standard
        contracts:
          misere:
            placement: {above: grand_slam}
        """,
        "$.contracts.misere.placement.above",
        4,
        ("'grand_slam', which is not a contract", "Special contracts: misere, open_misere"),
    ),
    (
        # A misspelt contract switched off would otherwise leave the one meant switched on.
        "switching-off-a-misspelt-contract-names-the-one-meant",
        """
        extends: standard
        contracts:
          open_misre: {allowed: false}
        """,
        "$.contracts.open_misre",
        3,
        ("There is no contract 'open_misre' to switch off", "Did you mean 'open_misere'?"),
    ),
    (
        # A kitty written beside the deck is the author's (an inherited one follows the deck: see
        # tests/test_rules_texts.py): the deal to write instead, whole.
        "a-deck-of-another-size-names-the-deal-that-fits",
        """
        extends: standard
        deck: 45-card
        deal: {kitty_size: 3}
        """,
        "$.deal",
        3,
        ("A kitty of 5 would fit: deal: {kitty_size: 5, pattern: 3-2-4-2-3-1}.",),
    ),
    (
        # No kitty the schema and the discard limit allow fits: the message offers none.
        "a-deck-no-kitty-can-fit-offers-none",
        """
        extends: standard
        deck: 63-card
        """,
        "$.deal",
        2,
        ("No kitty fits: it would take 23 cards", "change the hand size or the deck"),
    ),
    (
        "a-kitty-of-another-size-names-the-pattern-that-fits",
        """
        extends: standard
        deck: 45-card
        deal: {kitty_size: 5}
        """,
        "$.deal.pattern",
        3,
        ("the kitty should get 5. A pattern that does: 3-2-4-2-3-1.",),
    ),
    (
        # One problem, at the user's line: it was one per rank left out, and some in the shipped file.
        "a-rank-order-leaving-ranks-out-names-them-once",
        """
        extends: standard
        card_order: {ranks: [A, K, Q]}
        """,
        "$.card_order.ranks",
        2,
        ("does not list the deck's ranks J, 10, 9, 8, 7, 6, 5, 4", "it lists A, K, Q"),
    ),
]


def _find(problems: list[Problem], path: str) -> Problem:
    matching = [problem for problem in problems if problem.path == path]
    assert matching, f"no problem reported at {path}; got: " + "; ".join(str(problem) for problem in problems)
    return matching[0]


@pytest.mark.parametrize(("text", "path", "line", "fragments"), [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_broken_file_is_reported_at_its_line(check, text: str, path: str, line: int, fragments: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    problems = check(text)
    problem = _find(problems, path)
    assert problem.file.endswith("house.yaml")
    assert problem.line == line, str(problem)
    for fragment in fragments:
        assert fragment in problem.message, f"{fragment!r} not in {problem.message!r}"


def test_the_table_has_at_least_25_distinct_cases() -> None:
    assert len({case[0] for case in CASES}) == len(CASES) >= 25
    assert len({case[1] for case in CASES}) == len(CASES)


def test_every_problem_is_reported_at_once(check) -> None:  # type: ignore[no-untyped-def]
    """check-jsonschema style: collect every problem before reporting, not just the first."""
    problems = check(
        """
        extends: standard
        deal:
          kity_size: 4
        auction:
          rounds: contineous
        players:
          count: 9
        """
    )
    assert {problem.path for problem in problems} == {"$.deal.kity_size", "$.auction.rounds", "$.players.count"}


def test_semantic_problems_are_collected_together(check) -> None:  # type: ignore[no-untyped-def]
    problems = check(
        """
        extends: standard
        contracts:
          misere:
            placement: {above: 11S}
        scoring:
          slam: {value: 250, up_to: 8X}
        end:
          lose_at: 600
        """
    )
    assert {problem.path for problem in problems} == {"$.contracts.misere.placement.above", "$.scoring.slam.up_to", "$.end.lose_at"}


def test_a_problem_inherited_through_extends_points_at_the_file_that_wrote_it(check) -> None:  # type: ignore[no-untyped-def]
    problems = check(
        """
        extends: middle.yaml
        name: Top
        """,
        extra={"middle.yaml": "extends: standard\nname: Middle\nauction:\n  rounds: contineous\n"},
    )
    problem = _find(problems, "$.auction.rounds")
    assert problem.file.endswith("middle.yaml") and problem.line == 4


def test_schema_and_compiler_problems_are_reported_together(check) -> None:  # type: ignore[no-untyped-def]
    """A typo the schema finds does not hide a problem the compiler finds in the rest of the file."""
    problems = check(
        """
        extends: standard
        deck: 63-card
        deal:
          kity_size: 3
        contracts:
          misere:
            value: "250"
            placement: {above: grand_slam}
        """
    )
    paths = {problem.path for problem in problems}
    assert {"$.deal.kity_size", "$.contracts.misere.value", "$.contracts.misere.placement.above", "$.deal"} <= paths
    assert all(problem.file.endswith("house.yaml") for problem in problems)


def test_yes_and_no_mean_what_they_say_where_the_schema_expects_true_or_false(check, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Issue 33: where the schema expects a boolean, YAML 1.1's yes/no/on/off are taken as written (``no``
    is false), and a misspelt key in the same file is reported in the same run, not the next."""
    problems = check(
        """
        extends: standard
        nme: Harbour
        end:
          exact_target: yes
        play:
          joker_in_no_trump: {renege: forbidden, first_or_last_only: on, may_name_void_suit: no}
        """
    )
    assert [problem.path for problem in problems] == ["$.nme"]
    import engine

    house = tmp_path / "yes.yaml"
    house.write_text("extends: standard\nend:\n  exact_target: yes\nplay:\n  joker_in_no_trump: {may_name_void_suit: no}\n")
    rules = engine.load_variant(str(house))
    assert rules.end.exact_target is True and rules.play.joker_in_no_trump.may_name_void_suit is False


def test_a_yaml_boolean_where_text_is_expected_is_reported_with_every_other_problem(check) -> None:  # type: ignore[no-untyped-def]
    """Issue 33: where anything but a boolean is expected, the advice to quote stays, and every other
    problem of the file comes in the same run."""
    problems = check(
        """
        extends: standard
        name: no
        deal:
          kity_size: 4
        """
    )
    by_path = {problem.path: problem for problem in problems}
    assert set(by_path) == {"$.name", "$.deal.kity_size"}
    assert "'no' is read by YAML as false" in by_path["$.name"].message and "put it in quotes ('no')" in by_path["$.name"].message
    assert by_path["$.name"].line == 2


@pytest.mark.parametrize("value", ["!!int ''", "!!float ''", "!!timestamp abc", "!!timestamp ''"])
@pytest.mark.parametrize("where", ["name: {value}", "players: {{count: {value}}}"])
def test_an_explicit_tag_with_an_empty_or_malformed_value_is_a_located_problem(check, value: str, where: str) -> None:  # type: ignore[no-untyped-def]
    """Issue 33: ``!!int ''``, ``!!float ''`` and ``!!timestamp abc`` raised inside PyYAML's constructors (an
    internal error, exit 3); like any tag its value does not fit, each is a located problem."""
    line = where.format(value=value)
    problems = check(f"extends: standard\n{line}\n")
    assert len(problems) == 1 and problems[0].line == 2, problems
    assert "cannot be read as" in problems[0].message and "remove the tag" in problems[0].message


def test_a_pattern_of_numbers_that_leaves_the_dummies_out_shows_the_steps_to_write(check) -> None:  # type: ignore[no-untyped-def]
    """Issue 33: a pattern written as numbers deals only to the players and the kitty; where dummies need
    cards, the problem shows how to write the steps (rules text 000, "Two-handed": each player's dummy)."""
    problems = check("extends: two-handed\ndeal:\n  pattern: 3-2-4-2-3-1\n")
    dummies = [problem for problem in problems if "each dummy" in problem.message]
    assert len(dummies) == 1 and "{dummies: 3}" in dummies[0].message and "[{players: 3}" in dummies[0].message


def test_a_yes_no_word_in_a_base_file_is_not_blamed_for_the_value_that_replaced_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Issue 33: a base file's ``exact_target: no`` is taken as false; a file extending it that writes
    ``exact_target: 5`` is told its 5 is not true or false, not that the base's ``no`` needs quotes."""
    import engine

    (tmp_path / "base.yaml").write_text("extends: standard\nend:\n  exact_target: no\n")
    (tmp_path / "child.yaml").write_text("extends: base.yaml\nend:\n  exact_target: 5\n")
    assert engine.load_variant(str(tmp_path / "base.yaml")).end.exact_target is False
    with pytest.raises(engine.VariantError) as caught:
        engine.load_variant(str(tmp_path / "child.yaml"))
    [problem] = caught.value.problems
    assert problem.path == "$.end.exact_target" and problem.file.endswith("child.yaml")
    assert "'no'" not in problem.message and "5" in problem.message


def test_a_colon_inside_a_plain_value_suggests_quoting_the_value(check) -> None:  # type: ignore[no-untyped-def]
    """A user trial found ``description: Misere: above 8NT`` reported only as "mapping values are not
    allowed here": the second ': ' starts another key to YAML, so the value must be quoted."""
    problems = check(
        """
        extends: standard
        name: House
        description: Misere: above 8NT   # the house's misère
        """
    )
    [problem] = problems
    assert (problem.path, problem.line, problem.column) == ("$", 3, 20), str(problem)
    assert "has a ':' inside its value" in problem.message
    assert """Put the value in quotes: 'description: "Misere: above 8NT"'.""" in problem.message


def test_a_key_without_a_colon_above_is_not_told_to_quote_the_next_line(check) -> None:  # type: ignore[no-untyped-def]
    """The quoting advice is for a ':' inside a value: where YAML stops at a key's own ':' (the line above
    lacks its ':'), the line above is blamed as before."""
    [problem] = check("extends: standard\nname House\ndescription: Misere\n")
    assert problem.line == 2 and "has no ':' after its key" in problem.message and "quotes" not in problem.message


@pytest.mark.parametrize(
    ("text", "line", "column", "fragments"),
    [
        # A user trial: the file ends inside the braces, and PyYAML reported the end of the file (5:1).
        (
            "extends: standard\ncontracts:\n  misere:\n    placement: {above: 8NT\n",
            4,
            16,
            ("The mapping '{' opened on line 4 at column 16 is not closed", "'placement: {above: 8NT}'"),
        ),
        ("extends: standard\nladder:\n  levels: [6, 7, 8\n\n# the end\n", 3, 11, ("The list '[' opened on line 3 at column 11", "']'")),
        # Unclosed, and the next line's key is read into it: reported where it opened, not at the key.
        (
            "extends: standard\ncontracts:\n  misere:\n    placement: {above: 8NT\n    value: 300\n",
            4,
            16,
            ("is not closed", "'placement: {above: 8NT}'"),
        ),
    ],
    ids=["file-ends-inside-the-braces", "file-ends-inside-the-brackets", "next-key-read-into-the-braces"],
)
def test_an_unclosed_flow_collection_is_reported_where_it_opened(
    check, text: str, line: int, column: int, fragments: tuple[str, ...]
) -> None:  # type: ignore[no-untyped-def]
    [problem] = check(text)
    assert (problem.line, problem.column) == (line, column), str(problem)
    for fragment in fragments:
        assert fragment in problem.message, problem.message


def test_a_flow_mapping_over_several_lines_missing_a_comma_is_not_called_unclosed(check) -> None:  # type: ignore[no-untyped-def]
    """A mapping in braces whose first line ends with ',' goes on over the next lines: a mistake there is
    not an unclosed brace."""
    [problem] = check("extends: standard\nend: {target: 750,\n  lose_at: -500 exact_target: true}\n")
    assert "not closed" not in problem.message and problem.line == 3


def test_one_key_indented_too_little_is_one_problem_at_that_key(check) -> None:  # type: ignore[no-untyped-def]
    """A user trial found a single mis-indented ``placement:`` under ``misere:`` reported three times (the
    schema's unknown key 'above' and the compiler's missing 'placement' and 'value' of a contract named
    'placement'): one mistake is one problem, at the key, saying what was read."""
    problems = check(
        """
        extends: standard
        contracts:
          misere:
          placement: {above: 8NT}
        """
    )
    [problem] = problems
    assert (problem.path, problem.line, problem.column) == ("$.contracts.placement", 4, 3), str(problem)
    assert problem.message.startswith("Check the indentation: 'misere:' on line 3 has no value")
    assert "(As written: Unknown key 'above' in 'placement'.)" in problem.message


def test_a_real_key_after_a_key_with_no_value_keeps_its_own_problem(check) -> None:  # type: ignore[no-untyped-def]
    """``key:`` with no value removes an inherited setting, so a sibling written after the key right after
    it is taken as a real key of its mapping (a review: hinting every later sibling replaced an ``end``
    section's own two problems with one misleading indentation hint)."""
    problems = check(
        """
        extends: standard
        scoring:
          slam:
        auction:
          rounds: one
        end:
          target: -5
        """
    )
    assert any(problem.path == "$.end.target" and not problem.message.startswith("Check the indentation") for problem in problems), problems


def test_every_key_of_an_empty_keys_value_written_after_it_is_hinted_under_it(check) -> None:  # type: ignore[no-untyped-def]
    """A user trial wrote a contract's 'placement' and 'eligible' one level too far left under an empty
    'misere:': the hint named 'placement', and 'eligible' gave three problems of its own (a contract named
    'eligible' with no placement, no value, an unknown key). A key after it that the schema names as a key
    of the empty key's value (a contract's) and not of this mapping is hinted too; a contract id is not."""
    problems = check(
        """
        extends: standard
        contracts:
          misere:
          placement: {above: 7NT}
          eligible: {auction_reached: 7}
          open_misere:
            value: lots
        """
    )
    hinted = sorted(problem.path for problem in problems if problem.message.startswith("Check the indentation: 'misere:'"))
    assert hinted == ["$.contracts.eligible", "$.contracts.placement"], problems
    assert len(problems) == 3 and any(problem.path.startswith("$.contracts.open_misere") for problem in problems), problems
    # A review: after a real key (a contract), a stray key is its own mistake, not one more under 'misere:'.
    stray = check(
        """
        extends: standard
        contracts:
          misere:
          open_misere: {value: 600}
          bonus: 10
        """
    )
    assert any(problem.path == "$.contracts.bonus" and "misere" not in problem.message for problem in stray), stray


def test_two_keys_indented_too_little_are_two_problems(check) -> None:  # type: ignore[no-untyped-def]
    """One problem per mis-indented key, not one per file: two mistakes stay two."""
    problems = check(
        """
        extends: standard
        contracts:
          misere:
          placement: {above: 8NT}
        end:
          lose_at:
        target: 750
        """
    )
    hinted = sorted(problem.path for problem in problems if problem.message.startswith("Check the indentation"))
    assert hinted == ["$.contracts.placement", "$.target"], problems


@pytest.mark.parametrize(("count", "first"), [(2, "two-handed"), (6, "six-handed")])
def test_a_player_count_the_inherited_deal_does_not_fit_names_the_shipped_variants_for_it(check, count: int, first: str) -> None:  # type: ignore[no-untyped-def]
    """A user trial wrote ``players: {count: 2}`` over standard and was told only "A kitty of 23 would fit":
    the shipped variants made for that many players (read from their compiled rules) are named, and one
    to extend, those extending the same file first."""
    import engine
    from engine.language.resources import shipped_variant_names

    problems = check(f"extends: standard\nplayers: {{count: {count}}}\n")
    [problem] = [problem for problem in problems if problem.path == "$.deal"]
    assert f"Shipped variants made for {count} players: {first}," in problem.message, problem.message
    assert f"(extends: {first})" in problem.message
    named = problem.message.split(f"made for {count} players: ")[1].split(";")[0].split(", ")
    assert all(engine.load_variant(name).seating.players == count for name in named)
    assert {name for name in shipped_variant_names() if engine.load_variant(name).seating.players == count} == set(named)


def test_teams_that_do_not_fit_a_changed_player_count_name_the_shipped_variants_for_it(check) -> None:  # type: ignore[no-untyped-def]
    [problem] = check("extends: standard\nplayers: {count: 5}\n")
    assert problem.path == "$.players.teams" and "Shipped variants made for 5 players: five-handed" in problem.message


def test_a_deal_that_does_not_fit_with_the_player_count_unchanged_names_no_variants(check) -> None:  # type: ignore[no-untyped-def]
    """The shipped variants are named only where the file changed the player count."""
    [problem] = check("extends: standard\ndeal:\n  kitty_size: 5\n  pattern: 3-2-4-2-3-1\n")
    assert "does not use the deck exactly" in problem.message and "Shipped variants" not in problem.message


def test_a_rank_order_leaving_ranks_out_is_one_problem_in_the_users_file(check) -> None:  # type: ignore[no-untyped-def]
    """One mistake, one problem: no problem for each rank left out, none in the shipped file, no deal reckoned on the cards left."""
    problems = check("extends: standard\ncard_order: {ranks: [A, K, Q]}\n")
    assert len(problems) == 1 and problems[0].file.endswith("house.yaml"), problems


def test_the_deal_a_deck_error_names_is_one_that_validates(check) -> None:  # type: ignore[no-untyped-def]
    """Writing what the message offers is the whole fix: the design note's 45-card file then validates."""
    assert check("extends: standard\ndeck: 45-card\ndeal: {kitty_size: 5, pattern: 3-2-4-2-3-1}\n") == []


def test_switching_off_a_misspelt_contract_is_reported_in_the_file_that_wrote_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The misspelt id is its writer's mistake: a file extending that one and changing the ladder is not
    blamed for it (no ladder change can make it right)."""
    import engine

    (tmp_path / "parent.yaml").write_text("extends: standard\nname: Parent\ncontracts:\n  open_misre: {allowed: false}\n")
    (tmp_path / "child.yaml").write_text("extends: parent.yaml\nname: Child\nladder: {values: perfect}\n")
    with pytest.raises(engine.VariantError) as raised:
        engine.load_variant(str(tmp_path / "child.yaml"))
    [problem] = [each for each in raised.value.problems if "open_misre" in each.message]
    assert problem.file.endswith("parent.yaml") and problem.line == 4, problem


def test_a_problem_with_the_whole_file_names_the_file_alone(check) -> None:  # type: ignore[no-untyped-def]
    """A rules author's trial read ``house.yaml:0:0:`` as a bug: a problem with the whole file (empty,
    missing) has no line, so it prints ``house.yaml: $: ...`` as a compiler's message does; one with a line
    keeps ``file:line:column``."""
    [empty] = check("# nothing but a comment\n")
    assert (empty.line, empty.column) == (0, 0)
    assert str(empty).startswith(f"{empty.file}: $: The file is empty")
    assert empty.warning_text().startswith(f"{empty.file}: $: warning: The file is empty")
    located = _find(check("extends: standard\ntarget: 400\n"), "$.target")
    assert str(located).startswith(f"{located.file}:2:1: $.target: Unknown key 'target'")


def test_a_tie_of_two_placements_the_file_wrote_is_reported_at_the_later(check) -> None:  # type: ignore[no-untyped-def]
    """A review: once a tie with an inherited placement was reported at the file's own, a tie of two the
    file wrote itself moved to the earlier of them; it stays at the later (where the second was placed)."""
    problems = check(
        """
        extends: standard
        contracts:
          misere:
            placement: {below: 10H}
          open_misere:
            placement: {below: 10H}
        """
    )
    [tie] = [problem for problem in problems if "would tie" in problem.message]
    assert tie.line in (4, 6) and tie.path in ("$.contracts.misere.placement", "$.contracts.open_misere.placement"), tie


def test_a_misspelt_extends_is_the_one_problem_told(check) -> None:  # type: ignore[no-untyped-def]
    """A rules author's trial: ``Extends: standard`` was told third, after the 'deck' and 'name' it left
    missing; the misspelt key is the whole story now, and the one problem."""
    for text in ("Extends: standard\ncontracts:\n  misere:\n    value: 300\n", "extend: standard\nend: {target: 300}\n"):
        problems = check(text)
        assert len(problems) == 1 and "Did you mean 'extends'?" in problems[0].message, [str(problem) for problem in problems]


def test_a_value_table_short_of_strains_is_the_one_problem_told(check) -> None:  # type: ignore[no-untyped-def]
    """A rules author's trial gave ``ladder.values.table`` the NT row alone and heard, besides four problems
    of the table, that misère and open misère were placed above bids the ladder no longer had ("Ordinary
    bids run from 6NT to 10NT"): the table is the one problem told, with the rows to copy."""
    problems = check("extends: standard\nladder:\n  values:\n    table:\n      NT: [160, 260, 360, 460, 560]\n")
    assert len(problems) == 1 and problems[0].path == "$.ladder.values.table", [str(problem) for problem in problems]


def test_a_key_like_extends_in_a_file_that_extends_hides_none_of_its_problems(check) -> None:  # type: ignore[no-untyped-def]
    """A review: the misspelt-extends rule hid every compile problem of a file that does extend, for any key
    near 'extends' ('ends', meant for 'end'). Only a file extending nothing, with a key that begins as
    'extends' does, is told that one problem."""
    problems = check("extends: standard\nends: at 500\nend: {lose_at: 0}\n")
    assert any(problem.path == "$.end.lose_at" for problem in problems), [str(problem) for problem in problems]
