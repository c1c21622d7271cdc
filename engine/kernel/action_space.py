"""One flat action space per variant: every move any phase can take as one whole number.

As OpenSpiel's euchre numbers its actions (``kPassAction``, ``kClubsTrumpAction``, ...,
``kNumDistinctActions``), :class:`ActionSpace` numbers every step a seat can take under a variant, each
kind in a range of its own, so a number means the same thing in every phase:

========================  =====================================================================
range                     step
========================  =====================================================================
``play``                  play card ``i`` (``i`` its index in the deck)
``play_named``            play joker ``j`` naming suit ``s``, where a led joker names its suit
``bid``                   each contract of the ladder, plain and with each modifier (sans kitty)
``pass`` ... ``alone``    pass, look, keep and reject a drawn card, go alone
``call``                  each announcement
``partner``               call as partner the holder of card ``i``
``give``                  give card ``i`` to the declarer
``pick``                  take table card ``i``
``put_back``              the card put back for a table card taken (the second step of a pick)
``discard``               discard card ``i`` (a discard of several cards is one step a card)
========================  =====================================================================

A discard of several cards, and a pick that puts a card back, are taken a step at a time: the cards
chosen so far wait in the state (:attr:`~engine.kernel.hand.Hand.chosen`) until the last step
makes the whole move. :func:`legal_ids` is every legal step, complete (a led joker with each suit it may
name, the discards one card at a time); :func:`apply_id` takes one. The action objects of
:mod:`~engine.kernel.actions` stay the notation: :meth:`ActionSpace.steps` says which steps an action is.
Claims are not numbered (a claim lays several cards down at once; see :class:`~engine.Game`).
"""

from __future__ import annotations

from ..errors import IllegalActionError, UsageError, shown
from ..rules.ruleset import Rules
from .actions import ALONE, KEEP, LOOK, PASS, REJECT, Action, Bid, Call, CallPartner, Claim, Discard, Draw, Give, Look, Pass, Pick, Play
from .choices import DiscardChoices
from .moves import legal_actions, move_of
from .phase import Phase
from .state import GameState

SINGLE = ("pass", "look", "keep", "reject", "alone")
"""The steps that are one number each, in their order in the space."""

_SINGLE_ACTIONS: dict[str, Action] = {"pass": PASS, "look": LOOK, "keep": KEEP, "reject": REJECT, "alone": ALONE}


