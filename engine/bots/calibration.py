"""Misère limits calibrated by play-outs under the compiled rules, once per variant.

The heuristic bot bids a misère played alone when its hand's danger (a count of the tricks the
defenders may force) is at most a limit. One fixed limit cannot suit every variant: the number of
defenders, the deck, the kitty and who leads first change what a given danger means (in two-handed 500
the fixed limit made a third of its misères). So the limit is measured: on a fixed set of deals, the
seats whose hands are safe enough to be worth measuring bid it in turn when they may, nobody outbids it,
and bots of the same kind play it out under the variant's rules. The contracts are measured highest
first, as the bot tries them, and a hand within a higher contract's limit is left to that contract. The
profile's limit is raised where the misères bid at or below a higher danger were made
:data:`TARGET_SHARE` of the time, kept unless those at or below it were shown to be made less than
:data:`KEEP_SHARE` of the time (with :data:`CONFIDENCE`), and lowered otherwise (to ``-1``, never, when
no danger reaches :data:`LOWER_SHARE`): see :func:`choose_limit`. A contract the deals could not test
keeps the profile's.

The same play-outs give each contract a *curve*: the chance a hand is made, read from its danger by a
logistic fit of the play-outs' results (:func:`fit_curve`). The default bot bids by what a contract is
worth (:mod:`~engine.bots.valuation`), and this curve is its chance of making a misère, hi/lo or any
contract calibrated here. The trick contracts are played out too, for the tricks a declaring side takes at
each reading of its hand (:mod:`~engine.bots.trick_curve`). The play-outs themselves are in
:mod:`~engine.bots.playouts`; with two cores, a forked helper shares the measurements, each contract's
measured on the limits the contracts above it would keep at the profile's and measured again where one moved.

Calibrations are keyed by the rules' content (:attr:`~engine.rules.ruleset.Rules.document_hash`) and
:data:`VERSION`, which is raised when the bots' play changes: the shipped variants' are in
``calibrations.json`` beside this module (:func:`write_shipped` remakes it); others are measured on first
use (one to five seconds), remembered in the process and written to the user's cache folder
(:func:`cache_folder`), so a second run waits for none. A simulation measures them once in its main process
and hands them to its workers (:func:`known`, :func:`remember`). The deals are fixed, so the result is the
same in every process: a simulation's figures do not depend on how many workers play it.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import stat
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..analysis.statistics import wilson_bound
from ..errors import UsageError
from ..rules.contracts import Contract, PartnerRole
from ..rules.ruleset import Rules
from .playouts import CAP, SAMPLES, Helper, Job, Measuring, Scan, may_fork, run_job
from .profile import VALUATION_FIELDS, Profile
from .trick_curve import TrickCurve, curves_from, measure_tricks, trick_contracts
from .valuation import made_share

VERSION = 13
"""Raised whenever the heuristic bots' misère bidding or play changes, so that old calibrations are not used."""
DEALS = 6000
"""The most deals played out per contract (a contract few hands are safe enough for needs many)."""
TARGET_SHARE = 0.75
"""The share of the misères at or below a raised limit that must have been made. The bids in play are
made about ten points less often than the play-outs promise (bench/NOTES.md), so this is well above the
break-even half, for the bids in play to be made between 50% and 85% of the time."""
CONFIDENCE = 1.645
"""The evidence that moves a limit from the profile's (the normal deviate of a one-sided 95% Wilson
bound): a raised limit needs the share made up to it to be at least :data:`KEEP_SHARE` with this
confidence (a limit raised on 16 of the first 21 play-outs above it, 76%, was made 45% of the time in
play: `original`'s misère), and the profile's is lowered only when its share is below :data:`KEEP_SHARE`
with it (59% of 148 play-outs lowered `three-handed`'s open misère from 2.7% of hands to 0.3%)."""
KEEP_SHARE = 0.6
"""The share of the misères at or below the profile's limit that keeps it."""
LOWER_SHARE = 0.6
"""The share a lowered limit must reach."""
HOPELESS_SHARE = 0.5
"""Where too few hands are safe enough to judge the profile's limit, a contract whose safest hands that
are enough to judge were made less often than this is never bid (double nullo: the partner's hand is
unseen, and even the safest hands are made about a quarter of the time)."""
MIN_BIDS = 20
"""The fewest misères at or below a limit for it to count (fewer leave the share to luck)."""
SHIPPED = Path(__file__).with_name("calibrations.json")
"""The shipped variants' calibrations."""
MEASURED_WITH = Profile(calibrated=False)
"""The profile of the bots the shipped calibrations were measured with (the default, uncalibrated)."""
CACHE_VARIABLE = "FIVEHUNDRED_CACHE"
"""The environment variable that moves the calibration cache to another folder, or switches it off
(``off``); by default it is ``fivehundred/calibrations`` under ``$XDG_CACHE_HOME`` (``~/.cache``)."""
MAX_CACHE_BYTES = 1 << 20
"""A cached calibration larger than this is not read (a damaged or planted file)."""


