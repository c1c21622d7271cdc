"""The double-dummy solver (issue 14): exact against plain minimax on random endings of every shipped
variant, both objectives (the most tricks; the fewest, for the misère family), mid-trick positions
included, and it leaves the position it searched as it was.

The rules it searches are the kernel's own: following suit and the trick's winner (rules/standard,
"The play"), the joker in no trump (rules text 000, "Joker in no trump"), dummies turned up
(rules text 000, "Two-handed 500").
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from compiled_build import compiled_modules
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

import engine
from engine.analysis import Solver, minimax
from engine.analysis.double_dummy import _owners, _suit_code, legal_moves, turn_up
from engine.bots import RandomBot
from engine.kernel.phase import Phase
from engine.kernel.play import TrickPlay
from engine.kernel.state import GameState
from engine.kernel.tables import tables_for
from engine.language.resources import shipped_variant_names


def ending(rules: engine.Rules, seed: int, tricks_left: int) -> GameState | None:
    """A random game's state once at most ``tricks_left`` tricks remain, then a few more random cards
    (so some positions are mid-trick); ``None`` if the game ended first."""
    state = GameState.create(rules, seed=seed)
    bot = RandomBot(seed)
    extra = random.Random(seed).randrange(len(rules.seating.teams) + 1)
    for _ in range(20_000):
        if state.phase is Phase.GAME_OVER:
            return None
        play = state.hand.play
        if state.phase is Phase.PLAY and play is not None and not play.claimed and play.total - play.number <= tricks_left:
            if extra == 0 or play.over:
                return state if not play.over else None
            extra -= 1
        seat = state.to_act
        assert seat is not None
        state.apply_move(bot.choose(state, seat, state.legal_mask()))
    return None


def fresh(play: TrickPlay) -> TrickPlay:
    copy = play.copy()
    copy.hands = list(play.hands)
    return copy


def declaring_side(state: GameState) -> set[int]:
    play = state.hand.play
    assert play is not None
    seating = state.rules.seating
    declarer = state.hand.declarer if state.hand.declarer is not None else play.active[0]
    return {seat for seat in play.active if seating.team_of(seat) == seating.team_of(declarer)}


def snapshot(play: TrickPlay) -> tuple[object, ...]:
    return (list(play.hands), list(play.trick), play.number, list(play.tricks), [set(each) for each in play.voids], play.played)


def value_after(play: TrickPlay, move: tuple[int, str | None], declaring: set[int], minimize: bool, covers: dict[int, int]) -> int:
    """Plain minimax's value of ``move``: what its trick gives the declaring side and the rest."""
    after = fresh(play)
    winner = after.play(*move)
    if winner >= 0 and covers:
        turn_up(after, covers)
    gained = 1 if winner >= 0 and winner in declaring else 0
    return gained + minimax(after, declaring, minimize=minimize, covers=covers)


def check_endings(variant: str, seeds: range, tricks: int) -> int:
    """Solve each ending both ways and compare with plain minimax, the position's value and each legal
    move's (equivalent cards share a search), also capped at 0, 1 and 2 tricks; the solver must leave the
    position as it found it. Returns how many endings were checked."""
    rules = engine.load_variant(variant)
    checked = 0
    for seed in seeds:
        state = ending(rules, seed, tricks)
        if state is None or state.hand.play is None:
            continue
        play, declaring, covers = state.hand.play, declaring_side(state), dict(state.hand.arrangement.covers)
        for minimize in (False, True):
            expected = minimax(fresh(play), declaring, minimize=minimize, covers=covers)
            position = fresh(play)
            before = snapshot(position)
            assert Solver(position, declaring, minimize=minimize, covers=covers).tricks() == expected, (variant, seed, minimize)
            assert snapshot(position) == before
            values = Solver(position, declaring, minimize=minimize, covers=covers).move_values()
            assert snapshot(position) == before
            assert set(values) == set(legal_moves(position))
            for move, value in values.items():
                assert value == value_after(play, move, declaring, minimize, covers), (variant, seed, minimize, move)
            # Capped (whether a misère's declarer can be forced to take a trick is the cap of 1): the
            # smaller of the count and the cap, the position left as found.
            for cap in (0, 1, 2):
                assert Solver(position, declaring, minimize=minimize, covers=covers).tricks(at_most=cap) == min(expected, cap), (
                    variant,
                    seed,
                    minimize,
                    cap,
                )
                capped = Solver(position, declaring, minimize=minimize, covers=covers).move_values(cap)
                assert snapshot(position) == before
                assert capped == {move: min(value, cap) for move, value in values.items()}, (variant, seed, minimize, cap)
            checked += 1
    return checked


