"""The rules' frozen records (issue 47, the compiled build's attribute reads): the compiled build makes them
native classes, whose default pickling and copying set each field in turn and so meet the frozen check;
:class:`~engine.rules.records.Record` gives them a way that works in both builds. A simulation's workers
are handed pickled rules, and the language copies records, so each must come back equal."""

from __future__ import annotations

import ast
import copy
import dataclasses
import functools
import pickle
from collections.abc import Hashable, Iterator

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


@functools.cache
def real_records() -> tuple[Record, ...]:
    """Records of both builds to compare (a test cannot define a record of its own in the compiled build,
    where an interpreted class cannot derive from the compiled base): every record of four variants'
    rules, and the events of a game of each."""
    found: list[Record] = []
    for variant in ("standard", "five-handed", "two-handed", "sans-kitty"):
        rules = engine.load_variant(variant)
        found += records_in(rules)
        game = engine.play_game(rules, ["random"] * rules.seating.players, seed=1)
        found += [event for event in game.events if isinstance(event, Record)]
    return tuple(found)


@functools.cache
def twin_class(kind: type) -> type:
    """A dataclass of ``kind``'s name and fields made by the decorator with its own ``__eq__``,
    ``__hash__`` and ``__repr__`` (one for each record class, so that twins of one class compare)."""
    fields = dataclasses.fields(kind)
    return dataclasses.make_dataclass(
        kind.__qualname__,
        [(each.name, object, dataclasses.field(compare=each.compare, repr=each.repr, hash=each.hash)) for each in fields],
        frozen=True,
    )


def generated_twin(record: Record) -> object:
    """``record``'s values in its :func:`twin_class`."""
    fields = dataclasses.fields(record)  # type: ignore[arg-type]
    return twin_class(type(record))(*(getattr(record, each.name) for each in fields))


@given(st.data())
def test_a_record_compares_hashes_and_prints_as_the_dataclass_decorator_would(data: st.DataObject) -> None:
    """Record's methods, written once, give what the decorator's own would: the same ``repr``, the same
    hash (a tuple's, one field's included), equal exactly where the decorator's are, and never equal to
    a record of another class."""
    records = real_records()
    record = data.draw(st.sampled_from(records))
    same_kind = [each for each in records if type(each) is type(record)]
    other = data.draw(st.one_of(st.sampled_from(same_kind), st.sampled_from(records)))
    twin, other_twin = generated_twin(record), generated_twin(other)
    assert repr(record) == repr(twin)
    fields = dataclasses.fields(record)  # type: ignore[arg-type]
    if all(each.compare is False or isinstance(getattr(record, each.name), Hashable) for each in fields):
        try:
            expected = hash(twin)
        except TypeError:  # a field holding a list or dict: no hash either way
            with pytest.raises(TypeError):
                hash(record)
        else:
            assert hash(record) == expected
    if type(other) is type(record):
        assert (record == other) == (twin == other_twin) and (record != other) == (twin != other_twin)
    else:
        assert record != other and not record == other
    assert record != twin and twin != record  # another class is never equal
