"""Building the precedence order of the ladder: ordinary bids first, then special contracts placed.

Every placement must land in a slot of its own: two contracts that claim the same slot (both directly
above 7NT, or one above 7NT and one below 8S, or both 'highest', or an equal value with no tie rule)
are reported instead of being ordered by accident.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..language.source import JsonPath


@dataclass(frozen=True)
class Entry:
    """A contract being ordered: its id, value, and (for ordinary bids) level and strain place."""

    id: str
    """Contract id."""
    value: int
    """Points."""
    level: int | None = None
    """Tricks bid, for ordinary bids."""
    strain_index: int = 0
    """Place of its strain in the ladder's strain list, for ordinary bids."""


@dataclass(frozen=True)
class Placement:
    """A special contract's placement as written."""

    entry: Entry
    """The contract."""
    how: str
    """``above``, ``below``, ``highest``, ``lowest`` or ``by_value``."""
    anchor: str | None
    """The bid it is placed against, as written, for above/below."""
    ties: str | None
    """For by_value: ``above`` or ``below`` on a tie."""
    path: JsonPath
    """Where the placement is written, for messages."""


Issue = tuple[JsonPath, str]


def order_ordinary(entries: list[Entry], order: str, ties: str | None, path: JsonPath) -> tuple[list[Entry], list[Issue]]:
    """Order the ordinary bids, lowest first, by level then strain, or by value with a tie rule."""
    if order == "by_level":
        return sorted(entries, key=lambda entry: (entry.level or 0, entry.strain_index)), []
    issues: list[Issue] = []
    if ties is None:
        seen: dict[int, Entry] = {}
        for entry in entries:
            other = seen.get(entry.value)
            if other is not None and other.level != entry.level:
                issues.append(
                    (
                        path,
                        f"{other.id} and {entry.id} are both worth {entry.value}; with order by_value, add "
                        "'ties: more_tricks_higher' or 'ties: fewer_tricks_higher' to say which outbids the other.",
                    )
                )
                break
            seen.setdefault(entry.value, entry)
        return sorted(entries, key=lambda entry: (entry.value, entry.level or 0, entry.strain_index)), issues
    sign = 1 if ties == "more_tricks_higher" else -1
    return sorted(entries, key=lambda entry: (entry.value, sign * (entry.level or 0), entry.strain_index)), issues


def place_specials(
    ordered: list[Entry],
    placements: list[Placement],
    resolve: Callable[[str], str | None],
    prefer: Callable[[JsonPath, JsonPath], JsonPath] | None = None,
) -> tuple[list[Entry], list[Issue]]:
    """Insert special contracts into the ordered ordinary bids; return the full order and any issues.

    ``resolve`` maps a bid as written (``7nt``, ``7♠``, ``misere``) to a contract id, or ``None``;
    ``prefer`` chooses, of two placements that tie, the path a tie is reported at (the later of the two
    by default).
    """
    issues: list[Issue] = []

    def _tie(placement: Placement, other: Placement) -> Issue:
        # Said from the side of the placement it is reported at: its own id first, the other's to place it by.
        if prefer is not None and prefer(placement.path, other.path) == other.path:
            placement, other = other, placement
        return (placement.path, _same_slot(placement, other))

    result = list(ordered)

    # 1. By value, against the ordinary bids.
    by_value = sorted((placement for placement in placements if placement.how == "by_value"), key=lambda p: p.entry.value)
    # Several may share a gap between two ordinary bids; within it they go by value, and only an equal
    # value is a tie.
    claimed: dict[tuple[int, int], Placement] = {}
    for placement in by_value:
        value = placement.entry.value
        equal = [entry for entry in ordered if entry.value == value]
        if equal and placement.ties is None:
            issues.append(
                (
                    placement.path,
                    f"{placement.entry.id} is worth {value}, the same as {equal[0].id}; write "
                    "{by_value: true, ties: above} or {by_value: true, ties: below} to say which outbids the other.",
                )
            )
            continue
        slot = sum(1 for entry in ordered if entry.value < value or (entry.value == value and placement.ties == "above"))
        under = next((entry for entry in reversed(ordered[:slot]) if entry.value > value), None)
        over = next((entry for entry in ordered[slot:] if entry.value < value), None)
        if under is not None or over is not None:
            # The ordinary bids do not rise in value here (a value table or added points made a bid worth more
            # than one that outbids it): no place is by value on both sides (a review: nullo at 250 landed above
            # 7NT at 260 and below 8S at 240, with no word).
            if under is not None:  # (a bid worth less than this one, so less than under's, ranks above under)
                higher = under
                lower = next(entry for entry in ordered[ordered.index(under) + 1 :] if entry.value < under.value)
            else:
                assert over is not None
                lower = over
                higher = next(entry for entry in reversed(ordered[: ordered.index(over)]) if entry.value > over.value)
            issues.append(
                (
                    placement.path,
                    f"{placement.entry.id} is placed by value ({value}), but the ordinary bids do not rise in value around it: "
                    f"{higher.id} ({higher.value}) is outbid by bids worth less, such as {lower.id} ({lower.value}). Place it "
                    f"{{above: ...}} or {{below: ...}} a bid instead, or order the ladder by value (ladder: {{order: by_value}}).",
                )
            )
            continue
        if (slot, value) in claimed:
            issues.append(_tie(placement, claimed[(slot, value)]))
            continue
        claimed[(slot, value)] = placement
    # Insert from the highest gap down, and within a gap the highest value first, so that earlier
    # insertions do not shift later slots.
    for slot, _ in sorted(claimed, reverse=True):
        result.insert(slot, claimed[(slot, _)].entry)

    # 2. At the ends.
    for how in ("highest", "lowest"):
        at_end = [placement for placement in placements if placement.how == how]
        for extra in at_end[1:]:
            issues.append(_tie(extra, at_end[0]))
        if at_end:
            if how == "highest":
                result.append(at_end[0].entry)
            else:
                result.insert(0, at_end[0].entry)

    # 3. Relative to another bid, in rounds: a contract can be placed once its anchor is.
    pending = [placement for placement in placements if placement.how in ("above", "below")]
    while pending:
        positions = {entry.id: index for index, entry in enumerate(result)}
        ready: dict[int, Placement] = {}
        waiting: list[Placement] = []
        for placement in pending:
            anchor = resolve(placement.anchor or "")
            if anchor is None or anchor == placement.entry.id:
                issues.append(
                    (
                        placement.path,
                        f"{placement.entry.id} is placed {placement.how} {placement.anchor!r}, which is not another contract of this variant.",
                    )
                )
                continue
            if anchor not in positions:
                waiting.append(placement)
                continue
            slot = positions[anchor] + (1 if placement.how == "above" else 0)
            if slot in ready:
                issues.append(_tie(placement, ready[slot]))
                continue
            ready[slot] = placement
        if not ready:
            for placement in waiting:
                issues.append(
                    (
                        placement.path,
                        f"{placement.entry.id} is placed {placement.how} {placement.anchor}, which is itself never placed "
                        "(the placements go round in a circle, or it is switched off).",
                    )
                )
            break
        for slot in sorted(ready, reverse=True):
            result.insert(slot, ready[slot].entry)
        pending = waiting
    return result, issues


def _same_slot(placement: Placement, other: Placement) -> str:
    return (
        f"{placement.entry.id} and {other.entry.id} would tie: both are placed in the same spot of the ladder. "
        f"Place one relative to the other, such as {{above: {other.entry.id}}}."
    )