@pytest.mark.parametrize("variant", shipped_variant_names())
def test_the_solver_agrees_with_plain_minimax_on_random_endings(variant: str) -> None:
    seats = engine.load_variant(variant).seating.seats
    assert check_endings(variant, range(4), 3 if seats <= 4 else 2) >= 2


@pytest.mark.parametrize("variant", ["standard", "three-handed", "two-handed", "joker-restrictions"])
def test_the_solver_agrees_with_plain_minimax_on_four_trick_endings(variant: str) -> None:
    check_endings(variant, range(100, 102), 4)


def test_null_window_answers_agree_with_the_count() -> None:
    rules = engine.load_variant("australian")
    state = ending(rules, 7, 5)
    assert state is not None and state.hand.play is not None
    declaring = declaring_side(state)
    count = Solver(fresh(state.hand.play), declaring).tricks()
    for wanted in range(0, 6):
        assert Solver(fresh(state.hand.play), declaring).makes_at_least(wanted) == (count >= wanted)


@pytest.mark.skipif(
    os.environ.get("FIVEHUNDRED_COMPILED") != "1", reason="runs against the compiled build only (CI sets FIVEHUNDRED_COMPILED=1)"
)
def test_the_compiled_build_is_the_one_under_test() -> None:
    """CI runs the test suite a second time against the mypyc build: make sure that every module the
    build hook lists (``pyproject.toml``) is imported compiled, not from the source tree."""
    import importlib

    paths = compiled_modules()
    assert len(paths) >= 10
    for path in paths:
        module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
        assert module.__file__ is not None and module.__file__.endswith((".so", ".pyd")), module.__file__


@pytest.mark.parametrize("variant", ["standard", "45-card", "three-handed", "five-handed", "two-handed-52", "double-nullo", "american"])
def test_winning_ranks_agree_with_exact_keys_on_longer_endings(variant: str) -> None:
    """Rules text 000, "Play of the hand" (the trick's winner): the transposition table answers for
    positions that differ only in cards below the ranks that won tricks (DDS's winning ranks). On
    endings too long for plain minimax, its count and every move's value agree with the same search keyed
    on the exact position, both objectives, also capped."""
    rules = engine.load_variant(variant)
    tricks = 6 if rules.seating.seats <= 4 else 4
    checked = 0
    for seed in range(200, 206):
        state = ending(rules, seed, tricks)
        if state is None or state.hand.play is None:
            continue
        play, declaring = state.hand.play, declaring_side(state)
        for minimize in (False, True):
            exact = Solver(fresh(play), declaring, minimize=minimize, winning_ranks=False)
            ranked = Solver(fresh(play), declaring, minimize=minimize)
            assert ranked.tricks() == exact.tricks(), (variant, seed, minimize)
            assert ranked.move_values() == exact.move_values(), (variant, seed, minimize)
            for cap in (1, 2):
                capped = Solver(fresh(play), declaring, minimize=minimize)
                assert capped.move_values(cap) == Solver(fresh(play), declaring, minimize=minimize, winning_ranks=False).move_values(cap)
            checked += 1
    assert checked >= 6


SURE_VARIANTS = ["standard", "45-card", "46-card", "three-handed", "five-handed", "american", "two-handed-52", "double-nullo"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(SURE_VARIANTS), seed=st.integers(0, 10_000), minimize=st.booleans())
@example(variant="american", seed=284, minimize=True)  # the top two trumps split: one trick where fewest are wanted
def test_sure_tricks_bound_the_value_at_a_tricks_start(variant: str, seed: int, minimize: bool) -> None:
    """Rules/standard, "The play" (the highest trump wins the trick): at a trick's start, the sure tricks
    the solver counts (the top trumps' run in one hand; the leader's cashable winners, where each side
    wants tricks) are a lower and an upper bound on the declaring side's tricks under best play."""
    rules = engine.load_variant(variant)
    state = ending(rules, seed, 3 if rules.seating.seats <= 4 else 2)
    assume(state is not None and state.hand.play is not None and not state.hand.play.trick)
    assert state is not None and state.hand.play is not None
    play, declaring = state.hand.play, declaring_side(state)
    solver = Solver(fresh(play), declaring, minimize=minimize)
    assume(solver._quick)
    lower, _, upper, _ = solver._sure()
    value = minimax(fresh(play), declaring, minimize=minimize)
    assert lower <= value <= upper, (variant, seed, minimize, lower, value, upper)


