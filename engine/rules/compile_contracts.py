"""Compiling the ladder and the special contracts into a :class:`~engine.rules.contracts.Ladder`."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ..language.source import JsonPath
from ..language.suggest import suggestion
from .cards import Deck
from .context import CompileContext
from .contracts import (
    Contract,
    Eligibility,
    Exposure,
    ExposureTime,
    Extra,
    KittyUse,
    Ladder,
    PartnerRole,
    PlayStyle,
    Target,
)
from .ladder import Entry, Placement, order_ordinary, place_specials
from .presets import VALUE_TABLES
from .strains import Strain

_BID = re.compile(r"^(\d{1,2})([A-Z][A-Z0-9]{0,3})$")


@dataclass(frozen=True)
class LadderResult:
    """What :func:`compile_ladder` produces."""

    ladder: Ladder
    """The ordered contracts."""
    extras: tuple[Extra, ...]
    """Modifiers and calls."""
    levels: tuple[int, ...]
    """The ladder's levels."""
    resolve: Callable[[str], str | None]
    """Maps a bid as written (``7nt``, ``8♠``, ``misere``) to a contract id of the ladder, or ``None``."""


def bid_resolver(deck: Deck, ordinary: set[str], specials: set[str]) -> Callable[[str], str | None]:
    """A function mapping a bid as written (``7nt``, ``7♠``, ``misere``) to a contract id, or ``None``."""
    symbols = {suit.symbol: suit.id for suit in deck.suits if suit.symbol}

    def resolve(text: str) -> str | None:
        cleaned = str(text).strip()
        if cleaned in specials:
            return cleaned
        if cleaned.lower() in specials:
            return cleaned.lower()
        upper = "".join(symbols.get(char, char) for char in cleaned.upper())
        match = _BID.match(upper)
        if match:
            candidate = f"{int(match.group(1))}{match.group(2)}"
            return candidate if candidate in ordinary else None
        return None

    return resolve


def _target(ctx: CompileContext, raw: Any, path: tuple[Any, ...], hand_size: int, allow_bid: bool) -> Target | None:
    if raw is None or raw == "none":
        return Target(0, 0)
    if raw == "all":
        return Target(hand_size, hand_size)
    if raw == "bid":
        if not allow_bid:
            ctx.error(
                path, "target 'bid' only makes sense for a modifier or call; a special bid needs none, all, {exactly: n} or {at_least: n}."
            )
        return None
    if isinstance(raw, dict):
        count = int(raw.get("exactly", raw.get("at_least", 0)) or 0)
        if count > hand_size:
            ctx.error(path, f"A target of {count} tricks is impossible with hands of {hand_size} cards.")
            return None
        return Target(count, count) if "exactly" in raw else Target(count, hand_size)
    return None


def _eligibility(raw: Any) -> Eligibility:
    if not isinstance(raw, dict):
        return Eligibility()
    return Eligibility(
        auction_reached=raw.get("auction_reached"),
        auction_below=raw.get("auction_below"),
        before_looking=bool(raw.get("before_looking", False)),
    )


def _style(spec: dict[str, Any], default_strain: str) -> PlayStyle:
    return PlayStyle(
        strain=spec.get("strain", default_strain),
        partner=PartnerRole(spec.get("partner", "sits_out" if default_strain != "bid" else "plays")),
        kitty=KittyUse(spec.get("kitty", "take")),
        exposed=Exposure(spec.get("exposed", "none")),
        exposed_from=ExposureTime(spec.get("exposed_from", "after_first_trick")),
    )


