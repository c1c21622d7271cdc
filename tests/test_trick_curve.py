"""The trick contracts' chance, measured per variant (issue 44, item 2): the tricks a declaring side takes
at each reading of its hand, from play-outs under the compiled rules (``engine/bots/trick_curve.py``), and
the trick bids the default bot chooses by what they are worth through it (``engine/bots/trick_bids.py``)."""

from __future__ import annotations

import math
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_valuation import _contracts_played, _with

import engine
from engine.bots import calibration
from engine.bots.calibration import Calibration
from engine.bots.heuristic import HeuristicBot
from engine.bots.profile import Profile
from engine.bots.trick_bids import worth_bidding
from engine.bots.trick_curve import KINDS, MIN_SAMPLES, SPREAD_RANGE, TrickCurve, curves_from, fit_line, measure_tricks
from engine.bots.valuation import Valuation
from engine.kernel.seat_view import SeatView, seat_view
from engine.kernel.state import GameState
from engine.kernel.tables import tables_for
from engine.rules.contracts import Contract


def test_a_trick_curve_is_the_reading_moved_by_what_the_play_outs_took() -> None:
    """Readings one and a half tricks short of what was taken give a curve expecting one and a half more;
    its spread is what was taken about the line, within its bounds; too few play-outs give none."""
    samples = [(6.0 + (index % 5) * 0.5, round(7.5 + (index % 5) * 0.5 + (index % 3 - 1))) for index in range(90)]
    curve = fit_line(samples)
    assert curve is not None
    assert curve.expected(7.0) == pytest.approx(7.0 + statistics.mean(taken - reading for reading, taken in samples))
    assert SPREAD_RANGE[0] <= curve.spread <= SPREAD_RANGE[1]
    assert curve.made_chance(7.0, 6) > curve.made_chance(7.0, 8) > curve.made_chance(7.0, 10)
    assert fit_line(samples[: MIN_SAMPLES - 1]) is None


def test_a_trick_curve_round_trips_through_its_data_and_refuses_junk() -> None:
    curve = TrickCurve(1.25, 1.0, 1.5)
    assert curves_from({"trumps": curve.to_data()}) == {"trumps": curve}
    knee = TrickCurve(0.5, 1.0, 1.4, 7.5, 0.5)
    assert curves_from({"trumps": knee.to_data()}) == {"trumps": knee}
    for junk in (
        {"clubs": [1, 1, 1, 1000, 1]},
        {"trumps": [1, 1]},
        {"trumps": [1, 1, 1.5]},  # a curve of an earlier calibration (no knee): measured again
        {"trumps": [1, 1, 0, 1000, 1]},
        {"trumps": [1, 1, math.inf, 1000, 1]},
        {"trumps": [1, 1, 1.5, 7, 0]},
    ):
        with pytest.raises(ValueError):
            curves_from(junk)


def test_000_bidding_the_strongest_readings_promise_less_than_they_read() -> None:
    """Rules text 000, "Bidding" (a bid is the tricks the bidder and its partner will take): the seats that
    read the most tricks of a deal take fewer than a line of slope one promises (in `standard` play-outs a
    reading of 10 took 8.9), so a curve rises more slowly past its knee, the median reading: a fitted
    slope there, the tricks expected continuous at the knee and its inverse exact."""
    samples = [(reading, round(reading)) for reading in (6.0, 6.5, 7.0, 7.5)] * 10 + [(10.0, 8), (11.0, 9)] * 10
    curve = fit_line(samples)
    assert curve is not None and curve.knee == 7.5 and 0.3 <= curve.upper_slope < 0.9
    assert curve.expected(10.0) < 9.0 and curve.expected(7.5) == pytest.approx(curve.intercept + 7.5)
    for tricks in (6.0, 7.0, 8.0, 9.5):
        assert curve.expected(curve.least_reading(tricks)) == pytest.approx(tricks)
    rules = engine.load_variant("standard")
    shipped = HeuristicBot(rules).trick_curve("H")
    assert shipped is not None and shipped.upper_slope < 0.8 and shipped.expected(10.0) < 9.5


def test_a_cached_calibration_keeps_its_trick_curves() -> None:
    found = Calibration({"misere": 0.5}, {"misere": (1.0, -0.5)}, {"trumps": TrickCurve(0.5, 1.0, 1.5)})
    assert calibration._entry(calibration._to_data(found), "cache") == Calibration(found.limits, found.curves, found.tricks, "cache")


def test_the_trick_curve_is_measured_per_variant_from_its_own_play_outs() -> None:
    """Rules text 000 "Six-handed" and "Two-handed" against "Standard rules": the same reading is worth
    different tricks at different tables. Six players' declarers took fewer tricks than they read (five
    opponents' hands), and the shipped curves say so, as a fresh measurement does."""
    shipped = {name: calibration.known(engine.load_variant(name)) for name in ("standard", "six-handed", "two-handed-52")}
    for name, found in shipped.items():
        assert found is not None and set(found.tricks) == set(KINDS[:2]), name  # (none may go alone)
    standard, six, two = (shipped[name].tricks["trumps"] for name in ("standard", "six-handed", "two-handed-52"))  # type: ignore[union-attr]
    # (Compared by their offsets below the knee: the strongest readings regress at every table.)
    assert six.intercept < standard.intercept - 1.0 < two.intercept - 2.0
    rules = engine.load_variant("six-handed")
    bots = [HeuristicBot(rules, calibration.MEASURED_WITH) for _ in range(rules.seating.players)]
    fresh = measure_tricks(rules, bots, deals=120)["trumps"]
    assert fresh.intercept < standard.intercept - 0.5


