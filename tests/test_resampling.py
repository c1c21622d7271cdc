"""Issue 48: ``resample_from_infostate`` draws uniformly from the deals the player cannot tell apart, never
contradicts what it knows, and hands back the true deal no more often than its share; states copy by the
kernel's own copy.

The uniformity tests list every consistent deal by brute force on positions small enough (the last
tricks; two-handed; five-handed): every way of dealing the hidden cards to the hidden places in their
numbers, each kept if the hand's actions replay legally on it (through the adapter's public
``apply_action``, not the resampler's replay) and the player's information state is unchanged."""

from __future__ import annotations

import copy
import math
import random
from collections import Counter
from itertools import combinations
from typing import Any

import pytest

import engine
from engine.language.resources import shipped_variant_names

pyspiel = pytest.importorskip("pyspiel")
import engine.adapters.openspiel  # noqa: E402  (registers python_fivehundred)
from engine.adapters import core  # noqa: E402
from engine.kernel.tables import cards_in  # noqa: E402

_Places = tuple[list[int], int]


def _random_to(game: Any, seed: int, cards_left: int) -> Any:
    """A hand played at random until the player to act holds ``cards_left`` cards in the play."""
    draw = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(draw.choice([action for action, _ in state.chance_outcomes()]))
            continue
        research = state.research
        if research.phase == "play" and research.game.state.hand.hands[research.game.state.to_act].bit_count() <= cards_left:
            return state
        state.apply_action(draw.choice(state.legal_actions()))
    return None


def _places(state: Any, player: int) -> tuple[int, list[int]]:
    """The cards ``player`` has not seen (by its observation) and the hidden places' true contents: each
    seat's hidden cards, then the rest."""
    game = state.research.game
    view = game.observation(player)
    seen = {*view.hand, *view.kitty, *view.discards, *view.face_up, *view.table, *(card for _, card in view.trick)}
    seen |= {card for trick in view.tricks for _, card in trick.cards} | {card for _, cards in view.exposed for card in cards}
    if view.looked:
        seen |= set(game.records[-1].deal.hands[player])
    hidden = (1 << len(state.research.space.cards)) - 1
    for card in seen:
        hidden &= ~(1 << card.index)
    places = [mask for mask in (hand & hidden for hand in game.state.hand.hands) if mask]
    return hidden, [*places, hidden & ~sum(places)]


def _world(state: Any, places: list[int], hidden: int) -> tuple[int, ...]:
    """Where the hidden cards lie in ``state``, read by the true state's places."""
    hands = [hand & hidden for hand in state.research.game.state.hand.hands]
    found = [mask for mask in hands if mask]
    return (*found, hidden & ~sum(found))


def _consistent_worlds(state: Any, player: int) -> tuple[set[tuple[int, ...]], tuple[int, ...], list[int], int]:
    """Every world the player cannot tell from the true one (brute force), the true world, the places."""
    hidden, truth = _places(state, player)
    research = state.research
    space = research.space
    count = len(space.cards)
    info = state.information_state_string(player)
    sizes = [mask.bit_count() for mask in truth]
    worlds = set()

    def assignments(left: list[int], place: int) -> Any:
        if place == len(sizes):
            yield ()
            return
        for chosen in combinations(left, sizes[place]):
            rest = [card for card in left if card not in chosen]
            for tail in assignments(rest, place + 1):
                yield (sum(1 << card for card in chosen), *tail)

    for world in assignments(cards_in(hidden), 0):
        relabel = list(range(count))
        for true_mask, new_mask in zip(truth, world):
            for old, new in zip(cards_in(true_mask), cards_in(new_mask)):
                relabel[old] = new
        other = state.get_game().new_initial_state()
        start = research._deal_start
        try:
            for index, (_, number) in enumerate(research.history):
                if start <= index < start + count:  # the hand's deal, a card a chance action
                    number = relabel[number]
                elif index >= start and space.kind(number) in ("play", "give", "pick", "put_back", "discard"):
                    first = space.starts[space.kind(number)]  # a step naming a card held (a partner call names one by what it is)
                    number = first + relabel[number - first]
                other.apply_action(number)
        except (ValueError, pyspiel.SpielError):
            continue
        if other.information_state_string(player) == info:
            worlds.add(world)
    return worlds, tuple(truth), truth, hidden