def _ordinary_entries(ctx: CompileContext, levels: list[int], strain_ids: list[str]) -> dict[str, Entry]:
    values_raw = ctx.get(("ladder", "values"))
    entries: dict[str, Entry] = {}
    if isinstance(values_raw, str):
        table = VALUE_TABLES[values_raw]
        for strain_index, strain_id in enumerate(strain_ids):
            for level in levels:
                value = table(level, strain_id)
                if value is None:
                    ctx.error(
                        ("ladder", "values"), f"The '{values_raw}' table has no values for strain {strain_id}; give a table that covers it."
                    )
                    return {}
                entries[f"{level}{strain_id}"] = Entry(f"{level}{strain_id}", value, level, strain_index)
    elif isinstance(values_raw, dict) and "table" in values_raw:
        table_raw: dict[str, list[int]] = values_raw["table"]
        for strain_id in table_raw:
            if strain_id not in strain_ids:
                ctx.error(
                    ("ladder", "values", "table", strain_id),
                    f"{strain_id} is not one of the ladder's strains ({', '.join(strain_ids)}).",
                    key=True,
                )
        absent = [strain_id for strain_id in strain_ids if strain_id not in table_raw]
        if absent:
            # One problem, and none of the ladder's it leaves short (a trial gave only the NT row and heard the
            # ladder "runs from 6NT to 10NT" under each special contract's placement).
            ctx.error(("ladder", "values", "table"), _absent_rows(ctx, absent, levels, strain_ids))
            return {}
        for strain_index, strain_id in enumerate(strain_ids):
            column = table_raw[strain_id]
            if len(column) != len(levels):
                ctx.error(
                    ("ladder", "values", "table", strain_id),
                    f"{strain_id} has {len(column)} values but the ladder has {len(levels)} levels.",
                )
                continue
            for level, value in zip(levels, column):
                entries[f"{level}{strain_id}"] = Entry(f"{level}{strain_id}", value, level, strain_index)
    elif isinstance(values_raw, dict):
        for strain_index, strain_id in enumerate(strain_ids):
            for level_index, level in enumerate(levels):
                value = values_raw["base"] + values_raw["per_level"] * level_index + values_raw["per_strain"] * strain_index
                entries[f"{level}{strain_id}"] = Entry(f"{level}{strain_id}", value, level, strain_index)
    return entries


MAX_POINTS = 100_000
"""The most a bid may be worth either way (a value table's bound, in the schema)."""


def _add_points(ctx: CompileContext, entries: dict[str, Entry], levels: list[int], strain_ids: list[str]) -> None:
    """``ladder.add_points``: points added to what ``values`` gives, to every bid of a strain (``NT: 40``) or
    to one bid (``10NT: 20``), before the ladder is ordered. A rules author changes one strain's worth
    without retyping the table the extended file names (a trial's wish). A bid's worth it makes is held to
    the bounds a value table's are."""
    added: dict[str, int | None] = ctx.get(("ladder", "add_points"), {}) or {}
    bids = {f"{level}{strain_id}" for level in levels for strain_id in strain_ids}
    for key, points in added.items():
        if points is None:
            continue  # (null removes an inherited entry)
        if key in strain_ids:
            chosen = [entry for entry in entries.values() if entry.strain_index == strain_ids.index(key)]
        elif key in entries:
            chosen = [entries[key]]
        elif key in bids:
            continue  # a bid of the ladder whose value a problem already reported left out
        else:
            ctx.error(
                ("ladder", "add_points", key),
                f"{key} is neither a strain of the ladder ({', '.join(strain_ids)}) nor one of its bids (such as "
                f"{next(iter(entries))}).{suggestion(key, [*strain_ids, *entries])}",
                key=True,
            )
            continue
        for entry in chosen:
            entries[entry.id] = replace(entry, value=entry.value + points)
    beyond = [f"{entry.id} {entry.value:,}" for entry in entries.values() if not -MAX_POINTS <= entry.value <= MAX_POINTS]
    if beyond:
        ctx.error(
            ("ladder", "add_points"),
            f"These points make {', '.join(beyond)}: a bid is worth between {-MAX_POINTS:,} and {MAX_POINTS:,} points.",
        )


def _absent_rows(ctx: CompileContext, absent: list[str], levels: list[int], strain_ids: list[str]) -> str:
    """The problem of a value table without every strain: which it lacks, that a table replaces the one
    extended whole, and the rows the extended file gives them, to copy."""
    named = " and ".join([", ".join(absent[:-1]), absent[-1]] if len(absent) > 1 else absent)
    whole = "a table replaces the values of the file it extends whole, so it" if ctx.document.base is not None else "a table"
    message = f"The table has no values for {named}: {whole} gives a row for every strain of the ladder ({', '.join(strain_ids)})."
    inherited = ctx.document.inherited(("ladder", "values"))
    rows: list[str] = []
    for strain_id in absent:
        if isinstance(inherited, str) and inherited in VALUE_TABLES:
            column = [VALUE_TABLES[inherited](level, strain_id) for level in levels]
        elif isinstance(inherited, dict) and isinstance(inherited.get("table"), dict):
            column = inherited["table"].get(strain_id)
        else:
            column = None
        if isinstance(column, list) and all(isinstance(value, int) for value in column):
            rows.append(f"{strain_id}: [{', '.join(str(value) for value in column)}]")
    if rows:
        message += f" The rows the extended file gives them, to copy: {'; '.join(rows)}."
    return message


