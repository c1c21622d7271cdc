"""Bidding by what a contract is worth (issue 44): the default bot weighs each candidate by its chance of
being made and what the variant's scoring pays, so changing only a value changes the bid."""

from __future__ import annotations

import json
import math
from collections.abc import Callable

import pytest

import engine
from engine.bots import calibration
from engine.bots.calibration import Calibration, calibrated_contracts, fit_curve, made_share
from engine.bots.heuristic import HeuristicBot
from engine.bots.profile import THRESHOLD, Profile
from engine.bots.registry import make_bot
from engine.bots.valuation import Valuation
from engine.kernel.phase import PASS_MOVE
from engine.kernel.state import GameState


def _with(base: str, text: str) -> engine.Rules:
    """A house file over ``base``, given the base's shipped calibration so that the tests need not measure
    each one: an uncalibrated bot bids by limits, and in a first hand from 0 to 0 its end-of-game steering,
    which reads values, is not reached (a stand-in for the file's own calibration, not a claim that it is
    always the same)."""
    rules = engine.compile_text(f"extends: {base}\nname: House\n{text}")
    shipped = calibration.known(engine.load_variant(base))
    assert shipped is not None
    calibration.remember(rules, None, shipped)
    return rules


def _first_hand(
    rules: engine.Rules, seed: int, profile: Profile = Profile(), watch: Callable[[GameState, int, int, int], None] | None = None
) -> GameState:
    """The state after seed ``seed``'s first hand, bots of ``profile`` at every seat; ``watch(state, seat,
    legal, move)`` is told each move before it is made."""
    bots = [HeuristicBot(rules, profile) for _ in range(rules.seating.players)]
    state = GameState.create(rules, seed=seed, history=False)
    state.pause_between_hands = True
    while (seat := state.to_act) is not None:
        legal = state.legal_mask()
        move = bots[seat].choose(state, seat, legal)
        if watch is not None:
            watch(state, seat, legal, move)
        state.apply_move(move)
    return state


def _contracts_played(rules: engine.Rules, seeds: range, profile: Profile = Profile()) -> dict[int, str | None]:
    """The contract each seed's first hand is played in, four bots of ``profile`` bidding."""
    found = {}
    for seed in seeds:
        state = _first_hand(rules, seed, profile)
        assert state.result is not None
        found[seed] = state.result.contract
    return found


def test_rules_text_000_misere_and_open_misere_open_misere_is_played_on_a_deal_only_where_it_is_worth_enough() -> None:
    """Rules text 000, "Misère and open misère": the same deals; only open misère's value differs (300 or
    700). The default bots play it on deals at 700 where they do not at 300, and on none the other way
    round; the threshold bots bid alike under both."""
    cheap, dear = _with("standard", "contracts: {open_misere: {value: 300}}"), _with("standard", "contracts: {open_misere: {value: 700}}")
    seeds = range(400)
    at_cheap, at_dear = _contracts_played(cheap, seeds), _contracts_played(dear, seeds)
    only_dear = [seed for seed in seeds if at_dear[seed] == "open_misere" and at_cheap[seed] != "open_misere"]
    assert only_dear, "no deal in 400 where open misère is played at 700 and not at 300"
    assert not [seed for seed in seeds if at_cheap[seed] == "open_misere" and at_dear[seed] != "open_misere"]
    assert _contracts_played(cheap, seeds, THRESHOLD) == _contracts_played(dear, seeds, THRESHOLD)


def test_rules_text_000_misere_and_open_misere_a_misere_worth_nothing_is_never_bid() -> None:
    """Rules text 000, "Misère and open misère", with misère bid any time: at 100 points a made misère
    scores no more than the defenders' ten tricks (Avondale: 10 a trick), so the default bot never bids
    it, where at 400 it does."""
    text = "contracts: {{misere: {{value: {value}, eligible: any_time, placement: {{above: 6NT}}}}}}"
    worthless, dear = _with("standard", text.format(value=100)), _with("standard", text.format(value=400))
    seeds = range(400)
    assert "misere" not in _contracts_played(worthless, seeds).values()
    assert "misere" in _contracts_played(dear, seeds).values()


