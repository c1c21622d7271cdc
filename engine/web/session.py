"""The web table's session: the engine protocol ``fivehundred/1`` (:class:`~engine.protocol.server.Session`,
every command and check as ``fivehundred serve`` has them) with the commands a person's table and a rules
author's editor need besides, which docs/web.md lists: ``variants`` and ``show`` (the rules in words, the
lines that differ from a base marked), ``validate`` (``fivehundred validate``'s problems and warnings for
a text as it is typed), ``hint`` (the heuristic bot's action and its reason), ``undo``, ``step`` (one bot
action, so the page shows the bots' moves one at a time), ``sit`` (a person takes a player's place, so
that two people can play at one table with bots in the other seats), and ``files``, ``open_file`` and ``save_file``
(house-rules files under the server's folder only, :mod:`~engine.web.files`).

Replies to ``state``, ``act`` and ``step`` carry ``card_order`` too (every card of the deck in the current
trump order, so the page sorts a hand as the terminal table does), and ``new_game`` and ``load`` carry the
game's ``target``: fields a protocol client may ignore, as the protocol says of fields it does not know.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ..bots.heuristic import HeuristicBot
from ..bots.hints import hint
from ..errors import Problem, VariantError
from ..game.game import Game
from ..game.observation import declaring_side, played_terms
from ..kernel.actions import LOOK
from ..kernel.support import unsupported_rules
from ..language.loader import load_text
from ..language.resources import shipped_variant_names
from ..protocol.server import RequestError, Session
from ..rules.compiler import compile_document, load_variant
from ..rules.describe import keyed_sections, rule_changes, summarised
from ..rules.never_apply import rule_warnings
from ..rules.ruleset import Rules
from . import files

MAX_WEB_GAMES = 16
"""Most games open at once on one web server (the page closes a game when it opens the next, and the server
closes a page's games when the page goes and no other page sits at them; a game made over ``/api`` stays
until its client closes it)."""
MAX_UNDO = 200
"""Most undo steps kept per game (within a hand)."""
MAX_TEXT = 1 << 20
"""Longest house-rules text validated or shown (1 MiB)."""
WEB_COMMANDS = ("variants", "show", "validate", "hint", "undo", "step", "sit", "files", "open_file", "save_file")
"""The commands the web session adds to the protocol's."""


@dataclass
class _History:
    """What ``undo`` takes a game back to: the game before each of a player's actions in the current hand,
    with the bots' random generators then."""

    entries: list[tuple[int, Game, dict[str, object]]] = field(default_factory=list)
    """(the player who acted, the game before it, each bot's generator state)."""


def _first_sentence(text: str) -> str:
    line = " ".join(text.split())
    return line[: line.index(". ") + 1] if ". " in line else line


def card_order(rules: Rules, contract: str | None) -> list[str]:
    """Every card of the deck in the current trump order: trumps first (bowers and jokers among them),
    highest first, then each plain suit highest first, suits in the deck's order (as the terminal table
    sorts a hand); before the auction is won, in the order of the strain an unbid hand is played in."""
    order = rules.card_order(rules.played_strain(contract))
    place = {index: position for position, index in enumerate(order.trump_cards)}
    for _, plain in order.plain_order:
        for index in plain:
            place.setdefault(index, len(place))
    cards = sorted(rules.deck.cards, key=lambda card: place.get(card.index, len(place) + card.index))
    return [str(card) for card in cards]


def _generators(bots: dict[str, Any]) -> dict[str, object]:
    """Each bot's random generator's state, by bot name (bots without one decide from what they see alone)."""
    found: dict[str, object] = {}
    for name, bot in bots.items():
        generator = getattr(bot, "random", None)
        if isinstance(generator, random.Random):
            found[name] = generator.getstate()
    return found