def compile_ladder(ctx: CompileContext, deck: Deck, strains: dict[str, Strain], hand_size: int) -> LadderResult | None:
    """Build the ladder: ordinary bids ordered, special contracts placed, modifiers and calls checked."""
    levels = ctx.require(("ladder", "levels"), "the levels that may be bid, such as [6, 7, 8, 9, 10].")
    strain_ids = ctx.require(("ladder", "strains"), "the strains that may be bid, lowest first, such as [S, C, D, H, NT].")
    if ctx.require(("ladder", "values"), "a value table such as 'avondale'.") is None or levels is None or strain_ids is None:
        return None
    if list(levels) != sorted(levels):
        ctx.error(("ladder", "levels"), "The levels must be listed lowest first.")
    too_high = [level for level in levels if level > hand_size]
    for level in too_high:
        ctx.error(("ladder", "levels"), f"Level {level} cannot be bid with hands of {hand_size} cards.")
    if too_high:
        return None
    known_strains = list(strains)
    missing = [strain_id for strain_id in strain_ids if strain_id not in strains]
    for position, strain_id in enumerate(strain_ids):
        if strain_id not in strains:
            suits = ", ".join(suit.id for suit in deck.suits)
            ctx.error(
                ("ladder", "strains", position),
                f"There is no strain {strain_id} (the deck's suits are {suits}).{suggestion(strain_id, known_strains)} Strains: {', '.join(known_strains)}.",
            )
    if missing:
        return None
    entries = _ordinary_entries(ctx, list(levels), list(strain_ids))
    if not entries:
        return None
    _add_points(ctx, entries, list(levels), list(strain_ids))
    ordered, issues = order_ordinary(
        list(entries.values()), ctx.get(("ladder", "order"), "by_level"), ctx.get(("ladder", "ties")), ("ladder", "order")
    )
    for path, message in issues:
        ctx.error(path, message)

    specs: dict[str, dict[str, Any]] = ctx.get(("contracts",), {}) or {}
    enabled = {cid: spec for cid, spec in specs.items() if spec.get("allowed", True)}
    bids = {cid: spec for cid, spec in enabled.items() if spec.get("kind", "bid") == "bid"}
    resolve = bid_resolver(deck, set(entries), set(bids))
    all_ids = sorted(specs)
    for cid, spec in specs.items():
        if not spec.get("allowed", True) and set(spec) <= {"allowed"} and cid not in entries:
            # Nothing defines it: a misspelt name would otherwise leave the contract meant switched on.
            others = [other for other in all_ids if other != cid and set(specs[other]) - {"allowed"} and specs[other].get("allowed", True)]
            ctx.error(
                ("contracts", cid),
                f"There is no contract '{cid}' to switch off (allowed: false): no file of this variant defines it.{suggestion(cid, others)}",
                key=True,
                as_written=True,
            )

    placements: list[Placement] = []
    special_contracts: dict[str, Contract] = {}
    for cid, spec in bids.items():
        base = ("contracts", cid)
        complete = True
        for needed, what in (("value", "the points it is worth"), ("placement", "where it sits in the ladder, such as {above: 7NT}")):
            if needed not in spec:
                others = [other for other in all_ids if other != cid]
                ctx.error(base, f"The contract '{cid}' has no '{needed}' ({what}).{suggestion(cid, others)}", key=True)
                complete = False
        if not complete:
            continue
        # What only a modifier or a call reads is refused on a bid, never ignored (a user trial's misère
        # with a bonus, a no-trump value and levels compiled as if they were not there).
        for only, what in (("bonus", "points added to the bid it goes with"), ("no_trump_value", "its value in no trump")):
            if only in spec:
                ctx.error(
                    base + (only,),
                    f"'{only}' ({what}) is for a modifier or a call; '{cid}' is a bid of its own, worth its 'value'. "
                    f"Remove '{only}', or make '{cid}' a call (kind: call).",
                )
        raw_eligible = spec.get("eligible")
        if isinstance(raw_eligible, dict) and "levels" in raw_eligible:
            ctx.error(
                base + ("eligible", "levels"),
                f"'levels' is for a modifier or a call (the bids it goes with), not for a bid such as '{cid}', which may "
                "be bid by the auction's level: use auction_reached or auction_below, or remove 'levels'.",
            )
        strain_id = spec.get("strain", "NT")
        if strain_id not in strains:
            ctx.error(base + ("strain",), f"There is no strain {strain_id}.{suggestion(strain_id, known_strains)}")
            continue
        target = _target(ctx, spec.get("target"), base + ("target",), hand_size, allow_bid=False)
        if target is None:
            continue
        eligible = _eligibility(spec.get("eligible"))
        if eligible.auction_reached is not None and eligible.auction_reached > max(levels):
            ctx.error(
                base + ("eligible", "auction_reached"),
                f"The auction never reaches {eligible.auction_reached} (the highest level is {max(levels)}), so '{cid}' could never be bid.",
            )
        elif (
            eligible.auction_reached is not None
            and eligible.auction_below is not None
            and eligible.auction_below <= eligible.auction_reached
        ):
            # A trial's misère "once the auction has reached 7, only before it reaches 7": valid, and never bid.
            ctx.error(
                base + ("eligible", "auction_below"),
                f"'{cid}' could never be bid: once the auction has reached {eligible.auction_reached} it has already reached "
                f"{eligible.auction_below}. auction_below must be above auction_reached (auction_below: "
                f"{eligible.auction_reached + 1} allows it at level {eligible.auction_reached} only).",
            )
        placement_raw = spec["placement"]
        entry = Entry(cid, spec["value"])
        if isinstance(placement_raw, str):
            placements.append(Placement(entry, placement_raw, None, None, base + ("placement",)))
        elif "by_value" in placement_raw:
            placements.append(Placement(entry, "by_value", None, placement_raw.get("ties"), base + ("placement",)))
        else:
            how = "above" if "above" in placement_raw else "below"
            anchor = str(placement_raw[how])
            if resolve(anchor) is None:
                hint = _anchor_hint(anchor, specs, entries, cid)
                ctx.error(base + ("placement", how), f"{cid} is placed {how} {anchor!r}, which is not a contract of this variant.{hint}")
                continue
            placements.append(Placement(entry, how, anchor, None, base + ("placement",)))
        style = _style(spec, "NT")
        if style.kitty is KittyUse.TO_PARTNER and style.partner is not PartnerRole.PLAYS:
            ctx.error(
                base + ("kitty",),
                f"kitty: to_partner hands the declarer's discards to a partner, but under '{cid}' the partner does not play "
                f"(partner: {style.partner.value}); give partner: plays.",
            )
        special_contracts[cid] = Contract(
            id=cid,
            name=spec.get("name", cid.replace("_", " ")),
            value=spec["value"],
            rank=-1,
            level=None,
            target=target,
            style=style,
            eligibility=eligible,
        )

    def own(first: JsonPath, second: JsonPath) -> JsonPath:
        # A tie is the named file's doing where it wrote one of the two placements: reported there.
        def mine(path: JsonPath) -> bool:
            written = ctx.document.keys.get(path)
            return written is not None and written.file == ctx.document.file

        return second if mine(second) and not mine(first) else first

    order, placement_issues = place_specials(ordered, placements, resolve, own)
    for path, message in placement_issues:
        ctx.error(path, message)

    contracts: list[Contract] = []
    for rank, entry in enumerate(order):
        if entry.id in special_contracts:
            contracts.append(_with_rank(special_contracts[entry.id], rank))
            continue
        assert entry.level is not None
        strain = strains[strain_ids[entry.strain_index]]
        contracts.append(
            Contract(
                id=entry.id,
                name=f"{entry.level} {strain.name}",
                value=entry.value,
                rank=rank,
                level=entry.level,
                target=Target(entry.level, hand_size),
                style=PlayStyle(strain=strain.id),
            )
        )
    contracts = _with_inkle_no(ctx, contracts, list(levels))
    extras = _compile_extras(ctx, enabled, levels, set(bids), hand_size, strains)
    if len({contract.id for contract in contracts}) != len(contracts):
        return None
    return LadderResult(Ladder(tuple(contracts)), extras, tuple(levels), resolve)


