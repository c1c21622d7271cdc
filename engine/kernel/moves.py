"""Actions and moves, one vocabulary: the conversion between the action objects of
:mod:`~engine.kernel.actions` (what an embedder, a transcript and the command line say) and the kernel's
move numbers (what :class:`~engine.kernel.state.GameState` plays), in both directions, and the legal
actions of the seat to act.

Whether a move is *legal now* is the state's business (:meth:`GameState.why_illegal
<engine.kernel.state.GameState.why_illegal>`, each phase's part answering for its moves); this module
only says which move an action stands for, and refuses, in a full sentence, an action of a kind the
phase has no move for (a card played during the auction).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..errors import IllegalActionError
from .actions import ALONE, KEEP, LOOK, PASS, REJECT, Action, Bid, Call, CallPartner, Claim, Discard, Draw, Give, Look, Pass, Pick, Play
from .choices import DiscardChoices
from .drawing import KEEP_MOVE
from .phase import PASS_MOVE, Phase
from .play import CARD_BITS, SUIT_SHIFT
from .state import GameState
from .table_cards import CARD_MASK, DISCARD_SHIFT
from .tables import Tables, cards_in, mask_of


def _auction_move(state: GameState, action: Action) -> int:
    if isinstance(action, Pass):
        return PASS_MOVE
    if isinstance(action, Look):
        return state.tables.look_move
    if isinstance(action, Bid):
        return state.tables.bid_move(action)
    raise IllegalActionError(f"seat {state.to_act} must pass or bid during the auction, not {action}.")


def _play_move(state: GameState, action: Action) -> int:
    if not isinstance(action, Play):
        raise IllegalActionError(f"seat {state.to_act} must play a card now, not {action}.")
    if action.suit is None:
        return action.card.index
    return action.card.index | (state.tables.suits.index(action.suit) + 1) << SUIT_SHIFT


def _discard_move(state: GameState, action: Action) -> int:
    if isinstance(action, Discard):
        return mask_of(card.index for card in action.cards)
    seat = state.discarder
    if state.received:
        got = f"received {state.received} card(s) from its partner"
    elif seat != state.declarer:
        got = f"was handed the declarer's {state.discard_count} discards"
    else:
        got = "has taken the kitty"
    raise IllegalActionError(f"seat {seat} {got} and must discard {state.discard_count} cards, like discard 4D 5C 6C.")


def _window_move(state: GameState, action: Action) -> int:
    if isinstance(action, Pass):
        return PASS_MOVE
    ids = [announcement.id for announcement in state.rules.announcements]
    if isinstance(action, Call):
        return ids.index(action.announcement)
    offered = " or ".join(str(each) for each in legal_actions(state))
    raise IllegalActionError(f"seat {state.to_act} may now make an announcement or pass ({offered}), not {action}.")


def _give_move(state: GameState, action: Action) -> int:
    if isinstance(action, Give):
        return action.card.index
    seat = state.givers[0]
    raise IllegalActionError(
        f"seat {seat} must give the declarer one of its cards, like give {state.tables.cards[cards_in(state.hands[seat])[0]]}."
    )


def _partner_move(state: GameState, action: Action) -> int:
    if isinstance(action, CallPartner):
        return PASS_MOVE if action.card is None else action.card.index
    rule = state.rules.seating.called_partner
    assert rule is not None
    nameable = cards_in(state.partner_mask() >> 1)
    example = str(state.tables.cards[nameable[-1]]) if nameable else "AH"
    alone = ", or go alone." if rule.may_go_alone else "."
    raise IllegalActionError(f"seat {state.declarer} must call a partner by naming a card, like partner {example}{alone}")


def _pick_move(state: GameState, action: Action) -> int:
    if isinstance(action, Pick):
        discard = 0 if action.discard is None else (action.discard.index + 1) << DISCARD_SHIFT
        return action.card.index | discard
    cards = state.tables.cards
    picking = state.table_cards
    table = [cards[index] for index in cards_in(picking.table)]
    example = f"pick {table[0]} discard {table[0]}" if picking.taking else f"pick {table[0]}"
    raise IllegalActionError(
        f"seat {picking.pickers[0]} must take one of the cards on the table ({' '.join(map(str, table))}), like {example}."
    )


def _draw_move(state: GameState, action: Action) -> int:
    if isinstance(action, Draw):
        return KEEP_MOVE if action.keep else PASS_MOVE
    drawing = state.drawn_hands
    drawn = state.tables.cards[drawing.card_drawn()]
    raise IllegalActionError(f"seat {drawing.drawer} is drawing its hand and must keep or reject the card it drew ({drawn}).")


def _no_move(state: GameState, action: Action) -> int:
    raise IllegalActionError("The game is over: no more actions can be taken.")


_MOVE_OF: dict[Phase, Callable[[GameState, Action], int]] = {
    Phase.AUCTION: _auction_move,
    Phase.PLAY: _play_move,
    Phase.KITTY: _discard_move,
    Phase.CALLS: _window_move,
    Phase.GIVE: _give_move,
    Phase.PARTNER: _partner_move,
    Phase.PICK: _pick_move,
    Phase.DRAW: _draw_move,
    Phase.GAME_OVER: _no_move,
}
"""Per phase: the move an action stands for, or a full-sentence refusal of an action of another kind."""


def move_of(state: GameState, action: Action) -> int:
    """The move that the well-formed ``action`` (see :func:`~engine.kernel.actions.well_formed`) stands
    for in ``state``'s phase. Raises :class:`~engine.errors.IllegalActionError` for an action of a kind the
    phase has no move for, and for a claim, which is not one move (see :func:`claim_of`). Whether the
    move is legal now is :meth:`GameState.why_illegal <engine.kernel.state.GameState.why_illegal>`'s
    answer."""
    if isinstance(action, Claim):
        if state.phase is not Phase.PLAY:
            raise IllegalActionError(f"seat {state.to_act} may lay cards down to claim tricks only during the play, not now.")
        raise IllegalActionError("A claim lays down several cards: its move is claim_of(state, action), played with state.claim.")
    return _MOVE_OF[state.phase](state, action)


def claim_of(action: Claim) -> list[int]:
    """The card indices a claim lays down, in the order they lead (for :meth:`GameState.claim
    <engine.kernel.state.GameState.claim>`)."""
    return [card.index for card in action.cards]


def action_of(state: GameState, move: int) -> Action:
    """The action that the legal ``move`` stands for in ``state``'s phase: the inverse of :func:`move_of`."""
    return action_for(state.phase, state.tables, move)