def redealt_endings(variant: str, seeds: range, deals: int) -> list[tuple[TrickPlay, set[int]]]:
    """Trick-start endings of random games in a suit's contract (three tricks left, two with more than
    four seats), each dealt again ``deals`` ways: hands of the same sizes drawn from the whole deck,
    from one to all of their cards trumps (every other card counts as played, the shown voids
    forgotten): positions with a partner's winners, split top trumps and ruffs that random play rarely
    leaves."""
    rules = engine.load_variant(variant)
    generator = random.Random(variant)
    found = []
    for seed in seeds:
        state = ending(rules, seed, 3 if rules.seating.seats <= 4 else 2)
        if state is None or state.hand.play is None or state.hand.play.trick:
            continue
        play = state.hand.play
        size = play.total - play.number
        if any(play.hands[seat].bit_count() != size for seat in play.active) or play.strain.trumps.bit_count() < 3:
            continue  # (and a suit's contract: no trumps are jokers alone)
        every = range(len(rules.deck.cards))
        trumps = [index for index in every if play.strain.trumps >> index & 1]
        others = [index for index in every if not play.strain.trumps >> index & 1]
        wanted = size * len(play.active)
        for _ in range(deals):
            count = min(len(trumps), generator.randint(1, wanted))
            cards = generator.sample(trumps, count) + generator.sample(others, wanted - count)
            generator.shuffle(cards)
            again = fresh(play)
            for position, seat in enumerate(play.active):
                again.hands[seat] = sum(1 << index for index in cards[position * size : (position + 1) * size])
            again.played = ((1 << len(rules.deck.cards)) - 1) & ~sum(1 << index for index in cards)
            again.voids = [set() for _ in play.voids]
            found.append((again, declaring_side(state)))
    return found


@pytest.mark.parametrize("variant", ["standard", "45-card", "american", "double-nullo"])
def test_the_sure_tricks_through_a_partner_and_of_split_top_trumps_are_sure(variant: str) -> None:
    """Rules/standard, "The play" (the highest card of the suit led wins, or the highest trump): a
    leader who leads to a partner's winner no one can ruff, the partner then cashing its own, takes at
    least that many tricks; and a side holding the top two trumps in two hands, one of them with
    another trump, takes at least two. Checked against plain minimax on endings dealt again many ways,
    where each rule must count somewhere."""
    through = split = 0
    for play, declaring in redealt_endings(variant, range(40), 15)[:150]:
        solver = Solver(play, declaring)
        if not solver._quick:
            continue
        value = minimax(fresh(play), declaring)
        leader = play.leader
        theirs = value if leader in declaring else play.total - play.number - value
        remaining = 0
        for seat in play.active:
            remaining |= play.hands[seat]
        trumps = remaining & solver._trump_mask
        holder, run = -1, 0
        for _, bit in solver._trumps:
            if trumps & bit:
                if holder < 0:
                    holder = next(seat for seat in play.active if play.hands[seat] & bit)
                elif not play.hands[holder] & bit:
                    break
                run += 1
        for partner in solver._allies[leader] - {leader}:
            count, _ = solver._through(leader, partner, remaining, trumps, run if holder == partner else 0, 0)
            assert count <= theirs, (variant, play.hands, leader, partner, count, theirs)
            through += count > solver._cash(leader, remaining, trumps, run if holder == leader else 0, 0)[0]
        if holder >= 0:
            sure, _ = solver._top_trumps(holder, trumps)
            side = value if holder in declaring else play.total - play.number - value
            assert sure <= side, (variant, play.hands, holder, sure, side)
            # The side's top trumps, hand by hand: the most in one hand is sure without the split rule.
            ours = solver._allies[holder]
            most: dict[int, int] = {}
            for _, bit in solver._trumps:
                if trumps & bit:
                    owner = next(seat for seat in play.active if play.hands[seat] & bit)
                    if owner not in ours:
                        break
                    most[owner] = most.get(owner, 0) + 1
            split += sure > max(most.values())
        lower, _, upper, _ = solver._sure()
        assert lower <= value <= upper
    assert through and split, (through, split)