def chi_square_bound(freedom: int, z: float = 3.72) -> float:
    """The chi-square statistic exceeded with probability about 1e-4 (Wilson–Hilferty)."""
    return float(freedom * (1 - 2 / (9 * freedom) + z * math.sqrt(2 / (9 * freedom))) ** 3)


def _positions(variant: str, cards_left: int, wanted: int, most: int) -> list[tuple[Any, int]]:
    """``wanted`` positions of ``variant`` (the player to act, ``cards_left`` cards each) with 3 to
    ``most`` deals the player cannot tell apart."""
    game = pyspiel.load_game("python_fivehundred", {"variant": variant})
    found = []
    for seed in range(200):
        state = _random_to(game, seed, cards_left)
        if state is None:
            continue
        hidden, truth = _places(state, state.current_player())
        sizes = [mask.bit_count() for mask in truth]
        ways = math.factorial(sum(sizes)) // math.prod(math.factorial(size) for size in sizes)
        if 3 <= ways <= 6 * most:
            found.append((state, state.current_player()))
        if len(found) == wanted:
            break
    return found


CASES = [("standard", 1, 2, 60), ("standard", 2, 1, 60), ("two-handed", 2, 2, 60), ("five-handed", 1, 2, 60)]


@pytest.mark.parametrize(("variant", "cards_left", "wanted", "most"), CASES)
def test_resampling_is_uniform_over_every_consistent_deal(variant: str, cards_left: int, wanted: int, most: int) -> None:
    """A chi-square test of the worlds resampled against the uniform distribution over every consistent
    world listed by brute force; no sample outside them; the true deal no more often than its share."""
    positions = _positions(variant, cards_left, wanted, most)
    assert positions, f"no small enough position of {variant} was found"
    sampler = random.Random(48).random
    for state, player in positions:
        worlds, truth, places, hidden = _consistent_worlds(state, player)
        assert truth in worlds
        draws = 30 * len(worlds)
        counts = Counter(_world(state.resample_from_infostate(player, sampler), places, hidden) for _ in range(draws))
        assert set(counts) <= worlds, "a resampled deal contradicts what the player knows"
        if len(worlds) > 1:
            assert sum((counts.get(world, 0) - 30) ** 2 / 30 for world in worlds) < chi_square_bound(len(worlds) - 1)
        # The true deal: its share of the draws, within four standard deviations.
        share = draws / len(worlds)
        assert counts[truth] <= share + 4 * math.sqrt(share)


