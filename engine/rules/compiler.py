"""Compiling a merged variant document into immutable :class:`~engine.rules.Rules`.

The schema has already checked shapes; this module checks what a schema cannot (the deal uses the deck
exactly, placements name real contracts, teams fit the player count, jokers referred to exist, ...),
reports every problem at once, and builds the rule objects the kernel plays from.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Sequence
from functools import lru_cache
from math import comb
from typing import Any

from ..errors import Problem, UsageError, VariantError, shown
from ..language.loader import MergedDocument, load_confined, load_document, load_text
from ..language.resources import load_schema, shipped_variant_names, shipped_variant_path
from ..language.schema import schema_problems, schema_valid_part
from ..language.source import JsonPath, format_path
from ..language.suggest import suggestion
from ..language.validated import canonical_sha256
from .announcements import Announcement, Announcer, Effect, Moment
from .cards import DEFAULT_RANK_ORDER, STANDARD_SUITS, Card, Colour, Deck, Joker, Suit, normalize_rank
from .compile_contracts import compile_ladder
from .context import CompileContext
from .contracts import Extra
from .limits import MAX_DISCARD_CHOICES, check_limits
from .presets import DECKS
from .ruleset import (
    AllPass,
    AllPassAction,
    AuctionRules,
    BidAfterPass,
    BreachRule,
    CalledPartner,
    DealRules,
    DealStep,
    DealTarget,
    Dummies,
    EndRules,
    FailedContract,
    FirstLead,
    Inkles,
    JokerRules,
    KittyExchange,
    KittyRules,
    PlayRules,
    Rebid,
    Reveal,
    Rounds,
    Rules,
    ScoringRules,
    Seating,
    SetRule,
    Share,
    Simultaneous,
    SimultaneousTie,
    Slam,
)
from .strains import CardOrder, Strain, compile_card_order

_TWO_JOKERS = ({"id": "BJ", "name": "black joker"}, {"id": "RJ", "name": "red joker"})


def _deck_spec(ctx: CompileContext) -> dict[str, Any] | None:
    raw = ctx.require(("deck",), f"a named pack ({', '.join(DECKS)}) or the cards spelled out.")
    if raw is None:
        return None
    if isinstance(raw, str):
        raw = {"base": raw}
    spec = dict(DECKS[raw["base"]]) if "base" in raw else {}
    for key in ("suits", "ranks", "jokers"):
        if key in raw:
            spec[key] = raw[key]
    spec["inherited_add"] = spec.pop("add", [])
    spec["add"] = list(raw.get("add", []))
    spec["remove"] = list(raw.get("remove", []))
    if "ranks" not in spec:
        ctx.error(("deck",), "A deck spelled out needs 'ranks' (the ranks in every suit) or a 'base' pack to start from.")
        return None
    return spec


def _compile_deck(ctx: CompileContext, rank_order: tuple[str, ...]) -> Deck | None:
    spec = _deck_spec(ctx)
    if spec is None:
        return None
    suits = STANDARD_SUITS
    if "suits" in spec:
        suits = tuple(Suit(raw["id"], raw["name"], Colour(raw["colour"]), raw.get("symbol", "")) for raw in spec["suits"])
        if len({suit.id for suit in suits}) != len(suits):
            ctx.error(("deck", "suits"), "Two suits have the same letter.")
            return None
    letters = [suit.id for suit in suits]
    present: set[tuple[str, str]] = set()
    # The deck's ranks (and those of the cards its pack adds) the order leaves out, told once: one
    # problem each, and a deal reckoned on the cards left, buried the one mistake in a dozen.
    unlisted: list[str] = []
    for rank in [normalize_rank(rank) for rank in spec["ranks"]] + [normalize_rank(text[:-1]) for text in spec["inherited_add"]]:
        if rank not in rank_order and rank not in unlisted:
            unlisted.append(rank)
    if unlisted:
        ctx.error(
            ("card_order", "ranks"),
            f"The rank order does not list the deck's rank{'s' if len(unlisted) > 1 else ''} {', '.join(unlisted)}: "
            f"it lists {', '.join(rank_order) or 'none'}; list every rank of the deck, highest first.",
        )
        return None
    for rank in (normalize_rank(rank) for rank in spec["ranks"]):
        present.update((rank, letter) for letter in letters)

    def parse(text: str, path: tuple[Any, ...]) -> tuple[str, str] | None:
        rank, letter = normalize_rank(text[:-1]), text[-1]
        if letter not in letters:
            ctx.error(path, f"{text} names suit {letter}, which is not a suit of this deck ({', '.join(letters)}).")
            return None
        if rank not in rank_order:
            ctx.error(path, f"{text} has rank {rank}, which the rank order does not list.")
            return None
        return rank, letter

    for text in spec["inherited_add"]:
        card = parse(text, ("deck",))
        if card:
            present.add(card)
    for position, text in enumerate(spec["add"]):
        card = parse(text, ("deck", "add", position))
        if card in present:
            ctx.error(("deck", "add", position), f"{text} is already in the deck; remove it from 'add'.")
        elif card:
            present.add(card)
    for position, text in enumerate(spec["remove"]):
        card = parse(text, ("deck", "remove", position))
        if card and card not in present:
            ctx.error(("deck", "remove", position), f"{text} is not in the deck, so it cannot be removed.")
        elif card:
            present.discard(card)
    raw_jokers = spec.get("jokers", 0)
    if isinstance(raw_jokers, int):
        raw_jokers = [{"id": "JK", "name": "joker"}] if raw_jokers == 1 else list(_TWO_JOKERS[:raw_jokers])
    jokers = tuple(Joker(raw["id"], raw.get("name", "joker")) for raw in raw_jokers)
    cards: list[Card] = []
    for letter in letters:
        for rank in rank_order:
            if (rank, letter) in present:
                cards.append(Card(len(cards), rank, letter))
    names = {str(card) for card in cards}
    for position, joker in enumerate(jokers):
        if joker.id in names:
            ctx.error(("deck", "jokers", position, "id"), f"The joker id {joker.id} is already the name of a card (or another joker).")
            return None
        names.add(joker.id)
        cards.append(Card(len(cards), None, None, joker.id))
    return Deck(suits, tuple(cards), jokers)


def _compile_seating(ctx: CompileContext, deck: Deck | None) -> Seating | None:
    count = ctx.require(("players", "count"), "how many play, 2 to 6.")
    if count is None:
        return None
    raw_teams = ctx.get(("players", "teams"), "alone")
    teams: tuple[tuple[int, ...], ...]
    if raw_teams == "alone":
        teams = tuple((seat,) for seat in range(count))
    elif isinstance(raw_teams, int):
        if count % raw_teams:
            ctx.error(
                ("players", "teams"),
                f"{count} players cannot sit as {raw_teams} equal teams; choose a number of teams that divides {count}, or 'alone'."
                + _variants_for_count(ctx, count, deck),
            )
            return None
        teams = tuple(tuple(seat for seat in range(count) if seat % raw_teams == team) for team in range(raw_teams))
    else:
        seen: dict[int, int] = {}
        misplaced = False
        for team_index, team in enumerate(raw_teams):
            for position, seat in enumerate(team):
                misplaced |= seat >= count or seat in seen
                if seat >= count:
                    ctx.error(
                        ("players", "teams", team_index, position),
                        f"Seat {seat} does not exist with {count} players (seats are 0 to {count - 1}).",
                    )
                elif seat in seen:
                    where = "earlier in this team" if seen[seat] == team_index else f"in team {seen[seat]}"
                    ctx.error(("players", "teams", team_index, position), f"Seat {seat} is already {where}.")
                else:
                    seen[seat] = team_index
        missing = [seat for seat in range(count) if seat not in seen]
        if missing:
            ctx.error(("players", "teams"), f"Seat(s) {', '.join(map(str, missing))} are in no team.")
        if misplaced or missing:
            return None
        teams = tuple(tuple(team) for team in raw_teams)
    called = None
    raw_called = ctx.get(("players", "called_partner"))
    if raw_called is not None:
        if raw_teams != "alone":
            ctx.error(("players", "called_partner"), "A called partner changes every hand, so it needs 'teams: alone'.")
        forbidden = frozenset(raw_called.get("may_not_name", []))
        if "joker" in forbidden and deck is not None and not deck.jokers:
            ctx.error(("players", "called_partner", "may_not_name"), "It forbids calling the joker, but the deck has no joker.")
        called = CalledPartner(
            reveal=Reveal(raw_called.get("reveal", "announced")),
            may_not_name=forbidden,
            may_go_alone=raw_called.get("may_go_alone", True),
            declarer_share=Share(raw_called.get("declarer_share", "full")),
            partner_share=Share(raw_called.get("partner_share", "full")),
        )
    raw_dummies = ctx.get(("players", "dummies"))
    dummies = Dummies(raw_dummies["face_down"], raw_dummies["face_up"]) if raw_dummies else None
    if dummies is not None and dummies.face_down > dummies.face_up:
        ctx.error(("players", "dummies"), "Each face-down dummy card must be covered by a face-up one, so face_down cannot exceed face_up.")
    if dummies is not None and called is not None:
        ctx.error(("players", "dummies"), "Dummies and a called partner cannot be combined: a dummy already partners its player.")
    if dummies is not None:
        # Each dummy sits at seat count + its player's and plays for its player's team.
        teams = tuple(tuple(sorted(seats + tuple(seat + count for seat in seats))) for seats in teams)
    return Seating(count, teams, called, dummies)


def _pattern_for_kitty(raw: object, hand: int, kitty: int) -> str | None:
    """A pattern of numbers ``raw`` (players and kitty in turn) with its packets to the players kept and
    ``kitty`` cards spread over its turns of the kitty, the earlier ones taking any extra (``3-1-4-1-3-1``
    and 5: ``3-2-4-2-3-1``); ``None`` for a list of steps, one with no turn of the kitty, or one whose
    packets do not deal each player ``hand`` cards."""
    if not isinstance(raw, str) or not all(part.isdigit() for part in raw.split("-")):
        return None
    numbers = [int(part) for part in raw.split("-")]
    turns = len(numbers) // 2
    if not turns or kitty < 0 or sum(numbers[0::2]) != hand:
        return None
    share, extra = divmod(kitty, turns)
    for turn in range(turns):
        numbers[2 * turn + 1] = share + (turn < extra)
    return "-".join(str(number) for number in numbers)


def _steps_for_kitty(raw: object, kitty: int) -> list[dict[str, int]] | None:
    """A list of steps ``raw`` with ``kitty`` cards spread over its steps to the kitty as
    :func:`_pattern_for_kitty` spreads them (a step left with none dropped), every other step kept; ``None``
    for a pattern of numbers, or a list with no step to the kitty."""
    if not isinstance(raw, list) or not all(isinstance(step, dict) and len(step) == 1 for step in raw):
        return None
    turns = [index for index, step in enumerate(raw) if "kitty" in step]
    if not turns:
        return None
    share, extra = divmod(kitty, len(turns))
    steps = [dict(step) for step in raw]
    for turn, index in enumerate(turns):
        steps[index] = {"kitty": share + (turn < extra)}
    return [step for step in steps if step.get("kitty", 1)]


def _kitty_too_large(hand: int, kitty: int) -> bool:
    """Whether a kitty of ``kitty`` cards is more than the schema lets a kitty hold, or gives a declarer
    holding ``hand`` cards more discards to choose from than allowed (the deal's hint and the deck's
    fitted kitty ask alike)."""
    return kitty > _most_kitty() or comb(hand + kitty, kitty) > MAX_DISCARD_CHOICES


def _most_kitty() -> int:
    """The schema's largest ``deal.kitty_size``."""
    return int(load_schema()["properties"]["deal"]["properties"]["kitty_size"]["maximum"])


