"""The parts of a hand, one per phase, behind one protocol (:class:`~engine.kernel.course_state.Part`).

Every phase that expects a move has a part: who is to act, the legal moves as a mask, why a move is
illegal (the full sentence an illegal action gets), taking a move, and the conversion between its moves
and the action objects of :mod:`~engine.kernel.actions`. The game's state holds the part of the phase it
is in (``state.part``) and dispatches every question to it once (:class:`~engine.kernel.state.GameState`;
:mod:`~engine.kernel.moves` converts actions through it). A part reads the hand being played
(``state.hand``, :class:`~engine.kernel.hand.Hand`: the auction, the announcement window, the trick
play, the table cards, the drawn hands) and changes only what its move changes; when the move ends its
phase it hands over to the course's next step (``end_auction``, ``close_window``, ``after_discard``,
``after_gift``, ``after_partner``, ``after_picks``, ``after_draws``, and ``play_card`` for a card), and
the course (:mod:`~engine.kernel.course`, the only place that enters a phase) decides what comes next.

The parts keep no state of their own (one instance each serves every game), so a copy of a game state
shares them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import IllegalActionError, shown
from ..rules.announcements import Effect
from .actions import ALONE, KEEP, LOOK, PASS, REJECT, Action, Bid, Call, CallPartner, Discard, Draw, Give, Look, Pass, Pick, Play
from .auction import said
from .choices import DiscardChoices
from .course_state import PARTS, Course, Part, card_mask
from .drawing import KEEP_MOVE
from .events import Announced, BidMade, CardGiven, Discarded, Drew, Looked, Passed, Picked
from .phase import PASS_MOVE, Phase
from .play import CARD_BITS, SUIT_SHIFT
from .table_cards import CARD_MASK, DISCARD_SHIFT
from .tables import Tables, cards_in, mask_of


class Bidding(Part):
    """Phase ``AUCTION`` (:class:`~engine.kernel.auction.Auction`): :data:`PASS_MOVE`, a contract's
    ladder rank (plus ``(m + 1) * stride`` with modifier ``m``), or ``tables.look_move``; mask bit 0 the
    pass and bit ``move + 1`` each other move."""

    def to_act(self, course: Course) -> int | None:
        return course.hand.auction.to_act

    def legal_mask(self, course: Course) -> int:
        return course.hand.auction.legal_mask()

    def why_illegal(self, move: int, course: Course) -> str | None:
        return course.hand.auction.why_illegal(move)

    def apply(self, move: int, course: Course) -> None:
        auction, tables, listener = course.hand.auction, course.tables, course.listener
        if listener is not None:
            seat = auction.to_act
            if move == PASS_MOVE:
                listener.event(Passed(seat))
            elif move == tables.look_move:
                listener.event(Looked(seat))
            else:
                listener.event(BidMade(seat, said(tables, move)))
        if move == PASS_MOVE:
            auction.pass_turn()
        elif move == tables.look_move:
            auction.look()
        else:
            auction.bid(move)
        if auction.over:
            course.end_auction()

    def legal_actions(self, course: Course) -> Sequence[Action]:
        return course.hand.auction.legal_actions()

    def move_of(self, action: Action, course: Course) -> int:
        if isinstance(action, Pass):
            return PASS_MOVE
        if isinstance(action, Look):
            return course.tables.look_move
        if isinstance(action, Bid):
            return course.tables.bid_move(action)
        raise IllegalActionError(f"seat {course.hand.auction.to_act} must pass or bid during the auction, not {action}.")

    def action_of(self, move: int, tables: Tables) -> Action:
        if move == PASS_MOVE:
            return PASS
        if move == tables.look_move:
            return LOOK
        modifier, rank = divmod(move, tables.stride)
        return Bid(tables.contracts[rank].id, tables.modifiers[modifier - 1].id) if modifier else tables.bids[rank]

    def mask_of(self, actions: Sequence[Action], tables: Tables, hand: int) -> int:
        mask = 0
        for action in actions:
            if isinstance(action, Bid):
                mask |= 1 << (tables.bid_move(action) + 1)
            elif isinstance(action, Look):
                mask |= 1 << (tables.look_move + 1)
            else:
                mask |= 1
        return mask


class Exchanging(Part):
    """Phase ``KITTY``: the seat discarding (``course.hand.discarder``) puts away ``course.hand.discard_count``
    cards, the move their mask: the declarer after taking the kitty or after partners gave it cards, or
    the partner handed the declarer's discards (double misère)."""

    def to_act(self, course: Course) -> int | None:
        return course.hand.discarder

    def legal_mask(self, course: Course) -> int:
        return course.hand.hands[course.hand.discarder]  # any of the seat's cards may go

    def why_illegal(self, move: int, course: Course) -> str | None:
        seat, count, cards = course.hand.discarder, course.hand.discard_count, course.tables.cards
        hand = course.hand.hands[seat]
        if move < 0 or move >> len(cards):
            return f"seat {seat} must discard {count} of its cards (a mask within {hand:#x}), not {shown(move)}."
        if move.bit_count() != count:
            return f"seat {seat} must discard exactly {count} cards, not {move.bit_count()}."
        stray = move & ~hand
        if stray:
            return f"seat {seat} does not hold {cards[(stray & -stray).bit_length() - 1]}."
        return None

    def apply(self, move: int, course: Course) -> None:
        seat = course.hand.discarder
        course.hand.chosen = ()  # a discard taken whole ends one taken a card at a time
        if course.listener is not None:
            cards = course.tables.cards
            course.listener.event(Discarded(seat, tuple([cards[index] for index in cards_in(move)])))
        course.hand.hands[seat] &= ~move
        course.after_discard(move)

    def legal_actions(self, course: Course) -> Sequence[Action]:
        cards = course.tables.cards
        return DiscardChoices(
            tuple([cards[index] for index in cards_in(course.hand.hands[course.hand.discarder])]), course.hand.discard_count
        )

    def move_of(self, action: Action, course: Course) -> int:
        if isinstance(action, Discard):
            return mask_of(card.index for card in action.cards)
        seat = course.hand.discarder
        if course.hand.received:
            got = f"received {course.hand.received} card(s) from its partner"
        elif seat != course.hand.declarer:
            got = f"was handed the declarer's {course.hand.discard_count} discards"
        else:
            got = "has taken the kitty"
        # The example names cards the seat holds (a trial was shown 4D 5C 6C, which it did not hold).
        held = [str(course.tables.cards[index]) for index in cards_in(course.hand.hands[seat])][: course.hand.discard_count]
        example = " ".join(held) if len(held) == course.hand.discard_count else "4D 5C 6C"
        raise IllegalActionError(f"seat {seat} {got} and must discard {course.hand.discard_count} cards, like discard {example}.")

    def action_of(self, move: int, tables: Tables) -> Action:
        cards = tables.cards
        return Discard(tuple([cards[index] for index in cards_in(move)]))

    def mask_of(self, actions: Sequence[Action], tables: Tables, hand: int) -> int:
        return hand  # the discards are not built one by one: any of the seat's cards may go


