"""How a heuristic bot bids and plays: its conventions and style as settings, checked when made."""

from __future__ import annotations

from dataclasses import dataclass, fields

from ..errors import UsageError


@dataclass(frozen=True)
class Profile:
    """How a heuristic bot bids and plays; conventions are settings here, not code."""

    name: str = "heuristic"
    """The profile's name."""
    aggression: float = -0.15
    """Tricks added to the hand's estimate before choosing a level (negative: cautious; bench/NOTES.md)."""
    partner_tricks: float = 1.6
    """Tricks expected from each partner who has not bid."""
    partner_bid_tricks: float = 3.5
    """Tricks expected from a partner who bid the same strain; where the bot weighs trick bids on the
    variant's curve, the most such a bid counts for (what it shows by the bot's own rule:
    :meth:`~engine.bots.heuristic.HeuristicBot.shown_tricks`)."""
    kitty_tricks: float = 0.6
    """Tricks the kitty is expected to add for a declarer who takes it."""
    opponent_strain_tricks: float = 1.3
    """Tricks taken off the hand's reading in a strain an opponent has bid (its trumps lie against this
    side): in whole games of `standard`, declarers who bid an opponent's strain took 1.34 tricks fewer than
    the variant's curve expected (made 37% of 92 contracts); with this, 51.1% of 20,000 paired games against
    the bot without it (bench/NOTES.md). Not in the ``classic`` profile."""
    partner_outbid_margin: float = 1.5
    """Tricks over a contract's level this hand must read in its strain to outbid its own partner (a
    partner's bid stands unless this hand is clearly stronger in another strain)."""
    misere_limit: float = 0.6
    """Bid misère when the hand's danger (:meth:`HeuristicBot.misere_danger`) is at most this."""
    open_misere_limit: float = 0.6
    """Bid open misère when the danger before discarding is at most this (the ``classic`` profile; an open
    misère played without the kitty)."""
    open_misere_kitty_limit: float = 0.3
    """(Where :attr:`adapts`.) Bid an open misère that takes the kitty when the danger after discarding is
    at most this: the defenders see the hand, so it must be safer than a closed misère's."""
    ceiling_limit: float = 0.2
    """(Where :attr:`adapts`.) Bid a contract with a ceiling played alone (hi/lo) when the hand is at most
    this far from fitting it (:func:`~engine.bots.ceiling.ceiling_measure`); calibrated per variant."""
    double_misere_limit: float = 0.2
    """Bid double misère (both partners play) when the danger is at most this and the partners passed
    (the partner's hand is unseen, so the default asks for the safest hands only: see bench/NOTES.md)."""
    misere_make_share: float = 0.6
    """Bidding by sampling: consider a misère when heuristic play-outs of the sampled deals take no
    trick this often..."""
    misere_solved_share: float = 0.75
    """...and bid it when defenders who see every card cannot force a trick this often (solved double
    dummy; the declarer there sees every card too, which helps it more than the defenders)..."""
    open_misere_solved_share: float = 0.7
    """...or, for an open misère, whose defenders do see the hand, this often."""
    misere_checked_share: float = 0.5
    """...or, for a closed misère whose hand the heuristic's danger test (:attr:`misere_limit`) also finds
    safe, this often."""
    misere_solved_deals: int = 6
    """Bidding by sampling: the sampled deals solved double dummy (the first this many) before a misère
    is bid (the shares above)."""
    values_levels: bool = False
    """Bidding by sampling: in the chosen strain, bid the level (up to the estimate) whose play-outs
    score best on average, not a level below the estimate to leave room to rise (off by default: it made
    fewer contracts and scored fewer points, see bench/NOTES.md)."""
    unlikely_weight: float = 0.25
    """Bidding by sampling: the weight a sampled deal keeps for each call it hardly explains (below)."""
    unexplained_pass: float = 2.0
    """Bidding by sampling: a pass is hardly explained by a sampled hand reading this many tricks over the
    auction's level in some strain."""
    unexplained_bid: float = 0.5
    """Bidding by sampling: a bid is hardly explained by a sampled hand reading this many tricks short of
    its level, a misère by one this much more dangerous than :attr:`misere_limit` (and the more so, the
    more dangerous)."""
    reads_score: bool = True
    """Bidding by sampling: weigh the game's standing near its end (see the two shares below)."""
    game_won_share: float = 0.5
    """...where it would pass, bid the cheapest contract whose sampled play-outs win the game outright
    this often (and lose it at most :attr:`game_won_loss_share` as often)..."""
    game_won_loss_share: float = 0.25
    """...the most the play-outs of such a contract may lose the game, as a share of how often they win it..."""
    game_lost_share: float = 0.4
    """...and pass rather than bid a contract whose play-outs lose the game this often and more often
    than they win it: the defenders' trick points would carry them over the target, or a set would put
    the bidders out the back door."""
    sacrifice_margin: float = 0.1
    """...and, where it would pass while an opponent holds a bid whose making would win it the game,
    outbid it with the cheapest contract worth this much more in games than passing (on the scale of
    :meth:`~engine.bots.standing.Standing.value`, -1 lost to 1 won; the opponents' contract played out on
    the same sampled deals): a sacrifice."""
    adapts: bool = True
    """Read the rules the heuristic bot once played as if the game were standard 500 (off in the
    ``classic`` profile, the bot as it was, kept to measure against): near the end of a game it bids by
    the game's standing (:meth:`~engine.bots.standing.Standing.end_choice`: land on an exact target, stay
    short of a losing score, bid what wins the game); a misère played without the kitty (grand nullo)
    must be safe without it; and a misère hand's danger counts a card it lacks as the defenders' with
    at least :attr:`misere_defender_share`, however few the defenders."""
    misere_defender_share: float = 0.6
    """(Where :attr:`adapts`.) The least chance counted that a card a misère hand lacks lies with its
    defenders, rather than in the kitty or out of play: with one defender (two-handed) the hands'
    share alone (10 of 33 cards) made misères look safe that were made a third of the time."""
    calibrated: bool = True
    """(Where :attr:`adapts`.) Bid the misères played alone at the limits calibrated for the variant by
    play-outs (:mod:`~engine.bots.calibration`) rather than at the limits above, where the play-outs
    could measure them."""
    six_no_trump_shows_joker: bool = False
    """Convention: open 6NT whenever holding the joker (rules text 000, "Bidding conventions")."""
    inkles: bool = True
    """Use inkles, where the variant has them, to show a suit to the partner."""
    sans_margin: float = 2.0
    """Bid sans kitty (where the variant has it) only when the hand, without the kitty, expects this many
    tricks more than the bid needs."""
    alone_margin: float = 3.0
    """Where a partner is called (five-handed) and bids are not weighed by worth (:attr:`values_bids` off,
    as in `threshold`), go alone only when the hand's own tricks exceed the level by at least this: a
    partner scores as much, but measured over paired deals, calling one paid more than going alone with
    fewer tricks to spare (bench/NOTES.md). By worth, going alone is read through the variant's measured
    curve of contracts played alone (:func:`~engine.bots.trick_bids.goes_alone`)."""
    breach_margin: float = 1.0
    """Call breach only when clearly right: when the defender alone expects this many tricks more than
    breaching needs (a slam call or a declare needs a hand sure of every trick)."""
    values_bids: bool = True
    """(Where :attr:`adapts` and :attr:`calibrated`.) Bid by what each candidate is worth under the
    variant's scoring (:mod:`~engine.bots.valuation`): a misère or any calibrated contract by its
    calibrated chance of being made times what making it scores, against what failing costs and against
    the bid it would replace or passing; a call for every trick, sans kitty and breach alike (going alone
    still by its margin). Off in the ``threshold`` profile, which bids each contract at a fixed danger or
    trick margin whatever it is worth."""
    values_tricks: bool = True
    """(Where :attr:`values_bids`.) Bid the trick contracts by their worth too, read through the variant's
    measured trick curve (:mod:`~engine.bots.trick_bids`), rather than at the level the hand's reading
    reaches."""
    trick_chance: float = 0.55
    """(Where :attr:`values_tricks`.) The least chance of being made at which a trick contract is bid: an
    auction pushes a contract to the most its declarer will bid, so bidding to an even chance made
    contracts half the time; against `threshold` over the 28 four-handed variants (1,000 games each way,
    seeds 7 and 8) 0.55 won 52.7% and 52.0% of 56,000 games where 0.6 won 52.1% and 51.3%, more in 54
    of the 56 variant-seed pairs (bench/NOTES.md)."""
    curve_lift: float = 0.5
    """(Where :attr:`values_tricks`.) The most tricks the measured curve may add to a reading: the
    play-outs' declarers were the seats reading the most of each deal, and the tricks a curve promises
    over the reading are not taken by the weaker hands that bid on them (without this, `standard`'s default
    bid 6NT in a quarter of its hands on no trump's curve of +1.4, and made 7NT 42% of the time)."""
    pass_weight: float = 1.0
    """(Where :attr:`values_bids`.) How much of the holder's expected score a pass is counted as leaving
    it (the holder's side gains it, so a pass over an opponent's bid costs this share of what that bid is
    worth to them): the holder's hand is unseen and the auction may go on, but against `threshold` the
    whole of it won more games than half (51.9% of 56,000 paired games over the four-handed variants,
    against 50.1%: bench/NOTES.md)."""
    holder_make_share: float = 0.8
    """(Where :attr:`values_bids`.) The chance counted that the bid now highest is made, to weigh a pass
    (the bots' trick contracts are made about 80% of the time; with :attr:`least_chance` it no longer
    leads to sacrifices)."""
    call_discount: float = 1.5
    """(Where :attr:`values_bids`.) Tricks taken off the declarer's own estimate when it weighs a call that
    asks for more tricks (a slam call): every card must then win, which the estimate, a sum of each card's
    chance, reads too kindly (at no discount slam calls were made under half the time; at 1.0, `declare`
    was made 63% of the time where it pays from 74%, at 1.5 83%: bench/NOTES.md)."""
    play_discount: float = 0.0
    """(Where :attr:`values_bids`.) Taken off the share made that the calibration's curve reads for a hand,
    for bids in play made less often than the play-outs promise. Off by default: in `standard` the bids in
    play are made as the curve says (68%), and 0.03 already stops most of its misères, while
    `french-canadian`'s grosse misère stays near 45% at 0.05 (bench/NOTES.md)."""
    misere_over_misere: float = 0.2
    """(Where :attr:`values_bids`.) Taken off a misère's chance where the bid it would outbid is an
    opponent's misère: that defender holds low cards, with which it can duck under the declarer and force
    tricks on it (`french-canadian`'s grosse misère was made 44% of 582 times over an opponent's petite
    misère, 65% of 209 times otherwise: bench/NOTES.md)."""
    breach_curve: tuple[float, float] = (-0.85, 1.3)
    """(Where :attr:`values_bids`.) The logistic curve ``(a, b)`` of the chance a defender's side breaks a
    contract when the defender's own estimate in the contract's strain is ``d`` tricks over what breaking
    it needs: ``1 / (1 + exp(-(a + b * d)))``. Measured in `breach` over 3,800 defenders' hands of
    4,000 (threshold bots, none calling): broken 30% of the time at ``d = 0``, 68% at one trick over, 13%
    at one under (bench/NOTES.md); the estimate reads a defender's trumps too kindly against the declarer's."""
    least_chance: float = 0.5
    """(Where :attr:`values_bids`.) The least chance of being made at which a calibrated contract is bid by
    its worth: a pass over an opponent's bid is counted to lose that bid's expected score, which would
    make a bid with less chance a sacrifice, and these bots overcalled with `double-nullo`'s grand nullo,
    made 3% of 143 times, when they could (bench/NOTES.md)."""
    weighs_opening_pass: bool = True
    """(Where :attr:`values_tricks`.) Weigh passing before any bid too (:attr:`opening_pass_worth`), so that
    a trick contract is opened only where it is expected to score more: without it a contract made often
    enough was opened whatever it was worth, and a house rule that makes the low contracts lose (defenders
    scoring 30 a trick) moved the opening bids to them (bench/NOTES.md). Not in the ``classic`` profile."""
    opening_pass_worth: float = -20.0
    """(Where :attr:`weighs_opening_pass`.) What passing before any bid is counted as worth, in points: a
    little less than nothing, since it leaves the opening to the others. Paired games against the bot that
    does not weigh it (20,000 each in `standard`): at 0 the bot won 49.5%, at -20 49.9%; with defenders
    scoring 30 a trick, 58.2% of 4,000 (bench/NOTES.md)."""
    value_margin: float = 10.0
    """(Where :attr:`values_bids`.) The points a contract bid by its worth must be expected to score
    beyond the alternative (the bid it would replace, or passing): the estimates are rough, so a bare
    edge is not taken."""

    def __post_init__(self) -> None:
        for each in fields(self):
            value = getattr(self, each.name)
            kind = str(each.type)
            if kind == "tuple[float, float]":
                fits = isinstance(value, tuple) and len(value) == 2 and all(_is_number(part) for part in value)
            else:
                fits = _is_number(value) if kind == "float" else type(value) is _KINDS[kind]
            if not fits:
                raise UsageError(f"Profile {each.name} must be {_WORDS[kind]}, not {value!r:.40}.")
        if not 0.0 <= self.sacrifice_margin <= 2.0:
            raise UsageError(f"Profile sacrifice_margin must be between 0 and 2, not {self.sacrifice_margin}.")
        if not -10.0 <= self.alone_margin <= 10.0:
            raise UsageError(f"Profile alone_margin must be between -10 and 10 tricks, not {self.alone_margin}.")
        if not 0.0 <= self.breach_margin <= 10.0:
            raise UsageError(f"Profile breach_margin must be between 0 and 10 tricks, not {self.breach_margin}.")
        if not -3.0 <= self.aggression <= 3.0:
            raise UsageError(f"Profile aggression must be between -3 and 3 tricks, not {self.aggression}.")
        for label, value in (
            ("partner_tricks", self.partner_tricks),
            ("partner_bid_tricks", self.partner_bid_tricks),
            ("kitty_tricks", self.kitty_tricks),
            ("opponent_strain_tricks", self.opponent_strain_tricks),
            ("partner_outbid_margin", self.partner_outbid_margin),
            ("unexplained_pass", self.unexplained_pass),
            ("unexplained_bid", self.unexplained_bid),
        ):
            if not 0.0 <= value <= 10.0:
                raise UsageError(f"Profile {label} must be between 0 and 10 tricks, not {value}.")
        for label, share in (
            ("misere_make_share", self.misere_make_share),
            ("misere_solved_share", self.misere_solved_share),
            ("open_misere_solved_share", self.open_misere_solved_share),
            ("misere_checked_share", self.misere_checked_share),
            ("game_won_share", self.game_won_share),
            ("game_lost_share", self.game_lost_share),
            ("misere_defender_share", self.misere_defender_share),
            ("unlikely_weight", self.unlikely_weight),
            ("game_won_loss_share", self.game_won_loss_share),
        ):
            if not 0.0 <= share <= 1.0:
                raise UsageError(f"Profile {label} must be a share between 0 and 1, not {share}.")
        shares = (
            self.pass_weight,
            self.holder_make_share,
            self.play_discount,
            self.misere_over_misere,
            self.least_chance,
            self.trick_chance,
        )
        if not all(0.0 <= share <= 1.0 for share in shares):
            raise UsageError(
                "Profile pass_weight, holder_make_share, play_discount, misere_over_misere, least_chance and trick_chance must be shares"
                " between 0 and 1."
            )
        if not -3.0 <= self.call_discount <= 10.0:
            raise UsageError(f"Profile call_discount must be between -3 and 10 tricks, not {self.call_discount}.")
        if not -3.0 <= self.curve_lift <= 3.0:
            raise UsageError(f"Profile curve_lift must be between -3 and 3 tricks, not {self.curve_lift}.")
        if not 1 <= self.misere_solved_deals <= 1000:
            raise UsageError(f"Profile misere_solved_deals must be between 1 and 1000 deals, not {self.misere_solved_deals}.")
        if not -1000.0 <= self.opening_pass_worth <= 1000.0:
            raise UsageError(f"Profile opening_pass_worth must be between -1000 and 1000 points, not {self.opening_pass_worth}.")
        if not 0.0 <= self.value_margin <= 1000.0:
            raise UsageError(f"Profile value_margin must be between 0 and 1000 points, not {self.value_margin}.")
        if min(self.misere_limit, self.open_misere_limit, self.open_misere_kitty_limit, self.double_misere_limit, self.ceiling_limit) < 0:
            raise UsageError("Profile misère limits must not be negative.")


