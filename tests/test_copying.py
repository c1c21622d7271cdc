"""The kernel's attribute copier (issue 13, a faster ``clone()``): it copies exactly the attributes
named, shares their values, and refuses names that are not identifiers rather than write code from them."""

from __future__ import annotations

import pytest

from engine.kernel.copying import attribute_copier


class Slotted:
    __slots__ = ("first", "second", "third")


def test_the_copier_assigns_each_named_attribute_and_no_other() -> None:
    source, target = Slotted(), Slotted()
    source.first, source.second, source.third = 1, [2], "three"
    attribute_copier(("first", "second"))(source, target)
    assert (target.first, target.second) == (1, [2]) and target.second is source.second
    assert not hasattr(target, "third")


@pytest.mark.parametrize("names", [("first; import os",), ("1first",), ("first second",), ("",)])
def test_names_that_are_not_identifiers_are_refused(names: tuple[str, ...]) -> None:
    with pytest.raises(ValueError, match="identifiers"):
        attribute_copier(names)


def test_no_names_copy_nothing() -> None:
    source, target = Slotted(), Slotted()
    source.first = 1
    attribute_copier(())(source, target)
    assert not hasattr(target, "first")