class ActionSpace:
    """Every step of a variant's game as one whole number, and back: the kernel's one action space."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        """The variant."""
        cards = rules.deck.cards
        count = len(cards)
        self.cards = cards
        """The deck: card ``i`` of each card range is the deck's card ``i``."""
        jokers = [card for card in cards if card.is_joker]
        suits = [suit.id for suit in rules.deck.suits]
        modifiers: list[str | None] = [None, *[extra.id for extra in rules.extras if extra.kind == "modifier"]]
        bids = [(contract.id, modifier) for contract in rules.ladder for modifier in modifiers]
        sizes = {
            "play": count,
            "play_named": len(jokers) * len(suits),
            "bid": len(bids),
            **{word: 1 for word in SINGLE},
            "call": len(rules.announcements),
            "partner": count,
            "give": count,
            "pick": count,
            "put_back": count,
            "discard": count,
        }
        self.starts: dict[str, int] = {}
        """Where each range starts (``"play"``, ``"play_named"``, ``"bid"``, ``"pass"``, ..., ``"discard"``)."""
        start = 0
        for kind, size in sizes.items():
            self.starts[kind] = start
            start += size
        self.size = start
        """How many numbers there are (OpenSpiel's ``num_distinct_actions``)."""
        self._named = {
            (joker.index, suit): self.starts["play_named"] + j * len(suits) + s
            for j, joker in enumerate(jokers)
            for s, suit in enumerate(suits)
        }
        self._bids = {bid: self.starts["bid"] + number for number, bid in enumerate(bids)}
        self._calls = {announcement.id: self.starts["call"] + number for number, announcement in enumerate(rules.announcements)}
        self._actions: dict[int, Action] = {self._named[key]: Play(cards[key[0]], key[1]) for key in self._named}
        self._actions.update({number: Bid(contract, modifier) for (contract, modifier), number in self._bids.items()})
        self._actions.update({self.starts[word]: _SINGLE_ACTIONS[word] for word in SINGLE})
        self._actions.update({number: Call(announcement) for announcement, number in self._calls.items()})
        for kind, make in (("play", Play), ("partner", CallPartner), ("give", Give), ("pick", Pick)):
            for card in cards:
                self._actions[self.starts[kind] + card.index] = make(card)

    def kind(self, number: int) -> str:
        """The range ``number`` lies in (``"play"``, ``"bid"``, ``"discard"``, ...); raises ``ValueError``
        for a number outside the space."""
        if type(number) is not int or not 0 <= number < self.size:
            raise UsageError(f"An action number is a whole number from 0 to {self.size - 1}, not {shown(number)}.")
        found = "play"
        for kind, start in self.starts.items():  # an empty range shares its start with the next: the last wins
            if start > number:
                break
            found = kind
        return found

    def card(self, number: int) -> int:
        """The deck index of the card a card step names (play, partner, give, pick, put back, discard)."""
        return number - self.starts[self.kind(number)]

    def name(self, number: int) -> str:
        """The step's notation: its action's text (``"bid 7H"``, ``"play JK:H"``), for a step of a
        discard ``"discard"`` and its card, for the card put back for a pick ``"put back"`` and its card."""
        action = self._actions.get(number)
        if action is not None:
            return str(action)
        kind = self.kind(number)
        card = self.cards[number - self.starts[kind]]
        return f"put back {card}" if kind == "put_back" else f"{kind} {card}"

    def action(self, number: int) -> Action:
        """The action a whole step stands for; raises ``ValueError`` for a step that is only part of one
        (a card of a discard, a card put back)."""
        action = self._actions.get(number)
        if action is None:
            raise UsageError(f"Action {number} ({self.name(number)}) is one step of a larger action, not a whole one.")
        return action

    def steps(self, action: Action) -> tuple[int, ...]:
        """The numbers of the steps ``action`` is taken in (one, but a card at a time for a discard, and
        the card taken then the card put back for a pick that puts one back). Raises ``ValueError`` for a
        claim or an action the variant has no number for."""
        starts = self.starts
        try:
            if isinstance(action, Play):
                return (self._named[(action.card.index, action.suit)] if action.suit else starts["play"] + action.card.index,)
            if isinstance(action, Bid):
                return (self._bids[(action.contract, action.modifier)],)
            if isinstance(action, Discard):
                return tuple(starts["discard"] + card.index for card in action.cards)
            if isinstance(action, Pick):
                back = () if action.discard is None else (starts["put_back"] + action.discard.index,)
                return (starts["pick"] + action.card.index, *back)
            if isinstance(action, Give):
                return (starts["give"] + action.card.index,)
            if isinstance(action, CallPartner):
                return (starts["alone"] if action.card is None else starts["partner"] + action.card.index,)
            if isinstance(action, Call):
                return (self._calls[action.announcement],)
            if isinstance(action, Draw):
                return (starts["keep" if action.keep else "reject"],)
            if isinstance(action, (Pass, Look)):
                return (starts[str(action)],)
        except KeyError:
            pass
        if isinstance(action, Claim):
            raise UsageError("A claim lays several cards down at once and has no number: apply it as an action.")
        raise UsageError(f"{action} has no number under {self.rules.name}.")


_SPACES: dict[int, ActionSpace] = {}


def action_space(rules: Rules) -> ActionSpace:
    """The action space of ``rules`` (made once per rules object and cached)."""
    space = _SPACES.get(id(rules))
    if space is None or space.rules is not rules:
        if len(_SPACES) > 64:
            _SPACES.clear()
        space = _SPACES[id(rules)] = ActionSpace(rules)
    return space