@dataclass(frozen=True)
class Calibration:
    """What the play-outs measured for one variant and profile."""

    limits: Mapping[str, float] = field(default_factory=dict)
    """Per contract id, the danger at or below which the threshold bot bids it (``-1``: never)."""
    curves: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    """Per contract id, the logistic curve ``(a, b)`` of the chance it is made at danger ``d``:
    ``1 / (1 + exp(-(a + b * d)))`` (:func:`made_share`)."""
    tricks: Mapping[str, TrickCurve] = field(default_factory=dict)
    """Per kind of strain (:data:`~engine.bots.trick_curve.KINDS`), the tricks a trick contract's declaring
    side takes at each reading of its hand (:mod:`~engine.bots.trick_curve`)."""
    source: str = "measured"
    """Where it came from: ``shipped``, ``cache`` or ``measured`` (and cached), or ``uncached`` (measured,
    but the cache is off or could not be written); a report says which. ``none`` where the variant has no
    contract to calibrate, no misère nor trick contract."""


def calibrated_contracts(contracts: Iterable[Contract], hand_size: int) -> list[Contract]:
    """The contracts of ``contracts`` whose limit is calibrated, in their order: those that cap the
    declaring side's tricks, the misère family (played alone or by both partners) and, played alone,
    contracts with a ceiling below ``hand_size`` (hi/lo, :mod:`~engine.bots.ceiling`)."""
    return [
        contract
        for contract in contracts
        if contract.target.is_no_tricks or (contract.target.maximum < hand_size and contract.style.partner is PartnerRole.SITS_OUT)
    ]


def has_contracts_to_measure(rules: Rules) -> bool:
    """Whether ``rules`` have a contract to calibrate: a misère or a contract with a ceiling
    (:func:`calibrated_contracts`), or a trick contract (:func:`~engine.bots.trick_curve.trick_contracts`)."""
    return bool(calibrated_contracts(rules.ladder, rules.deal.hand_size) or trick_contracts(rules))


_KEYS: dict[tuple[str, int], tuple[Profile | None, str]] = {}
""":func:`_key`'s answers by the variant and the profile object (held, so that its ``id`` is not reused): a
simulation makes its bots afresh for each chunk, and a key costs a copy of the profile and a hash of its
text. (By identity, not equality: a profile with a whole number where another has the same float is
equal to it, but its text, and so its key, differs.)"""


def _key(rules: Rules, profile: Profile | None = None) -> str:
    """The calibration's key: the calibration's version, the variant's document and, for a profile other
    than the default's, a hash of the profile (:func:`_made_key`)."""
    known_key = _KEYS.get((rules.document_hash, id(profile)))
    if known_key is not None and known_key[0] is profile:
        return known_key[1]
    if len(_KEYS) >= 256:
        _KEYS.clear()
    key = _made_key(rules, profile)
    _KEYS[(rules.document_hash, id(profile))] = (profile, key)
    return key


def _made_key(rules: Rules, profile: Profile | None) -> str:
    # The calibration depends on how the bots bid and play, so a profile other than the default's (the
    # one the shipped calibrations were measured with) has calibrations of its own.
    key = f"{VERSION}:{rules.document_hash}"
    if profile is not None:
        # Bots measuring a calibration are uncalibrated, so they never weigh bids by worth.
        profile = replace(profile, **{name: getattr(MEASURED_WITH, name) for name in VALUATION_FIELDS})
    if profile is not None and profile != MEASURED_WITH:
        key += ":" + hashlib.sha256(repr(profile).encode("utf-8")).hexdigest()[:16]
    return key


def _entry(data: object, source: str) -> Calibration:
    """A calibration read from JSON (``{"limits": {...}, "curves": {...}}``); raises on any other shape."""
    if not isinstance(data, dict):
        raise TypeError("not an object")
    limits = {str(id_): float(limit) for id_, limit in data["limits"].items()}
    curves = {str(id_): (float(curve[0]), float(curve[1])) for id_, curve in data.get("curves", {}).items()}
    if not all(math.isfinite(value) for value in [*limits.values(), *(part for curve in curves.values() for part in curve)]):
        raise UsageError("not a finite number")
    return Calibration(limits, curves, curves_from(data.get("tricks", {})), source)


