"""The play-outs a calibration is measured on (:mod:`~engine.bots.calibration`): fixed deals, each hand safe
enough to be worth measuring declaring a contract in turn, and bots of the same kind playing it out; and a
forked helper process that shares a calibration's measurements with its parent. Fixed deals and fixed
jobs make the result the same in one process or two.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ..kernel.seat_view import SeatView
from ..kernel.state import GameState
from ..rules.contracts import Contract
from ..rules.ruleset import Rules
from .trick_curve import bid_then_play, measure_tricks

SAMPLES = 200
"""Play-outs per contract that are enough in each of two strata, the hands at or below the profile's
limit (on which the limit is judged) and those above it (on which a raise is): its deals stop when both
are full. (Stopping at 400 play-outs of any danger left 40-60 hands at or below the limit, and a limit
kept or lowered on so few followed luck.)"""
CAP = 2.5
"""The highest limit measured: a hand more dangerous is not played out (most hands, and most of the
time a calibration would take)."""


class Measuring(Protocol):
    """A bot that can be calibrated: it moves from the kernel's state and measures a misère hand."""

    def choose(self, state: GameState, seat: int, legal: int) -> int:
        """The bot's move."""

    def misere_measure(self, hand: int, contract: Contract) -> tuple[float, float]:
        """The hand's danger for ``contract`` and the profile's limit for it."""

    def estimate(self, hand: int, strain: str, calls: Sequence[tuple[int, int]] = (), seat: int = 0, view: SeatView | None = None) -> float:
        """Tricks the declaring side may expect in ``strain`` with ``hand`` (and, with ``view``, the
        partners' cards it shows)."""

    def own_estimate(self, hand: int, strain: str) -> float:
        """Tricks a settled ``hand`` (the kitty taken) may expect in ``strain`` played alone."""


class Scan:
    """The fixed deals of one measurement, each dealt once, and each hand's danger read once per
    contract's terms, for every contract measured in this process."""

    def __init__(self, rules: Rules, make_bot: Callable[[], Measuring], deals: int) -> None:
        self.rules = rules
        """The variant measured."""
        self.bots = [make_bot() for _ in range(rules.seating.players)]
        """One bot a player, playing every play-out."""
        self.deals = deals
        """The most deals scanned per contract."""
        self._dealt: dict[int, tuple[int, ...]] = {}
        self._dangers: dict[tuple[object, object, int], float] = {}

    def danger(self, hand: int, contract: Contract) -> float:
        """``hand``'s danger for ``contract``, read once per contract's terms."""
        # (A hand's danger depends on the contract's terms only, its style and target: misère, blind
        # misère and open misère with the kitty taken read a hand alike.)
        key = (contract.style, contract.target, hand)
        found = self._dangers.get(key)
        if found is None:
            found = self._dangers[key] = self.bots[0].misere_measure(hand, contract)[0]
        return found

    def profile_limit(self, contract: Contract) -> float:
        """The profile's limit for ``contract`` (the one a calibration keeps unless its play-outs move it)."""
        return self.bots[0].misere_measure(0, contract)[1]  # (the limit alone: any hand)

    def measure(self, contract: Contract, taken: Sequence[tuple[Contract, float]]) -> tuple[list[tuple[float, bool]], float]:
        """``contract``'s play-outs, (danger, made) each, and the profile's limit for it: up to
        ``deals`` deals, fewer once it has :data:`SAMPLES` play-outs at or below the profile's limit
        and as many above it, a hand more dangerous than :data:`CAP` or within a ``taken`` contract's limit
        left out."""
        rules, players = self.rules, self.rules.seating.players
        found: list[tuple[float, bool]] = []
        limit = self.profile_limit(contract)
        within = beyond = 0  # play-outs at or below the profile's limit, and above it
        for deal in range(self.deals):
            if within >= SAMPLES and beyond >= SAMPLES:
                break
            seed, dealer = f"calibration-{deal}", deal % players
            hands = self._dealt.get(deal)
            if hands is None:
                hands = self._dealt[deal] = tuple(GameState.create(rules, seed=seed, dealer=dealer, history=False).hand.hands[:players])
            for seat in range(players):
                # Each hand safe enough to be worth measuring declares in turn, on the same deal.
                danger = self.danger(hands[seat], contract)
                if danger > CAP or (within if danger <= limit else beyond) >= SAMPLES:
                    continue
                if any(self.danger(hands[seat], earlier) <= earlier_limit for earlier, earlier_limit in taken):
                    continue  # the bot bids the earlier (higher) contract with this hand
                state = GameState.create(rules, seed=seed, dealer=dealer, history=False)
                state.pause_between_hands = True
                made = play_out(state, self.bots, seat, contract)
                if made is not None:
                    found.append((danger, made))
                    if danger <= limit:
                        within += 1
                    else:
                        beyond += 1
        return found, limit


_second_process: list[bool | None] = [None]
"""What a calibration that does not say (``parallel=None``) does: see :func:`allow_second_process`."""


def allow_second_process(allowed: bool | None) -> bool | None:
    """Whether a calibration measured from now on in this process, where its caller does not say, may
    measure in a second process as well: ``False`` never (a run asked for one process), ``True`` always,
    ``None`` where there are two cores or more (the default). Returns the setting it replaces, to restore.
    The setting is the process's, not a thread's: threads that calibrate at once share it."""
    if allowed is not None and type(allowed) is not bool:
        raise TypeError(f"allowed is True, False or None, not {allowed!r:.40}.")
    previous, _second_process[0] = _second_process[0], allowed
    return previous