class WebSession(Session):
    """A protocol session with the web table's commands (see the module docstring); ``root`` is the folder
    the server was started in, the only one files are read from and written to."""

    def __init__(self, root: str | None = None) -> None:
        super().__init__(root)
        self._histories: dict[str, _History] = {}
        self._advisers: dict[str, HeuristicBot] = {}
        self._seated: dict[str, set[int]] = {}
        self._variants: list[dict[str, Any]] | None = None
        self._standard: Rules | None = None
        self._handlers.update(
            {
                "variants": self._list_variants,
                "show": self._show,
                "validate": self._validate,
                "hint": self._hint,
                "undo": self._undo,
                "step": self._step,
                "sit": self._sit,
                "files": self._files,
                "open_file": self._open_file,
                "save_file": self._save_file,
            }
        )

    # -- the protocol's commands, with the web table's fields --------------------------------------------

    def _add(self, game: Game, seed: int | str | None) -> str:
        if len(self.games) >= MAX_WEB_GAMES:
            raise RequestError("too_many_games", f"At most {MAX_WEB_GAMES} games may be open on this web table at once; close one first.")
        return super()._add(game, seed)

    def _table(self, identifier: str, game: Game) -> dict[str, Any]:
        # hand_size: what each seat holds before the play (the page counts the others' cards from it, not
        # from the viewer's hand, which holds the kitty while discarding and nothing before a look).
        # names: the words for a special contract's or a modifier's id, for the page's buttons and auction
        # (a trial read "bid open_misere" on a button).
        rules = game.rules
        names = {contract.id: contract.name for contract in rules.ladder if contract.is_special}
        names.update({extra.id: extra.name for extra in rules.extras})
        return {**super()._table(identifier, game), "target": rules.end.target, "hand_size": rules.deal.hand_size, "names": names}

    def _view(self, game: Game, seat: int, all_legal: bool = False) -> dict[str, Any]:
        fields = super()._view(game, seat, all_legal)
        observation = game.observation(seat)
        fields["card_order"] = card_order(game.rules, observation.contract)
        # The side playing the contract where a called partner makes it for the hand: the page counts its
        # tricks against the contract (a trial added them in its head, as the terminal's did before).
        side = declaring_side(game.rules, observation)
        terms = played_terms(game.rules, observation) if side is not None else None
        fields["declaring_side"] = (
            None
            if side is None or terms is None
            else {"seats": list(side), "needs": terms.target.minimum, "take_none": terms.target.is_no_tricks}
        )
        return fields

    def _act(self, request: dict[str, Any]) -> dict[str, Any]:
        identifier = request.get("game")
        opened = self._open(request)
        before = opened.game.clone()
        generators = _generators(opened.bots)
        reply = super()._act(request)
        assert isinstance(identifier, str)
        history = self._histories.setdefault(identifier, _History())
        if history.entries and history.entries[-1][1].hand_number != before.hand_number:
            history.entries.clear()  # undo goes back within the hand only
        history.entries.append((before.to_act or 0, before, generators))
        del history.entries[:-MAX_UNDO]
        return reply

    def _transcript(self, request: dict[str, Any]) -> dict[str, Any]:
        """A finished hand's transcript (the last finished one when no ``hand`` is named), with its number;
        the hand being played is refused: its transcript shows every player's cards and the kitty (a
        player's trial read them mid-hand from the Transcript button)."""
        game = self._open(request).game
        hand = request.get("hand")
        records = game.records
        if hand is None:
            finished = [number for number, record in enumerate(records) if record.result is not None]
            if not finished:
                raise RequestError("illegal_action", "No hand is over yet: a hand's transcript is given once the hand is over.")
            request = {**request, "hand": finished[-1]}
        elif type(hand) is int and 0 <= hand < len(records) and records[hand].result is None:
            raise RequestError(
                "illegal_action",
                "A hand's transcript shows every player's cards and the kitty, so it is given once the hand is over: "
                "this hand is still being played.",
            )
        return {**super()._transcript(request), "hand": request["hand"]}

    def _close(self, request: dict[str, Any]) -> dict[str, Any]:
        reply = super()._close(request)
        self._histories.pop(request["game"], None)
        self._advisers.pop(request["game"], None)
        self._seated.pop(request["game"], None)
        return reply

    # -- variants and their rules in words ---------------------------------------------------------------

    def _list_variants(self, request: dict[str, Any]) -> dict[str, Any]:
        if self._variants is None:
            rows = []
            for name in shipped_variant_names():
                try:
                    rules = load_variant(name)
                    rows.append(
                        {
                            "name": name,
                            "title": rules.name,
                            "description": _first_sentence(rules.description) or rules.name,
                            "players": rules.seating.players,
                            "playable": not unsupported_rules(rules),
                        }
                    )
                except VariantError as error:
                    rows.append(
                        {
                            "name": name,
                            "title": name,
                            "description": f"(invalid: {error.problems[0].message})",
                            "players": 0,
                            "playable": False,
                        }
                    )
            self._variants = rows
        return {"variants": self._variants}

    def _standard_rules(self) -> Rules:
        if self._standard is None:
            self._standard = load_variant("standard")
        return self._standard

    def _text_rules(self, request: dict[str, Any]) -> tuple[Rules | None, list[Problem], list[Problem], Rules | None]:
        """The editor's text compiled: (rules or ``None``, problems, warnings, the rules it extends)."""
        text = request.get("text")
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            raise RequestError("bad_request", f"'text' must be the file's text, a string of at most {MAX_TEXT:,} characters.")
        name = request.get("file", "house.yaml")
        if not isinstance(name, str) or not name.strip() or len(name) > files.MAX_PATH or "\0" in name:
            raise RequestError("bad_request", f"'file' must be the file's name, at most {files.MAX_PATH} characters.")
        try:
            document = load_text(text, name, self.root)
            rules = compile_document(document)
        except VariantError as error:
            return None, list(error.problems), [], None
        except RecursionError:
            return None, [Problem(name, 0, 0, "$", "The file nests too deeply to be read.")], [], None
        base: Rules | None = None
        if document.base is not None:
            try:
                base = compile_document(document.base)
            except VariantError:
                base = None
        return rules, [], rule_warnings(rules, document), base

    def _validate(self, request: dict[str, Any]) -> dict[str, Any]:
        """``fivehundred validate``'s answer for the editor's text: every problem (and warning), each with the
        line validate prints."""
        rules, problems, warnings, _ = self._text_rules(request)
        return {
            "valid": rules is not None,
            "problems": [{**problem.to_dict(), "text": str(problem)} for problem in problems],
            "warnings": [{**warning.to_dict(), "text": warning.warning_text()} for warning in warnings],
        }

    def _show(self, request: dict[str, Any]) -> dict[str, Any]:
        """The rules in words, section by section, with each line that differs from the base marked: a
        shipped variant (``variant``) against ``standard``, the editor's ``text`` against the file it extends."""
        if "text" in request:
            rules, problems, _, base = self._text_rules(request)
            if rules is None:
                raise RequestError("invalid_variant", str(problems[0]) if problems else "The text is not a valid variant.")
        else:
            rules = self._rules(request)
            base = None
        if base is None:
            base = self._standard_rules()
        changes = rule_changes(base, rules) if base is not rules else []
        # A line is marked by the rule it states, as the changes pair them (two lines may read alike).
        changed = {(change.section, change.key) for change in changes if change.after is not None}
        sections = [
            {"title": title, "lines": [{"text": words, "changed": (title, key) in changed} for key, words in lines]}
            for title, lines in keyed_sections(rules)
        ]
        return {
            "name": rules.name,
            "description": rules.description,
            "base": base.name,
            "sections": sections,
            "changes": [
                {"section": change.section, "before": change.before, "after": change.after, "rules": change.key.split()}
                for change in summarised(changes, rules)
            ],
            "players": rules.seating.players,
            "target": rules.end.target,
            "unsupported": unsupported_rules(rules),
        }

    # -- a person at the table ---------------------------------------------------------------------------

    def _hint(self, request: dict[str, Any]) -> dict[str, Any]:
        """What the heuristic bot would do for ``player`` now, and why in one line."""
        identifier = request.get("game")
        game = self._open(request).game
        player = self._player(request, game, "player")
        if game.to_act != player:
            raise RequestError("illegal_action", "A hint is given to the player whose turn it is.")
        assert isinstance(identifier, str) and player is not None
        adviser = self._advisers.get(identifier)
        if adviser is None:
            adviser = self._advisers[identifier] = HeuristicBot(game.rules, seed=f"{identifier}:hint")
        action, reason = hint(adviser, game.observation(player), game.legal_choices())
        return {"action": str(action), "reason": reason}

    def _sit(self, request: dict[str, Any]) -> dict[str, Any]:
        """A person takes ``player``'s place (a page of this table, or a second browser on the same machine
        through a seat link): the bots no longer move for it (``step`` refuses with ``waiting``). Answers
        the table (as ``new_game`` does) and the player's view."""
        identifier = request.get("game")
        opened = self._open(request)
        player = self._player(request, opened.game, "player")
        assert isinstance(identifier, str) and player is not None
        self._seated.setdefault(identifier, set()).add(player)
        return {
            **self._table(identifier, opened.game),
            "seed": opened.seed,
            "seated": sorted(self._seated[identifier]),
            **self._view(opened.game, player),
        }

    def stand_up(self, game: str, seats: set[int]) -> None:
        """The person at each of ``seats`` of ``game`` has gone (their page closed): the bots play those
        seats again (a seat link's game stood waiting for a person who had left)."""
        seated = self._seated.get(game)
        if seated is not None:
            seated -= seats

    def _undo(self, request: dict[str, Any]) -> dict[str, Any]:
        """Take ``player``'s last action in this hand back, with every other action since; the view of
        ``player`` after it. Not in a game where another person has a seat (their actions would go too)."""
        identifier = request.get("game")
        opened = self._open(request)
        player = self._player(request, opened.game, "player")
        assert isinstance(identifier, str) and player is not None
        if self._seated.get(identifier, set()) - {player}:
            raise RequestError("illegal_action", "Undo is for a game with one person at the table: another person has a seat here.")
        if opened.game.is_over:
            # (A trial's undo after "Game over" took the last card back and reopened the finished game.)
            raise RequestError("illegal_action", "The game is over: its actions can no longer be taken back.")
        history = self._histories.get(identifier, _History())
        entries = [
            index
            for index, (who, before, _) in enumerate(history.entries)
            if who == player and before.hand_number == opened.game.hand_number
        ]
        if not entries:
            raise RequestError("illegal_action", f"Nothing to undo in this hand: you (seat {player}) have not acted in it yet.")
        _, before, generators = history.entries[entries[-1]]
        unlooks = opened.game.unlooks(before, player)
        del history.entries[entries[-1] :]
        if unlooks:
            # Cards seen stay seen: the player looks again at once, so no blind bid is offered with them known.
            before.apply(LOOK)
        opened.game = before
        for name, state in generators.items():
            generator = getattr(opened.bots.get(name), "random", None)
            if isinstance(generator, random.Random):
                generator.setstate(state)  # type: ignore[arg-type]
        return self._view(opened.game, player)

    def _step(self, request: dict[str, Any]) -> dict[str, Any]:
        """One action by the bot ``name`` (default heuristic) for the player to act: the action, its events
        told to ``viewer``, then ``viewer``'s view (the page shows the bots' moves one at a time)."""
        opened = self._open(request)
        game = opened.game
        if game.to_act is None:
            raise RequestError("illegal_action", "The game is over: no bot has an action to take.")
        if game.to_act in self._seated.get(str(request.get("game")), set()):
            raise RequestError("waiting", f"Player {game.to_act} is played by a person: wait for their move.")
        bot = self._named_bot(opened, request)
        viewer = self._player(request, game, "viewer", required=False)
        start = len(game.events)
        seat = game.acting_seat
        action = bot.act(game.observation(game.to_act), game.legal_choices())
        game.apply(action)
        shown = viewer if viewer is not None else game.to_act if game.to_act is not None else 0
        return {"action": f"{seat} {action}", "events": self._told(game, start, viewer), **self._view(game, shown)}

    # -- files under the server's folder -----------------------------------------------------------------

    def _files(self, request: dict[str, Any]) -> dict[str, Any]:
        return {"files": files.listing(self.root)}

    def _open_file(self, request: dict[str, Any]) -> dict[str, Any]:
        try:
            return {"path": request.get("path"), "text": files.read(self.root, request.get("path"))}
        except files.FileRefusal as error:
            raise RequestError("file_refused", str(error)) from None

    def _save_file(self, request: dict[str, Any]) -> dict[str, Any]:
        try:
            return {"path": files.write(self.root, request.get("path"), request.get("text"), request.get("replace", False))}
        except files.FileExists as error:
            raise RequestError("file_exists", str(error)) from None
        except files.FileRefusal as error:
            raise RequestError("file_refused", str(error)) from None


__all__ = ["MAX_WEB_GAMES", "WEB_COMMANDS", "WebSession", "card_order"]