def _deal_steps(
    ctx: CompileContext, hand: int, kitty: int, dead: int, dummy: int, table: int, draw: bool = False, offer: bool = True, raw: Any = None
) -> tuple[DealStep, ...]:
    """The deal's bundles: ``raw`` is the pattern as written (``None``: a bundle for each place in turn)."""
    if raw is None and draw:
        # The kitty is set aside first; then the players draw in turn, a pair each time.
        pairs = [DealStep(DealTarget.PLAYERS, 2)] * (hand // 2)
        return tuple(step for step in [DealStep(DealTarget.KITTY, kitty), DealStep(DealTarget.DEAD_HAND, dead), *pairs] if step.cards)
    if raw is None:
        steps = [
            DealStep(DealTarget.PLAYERS, hand),
            DealStep(DealTarget.KITTY, kitty),
            DealStep(DealTarget.DUMMIES, dummy),
            DealStep(DealTarget.TABLE, table),
            DealStep(DealTarget.DEAD_HAND, dead),
        ]
        return tuple(step for step in steps if step.cards)
    if isinstance(raw, str):
        numbers = [int(part) for part in raw.split("-")]
        steps = [
            DealStep(DealTarget.PLAYERS if position % 2 == 0 else DealTarget.KITTY, number)
            for position, number in enumerate(numbers)
            if number
        ]
    else:
        steps = [DealStep(DealTarget(next(iter(step))), next(iter(step.values()))) for step in raw]
    wanted = {
        DealTarget.PLAYERS: hand,
        DealTarget.KITTY: kitty,
        DealTarget.DEAD_HAND: dead,
        DealTarget.DUMMIES: dummy,
        DealTarget.TABLE: table,
    }
    words = {
        DealTarget.PLAYERS: "each player",
        DealTarget.KITTY: "the kitty",
        DealTarget.DEAD_HAND: "the dead hand",
        DealTarget.DUMMIES: "each dummy",
        DealTarget.TABLE: "the table",
    }
    for target, expected in wanted.items():
        dealt = sum(step.cards for step in steps if step.target == target)
        if dealt != expected:
            message = f"The pattern deals {dealt} cards to {words[target]}, but {words[target]} should get {expected}."
            fitting = (
                _pattern_for_kitty(raw, hand, kitty)
                if offer and target is DealTarget.KITTY and kitty and not (dead or dummy or table)
                else None
            )
            if fitting is not None:
                message += f" A pattern that does: {fitting}."
            if isinstance(raw, str) and target not in (DealTarget.PLAYERS, DealTarget.KITTY):
                # A pattern of numbers alternates players and kitty: other places need the list of steps.
                message += (
                    f" A pattern of numbers deals to the players and the kitty only; write it as a list of steps naming"
                    f" where each goes, such as [{{players: 3}}, {{{target.value}: {min(expected, 3)}}}, {{kitty: 1}}, ...]."
                )
            ctx.error(("deal", "pattern"), message)
    return tuple(steps)


@lru_cache(maxsize=1)
def _shipped_players() -> tuple[tuple[str, int, int, str], ...]:
    """Each shipped variant's name, player count, deck size (from its compiled rules) and the file it
    extends (``""`` for none)."""
    found = []
    for name in shipped_variant_names():
        try:
            document = load_document(name)
            rules = compile_document(document)
        except VariantError:  # a broken shipped file is the shipped files' tests' to report, not a user's
            continue
        found.append((name, rules.seating.players, len(rules.deck), document.chain[1] if document.chain[1:] else ""))
    return tuple(found)


def _variants_for_count(ctx: CompileContext, count: int, deck: Deck | None) -> str:
    """Where the named file changed the number of players from the variant it extends: a sentence naming
    the shipped variants made for ``count`` players, one of which it could extend instead, as their
    settings fit that many; else ``""``. Those extending the same file as this one come first, then those
    with a deck of this size."""
    document = ctx.document
    inherited = document.inherited(("players", "count"))
    if document.base is None or not isinstance(inherited, int) or inherited == count:
        return ""
    size = len(deck) if deck is not None else None
    base = document.chain[1]
    made = sorted((extends != base, cards != size, name) for name, players, cards, extends in _shipped_players() if players == count)
    names = [name for _, _, name in made]
    if not names:
        return ""
    return (
        f" Shipped variants made for {count} players: {', '.join(names)}; to start from one, with a seating and deal that fit, "
        f"extend it instead (extends: {names[0]})."
    )


def _written_in(ctx: CompileContext, path: JsonPath) -> int:
    """How far down the ``extends`` chain the newest setting at or under ``path`` was written: 0 for the
    named file, one more for each file it extends (the chain's length where nothing was written)."""
    chain = ctx.document.chain
    files = {mark.file for written, mark in ctx.document.values.items() if written[: len(path)] == path}
    return min((chain.index(file) for file in files if file in chain), default=len(chain))


Fitted = tuple[int, str | list[dict[str, int]] | None]
"""A kitty fitted to a deck, and the pattern fitted with it (``None``: the pattern as it stands)."""


def _kitty_for_deck(ctx: CompileContext, deck: Deck | None, seating: Seating | None) -> Fitted | None:
    """The kitty, and the pattern, that a deck changed after them takes: rules text 000, "Setup": with the
    45-card deck "each player still receives a hand of 10 cards, but the kitty is increased to five
    cards". Where a file names a deck and leaves the kitty to a file it extends (``deck: 45-card`` over
    ``standard``), the hands (and any dummies and dead hand) keep their size and the kitty takes the
    cards they leave; a pattern inherited with the kitty spreads them over its turns of the kitty
    (3-1-4-1-3-1 becomes 3-2-4-2-3-1, and a list of steps alike). ``None`` where nothing is fitted: the
    deal already fits, the kitty was written with or after the deck, the hands are drawn or cards dealt
    to the table, no kitty the schema allows would fit, or the pattern cannot be spread."""
    hand, kitty = ctx.get(("deal", "hand_size")), ctx.get(("deal", "kitty_size"))
    dead = ctx.get(("deal", "dead_hand_size"), 0)
    if deck is None or seating is None or not all(isinstance(number, int) for number in (hand, kitty, dead)):
        return None
    if ctx.get(("deal", "draw"), False) or ctx.get(("deal", "table")):
        return None
    held = hand * seating.players + dead + (seating.dummies.size * seating.players if seating.dummies else 0)
    if held + kitty == len(deck):
        return None
    deck_file = _written_in(ctx, ("deck",))
    if _written_in(ctx, ("deal", "kitty_size")) <= deck_file:
        return None
    fit = len(deck) - held
    # A kitty of at least one card (the rules text grows the kitty; a deck the hands use up is a game
    # without one, which a file says itself: refused with the deal that fits, as before).
    if fit < 1 or _kitty_too_large(hand, fit):
        return None
    raw = ctx.get(("deal", "pattern"))
    if raw is None or _written_in(ctx, ("deal", "pattern")) <= deck_file:
        return fit, None
    pattern = _pattern_for_kitty(raw, hand, fit) if isinstance(raw, str) else _steps_for_kitty(raw, fit)
    return None if pattern is None else (fit, pattern)


def _with_deal(data: dict[str, Any], fitted: Fitted) -> dict[str, Any]:
    """The merged document ``data`` with the kitty and pattern :func:`_kitty_for_deck` fitted, as a
    record carries it (so that it compiles alone, with no file to inherit from, to the same rules)."""
    kitty, pattern = fitted
    deal = {**data["deal"], "kitty_size": kitty}
    if pattern is not None:
        deal["pattern"] = pattern
    return {**data, "deal": deal}


def _compile_deal(ctx: CompileContext, deck: Deck | None, seating: Seating | None, fitted: Fitted | None = None) -> DealRules | None:
    hand = ctx.require(("deal", "hand_size"), "cards dealt to each player.")
    kitty = ctx.require(("deal", "kitty_size"), "cards dealt to the kitty.")
    if hand is None or kitty is None or seating is None:
        return None
    pattern = ctx.get(("deal", "pattern"))
    if fitted is not None:
        kitty, pattern = fitted[0], fitted[1] or pattern
    dead = ctx.get(("deal", "dead_hand_size"), 0)
    raw_table = ctx.get(("deal", "table"), {}) or {}
    table, to_kitty, to_defenders = raw_table.get("size", 0), raw_table.get("to_kitty", 0), raw_table.get("to_defenders", 0)
    if table and to_kitty * seating.players + to_defenders * (seating.players - 1) > table:
        ctx.error(
            ("deal", "table"),
            f"{seating.players} players putting {to_kitty} each into the kitty and {seating.players - 1} defenders taking "
            f"{to_defenders} each need more than the {table} table cards.",
        )
    draw = ctx.get(("deal", "draw"), False)
    if draw and (seating.dummies or table):
        ctx.error(("deal", "draw"), "Drawing the hands in pairs cannot be combined with dummies or table cards.")
    dealt = hand * 2 if draw else hand
    dummy = seating.dummies.size if seating.dummies else 0
    if seating.dummies and seating.dummies.size != hand:
        ctx.error(("players", "dummies"), f"A dummy has {seating.dummies.size} cards but a hand has {hand}; they must match.")
    if deck is not None:
        players = seating.players
        used = dealt * players + kitty + dead + dummy * players + table
        if used != len(deck):
            parts = [f"{players} hands of {hand}" if not draw else f"{players} players drawing {dealt}", f"a kitty of {kitty}"]
            if dead:
                parts.append(f"a dead hand of {dead}")
            if dummy:
                parts.append(f"{players} dummies of {dummy}")
            if table:
                parts.append(f"{table} table cards")
            fit = len(deck) - (used - kitty)
            hint = f" A kitty of {fit} would fit." if fit >= 0 else ""
            if fit >= 0 and _kitty_too_large(dealt, fit):
                hint = f" No kitty fits: it would take {fit} cards, more than a kitty may hold; change the hand size or the deck."
            elif fit > 0 and not (draw or dead or dummy or table):
                fitting = _pattern_for_kitty(pattern, dealt, fit)
                if fitting is not None:
                    hint = f" A kitty of {fit} would fit: deal: {{kitty_size: {fit}, pattern: {fitting}}}."
                elif pattern is None:
                    hint = f" A kitty of {fit} would fit: deal: {{kitty_size: {fit}}}."
            ctx.error(
                ("deal",),
                f"The deal does not use the deck exactly: {' + '.join(parts)} = {used} cards, but the deck has {len(deck)}.{hint}"
                + _variants_for_count(ctx, players, deck),
            )
    # A pattern fitting the kitty is offered only where the kitty itself fits the deck (else the deal's message offers one).
    fits = deck is None or dealt * seating.players + kitty + dead + dummy * seating.players + table == len(deck)
    steps = _deal_steps(ctx, dealt, kitty, dead, dummy, table, draw, offer=fits, raw=pattern)
    return DealRules(
        hand_size=hand,
        kitty=kitty,
        dead_hand=dead,
        steps=steps,
        misdeal_without_face_card=ctx.get(("deal", "misdeal_without_face_card"), False),
        last_kitty_card_face_up=ctx.get(("deal", "last_kitty_card_face_up"), False),
        table=table,
        table_to_kitty=to_kitty,
        table_to_defenders=to_defenders,
        draw=draw,
    )


def _compile_strains(ctx: CompileContext, deck: Deck, rank_order: tuple[str, ...]) -> tuple[dict[str, Strain], tuple[CardOrder, ...]]:
    bowers = ctx.get(("card_order", "bowers"), True)
    strains: dict[str, Strain] = {suit.id: Strain(suit.id, suit.name, suit.id, bowers) for suit in deck.suits}
    strains["NT"] = Strain("NT", "no trump", None, False)
    letters = [suit.id for suit in deck.suits]
    for strain_id, raw in (ctx.get(("strains",), {}) or {}).items():
        old = strains.get(strain_id)
        trump_raw = raw.get("trump", old.trump if old and old.trump else "none")
        if trump_raw != "none" and trump_raw not in letters:
            ctx.error(("strains", strain_id, "trump"), f"{trump_raw} is not a suit of this deck ({', '.join(letters)}).")
            continue
        trump = None if trump_raw == "none" else trump_raw
        has_bowers = raw.get("bowers", bool(trump) and bowers)
        if has_bowers and trump is None:
            ctx.error(("strains", strain_id, "bowers"), "Bowers need a trump suit; this strain has none.")
            continue
        strains[strain_id] = Strain(
            strain_id, raw.get("name", old.name if old else strain_id), trump, has_bowers, raw.get("jack_high", False)
        )
    four = ctx.get(("card_order", "trump_colour_four"), False)
    orders = tuple(compile_card_order(deck, strain, rank_order, four) for strain in strains.values())
    return strains, orders


def _compile_auction(ctx: CompileContext, levels: tuple[int, ...], players: int) -> AuctionRules:
    raw_inkles = ctx.get(("auction", "inkles"))
    inkles = None
    if raw_inkles is not None:
        level = raw_inkles.get("level", levels[0] if levels else 6)
        if levels and level not in levels:
            ctx.error(
                ("auction", "inkles", "level"),
                f"Inkles are at level {level}, which is not a level of the ladder ({', '.join(map(str, levels))}).",
            )
        bidders = raw_inkles.get("bidders", "all")
        if isinstance(bidders, int) and bidders > players:
            ctx.error(("auction", "inkles", "bidders"), f"{bidders} players may inkle, but only {players} play.")
        inkles = Inkles(
            level, None if bidders == "all" else bidders, raw_inkles.get("can_win", False), raw_inkles.get("separate_no", False)
        )
    raw_all_pass = ctx.get(("auction", "all_pass"), "redeal")
    if isinstance(raw_all_pass, str):
        all_pass = AllPass(AllPassAction(raw_all_pass))
    else:
        action = AllPassAction(raw_all_pass["then"])
        if "max_redeals" in raw_all_pass and action is not AllPassAction.REDEAL:
            ctx.error(("auction", "all_pass", "max_redeals"), "max_redeals only goes with 'then: redeal'.")
        if "trick_points" in raw_all_pass and action is not AllPassAction.PLAY_NO_TRUMP:
            ctx.error(("auction", "all_pass", "trick_points"), "trick_points only goes with 'then: play_no_trump'.")
        all_pass = AllPass(action, raw_all_pass.get("max_redeals"), raw_all_pass.get("trick_points", 10))
    rounds = Rounds(ctx.get(("auction", "rounds"), "continuous"))
    if rounds is Rounds.ONE:
        # Both rules reopen the bidding, which a single round of bidding does not have.
        if ctx.get(("auction", "bid_after_pass"), "never") != "never":
            ctx.error(
                ("auction", "bid_after_pass"),
                "Bidding again after a pass needs a continuous auction; with 'rounds: one' each player bids once.",
            )
        if ctx.get(("auction", "winner_may_raise"), False):
            ctx.error(
                ("auction", "winner_may_raise"),
                "The winner raising its bid needs a continuous auction; with 'rounds: one' each player bids once.",
            )
    return AuctionRules(
        rounds=rounds,
        bid_after_pass=BidAfterPass(ctx.get(("auction", "bid_after_pass"), "never")),
        rebid=Rebid(ctx.get(("auction", "rebid"), "after_intervening_bid")),
        winner_may_raise=ctx.get(("auction", "winner_may_raise"), False),
        inkles=inkles,
        all_pass=all_pass,
    )


def _compile_play(ctx: CompileContext, deck: Deck) -> PlayRules:
    raw = ctx.get(("play", "joker_in_no_trump"))
    if raw is not None and not deck.jokers:
        ctx.error(("play", "joker_in_no_trump"), "These rules are about the joker, but the deck has no joker.")
    raw = raw or {}
    return PlayRules(
        first_lead=FirstLead(ctx.get(("play", "first_lead"), "declarer")),
        joker_in_no_trump=JokerRules(
            only_when_void=raw.get("only_when_void", True),
            lead_names_suit=raw.get("lead_names_suit", True),
            may_name_void_suit=raw.get("may_name_void_suit", True),
            renege_forbidden=raw.get("renege", "allowed") == "forbidden",
            first_or_last_only=raw.get("first_or_last_only", False),
        ),
    )


def _compile_scoring(ctx: CompileContext, resolve: Callable[[str], str | None], rank_of: dict[str, int]) -> ScoringRules:
    raw_slam = ctx.get(("scoring", "slam"))
    slam = None
    if raw_slam is not None:
        up_to_rank = None
        if "up_to" in raw_slam:
            contract_id = resolve(raw_slam["up_to"])
            if contract_id is None:
                ctx.error(
                    ("scoring", "slam", "up_to"),
                    f"{raw_slam['up_to']!r} is not a bid of this variant.{suggestion(str(raw_slam['up_to']), sorted(rank_of))}",
                )
            else:
                up_to_rank = rank_of[contract_id]
        if "up_to" not in raw_slam and "below_value" not in raw_slam:
            ctx.error(("scoring", "slam"), "Say which contracts the slam bonus is for: 'below_value: 250' or 'up_to: 8S'.")
        slam = Slam(raw_slam["value"], raw_slam.get("below_value"), up_to_rank)
    return ScoringRules(
        failed=FailedContract(ctx.get(("scoring", "failed"), "subtract")),
        defender_trick_points=ctx.get(("scoring", "defender_trick_points"), 10),
        defender_cap=ctx.get(("scoring", "defender_cap")),
        slam=slam,
        scores_never_decrease=ctx.get(("scoring", "scores_never_decrease"), False),
        lay_down_penalty=ctx.get(("scoring", "lay_down_penalty")),
    )


def _set_rule(ctx: CompileContext, key: str, short_by: int) -> SetRule | None:
    raw = ctx.get((key,))
    if raw is None:
        return None
    return SetRule(raw.get("short_by", short_by), raw.get("misere_tricks", 3))


def _compile_breach(ctx: CompileContext) -> BreachRule | None:
    raw = ctx.get(("breach",))
    if raw is None:
        return None
    if "value" not in raw:
        ctx.error(("breach",), "Breach needs a 'value': the points won or lost on a breach call.")
        return None
    return BreachRule(
        value=raw["value"],
        margin=SetRule(raw.get("short_by", 2), raw.get("misere_tricks", 3)),
        min_level=raw.get("min_level", 7),
        can_end_game=raw.get("can_end_game", False),
        ban_failed_caller=raw.get("ban_failed_caller", True),
        ban_breached_declarer_level=raw.get("ban_breached_declarer_level", 7),
    )


def _announcements(extras: tuple[Extra, ...], breach: BreachRule | None, levels: Sequence[int]) -> tuple[Announcement, ...]:
    """The announcements the rules allow: the breach wager (a defender, once the auction is won) and each
    call (the declarer, once the kitty is exchanged)."""
    found: list[Announcement] = []
    if breach is not None:
        breachable = tuple(level for level in levels if level >= breach.min_level)
        found.append(Announcement("breach", "breach", Moment.AFTER_AUCTION, Announcer.DEFENDER, Effect.WAGER, breachable, (), True, True))
    for extra in extras:
        if extra.kind == "call":
            found.append(
                Announcement(extra.id, extra.name, Moment.AFTER_KITTY, Announcer.DECLARER, Effect.TERMS, extra.levels, extra.contracts)
            )
    return tuple(found)


def _compile_end(ctx: CompileContext) -> EndRules:
    target = ctx.get(("end", "target"), 500)
    lose_at = ctx.get(("end", "lose_at"))
    if lose_at is not None and lose_at >= target:
        ctx.error(("end", "lose_at"), f"The losing score {lose_at} must be below the target {target}.")
    elif lose_at is not None and lose_at >= 0:
        # A trial wrote lose_at: 0 for "a side that goes negative loses": every game was lost before it began.
        ctx.error(
            ("end", "lose_at"),
            f"The losing score {lose_at} must be below 0, the score every side starts from, or every game is lost before "
            "its first hand: for 'a side that goes below zero loses' write the highest score below zero (-10 where scores "
            "move in tens).",
        )
    high = ctx.get(("end", "lose_at_or_above"))
    if high is not None and high <= target:
        ctx.error(("end", "lose_at_or_above"), f"The losing high score {high} must be above the target {target}.")
    return EndRules(
        target=target,
        lose_at=lose_at,
        lose_only_if_others_not_negative=ctx.get(("end", "lose_only_if_others_not_negative"), False),
        must_win_by_bid=ctx.get(("end", "must_win_by_bid"), False),
        simultaneous=Simultaneous(ctx.get(("end", "simultaneous"), "bidder")),
        point_spread=ctx.get(("end", "point_spread")),
        exact_target=ctx.get(("end", "exact_target"), False),
        lose_at_or_above=high,
        score_out_during_hand=ctx.get(("end", "score_out_during_hand"), False),
        simultaneous_tie=SimultaneousTie(ctx.get(("end", "simultaneous_tie"), "play_on")),
    )


def _problems_beyond_schema(document: MergedDocument) -> list[Problem]:
    """The compiler's problems in the parts of ``document`` that pass the schema (a file with a typo in
    one key and a deal that does not fit its deck hears of both at once). Problems at or under a part
    that was changed are left out: they would only echo the schema problem there."""
    pruned = schema_valid_part(document)
    if pruned is None:
        return []
    valid, removed = pruned
    known = load_schema().get("properties", {})
    if document.base is None and any(
        isinstance(key, str) and key not in known and key.lower().startswith("ext") and suggestion(key, ["extends"])
        for key in document.data
    ):
        return []  # a misspelt 'extends' (a trial's 'Extends'): what else is missing follows from it alone
    gone = [format_path(path) for path in removed]

    def related(path: str) -> bool:
        return any(path == other or path.startswith((other + ".", other + "[")) for other in gone)

    try:
        compile_document(valid)
    except VariantError as error:
        return [problem for problem in error.problems if not related(problem.path)]
    except Exception:
        return []
    return []


def compile_document(document: MergedDocument) -> Rules:
    """Check and compile a merged document; raise :class:`VariantError` with every problem found (one
    for each mistake: the problems a key indented wrongly causes under it are reported once, at the key)."""
    try:
        return _compile_checked(document)
    except VariantError as error:
        raise VariantError(document.one_per_hint(error.problems)) from None


def _compile_checked(document: MergedDocument) -> Rules:
    problems = schema_problems(document)
    if problems:
        raise VariantError(problems + _problems_beyond_schema(document))
    if document.base is None and not any(key in document.data for key in ("deck", "players", "deal")):
        # A house-rules file that forgot its first line heard of five missing keys (a trial).
        raise VariantError(
            [
                document.problem(
                    (),
                    "This file extends no variant and says nothing of the deck, the players or the deal: house rules start "
                    "with the variant they change, such as 'extends: standard' (fivehundred variants lists them); a file "
                    "without 'extends' must give the whole game.",
                )
            ]
        )
    ctx = CompileContext(document)
    name = ctx.require(("name",), "what these rules are called.")
    rank_order = tuple(normalize_rank(rank) for rank in ctx.get(("card_order", "ranks"), DEFAULT_RANK_ORDER))
    twice = sorted({rank for rank in rank_order if rank_order.count(rank) > 1})
    if twice:
        ctx.error(
            ("card_order", "ranks"), f"The rank order lists {', '.join(twice)} more than once (8 and '8', or T and 10, are the same rank)."
        )
        raise VariantError(ctx.problems)
    deck = _compile_deck(ctx, rank_order)
    seating = _compile_seating(ctx, deck)
    fitted = _kitty_for_deck(ctx, deck, seating)
    deal = _compile_deal(ctx, deck, seating, fitted)
    if deck is None or seating is None or deal is None:
        raise VariantError(ctx.problems)
    strains, card_orders = _compile_strains(ctx, deck, rank_order)
    result = compile_ladder(ctx, deck, strains, deal.hand_size)
    if result is None:
        raise VariantError(ctx.problems)
    ladder = result.ladder
    breach = _compile_breach(ctx)
    rules = Rules(
        name=name or "",
        description=ctx.get(("description",), "") or "",
        source=document.file,
        deck=deck,
        rank_order=rank_order,
        strains=tuple(strains.values()),
        card_orders=card_orders,
        ladder=ladder,
        extras=result.extras,
        seating=seating,
        deal=deal,
        auction=_compile_auction(ctx, result.levels, seating.players),
        kitty=KittyRules(KittyExchange(ctx.get(("kitty", "exchange"), "discard_same"))),
        play=_compile_play(ctx, deck),
        scoring=_compile_scoring(ctx, result.resolve, {c.id: c.rank for c in ladder}),
        set_rule=_set_rule(ctx, "set", 2),
        ralph=_set_rule(ctx, "ralph", 3),
        breach=breach,
        end=_compile_end(ctx),
        announcements=_announcements(result.extras, breach, result.levels),
        document=(carried := carried_document(document.data if fitted is None else _with_deal(document.data, fitted))),
        document_hash=document_hash(carried),
    )
    check_limits(ctx, rules)
    if ctx.problems:
        raise VariantError(ctx.problems)
    return rules


def carried_document(data: Any) -> Any:
    """A merged variant document as plain JSON data (mapping keys as strings, lists for tuples)."""
    if isinstance(data, dict):
        return {str(key): carried_document(value) for key, value in data.items()}
    if isinstance(data, (list, tuple)):
        return [carried_document(value) for value in data]
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    return str(data)


def document_hash(document: Any) -> str:
    """The SHA-256 of a carried document in canonical JSON, in hexadecimal."""
    return canonical_sha256(document)


def load_variant(name_or_path: str | os.PathLike[str]) -> Rules:
    """Load, validate and compile a variant: a shipped name (``"australian"``) or a path to a YAML file
    (a string or a path object).

    Raises :class:`VariantError` listing every problem, each located by file, line, column and path, and
    :class:`~engine.errors.UsageError` for an argument that is neither a string nor a path.
    """
    reference = os.fspath(name_or_path) if isinstance(name_or_path, os.PathLike) else name_or_path
    if not isinstance(reference, str):
        hint = ": decode it first (name.decode('utf-8'))" if isinstance(reference, (bytes, bytearray)) else ""
        raise UsageError(
            f"engine.load_variant takes a shipped variant's name or a variant file's path (a str or a path object), "
            f"not {'None' if reference is None else f'{shown(reference)} ({type(reference).__name__})'}{hint}."
        )
    rules = compile_document(load_document(reference))
    if shipped_variant_path(reference) is None:
        reference = os.path.abspath(reference)
    return dataclasses.replace(rules, reference=reference)


def load_variant_inside(reference: str, folder: str) -> Rules:
    """Load a variant file that must lie inside ``folder`` (``reference``: a path relative to it, or
    absolute within it); it and every file it extends are read from inside ``folder`` only (links
    followed, checked on the file actually opened). Raises :class:`VariantError`, or
    :class:`~engine.errors.UnreadableFileError` before reading anything outside ``folder``."""
    rules = compile_document(load_confined(reference, folder))
    return dataclasses.replace(rules, reference=os.path.abspath(os.path.join(folder, reference)))


def compile_text(text: str, file: str = "<text>", base_folder: str | os.PathLike[str] = ".") -> Rules:
    """Compile a variant held in memory (handy for tests and for programs that build rules on the fly):
    ``text`` is the file's text, ``file`` the name its problems are located by, ``base_folder`` where a
    relative ``extends`` is read from.

    Raises :class:`VariantError` listing every problem, and :class:`~engine.errors.UsageError` for an
    argument of the wrong type (bytes, say: decode them first).
    """
    if not isinstance(text, str):
        if isinstance(text, (bytes, bytearray)):
            raise UsageError(
                f"engine.compile_text takes the variant's text as a str, not {type(text).__name__}: decode them first "
                "(engine.compile_text(data.decode('utf-8'))), or give the file's path to engine.load_variant."
            )
        raise UsageError(f"engine.compile_text takes the variant's text as a str, not {type(text).__name__}.")
    if not isinstance(file, str):
        raise UsageError(f"engine.compile_text's file (the name its problems are located by) must be a str, not {type(file).__name__}.")
    folder = os.fspath(base_folder) if isinstance(base_folder, os.PathLike) else base_folder
    if not isinstance(folder, str):
        raise UsageError(
            f"engine.compile_text's base_folder must be a folder's path (a str or a path object), not {type(folder).__name__}."
        )
    return compile_document(load_text(text, file, folder))


__all__ = ["compile_document", "compile_text", "load_variant", "load_variant_inside"]
