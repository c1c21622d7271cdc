"""Copying a game state fast: the embedding API's ``clone()`` and the bots' look-ahead copy it often.
Every attribute is assigned by name, written out, rather than by a loop of ``getattr``/``setattr`` over
the field lists (about eight times slower) or through ``__new__`` (which a class compiled with mypyc does
not allow). Compiled, these are plain field copies, provided the class is imported here at run time (an
import for type checking only makes them generic attribute lookups, twenty times slower).
``tests/test_copying.py`` checks that the copy assigns every field the classes list, so a new attribute
cannot be forgotten here. (The auction's copy, :func:`engine.kernel.auction.copy_auction`, sits beside its
class instead: ``Auction``'s copy constructor calls it, and the auction module importing this one would
close a cycle, since this module imports the course, which imports the auction.)"""

from __future__ import annotations

from .course import HandCourse


def copy_course(source: HandCourse, target: HandCourse) -> None:
    """Assign every attribute of a game state ``source`` to ``target`` (shallow: the values are shared)."""
    target.rules = source.rules
    target.tables = source.tables
    target.rng = source.rng
    target.rng_shared = source.rng_shared
    target.scripted = source.scripted
    target.listener = source.listener
    target.dealer = source.dealer
    target.scores = source.scores
    target.redeals = source.redeals
    target.banned = source.banned
    target.winner = source.winner
    target.ending = source.ending
    target.phase = source.phase
    target.hand_number = source.hand_number
    target.order = source.order
    target._deal = source._deal
    target._dealt_by = source._dealt_by
    target.kitty = source.kitty
    target.hands = source.hands
    target.auction = source.auction
    target.play = source.play
    target.contract = source.contract
    target.declarer = source.declarer
    target.discard_count = source.discard_count
    target.discarded = source.discarded
    target.kitty_taken = source.kitty_taken
    target.sitting_out = source.sitting_out
    target.exposed = source.exposed
    target.result = source.result
    target.pause_between_hands = source.pause_between_hands
    target.paused = source.paused
    target.expose_when = source.expose_when
    target.terms = source.terms
    target.window = source.window
    target.announced = source.announced
    target.givers = source.givers
    target.received = source.received
    target.scored_out = source.scored_out
    target.discarder = source.discarder
    target.draws = source.draws
    target.drawn = source.drawn
    target.drawer = source.drawer
    target.rejected = source.rejected
    target.table = source.table
    target.pickers = source.pickers
    target.taking = source.taking
    target.set_aside = source.set_aside
    target.table_done = source.table_done
    target.called_card = source.called_card
    target.covers = source.covers
    target.face_down = source.face_down
    target.partner = source.partner
    target.partner_secret = source.partner_secret


__all__ = ["copy_course"]