def laid_out(variant: str, strain: str, hands: list[str], leader: int) -> TrickPlay:
    """A position laid out by hand: each seat's cards by name (``"JK 6S"``), ``leader`` to lead, as
    many tricks left as each hand holds cards."""
    rules = engine.load_variant(variant)
    index = {str(card): card.index for card in rules.deck.cards}
    masks = [sum(1 << index[name] for name in hand.split()) for hand in hands]
    tables = tables_for(rules)
    return TrickPlay(tables, masks, tables.strains[strain], list(range(len(hands))), leader, len(hands[0].split()))


@pytest.mark.parametrize(
    ("hands", "sure"),
    [
        (["JK 6S", "9H AS", "JH 5S", "8H KS"], 1),  # alone in their hands: a trump lead drops both at once
        (["JK 6S", "9H AS", "JH 5H", "8H KS"], 2),  # 5H goes under the joker, and JH wins a trick of its own
        (["JK 5H", "9H AS", "JH 6S", "8H KS"], 2),
    ],
)
def test_the_top_two_trumps_split_between_partners_win_two_tricks_only_beside_another_trump(hands: list[str], sure: int) -> None:
    """Rules/standard, "The play" (the highest trump wins; the joker is the highest trump): the top two
    trumps held by partners win a trick each when one of them holds another trump to play under the
    other's; each alone in its hand, the opponents lead trumps and both fall on one trick."""
    play = laid_out("standard", "H", hands, 1)
    declaring = {0, 2}
    solver = Solver(fresh(play), declaring)
    remaining = 0
    for each in play.hands:
        remaining |= each
    assert solver._top_trumps(0, remaining & solver._trump_mask)[0] == sure
    assert minimax(fresh(play), declaring) == sure
    assert solver.tricks() == sure


def test_a_leader_reaches_a_partners_winners_through_the_suit_of_its_top_card() -> None:
    """Rules/standard, "The play": a leader with no winner of its own leads to its partner's top card in a
    suit no one can ruff, and the partner cashes the rest: sure tricks before any search."""
    play = laid_out("standard", "H", ["5S 6C 5D", "6S 7C 6D", "AS AC AD", "KS KC 7D"], 0)
    lower, _, _, _ = Solver(fresh(play), {0, 2})._sure()
    assert lower == 3 == minimax(fresh(play), {0, 2})
    # Where an opponent can ruff the only way in, it is no sure way: the partner's clubs and diamonds
    # are not counted from the leader's seat (the search finds them).
    ruffed = laid_out("standard", "H", ["5S 6S 7S", "9H 7C 6D", "AS AC AD", "KS KC 7D"], 0)
    lower, _, _, _ = Solver(fresh(ruffed), {0, 2})._sure()
    assert lower == 0 < minimax(fresh(ruffed), {0, 2}) == Solver(fresh(ruffed), {0, 2}).tricks()


@settings(max_examples=200, deadline=None)
@given(data=st.data(), hands_in_play=st.integers(1, 7), cards=st.integers(1, 16))
def test_a_suits_code_names_the_holder_of_each_card_in_order(data: st.DataObject, hands_in_play: int, cards: int) -> None:
    """The transposition table's key (issue 47, DDS's relative ranks): for each of a suit's remaining
    cards, highest first, the position of the hand holding it plus one, read from the owner masks as a
    walk over the hands reads it; with each hand's length and the cards left. Up to seven hands, the most
    one base-8 digit names (the solver keys more on the exact cards: the next test)."""
    indices = data.draw(st.lists(st.integers(0, 62), min_size=cards, max_size=cards, unique=True))
    bits = tuple(1 << index for index in indices)
    holders = data.draw(st.lists(st.integers(-1, hands_in_play - 1), min_size=cards, max_size=cards))
    hands = [0] * hands_in_play
    for bit, holder in zip(bits, holders, strict=True):
        if holder >= 0:  # -1: played already
            hands[holder] |= bit
    left = 0
    for hand in hands:
        left |= hand
    digits = lengths = count = 0
    for bit in bits:
        if left & bit:
            owner = 1 + next(position for position, hand in enumerate(hands) if hand & bit)
            digits, lengths, count = digits * 8 + owner, lengths + (1 << 5 * owner), count + 1
    assert _suit_code(bits, left, *_owners(hands)) == (digits, lengths, count)