def _with_inkle_no(ctx: CompileContext, contracts: list[Contract], levels: list[int]) -> list[Contract]:
    """Where the inkle rule distinguishes 'inkle no' (rules text 001, "Special inkles": "Inkle No is
    sometimes distinguished from Inkle No Trump ... Inkle No Trump is the highest inkle"), the ladder gets
    the contract ``<level>NO`` just below the no-trump inkle, played as it would be."""
    raw = ctx.get(("auction", "inkles"))
    if not isinstance(raw, dict) or not raw.get("separate_no"):
        return contracts
    level = raw.get("level", levels[0] if levels else 6)
    below = next(
        (position for position, contract in enumerate(contracts) if contract.level == level and contract.style.strain == "NT"), None
    )
    if below is None:
        ctx.error(
            ("auction", "inkles", "separate_no"),
            f"'inkle no' sits just below the no-trump inkle, {level}NT, which this ladder does not have.",
        )
        return contracts
    inkle_no = replace(contracts[below], id=f"{level}NO", name="inkle no")
    contracts = contracts[:below] + [inkle_no] + contracts[below:]
    return [_with_rank(contract, rank) for rank, contract in enumerate(contracts)]


def _with_rank(contract: Contract, rank: int) -> Contract:
    return replace(contract, rank=rank)