@pytest.mark.parametrize("name", shipped_variant_names())
def test_no_resample_contradicts_the_information_state(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every variant, at points through a hand, for every player: the resampled state gives the player the
    same information state and observation (and the player to act the same legal actions), and plays on to the end; the sampler builds in the constraints,
    so a drawn deal is seldom refused by the replay (at most one in three here)."""
    replays = []
    replayed = core._replayed

    def counting(*arguments: Any) -> Any:
        replays.append(1)
        return replayed(*arguments)

    monkeypatch.setattr(core, "_replayed", counting)
    resamples = 0
    game = pyspiel.load_game("python_fivehundred", {"variant": name})
    sampler = random.Random(48).random
    for seed in range(3):
        draw = random.Random(seed)
        state = game.new_initial_state()
        stops = {draw.randrange(1, 60) for _ in range(6)}
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(draw.choice([action for action, _ in state.chance_outcomes()]))
                continue
            steps += 1
            if steps in stops:
                for player in range(game.num_players()):  # the seat to act, and those waiting
                    other = state.resample_from_infostate(player, sampler)
                    resamples += 1
                    assert other.information_state_string(player) == state.information_state_string(player)
                    assert other.observation_string(player) == state.observation_string(player)
                    assert other.information_state_tensor(player) == state.information_state_tensor(player)
                    if player == state.current_player():
                        assert other.legal_actions() == state.legal_actions()
                while not other.is_terminal():
                    other.apply_action(draw.choice(other.legal_actions()))
            state.apply_action(draw.choice(state.legal_actions()))
    assert len(replays) <= 2 * resamples + 2


def test_a_clone_and_a_deep_copy_are_independent_copies() -> None:
    """``clone`` and ``copy.deepcopy`` copy by the kernel's copy: the same state, and playing on in the
    copy leaves the original as it was."""
    game = pyspiel.load_game("python_fivehundred", {"variant": "standard"})
    state = _random_to(game, 3, 6)
    before = (state.history(), str(state), state.information_state_string(0))
    for other in (state.clone(), copy.deepcopy(state)):
        assert (other.history(), str(other), other.information_state_string(0)) == before
        while not other.is_terminal():
            other.apply_action(other.legal_actions()[0])
        assert (state.history(), str(state), state.information_state_string(0)) == before


def test_a_whole_game_searches_the_hand_in_play() -> None:
    """``hand_in_play`` gives the current hand of a game-scope state as a hand-scope state: the same
    deal, actions and legal actions."""
    game = pyspiel.load_game("python_fivehundred", {"variant": "standard", "scope": "game"})
    draw = random.Random(4)
    state = game.new_initial_state()
    hands = 0
    while not state.is_terminal() and hands < 2:
        if state.is_chance_node():
            state.apply_action(draw.choice([action for action, _ in state.chance_outcomes()]))
            continue
        hand = state.hand_in_play()
        assert hand.get_game().scope == "hand"
        assert hand.legal_actions() == state.legal_actions()
        assert hand.observation_string(state.current_player()).split('"scores"')[0] == state.observation_string(
            state.current_player()
        ).split('"scores"')[0].replace(f'"hand_number":{state.research.game.hand_number}', '"hand_number":0')
        state.apply_action(draw.choice(state.legal_actions()))
        hands = len(state.research.game.results)


def _declared(seed: int) -> core.ResearchGame | None:
    """A hand of ``declare`` (rules text 000's "declare": the partner passes the declarer its best card face
    down and the declarer discards one) played at random, the declare call made wherever it may be, to the
    third trick; ``None`` if nobody declared."""
    rules = engine.load_variant("declare")
    game, draw = core.ResearchGame(rules, "hand", 0), random.Random(seed)
    while not game.over:
        if game.dealing:
            game.apply(draw.choice(game.chance_outcomes())[0])
            continue
        legal = game.legal()
        declaring = [number for number in legal if "declare" in game.name(number)]
        if declaring:
            game.apply(declaring[0])
            continue
        play = game.game.state.hand.play if game.game is not None else None
        if play is not None and len(play.completed) >= 2 and not play.trick:
            return game if any(game.space.kind(number) == "give" for seat, number in game.history if seat >= 0) else None
        game.apply(draw.choice(legal))
    return None


def test_which_card_a_partner_gave_is_drawn_anew_for_a_defender() -> None:
    """A defender does not see which card the partner gave the declarer, nor so whether the declarer then
    discarded it: resampled, the card given is the one discarded in about one deal in eleven (the
    declarer's ten cards and the gift, one to discard), whatever was true. (The resampler kept the true
    answer every time: the gift was read through the cards, so a defender's search learnt whether the
    declarer had discarded its partner's card.)"""
    rules = engine.load_variant("declare")
    seating, checked = rules.seating, 0
    for seed in range(200):
        game = _declared(seed)
        if game is None or game.game is None:
            continue
        declarer = game.game.state.hand.declarer
        assert declarer is not None
        defender = next(seat for seat in range(seating.players) if seating.team_of(seat) != seating.team_of(declarer))
        draw, discarded = random.Random(seed), 0
        for _ in range(200):
            other = game.resample(defender, draw)
            assert other.game is not None
            gift = next(other.space.card(number) for seat, number in other.history if seat >= 0 and other.space.kind(number) == "give")
            discarded += other.game.state.hand.discarded >> gift & 1
        assert 4 <= discarded <= 40, discarded  # 1 in 11 of 200 is 18; these bounds are 3.5 standard deviations
        checked += 1
        if checked == 4:
            break
    assert checked == 4


def _last_trick_after_a_table_card(seed: int) -> tuple[Any, int, int, int] | None:
    """A hand of ``two-handed-52`` (rules text 000, two-handed with 52 cards: a table card to the defender,
    a card put back for it) played at random to its last trick, the declarer to act, and the table card
    the defender took not played: the state, the declarer, the defender and the table card; else ``None``."""
    state = _random_to(pyspiel.load_game("python_fivehundred", {"variant": "two-handed-52"}), seed, 1)
    if state is None:
        return None
    research = state.research
    hand = research.game.state.hand
    declarer, space = hand.declarer, research.space
    defender = 1 - declarer
    taken = [space.card(number) for seat, number in research.history if seat == defender and space.kind(number) == "pick"]
    if (
        state.current_player() != declarer
        or not taken
        or not (hand.hands[defender] | hand.table_cards.set_aside[defender]) >> taken[-1] & 1
    ):
        return None
    return state, declarer, defender, taken[-1]


def _table_card_worlds(state: Any, declarer: int, defender: int, table_card: int) -> tuple[set[tuple[int, int]], tuple[int, int]]:
    """Every (defender's last card, card it put back) the declarer cannot tell from the truth, by brute
    force through the adapter's public ``apply_action``: the table card is one of the two; the other, any
    card the declarer has not seen, dealt to the defender in place of the one truly dealt to it."""
    research = state.research
    hand = research.game.state.hand
    space, start, count = research.space, research._deal_start, len(research.space.cards)
    truth = (cards_in(hand.hands[defender])[0], cards_in(hand.table_cards.set_aside[defender])[0])
    dealt = truth[1] if truth[0] == table_card else truth[0]  # the defender's unseen card from the deal
    info = state.information_state_string(declarer)
    unseen = [card for card in cards_in(_places(state, declarer)[0]) if card != table_card]
    worlds = set()
    for card in unseen:
        for world in ((card, table_card), (table_card, card)):
            swap = {dealt: card, card: dealt}
            other = state.get_game().new_initial_state()
            try:
                for index, (_, number) in enumerate(research.history):
                    if start <= index < start + count:
                        number = swap.get(number, number)
                    elif index >= start and space.kind(number) == "put_back":
                        number = space.starts["put_back"] + world[1]
                    other.apply_action(number)
            except (ValueError, pyspiel.SpielError):
                continue
            if other.information_state_string(declarer) == info:
                worlds.add(world)
    return worlds, truth


def test_a_table_card_taken_stays_seen_and_whether_it_was_put_back_is_drawn_anew() -> None:
    """Rules text 000, two-handed 500 with 52 cards: the table cards are dealt face up and the defender
    takes one into its hand, putting a card back face down. The declarer saw the table card taken (a
    resample keeps it there: it had been dealt anew like an unseen card, and the declarer's information
    state changed), but not whether the card put back was that one: resampled at the last trick, the
    defender's last card and the card it put back are uniform over every pair brute force finds
    consistent (a chi-square test), the table card in one of the two; the true pair no more often than
    its share. (The resampler first kept the table card where it truly was, so a search learnt whether
    it had been put back.)"""
    sampler, checked = random.Random(48).random, 0
    for seed in range(400):
        found = _last_trick_after_a_table_card(seed)
        if found is None:
            continue
        state, declarer, defender, table_card = found
        worlds, truth = _table_card_worlds(state, declarer, defender, table_card)
        assert truth in worlds and len(worlds) > 10
        draws = 30 * len(worlds)
        counts: Counter[tuple[int, int]] = Counter()
        for _ in range(draws):
            hand = state.resample_from_infostate(declarer, sampler).research.game.state.hand
            counts[cards_in(hand.hands[defender])[0], cards_in(hand.table_cards.set_aside[defender])[0]] += 1
        assert set(counts) <= worlds, "a resampled deal contradicts what the declarer knows"
        assert sum((counts.get(world, 0) - 30) ** 2 / 30 for world in worlds) < chi_square_bound(len(worlds) - 1)
        assert counts[truth] <= 30 + 4 * math.sqrt(30)
        checked += 1
        if checked == 2:
            break
    assert checked == 2
