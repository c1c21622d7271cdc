"""Misère limits calibrated per variant by play-outs (issue 35): the heuristic bot bids a misère played
alone only at a danger the variant's own play-outs show it survives."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

import engine
from engine.bots import calibration
from engine.bots.calibration import HOPELESS_SHARE, MIN_BIDS, calibrated_contracts, choose_limit, measure, measure_all, misere_limits
from engine.bots.heuristic import HeuristicBot, Profile
from engine.bots.profile import CLASSIC
from engine.kernel.phase import Phase
from engine.kernel.seat_view import SeatView
from engine.kernel.state import GameState
from engine.rules.contracts import Contract

UNCALIBRATED = Profile(calibrated=False)


def _contracts(rules: engine.Rules) -> list[engine.Contract]:
    return calibrated_contracts(sorted(rules.ladder, key=lambda contract: -contract.value), rules.deal.hand_size)


def test_the_profile_limit_is_raised_kept_or_lowered_by_what_the_play_outs_made() -> None:
    made = [(0.01 * index, True) for index in range(20)]
    lost = [(1.0 + 0.01 * index, False) for index in range(20)]
    # Raised: 20 of 26 bids up to 1.05 made (77% ≥ 75%).
    assert choose_limit(made + lost, 0.6) == pytest.approx(1.05)
    # Kept: at the fixed limit, 60% were made.
    kept = [(0.1, True)] * 12 + [(0.2, False)] * 8 + [(0.3, True)] * 12 + [(0.4, False)] * 8
    assert choose_limit(kept, 0.6) == 0.6
    # Lowered: under half were made at the fixed limit, so the highest danger reaching the share.
    assert choose_limit(made + [(0.3, False)] * 30, 0.6) == pytest.approx(0.19)
    assert choose_limit(lost, 1.5) == -1.0  # never
    # None at or below the fixed limit: kept, unless the safest hands enough to judge were mostly lost.
    assert choose_limit(lost, 0.5) == -1.0
    assert choose_limit([(1.0 + 0.01 * index, index % 3 != 0) for index in range(MIN_BIDS)], 0.5) == 0.5
    assert choose_limit([(1.0 + 0.01 * index, index % 4 == 0) for index in range(MIN_BIDS)], 0.5) == -1.0
    assert HOPELESS_SHARE == 0.5
    assert choose_limit(made[: MIN_BIDS - 1], 0.6) is None  # too few to say: the profile's limit stays
    # A lucky start does not count: the first MIN_BIDS must be made often enough together.
    assert choose_limit([(0.1, True)] * 5 + [(0.2, False)] * 15 + [(0.3, True)] * 5, 0.25) == -1.0
    # Ties: a danger counts with every sample at it or none.
    assert choose_limit([(0.5, True)] * 20 + [(0.7, False)] * 6 + [(0.7, True)] * 4, 0.1) == 0.7
    assert choose_limit([(0.5, True)] * 20 + [(0.7, False)] * 12 + [(0.7, True)] * 2, 0.1) == 0.5
    # Lowered to where LOWER_SHARE is reached: 60% up to 0.25, 50% at the fixed 0.6 (of 96).
    lowered = [(0.1, True)] * 48 + [(0.25, False)] * 32 + [(0.5, False)] * 16
    assert choose_limit(lowered, 0.6) == 0.25
    # ... but 50% of 24 is not evidence enough against the profile's limit: kept.
    assert choose_limit([(0.1, True)] * 12 + [(0.25, False)] * 8 + [(0.5, False)] * 4, 0.6) == 0.6


def test_a_limit_is_raised_only_on_evidence() -> None:
    """A lucky start above the profile's limit (16 of 21 made, 76%) raises nothing: the share must reach
    KEEP_SHARE with CONFIDENCE (`original`'s misère was raised on such a start and made 45% in play)."""
    lucky = [(1.0 + 0.01 * index, index not in {3, 7, 11, 15, 19}) for index in range(21)]
    assert sum(made for _, made in lucky) == 16
    assert choose_limit(lucky, 0.6) == 0.6
    assert choose_limit(lucky * 2, 0.6) == pytest.approx(1.2)  # 32 of 42: evidence enough


@pytest.mark.parametrize("variant", ["standard", "rules-text-003-two"])
def test_the_shipped_calibration_is_what_the_play_outs_give_now(variant: str) -> None:
    """(If this fails after a change to the bots' misère or trick play: raise calibration.VERSION and run
    bench/calibrate.py.)"""
    rules = engine.load_variant(variant)
    shipped = json.loads(calibration.SHIPPED.read_text(encoding="utf-8"))
    fresh = measure_all(rules, _contracts(rules), lambda: HeuristicBot(rules, UNCALIBRATED))
    curves = {id_: list(curve) for id_, curve in fresh.curves.items()}
    tricks = {kind: curve.to_data() for kind, curve in fresh.tricks.items()}
    expected = {"variant": variant, "limits": fresh.limits, "curves": curves, "tricks": tricks}
    assert shipped[f"{calibration.VERSION}:{rules.document_hash}"] == expected


def test_every_shipped_variant_with_a_misere_played_alone_is_calibrated() -> None:
    shipped = json.loads(calibration.SHIPPED.read_text(encoding="utf-8"))
    for name in engine.language.shipped_variant_names():
        rules = engine.load_variant(name)
        if _contracts(rules):
            assert f"{calibration.VERSION}:{rules.document_hash}" in shipped, name


def test_rules_text_003_scoring_misere_two_players_only_with_a_hand_that_survives_the_defender() -> None:
    """Rules text 003, "Scoring" (misère: the declarer may not take a single trick) with two players: the
    lone defender holds every card the declarer lacks, and the play-outs show the fixed limit's hands
    made a third of the time. A hand the fixed limit would bid is passed under the calibrated one."""
    rules = engine.load_variant("rules-text-003-two")
    calibrated, fixed = HeuristicBot(rules), HeuristicBot(rules, UNCALIBRATED)
    misere = next(contract for contract in rules.ladder if contract.id == "misere")
    limit = misere_limits(rules, _contracts(rules), lambda: fixed)["misere"]
    assert limit < Profile().misere_limit
    for seed in range(400):
        state = GameState.create(rules, seed=seed, history=False)
        seat = state.to_act
        assert seat is not None
        danger = fixed.misere_measure(state.hand.hands[seat], misere)[0]
        fixed_move = fixed.choose(state, seat, state.legal_mask())
        if limit < danger <= Profile().misere_limit and fixed_move == misere.rank:
            assert calibrated.choose(state, seat, state.legal_mask()) != misere.rank
            return
    pytest.fail("no deal in 400 had a hand between the two limits that the fixed limit bids misère on")


def test_a_lower_misere_is_measured_on_the_hands_a_higher_one_leaves(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rules text 000, "Misère and open misère" (open misère, worth 500, outranks misère): the bot tries
    the contracts highest first, so the hands safe enough for the open misère bid it, and the misère is
    bid only on the more dangerous hands left. Its limit is measured on those (measured on every hand,
    `original`'s misère, which an open misère at 0.95 left only hands above it, was raised to 1.3 and
    made 44% of the time in play); and each contract gets play-outs at and below the profile's limit as
    well as above it."""
    rules = engine.load_variant("standard")
    contracts = _contracts(rules)
    assert [contract.id for contract in contracts] == ["open_misere", "misere"]
    seen: list[tuple[list[tuple[float, bool]], float]] = []
    real = calibration.choose_limit

    def spy(samples: list[tuple[float, bool]], fixed: float) -> float | None:
        seen.append((samples, fixed))
        return real(samples, fixed)

    monkeypatch.setattr(calibration, "choose_limit", spy)
    limits = measure(rules, contracts, lambda: HeuristicBot(rules, UNCALIBRATED), deals=1500)
    (open_samples, open_fixed), (misere_samples, misere_fixed) = seen
    assert min(danger for danger, _ in misere_samples) > limits["open_misere"]
    assert sum(1 for danger, _ in misere_samples if danger <= misere_fixed) >= MIN_BIDS
    assert sum(1 for danger, _ in open_samples if danger <= open_fixed) >= MIN_BIDS
    assert sum(1 for danger, _ in open_samples if danger > open_fixed) >= MIN_BIDS


def test_a_house_rule_is_measured_on_first_use_and_remembered() -> None:
    rules = engine.compile_text("extends: standard\nname: House\ncontracts:\n  misere:\n    value: 300\n")
    key = f"{calibration.VERSION}:{rules.document_hash}"
    calibration._measured.pop(key, None)
    first = misere_limits(rules, _contracts(rules), lambda: HeuristicBot(rules, UNCALIBRATED))
    assert calibration._measured[key].limits is first
    assert misere_limits(rules, _contracts(rules), lambda: pytest.fail("measured twice")) is first  # type: ignore[arg-type,return-value]


def test_the_classic_bot_keeps_its_fixed_limits() -> None:
    rules = engine.load_variant("rules-text-003-two")
    bot = HeuristicBot(rules, CLASSIC)
    for seed in range(30):
        state = GameState.create(rules, seed=seed, history=False)
        seat = state.to_act
        assert seat is not None
        bot.choose(state, seat, state.legal_mask())
    assert bot._calibration is None and bot.calibrated_limit(rules.ladder["misere"]) is None
    assert HeuristicBot(rules).calibrated_limit(rules.ladder["misere"]) == -1.0  # never, in two-handed


def test_a_misere_hint_names_the_danger_weighed_and_the_calibrated_limit() -> None:
    """The hint for a misère bid says what the bot weighed: the hand's danger, within the limit the
    variant's play-outs set (issue 35, hints true of the position)."""
    import re

    from engine.bots.hints import hint
    from engine.bots.profile import THRESHOLD

    rules = engine.load_variant("standard")
    bot = HeuristicBot(rules, THRESHOLD)
    for seed in range(400):
        game = engine.Game(rules, seed=seed)
        while game.phase is engine.Phase.AUCTION:
            seat = game.to_act
            assert seat is not None
            observation = game.observation(seat)
            action, why = hint(bot, observation, game.legal_actions())
            if isinstance(action, engine.Bid) and action.contract in ("misere", "open_misere"):
                found = re.search(r"force about ([\d.]+) tricks on this hand, within the ([\d.]+) at which play-outs", why)
                assert found, why
                contract = rules.ladder[action.contract]
                danger = bot.misere_measure(sum(1 << card.index for card in observation.hand), contract)[0]
                assert float(found.group(1)) == pytest.approx(danger, abs=0.05) and danger <= float(found.group(2)) + 0.005
                return
            game.apply(action)
    pytest.fail("no misère was bid in 400 standard deals")


@pytest.mark.parametrize("text", ["{not json", '{"1:x": {"limits": 5}}', "[]", ""], ids=["broken", "wrong shape", "a list", "empty"])
def test_an_unreadable_calibration_file_means_measuring(tmp_path: object, monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    """A damaged calibrations.json is not trusted: every variant is measured instead, with the same result."""
    from pathlib import Path

    broken = Path(str(tmp_path)) / "calibrations.json"
    broken.write_text(text, encoding="utf-8")
    rules = engine.load_variant("rules-text-003-two")
    shipped = misere_limits(rules, _contracts(rules), lambda: HeuristicBot(rules, UNCALIBRATED))
    monkeypatch.setattr(calibration, "SHIPPED", broken)
    calibration._shipped.cache_clear()
    calibration._measured.pop(f"{calibration.VERSION}:{rules.document_hash}", None)
    try:
        assert misere_limits(rules, _contracts(rules), lambda: HeuristicBot(rules, UNCALIBRATED)) == shipped
    finally:
        calibration._shipped.cache_clear()


def test_a_profile_of_its_own_has_a_calibration_of_its_own() -> None:
    """The limits depend on how the bots bid (the auction before a misère), so a bot with another profile
    is not given the default's shipped calibration: it measures its own, once."""
    from dataclasses import replace

    rules = engine.load_variant("rules-text-003-two")
    cautious = replace(UNCALIBRATED, aggression=-1.0)
    default_key, own_key = calibration._key(rules, calibration.MEASURED_WITH), calibration._key(rules, cautious)
    assert default_key == calibration._key(rules) and own_key != default_key
    calibration._measured.pop(own_key, None)
    bot = HeuristicBot(rules, replace(cautious, calibrated=True))
    state = GameState.create(rules, seed=1, history=False)
    seat = state.to_act
    assert seat is not None
    bot.misere_within_limit(SeatView(seat, Phase.AUCTION, acting_seat=seat), state.hand.hands[seat], rules.ladder["misere"])
    assert own_key in calibration._measured and bot._calibration is calibration._measured[own_key]


def test_a_calibration_measured_in_two_processes_is_the_one_measured_in_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 44, item 3: a contract that takes no hands from those below it (blind misère, bid before
    looking; double misère, both partners playing) and the trick curves are measured in a forked helper
    beside the rest; the result is the one a single process measures, and where the helper fails the
    main process measures what it was handed."""
    from engine.bots import playouts

    rules = engine.load_variant("blind-misere")
    contracts = _contracts(rules)
    assert any(contract.eligibility.before_looking for contract in contracts)

    def make() -> HeuristicBot:
        return HeuristicBot(rules, UNCALIBRATED)

    alone = measure_all(rules, contracts, make, deals=400, parallel=False)
    assert alone.limits and alone.tricks
    assert measure_all(rules, contracts, make, deals=400, parallel=True) == alone
    monkeypatch.setattr(playouts.Helper, "answers", lambda self: {})
    assert measure_all(rules, contracts, make, deals=400, parallel=True) == alone


def test_a_calibration_whose_guessed_limits_prove_wrong_is_measured_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 44, item 3: with two processes each contract is measured on the limits the contracts above it
    would keep at the profile's; where the play-outs move a limit, the contracts below it are measured
    again on the limits chosen, so the result is still the one a single process measures."""
    from engine.bots import playouts

    rules = engine.load_variant("perfect")
    contracts = _contracts(rules)

    def make() -> HeuristicBot:
        return HeuristicBot(rules, UNCALIBRATED)

    alone = measure_all(rules, contracts, make, deals=300, parallel=False)
    takers = [contract for contract in contracts if calibration._may_take(contract)]
    assert len(takers) >= 2 and alone.limits[takers[0].id] != 0.05  # so the guesses below it are wrong
    real_guessed = calibration._guessed

    def wrong(contracts: Sequence[Contract], scan: playouts.Scan) -> list[tuple[Contract, list[tuple[Contract, float]]]]:
        return [(contract, [(above, 0.05) for above, _ in taken]) for contract, taken in real_guessed(contracts, scan)]

    monkeypatch.setattr(calibration, "_guessed", wrong)
    assert measure_all(rules, contracts, make, deals=300, parallel=True) == alone


def test_003_an_all_passed_hand_played_in_no_trumps_measures_nothing_in_a_calibration() -> None:
    """Rules text 003, "Bidding": "In the event all players pass ... the hand is played as a No Trump."
    A calibration's play-out whose auction ends that way (the measured misère could not open the bidding
    and everyone passed) is not the contract measured: the house rule calibrates and plays, where it failed
    on the all-passed hand's missing declarer."""
    rules = engine.compile_text("extends: standard\nname: House\nauction:\n  all_pass: play_no_trump\n")
    found = measure(rules, _contracts(rules), lambda: HeuristicBot(rules, UNCALIBRATED), deals=40)
    assert found and set(found) <= {contract.id for contract in _contracts(rules)}
    result = engine.play_game(rules, ["heuristic"] * 4, seed=3)
    assert result.winner is not None


@pytest.mark.parametrize(("workers", "second"), [(1, False), (2, None)])
def test_a_run_asked_for_one_process_measures_a_calibration_in_one_process(
    monkeypatch: pytest.MonkeyPatch, workers: int, second: bool | None
) -> None:
    """``--workers 1`` means one process: a house rule's calibration measured for such a run (``simulate``,
    and a group's: ``compare``, ``sweep``) does not fork its second measuring process, where a run with
    more workers may; the process's setting is restored afterwards."""
    from engine.bots import playouts
    from engine.simulation import runner

    seen: list[bool | None] = []

    def spy(settings: object, rules: object) -> dict[str, object]:
        seen.append(playouts._second_process[0])
        return {"source": "none", "seconds": 0.0}

    monkeypatch.setattr(runner, "calibrate", spy)
    monkeypatch.setattr(runner, "_needs_measuring", lambda settings, rules: False)
    monkeypatch.setattr(runner, "available_cores", lambda: 2)
    rules = engine.load_variant("standard")
    engine.simulate(rules, hands=1, workers=workers)
    runner._calibrate_group([runner.SimulationSettings(rules, hands=1)], [rules], workers)
    assert seen == [second, second] and playouts._second_process[0] is None
    playouts.allow_second_process(False)
    try:
        assert not playouts.may_fork(None)  # what a one-process run's calibration asks
    finally:
        playouts.allow_second_process(None)


def test_a_contract_bid_only_later_in_the_auction_leaves_its_hands_to_one_bid_any_time() -> None:
    """A rules author's trial: with misère worth 500, as much as open misère (so measured first), open
    misère was never bid again (0.00% of hands against 1.57%): every hand safe for it was left to misère,
    which may be bid only once the auction reaches 7 (rules text 000, "Misère and open misère"), while open
    misère may be bid at any time. A contract is measured on the hands left by the contracts before it
    that may be bid whenever it may; open misère keeps a limit."""
    rules = engine.compile_text("extends: standard\ncontracts:\n  misere: {value: 500}\n")
    contracts = _contracts(rules)
    assert [contract.id for contract in contracts] == ["misere", "open_misere"]
    limits = misere_limits(rules, contracts, lambda: HeuristicBot(rules, UNCALIBRATED))
    assert limits["open_misere"] >= 0, limits
    standard = engine.load_variant("standard")
    assert misere_limits(standard, _contracts(standard), lambda: HeuristicBot(standard, UNCALIBRATED))["open_misere"] >= 0