class Announcing(Part):
    """Phase ``CALLS`` (:class:`~engine.kernel.calls.CallWindow`): :data:`PASS_MOVE` or an announcement's
    index in ``rules.announcements``; mask bit 0 the pass and bit ``i + 1`` announcement ``i``."""

    def to_act(self, course: Course) -> int | None:
        assert course.hand.window is not None
        return course.hand.window.to_act

    def legal_mask(self, course: Course) -> int:
        assert course.hand.window is not None
        return course.hand.window.legal_mask()

    def why_illegal(self, move: int, course: Course) -> str | None:
        assert course.hand.window is not None
        return course.hand.window.why_illegal(move, course.rules.announcements)

    def apply(self, move: int, course: Course) -> None:
        window = course.hand.window
        assert window is not None and course.hand.declarer is not None
        seat = window.to_act
        window.speak(move, course.rules.announcements)
        if move == PASS_MOVE and course.listener is not None:
            course.listener.event(Passed(seat))
        if move != PASS_MOVE:
            announcement = course.rules.announcements[move]
            course.hand.announced.append((seat, move))
            course.tell(Announced(seat, announcement.id))
            if announcement.effect is Effect.TERMS:
                course.hand.terms = course.hand.current_terms()
        if window.over:
            course.close_window(window)

    def legal_actions(self, course: Course) -> Sequence[Action]:
        return self.actions_of_mask(course)

    def move_of(self, action: Action, course: Course) -> int:
        if isinstance(action, Pass):
            return PASS_MOVE
        ids = [announcement.id for announcement in course.rules.announcements]
        if isinstance(action, Call):
            return ids.index(action.announcement)
        offered = " or ".join(str(each) for each in self.legal_actions(course))
        raise IllegalActionError(f"seat {self.to_act(course)} may now make an announcement or pass ({offered}), not {action}.")

    def action_of(self, move: int, tables: Tables) -> Action:
        return PASS if move == PASS_MOVE else Call(tables.rules.announcements[move].id)

    def mask_of(self, actions: Sequence[Action], tables: Tables, hand: int) -> int:
        ids = [announcement.id for announcement in tables.rules.announcements]
        mask = 0
        for action in actions:
            mask |= 1 << (ids.index(action.announcement) + 1) if isinstance(action, Call) else 1
        return mask


