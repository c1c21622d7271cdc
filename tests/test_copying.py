"""The kernel's copies (issue 13, a faster ``clone()``; issue 28, one copy idiom): the state and each part
it holds copy through their constructor's ``source`` argument; ``copy_course`` and ``copy_auction``
assign every field their classes list, written out by name so that the compiled build copies them
natively; a field added to a class but forgotten there would be silently shared or lost, which these
tests catch."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import engine
from engine.bots import RandomBot
from engine.kernel.arrangement import SeatArrangement
from engine.kernel.auction import AUCTION_FIELDS
from engine.kernel.calls import CallWindow
from engine.kernel.course import COURSE_FIELDS
from engine.kernel.drawing import DrawnHands
from engine.kernel.hand import HAND_FIELDS
from engine.kernel.phase import Phase
from engine.kernel.state import GameState
from engine.kernel.table_cards import TableCards

PART_FIELDS = {
    "arrangement": ("face_down", "covers", "partner", "called_card", "partner_secret"),
    "table_cards": ("table", "pickers", "taking", "set_aside", "table_done"),
    "drawn_hands": ("draws", "drawn", "drawer", "rejected"),
    "window": ("moment", "seats", "position", "masks", "closed", "made"),
}
"""The state of each part a game state holds, which its copy must equal (the variant and its tables aside)."""

KERNEL = Path(__file__).parent.parent / "engine" / "kernel"
"""Read from the source tree: the compiled build has no source to inspect."""


def assigned(module: str, function: str) -> list[str]:
    """The attributes ``function`` in the kernel's ``module`` assigns, in order."""
    tree = ast.parse((KERNEL / f"{module}.py").read_text(encoding="utf-8"))
    (definition,) = [node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == function]
    names = []
    for statement in definition.body:
        if isinstance(statement, ast.Assign):
            (target,) = statement.targets
            assert isinstance(target, ast.Attribute) and isinstance(statement.value, ast.Attribute)
            assert target.attr == statement.value.attr, "each field is copied from the same field"
            names.append(target.attr)
    return names


@pytest.mark.parametrize(
    ("module", "function", "fields"),
    [
        ("state", "copy_course", COURSE_FIELDS),
        ("hand", "copy_hand", HAND_FIELDS),
        ("auction", "copy_auction", AUCTION_FIELDS),
    ],
)
def test_each_copy_assigns_every_listed_field_once(module: str, function: str, fields: tuple[str, ...]) -> None:
    names = assigned(module, function)
    assert sorted(names) == sorted(fields)
    assert len(set(names)) == len(names)


@pytest.mark.parametrize(
    "variant", ["standard", "two-handed", "two-handed-draw", "two-handed-52", "five-handed-secret", "rules-text-003-two"]
)
@pytest.mark.parametrize("moves", [3, 11, 25])
def test_a_copy_shares_every_field_value_and_plays_on_independently(variant: str, moves: int) -> None:
    """Every field of a copy equals its original's; playing the copy on changes nothing in the original,
    and both play on alike from the same moves."""
    rules = engine.load_variant(variant)
    state = GameState.create(rules, seed=moves)
    bot = RandomBot(moves)
    for _ in range(moves):
        if state.to_act is None:
            break
        state.apply_move(bot.choose(state, state.to_act, state.legal_mask()))
    copy = state.copy()
    for name in COURSE_FIELDS:
        if name == "hand":  # copied deeply: compared below
            assert copy.hand is not state.hand
        elif name not in ("listener", "rng_shared"):
            assert getattr(copy, name) == getattr(state, name), name
    for name in HAND_FIELDS:
        if name in ("auction", "play", "window", "arrangement", "table_cards", "drawn_hands"):  # copied deeply: compared below
            assert type(getattr(copy.hand, name)) is type(getattr(state.hand, name)), name
        else:
            assert getattr(copy.hand, name) == getattr(state.hand, name), name
    for name in AUCTION_FIELDS:
        assert getattr(copy.hand.auction, name) == getattr(state.hand.auction, name), name
    for part, fields in PART_FIELDS.items():
        original_part, copied_part = getattr(state.hand, part), getattr(copy.hand, part)
        assert (original_part is None) == (copied_part is None), part
        used = {
            "arrangement": state.tables.arranges_seats,
            "table_cards": bool(rules.deal.table),
            "drawn_hands": bool(rules.deal.draw),
            "window": True,
        }[part]
        if original_part is not None:
            # A part the variant never uses stays empty and may be shared; a used one never is.
            assert copied_part is not original_part or not used, part
            for name in fields:
                assert getattr(copied_part, name) == getattr(original_part, name), (part, name)
    before = (
        list(state.hand.hands),
        state.hand.auction.bidding,
        state.phase,
        state.scores,
        state.hand.play.tricks[:] if state.hand.play else None,
    )
    first, second = RandomBot(1), RandomBot(1)
    original = state.copy()
    while copy.to_act is not None and copy.phase is not Phase.GAME_OVER and copy.hand_number == state.hand_number:
        copy.apply_move(first.choose(copy, copy.to_act, copy.legal_mask()))
        original.apply_move(second.choose(original, original.to_act, original.legal_mask()))  # type: ignore[arg-type]
        assert (original.hand.hands, original.phase, original.scores) == (copy.hand.hands, copy.phase, copy.scores)
    assert (
        list(state.hand.hands),
        state.hand.auction.bidding,
        state.phase,
        state.scores,
        state.hand.play.tricks[:] if state.hand.play else None,
    ) == before


@pytest.mark.parametrize(
    ("part", "kind"), [("arrangement", SeatArrangement), ("table_cards", TableCards), ("drawn_hands", DrawnHands), ("window", CallWindow)]
)
def test_the_copied_fields_are_every_field_of_the_part(part: str, kind: type) -> None:
    """The fields compared above are each part's every field (read where the class is not compiled)."""
    slots = getattr(kind, "__slots__", None)
    if slots is None:
        pytest.skip("a class compiled with mypyc has no __slots__")
    assert sorted(set(slots) - {"rules", "tables"}) == sorted(PART_FIELDS[part])


def test_a_clone_keeps_the_current_hand_record_field_by_field() -> None:
    """``Game.clone`` builds the current hand's record field by field (``dataclasses.replace`` took a fifth
    of a clone): every field of ``HandRecord`` is there, equal, and the lists that still grow are the
    clone's own."""
    import dataclasses
    import random

    from engine.game.records import HandRecord

    assert [field.name for field in dataclasses.fields(HandRecord)] == [
        "dealer", "scores", "deal", "misdeals", "actions", "result", "banned", "redeals"
    ], "a new HandRecord field must be copied in Game.clone"  # fmt: skip
    game, draw = engine.Game(engine.load_variant("standard"), seed=4), random.Random(4)
    for _ in range(30):
        game.apply(draw.choice(list(game.legal_actions())[:30]))
    clone = game.clone()
    assert clone._records == game._records
    assert clone._records[-1].actions is not game._records[-1].actions
    assert clone._records[-1].misdeals is not game._records[-1].misdeals
