"""Actions: the moves a seat makes, as frozen records with a text form shared by the API, transcripts and CLI.

Text forms: ``pass``, ``bid 7H``, ``bid 6NT``, ``bid misere`` (a special contract by its id),
``bid 7H sans_kitty`` (a bid with a modifier),
``discard 4D 5C 6C``, ``play JD`` and ``play JK:H`` (a joker led in no trump, hearts named),
``call breach`` (an announcement by its id; ``pass`` makes none), ``give JD`` (a partner's card to
the declarer), ``look`` (looking at one's cards, where a contract may be bid blind), ``claim AS KS``
(the declarer laying cards down to claim the tricks they win), ``partner JH`` / ``alone`` (the
declarer calling a partner by naming a card, or going alone), ``pick JH`` / ``pick JH discard 5C``
(taking a face-up table card into the kitty, or into a defender's hand with a discard), and ``keep`` /
``reject`` (drawing a hand: the card drawn is kept and the next rejected, or the other way round).
Parsing only checks that the text is *well formed* for the variant (the cards and contracts exist);
whether the action is *legal now* is the game's business.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from ..errors import IllegalActionError, shown
from ..language.suggest import suggestion, unaccented
from ..rules.cards import Card
from ..rules.contracts import PartnerRole
from ..rules.ruleset import KittyExchange, Rules, compiled_rules

MAX_ACTION_CHARS = 2_000
"""Longest text read as an action (``claim`` with every card of the largest deck stays far below)."""


@dataclass(frozen=True)
class Pass:
    """Passing in the auction."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Bid:
    """Bidding a contract of the ladder."""

    contract: str
    """The contract's id (``7H``, ``misere``)."""
    modifier: str | None = None
    """A modifier said with the bid (``sans_kitty``): it changes the terms, not what outbids the bid."""

    def __str__(self) -> str:
        return f"bid {self.contract}" + (f" {self.modifier}" if self.modifier else "")


@dataclass(frozen=True)
class Discard:
    """The declarer's discards after taking the kitty, in deck order."""

    cards: tuple[Card, ...]
    """The cards put away, sorted by their index in the deck."""

    def __post_init__(self) -> None:
        cards = self.cards
        if not (isinstance(cards, (tuple, list)) and all(type(card) is Card and type(card.index) is int for card in cards)):
            raise IllegalActionError("A discard is made of cards (engine.Card), such as parse_action(rules, 'discard 4D 5C 6C').")
        # One canonical order, so that the same discard always compares equal and prints the same.
        object.__setattr__(self, "cards", tuple(sorted(self.cards, key=lambda card: card.index)))

    def __str__(self) -> str:
        return "discard " + " ".join(str(card) for card in self.cards)


@dataclass(frozen=True)
class Play:
    """Playing a card to the trick."""

    card: Card
    """The card played."""
    suit: str | None = None
    """The suit named when a joker is led in no trump (its letter), else ``None``."""

    def __str__(self) -> str:
        return f"play {self.card}" + (f":{self.suit}" if self.suit else "")


@dataclass(frozen=True)
class Call:
    """Making an announcement in an announcement window (``call breach``, ``call slam_call``)."""

    announcement: str
    """The announcement's id (``rules.announcements``)."""

    def __str__(self) -> str:
        return f"call {self.announcement}"


@dataclass(frozen=True)
class Give:
    """A partner passing the declarer a card, face down, after a call that says so (``give JD``)."""

    card: Card
    """The card given."""

    def __str__(self) -> str:
        return f"give {self.card}"


@dataclass(frozen=True)
class Look:
    """Looking at one's cards in the auction, where a contract may be bid only before looking (blind
    misère); the seat still bids or passes after it."""

    def __str__(self) -> str:
        return "look"