class Giving(Part):
    """Phase ``GIVE``: a partner (the first of ``course.hand.givers``) passes the declarer a card face down,
    the move its index."""

    def to_act(self, course: Course) -> int | None:
        return course.hand.givers[0]

    def legal_mask(self, course: Course) -> int:
        return course.hand.hands[course.hand.givers[0]]

    def why_illegal(self, move: int, course: Course) -> str | None:
        seat, cards = course.hand.givers[0], course.tables.cards
        if 0 <= move < len(cards) and course.hand.hands[seat] >> move & 1:
            return None
        if 0 <= move < len(cards):
            return f"seat {seat} does not hold {cards[move]}."
        return f"seat {seat} must give one of its cards {cards_in(course.hand.hands[seat])}, not {shown(move)}."

    def apply(self, move: int, course: Course) -> None:
        declarer = course.hand.declarer
        assert declarer is not None
        giver = course.hand.givers.pop(0)
        course.hand.hands[giver] &= ~(1 << move)
        course.hand.hands[declarer] |= 1 << move
        course.hand.received += 1
        course.tell(CardGiven(giver, declarer, course.tables.cards[move]))
        if not course.hand.givers:
            course.after_gift()

    def legal_actions(self, course: Course) -> Sequence[Action]:
        cards = course.tables.cards
        return [Give(cards[index]) for index in cards_in(course.hand.hands[course.hand.givers[0]])]

    def move_of(self, action: Action, course: Course) -> int:
        if isinstance(action, Give):
            return action.card.index
        seat = course.hand.givers[0]
        example = course.tables.cards[cards_in(course.hand.hands[seat])[0]]
        raise IllegalActionError(f"seat {seat} must give the declarer one of its cards, like give {example}.")

    def action_of(self, move: int, tables: Tables) -> Action:
        return Give(tables.cards[move])

    def mask_of(self, actions: Sequence[Action], tables: Tables, hand: int) -> int:
        return card_mask(actions)


class CallingPartner(Part):
    """Phase ``PARTNER`` (:class:`~engine.kernel.arrangement.SeatArrangement`): the declarer goes alone
    (:data:`PASS_MOVE`) or names card ``move``; mask bit 0 going alone and bit ``i + 1`` naming card ``i``."""

    def to_act(self, course: Course) -> int | None:
        return course.hand.declarer

    def legal_mask(self, course: Course) -> int:
        declarer, terms = course.hand.declarer, course.hand.terms
        assert declarer is not None and terms is not None
        return course.hand.arrangement.partner_mask(declarer, terms, course.hand.hands[declarer] | course.hand.discarded)

    def why_illegal(self, move: int, course: Course) -> str | None:
        declarer, terms = course.hand.declarer, course.hand.terms
        assert declarer is not None and terms is not None
        return course.hand.arrangement.why_partner_illegal(move, declarer, terms, course.hand.hands[declarer] | course.hand.discarded)

    def apply(self, move: int, course: Course) -> None:
        declarer = course.hand.declarer
        assert declarer is not None
        course.tell_all(course.hand.arrangement.call_partner(move, declarer, course.hand.hands))
        course.after_partner()

    def legal_actions(self, course: Course) -> Sequence[Action]:
        return self.actions_of_mask(course)

    def move_of(self, action: Action, course: Course) -> int:
        if isinstance(action, CallPartner):
            return PASS_MOVE if action.card is None else action.card.index
        rule = course.rules.seating.called_partner
        assert rule is not None
        nameable = cards_in(self.legal_mask(course) >> 1)
        example = str(course.tables.cards[nameable[-1]]) if nameable else "AH"
        alone = ", or go alone." if rule.may_go_alone else "."
        raise IllegalActionError(f"seat {course.hand.declarer} must call a partner by naming a card, like partner {example}{alone}")

    def action_of(self, move: int, tables: Tables) -> Action:
        return ALONE if move == PASS_MOVE else CallPartner(tables.cards[move])

    def mask_of(self, actions: Sequence[Action], tables: Tables, hand: int) -> int:
        mask = 0
        for action in actions:
            if isinstance(action, CallPartner):
                mask |= 1 if action.card is None else 1 << (action.card.index + 1)
        return mask


