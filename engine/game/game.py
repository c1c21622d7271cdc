"""The game: a mutable state made from immutable rules, played hand after hand to the end.

The interface is small, in the style of OpenSpiel: :attr:`Game.phase`, :attr:`Game.to_act`,
:meth:`Game.legal_actions`, :meth:`Game.apply`, :attr:`Game.is_over`, :attr:`Game.scores` and
:attr:`Game.winner`. Chance is explicit: deals come from a seeded or injected ``random.Random`` or
from scripted :class:`~engine.kernel.deal.Deal` records. The kernel reads only the rule objects; it never asks
which variant it is playing.

A game wraps the kernel's :class:`~engine.kernel.state.GameState` (integer cards, moves by number) with what
an embedder needs on top: action objects and their text (converted to the kernel's moves by
:mod:`~engine.kernel.moves`, whose legality and full-sentence errors are the kernel's), the hand records
behind transcripts and saved games, the events the kernel reports, and per-seat observations.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Any, cast

from ..errors import ConcurrentUseError, FiveHundredError, IllegalActionError, NotFoundError, UsageError, shown
from ..kernel.action_space import ActionSpace, action_space, legal_ids, take_step, whole_action, why_id_illegal
from ..kernel.actions import ALONE, KEEP, LOOK, PASS, REJECT, Action, Claim, parse_action, well_formed
from ..kernel.carried import check_carried_over
from ..kernel.deal import Deal, DealError
from ..kernel.events import Event, GameEnd, HandResult, HandScored
from ..kernel.listening import HandStart
from ..kernel.moves import action_of, claim_of, legal_actions, move_of
from ..kernel.phase import Phase
from ..kernel.scoring import game_end
from ..kernel.seat_view import seat_view
from ..kernel.shuffling import checked_seed
from ..kernel.state import GameState
from ..kernel.support import check_supported
from ..kernel.tables import Tables, mask_of, tables_for
from ..rules.cards import Card
from ..rules.contracts import Contract
from ..rules.ruleset import Rules
from .observation import Observation, Trick, card_tuple, render
from .records import MAX_SCORE, HandRecord, TranscriptError, hand_transcript, scores_fit
from .saving import SavedGameError, read_saved_game, restore_rng, saved_game_data, verify_saved_check


def _scripted_deal(rules: Rules, deal: object, where: str) -> Deal:
    """A scripted deal, given as a :class:`Deal` or in transcript form, checked against ``rules``."""
    if isinstance(deal, Deal):
        deal.check(rules, where)
        return deal
    if isinstance(deal, Mapping):
        return Deal.from_dict(rules, deal, where)
    raise DealError(
        f'{where} must be an engine.Deal or a mapping in transcript form ({{"hands": [...], "kitty": [...]}}), not {type(deal).__name__}.'
    )


def _unreached(game: Game, number: int) -> str:
    """Why a saved game's ``hands[number]`` cannot be played after the hands before it: they ended
    ``game``, or left a hand unfinished (only a saved game's last hand may be in progress)."""
    if game.is_over:
        return f"saved game: hands[{number}] was never reached: the game had already ended."
    current = game.hand_number
    return (
        f"saved game: there can be no hands[{number}]: hands[{current}] is not finished (its actions stop in the "
        f"{game.phase.value} with player {game.to_act} to act), and only a saved game's last hand may be in progress."
    )


def _ending_words(rules: Rules, how: GameEnd) -> str:
    """Which end rule scores meet, in words, for a game refused to start from them."""
    end = rules.end
    if how in (GameEnd.TARGET, GameEnd.FRONT_DOOR):
        return f"a side has {'exactly' if end.exact_target else 'reached'} {end.target}"
    if how is GameEnd.BACK_DOOR:
        return f"a side is at or below {end.lose_at}"
    if how is GameEnd.OVER_THE_TOP:
        return f"a side is at or above {end.lose_at_or_above}, which loses"
    return f"the sides are {end.point_spread} or more apart, one above zero and one below"


def _disagreement(
    number: int, started: tuple[int, Sequence[int]], recorded: tuple[int, Sequence[int]], absent: AbstractSet[str] = frozenset()
) -> str:
    """What disagrees when a saved game's ``hands[number]`` ``recorded`` another dealer or other scores
    than the game ``started`` that hand with: for the first hand, the game's top-level ``dealer`` and
    ``scores`` (which the first hand starts from; those ``absent`` took their defaults); for a later one,
    the replay of the hands before it."""
    fields = []
    for name, begun, said in (("dealer", started[0], recorded[0]), ("scores", list(started[1]), list(recorded[1]))):
        if begun != said:
            fields.append((name, begun, said))
    if number == 0:
        told = "; ".join(
            f"the top-level '{name}' is {f'absent (so {begun})' if name in absent else begun}, but hands[0] records '{name}' {said}"
            for name, begun, said in fields
        )
        return f"saved game: {told}. The first hand starts from the game's top-level dealer and scores, so they must agree."
    told = "; ".join(
        f"hands[{number}] records '{name}' {said}, but replaying the hands before it gives {begun}" for name, begun, said in fields
    )
    return f"saved game: {told}."


class _OneCaller:
    """A game's guard against a second thread: entered around each call that reads or changes the game,
    it refuses a call made while another is running (a game is not thread-safe) rather than wait."""

    __slots__ = ("_lock",)

    def __init__(self) -> None:
        self._lock = threading.Lock()

    def __enter__(self) -> None:
        if not self._lock.acquire(False):
            raise ConcurrentUseError(
                "This Game is in use by another thread: a Game is not thread-safe. Use one Game per thread, "
                "or hold a lock of your own around every call on it."
            )

    def __exit__(self, *_: object) -> None:
        self._lock.release()


class _Recorder:
    """What the kernel's state tells a :class:`Game` (the :class:`~engine.kernel.listening.StateListener`
    protocol): each new hand and event, kept in the game's records. Apart from the game, so that its
    public methods cannot be called to forge a history (an embedder's trial: ``game.event(...)`` was
    accepted, and missing from the saved game)."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        self.game = game
        """The game whose records this keeps."""

    def hand_started(self, start: HandStart) -> None:
        """Record a new hand."""
        game = self.game
        misdeals = [deal for deal, _ in start.misdeals]
        game._records.append(HandRecord(start.dealer, start.scores, start.deal, misdeals, banned=start.banned, redeals=start.redeals))
        game._completed = []

    def event(self, event: Event) -> None:
        """Record an event."""
        game = self.game
        if isinstance(event, HandScored):
            game._records[-1].result = event.result
        game._events.append(event)


class Game:
    """One game of 500 under ``rules``, from the first deal to the end.

    ``seed`` seeds the shuffle (or pass ``rng``, a ``random.Random`` of your own); ``deals`` scripts the
    first deals exactly, each a :class:`~engine.kernel.deal.Deal` or a mapping in transcript form
    (``{"hands": [["AS", ...], ...], "kitty": [...]}``); ``dealer`` deals the first hand; ``scores`` are
    the team scores to start from. A game may start where another left off: ``banned`` are the seats that
    may not bid in the first hand (the set rule, ralphing, breach) and ``redeals`` the all-pass redeals
    its dealer has made in a row so far. Raises ``ValueError`` (:class:`~engine.kernel.deal.DealError` for
    a deal) naming a bad argument, and :class:`~engine.kernel.support.UnsupportedRuleError` if the variant
    states a rule the kernel does not play yet.
    """

    def __init__(
        self,
        rules: Rules,
        *,
        seed: int | str | None = None,
        dealer: int = 0,
        rng: random.Random | None = None,
        deals: Iterable[Deal | Mapping[str, Any]] | None = None,
        scores: Sequence[int] | None = None,
        banned: Sequence[int] | AbstractSet[int] = (),
        redeals: int = 0,
    ) -> None:
        if not isinstance(rules, Rules):
            raise UsageError(f"Game needs compiled rules (engine.load_variant(...)), not {type(rules).__name__}.")
        check_supported(rules)
        players, teams = rules.seating.players, len(rules.seating.teams)
        if type(dealer) is not int or not 0 <= dealer < players:
            raise UsageError(f"The dealer must be a seat from 0 to {players - 1}, not {shown(dealer)}.")
        checked_seed(seed)
        if rng is not None and not isinstance(rng, random.Random):
            raise UsageError(f"rng must be a random.Random (or None, to shuffle from seed), not {type(rng).__name__}.")
        if rng is not None and seed is not None:
            # One would be ignored (an embedder's trial: the seed was, silently).
            raise UsageError("Give seed or rng, not both: the shuffle draws from rng, so the seed would be ignored.")
        start = (0,) * teams if scores is None else scores
        if not scores_fit(start, teams):
            raise UsageError(f"Scores must be {teams} whole numbers within ±{MAX_SCORE:,}, one per team, not {shown(scores)}.")
        start = tuple(start)
        # Wager points that cannot end the game (breach) carry scores past the end rules while it goes on,
        # so there any scores may start a hand (a review: a breach game's second hand was refused).
        wagers_end = rules.breach is None or rules.breach.can_end_game
        ended = game_end(rules, start, None, False) if wagers_end else None
        if ended is not None:
            # A trial loaded a saved game edited to 600 to 0 under first-to-500 and played on from it.
            raise UsageError(
                f"Scores {shown(list(start))} would already have ended the game ({_ending_words(rules, ended[1])}): "
                "a game starts from scores no end rule has reached."
            )
        self.rules = rules
        """The variant being played."""
        self._tables: Tables = tables_for(rules)
        # For observations: the cards of each mask asked for lately (a hand changes one card at a time,
        # and is asked for at every decision), and what the variant fixes.
        self._card_tuples: dict[int, tuple[Card, ...]] = {}
        # The action objects legal_choices() hands out for this variant, well formed by construction: an
        # action that is one of them (the same object) skips the text round trip of well_formed().
        self._canonical = frozenset(map(id, (*self._tables.plays, *self._tables.bids, PASS, LOOK, KEEP, REJECT, ALONE)))
        scripted = [_scripted_deal(rules, deal, f"deals[{number}]") for number, deal in enumerate(deals or [])]
        carried = check_carried_over(rules, banned, redeals)
        self._busy = _OneCaller()  # entered around every call that reads or changes the game
        self._first_dealer = dealer
        self._initial_scores = start
        self._initial_carried = carried
        self._events: list[Event] = []
        self._records: list[HandRecord] = []
        self._completed: list[Trick] = []  # the current hand's tricks as records, built as they are asked for
        rng = rng if rng is not None else random.Random(seed)
        self._state = GameState(rules, self._tables, rng, dealer, start, scripted, _Recorder(self), *carried)

    # -- the state interface ----------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """Where the game stands."""
        return self._state.phase

    @property
    def to_act(self) -> int | None:
        """The player expected to act, or ``None`` once the game is over (where players also play dummies,
        the player whose dummy is to play: see :attr:`acting_seat`)."""
        return self._state.player_to_act

    @property
    def acting_seat(self) -> int | None:
        """The seat at the table whose turn it is: :attr:`to_act` itself, or a dummy's seat (two-handed)
        whose cards its player chooses. Transcripts record each action with this seat."""
        return self._state.to_act

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._state.phase is Phase.GAME_OVER

    @property
    def scores(self) -> tuple[int, ...]:
        """Team scores, in team order."""
        return self._state.scores

    @property
    def winner(self) -> int | None:
        """The winning team once the game is over (``None`` before, or if nobody could be named)."""
        return self._state.winner

    @property
    def dealer(self) -> int:
        """The current hand's dealer."""
        return self._state.dealer

    @property
    def hand_number(self) -> int:
        """The current hand's number, from 0 (every deal counts, all-pass hands included)."""
        return self._state.hand_number

    @property
    def contract(self) -> Contract | None:
        """The contract being played in this hand, once the auction is won."""
        return self._state.hand.contract

    @property
    def declarer(self) -> int | None:
        """The declarer's seat in this hand, once the auction is won."""
        return self._state.hand.declarer

    @property
    def state(self) -> GameState:
        """The kernel's state underneath (integer cards, hands as masks: see :mod:`engine.kernel.state`),
        for analysis tools such as the double-dummy solver. Read it or copy it; changing it bypasses
        every check and record of this game."""
        return self._state

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that has happened, in order."""
        return tuple(self._events)

    def events_since(self, count: int) -> tuple[Event, ...]:
        """The events after the first ``count`` (all of them for 0): what happened since a caller last
        looked, without copying the whole history."""
        if type(count) is not int or count < 0:
            raise UsageError(f"count must be a whole number of events, at least 0, not {shown(count)}.")
        return tuple(self._events[count:])

    @property
    def results(self) -> tuple[HandResult, ...]:
        """The outcome of every finished hand, in order."""
        return tuple(record.result for record in self._records if record.result is not None)

    @property
    def records(self) -> tuple[HandRecord, ...]:
        """Every hand so far (the last one may be in progress)."""
        return tuple(self._records)

    def hand_of(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now, in deck order (omniscient: bots use :meth:`observation`); raises
        ``ValueError`` for a seat that is not at the table."""
        return self._cards(self._state.hand.hands[self._seat(seat)])

    def _seat(self, seat: object) -> int:
        """``seat``, checked to be a seat at the table (a player's or a dummy's)."""
        seats = self.rules.seating.seats
        if type(seat) is not int or not 0 <= seat < seats:
            raise UsageError(f"There is no seat {shown(seat)}: the seats are 0 to {seats - 1}.")
        return seat

    def _cards(self, mask: int) -> tuple[Card, ...]:
        return card_tuple(self._tables.cards, self._card_tuples, mask)

    # -- actions ----------------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act (empty only once the game is over)."""
        return list(self.legal_choices())

    def legal_choices(self) -> Sequence[Action]:
        """The legal actions as a sequence that may be lazy: the declarer's discards are not built one
        by one until asked for (a 6-card kitty gives thousands). Same contents as :meth:`legal_actions`."""
        return legal_actions(self._state)

    def parse(self, text: str) -> Action:
        """The action written ``text`` (``"bid 7H"``, ``"play JK:H"``); raises :class:`IllegalActionError`."""
        return parse_action(self.rules, text)

    def check(self, action: Action | str) -> Action:
        """The action, parsed if given as text, once checked well formed and legal now; raises
        :class:`IllegalActionError` for anything else, whatever object is given."""
        return self._checked(action)[0]

    def _checked(self, action: object) -> tuple[Action, int | list[int]]:
        """The action, checked well formed and legal now, and its move (a claim's cards, for a claim)."""
        action = cast(Action, action) if id(action) in self._canonical else well_formed(self.rules, action)
        state = self._state
        move: int | list[int]
        if isinstance(action, Claim):
            move = claim_of(action)
            reason = state.why_claim_illegal(move)
        else:
            move = move_of(state, action)
            reason = state.why_illegal(move)
        if reason is not None:
            raise IllegalActionError(reason)
        return action, move

    def can_apply(self, action: Action | str) -> bool:
        """Whether :meth:`apply` would accept ``action`` now."""
        try:
            self.check(action)
        except IllegalActionError:
            return False
        return True

    def apply(self, action: Action | str) -> None:
        """Take ``action`` (an action object or its text form) for the seat to act.

        Raises :class:`IllegalActionError` saying why when it is malformed or illegal; the game is then
        unchanged. Raises :class:`~engine.errors.ConcurrentUseError` when another thread is using the game.
        """
        with self._busy:
            action, move = self._checked(action)
            state = self._state
            self._records[-1].actions.append(f"{state.to_act} {action}")
            if isinstance(move, list):
                state.claim(move)
            else:
                state.make_move(move)

    def apply_move(self, move: int) -> None:
        """Take the kernel's ``move`` (see :mod:`engine.kernel.state`) for the seat to act, recorded as
        :meth:`apply` records its action: the quicker form for code that already holds moves (the
        research adapters replaying a hand). Raises :class:`IllegalActionError` saying why when it is
        not legal; the game is then unchanged."""
        with self._busy:
            state = self._state
            reason = state.why_illegal(move)
            if reason is not None:
                raise IllegalActionError(reason)
            self._records[-1].actions.append(f"{state.to_act} {action_of(state, move)}")
            state.make_move(move)

    # -- the flat action space ---------------------------------------------------------------------

    @property
    def action_space(self) -> ActionSpace:
        """The variant's one action space (:mod:`engine.kernel.action_space`): every step as a number."""
        return action_space(self.rules)

    def legal_ids(self) -> list[int]:
        """The legal steps of the seat to act as numbers of :attr:`action_space`, ascending: complete (a
        led joker with each suit it may name, a discard one card at a time); empty once the game is over
        or while it is paused between hands."""
        return legal_ids(self._state)

    def apply_id(self, number: int) -> int | None:
        """Take step ``number`` of :attr:`action_space` for the seat to act. A discard of several cards,
        and a pick that puts a card back, are taken a step at a time; the whole action is recorded (and
        taken) with its last step (a whole action given to :meth:`apply` meanwhile replaces the steps
        chosen). Returns the kernel's move made (see :mod:`engine.kernel.state`), or ``None`` for a step
        that only waits. Raises :class:`IllegalActionError` saying why when the step is not legal now; the
        game is then unchanged."""
        with self._busy:
            state = self._state
            reason = why_id_illegal(state, number)
            if reason is not None:
                raise IllegalActionError(reason)
            action = whole_action(state, number)
            if action is not None:
                self._records[-1].actions.append(f"{state.to_act} {action}")
            return take_step(state, number, action)

    def _choose_saved(self, steps: object) -> None:
        """Take again the steps of a discard or pick in progress that a saved game holds (``choosing``);
        raises :class:`~engine.game.saving.SavedGameError` for anything but such steps, legal now."""
        if not isinstance(steps, list):
            raise SavedGameError(f"saved game: 'choosing' must be a list of action numbers, not {shown(steps)}.")
        for place, step in enumerate(steps):
            state = self._state
            reason = why_id_illegal(state, step)
            if reason is None and whole_action(state, cast(int, step)) is not None:
                reason = "it would complete the action, which the saved hand's actions would hold"
            if reason is not None:
                raise SavedGameError(f"saved game: choosing[{place}] ({shown(step)}) is not a step in progress: {reason}")
            take_step(state, cast(int, step), None)

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        del state["_busy"]  # a lock is not copied: a copy (pickle) starts free
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._busy = _OneCaller()

    # -- what a seat may see ----------------------------------------------------------------------

    def _tricks(self) -> tuple[Trick, ...]:
        """The current hand's completed tricks as records (built once each)."""
        play = self._state.hand.play
        if play is None:
            return ()
        cards = self._tables.cards
        for leader, played, winner, named in play.completed[len(self._completed) :]:
            self._completed.append(Trick(leader, tuple((seat, cards[index]) for seat, index in played), winner, named))
        return tuple(self._completed)

    def observation(self, seat: int) -> Observation:
        """The game as ``seat`` may see it: its own cards, the auction, the play, exposed hands, and the
        kitty only if it took it (the kernel's :func:`~engine.kernel.seat_view.seat_view`, rendered as cards)."""
        seating = self.rules.seating
        players = seating.players
        if type(seat) is not int or not 0 <= seat < players:
            dummies = " (a dummy's cards are in its player's observation)" if seating.dummies else ""
            raise UsageError(f"There is no player at seat {shown(seat)}: players sit at seats 0 to {players - 1}{dummies}.")
        with self._busy:
            return render(seat_view(self._state, seat), self._tables, self._card_tuples, self._tricks())

    def face_down_of(self, seat: int) -> tuple[Card, ...]:
        """A dummy's cards still face down, in deck order (omniscient: nobody at the table sees them)."""
        return self._cards(
            mask_of(card.index for card in self._state.hand.deal.hands[self._seat(seat)]) & self._state.hand.arrangement.face_down
        )

    # -- copies, saving and transcripts -----------------------------------------------------------

    def unlooks(self, earlier: Game, seat: int) -> bool:
        """Whether going back to ``earlier`` (a copy of this game before some actions) would make ``seat``
        unsee its cards: it had not looked then and has now. An undo that goes back there looks again at once
        (rules text 000, "Non-standard bids": a blind bid is called before the player views their cards)."""
        return earlier.hand_number == self.hand_number and not earlier.observation(seat).looked and self.observation(seat).looked

    def clone(self) -> Game:
        """An independent copy of the game, random generator included."""
        with self._busy:
            other = Game.__new__(Game)
            other.__dict__.update(self.__dict__)
            other._busy = _OneCaller()
            other._events = list(self._events)
            # Only the current hand's record still changes: the finished hands' are shared.
            other._records = list(self._records)
            if other._records:
                last = other._records[-1]
                # (Built field by field: dataclasses.replace took a fifth of a clone.)
                other._records[-1] = HandRecord(
                    last.dealer, last.scores, last.deal, list(last.misdeals), list(last.actions), last.result, last.banned, last.redeals
                )
            other._completed = list(self._completed)
            other._state = self._state.copy()
            other._state.listener = _Recorder(other)
            return other

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """The same as :meth:`clone` (a deep copy of its records would copy what no move changes, and the
        compiled build's kernel cannot be deep-copied field by field)."""
        return self.clone()

    def transcript(self, hand: int | None = None) -> dict[str, Any]:
        """The JSON transcript of one hand (the current one by default): variant, dealer, scores before
        the hand, deal and actions."""
        records = self._records
        number = len(records) - 1 if hand is None else hand
        if type(number) is not int or not 0 <= number < len(records):
            raise NotFoundError(f"There is no hand {shown(hand)}: this game has hands 0 to {len(records) - 1}.")
        return hand_transcript(self.rules, records[number])

    def to_dict(self) -> dict[str, Any]:
        """The whole game as JSON-ready data; :meth:`from_dict` rebuilds it exactly."""
        with self._busy:
            state = self._state
            banned, redeals = self._initial_carried
            return saved_game_data(
                self.rules,
                self._first_dealer,
                self._initial_scores,
                self._records,
                state.scripted,
                state.rng,
                sorted(banned),
                redeals,
                state.hand.chosen,
            )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], rules: Rules | None = None, *, folder: str | None = None) -> Game:
        """Rebuild a game saved with :meth:`to_dict` (loading its variant unless ``rules`` is given: a
        shipped variant, or a ``.yaml`` file inside ``folder``, the saved game's own folder, the current
        folder when ``None``; see :func:`~engine.game.records.named_rules`).

        Raises :class:`~engine.game.saving.SavedGameError` naming what is wrong in corrupt data, in data
        edited after it was saved (its ``check``), or where ``rules`` are not the rules the data carries.
        """
        if rules is not None and not isinstance(rules, Rules):
            raise UsageError(f"rules must be compiled rules (engine.load_variant(...)) or None, not {type(rules).__name__}.")
        saved = read_saved_game(data, rules, folder)
        try:
            game = cls(
                saved.rules,
                dealer=saved.dealer,
                scores=saved.scores,
                deals=saved.deals,
                rng=random.Random(0),
                banned=saved.banned,
                redeals=saved.redeals,
            )
            for number, entry in enumerate(saved.hands):
                if game.hand_number != number:
                    raise SavedGameError(_unreached(game, number))
                record = game.records[-1]
                if (record.dealer, record.scores) != (entry.dealer, entry.scores):
                    raise SavedGameError(
                        _disagreement(
                            number, (record.dealer, record.scores), (entry.dealer, entry.scores), {"dealer", "scores"} - set(data)
                        )
                    )
                game.play_recorded(entry.actions, f"hands[{number}]")
            if game.hand_number != len(saved.hands) - 1:
                raise SavedGameError(f"saved game: hands[{len(saved.hands) - 1}] is over, so the game should hold another hand.")
            game._choose_saved(saved.choosing)
        except SavedGameError:
            raise
        except (FiveHundredError, ValueError) as error:  # transcript, deal and game-argument problems
            raise SavedGameError(f"saved game: {error}") from None
        restore_rng(game._state.rng, saved.rng)
        verify_saved_check(data)
        return game

    def play_recorded(self, actions: Sequence[str], where: str) -> None:
        """Apply each recorded ``"<seat> <action>"`` of one hand, which must be the current hand, from its
        start; raises :class:`~engine.game.records.TranscriptError` at the first one that does not fit,
        with its index and ``where`` the actions came from."""
        hand = self.hand_number
        for index, entry in enumerate(actions):
            label = f"{where}.actions[{index}] ({entry!r})"
            if self.hand_number != hand or self.is_over:
                raise TranscriptError(f"{label}: the hand is already over; nothing may follow its last card.", index)
            seat_text, _, action_text = entry.strip().partition(" ")
            if not seat_text.isdigit():
                raise TranscriptError(f'{label}: an entry is the acting seat and the action, like "1 bid 7H".', index)
            if int(seat_text) != self.acting_seat:
                raise TranscriptError(f"{label}: it is seat {self.acting_seat}'s turn, not seat {int(seat_text)}'s.", index)
            try:
                self.apply(action_text)
            except IllegalActionError as error:
                raise TranscriptError(f"{label}: {error}", index) from None