@dataclass(frozen=True)
class Claim:
    """The declarer, leading, lays cards down to claim the tricks they win (``claim AS KS QS``): the first
    is led now and the others lead the next tricks, in order, while each wins its trick."""

    cards: tuple[Card, ...]
    """The cards laid down, in the order they lead."""

    def __post_init__(self) -> None:
        if isinstance(self.cards, list):  # taken as a discard's are; the order is the claim's own
            object.__setattr__(self, "cards", tuple(self.cards))

    def __str__(self) -> str:
        return "claim " + " ".join(str(card) for card in self.cards)


@dataclass(frozen=True)
class CallPartner:
    """The declarer calling a partner by naming a card (``partner JH``): its holder partners the
    declarer for the hand; with no card (``alone``) the declarer plays without a partner."""

    card: Card | None = None
    """The card named, or ``None`` for going alone."""

    def __str__(self) -> str:
        return "alone" if self.card is None else f"partner {self.card}"


@dataclass(frozen=True)
class Pick:
    """Taking a card face up on the table: into the kitty before the auction (``pick JH``), or into a
    defender's hand after the declarer's exchange, discarding a card for it (``pick JH discard 5C``)."""

    card: Card
    """The table card taken."""
    discard: Card | None = None
    """The card a defender discards for it (it may be the card taken), else ``None``."""

    def __str__(self) -> str:
        return f"pick {self.card}" + (f" discard {self.discard}" if self.discard is not None else "")


@dataclass(frozen=True)
class Draw:
    """Drawing a hand (two-handed): keeping the card just drawn, so the next is rejected (``keep``), or
    rejecting it, so the next is kept (``reject``)."""

    keep: bool
    """Whether the card drawn is kept."""

    def __str__(self) -> str:
        return "keep" if self.keep else "reject"


KEEP = Draw(True)
"""The draw action keeping the card drawn."""
REJECT = Draw(False)
"""The draw action rejecting the card drawn."""

ALONE = CallPartner()
"""The one action going alone."""

Action = Union[Pass, Bid, Discard, Play, Call, Give, Look, Claim, CallPartner, Pick, Draw]
"""Any action."""

PASS = Pass()
"""The one pass action."""
LOOK = Look()
"""The one look action."""


def _cards(rules: Rules, words: list[str], text: str) -> tuple[Card, ...]:
    cards: list[Card] = []
    for word in words:
        try:
            card = rules.deck.card(word)
        except ValueError as error:
            raise IllegalActionError(f"{text!r} is not a valid action: {error}") from None
        if card in cards:
            raise IllegalActionError(f"{text!r} is not a valid action: it names {card} twice.")
        cards.append(card)
    return tuple(cards)


def _contract_named(rules: Rules, words: str) -> str | None:
    """The id of the contract ``words`` names (its id or its name, in any case, with or without accents:
    ``open misère``, ``OPEN_MISERE``), or ``None``."""
    if words in rules.ladder:
        return words
    wanted = unaccented(rules.deck.normalize(words)).casefold()  # a suit's symbol as its letter: 6♠ as 6S
    for contract in rules.ladder:
        if wanted in (contract.id.casefold(), unaccented(contract.name).casefold()):
            return contract.id
    return None


def _contract_id(rules: Rules, word: str, text: str) -> str:
    """The id of the contract ``word`` (one word, or a name of several) names; else an error that says how
    contracts are written and offers the closest id or name."""
    named = _contract_named(rules, word)
    if named is not None:
        return named
    examples = ", ".join(f"bid {contract.id}" for contract in rules.ladder.contracts[:2])
    specials = [contract for contract in rules.ladder if contract.is_special]
    hint = ""
    if specials:
        ids = ", ".join(contract.id for contract in specials)
        hint = f", a special contract ({ids}) or its name, like bid {specials[-1].name}"
    options = [contract.id for contract in rules.ladder] + [unaccented(contract.name).casefold() for contract in specials]
    # A level and strain (5S) is answered by the examples: the closest id by spelling (9S) is no better.
    close = "" if word[:1].isdigit() else suggestion(unaccented(word).casefold(), options)
    raise IllegalActionError(f"{text!r} is not a valid action: {word!r} is not a contract of this variant (write {examples}{hint}).{close}")