def action_for(phase: Phase, tables: Tables, move: int) -> Action:
    """The action that ``move`` stands for in ``phase`` under the variant of ``tables``."""
    cards = tables.cards
    if phase is Phase.PLAY:
        named = move >> SUIT_SHIFT
        return Play(cards[move & CARD_BITS], tables.suits[named - 1]) if named else tables.plays[move]
    if phase is Phase.AUCTION:
        if move == PASS_MOVE:
            return PASS
        if move == tables.look_move:
            return LOOK
        modifier, rank = divmod(move, tables.stride)
        return Bid(tables.contracts[rank].id, tables.modifiers[modifier - 1].id) if modifier else tables.bids[rank]
    if phase is Phase.KITTY:
        return Discard(tuple([cards[index] for index in cards_in(move)]))
    if phase is Phase.CALLS:
        return PASS if move == PASS_MOVE else Call(tables.rules.announcements[move].id)
    if phase is Phase.GIVE:
        return Give(cards[move])
    if phase is Phase.PARTNER:
        return ALONE if move == PASS_MOVE else CallPartner(cards[move])
    if phase is Phase.PICK:
        discard = (move >> DISCARD_SHIFT) - 1
        return Pick(cards[move & CARD_MASK], cards[discard] if discard >= 0 else None)
    if phase is Phase.DRAW:
        return KEEP if move == KEEP_MOVE else REJECT
    raise IllegalActionError("The game is over: no more actions can be taken.")