def legal_ids(state: GameState) -> list[int]:
    """Every legal step of the seat to act, ascending (empty once the game is over or while paused): a
    led joker with each suit it may name, and a discard's or a pick's next step given the cards
    :attr:`~engine.kernel.hand.Hand.chosen` so far."""
    space = action_space(state.rules)
    choices = legal_actions(state)
    chosen = state.hand.chosen
    if isinstance(choices, DiscardChoices):
        start = space.starts["discard"]
        return [start + card.index for card in choices.cards if start + card.index not in chosen]
    if state.phase is Phase.PICK and chosen:
        taken = space.card(chosen[0])
        start = space.starts["put_back"]
        return sorted(
            {
                start + action.discard.index
                for action in choices
                if isinstance(action, Pick) and action.card.index == taken and action.discard is not None
            }
        )
    return sorted({space.steps(action)[0] for action in choices})


def why_id_illegal(state: GameState, number: object) -> str | None:
    """Why step ``number`` is not legal for the seat to act now (a full sentence), or ``None`` when it is."""
    space = action_space(state.rules)
    if type(number) is not int or not 0 <= number < space.size:
        return f"An action number is a whole number from 0 to {space.size - 1}, not {shown(number)}."
    legal = legal_ids(state)
    if number in legal:
        return None
    if not legal:
        return "No seat is to act: the game is over or paused between hands."
    listed = ", ".join(f"{each} ({space.name(each)})" for each in legal[:12])
    more = f" and {len(legal) - 12} more" if len(legal) > 12 else ""
    return f"Action {number} ({space.name(number)}) is not legal for seat {state.to_act} now; the legal actions are {listed}{more}."


def whole_action(state: GameState, number: int) -> Action | None:
    """The whole action legal step ``number`` completes with the steps chosen before it, or ``None``
    where it is only a step of one (a discard's card short of the last, a table card taken before the
    card put back)."""
    space = action_space(state.rules)
    kind = space.kind(number)
    if kind == "discard":
        chosen = (*state.hand.chosen, number)
        if len(chosen) < state.hand.discard_count:
            return None
        return Discard(tuple(space.cards[space.card(each)] for each in sorted(chosen)))
    if kind == "pick" and state.hand.table_cards.taking:
        return None
    if kind == "put_back":
        return Pick(space.cards[space.card(state.hand.chosen[0])], space.cards[space.card(number)])
    return space.action(number)


def apply_id(state: GameState, number: object) -> int | None:
    """Take step ``number`` for the seat to act: the kernel move it completes, made (see
    :mod:`engine.kernel.state`), or ``None`` where it was only a step, kept in
    :attr:`~engine.kernel.hand.Hand.chosen`. Raises :class:`~engine.errors.IllegalActionError`
    saying why for a step that is not legal now, the state unchanged."""
    reason = why_id_illegal(state, number)
    if reason is not None:
        raise IllegalActionError(reason)
    assert isinstance(number, int)
    return take_step(state, number, whole_action(state, number))


def take_step(state: GameState, number: int, action: Action | None) -> int | None:
    """:func:`apply_id` for step ``number`` already checked legal, ``action`` being its
    :func:`whole_action` (for a caller that records the action before taking it)."""
    if action is None:
        state.hand.chosen = (*state.hand.chosen, number)
        return None
    move = move_of(state, action)
    state.make_move(move)  # which drops the steps chosen
    return move


def chosen_cards(state: GameState) -> list[int]:
    """The deck indices of the cards chosen so far for the discard or pick in progress."""
    space = action_space(state.rules)
    return [space.card(number) for number in state.hand.chosen]


__all__ = ["SINGLE", "ActionSpace", "action_space", "apply_id", "chosen_cards", "legal_ids", "take_step", "whole_action", "why_id_illegal"]