def verbs(rules: Rules) -> list[str]:
    """The verbs of the notation that a game of ``rules`` can use, in the notation's order: ``pass``, ``bid``,
    ``play`` and ``claim`` in every variant, the others where a rule calls for them (``look`` where a
    contract may be bid blind, ``discard`` where the declarer exchanges with the kitty, ``call`` where there
    are announcements, ``give`` where a partner passes a card, ``partner`` and ``alone`` with a called
    partner, ``pick`` with table cards, ``keep`` and ``reject`` where the hands are drawn)."""
    styles = [contract.style for contract in rules.ladder] + [extra.style for extra in rules.extras]
    called = rules.seating.called_partner
    wanted = {
        "pass": True,
        "bid": True,
        "look": any(contract.eligibility.before_looking for contract in rules.ladder),
        "discard": rules.kitty.exchange is not KittyExchange.NONE,
        "play": True,
        "claim": True,
        "call": bool(rules.announcements),
        "give": any(style.partner is PartnerRole.PASSES_CARD for style in styles),
        "partner": called is not None,
        "alone": called is not None,  # offered whenever no card may be named, whatever may_go_alone says
        "pick": bool(rules.deal.table),
        "keep": bool(rules.deal.draw),
        "reject": bool(rules.deal.draw),
    }
    return [verb for verb, used in wanted.items() if used]