def legal_mask_of(phase: Phase, tables: Tables, hand: int, actions: Sequence[Action]) -> int:
    """The legal moves ``actions`` (the legal actions of a seat holding ``hand``, in ``phase``) as the
    mask :meth:`GameState.legal_mask <engine.kernel.state.GameState.legal_mask>` gives: the other
    direction of :func:`legal_actions`, for a bot handed actions that decides over moves."""
    if phase is Phase.KITTY:
        return hand  # the discards are not built one by one: any of the seat's cards may go
    if phase is Phase.DRAW:
        return 0b11
    mask = 0
    if phase is Phase.AUCTION:
        for action in actions:
            if isinstance(action, Bid):
                mask |= 1 << (tables.bid_move(action) + 1)
            elif isinstance(action, Look):
                mask |= 1 << (tables.look_move + 1)
            else:
                mask |= 1
    elif phase is Phase.CALLS:
        ids = [announcement.id for announcement in tables.rules.announcements]
        for action in actions:
            mask |= 1 << (ids.index(action.announcement) + 1) if isinstance(action, Call) else 1
    elif phase is Phase.PARTNER:
        for action in actions:
            if isinstance(action, CallPartner):
                mask |= 1 if action.card is None else 1 << (action.card.index + 1)
    else:
        for action in actions:
            if isinstance(action, (Play, Give, Pick)):
                mask |= 1 << action.card.index
    return mask


def said(tables: Tables, move: int) -> str:
    """An auction move as the bidding is written for people and the protocol (an observation's
    ``calls``): ``"pass"``, a contract's id, or its id and a modifier's after a space."""
    if move == PASS_MOVE:
        return "pass"
    modifier, rank = divmod(move, tables.stride)
    contract = tables.contracts[rank].id
    return f"{contract} {tables.modifiers[modifier - 1].id}" if modifier else contract


def said_move(tables: Tables, text: str) -> int:
    """The auction move written ``text`` as :func:`said` writes it (the inverse of :func:`said`)."""
    if text == "pass":
        return PASS_MOVE
    contract, _, modifier = text.partition(" ")
    return tables.bid_move(Bid(contract, modifier or None))


def legal_actions(state: GameState) -> Sequence[Action]:
    """Every legal action of the seat to act (empty once the game is over, or while paused), as a
    sequence that may be lazy: the declarer's discards are not built one by one until asked for."""
    phase, tables = state.phase, state.tables
    cards = tables.cards
    if state.paused:
        return []
    if phase is Phase.AUCTION:
        return state.auction.legal_actions()
    if phase is Phase.PLAY:
        assert state.play is not None
        return state.play.legal_actions(state.hands[state.play.to_act])
    if phase is Phase.KITTY:
        return DiscardChoices(tuple([cards[index] for index in cards_in(state.hands[state.discarder])]), state.discard_count)
    if phase is Phase.DRAW:
        return [KEEP, REJECT]
    if phase is Phase.CALLS or phase is Phase.PARTNER:
        return [action_of(state, bit - 1) for bit in cards_in(state.legal_mask())]
    if phase is Phase.GIVE:
        return [Give(cards[index]) for index in cards_in(state.hands[state.givers[0]])]
    if phase is Phase.PICK:
        picking = state.table_cards
        table = cards_in(picking.table)
        if not picking.taking:
            return [Pick(cards[index]) for index in table]
        hand = state.hands[picking.pickers[0]]
        return [Pick(cards[index], cards[discard]) for index in table for discard in cards_in(hand | 1 << index)]
    return []


__all__ = ["action_for", "action_of", "claim_of", "legal_actions", "legal_mask_of", "move_of", "said", "said_move"]