def _to_data(found: Calibration) -> dict[str, object]:
    return {
        "limits": dict(found.limits),
        "curves": {id_: [round(a, 6), round(b, 6)] for id_, (a, b) in found.curves.items()},
        "tricks": {kind: curve.to_data() for kind, curve in found.tricks.items()},
    }


@lru_cache(maxsize=1)
def _shipped() -> dict[str, Calibration]:
    try:
        data = json.loads(SHIPPED.read_text(encoding="utf-8"))
        return {str(key): _entry(entry, "shipped") for key, entry in data.items()}
    except (OSError, ValueError, KeyError, AttributeError, TypeError, IndexError, RecursionError):  # missing or damaged: measured
        return {}


_measured: dict[str, Calibration] = {}


def cache_folder() -> Path | None:
    """The folder calibrations of house rules are cached in (:data:`CACHE_VARIABLE`), or ``None`` when
    the cache is switched off."""
    chosen = os.environ.get(CACHE_VARIABLE, "")
    if chosen.strip().lower() in ("off", "none", "0", "false"):
        return None
    if chosen:
        return Path(chosen).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "fivehundred" / "calibrations"


def _cache_file(key: str) -> Path | None:
    # The installed version is part of the name: a cache outlives an upgrade, whose bots may play otherwise.
    folder = cache_folder()
    return None if folder is None else folder / (hashlib.sha256(f"{_installed()}:{key}".encode()).hexdigest()[:32] + ".json")


