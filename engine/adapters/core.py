"""What the research adapters share: a game of any variant as a sequence of numbered actions with explicit
chance, a fixed action space sized from the variant, and a seat's view as a flat vector.

:class:`ResearchGame` wraps :class:`~engine.game.game.Game`. Chance is the deal, one card at a time (as
OpenSpiel's euchre and bridge deal): each chance action puts a card at the next place of the shuffled
deck, and once the deck is complete it is dealt by the variant's pattern (a misdeal, where the variant
calls one, is dealt again by more chance actions). A kitty discard is chosen one card at a time. Claims
are left out (a research agent plays its cards). Every rule stays in the kernel: this module only
numbers actions and lays a view out as numbers.

The action space is the kernel's (:class:`~engine.kernel.action_space.ActionSpace`: every step of every
phase a number of its own kind's range, a discard a card at a time); chance actions are the card ids
``0..N-1`` (a deck of N cards), which number the played cards too, as OpenSpiel's euchre shares them.
"""

from __future__ import annotations

import operator
import random
from dataclasses import dataclass, field
from typing import Any

from ..analysis.unseen import unseen_deal
from ..bots.base import Bot
from ..errors import IllegalActionError, UsageError, shown
from ..game.game import Game
from ..game.telling import event_data
from ..kernel.action_space import ActionSpace, action_space, chosen_cards
from ..kernel.actions import Claim, Discard, Pick
from ..kernel.choices import DiscardChoices
from ..kernel.deal import Deal, deal_of_order, hands_of_order, misdealt_seat
from ..kernel.phase import Phase
from ..kernel.scoring import MAX_HANDS
from ..kernel.seat_view import SeatView, seat_view, shown_voids
from ..kernel.shuffling import shuffle
from ..kernel.state import CARD_BITS, GameState
from ..kernel.table_cards import CARD_MASK, DISCARD_SHIFT
from ..kernel.tables import Tables, cards_in, mask_of, tables_for
from ..rules.ruleset import Reveal, Rules

MAX_MISDEALS_COUNTED = 3
"""Misdeals in a row the declared game length allows for (a misdeal needs a face card missing from a
hand: three in a row is rarer than one deal in a million)."""


