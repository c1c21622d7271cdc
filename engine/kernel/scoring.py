"""Scoring a hand and deciding whether the game is over, from :class:`~engine.rules.ScoringRules` and
:class:`~engine.rules.EndRules` alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.announcements import Effect
from ..rules.contracts import Contract
from ..rules.records import Record
from ..rules.ruleset import FailedContract, Rules, Share, Simultaneous, SimultaneousTie
from .events import GameEnd


@dataclass(frozen=True, eq=False, repr=False)
class HandScore(Record):
    """What a played hand did to the scores."""

    made: bool
    """Whether the contract was made."""
    hand_points: tuple[int, ...]
    """Points per team on this hand."""
    scores: tuple[int, ...]
    """Team scores after the hand."""
    banned: tuple[int, ...]
    """Seats that may not bid in the next hand."""

    def __init__(self, made: bool, hand_points: tuple[int, ...], scores: tuple[int, ...], banned: tuple[int, ...]) -> None:
        # Written out (the fields in order) so that the compiled build sets the fields natively: the
        # dataclass's own __init__ of a frozen record is interpreted code (a microsecond a record).
        object.__setattr__(self, "made", made)
        object.__setattr__(self, "hand_points", hand_points)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "banned", banned)


def slam_paid(rules: Rules, terms: Contract, taken: int) -> bool:
    """Whether the slam value replaces ``terms``' value for a declaring side that took ``taken`` tricks:
    it made them all, on terms the variant's slam bonus is for (a call's terms aside: :func:`score_played`
    passes ``slam_bonus`` off for them)."""
    slam = rules.scoring.slam
    return slam is not None and taken == rules.deal.hand_size and terms.target.made(taken) and slam.applies(terms)


def share_of(amount: int, share: Share) -> int:
    """``amount`` scored at ``share``: all of it, or half rounded towards zero."""
    if share is Share.FULL:
        return amount
    return amount // 2 if amount >= 0 else -(-amount // 2)


def score_hand(
    rules: Rules,
    contract: Contract,
    declarer: int,
    tricks: list[int],
    scores: tuple[int, ...],
    *,
    slam_bonus: bool = True,
    partner: int | None = None,
) -> HandScore:
    """Score a played hand: the contract's value to the declaring side (or its loss), trick points to the
    defenders (capped where the variant caps them), and the set rule and ralphing.

    The slam value replaces the contract's value when every trick is taken on a contract it applies to
    (unless ``slam_bonus`` is off: a call's terms are scored as they are). A called ``partner`` (five-handed,
    rules text 000 "Five-handed 500") counts its tricks with the declarer's, and each scores its share of
    the value as the called-partner rule says; every other team scores its own tricks.
    """
    seating, scoring = rules.seating, rules.scoring
    declaring = seating.team_of(declarer)
    side = set(seating.teams[declaring])
    shares = {declaring: Share.FULL}
    called = seating.called_partner
    if partner is not None and called is not None and seating.team_of(partner) != declaring:
        side |= set(seating.teams[seating.team_of(partner)])
        shares = {declaring: called.declarer_share, seating.team_of(partner): called.partner_share}
    taken = sum(tricks[seat] for seat in side)
    made = contract.target.made(taken)
    value = contract.value
    if slam_bonus and scoring.slam is not None and slam_paid(rules, contract, taken):
        value = scoring.slam.value
    points = [0] * len(seating.teams)
    if made:
        for team, share in shares.items():
            points[team] = share_of(value, share)
    elif scoring.failed is FailedContract.TO_OPPONENTS:
        for team in range(len(seating.teams)):
            if team not in shares:
                points[team] += value
    elif not scoring.scores_never_decrease:
        for team, share in shares.items():
            points[team] = share_of(-value, share)
    for team, seats in enumerate(seating.teams):
        if team in shares:
            continue
        earned = scoring.defender_trick_points * sum(tricks[seat] for seat in seats)
        if scoring.defender_cap is not None:
            # Trick points stop at the cap (must win by a bid): they never lift a side past it.
            room = max(0, scoring.defender_cap - (scores[team] + points[team]))
            earned = min(earned, room)
        points[team] += earned
    banned = []
    for rule in (rules.set_rule, rules.ralph):
        if rule is not None and rule.applies(contract, taken) and declarer not in banned:
            banned.append(declarer)
    new_scores = tuple(score + point for score, point in zip(scores, points))
    return HandScore(made, tuple(points), new_scores, tuple(banned))


def points_key(rules: Rules, scores: tuple[int, ...], most_tricks: int) -> tuple[int, ...]:
    """What :func:`score_hand`'s points for a hand (its ``hand_points``, not the scores after it) read of
    the ``scores`` before it, for hands where no team takes more than ``most_tricks``: two scores with the
    same key give every such hand the same points, so whoever weighs contracts hand after hand (the
    bots' :class:`~engine.bots.valuation.Valuation`) may remember their points across scores.

    The points read the scores only where the defenders' trick points stop at a cap (must win by a bid):
    elsewhere the key is empty. Under a cap, a team's score counts only near it: further below than the
    trick points it could earn, the cap cannot bind, and from the cap up it earns none (each score is
    clamped to that span); where a failed contract is paid to the other sides, which moves a score
    towards the cap within the hand, the key is the scores themselves."""
    scoring = rules.scoring
    cap = scoring.defender_cap
    if cap is None:
        return ()
    if scoring.failed is FailedContract.TO_OPPONENTS:
        return scores
    lowest = cap - scoring.defender_trick_points * most_tricks
    return tuple(cap if score >= cap else lowest if score <= lowest else score for score in scores)


def with_penalty(scored: HandScore, team: int, points: int) -> HandScore:
    """``scored`` with ``points`` taken from ``team`` (laying cards down where the variant penalises it)."""
    hand_points = tuple(point - (points if each == team else 0) for each, point in enumerate(scored.hand_points))
    scores = tuple(score - (points if each == team else 0) for each, score in enumerate(scored.scores))
    return HandScore(scored.made, hand_points, scores, scored.banned)


def score_unbid(rules: Rules, tricks: list[int], scores: tuple[int, ...]) -> HandScore:
    """Score a hand nobody bid and everyone played (the all-pass rule's no-trump hand, rules text 003):
    each side scores the rule's points for each trick it took, capped as defenders' points are."""
    seating, cap = rules.seating, rules.scoring.defender_cap
    points = []
    for team, seats in enumerate(seating.teams):
        earned = rules.auction.all_pass.trick_points * sum(tricks[seat] for seat in seats)
        if cap is not None:
            earned = min(earned, max(0, cap - scores[team]))
        points.append(earned)
    return HandScore(False, tuple(points), tuple(score + point for score, point in zip(scores, points)), ())


def settle_wagers(
    rules: Rules, contract: Contract, declarer: int, tricks: list[int], scored: HandScore, callers: list[int]
) -> tuple[HandScore, tuple[int | None, GameEnd] | None]:
    """Settle the wagers ``callers`` made on ``contract`` (breach, rules text 000 "Breach rule") beside the
    hand's score, and decide whether the game is over.

    Breached (the declaring side short by the margin): the caller's side wins the wager's value and a
    breached declarer of the banned level may not bid next hand. Not breached (the contract made, or
    failed by less): the caller's side loses the value and a failed caller may not bid next hand. Where
    wager points cannot end the game, the end is decided on the scores without this hand's wager points.
    """
    breach = rules.breach
    if breach is None or not callers:
        return scored, game_end(rules, scored.scores, (rules.seating.team_of(declarer),), scored.made)
    seating = rules.seating
    taken = sum(tricks[seat] for seat in seating.teams[seating.team_of(declarer)])
    breached = not scored.made and breach.margin.applies(contract, taken)
    points = [0] * len(seating.teams)
    banned = list(scored.banned)
    for caller in callers:
        points[seating.team_of(caller)] += breach.value if breached else -breach.value
        if breached and breach.ban_breached_declarer_level is not None and contract.level == breach.ban_breached_declarer_level:
            banned.append(declarer)
        if not breached and breach.ban_failed_caller:
            banned.append(caller)
    settled = HandScore(
        scored.made,
        tuple(point + extra for point, extra in zip(scored.hand_points, points)),
        tuple(score + extra for score, extra in zip(scored.scores, points)),
        tuple(sorted(set(banned))),
    )
    deciding = settled.scores if breach.can_end_game else scored.scores
    return settled, game_end(rules, deciding, (seating.team_of(declarer),), scored.made)


MAX_HANDS = 10_000
"""Most hands (every deal counts, a redeal after all passed included) a game may last: a game still
unfinished when the next would be dealt ends there (:attr:`GameEnd.HAND_LIMIT`). The compiler refuses
end rules that could never end a game; this stops the rest (bots that always pass, scores that never
move) at about a hundred times a real game's length."""


def terms_called(rules: Rules, announced: list[tuple[int, int]] | tuple[tuple[int, int], ...]) -> bool:
    """Whether an announcement of ``announced`` (seat, index) changed the hand's terms (a call's terms are
    scored as they are: the slam bonus belongs to a contract played as bid)."""
    return any(rules.announcements[index].effect is Effect.TERMS for _, index in announced)


def score_played(
    rules: Rules,
    terms: Contract,
    declarer: int,
    tricks: list[int],
    scores: tuple[int, ...],
    announced: list[tuple[int, int]],
    claimer: int,
    side_teams: tuple[int, ...],
    partner: int | None,
) -> tuple[HandScore, tuple[int | None, GameEnd] | None]:
    """A played contract's score and how the game ends with it (``None``: it goes on), under ``terms``:
    the contract won, or what a call made of it. ``announced`` are the announcements made (seat, index in
    ``rules.announcements``), ``claimer`` the seat that laid its cards down (-1: none), ``side_teams`` the
    declaring side's teams, the declarer's first."""
    # A call's terms are scored as they are: the slam bonus belongs to a contract played as bid.
    called = terms_called(rules, announced)
    scored = score_hand(rules, terms, declarer, tricks, scores, slam_bonus=not called, partner=partner)
    penalty = rules.scoring.lay_down_penalty
    if penalty and claimer >= 0:
        scored = with_penalty(scored, rules.seating.team_of(claimer), penalty)
    if announced:
        wagers = [seat for seat, index in announced if rules.announcements[index].effect is Effect.WAGER]
        return settle_wagers(rules, terms, declarer, tricks, scored, wagers)
    return scored, game_end(rules, scored.scores, side_teams, scored.made)


def score_out(
    rules: Rules,
    terms: Contract,
    declarer: int,
    side: tuple[int, ...],
    tricks: list[int],
    left: int,
    scores: tuple[int, ...],
    scored_out: int | None,
) -> tuple[int | None, int | None]:
    """The 1904 rule after a trick (rules text 000, "Score keeping"): "If any player scores out during
    play of a hand, balance of hand is not played, unless the bidder can win out". The declaring side
    scores out once its contract is made beyond doubt and worth the target; a defending side once its
    score and its trick points so far reach it, and then the hand stops unless the bidder can still make
    the contract and reach the target with it.

    ``side`` are the declaring side's seats, ``tricks`` each seat's so far, ``left`` the tricks still to
    play, ``scored_out`` the defending team that scored out earlier in the hand. Returns the defending
    team that has scored out (or ``None``) and the team that wins now if the hand stops (``None``: play on)."""
    seating, target = rules.seating, rules.end.target
    declaring = seating.team_of(declarer)
    taken = sum(tricks[seat] for seat in side)
    reaches = scores[declaring] + terms.value >= target
    if reaches and taken >= terms.target.minimum and terms.target.maximum >= rules.deal.hand_size:
        return scored_out, declaring
    if scored_out is None and not rules.end.must_win_by_bid:
        points = rules.scoring.defender_trick_points
        for team, seats in enumerate(seating.teams):
            if not set(seats) & set(side) and scores[team] + points * sum(tricks[seat] for seat in seats) >= target:
                scored_out = team
                break
    if scored_out is not None and not (reaches and taken + left >= terms.target.minimum and taken <= terms.target.maximum):
        return scored_out, scored_out
    return scored_out, None


def stopped_hand_points(
    rules: Rules, terms: Contract, declarer: int, side: tuple[int, ...], tricks: list[int], winner: int
) -> tuple[int, ...]:
    """Each team's points for a hand stopped because team ``winner`` scored out (:func:`score_out`): the
    declaring side its contract if it is the one, the defenders their trick points so far."""
    seating = rules.seating
    points = [0] * len(seating.teams)
    for team, seats in enumerate(seating.teams):
        if not set(seats) & set(side):
            points[team] = rules.scoring.defender_trick_points * sum(tricks[seat] for seat in seats)
    declaring = seating.team_of(declarer)
    if winner == declaring:
        points[declaring] = terms.value
    return tuple(points)


def side_teams(team_of: tuple[int, ...], declarer: int, side: tuple[int, ...]) -> tuple[int, ...]:
    """The declaring ``side``'s teams (``team_of``: each seat's), ``declarer``'s first."""
    declaring = team_of[declarer]
    return (declaring,) + tuple(sorted({team_of[seat] for seat in side} - {declaring}))


def hand_limit_end(scores: tuple[int, ...]) -> tuple[int | None, GameEnd]:
    """The end of a game stopped at :data:`MAX_HANDS`: the highest score wins, a tie names no winner."""
    best = max(scores)
    leaders = [team for team, score in enumerate(scores) if score == best]
    return (leaders[0] if len(leaders) == 1 else None), GameEnd.HAND_LIMIT


def game_end(
    rules: Rules, scores: tuple[int, ...], declaring: int | tuple[int, ...] | None, made: bool
) -> tuple[int | None, GameEnd] | None:
    """Whether the scores end the game: ``(winning team or None, how)``, or ``None`` to play on.

    ``declaring`` is the declaring team of the hand just scored (``None`` when nobody bid), or the
    declaring side's teams, the declarer's first and a called partner's after it; ``made`` says whether
    it made its contract.
    """
    sides = (declaring,) if isinstance(declaring, int) else declaring or ()
    # The teams that win by the bid: the declarer's, and a called partner's, the declarer's first.
    bidders = sides if made else ()
    end = rules.end
    teams = range(len(scores))
    if end.exact_target:
        crossed = [team for team in teams if scores[team] == end.target]
    else:
        crossed = [team for team in teams if scores[team] >= end.target]
    if end.must_win_by_bid:
        crossed = [team for team in crossed if team in bidders]
    if crossed:
        first = next((team for team in bidders if team in crossed), None)
        if first is not None and end.simultaneous is Simultaneous.BIDDER:
            return first, GameEnd.FRONT_DOOR
        best = max(scores[team] for team in crossed)
        leaders = [team for team in crossed if scores[team] == best]
        if len(leaders) == 1:
            winner = leaders[0]
            return winner, GameEnd.FRONT_DOOR if winner in bidders else GameEnd.TARGET
        by_bid = next((team for team in bidders if team in leaders), None)
        if end.simultaneous_tie is SimultaneousTie.SHARED:
            return None, GameEnd.FRONT_DOOR if by_bid is not None else GameEnd.TARGET
        if end.simultaneous_tie is SimultaneousTie.BIDDER_SIDE and by_bid is not None:
            return by_bid, GameEnd.FRONT_DOOR
    losers: list[int] = []
    how = GameEnd.BACK_DOOR
    if end.lose_at is not None:
        losers = [team for team in teams if scores[team] <= end.lose_at]
        if end.lose_only_if_others_not_negative:
            losers = [team for team in losers if all(scores[other] >= 0 for other in teams if other != team)]
    if not losers and end.lose_at_or_above is not None:
        losers = [team for team in teams if scores[team] >= end.lose_at_or_above]
        how = GameEnd.OVER_THE_TOP
    if not losers and end.point_spread is not None:
        high, low = max(scores), min(scores)
        if high > 0 > low and high - low >= end.point_spread:
            losers = [team for team in teams if scores[team] == low]
            how = GameEnd.SPREAD
    if not losers:
        return None
    others = [team for team in teams if team not in losers]
    if not others:
        return None, how
    best = max(scores[team] for team in others)
    leaders = [team for team in others if scores[team] == best]
    return (leaders[0] if len(leaders) == 1 else None), how
