"""What the ``play`` screen shows one person: the table as their seat sees it, laid out once and drawn
either as plain text or with ``rich`` (colour, a panel).

The layout is a list of labelled rows, each a list of ``(text, style)`` pieces; :func:`plain` joins the
texts, :func:`rich_panel` turns the styles into colour. Everything shown comes from the seat's
:class:`~engine.game.observation.Observation` (plus the rules and the scores): the screen never shows a
hidden card.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..game.game import Game
from ..game.observation import Observation, declaring_side, side_needs
from ..kernel.actions import Action, Bid, Discard, Play
from ..kernel.phase import Phase
from ..rules.cards import Card, Colour
from ..rules.ruleset import Rules

Piece = tuple[str, str]
"""A piece of text and its style (``""`` for none, else a ``rich`` style such as ``"bold red"``)."""

MAX_LISTED = 60
"""Legal actions are listed with numbers when there are at most this many (a kitty discard, which can
have thousands of choices, is typed instead)."""

_PHASE_WORDS = {
    Phase.AUCTION: "the auction",
    Phase.KITTY: "the kitty",
    Phase.CALLS: "announcements",
    Phase.PARTNER: "calling a partner",
    Phase.GIVE: "giving cards",
    Phase.DRAW: "drawing hands",
    Phase.PICK: "taking table cards",
    Phase.PLAY: "the play",
    Phase.GAME_OVER: "game over",
}


@dataclass(frozen=True)
class Row:
    """One labelled line of the screen."""

    label: str
    """What the line is (``Auction``, ``Your hand``)."""
    pieces: tuple[Piece, ...]
    """Its content."""


class Names:
    """How the screen names seats and sides for the person at ``seat``."""

    def __init__(self, rules: Rules, seat: int) -> None:
        self.rules = rules
        """The variant played."""
        self.seat = seat
        """The person's seat."""

    def seat_name(self, seat: int) -> str:
        """``Seat 2 (you)``, ``Seat 0 (partner)``, ``Seat 1``, or a dummy's: ``Seat 2 (your dummy)``,
        ``Seat 3 (Seat 1's dummy)``."""
        seating = self.rules.seating
        if seat >= seating.players:
            owner = seating.controller(seat)
            return f"Seat {seat} (your dummy)" if owner == self.seat else f"Seat {seat} (Seat {owner}'s dummy)"
        mine = next(seats for seats in seating.teams if self.seat in seats)
        if seat == self.seat:
            return f"Seat {seat} (you)"
        if seat in mine:
            return f"Seat {seat} (partner)"
        return f"Seat {seat}"

    def side_name(self, team: int) -> str:
        """A side: ``Seat 1`` for a player alone, ``Team 0 (seats 0 and 2, you)`` for a partnership."""
        seats = self.rules.seating.teams[team]
        if len(seats) == 1:
            return self.seat_name(seats[0])
        you = ", you" if self.seat in seats else ""
        return f"Team {team} (seats {' and '.join(map(str, seats))}{you})"


def card_pieces(rules: Rules, cards: Sequence[Card], symbols: bool) -> list[Piece]:
    """Cards as coloured pieces separated by spaces: red suits red, jokers magenta."""
    pieces: list[Piece] = []
    for position, card in enumerate(cards):
        if position:
            pieces.append((" ", ""))
        pieces.append(card_piece(rules, card, symbols))
    return pieces


def card_piece(rules: Rules, card: Card, symbols: bool) -> Piece:
    """One card: its notation (with the suit's symbol when ``symbols``) and its colour."""
    if card.suit is None:
        return (str(card), "bold magenta")
    suit = rules.deck.suit(card.suit)
    text = f"{card.rank}{suit.symbol}" if symbols and suit.symbol else str(card)
    return (text, "bold red" if suit.colour is Colour.RED else "bold")


def sorted_hand(rules: Rules, cards: Sequence[Card], contract: str | None) -> list[Card]:
    """``cards`` in the current trump order: trumps first (bowers and jokers among them), highest
    first, then each plain suit highest first, suits in the deck's order."""
    # Before the auction is won, in the order of the strain an unbid hand would be played in.
    order = rules.card_order(rules.played_strain(contract))
    place = {index: position for position, index in enumerate(order.trump_cards)}
    for _, plain in order.plain_order:
        for index in plain:
            place.setdefault(index, len(place))
    return sorted(cards, key=lambda card: place.get(card.index, len(place) + card.index))