def _anchor_hint(anchor: str, specs: dict[str, dict[str, Any]], entries: dict[str, Entry], placed: str) -> str:
    """Why ``anchor`` (what the contract ``placed`` is put above or below) is not a bid of the ladder, and
    the closest bid that may be placed against."""
    if anchor in specs and not specs[anchor].get("allowed", True):
        return f" '{anchor}' is switched off (allowed: false)."
    if anchor in specs:
        return f" '{anchor}' is a {specs[anchor].get('kind')}, not a bid."
    lowest = min(entries.values(), key=lambda entry: (entry.level or 0, entry.strain_index))
    highest = max(entries.values(), key=lambda entry: (entry.level or 0, entry.strain_index))
    special = sorted(cid for cid, spec in specs.items() if spec.get("kind", "bid") == "bid" and spec.get("allowed", True))
    others = f" Special contracts: {', '.join(special)}." if special else " There are no special contracts."
    # Only a bid of the ladder can be placed against: a contract switched off, or a modifier or call,
    # is named as such if it is the closest match, never suggested (issue 45, item 8).
    unavailable = {
        cid: "it is switched off (allowed: false)" if not spec.get("allowed", True) else f"it is a {spec.get('kind')}, not a bid"
        for cid, spec in specs.items()
        if cid not in special
    }
    hint = suggestion(anchor, sorted(entries) + [cid for cid in special if cid != placed], unavailable)
    return f"{hint} Ordinary bids run from {lowest.id} to {highest.id}.{others}"


def _compile_extras(
    ctx: CompileContext,
    enabled: dict[str, dict[str, Any]],
    levels: list[int],
    bid_ids: set[str],
    hand_size: int,
    strains: dict[str, Strain],
) -> tuple[Extra, ...]:
    extras: list[Extra] = []
    for cid, spec in enabled.items():
        kind = spec.get("kind", "bid")
        if kind == "bid":
            continue
        base = ("contracts", cid)
        if "placement" in spec:
            ctx.error(
                base + ("placement",),
                f"A {kind} has no place of its own in the ladder: it goes with the bid it is added to. Remove 'placement'.",
            )
        if "value" not in spec and "bonus" not in spec:
            ctx.error(base, f"The {kind} '{cid}' needs a 'value' or a 'bonus'.", key=True)
            continue
        raw_eligible = spec.get("eligible")
        eligible: dict[str, Any] = raw_eligible if isinstance(raw_eligible, dict) else {}
        extra_levels = tuple(eligible.get("levels", levels))
        for level in extra_levels:
            if level not in levels:
                ctx.error(base + ("eligible", "levels"), f"Level {level} is not a level of the ladder ({', '.join(map(str, levels))}).")
        extra_contracts = tuple(eligible.get("contracts", ()))
        for position, other in enumerate(extra_contracts):
            if other not in bid_ids:
                ctx.error(
                    base + ("eligible", "contracts", position),
                    f"'{other}' is not a special contract that may be bid.{suggestion(other, sorted(bid_ids))}",
                )
        strain_id = spec.get("strain", "bid")
        if strain_id != "bid" and strain_id not in strains:
            ctx.error(base + ("strain",), f"There is no strain {strain_id}.")
        target = _target(ctx, spec.get("target", "bid"), base + ("target",), hand_size, allow_bid=True)
        if kind == "call" and spec.get("kitty", "take") != "take":
            ctx.error(
                base + ("kitty",),
                "A call is made once the kitty is exchanged, so it cannot change what happens to the kitty; remove 'kitty' from "
                f"'{cid}' (a modifier, said with the bid, can).",
            )
        extras.append(
            Extra(
                id=cid,
                name=spec.get("name", cid.replace("_", " ")),
                kind=kind,
                levels=extra_levels,
                contracts=extra_contracts,
                value=spec.get("value"),
                no_trump_value=spec.get("no_trump_value"),
                bonus=spec.get("bonus", 0),
                target=target,
                style=_style(spec, "bid"),
            )
        )
    return tuple(extras)