@lru_cache(maxsize=1)
def _installed() -> str:
    """The installed package's version (``source`` for a tree that is not installed)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("fivehundred")
    except PackageNotFoundError:
        return "source"


def _read_cache(key: str) -> Calibration | None:
    """The cached calibration of ``key``, or ``None`` (none, unreadable, damaged, too large, another
    key's, or a file another user owns)."""
    path = _cache_file(key)
    if path is None:
        return None
    try:
        with open(path, "rb") as stream:  # (one open: the checks below are of the file read)
            status = os.fstat(stream.fileno())
            if not stat.S_ISREG(status.st_mode) or status.st_size > MAX_CACHE_BYTES:
                return None
            if hasattr(os, "getuid") and status.st_uid != os.getuid():
                return None  # planted by someone else in a shared folder: not trusted
            text = stream.read(MAX_CACHE_BYTES + 1)
        if len(text) > MAX_CACHE_BYTES:
            return None
        data = json.loads(text.decode("utf-8"))
        if not isinstance(data, dict) or data.get("key") != key:
            return None
        return _entry(data, "cache")
    except (OSError, ValueError, KeyError, AttributeError, TypeError, IndexError, RecursionError):
        return None  # a damaged cache is ignored: the calibration is measured again


def _write_cache(key: str, found: Calibration) -> bool:
    """Keep ``found`` in the cache folder (atomically: a reader never sees half a file) and say whether it
    was kept; a cache that is off or cannot be written is left alone (the calibration is measured again
    next time)."""
    path = _cache_file(key)
    if path is None:
        return False
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".calibration-", suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                json.dump({"key": key, **_to_data(found)}, stream)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError:
        return False
    return True


def known(rules: Rules, profile: Profile | None = None) -> Calibration | None:
    """The calibration of ``rules`` for bots of ``profile`` (``None``: the default's) if it needs no
    measuring: shipped, remembered in this process, or cached on disk."""
    key = _key(rules, profile)
    found = _shipped().get(key) or _measured.get(key)
    if found is None:
        found = _read_cache(key)
        if found is not None:
            _measured[key] = found
    return found


def remember(rules: Rules, profile: Profile | None, found: Calibration) -> None:
    """Use ``found`` as the calibration of ``rules`` for bots of ``profile`` in this process (a simulation's
    workers are handed what their main process measured)."""
    _measured[_key(rules, profile)] = found


def measured() -> dict[str, Calibration]:
    """The calibrations measured or read from the cache in this process, by key (to hand to workers)."""
    return dict(_measured)


def adopt(found: Mapping[str, Calibration]) -> None:
    """Use the calibrations ``found`` (:func:`measured` of another process) in this one."""
    _measured.update(found)


def calibration_for(
    rules: Rules, contracts: Sequence[Contract], make_bot: Callable[[], Measuring], profile: Profile | None = None
) -> Calibration:
    """The calibration of ``contracts`` (the contracts :func:`calibrated_contracts` gives) under ``rules``:
    shipped, remembered, cached, or measured now with bots from ``make_bot`` (uncalibrated ones, of
    ``profile``: ``None`` for the default's) and cached."""
    if not contracts and not trick_contracts(rules):
        return Calibration(source="none")
    found = known(rules, profile)
    if found is None:  # (an empty calibration, where no contract had samples enough, is one too)
        key = _key(rules, profile)
        measured = measure_all(rules, contracts, make_bot)
        # Used as the cache keeps it (its numbers rounded), so that a run that measures it and a later one
        # that reads it play the same games (they differed in a few hands of 200 games).
        found = replace(_entry(_to_data(measured), measured.source), source=measured.source)
        if not _write_cache(key, found):
            found = replace(found, source="uncached")
        _measured[key] = found
    return found


def misere_limits(
    rules: Rules, contracts: Sequence[Contract], make_bot: Callable[[], Measuring], profile: Profile | None = None
) -> Mapping[str, float]:
    """The calibrated limit of each of ``contracts`` under ``rules``, by id (:func:`calibration_for`'s)."""
    return calibration_for(rules, contracts, make_bot, profile).limits


def measure(rules: Rules, contracts: Sequence[Contract], make_bot: Callable[[], Measuring], deals: int = DEALS) -> dict[str, float]:
    """Each contract's limit as :func:`measure_all` measures it."""
    return dict(measure_all(rules, contracts, make_bot, deals).limits)


def measure_all(
    rules: Rules, contracts: Sequence[Contract], make_bot: Callable[[], Measuring], deals: int = DEALS, parallel: bool | None = None
) -> Calibration:
    """Play fixed deals out for each contract in turn (up to ``deals`` of them, fewer once it has
    :data:`SAMPLES` play-outs at or below the profile's limit and as many above it) and choose each
    contract's limit, and fit its curve; and measure the trick contracts' curves
    (:func:`~engine.bots.trick_curve.measure_tricks`).

    A contract is measured on the hands the contracts above it leave (:func:`_may_take`), so it depends on
    their limits. Where this process may start a second one (``parallel``: ``None`` where there are two
    cores or more, on a system that forks), both measure at once: every contract's measurement is a job
    on the limits the contracts above it would keep if the play-outs kept the profile's (as they mostly
    do), the two processes share the jobs (:class:`~engine.bots.playouts.Helper`), and a job whose guess
    proves wrong is measured again on the limits chosen. The result is the same either way."""
    scan = Scan(rules, make_bot, deals)
    helper: Helper | None = None
    done: dict[int, Any] = {}
    jobs: list[Job] = []
    if may_fork(parallel):
        jobs = [*(("contract", contract, taken) for contract, taken in _guessed(contracts, scan)), ("tricks",)]
        # The misères played alone first, from the front: they read a hand alike, so the process that
        # measures one finds the others' dangers already read (a third of a calibration's time).
        order = sorted(range(len(jobs)), key=lambda index: (not _reads_alike(jobs[index]), index))
        helper = Helper.start(rules, make_bot, deals, [jobs[index] for index in order])
    if helper is not None:
        while (claimed := helper.claim()) is not None:
            done[order[claimed]] = run_job(scan, jobs[order[claimed]])
        done.update((order[claimed], answer) for claimed, answer in helper.answers().items())
        helper.close()
    chosen: dict[str, float] = {}
    curves: dict[str, tuple[float, float]] = {}
    taken: list[tuple[Contract, float]] = []  # the contracts measured so far that take hands, and their limits
    for index, contract in enumerate(contracts):
        relevant = _taking(contract, taken)
        if index in done and jobs[index][2] == relevant:
            found, limit = done[index]
        else:
            found, limit = scan.measure(contract, relevant)
        measured = _keep(contract, found, limit, chosen, curves)
        taken_below = limit if measured is None else measured
        if taken_below >= 0 and _may_take(contract):
            # A hand within this limit bids it rather than a lower contract (the bot tries them highest
            # first), so the lower contracts are measured on the hands left.
            taken.append((contract, taken_below))
    tricks = done.get(len(contracts))
    if tricks is None:
        tricks = measure_tricks(rules, scan.bots)
    ordered = {contract.id: chosen[contract.id] for contract in contracts if contract.id in chosen}
    fitted = {contract.id: curves[contract.id] for contract in contracts if contract.id in curves}
    return Calibration(ordered, fitted, tricks)


def _guessed(contracts: Sequence[Contract], scan: Scan) -> list[tuple[Contract, list[tuple[Contract, float]]]]:
    """Each of ``contracts`` with the contracts above it that would take hands from it if every limit were
    kept at the profile's (:meth:`~engine.bots.playouts.Scan.profile_limit`)."""
    guessed: list[tuple[Contract, list[tuple[Contract, float]]]] = []
    taken: list[tuple[Contract, float]] = []
    for contract in contracts:
        guessed.append((contract, _taking(contract, taken)))
        limit = scan.profile_limit(contract)
        if limit >= 0 and _may_take(contract):
            taken.append((contract, limit))
    return guessed


def _reads_alike(job: Job) -> bool:
    """Whether ``job`` measures a misère played alone (whose hands the bots read alike: one danger memo)."""
    return job[0] == "contract" and job[1].target.is_no_tricks and job[1].style.partner is not PartnerRole.PLAYS


def _taking(contract: Contract, taken: list[tuple[Contract, float]]) -> list[tuple[Contract, float]]:
    """Of the contracts before ``contract`` that take hands (``taken``, with their limits), those that may be
    bid whenever it may: a misère bid only once the auction reaches 7 leaves to an open misère bid at any
    time the hands it is bid on before then (a user trial: with misère worth 500, as much as open misère
    and so measured first, every hand safe for open misère was left to misère, and open misère was never
    bid)."""
    return [(higher, limit) for higher, limit in taken if _open_whenever(higher, contract)]


def _open_whenever(higher: Contract, lower: Contract) -> bool:
    """Whether ``higher`` may be bid at every point of the auction ``lower`` may (by the auction's level)."""
    first, second = higher.eligibility, lower.eligibility
    if first.auction_reached is not None and (second.auction_reached is None or second.auction_reached < first.auction_reached):
        return False
    return first.auction_below is None or (second.auction_below is not None and second.auction_below <= first.auction_below)


def _may_take(contract: Contract) -> bool:
    """Whether a hand within ``contract``'s limit is left out of the lower contracts' measurement: not for
    a contract bid blind, nor for one both partners play (bid only once the partners have passed)."""
    return not contract.eligibility.before_looking and contract.style.partner is not PartnerRole.PLAYS


def _keep(
    contract: Contract, found: list[tuple[float, bool]], limit: float, chosen: dict[str, float], curves: dict[str, tuple[float, float]]
) -> float | None:
    """Choose ``contract``'s limit from its play-outs ``found`` (the profile's ``limit`` given) and fit its
    curve, keeping each where there is one; the limit chosen."""
    measured = choose_limit(found, limit)
    if measured is not None:
        chosen[contract.id] = measured
    curve = fit_curve(found)
    if curve is not None:
        curves[contract.id] = curve
    return measured


def fit_curve(samples: Sequence[tuple[float, bool]], iterations: int = 50) -> tuple[float, float] | None:
    """The logistic curve ``(a, b)`` through ``samples`` (danger, made) by maximum likelihood, with a weak
    prior that keeps it finite where the samples separate (Newton's method, each step halved until the
    penalised likelihood rises), its slope never rising with danger; ``None`` with fewer than
    :data:`MIN_BIDS` samples."""
    if len(samples) < MIN_BIDS:
        return None
    prior = 0.5  # a Gaussian prior's precision on both coefficients

    def likelihood(a: float, b: float) -> float:
        total = -0.5 * prior * (a * a + b * b)
        for danger, made in samples:
            exponent = a + b * danger
            # log of the chance of what happened, written to stay finite for large exponents
            total -= math.log1p(math.exp(-abs(exponent))) + max(0.0, -exponent if made else exponent)
        return total

    a = b = 0.0
    current = likelihood(a, b)
    for _ in range(iterations):
        gradient_a, gradient_b = -prior * a, -prior * b
        hessian_aa = hessian_ab = hessian_bb = prior
        for danger, made in samples:
            share = made_share((a, b), danger)
            residual = (1.0 if made else 0.0) - share
            weight = share * (1.0 - share)
            gradient_a += residual
            gradient_b += residual * danger
            hessian_aa += weight
            hessian_ab += weight * danger
            hessian_bb += weight * danger * danger
        determinant = hessian_aa * hessian_bb - hessian_ab * hessian_ab
        if determinant <= 1e-12:
            break
        step_a = (hessian_bb * gradient_a - hessian_ab * gradient_b) / determinant
        step_b = (hessian_aa * gradient_b - hessian_ab * gradient_a) / determinant
        scale = 1.0
        while scale > 1e-4:
            trial = likelihood(a + scale * step_a, b + scale * step_b)
            if trial >= current:
                break
            scale /= 2.0
        else:
            break
        a, b, current = a + scale * step_a, b + scale * step_b, trial
        if scale * (abs(step_a) + abs(step_b)) < 1e-9:
            break
    if b > 0.0:  # more danger never helps: a flat curve at the share made
        successes = sum(1 for _, success in samples if success)
        share = min(max(successes / len(samples), 0.01), 0.99)
        a, b = math.log(share / (1.0 - share)), 0.0
    return round(a, 6), round(b, 6)


def choose_limit(samples: list[tuple[float, bool]], fixed: float) -> float | None:
    """The limit for misères measured as ``samples`` (danger, made), given the profile's ``fixed`` one:
    raised to the highest danger at which the samples at or below it were made :data:`TARGET_SHARE` of
    the time (and :data:`KEEP_SHARE` at least, with :data:`CONFIDENCE`); kept unless the samples at or
    below it were made less than :data:`KEEP_SHARE` of the time with that confidence, or where they were
    too few to judge (but ``-1.0`` when the safest :data:`MIN_BIDS` samples were made less than
    :data:`HOPELESS_SHARE` of the time); otherwise lowered to the highest danger at which they were made
    :data:`LOWER_SHARE` of the time, or ``-1.0`` (never) when none was. Only dangers with
    :data:`MIN_BIDS` samples at or below them count; ``None`` when there are too few samples to say."""
    if len(samples) < MIN_BIDS:
        return None
    ordered = sorted(samples)
    raised, lowered, made, at_fixed, safest = -1.0, -1.0, 0, None, None
    for count, (danger, success) in enumerate(ordered, start=1):
        made += success
        if count < len(ordered) and ordered[count][0] <= danger:
            continue  # a danger counts with every sample at it
        if count < MIN_BIDS:
            continue
        if safest is None:
            safest = made / count
        if made >= TARGET_SHARE * count and wilson_bound(made, count, -CONFIDENCE) >= KEEP_SHARE:
            raised = danger
        if made >= LOWER_SHARE * count and danger < fixed:
            lowered = danger
        if danger <= fixed:
            at_fixed = wilson_bound(made, count, CONFIDENCE)  # the most the share may be
    if raised >= fixed:
        return round(raised, 6)
    if at_fixed is None:
        # Too few hands at or below the profile's limit to judge it: kept, unless the safest hands that
        # are enough to judge are made less often than not (the fewer safer ones would most likely fail too).
        return -1.0 if safest is not None and safest < HOPELESS_SHARE else fixed
    return fixed if at_fixed >= KEEP_SHARE else round(lowered, 6)


def write_shipped(make_bot: Callable[[Rules], Measuring]) -> None:
    """Measure every shipped variant and write :data:`SHIPPED`."""
    from ..language.resources import shipped_variant_names
    from ..rules.compiler import load_variant

    data: dict[str, dict[str, object]] = {}
    for name in shipped_variant_names():
        rules = load_variant(name)
        contracts = calibrated_contracts(sorted(rules.ladder, key=lambda contract: -contract.value), rules.deal.hand_size)
        if contracts or trick_contracts(rules):
            found = measure_all(rules, contracts, lambda rules=rules: make_bot(rules))  # type: ignore[misc]
            data[_key(rules)] = {"variant": name, **_to_data(found)}
    SHIPPED.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    _shipped.cache_clear()


__all__ = [
    "CACHE_VARIABLE",
    "CAP",
    "Calibration",
    "MAX_CACHE_BYTES",
    "cache_folder",
    "adopt",
    "calibration_for",
    "measured",
    "fit_curve",
    "known",
    "made_share",
    "measure_all",
    "remember",
    "MEASURED_WITH",
    "DEALS",
    "HOPELESS_SHARE",
    "KEEP_SHARE",
    "LOWER_SHARE",
    "MIN_BIDS",
    "CONFIDENCE",
    "SAMPLES",
    "SHIPPED",
    "TARGET_SHARE",
    "VERSION",
    "Measuring",
    "calibrated_contracts",
    "has_contracts_to_measure",
    "choose_limit",
    "measure",
    "misere_limits",
    "write_shipped",
]