def test_the_valuation_reads_the_variants_scoring() -> None:
    """Standard 500's misère (rules text 000, "Score keeping"): made, 250 less the defenders' ten tricks
    at 10 each; failed on the first trick, -250 less their nine. A share made weighs the two."""
    rules = engine.load_variant("standard")
    valuation = Valuation(rules, [0, 1, 0, 1])
    misere = rules.ladder["misere"]
    assert valuation.points(misere, 0, 0, (0, 0)) == 150.0
    assert valuation.points(misere, 0, 1, (0, 0)) == -340.0
    assert valuation.share_worth(misere, 0, 0.7, (0, 0)) == pytest.approx(0.7 * 150 - 0.3 * 340)
    chances = valuation.trick_chances(7.3)
    assert len(chances) == 11 and math.isclose(sum(chances), 1.0) and max(range(11), key=chances.__getitem__) == 7
    # A slam bonus counts by the chance of every trick: 7H at 7.3 expected is worth more than at 7 exactly.
    seven = rules.ladder["7H"]
    assert valuation.trick_worth(seven, 0, 9.5, (0, 0)) > valuation.trick_worth(seven, 0, 7.3, (0, 0)) > 0


def test_a_curve_is_fitted_to_the_play_outs_and_never_rises_with_danger() -> None:
    samples = [(0.1 * (index % 20), index % 20 < 12 or index % 3 == 0) for index in range(200)]
    curve = fit_curve(samples)
    assert curve is not None and curve[1] < 0
    assert made_share(curve, 0.0) > made_share(curve, 1.0) > made_share(curve, 2.0)
    assert fit_curve(samples[:10]) is None  # too few to say
    rising = [(0.1 * (index % 20), index % 20 >= 10) for index in range(200)]
    flat = fit_curve(rising)
    assert flat is not None and flat[1] == 0.0 and made_share(flat, 0.0) == pytest.approx(0.5, abs=0.01)


def test_the_threshold_bot_is_todays_default_by_name() -> None:
    rules = engine.load_variant("standard")
    bot = make_bot("threshold", rules, 1)
    assert isinstance(bot, HeuristicBot) and bot.profile == THRESHOLD and not bot.by_worth
    assert HeuristicBot(rules).by_worth