_KINDS: dict[str, type] = {"str": str, "bool": bool, "int": int}
_WORDS = {"str": "text", "bool": "true or false", "int": "a whole number", "float": "a number", "tuple[float, float]": "two numbers"}


def _is_number(value: object) -> bool:
    """Whether ``value`` is a number a profile's setting takes: a float or a whole number, not a bool."""
    return type(value) in (float, int)


DEFAULT = Profile()
"""The default bot's profile (the bot ``heuristic``)."""

CLASSIC = Profile(
    name="classic",
    aggression=0.3,
    partner_tricks=1.8,
    partner_bid_tricks=3.0,
    adapts=False,
    sans_margin=1.0,
    alone_margin=1.5,
    opponent_strain_tricks=0.0,
    weighs_opening_pass=False,
)
"""The heuristic bot as it played before it read the game's end rules (issue 35), kept to measure the
default against (the bot ``classic``)."""

THRESHOLD = Profile(name="threshold", values_bids=False)
"""The default bot as it bid before it weighed what a contract is worth (issue 44): a misère at its
calibrated danger limit, a trick contract by its margin of tricks, whatever the contract scores; kept to
measure the default against (the bot ``threshold``)."""

VALUATION_FIELDS = (
    "name",
    "values_bids",
    "values_tricks",
    "pass_weight",
    "holder_make_share",
    "value_margin",
    "call_discount",
    "play_discount",
    "misere_over_misere",
    "breach_curve",
    "least_chance",
    "trick_chance",
    "curve_lift",
)
"""The fields that only weigh bids by their worth, which an uncalibrated bot (one measuring a calibration)
never does: profiles differing only in them share a calibration."""

__all__ = ["CLASSIC", "DEFAULT", "THRESHOLD", "VALUATION_FIELDS", "Profile"]