def _levels_played(rules: engine.Rules, seeds: range) -> list[int]:
    """The level of each trick contract played in the first hand of ``seeds`` by default bots."""
    levels = [rules.ladder[played].level for played in _contracts_played(rules, seeds).values() if played is not None]
    return [level for level in levels if level is not None]


def test_rules_text_000_american_one_round_of_bidding_a_steeper_value_table_is_bid_higher() -> None:
    """Rules text 000, "One round of bidding" (`american`): each seat bids once, so the default bot bids the
    level worth the most. Where each level is worth 200 more than the one below, the same deals are played
    at higher levels than where it is worth 20 more."""
    flat = _with("american", "ladder: {values: {base: 100, per_level: 20, per_strain: 10}}")
    steep = _with("american", "ladder: {values: {base: 100, per_level: 200, per_strain: 10}}")
    seeds = range(150)
    at_flat, at_steep = _levels_played(flat, seeds), _levels_played(steep, seeds)
    assert statistics.mean(at_steep) > statistics.mean(at_flat) + 0.1


def test_rules_text_000_five_handed_contracts_played_alone_have_a_curve_of_their_own() -> None:
    """Rules text 000, "Five-handed 500": a declarer who may call a partner may go alone. Its own hand's
    reading (the kitty taken) is measured against the tricks it takes alone, on the same deals and bids as
    the partnerships: alone, the declaring side takes fewer tricks than with a partner on the same deal, and
    the shipped five-handed calibration keeps both kinds."""
    found = calibration.known(engine.load_variant("five-handed"))
    assert found is not None and set(found.tricks) == set(KINDS)
    rules = engine.load_variant("five-handed")
    bots = [HeuristicBot(rules, calibration.MEASURED_WITH) for _ in range(rules.seating.players)]
    fresh = measure_tricks(rules, bots, deals=120)
    reading = 7.0
    with_partner = fresh["trumps"].expected(reading + bots[0].profile.partner_tricks)
    assert fresh["trumps_alone"].expected(reading) < with_partner - 1.0


def _worth_bidding_reading_every_contract(
    valuation: Valuation,
    profile: Profile,
    view: SeatView,
    ordinary: list[Contract],
    readings: dict[str, float],
    curves: dict[str, TrickCurve | None],
) -> list[tuple[Contract, float]]:
    """:func:`worth_bidding` as first written, every contract's chance read (the oracle for the one that
    passes over a strain's contracts above one made too seldom)."""
    seat, scores = view.actor, view.scores
    held = valuation.held(view.bidding)
    passing = None
    if held is not None and valuation.team_of[held[0]] != valuation.team_of[seat]:
        passing = valuation.pass_worth(held, seat, scores, profile.pass_weight, profile.holder_make_share) + profile.value_margin
    elif held is None and profile.weighs_opening_pass:
        passing = profile.opening_pass_worth  # (before any bid, passing is weighed as the profile says)
    acceptable = []
    for contract in ordinary:
        reading, curve = readings[contract.style.strain], curves[contract.style.strain]
        chance = (
            (1.0 if (contract.level or 0) <= reading else 0.0) if curve is None else curve.made_chance(reading, contract.target.minimum)
        )
        if chance >= profile.trick_chance:
            worth = valuation.reading_worth(contract, seat, reading, scores, curve)
            if passing is None or worth > passing:
                acceptable.append((contract, worth))
    return acceptable


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 40),
    readings=st.lists(st.floats(0.0, 10.0), min_size=5, max_size=5),
    lines=st.lists(st.one_of(st.none(), st.tuples(st.floats(-2.0, 3.0), st.floats(0.3, 1.3), st.floats(0.4, 2.5))), min_size=5, max_size=5),
    least=st.floats(0.05, 0.95),
)
def test_rules_text_000_bidding_a_strain_s_contracts_above_one_made_too_seldom_are_not_read(
    seed: int, readings: list[float], lines: list[tuple[float, float, float] | None], least: float
) -> None:
    """Rules text 000, "Bidding": a bid of more tricks in a strain is made no more often than a bid of
    fewer, so the default bot passes over a strain's contracts above the first made less than its
    ``trick_chance`` without reading them; it bids what it bid when it read every one (one auction round,
    any readings and curves, any least chance): the same contracts at the same worth."""
    rules = engine.load_variant("standard")
    state = GameState.create(rules, seed=seed, history=False)
    view = seat_view(state, state.to_act)
    profile = Profile(trick_chance=least)
    valuation = Valuation(rules, tables_for(rules).team_of)
    strains = sorted({contract.style.strain for contract in rules.ladder if contract.level is not None})
    ordinary = [contract for contract in rules.ladder if contract.level is not None]
    by_strain = dict(zip(strains, readings))
    curves = {strain: None if line is None else TrickCurve(*line) for strain, line in zip(strains, lines)}
    expected = _worth_bidding_reading_every_contract(valuation, profile, view, ordinary, by_strain, curves)
    assert worth_bidding(valuation, profile, view, ordinary, by_strain, curves) == expected