@dataclass
class ResearchGame:
    """A game (``scope`` ``"hand"``: one hand; ``"game"``: to the end) driven by numbered actions, chance
    included."""

    rules: Rules
    """The variant."""
    scope: str = "hand"
    """``hand`` or ``game``."""
    dealer: int = 0
    """The first dealer."""
    space: ActionSpace = field(init=False)
    tables: Tables = field(init=False)
    game: Game | None = field(default=None, init=False)
    order: list[int] = field(default_factory=list, init=False)
    pending: list[Deal] = field(default_factory=list, init=False)
    history: list[tuple[int, int]] = field(default_factory=list, init=False)
    phases: list[str] = field(default_factory=list, init=False)
    """The phase (:attr:`phase`) each action of ``history`` was taken in."""
    _start: Game | None = field(default=None, init=False, repr=False)
    _hand_deals: list[Deal] = field(default_factory=list, init=False, repr=False)
    _deal_start: int = field(default=0, init=False, repr=False)
    _hand_dealer: int = field(default=0, init=False, repr=False)
    _hand_begun: int = field(default=0, init=False, repr=False)
    _moves: list[tuple[Phase, int]] = field(default_factory=list, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.scope not in ("hand", "game"):
            raise UsageError(f"scope is 'hand' or 'game', not {self.scope!r}.")
        self.space = action_space(self.rules)
        self.tables = tables_for(self.rules)

    # -- whose turn ------------------------------------------------------------------------------

    @property
    def dealing(self) -> bool:
        """Whether the next action is chance (a card of the deal)."""
        game = self.game
        return game is None or (not game.is_over and game.to_act is None and not self.over)

    @property
    def over(self) -> bool:
        """Whether the game (or, for scope ``hand``, the first hand) is over."""
        game = self.game
        if game is None:
            return False
        return game.is_over or (self.scope == "hand" and bool(game.results))

    @property
    def to_act(self) -> int | None:
        """The player to act, or ``None`` at a chance node or at the end."""
        return None if self.over or self.game is None else self.game.to_act

    @property
    def phase(self) -> str:
        """The phase by name (``chance`` while dealing, ``over`` at the end)."""
        if self.over:
            return "over"
        if self.dealing:
            return "chance"
        assert self.game is not None
        return self.game.phase.value

    # -- actions ---------------------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not yet placed in the deck, each equally likely."""
        left = sorted(set(range(len(self.space.cards))) - set(self.order))
        return [(card, 1.0 / len(left)) for card in left]

    @property
    def chosen(self) -> list[int]:
        """The cards chosen so far of a discard (or a pick's card taken) in progress."""
        return [] if self.game is None else chosen_cards(self.game.state)

    def legal(self) -> list[int]:
        """The legal action numbers, ascending."""
        if self.over:
            return []
        if self.dealing:
            return [card for card, _ in self.chance_outcomes()]
        assert self.game is not None
        return self.game.legal_ids()

    def name(self, number: int) -> str:
        """The action's text: a card dealt while dealing, else the step's notation."""
        if self.dealing and 0 <= number < len(self.space.cards):
            return f"deal {self.space.cards[number]}"
        return self.space.name(number)

    def apply(self, number: int) -> None:
        """Take action ``number`` (chance or the player's; any integer type, such as numpy's); raises
        ``ValueError`` if it is not legal, the game unchanged."""
        if isinstance(number, bool) or not hasattr(number, "__index__"):
            raise UsageError(f"An action is a whole number, not {shown(number)}.")
        number = operator.index(number)
        named = self.name(number) if 0 <= number < self.space.size else "outside the action space"
        refused = IllegalActionError(f"Action {number} ({named}) is not legal now.")
        if self.dealing:
            if number not in self.legal():
                raise refused
            self.history.append((-1, number))
            self.phases.append("chance")
            self._deal_card(number)
            return
        game, player, phase = self.game, self.to_act, self.phase
        if game is None or player is None:
            raise refused  # over
        before = game.state.phase
        try:
            move = game.apply_id(number)  # checks it once, and changes nothing if it is not legal
        except IllegalActionError:
            raise refused from None
        self.history.append((player, number))
        self.phases.append(phase)
        if move is not None:
            self._moves.append((before, move))

    def advised(self, bot: Bot) -> int:
        """The number of the action ``bot`` (an engine bot, :func:`~engine.bots.make_bot`) would take now:
        for a discard, the next of the cards it would put away; for a pick with a discard, its step."""
        game = self.game
        player = self.to_act
        assert game is not None and player is not None
        choices = game.legal_choices()
        whole = choices if isinstance(choices, DiscardChoices) else [action for action in choices if not isinstance(action, Claim)]
        action = bot.act(game.observation(player), whole)
        steps = self.space.steps(action)
        if isinstance(action, Discard):
            left = [step for step in steps if step not in game.state.hand.chosen]
            return left[0] if left else self.legal()[0]
        if isinstance(action, Pick) and action.discard is not None:
            return steps[1] if game.state.hand.chosen else steps[0]
        return steps[0]

    def _deal_card(self, card: int) -> None:
        self.order.append(card)
        if len(self.order) < len(self.space.cards):
            return
        dealer = self.dealer if self.game is None else self._next_dealer()
        order, self.order = self.order, []
        self.pending.append(deal_of_order(self.tables, order, dealer))
        if misdealt_seat(self.tables, hands_of_order(self.tables, order, dealer)) is not None and len(self.pending) <= MAX_MISDEALS_COUNTED:
            return  # thrown in: deal again
        deals, self.pending = self.pending, []
        self._hand_deals, self._deal_start, self._moves = list(deals), len(self.history) - len(self.space.cards), []
        self._hand_dealer = dealer
        self._hand_begun = len(self.history) - len(self.space.cards) * len(deals)
        self._start = None if self.game is None else self.game.clone()
        self._begin_hand(deals, dealer)

    def _begin_hand(self, deals: list[Deal], dealer: int) -> None:
        """Give the game the hand's deals (those thrown in first): a new game for the first hand."""
        if self.game is None:
            self.game = Game(self.rules, deals=deals, dealer=dealer, rng=random.Random(0))
            self.game.state.pause_between_hands = True
        else:
            self.game.state.scripted.extend(deals)
            self.game.state.next_hand()

    def _next_dealer(self) -> int:
        assert self.game is not None
        next_dealer = self.game.results[-1].next_dealer
        return self.dealer if next_dealer is None else next_dealer

    # -- copies and resampling ---------------------------------------------------------------------

    def copy(self) -> ResearchGame:
        """An independent copy (the game copied by :meth:`~engine.game.game.Game.clone`, which copies
        the kernel's state by its own :meth:`~engine.kernel.state.GameState.copy`)."""
        other = ResearchGame.__new__(ResearchGame)
        other.__dict__.update(self.__dict__)
        other.game = self.game.clone() if self.game is not None else None
        other.order, other.pending = list(self.order), list(self.pending)
        other.history, other.phases, other._moves = list(self.history), list(self.phases), list(self._moves)
        return other  # the hand's deals and the game before it are never changed in place: shared

    def __deepcopy__(self, memo: dict[int, Any]) -> ResearchGame:
        """The same as :meth:`copy` (OpenSpiel's C++ ``Clone()`` of a Python state deep-copies each of its
        attributes: this one is the whole game)."""
        return self.copy()

    def resample(self, player: int, rng: random.Random) -> ResearchGame:
        """A game ``player`` cannot tell from this one, drawn uniformly from those it cannot tell apart:
        the cards it has not seen dealt anew by :class:`~engine.analysis.unseen.UnseenDeal` (every seat's
        hidden cards in their numbers, none of a suit the seat has shown void in), the hidden choices
        (discards, gives) following the cards, and the hand's actions played again on that deal.

        Only the hand in play is dealt anew (earlier hands and deals thrown in stay as they were); while
        a deal is being placed card by card, a plain copy is returned. See docs/research.md for what
        is guaranteed and what is not."""
        game = self.game
        if game is None or self.order or self._deal_start < 0:
            return self.copy()
        return _redealt(self, player, rng)

    def hand_in_play(self) -> ResearchGame:
        """The current hand alone, as a game of scope ``hand`` (scores from zero, the same dealer, deal and
        actions so far): what a search that plays for the hand's points explores. Raises ``ValueError``
        while no hand has been dealt."""
        if self.game is None or self.order:
            raise UsageError("No hand is in play yet: the deal is still being placed card by card.")
        hand = ResearchGame(self.rules, "hand", self._hand_dealer)
        for _, number in self.history[self._hand_begun :]:
            hand.apply(number)
        return hand

    # -- outcomes --------------------------------------------------------------------------------

    def returns(self) -> list[float]:
        """Per player: over a hand, its team's points on it; over a game, 1 for the winning team's players,
        -1 for the others (0 for all with no winner); 0 before the end."""
        game = self.game
        seating = self.rules.seating
        if game is None or not self.over:
            return [0.0] * seating.players
        if self.scope == "hand":
            points = game.results[0].hand_points
            return [float(points[seating.team_of(player)]) for player in range(seating.players)]
        winner = game.winner
        if winner is None:
            return [0.0] * seating.players
        return [1.0 if seating.team_of(player) == winner else -1.0 for player in range(seating.players)]

    def utility_bound(self) -> float:
        """The largest points a team can score or lose on a hand (the contracts' values, the slam bonus,
        ten a trick for defenders), rounded up to a hundred."""
        values = [abs(contract.value) for contract in self.rules.ladder]
        largest = max(values + [0]) * 2 + 10 * len(self.space.cards) + 1000
        return float(-(-largest // 100) * 100)

    def max_length(self) -> int:
        """The longest a hand (or, for scope ``game``, a game) can be, in actions, chance included."""
        seating = self.rules.seating
        cards = len(self.space.cards)
        hand = (MAX_MISDEALS_COUNTED + 1) * cards + len(self.rules.ladder) * seating.players * 2 + 8 * seating.players
        hand += 3 * cards + len(self.rules.announcements) * seating.players
        return hand if self.scope == "hand" else hand * MAX_HANDS

    # -- what a seat knows -----------------------------------------------------------------------

    def told(self, player: int) -> list[dict[str, Any]]:
        """Every event of the game as ``player`` may be told it."""
        if self.game is None:
            return []
        return [event_data(event, self.rules, player) for event in self.game.events]


MAX_REDRAWS = 1_000
"""Deals drawn for one resample at most before giving up with an error. A drawn deal fits every constraint
the sampler builds in; one is drawn again only where replaying the hand finds a rule it does not model (a
deal thrown in as a misdeal, a partner called from the declarer's own hand, a joker that may be played
only when void), so in practice one or two draws are made."""


def _redealt(research: ResearchGame, player: int, rng: random.Random) -> ResearchGame:
    """:meth:`ResearchGame.resample` for a hand whose deal is complete."""
    game = research.game
    assert game is not None
    state, tables = game.state, research.tables
    count = len(tables.cards)
    view = seat_view(state, player)
    known = view.seen() | mask_of(view.kitty) | mask_of(view.face_up) | view.table | mask_of(card for _, card in view.trick)
    if view.drawing >= 0:
        known |= 1 << view.drawing
    if view.looked:
        known |= mask_of(card.index for card in state.hand.deal.hands[player])
    # Every table card was seen face up. One another seat took into its hand and has not played may since
    # have been put aside in its place, which the player cannot tell: it is dealt anew, to that seat's
    # hand or its cards put aside only (kept where it was, it would tell whether it was put aside).
    visible = known  # (a card in a hand laid open stays where it is seen)
    known |= mask_of(card.index for card in state.hand.deal.table)
    picks = _picks(research, player)
    taken = {
        card: seat
        for seat, card, _ in picks
        if (state.hand.hands[seat] | state.hand.table_cards.set_aside[seat]) >> card & 1 and not visible >> card & 1
    }
    known &= ~mask_of(taken)
    hidden = ((1 << count) - 1) & ~known
    # The hidden places: each seat's hidden cards, then everything else hidden (kitty, discards, dead
    # hand, the cards under dummies' face-up cards, the stock still to draw), where no constraint applies.
    barred_by = _voids(state, view) if state.hand.play is not None else {}
    truths, barred, holders = [], [], []
    rest = hidden
    for seat in range(research.rules.seating.seats):
        mine = state.hand.hands[seat] & hidden
        if mine:
            truths.append(mine)
            barred.append(barred_by.get(seat, 0))
            holders.append(seat)
            rest &= ~mine
    # The declarer's discards apart from the rest out of play (the rules may treat a called card there
    # apart), and each seat's cards put aside for table cards (a table card it took may be among them).
    discarded = state.hand.discarded & rest if state.hand.kitty_taken else 0
    set_aside = state.hand.table_cards.set_aside
    asides = [(mask & rest, _ASIDE - seat) for seat, mask in enumerate(set_aside) if mask & rest]
    rest &= ~sum(mask for mask, _ in asides)
    for mask, holder in ((discarded, -1), *asides, (rest & ~discarded, -2)):
        if mask:
            truths.append(mask)
            barred.append(0)
            holders.append(holder)
    for card, seat in taken.items():
        for place, holder in enumerate(holders):
            if holder not in (seat, _ASIDE - seat):
                barred[place] |= 1 << card
    called = state.hand.arrangement.called_card
    if called is not None and hidden >> called & 1:
        # Where the called card may lie, as the player knows: with the partner it knows of; else out of
        # play or with the declarer (no partner: where the rules let it name such a card, which the
        # replay checks), or, where the partner stays secret until the card is played, in another hand.
        rule = research.rules.seating.called_partner
        secret = rule is not None and rule.reveal is Reveal.WHEN_PLAYED
        for place, holder in enumerate(holders):
            if view.partner is not None:
                allowed = holder == view.partner
            else:
                allowed = holder < 0 or holder == state.hand.declarer or secret
            if not allowed:
                barred[place] |= 1 << called
    sampler = unseen_deal(hidden, [mask.bit_count() for mask in truths], barred)
    # Where the declarer took a kitty the player did not see, which of the declarer's cards came from it
    # is hidden too: the deal positions of the cards it held once it took the kitty (its hand, discards
    # and cards played; not a card it rejected drawing its hand) are shuffled among themselves. So is
    # which card a partner gave it face down, where the player did not give it: the gift's deal position
    # joins them (kept as it was, the gift would tell whether the declarer discarded it).
    pooled: list[int] = []
    declarer = state.hand.declarer
    start, space = research._deal_start, research.space
    true_order = [number for _, number in research.history[start : start + count]]
    gifts = [
        true_order.index(space.card(number))
        for seat, number in research.history[start + count :]
        if seat != player and seat >= 0 and space.kind(number) == "give"
    ]
    kitty_hidden = state.hand.kitty_taken and not view.kitty
    if declarer is not None and declarer != player and (kitty_hidden or gifts):
        marker = deal_of_order(tables, list(range(count)), research._hand_dealer)
        held = state.hand.hands[declarer] | state.hand.discarded
        for _, cards, _, _ in view.tricks:
            held |= mask_of(card for seat, card in cards if seat == declarer)
        held |= mask_of(card for seat, card in view.trick if seat == declarer)
        held &= ~mask_of(view.face_up)
        kitty = tables.kitty_positions if kitty_hidden else ()
        pooled = [
            position for position in [*(card.index for card in marker.hands[declarer]), *kitty, *gifts] if held >> true_order[position] & 1
        ]
    must_not_misdeal = len(research._hand_deals) <= MAX_MISDEALS_COUNTED
    for _ in range(MAX_REDRAWS):
        relabel = list(range(count))
        draws = sampler.sample(rng)
        for truth, drawn in zip(truths, draws):
            targets = cards_in(drawn)
            shuffle(rng, targets)
            for card, target in zip(cards_in(truth), targets):
                relabel[card] = target
        for card in taken:  # a table card keeps its name: the card drawn where it lay goes where it is drawn
            where = relabel.index(card)
            relabel[where], relabel[card] = relabel[card], card
        put_back = _put_back(picks, taken, {_ASIDE - holder: drawn for holder, drawn in zip(holders, draws) if holder <= _ASIDE})
        order = [relabel[card] for card in true_order]
        if pooled:
            moved = [order[position] for position in pooled]
            shuffle(rng, moved)
            for position, card in zip(pooled, moved):
                order[position] = card
        if must_not_misdeal and misdealt_seat(tables, hands_of_order(tables, order, research._hand_dealer)) is not None:
            continue
        # A gift reads as the card now at its deal position (the pool may have moved another there).
        given = {true_order[position]: order[position] for position in gifts}
        other = _replayed(research, relabel, order, given, put_back)
        if other is not None and other.game is not None and seat_view(other.game.state, player) == view:
            return other
    raise RuntimeError(
        f"No deal consistent with what seat {player} knows was found in {MAX_REDRAWS} draws: the hand's replay rejects every one "
        "(a rule the sampler does not model); please report the variant and the game's actions."
    )


def _voids(state: GameState, view: SeatView) -> dict[int, int]:
    """The cards each seat may not hold now, having shown void in their suits
    (:func:`~engine.kernel.seat_view.shown_voids`). (The joker's other restrictions, no reneging and
    first or last of a suit, are left to the replay.)"""
    play = state.hand.play
    assert play is not None
    strain = play.strain
    found = shown_voids(strain, view.tricks, view.trick, view.named)
    return {seat: sum(strain.follow.get(suit, 0) for suit in void) for seat, void in found.items()}


_ASIDE = -3
"""In :func:`_redealt`, the place of seat ``s``'s cards put aside for table cards is ``_ASIDE - s`` (a
seat's hand is ``s``; -1 and -2 the declarer's discards and the rest out of play)."""


def _picks(research: ResearchGame, player: int) -> list[tuple[int, int, int]]:
    """The table cards another seat than ``player`` took into its hand this hand, in order: (seat, card
    taken, card put back)."""
    space, start = research.space, research._deal_start + len(research.space.cards)
    found: list[tuple[int, int, int]] = []
    taking: dict[int, int] = {}
    for seat, number in research.history[start:]:
        kind = space.kind(number) if seat >= 0 and seat != player else ""
        if kind == "pick":
            taking[seat] = space.card(number)
        elif kind == "put_back":
            found.append((seat, taking.pop(seat), space.card(number)))
    return found


def _put_back(picks: list[tuple[int, int, int]], taken: dict[int, int], asides: dict[int, int]) -> dict[int, int]:
    """For a deal drawn with the table cards in ``taken`` dealt anew (``asides``: each seat's cards put
    aside, as drawn), the card each of ``picks`` puts back, by the card it truly put back."""
    put_back: dict[int, int] = {}
    for seat in {seat for seat, _, _ in picks}:
        drawn = asides.get(seat, 0)
        # A table card drawn as put aside was put back when taken; the seat's own cards put aside, at
        # the other picks (it held them from the deal, so any order is legal).
        own = [card for card in cards_in(drawn) if card not in taken]
        for each, card, truly in picks:
            if each == seat:
                put_back[truly] = card if drawn >> card & 1 else own.pop()
    return put_back


def _replayed(
    research: ResearchGame, relabel: list[int], order: list[int], given: dict[int, int], put_back: dict[int, int]
) -> ResearchGame | None:
    """``research``'s hand played again on the deal ``order`` with every hidden card ``c`` of its hidden
    choices read as ``relabel[c]`` (a card given or put back for a table card, as ``given`` or
    ``put_back`` reads it where it does); ``None`` if an action is not legal on that deal."""
    count = len(research.space.cards)
    moves: list[tuple[Phase, int]] = []
    for phase, move in research._moves:
        if phase is Phase.KITTY:
            move = mask_of(relabel[card] for card in cards_in(move))
        elif phase is Phase.GIVE:
            move = given.get(move, relabel[move])
        elif phase is Phase.PICK:
            discard = (move >> DISCARD_SHIFT) - 1
            move = relabel[move & CARD_MASK] | ((put_back.get(discard, relabel[discard]) + 1) << DISCARD_SHIFT if discard >= 0 else 0)
        elif phase is Phase.PLAY:
            move = relabel[move & CARD_BITS] | (move & ~CARD_BITS)
        moves.append((phase, move))
    other = ResearchGame.__new__(ResearchGame)
    other.__dict__.update(research.__dict__)
    other.game = research._start.clone() if research._start is not None else None
    other._hand_deals = [*research._hand_deals[:-1], deal_of_order(research.tables, order, research._hand_dealer)]
    other._begin_hand(other._hand_deals, research._hand_dealer)
    game = other.game
    assert game is not None
    state = game.state
    for phase, move in moves:
        if state.phase is not phase:
            return None
        try:
            game.apply_move(move)
        except IllegalActionError:
            return None
    start = research._deal_start
    history = list(research.history)
    history[start : start + count] = [(-1, card) for card in order]
    space = research.space
    for index in range(start + count, len(history)):
        seat, number = history[index]
        if space.kind(number) == "give" and space.card(number) in given:
            history[index] = (seat, space.starts["give"] + given[space.card(number)])
        elif space.kind(number) == "put_back" and space.card(number) in put_back:
            history[index] = (seat, space.starts["put_back"] + put_back[space.card(number)])
        else:
            history[index] = (seat, _relabelled(space, relabel, number))
    other.history, other.phases, other._moves = history, list(research.phases), moves
    other.order, other.pending = [], list(research.pending)
    state.hand.chosen = tuple(_relabelled(space, relabel, number) for number in research.game.state.hand.chosen) if research.game else ()
    return other


_RELABELLED = ("play", "give", "pick", "put_back", "discard")
"""The kinds of step that name a card a seat holds or held (a partner call names a card by what it is)."""


def _relabelled(space: ActionSpace, relabel: list[int], number: int) -> int:
    """Step ``number`` with the card it names read as ``relabel`` reads it (other steps as they are)."""
    kind = space.kind(number)
    if kind not in _RELABELLED:
        return number
    start = space.starts[kind]
    return start + relabel[number - start]