def parse_action(rules: Rules, text: str) -> Action:
    """The action written ``text`` in ``rules``' notation.

    Raises :class:`IllegalActionError` saying what is wrong when the text is not a well-formed action
    of this variant (unknown verb, card or contract).
    """
    if not isinstance(rules, Rules):
        compiled_rules(rules, "engine.parse_action")
    if not isinstance(text, str):
        raise IllegalActionError(f"An action must be an action object or its text form, not {type(text).__name__}.")
    if len(text) > MAX_ACTION_CHARS:
        raise IllegalActionError(
            f"A text of {len(text):,} characters is not an action (the longest, a claim of every card, takes a few hundred)."
        )
    words = text.split()
    if not words:
        raise IllegalActionError("An empty text is not an action (write pass, bid 7H, discard 4D 5C 6C or play JD).")
    verb, rest = words[0].casefold(), words[1:]
    if verb == "pass":
        if rest:
            raise IllegalActionError(f"{text!r} is not a valid action: pass takes nothing after it.")
        return PASS
    if verb == "bid":
        modifiers = [extra.id for extra in rules.extras if extra.kind == "modifier"]
        if not rest:
            said = f", or a contract and a modifier ({', '.join(modifiers)}), like bid 7H {modifiers[0]}" if modifiers else ""
            raise IllegalActionError(f"{text!r} is not a valid action: write bid and one contract, like bid 7H{said}.")
        # A contract's name of several words (bid open misère), alone or before a modifier.
        phrase = _contract_named(rules, " ".join(rest)) if len(rest) > 1 else None
        if phrase is not None:
            return Bid(phrase)
        if len(rest) > 1 and rest[-1] in modifiers:
            return Bid(_contract_id(rules, " ".join(rest[:-1]), text), rest[-1])
        first = _contract_named(rules, rest[0])
        if first is not None and len(rest) == 1:
            return Bid(first)
        if first is not None and len(rest) == 2:  # a contract and something that is not a modifier
            having = f"its modifiers are {', '.join(modifiers)}" if modifiers else "it has no modifiers"
            raise IllegalActionError(f"{text!r} is not a valid action: {rest[1]!r} is not a modifier of this variant ({having}).")
        if first is not None and len(rest) > 2:
            said = f", or a contract and a modifier ({', '.join(modifiers)}), like bid 7H {modifiers[0]}" if modifiers else ""
            raise IllegalActionError(f"{text!r} is not a valid action: write bid and one contract, like bid 7H{said}.")
        # Neither a contract's id nor a name of several words: the whole phrase is what was not found.
        return Bid(_contract_id(rules, " ".join(rest), text))
    if verb == "discard":
        if not rest:
            raise IllegalActionError(f"{text!r} is not a valid action: name the cards to discard, like discard 4D 5C 6C.")
        return Discard(_cards(rules, rest, text))
    if verb == "play":
        if len(rest) != 1:
            raise IllegalActionError(f"{text!r} is not a valid action: write play and one card, like play JD.")
        card_text, _, suit_text = rest[0].partition(":")
        (card,) = _cards(rules, [card_text], text)
        if not suit_text:
            return Play(card)
        suit = rules.deck.normalize("2" + suit_text)[1:]
        if suit not in {each.id for each in rules.deck.suits}:
            letters = ", ".join(each.id for each in rules.deck.suits)
            raise IllegalActionError(f"{text!r} is not a valid action: {suit_text!r} is not a suit (write one of {letters}).")
        return Play(card, suit)
    if verb == "claim":
        if not rest:
            raise IllegalActionError(
                f"{text!r} is not a valid action: name the cards laid down, in the order they lead, like claim AS KS QS."
            )
        return Claim(_cards(rules, rest, text))
    if verb == "look":
        if rest:
            raise IllegalActionError(f"{text!r} is not a valid action: look takes nothing after it.")
        return LOOK
    if verb == "call":
        ids = [announcement.id for announcement in rules.announcements]
        if len(rest) != 1 or rest[0] not in ids:
            offered = f"this variant has {', '.join(f'call {each}' for each in ids)}" if ids else "this variant has no announcements"
            raise IllegalActionError(f"{text!r} is not a valid action: write call and an announcement's id ({offered}).")
        return Call(rest[0])
    if verb == "give":
        if len(rest) != 1:
            raise IllegalActionError(f"{text!r} is not a valid action: write give and one card, like give JD.")
        (card,) = _cards(rules, rest, text)
        return Give(card)
    if verb == "partner":
        if len(rest) != 1:
            raise IllegalActionError(f"{text!r} is not a valid action: write partner and one card, like partner JH (or alone).")
        (card,) = _cards(rules, rest, text)
        return CallPartner(card)
    if verb == "alone":
        if rest:
            raise IllegalActionError(f"{text!r} is not a valid action: alone takes nothing after it.")
        return ALONE
    if verb in ("keep", "reject"):
        if rest:
            raise IllegalActionError(f"{text!r} is not a valid action: {verb} takes nothing after it.")
        return KEEP if verb == "keep" else REJECT
    if verb == "pick":
        if len(rest) == 1:
            return Pick(_cards(rules, rest, text)[0])
        if len(rest) == 3 and rest[1].casefold() == "discard":
            return Pick(_cards(rules, rest[:1], text)[0], _cards(rules, rest[2:], text)[0])
        raise IllegalActionError(f"{text!r} is not a valid action: write pick and a table card, like pick JH, or pick JH discard 5C.")
    # The verbs this variant uses: a player of standard need not read of picks and draws.
    used = verbs(rules)
    raise IllegalActionError(f"{text!r} is not a valid action: an action of {rules.name} starts with {', '.join(used[:-1])} or {used[-1]}.")


