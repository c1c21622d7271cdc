"""Every rule the language states is played (issue 10): generated house rules over standard, drawing on
every auction, play, scoring, announcement and contract option the schema offers for four players,
either are refused with located problems or compile to rules the kernel plays in full
(``unsupported_rules`` is empty) and whose games run to the end with random and heuristic bots."""

from __future__ import annotations

import random

from fuzzing import AUCTION
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.bots import HeuristicBot, Profile, RandomBot
from engine.kernel.state import GameState

joker = st.fixed_dictionaries(
    {},
    optional={
        "only_when_void": st.booleans(),
        "lead_names_suit": st.booleans(),
        "may_name_void_suit": st.booleans(),
        "renege": st.sampled_from(["allowed", "forbidden"]),
        "first_or_last_only": st.booleans(),
    },
)
special = st.fixed_dictionaries(
    {"value": st.integers(100, 1000), "placement": st.sampled_from(["highest", "by_value", {"above": "8S"}])},
    optional={
        "partner": st.sampled_from(["plays", "sits_out", "passes_card"]),
        "kitty": st.sampled_from(["take", "none", "to_partner"]),
        "exposed": st.sampled_from(["none", "declarer", "partner", "declaring_side"]),
        "exposed_from": st.sampled_from(["after_first_trick", "after_first_lead", "start"]),
        "target": st.sampled_from(["none", "all", {"exactly": 5}, {"at_least": 8}]),
        "eligible": st.sampled_from(["any_time", {"auction_reached": 7}, {"before_looking": True}]),
    },
)
extra = st.fixed_dictionaries(
    {"kind": st.sampled_from(["call", "modifier"]), "bonus": st.integers(0, 200)},
    optional={
        "partner": st.sampled_from(["plays", "passes_card"]),
        "target": st.sampled_from(["bid", "all"]),
        "eligible": st.just({"levels": [7, 8]}),
    },
)
documents = st.fixed_dictionaries(
    {},
    optional={
        "auction": AUCTION,
        "play": st.fixed_dictionaries({"joker_in_no_trump": joker}),
        "scoring": st.fixed_dictionaries({}, optional={"lay_down_penalty": st.integers(0, 200)}),
        "breach": st.fixed_dictionaries(
            {"value": st.integers(0, 200)}, optional={"can_end_game": st.booleans(), "min_level": st.integers(6, 9)}
        ),
        "contracts": st.fixed_dictionaries({}, optional={"special_one": special, "extra_one": extra}),
        "end": st.fixed_dictionaries(
            {}, optional={"score_out_during_hand": st.booleans(), "simultaneous_tie": st.sampled_from(["play_on", "shared", "bidder_side"])}
        ),
    },
)


def as_yaml(data: object) -> str:
    import json

    return "extends: standard\n" + "".join(f"{key}: {json.dumps(value)}\n" for key, value in data.items())  # type: ignore[attr-defined]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents, st.integers(0, 2**16))
def test_every_stated_rule_is_played_or_refused_with_problems(document: dict[str, object], seed: int) -> None:
    try:
        rules = engine.compile_text(as_yaml(document))
    except engine.VariantError as error:
        assert error.problems and all(problem.path.startswith("$") for problem in error.problems)
        return
    assert engine.unsupported_rules(rules) == []
    players = rules.seating.players
    state = GameState.create(rules, seed=seed)
    # Uncalibrated: measuring each generated house rule's misère limits would be most of this test's time.
    bots = [RandomBot(seed), HeuristicBot(rules, Profile(calibrated=False), seed=seed)]
    state.run([bots[seat % 2].choose for seat in range(players)])  # checked moves: an illegal one raises
    assert state.to_act is None and state.winner is None or state.winner in range(len(rules.seating.teams))
    game = engine.Game(rules, seed=seed)
    chooser = random.Random(seed)
    while not game.is_over and game.hand_number < 3:
        game.apply(chooser.choice(game.legal_actions()))
    for number in range(len(game.results)):
        assert engine.replay(game.transcript(number), rules) == game.results[number]