def _tricks(rules: Rules, names: Names, observation: Observation) -> list[Piece]:
    teams = rules.seating.teams
    won = observation.tricks_won
    parts = [f"{names.side_name(team)}: {sum(won[seat] for seat in seats if seat < len(won))}" for team, seats in enumerate(teams)]
    side = declaring_side(rules, observation)
    if side is not None:
        # A side made for the hand is no team of the seating: its count was left to the player to add (a trial).
        parts.append(f"the declaring side: {side_needs(rules, observation, side)}")
    return [(", ".join(parts), "")]


def _played(rules: Rules, names: Names, cards: Sequence[tuple[int, Card]], symbols: bool) -> list[Piece]:
    """Cards played to a trick, each after its seat."""
    pieces: list[Piece] = []
    for position, (each, card) in enumerate(cards):
        pieces.append((("; " if position else "") + names.seat_name(each) + " ", ""))
        pieces.append(card_piece(rules, card, symbols))
    return pieces


def rows(game: Game, seat: int, *, symbols: bool = True, said: Sequence[str] = ()) -> list[Row]:
    """The screen for the person at ``seat``: every row, from the scores to the legal actions."""
    rules = game.rules
    names = Names(rules, seat)
    observation = game.observation(seat)
    lines: list[Row] = []
    scores = ", ".join(f"{names.side_name(team)}: {score}" for team, score in enumerate(observation.scores))
    lines.append(
        Row(
            "Game",
            (
                (
                    f"{rules.name}, hand {observation.hand_number + 1}, dealer {names.seat_name(observation.dealer)}, now "
                    f"{_PHASE_WORDS.get(observation.phase, observation.phase.value)}",
                    "",
                ),
            ),
        )
    )
    lines.append(Row("Scores", ((f"{scores}; target {rules.end.target}", ""),)))
    if observation.calls:
        calls = ", ".join(f"{names.seat_name(each)}: {call}{said_as(rules, call.split()[0])}" for each, call in observation.calls)
        lines.append(Row("Auction", ((calls, ""),)))
    if observation.contract is not None:
        contract = rules.ladder[observation.contract]
        declarer = names.seat_name(observation.declarer) if observation.declarer is not None else "nobody"
        extra = f", partner {names.seat_name(observation.partner)}" if observation.partner is not None else ""
        alone = ", alone" if observation.sitting_out else ""
        lines.append(Row("Contract", ((f"{contract.id} ({contract.name}) by {declarer}{extra}{alone}", "bold"),)))
    if observation.announced:
        lines.append(Row("Announced", ((", ".join(f"{names.seat_name(each)}: {call}" for each, call in observation.announced), ""),)))
    if observation.phase is Phase.PLAY or observation.tricks:
        lines.append(Row("Tricks won", tuple(_tricks(rules, names, observation))))
        if observation.tricks:
            last = observation.tricks[-1]
            pieces = _played(rules, names, last.cards, symbols)
            pieces.append((f"; won by {names.seat_name(last.winner)}", "italic"))
            lines.append(Row("Last trick", tuple(pieces)))
        trick = _played(rules, names, observation.trick, symbols)
        if observation.led_suit is not None:
            trick.append((f" ({rules.deck.suit(observation.led_suit).name} led)", "italic"))
        lines.append(Row("This trick", tuple(trick) or (("nothing played yet", "italic"),)))
    face_down = dict(observation.face_down)
    for each, cards in observation.exposed:
        pieces = card_pieces(rules, sorted_hand(rules, cards, observation.contract), symbols)
        hidden = face_down.get(each, 0)
        if hidden:
            # A dummy's face-down cards: as backs, with their count (nobody at the table sees them).
            pieces.append((" " + "\u25ae" * hidden if symbols else " " + "#" * hidden, "dim"))
            pieces.append((f" ({hidden} face down)", "italic"))
        lines.append(Row(f"{names.seat_name(each)} shows", tuple(pieces)))
    if observation.table:
        lines.append(Row("On the table", tuple(card_pieces(rules, observation.table, symbols))))
    if observation.kitty and observation.phase is Phase.KITTY and not observation.discards:
        # The kitty just taken, its cards now in the hand: shown until the discard, then what went away.
        lines.append(Row("Kitty taken", tuple(card_pieces(rules, observation.kitty, symbols))))
    if observation.discards:
        lines.append(
            Row("Your discards", tuple(card_pieces(rules, sorted_hand(rules, observation.discards, observation.contract), symbols)))
        )
    if observation.face_up:
        lines.append(Row("Face up", tuple(card_pieces(rules, observation.face_up, symbols))))
    if observation.drawing is not None:
        lines.append(Row("You drew", (card_piece(rules, observation.drawing, symbols),)))
    hand = sorted_hand(rules, observation.hand, observation.contract)
    lines.append(Row("Your hand", tuple(card_pieces(rules, hand, symbols)) if observation.looked else (("not looked at yet", "italic"),)))
    for position, message in enumerate(said):
        lines.append(Row("" if position else "Latest", ((message, "dim"),)))
    return lines