class Picking(Part):
    """Phase ``PICK`` (:class:`~engine.kernel.table_cards.TableCards`): the seat to pick takes a table
    card, the move its index (plus ``(discard + 1) << DISCARD_SHIFT`` where it puts a card back)."""

    def to_act(self, course: Course) -> int | None:
        return course.hand.table_cards.pickers[0]

    def legal_mask(self, course: Course) -> int:
        return course.hand.table_cards.table

    def why_illegal(self, move: int, course: Course) -> str | None:
        return course.hand.table_cards.why_pick_illegal(move, course.hand.hands, course.tables.cards)

    def apply(self, move: int, course: Course) -> None:
        table = course.hand.table_cards
        course.hand.chosen = ()  # a pick taken whole ends one taken a step at a time
        if course.listener is not None:
            cards, discard = course.tables.cards, (move >> DISCARD_SHIFT) - 1
            course.listener.event(Picked(table.pickers[0], cards[move & CARD_MASK], cards[discard] if discard >= 0 else None))
        card = table.take(move, course.hand.hands)
        if card >= 0:
            course.hand.kitty = course.hand.kitty + (card,)
        if not table.pickers:
            course.after_picks()

    def legal_actions(self, course: Course) -> Sequence[Action]:
        cards, picking = course.tables.cards, course.hand.table_cards
        table = cards_in(picking.table)
        if not picking.taking:
            return [Pick(cards[index]) for index in table]
        hand = course.hand.hands[picking.pickers[0]]
        return [Pick(cards[index], cards[discard]) for index in table for discard in cards_in(hand | 1 << index)]

    def move_of(self, action: Action, course: Course) -> int:
        if isinstance(action, Pick):
            discard = 0 if action.discard is None else (action.discard.index + 1) << DISCARD_SHIFT
            return action.card.index | discard
        cards, picking = course.tables.cards, course.hand.table_cards
        table = [cards[index] for index in cards_in(picking.table)]
        example = f"pick {table[0]} discard {table[0]}" if picking.taking else f"pick {table[0]}"
        raise IllegalActionError(
            f"seat {picking.pickers[0]} must take one of the cards on the table ({' '.join(map(str, table))}), like {example}."
        )

    def action_of(self, move: int, tables: Tables) -> Action:
        discard = (move >> DISCARD_SHIFT) - 1
        return Pick(tables.cards[move & CARD_MASK], tables.cards[discard] if discard >= 0 else None)

    def mask_of(self, actions: Sequence[Action], tables: Tables, hand: int) -> int:
        return card_mask(actions)


class Drawing(Part):
    """Phase ``DRAW`` (:class:`~engine.kernel.drawing.DrawnHands`): the player to draw keeps the card
    drawn (:data:`~engine.kernel.drawing.KEEP_MOVE`, mask bit 1) or rejects it (:data:`PASS_MOVE`, bit 0)."""

    def to_act(self, course: Course) -> int | None:
        return course.hand.drawn_hands.drawer

    def legal_mask(self, course: Course) -> int:
        return 0b11

    def why_illegal(self, move: int, course: Course) -> str | None:
        return course.hand.drawn_hands.why_draw_illegal(move)

    def apply(self, move: int, course: Course) -> None:
        drawing = course.hand.drawn_hands
        if course.listener is not None:
            course.listener.event(Drew(drawing.drawer, course.tables.cards[drawing.card_drawn()], move == KEEP_MOVE))
        if drawing.draw(move, course.hand.hands):
            course.after_draws()

    def legal_actions(self, course: Course) -> Sequence[Action]:
        return [KEEP, REJECT]

    def move_of(self, action: Action, course: Course) -> int:
        if isinstance(action, Draw):
            return KEEP_MOVE if action.keep else PASS_MOVE
        drawing = course.hand.drawn_hands
        drawn = course.tables.cards[drawing.card_drawn()]
        raise IllegalActionError(f"seat {drawing.drawer} is drawing its hand and must keep or reject the card it drew ({drawn}).")

    def action_of(self, move: int, tables: Tables) -> Action:
        return KEEP if move == KEEP_MOVE else REJECT

    def mask_of(self, actions: Sequence[Action], tables: Tables, hand: int) -> int:
        return 0b11