EIGHT_HANDS = """extends: standard
name: Eight hands
description: Four players, each with a face-up dummy partner (eight hands in play).
players: {count: 4, teams: 2, dummies: {face_down: 0, face_up: 5}}
deal:
  hand_size: 5
  kitty_size: 3
  pattern: [{players: 5}, {kitty: 3}, {dummies: 5}]
ladder: {levels: [3, 4, 5]}
contracts: {misere: {allowed: false}, open_misere: {allowed: false}}
"""


def test_more_hands_than_a_digit_names_are_keyed_on_the_exact_cards(tmp_path: Path) -> None:
    """Rules text 000, "Two-handed 500" (dummies as seats): a house file may give each of four players a
    dummy, eight hands in play. The relative key's digit names seven at most, so the solver keys such a
    position on its exact cards, and agrees with plain minimax."""
    path = tmp_path / "eight.yaml"
    path.write_text(EIGHT_HANDS, encoding="utf-8")
    rules = engine.load_variant(str(path))
    checked = 0
    for seed in range(6):
        state = ending(rules, seed, 2)
        if state is None or state.hand.play is None:
            continue
        play, declaring = state.hand.play, declaring_side(state)
        assert len(play.active) == 8
        for minimize in (False, True):
            solver = Solver(fresh(play), declaring, minimize=minimize)
            assert not solver._relative
            assert solver.tricks() == minimax(fresh(play), declaring, minimize=minimize), (seed, minimize)
            checked += 1
    assert checked >= 6


@pytest.mark.parametrize("variant", ["standard", "three-handed", "joker-restrictions"])
def test_solvers_sharing_a_table_across_deals_give_each_deal_its_own_values(variant: str) -> None:
    """Rules/standard, "The play": a sampling bot's deals of one decision share one transposition table
    (``shares=``); every deal's count and move values are those a solver of its own finds."""
    rules = engine.load_variant(variant)
    checked = 0
    for seed in range(300, 304):
        state = ending(rules, seed, 5)
        if state is None or state.hand.play is None:
            continue
        play, declaring = state.hand.play, declaring_side(state)
        seat = play.to_act
        others = [each for each in play.active if each != seat]
        pool = [index for each in others for index in range(64) if play.hands[each] >> index & 1]
        sizes = [play.hands[each].bit_count() for each in others]
        shared: Solver | None = None
        rng = random.Random(seed)
        for _ in range(6):
            rng.shuffle(pool)
            deal = fresh(play)
            start = 0
            for each, size in zip(others, sizes):
                deal.hands[each] = sum(1 << index for index in pool[start : start + size])
                start += size
            solver = Solver(deal, declaring, shares=shared)
            shared = shared or solver
            alone = Solver(fresh(deal), declaring)
            assert solver.move_values() == alone.move_values(), (variant, seed)
            assert Solver(deal, declaring, shares=shared).tricks() == alone.tricks(), (variant, seed)
            checked += 1
    assert checked >= 12


def test_a_solver_shares_a_table_only_for_the_same_search() -> None:
    """A table shared across a different strain, side or objective would answer wrongly: refused."""
    rules = engine.load_variant("standard")
    state = ending(rules, 301, 5)
    assert state is not None and state.hand.play is not None
    play, declaring = state.hand.play, declaring_side(state)
    first = Solver(fresh(play), declaring)
    with pytest.raises(ValueError, match="same strain, side and objective"):
        Solver(fresh(play), declaring, minimize=True, shares=first)
    with pytest.raises(ValueError, match="same strain, side and objective"):
        Solver(fresh(play), set(play.active) - declaring, shares=first)