def _plain_words(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower().replace(" ", "_")


def said_as(rules: Rules, contract_id: str) -> str:
    """What the variant calls a contract where its id does not say it (``" (nullo)"`` for American's
    ``misere``), and ``" (inkle)"`` for an inkle; else nothing. Players type the id."""
    contract = rules.ladder.get(contract_id)
    if contract is None:
        return ""
    notes = []
    if contract.is_special and _plain_words(contract.name) != _plain_words(contract.id):
        notes.append(contract.name)
    inkles = rules.auction.inkles
    if inkles is not None and contract.level == inkles.level:
        notes.append("inkle")
    return f" ({', '.join(notes)})" if notes else ""


def listed_choices(game: Game) -> Sequence[Action]:
    """The legal actions in the order the screen numbers them: the game's order, except that cards to
    play come in the order the hand is shown (trumps first, bowers among them), as a player reads them."""
    choices = game.legal_choices()
    if game.phase is not Phase.PLAY:
        return choices  # (a kitty's discards are offered lazily: thousands, never listed)
    contract = game.contract
    cards = [choice.card for choice in choices if isinstance(choice, Play)]
    place = {card: position for position, card in enumerate(sorted_hand(game.rules, cards, contract.id if contract else None))}
    return sorted(choices, key=lambda choice: place[choice.card] if isinstance(choice, Play) else -1)


def choices_text(game: Game, width: int = 80) -> list[str]:
    """The legal actions numbered from 1 (:func:`listed_choices`), in columns fitting ``width``, or how
    to type one when there are too many to list."""
    choices = listed_choices(game)
    if len(choices) > MAX_LISTED:
        first = choices[0]
        example = f" (for example: {first})" if isinstance(first, Discard) else ""
        return [f"{len(choices):,} choices: type one in the notation{example}."]
    items = [
        f"{number:>2}. {choice}{said_as(game.rules, choice.contract) if isinstance(choice, Bid) else ''}"
        for number, choice in enumerate(choices, 1)
    ]
    column = max(len(item) for item in items) + 3
    per_line = max(1, width // column)
    return ["".join(f"{item:<{column}}" for item in items[start : start + per_line]).rstrip() for start in range(0, len(items), per_line)]


def plain(lines: Sequence[Row]) -> str:
    """The rows as plain text, labels aligned."""
    width = max((len(line.label) for line in lines), default=0)
    return "\n".join(f"{line.label:<{width}}  {''.join(text for text, _ in line.pieces)}".rstrip() for line in lines)


def rich_panel(lines: Sequence[Row], title: str) -> Any:
    """The rows as a ``rich`` panel (only called when ``rich`` is installed)."""
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold cyan", no_wrap=True)
    grid.add_column()
    for line in lines:
        text = Text()
        for piece, style in line.pieces:
            text.append(piece, style=style or None)
        grid.add_row(line.label, text)
    return Panel(grid, title=Text(title), title_align="left")


__all__ = [
    "MAX_LISTED",
    "Names",
    "Piece",
    "Row",
    "card_piece",
    "card_pieces",
    "choices_text",
    "listed_choices",
    "plain",
    "rich_panel",
    "rows",
    "said_as",
    "sorted_hand",
]