def may_fork(parallel: bool | None) -> bool:
    """Whether to measure in a second process as well: asked for, or (``None``) as
    :func:`allow_second_process` last said, by default with two cores or more; never where the system
    cannot fork or this process may not start one (a daemon process)."""
    import multiprocessing

    if parallel is None:
        parallel = _second_process[0]
    if parallel is False or "fork" not in multiprocessing.get_all_start_methods() or multiprocessing.current_process().daemon:
        return False
    return parallel is True or (os.cpu_count() or 1) > 1


Job = tuple[Any, ...]
"""One measurement of a calibration: ``("tricks",)``, the trick curves, or ``("contract", contract, taken)``,
a contract's play-outs with the hands within the ``taken`` contracts' limits left out (:meth:`Scan.measure`)."""


def run_job(scan: Scan, job: Job) -> Any:
    """What ``job`` measures, on ``scan``'s deals and bots."""
    if job[0] == "tricks":
        return measure_tricks(scan.rules, scan.bots)
    return scan.measure(job[1], job[2])


class Helper:
    """A forked process sharing a list of jobs with its parent: the parent claims them from the front
    (:meth:`claim`), the helper from the back, one at a time under a shared lock, until they meet; the
    helper's answers come back by index (:meth:`answers`). Every job is measured on fixed deals by fresh
    bots, so which process measured it does not change its answer."""

    def __init__(self, process: Any, connection: Any, claims: Any) -> None:
        self._process = process
        self._connection = connection
        self._claims = claims

    @staticmethod
    def start(rules: Rules, make_bot: Callable[[], Measuring], deals: int, jobs: Sequence[Job]) -> Helper | None:
        """A helper forked now, with its own bots from ``make_bot`` and its own :class:`Scan`, taking
        ``jobs`` from the back (``None`` where the system refused the process)."""
        import multiprocessing

        context = multiprocessing.get_context("fork")
        claims = context.Array("i", [0, len(jobs)])  # the next job from the front; one past the next from the back
        ours, theirs = context.Pipe()
        process = context.Process(target=_serve, args=(theirs, claims, rules, make_bot, deals, list(jobs)), daemon=True)
        try:
            process.start()
        except OSError:
            return None
        theirs.close()
        return Helper(process, ours, claims)

    def claim(self) -> int | None:
        """The index of the next job from the front, now the parent's, or ``None`` when none is left."""
        return _claim(self._claims, front=True)

    def answers(self) -> dict[int, Any]:
        """The helper's answers by job index, once it has no job left (fewer where it failed: the parent
        measures those itself)."""
        found: dict[int, Any] = {}
        while True:
            try:
                answer = self._connection.recv()
            except (OSError, EOFError):
                return found
            if answer is None:
                return found
            found[answer[0]] = answer[1]

    def close(self) -> None:
        """Wait for the helper to end (at most five seconds)."""
        self._connection.close()
        self._process.join(5.0)
        if self._process.is_alive():
            self._process.kill()


def _claim(claims: Any, front: bool) -> int | None:
    """Take the next job from the front or the back of the shared ``claims``, or ``None`` when they have met."""
    with claims.get_lock():
        if claims[0] >= claims[1]:
            return None
        if front:
            claims[0] += 1
            return int(claims[0] - 1)
        claims[1] -= 1
        return int(claims[1])


def _serve(connection: Any, claims: Any, rules: Rules, make_bot: Callable[[], Measuring], deals: int, jobs: list[Job]) -> None:
    """In the forked process: measure jobs from the back until none is left, sending each answer with its
    index, then ``None``; any failure ends it (the parent then measures what it has not been sent)."""
    try:
        scan = Scan(rules, make_bot, deals)
        while (index := _claim(claims, front=False)) is not None:
            connection.send((index, run_job(scan, jobs[index])))
        connection.send(None)
    except BaseException:  # the parent sees the pipe close
        pass
    finally:
        connection.close()
        os._exit(0)  # (not the parent's exit handlers: this is a fork of it)


class _Failed(Exception):
    """A play-out stopped where its contract has failed (:func:`play_out`)."""


def play_out(state: GameState, bots: Sequence[Measuring], chosen: int, contract: Contract) -> bool | None:
    """Play the hand with ``chosen`` bidding ``contract`` at its first chance (the auction before it as the
    bots bid it: a misère may need an auction already at seven) and everyone passing after it where
    passing is allowed; whether the contract was made, or ``None`` when it was not the one played."""
    ceiling = contract.target.maximum

    def past_ceiling(state: GameState) -> None:
        if state.hand.play is not None and sum(state.hand.play.tricks[each] for each in state.hand.side()) > ceiling:
            raise _Failed  # past its ceiling (a misère's first trick): failed, whatever the rest of the play

    try:
        if not bid_then_play(state, bots, chosen, contract, False, past_ceiling):
            return None
    except _Failed:
        return False
    result = state.result
    assert result is not None
    return result.made


__all__ = ["CAP", "SAMPLES", "Helper", "Job", "Measuring", "Scan", "allow_second_process", "may_fork", "play_out", "run_job"]