def test_a_house_rules_calibration_is_cached_on_disk_and_read_back(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """Measured once, written to the cache folder; a new process (nothing remembered) reads it from there,
    the same to the last digit (the same games either way: determinism), a damaged file is ignored, and
    ``off`` writes nothing."""
    from pathlib import Path

    folder = Path(str(tmp_path)) / "cache"
    monkeypatch.setenv(calibration.CACHE_VARIABLE, str(folder))
    rules = _with("rules-text-003-two", "contracts: {misere: {value: 170}}")
    contracts = calibrated_contracts(sorted(rules.ladder, key=lambda contract: -contract.value), rules.deal.hand_size)
    key = calibration._key(rules)
    calibration._measured.pop(key, None)
    measured = calibration.calibration_for(rules, contracts, lambda: HeuristicBot(rules, calibration.MEASURED_WITH))
    written = list(folder.glob("*.json"))
    assert len(written) == 1 and json.loads(written[0].read_text(encoding="utf-8"))["key"] == key
    calibration._measured.pop(key, None)
    again = calibration.calibration_for(rules, contracts, lambda: pytest.fail("measured twice"))  # type: ignore[arg-type,return-value]
    assert again.source == "cache" and again.limits == measured.limits and again.curves == measured.curves
    # The trick curves too, to the last digit: a run that measured them and a later one that read them
    # played a few hands of 200 games differently (the measured ones were not rounded as the cache's are).
    assert again.tricks == measured.tricks and measured.tricks
    written[0].write_text('{"key": "%s", "limits": {"misere": "x"}}' % key, encoding="utf-8")
    calibration._measured.pop(key, None)
    assert calibration.known(rules) is None  # damaged: measured again
    monkeypatch.setenv(calibration.CACHE_VARIABLE, "off")
    written[0].unlink()
    assert calibration.cache_folder() is None
    calibration._write_cache(key, Calibration({"misere": 0.5}))
    assert not list(folder.glob("*.json"))


def test_a_sweep_warns_where_a_value_changed_and_the_bots_did_not_respond() -> None:
    """The threshold bot bids open misère alike whatever it is worth: the sweep says so; the default bot
    responds, and the warning names only what did not move."""
    flat, moved = _unresponsive("standard", "contracts.open_misere.value=300,900", 600)
    assert any("open_misere" in warning and "did not respond" in warning for warning in flat)
    assert not any("open_misere" in warning for warning in moved)
    # A rules author's trial: rates of 0.0027 and 0.0067 a hand were called "about as often".
    assert not any("about as often" in warning for warning in flat + moved)
    assert all("exactly as often" in warning or "not measurably" in warning for warning in flat)


def test_a_comparison_warns_where_b_changes_a_value_and_the_bots_did_not_respond() -> None:
    """A user trial compared misère at 300 with standard's 250 and the bots bid it as often either way;
    ``sweep`` warned of it, ``compare`` did not. The threshold bot bids open misère alike whatever it is
    worth: ``compare`` says so for B's changed value, and not where nothing is worth another amount."""
    from engine.simulation.comparison import compare, compare_data

    house = engine.compile_text("extends: standard\nname: Dear\ncontracts:\n  open_misere:\n    value: 900\n")
    calibration.remember(house, None, calibration.known(engine.load_variant("standard")))
    flat = compare_data(compare("standard", house, hands=600, seed=3, bots=["threshold"] * 4))["warnings"]
    assert any(warning.startswith("B changes what open_misere is worth, but the bots used it") for warning in flat), flat
    same = compare_data(compare("standard", "standard", hands=60, seed=3, bots=["threshold"] * 4))["warnings"]
    assert not any("changes what" in warning for warning in same), same


def test_a_comparison_warns_where_b_changes_the_bids_worth_and_none_was_declared_otherwise() -> None:
    """An audit: 6S made worth 10 (rules text 000, "Scoring": Avondale's 40) moved no figure of the bids in
    200 hands and nothing said so, where a special contract's changed value is warned of. The bids whose worth
    B changes are warned of together where none was declared measurably more or less often (the threshold
    bot bids alike whatever a bid is worth), and not where no bid's worth changes."""
    from engine.simulation.comparison import compare, compare_data

    house = engine.compile_text("extends: standard\nname: Cheap spades\nladder:\n  add_points: {S: -30}\n")
    calibration.remember(house, None, calibration.known(engine.load_variant("standard")))
    flat = compare_data(compare("standard", house, hands=300, seed=3, bots=["threshold"] * 4))["warnings"]
    assert any(warning.startswith("B changes what 6S, 7S, 8S, 9S and 1 more are worth, but the bots declared none") for warning in flat), (
        flat
    )
    dear = engine.compile_text("extends: standard\nname: Dear\ncontracts:\n  open_misere:\n    value: 900\n")
    calibration.remember(dear, None, calibration.known(engine.load_variant("standard")))
    other = compare_data(compare("standard", dear, hands=60, seed=3, bots=["threshold"] * 4))["warnings"]
    assert not any("are worth" in warning or "6S" in warning for warning in other), other
    # A sweep of the points says the same of each setting.
    flat, _ = _unresponsive("standard", "ladder.add_points.S=0,-30", 300)
    assert any(
        warning.startswith("setting 1 changes what 6S, 7S, 8S, 9S and 1 more are worth, but the bots declared none") for warning in flat
    ), flat


def _unresponsive(variant: str, setting: str, hands: int) -> tuple[list[str], list[str]]:
    """A sweep's warnings that the bots did not respond, with ``threshold`` bots and with the default, over
    ``variant`` swept by ``setting`` (each setting given the variant's shipped calibration: what is swept
    changes nothing the calibration measures)."""
    from engine.simulation.sweep import parse_set, settings_of, sweep, sweep_data

    key = parse_set(setting)
    shipped = calibration.known(engine.load_variant(variant))
    assert shipped is not None
    for each in settings_of(variant, [key]):
        calibration.remember(each.rules, None, shipped)
    players = engine.load_variant(variant).seating.players
    flat = sweep_data(sweep(variant, [key], hands=hands, seed=3, bots=["threshold"] * players))
    return flat["unresponsive"], sweep_data(sweep(variant, [key], hands=hands, seed=3))["unresponsive"]


def test_rules_text_000_five_handed_a_sweep_of_the_partners_shares_says_whether_going_alone_responded() -> None:
    """Rules text 000, "Five-handed 500": a called partnership's shares are what going alone answers. A
    sweep that changes them warns where the bots went alone as often as before (the threshold bots go alone
    by a margin of tricks, whatever the shares), and not where they responded (the default)."""
    flat, moved = _unresponsive("five-handed", "players.called_partner.declarer_share=full,half", 300)
    assert any("alone" in warning and "did not respond" in warning for warning in flat)
    assert not any("alone" in warning for warning in moved)


def test_a_runs_calibration_is_made_once_in_its_main_process_and_named_in_the_report(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 44: a house rule's calibration is measured once, in the run's main process, and handed to its
    workers (two workers give the figures one does); the report says which calibration the bots used."""
    from engine.simulation.report import to_data, to_text

    monkeypatch.setenv(calibration.CACHE_VARIABLE, "off")
    rules = engine.compile_text("extends: standard\nname: Once\ncontracts: {misere: {value: 275}}\n")
    measured: list[str] = []
    real = calibration.measure_all

    def counting(*arguments: object, **keywords: object) -> Calibration:
        measured.append(rules.name)
        return real(*arguments, **keywords)  # type: ignore[arg-type]

    monkeypatch.setattr(calibration, "measure_all", counting)
    calibration._measured.pop(calibration._key(rules), None)
    one = engine.simulate(rules, hands=60, seed=2, workers=1)
    two = engine.simulate(rules, hands=60, seed=2, workers=2)
    assert measured == ["Once"]
    first, second = to_data(one), to_data(two)
    assert first["calibration"] == second["calibration"] == f"version {calibration.VERSION} of {rules.document_hash[:12]}"
    assert first["timing"]["calibration"]["source"] == "uncached"  # (the cache is off)
    assert {key: value for key, value in first.items() if key != "timing"} == {
        key: value for key, value in second.items() if key != "timing"
    }
    assert "Bots bid by play-outs under these rules: measured now, not cached (the calibration cache is off" in to_text(one)
    assert f"(version {calibration.VERSION} of {rules.document_hash[:12]})." in to_text(one)
    assert to_data(engine.simulate("five-handed", hands=5, seed=1))["timing"]["calibration"]["source"] == "shipped"
    assert to_data(engine.simulate("five-handed", hands=5, seed=1, bots=["random"] * 5))["timing"]["calibration"]["source"] == "none"


def test_a_deeply_nested_cache_file_is_ignored_not_a_crash(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """A damaged cache of any shape (here JSON nested past the parser's depth, under the size limit) is
    ignored and the calibration measured again."""
    from pathlib import Path

    folder = Path(str(tmp_path))
    monkeypatch.setenv(calibration.CACHE_VARIABLE, str(folder))
    key = "6:example"
    path = calibration._cache_file(key)
    assert path is not None
    path.write_text("[" * 200_000, encoding="utf-8")
    assert calibration._read_cache(key) is None


def test_the_command_line_moves_the_calibration_cache_or_switches_it_off(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--calibration-cache DIR`` keeps a house rule's calibration there; ``off`` keeps none; an empty
    value is a usage error (exit 2) naming the option."""
    from pathlib import Path

    from engine.cli import main

    folder = Path(str(tmp_path))
    house = folder / "house.yaml"
    house.write_text("extends: standard\nname: Cached\ncontracts: {misere: {value: 265}}\n", encoding="utf-8")
    rules = engine.load_variant(str(house))
    monkeypatch.setenv(calibration.CACHE_VARIABLE, "off")  # (restored after the test: the option sets it)
    calibration._measured.pop(calibration._key(rules), None)
    assert main(["simulate", str(house), "--hands", "3", "--calibration-cache", str(folder / "cache")]) == 0
    assert "Bots bid by play-outs under these rules: measured now and cached for later runs" in capsys.readouterr().out
    assert len(list((folder / "cache").glob("*.json"))) == 1
    calibration._measured.pop(calibration._key(rules), None)
    assert main(["simulate", str(house), "--hands", "3", "--calibration-cache", "off"]) == 0
    assert len(list((folder / "cache").glob("*.json"))) == 1
    # A user trial: a cache that cannot be written was reported as "cached for later runs".
    assert "measured now, not cached (the calibration cache is off or cannot be written" in capsys.readouterr().out
    blocked = folder / "a-file"
    blocked.write_text("", encoding="utf-8")
    calibration._measured.pop(calibration._key(rules), None)
    assert main(["simulate", str(house), "--hands", "3", "--calibration-cache", str(blocked / "cache")]) == 0
    assert "measured now, not cached (the calibration cache is off or cannot be written" in capsys.readouterr().out
    with pytest.raises(SystemExit) as stopped:
        main(["simulate", str(house), "--hands", "3", "--calibration-cache", ""])
    assert stopped.value.code == 2 and "--calibration-cache" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stopped:  # a file, not a folder: nothing could be cached there
        main(["simulate", str(house), "--hands", "3", "--calibration-cache", str(house)])
    assert stopped.value.code == 2 and "is not a folder" in capsys.readouterr().err


def test_rules_text_000_bidding_a_trick_contract_worth_nothing_is_never_bid() -> None:
    """Rules text 000, "Bidding" with a house table that makes every six worth nothing: the default bot
    never bids a six (it opens at seven or passes), where the threshold bot still does."""
    table = "{S: [0, 140, 240, 340, 440], C: [0, 160, 260, 360, 460], D: [0, 180, 280, 380, 480], H: [0, 200, 300, 400, 500], NT: [0, 220, 320, 420, 520]}"
    rules = _with("standard", f"ladder: {{values: {{table: {table}}}}}")
    sixes = {contract.id for contract in rules.ladder if contract.level == 6}
    assert all(rules.ladder[id_].value == 0 for id_ in sixes)
    assert not sixes & set(_contracts_played(rules, range(150)).values())
    assert sixes & set(_contracts_played(rules, range(150), THRESHOLD).values())


def test_rules_text_000_scoring_where_defenders_score_dear_tricks_a_losing_opening_is_passed() -> None:
    """Rules text 000, "Scoring" ("the opposing team receives 10 points for each trick they take"), with a
    house rule of 30 a trick: a six made with six or seven tricks then loses to the defenders' 120 or 90.
    The default bot weighs passing before any bid (``Profile.weighs_opening_pass``), so it opens no contract
    it values below passing; without it (an audit's finding) it opened the low contracts it valued at -50
    and passed out no more hands than under the shipped scoring."""
    from dataclasses import replace

    rules = _with("standard", "scoring: {defender_trick_points: 30}")
    seeds = range(120)
    weighed = _contracts_played(rules, seeds)
    unweighed = _contracts_played(rules, seeds, replace(Profile(), weighs_opening_pass=False))
    shipped = _contracts_played(engine.load_variant("standard"), seeds)
    passed = {
        name: sum(contract is None for contract in found.values())
        for name, found in (("weighed", weighed), ("unweighed", unweighed), ("shipped", shipped))
    }
    assert passed["weighed"] >= 15 and passed["unweighed"] <= passed["shipped"] + 3, passed
    sixes = {
        name: sum(contract is not None and contract[0] == "6" for contract in found.values())
        for name, found in (("weighed", weighed), ("unweighed", unweighed))
    }
    assert sixes["weighed"] < sixes["unweighed"], sixes


def test_a_dealer_who_must_bid_weighs_no_pass() -> None:
    """The language's ``auction.all_pass: dealer_must_bid`` (a house rule no rules text names: the dealer may
    not pass when every other seat has), with defenders at 30 a trick:
    a review found the forced dealer weighing the opening pass it may not make, finding nothing worth more
    and bidding the lowest bid, 6S, whatever its hand (65 of 167 forced dealers). It bids as the bot that
    weighs no opening pass."""
    from dataclasses import replace

    rules = _with("standard", "auction: {all_pass: dealer_must_bid}\nscoring: {defender_trick_points: 30}")
    forced = 0
    for seed in range(80):
        state = GameState.create(rules, seed=seed, history=False)
        bots = [HeuristicBot(rules, seed=seat) for seat in range(4)]
        for _ in range(3):
            seat = state.to_act
            assert seat is not None
            move = bots[seat].choose(state, seat, state.legal_mask())
            if move != PASS_MOVE:
                break
            state.apply_move(move)
        else:
            seat = state.to_act
            assert seat is not None and not state.legal_mask() & 1  # (bit 0, the pass, is not legal)
            forced += 1
            unweighed = HeuristicBot(rules, replace(Profile(), weighs_opening_pass=False), seed=seat)
            assert bots[seat].choose(state, seat, state.legal_mask()) == unweighed.choose(state, seat, state.legal_mask()), seed
    assert forced >= 10, forced


def test_a_sweeps_settings_are_calibrated_side_by_side_with_the_same_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each setting of a sweep of a value is a house rule with a calibration of its own: with two workers
    they are measured side by side in worker processes, and the figures are those of one worker."""
    from engine.simulation.sweep import parse_set, settings_of, sweep, sweep_data

    monkeypatch.setenv(calibration.CACHE_VARIABLE, "off")
    key = parse_set("contracts.misere.value=255,345")
    for setting in settings_of("standard", [key]):
        calibration._measured.pop(calibration._key(setting.rules), None)
    two = sweep("standard", [key], hands=30, seed=4, workers=2)
    assert [run.extra["calibration"]["source"] for run in two.results] == ["uncached", "uncached"]  # (the cache is off)
    one = sweep("standard", [key], hands=30, seed=4, workers=1)
    assert sweep_data(one)["figures"] == sweep_data(two)["figures"]


def test_rules_text_000_french_canadian_a_misere_over_an_opponents_misere_counts_less_chance() -> None:
    """Rules text 000, "Misère" (French Canadian: petite misère 500, grosse misère 1,000): an opponent who
    bid petite misère holds low cards and defends with them, so the default bids grosse misère over it
    only on a safer hand than over a trick bid; on some deal the bot without that correction bids it and
    the default does not, and never the other way round."""
    from dataclasses import replace

    rules = engine.load_variant("french-canadian")
    careful, plain = HeuristicBot(rules), HeuristicBot(rules, replace(Profile(), misere_over_misere=0.0))
    only_plain = 0
    for seed in range(200):
        game = engine.Game(rules, seed=seed, dealer=2)
        if "bid misere" not in [str(action) for action in game.legal_actions()]:
            continue
        game.apply("bid misere")  # seat 3, an opponent of seat 0
        observation, legal = game.observation(0), game.legal_actions()
        chosen = str(careful.act(observation, legal)), str(plain.act(observation, legal))
        assert not (chosen[0] == "bid open_misere" and chosen[1] != "bid open_misere")
        only_plain += chosen[1] == "bid open_misere" and chosen[0] != "bid open_misere"
    assert only_plain


def _breaches(rules: engine.Rules, seeds: range, profile: Profile = Profile()) -> set[int]:
    """The seeds whose first hand a defender called breach in, four bots of ``profile`` playing."""
    return {seed for seed in seeds if _first_hand(rules, seed, profile).hand.announced}


def test_rules_text_000_breach_rule_a_dearer_wager_is_called_on_hands_a_cheaper_one_is_not() -> None:
    """Rules text 000, "Breach rule": a defender's breach is weighed by its chance of breaking the contract
    (the profile's measured curve) times the wager, won or lost. The wager is even, so it pays from an even
    chance; the margin the bot wants beyond that is a share of a smaller wager: on the same deals, breach
    at 200 is called on every deal it is called at 50 and on more; the threshold bots call alike under
    both."""
    cheap, dear = _with("breach", "breach: {value: 50}"), _with("breach", "breach: {value: 200}")
    seeds = range(3000)  # (a breach is called in about one first hand in 300; on the first 1,500 alone, alike at both)
    at_cheap, at_dear = _breaches(cheap, seeds), _breaches(dear, seeds)
    assert at_cheap <= at_dear and at_dear - at_cheap, (sorted(at_cheap), sorted(at_dear))
    assert _breaches(cheap, seeds, THRESHOLD) == _breaches(dear, seeds, THRESHOLD)


def _alone_deals(rules: engine.Rules, seeds: range, profile: Profile = Profile()) -> set[int]:
    """The seeds whose first hand's declarer went alone rather than call a partner."""
    from engine.kernel.phase import PASS_MOVE, Phase

    found = set()
    for seed in seeds:

        def watch(state: GameState, seat: int, legal: int, move: int, seed: int = seed) -> None:
            if state.phase is Phase.PARTNER and move == PASS_MOVE:
                found.add(seed)

        _first_hand(rules, seed, profile, watch)
    return found


def test_rules_text_000_five_handed_going_alone_is_weighed_by_what_a_partner_costs() -> None:
    """Rules text 000, "Five-handed 500": the declarer names a card for a partner or goes alone. By worth,
    alone is read through the variant's measured curve of contracts played alone, a partnership through the
    usual one, and the partner's share counts among the other players' points: where a called partnership
    scores half each, the default goes alone on every deal it does where each scores in full, and on more;
    the threshold bots go alone by a margin of tricks, alike under both."""
    full = _with("five-handed", "")
    half = _with("five-handed", "players: {called_partner: {declarer_share: half, partner_share: half}}")
    seeds = range(400)
    at_full, at_half = _alone_deals(full, seeds), _alone_deals(half, seeds)
    assert at_full <= at_half and len(at_half) > len(at_full), (sorted(at_full), sorted(at_half))
    assert _alone_deals(full, seeds, THRESHOLD) == _alone_deals(half, seeds, THRESHOLD)


def _first_move(rules: engine.Rules, profile: Profile = Profile()) -> tuple[int, int]:
    """The first auction move of a game's first hand (seed 0) and the look move."""
    from engine.kernel.tables import tables_for

    state = GameState.create(rules, seed=0, history=False)
    seat = state.to_act
    assert seat is not None
    return HeuristicBot(rules, profile).choose(state, seat, state.legal_mask()), tables_for(rules).look_move


def test_rules_text_000_non_standard_bids_a_blind_misere_is_weighed_by_an_unseen_hands_chance(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rules text 000, "Non-standard bids": blind misère is bid before looking. The default weighs it by
    the chance a hand it has not seen makes it (the mean over fixed deals' hands of its calibrated chance),
    which under the shipped scoring is well under the least chance it bids on, so it looks first; were an
    unseen hand sure enough of it, the blind bid worth 1000 is bid and the same bid worth 10 is not. The
    threshold bot always looks first."""
    from engine.bots import blind

    rules = _with("blind-misere", "")
    bot = HeuristicBot(rules)
    contract = rules.ladder["blind_misere"]
    unseen = blind.unseen_chance(rules, contract, lambda hand: bot.made_chance(hand, contract), "test")
    assert unseen is not None and 0.0 < unseen < Profile().least_chance
    move, look = _first_move(rules)
    assert move == look
    monkeypatch.setattr(blind, "unseen_chance", lambda *arguments: 0.9)
    assert _first_move(rules)[0] == contract.rank
    assert _first_move(rules, THRESHOLD)[0] == look
    cheap = _with("blind-misere", "contracts: {blind_misere: {value: 10}}")
    assert _first_move(cheap)[0] == look


def _six_level_bids(rules: engine.Rules, seeds: range) -> tuple[int, int]:
    """Over the first hands of ``seeds``: the default's bids at the inkle level, and how many of them are
    not the suit its inkle convention shows (:func:`~engine.bots.conventions.inkle_bid`)."""
    from engine.bots.conventions import inkle_bid
    from engine.kernel.phase import Phase
    from engine.kernel.tables import cards_in, tables_for

    contracts = tables_for(rules).contracts
    counts = [0, 0]

    def watch(state: GameState, seat: int, legal: int, move: int) -> None:
        if state.phase is Phase.AUCTION and 0 <= move < len(contracts) and contracts[move].level == 6:
            offered = [contracts[rank] for rank in cards_in(legal >> 1 & ((1 << len(contracts)) - 1))]
            counts[0] += 1
            counts[1] += inkle_bid(tables_for(rules), state.hand.hands[seat], offered, 6) != move

    for seed in seeds:
        _first_hand(rules, seed, watch=watch)
    return counts[0], counts[1]


def test_rules_text_003_inkles_one_that_can_win_is_a_contract_bid_by_worth() -> None:
    """Rules text 003, "Inkles": an inkle that cannot win the auction only shows a suit, so the default
    bids it by its convention alone (it scores nothing); where a house rule lets an inkle win, it may be
    played, and the default weighs the inkle level's contracts by worth like any other, bidding some the
    convention would not."""
    signals = _with("american", "")
    playable = _with("american", "auction: {inkles: {level: 6, bidders: 2, can_win: true}}")
    seeds = range(150)
    shown, unshown = _six_level_bids(signals, seeds)
    assert shown and not unshown
    bids, by_worth = _six_level_bids(playable, seeds)
    assert bids and by_worth


def test_rules_text_000_six_handed_passing_under_an_opponents_bid_costs_a_third_team_only_its_share() -> None:
    """Rules text 000, "Six-handed 500" ("Cut Throat Six-Handed", three teams of two): what passing under
    an opponent's bid is worth is what the passer's own team expects to score on it less the mean of the
    other teams' (the measure every bid is weighed by), not the declarers' gain negated: the third team
    loses as much. The teams' figures sum to nothing; with two teams it is the declarers' figure negated."""
    three = engine.load_variant("six-handed-three-teams")
    team_of = [seat % 3 for seat in range(6)]
    valuation = Valuation(three, team_of)
    scores = (40, -60, 120)
    for bid in ("7H", "6NT", "open_misere"):
        held = (1, three.ladder[bid])
        declarers = valuation.share_worth(held[1], 1, 0.8, scores)
        passing = [valuation.pass_worth(held, seat, scores, 1.0, 0.8) for seat in (0, 2)]
        assert declarers + sum(passing) == pytest.approx(0.0)
        assert all(abs(each) < abs(declarers) for each in passing), (bid, declarers, passing)
        assert valuation.pass_worth(held, 4, scores, 0.5, 0.8) == pytest.approx(0.5 * declarers)  # a partner's bid
    two = engine.load_variant("six-handed")
    valuation = Valuation(two, [seat % 2 for seat in range(6)])
    held = (1, two.ladder["7H"])
    assert valuation.pass_worth(held, 0, (40, -60), 1.0, 0.8) == -valuation.share_worth(held[1], 1, 0.8, (40, -60))


@pytest.mark.parametrize("variant", ["standard", "walker", "australian"])
def test_what_the_bots_remember_of_a_variant_is_shared_and_changes_no_decision(variant: str) -> None:
    """The bots keep a contract's points, a side's plan for the game and each outcome's end per variant
    for the whole process (:mod:`engine.bots.memos`; rules text 000, "Walker Ultimate 500", steers by
    them most; "Other scoring variations", the defenders' points capped at 490, keys them on the scores
    near the cap): games played with the memos warm from other games go move for move as with nothing
    remembered at any decision."""
    from engine.bots import memos

    rules = engine.load_variant(variant)
    team_of = tuple(rules.seating.team_of(seat) for seat in range(rules.seating.seats))

    def game(seed: int, forget: bool) -> tuple[tuple[int, ...], int, int | None, int]:
        bots = [HeuristicBot(rules) for _ in range(rules.seating.players)]

        def chooser(bot: HeuristicBot) -> Callable[[GameState, int, int], int]:
            def choose(state: GameState, seat: int, legal: int) -> int:
                if forget:  # (each memo emptied: a bot holds its valuation's memos from when it was made)
                    for each in memos._MEMOS.values():
                        for memo in (each.points, each.rows, each.chances, each.plans, each.ends):
                            memo.clear()
                return bot.choose(state, seat, legal)

            return choose

        state = GameState.create(rules, seed=seed, history=False)
        moves = state.run([chooser(bot) for bot in bots], trusted=True)
        return state.scores, state.hand_number, state.winner, moves

    seeds = range(30 if variant == "australian" else 5)  # (near the cap, where the key reads the scores, is a few hands of some games)
    unremembered = [game(seed, True) for seed in seeds]
    remembered = memos.memos_of(rules, team_of)
    assert [game(seed, False) for seed in seeds] == unremembered
    assert remembered.points and remembered.ends and remembered.plans, "whole games weigh bids and, near their end, outcomes"
    assert Valuation(rules, team_of)._points is remembered.points
    assert memos.memos_of(engine.load_variant("australian"), team_of) is not remembered
