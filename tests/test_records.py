"""The rules' frozen records (issue 47, the compiled build's attribute reads): the compiled build makes them
native classes, whose default pickling and copying set each field in turn and so meet the frozen check;
:class:`~engine.rules.records.Record` gives them a way that works in both builds. A simulation's workers
are handed pickled rules, and the language copies records, so each must come back equal."""

from __future__ import annotations

import ast
import copy
import dataclasses
import pickle
from collections.abc import Iterator

import pytest
from compiled_build import ROOT, compiled_modules
from hypothesis import given
from hypothesis import strategies as st

import engine
from engine.kernel.scoring import HandScore
from engine.language import shipped_variant_names
from engine.rules.records import Record


def records_in(value: object, seen: set[int] | None = None) -> Iterator[Record]:
    """Every record reachable from ``value`` through records' fields, tuples, lists and dicts."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, Record):
        yield value
        for field in dataclasses.fields(value):  # type: ignore[arg-type]
            yield from records_in(getattr(value, field.name), seen)
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from records_in(item, seen)
    elif isinstance(value, dict):
        for item in value.values():
            yield from records_in(item, seen)


@pytest.mark.parametrize("variant", shipped_variant_names())
def test_every_record_of_a_shipped_variant_pickles_and_copies_to_an_equal_record(variant: str) -> None:
    rules = engine.load_variant(variant)
    found = list(records_in(rules))
    assert len({type(record).__name__ for record in found}) >= 8  # the ladder, contracts, seating, scoring...
    for record in found:
        for again in (pickle.loads(pickle.dumps(record)), copy.copy(record), copy.deepcopy(record), dataclasses.replace(record)):  # type: ignore[type-var]
            assert again == record and type(again) is type(record) and hash(again) == hash(record)
    assert pickle.loads(pickle.dumps(rules)).seating.team_of(1) == rules.seating.team_of(1)  # a field made after init, made again


def test_a_record_stays_frozen() -> None:
    contract = engine.load_variant("standard").ladder.contracts[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        contract.value = 1000  # type: ignore[misc]


def test_every_frozen_dataclass_the_build_compiles_is_a_record() -> None:
    """A frozen dataclass compiled without the Record base would fail to pickle in the compiled build only."""
    missing = []
    for name in compiled_modules():
        path = ROOT / name
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef):
                continue
            frozen = any(
                isinstance(decorator, ast.Call)
                and any(keyword.arg == "frozen" and getattr(keyword.value, "value", False) is True for keyword in decorator.keywords)
                for decorator in node.decorator_list
            )
            if frozen and not any(isinstance(base, ast.Name) and base.id == "Record" for base in node.bases):
                missing.append(f"{name}: {node.name}")
    assert not missing, missing


def test_records_whose_constructor_is_written_out_take_their_fields_in_order() -> None:
    """HandScore and HandResult write their ``__init__`` out (the compiled build then sets the fields
    natively): each argument must land in its field, in the dataclass's order, with the field's default."""
    game = engine.Game(engine.load_variant("standard"), seed=3)
    while not game.results:
        game.apply(game.legal_actions()[0])
    result = game.results[0]
    values = [getattr(result, field.name) for field in dataclasses.fields(result)]
    assert type(result)(*values) == result and type(result)(**dataclasses.asdict(result)) == result
    assert [field.name for field in dataclasses.fields(result)][-2:] == ["next_dealer", "partner"]
    shortened = type(result)(*values[:-2])
    assert (shortened.next_dealer, shortened.partner) == (None, None)
    score = HandScore(True, (40, -10), (40, -10), (2,))
    assert [getattr(score, field.name) for field in dataclasses.fields(score)] == [True, (40, -10), (40, -10), (2,)]
    with pytest.raises(dataclasses.FrozenInstanceError):
        score.made = False  # type: ignore[misc]


def test_every_record_leaves_its_equality_hash_and_repr_to_the_base() -> None:
    """Each record is decorated ``eq=False, repr=False``: the base's methods, written once, serve it, rather
    than three the decorator writes for each class and Python compiles at every start (docs/speed.md)."""
    generating = []
    for path in sorted((ROOT / "engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(isinstance(base, ast.Name) and base.id == "Record" for base in node.bases):
                keywords = {
                    keyword.arg: getattr(keyword.value, "value", None)
                    for decorator in node.decorator_list
                    if isinstance(decorator, ast.Call)
                    for keyword in decorator.keywords
                }
                if keywords.get("eq") is not False or keywords.get("repr") is not False:
                    generating.append(f"{path.relative_to(ROOT)}: {node.name}")
    assert not generating, generating


@dataclasses.dataclass(frozen=True, eq=False, repr=False)
class Sample(Record):
    """A record with a field that is not compared and one that is not shown."""

    name: str
    count: int
    note: str = dataclasses.field(default="", compare=False)
    hidden: tuple[int, ...] = dataclasses.field(default=(), repr=False)


@dataclasses.dataclass(frozen=True)
class Generated:
    """The same fields with the dataclass decorator's own methods."""

    name: str
    count: int
    note: str = dataclasses.field(default="", compare=False)
    hidden: tuple[int, ...] = dataclasses.field(default=(), repr=False)


@dataclasses.dataclass(frozen=True, eq=False, repr=False)
class Single(Record):
    """A record of one field (its hash is still a tuple's)."""

    count: int


@dataclasses.dataclass(frozen=True)
class GeneratedSingle:
    """The same field with the decorator's own methods."""

    count: int


values = st.tuples(
    st.sampled_from(["a", "b", "\u2660"]),
    st.integers(-2, 2),
    st.sampled_from(["", "x"]),
    st.lists(st.integers(0, 3), max_size=2).map(tuple),
)


@given(values, values)
def test_a_record_compares_hashes_and_prints_as_the_dataclass_decorator_would(
    first: tuple[str, int, str, tuple[int, ...]], second: tuple[str, int, str, tuple[int, ...]]
) -> None:
    record, other = Sample(*first), Sample(*second)
    generated, generated_other = Generated(*first), Generated(*second)
    assert (record == other) == (generated == generated_other)
    assert (record != other) == (generated != generated_other)
    assert hash(record) == hash(generated)
    assert repr(record) == repr(generated).replace("Generated(", "Sample(", 1)
    assert record != generated and generated != record  # another class is never equal
    assert hash(Single(first[1])) == hash(GeneratedSingle(first[1]))
    assert repr(Single(first[1])) == f"Single(count={first[1]})"
    assert Single(first[1]) != Sample(*first)