class Playing(Part):
    """Phase ``PLAY`` (:class:`~engine.kernel.play.TrickPlay`): a card's index, plus ``(suit position +
    1) << SUIT_SHIFT`` when a led joker names a suit; the mask holds the cards that may be played (a led
    joker that names a suit makes one move per suit it may name)."""

    def to_act(self, course: Course) -> int | None:
        assert course.hand.play is not None
        return course.hand.play.to_act

    def legal_mask(self, course: Course) -> int:
        play = course.hand.play
        assert play is not None
        return play.playable(course.hand.hands[play.to_act])

    def why_illegal(self, move: int, course: Course) -> str | None:
        play = course.hand.play
        assert play is not None
        return play.why_illegal(move, course.hand.hands[play.to_act])

    def apply(self, move: int, course: Course) -> None:
        named = move >> SUIT_SHIFT
        course.play_card(move & CARD_BITS, course.tables.suits[named - 1] if named else None)

    def legal_actions(self, course: Course) -> Sequence[Action]:
        play = course.hand.play
        assert play is not None
        return play.legal_actions(course.hand.hands[play.to_act])

    def claim_refused(self, course: Course) -> str:
        return "A claim lays down several cards: its move is claim_of(state, action), played with state.claim."

    def move_of(self, action: Action, course: Course) -> int:
        if not isinstance(action, Play):
            raise IllegalActionError(f"seat {self.to_act(course)} must play a card now, not {action}.")
        if action.suit is None:
            return action.card.index
        return action.card.index | (course.tables.suits.index(action.suit) + 1) << SUIT_SHIFT

    def action_of(self, move: int, tables: Tables) -> Action:
        named = move >> SUIT_SHIFT
        return Play(tables.cards[move & CARD_BITS], tables.suits[named - 1]) if named else tables.plays[move]

    def mask_of(self, actions: Sequence[Action], tables: Tables, hand: int) -> int:
        return card_mask(actions)


class Over(Part):
    """Phase ``GAME_OVER``: nobody moves."""

    def to_act(self, course: Course) -> int | None:
        return None

    def legal_mask(self, course: Course) -> int:
        return 0

    def why_illegal(self, move: int, course: Course) -> str | None:
        return "The game is over: no more actions can be taken."

    def apply(self, move: int, course: Course) -> None:
        raise IllegalActionError("The game is over: no more actions can be taken.")

    def legal_actions(self, course: Course) -> Sequence[Action]:
        return []

    def move_of(self, action: Action, course: Course) -> int:
        raise IllegalActionError("The game is over: no more actions can be taken.")

    def action_of(self, move: int, tables: Tables) -> Action:
        raise IllegalActionError("The game is over: no more actions can be taken.")

    def mask_of(self, actions: Sequence[Action], tables: Tables, hand: int) -> int:
        return 0


BIDDING = Bidding(Phase.AUCTION)
"""The auction's part."""
EXCHANGING = Exchanging(Phase.KITTY)
"""The kitty exchange's part (and the discard after partners gave cards)."""
ANNOUNCING = Announcing(Phase.CALLS)
"""An announcement window's part."""
GIVING = Giving(Phase.GIVE)
"""The partners' gift's part."""
CALLING_PARTNER = CallingPartner(Phase.PARTNER)
"""Calling a partner's part."""
PICKING = Picking(Phase.PICK)
"""The table cards' part."""
DRAWING = Drawing(Phase.DRAW)
"""Drawing the hands' part."""
PLAYING = Playing(Phase.PLAY)
"""The trick play's part."""
OVER = Over(Phase.GAME_OVER)
"""The part of a game that is over."""

__all__ = [
    "ANNOUNCING",
    "BIDDING",
    "CALLING_PARTNER",
    "DRAWING",
    "EXCHANGING",
    "GIVING",
    "OVER",
    "PARTS",
    "PICKING",
    "PLAYING",
    "Announcing",
    "Bidding",
    "CallingPartner",
    "Drawing",
    "Exchanging",
    "Giving",
    "Over",
    "Part",
    "Picking",
    "Playing",
]