_FORMS: dict[type, tuple[str, dict[str, str]]] = {
    Pass: ("pass", {}),
    Look: ("look", {}),
    Bid: (
        "A bid names a contract by its id and any modifier by the modifier's id, like Bid('7H') or Bid('7H', 'sans_kitty')",
        {"contract": "text", "modifier": "text?"},
    ),
    Discard: (
        "A discard is made of cards (engine.Card) of this deck, each once, like parse_action(rules, 'discard 4D 5C 6C')",
        {"cards": "cards"},
    ),
    Claim: ("A claim lays down cards (engine.Card) of this deck, each once, like parse_action(rules, 'claim AS KS')", {"cards": "cards"}),
    Play: (
        "A play needs a card (engine.Card) of this deck and, for a joker led in no trump, a suit letter, like Play(card) or text like 'play JD'",
        {"card": "card", "suit": "text?"},
    ),
    Call: ("A call names an announcement by its id, like Call('breach')", {"announcement": "text"}),
    Give: ("A gift needs a card (engine.Card) of this deck; text like 'give JD' works too", {"card": "card"}),
    CallPartner: (
        "A partner is called by naming a card (engine.Card) of this deck, or None to go alone; text like 'partner JH' works too",
        {"card": "card?"},
    ),
    Pick: (
        "A pick takes a table card (engine.Card) and a defender's discard (a Card or None); text like 'pick JH' works too",
        {"card": "card", "discard": "card?"},
    ),
    Draw: ("A draw keeps the card drawn or rejects it (engine.Draw(True) or Draw(False); text keep or reject)", {"keep": "bool"}),
}

_LONGEST_WORD = 64
"""Longest text field an action object may hold (ids and suit letters are a few characters)."""


def _card_problem(rules: Rules, value: object) -> str | None:
    """Why ``value`` is not one of this deck's cards, or ``None`` when it is."""
    # Exact types only: a subclass or a float index could compare equal to a real card and still break
    # the bit arithmetic behind it.
    if type(value) is not Card or type(value.index) is not int:
        return ""
    if not all(part is None or type(part) is str for part in (value.rank, value.suit, value.joker)):
        return ""
    cards = rules.deck.cards
    if 0 <= value.index < len(cards) and cards[value.index] == value:
        return None
    if rules.deck.has(str(value)):
        return f"{shown(value)} is not this variant's {value} (take its cards from rules.deck.card('{value}') or write the text form)"
    return f"{value} is not a card of this variant's deck"


def _field_problem(rules: Rules, value: object, kind: str) -> str | None:
    """Why ``value`` does not fit a field of ``kind`` ("" when the wording of the form says it all)."""
    if kind.endswith("?") and value is None:
        return None
    kind = kind.rstrip("?")
    if kind == "text":
        return None if type(value) is str and 0 < len(value) <= _LONGEST_WORD else ""
    if kind == "bool":
        return None if type(value) is bool else ""
    if kind == "card":
        return _card_problem(rules, value)
    if not (type(value) is tuple and 0 < len(value) <= len(rules.deck.cards)):
        return ""
    return next((problem for problem in (_card_problem(rules, card) for card in value) if problem is not None), None)


def well_formed(rules: Rules, action: object) -> Action:
    """The action ``action`` stands for, checked *well formed* for ``rules`` as strictly as its text
    form: text is parsed; an action object must be exactly one of the action classes, each field of
    exactly its type (cards of this deck, each once), and read back the same from its text form.

    Raises :class:`IllegalActionError` for anything else, whatever the object (its ``repr`` may even
    raise). Whether the action is *legal now* is the game's business.
    """
    if isinstance(action, str):
        return parse_action(rules, action)
    form = _FORMS.get(type(action))
    if form is None:
        raise IllegalActionError(f"{shown(action)} is not an action (use engine.Bid, Play, ... or text like 'bid 7H').")
    wording, fields = form
    for name, kind in fields.items():
        value = action.__dict__.get(name)
        problem = _field_problem(rules, value, kind)
        if problem:
            raise IllegalActionError(f"{problem}.")
        if problem is not None:
            raise IllegalActionError(f"{wording}, not {type(action).__name__}({name}={shown(value)}).")
    text = str(action)
    try:
        parsed = parse_action(rules, text)
    except IllegalActionError as error:
        raise IllegalActionError(f"{wording}: {error}") from None
    if parsed != action:
        raise IllegalActionError(
            f"{wording}: {shown(action)} is not written the way this variant writes it ({text!r} reads as {shown(parsed)})."
        )
    return parsed
