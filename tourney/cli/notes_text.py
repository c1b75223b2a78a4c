"""Pairing notes as the CLI says them (`pairings --why`, `pair`, `draft show`, `standings
--stage pools`): in the ``messages`` catalog's words, entrants by name; an old note of a
shape no longer known is printed as it was recorded, marked so."""

from __future__ import annotations

from tourney.i18n import _
from tourney.tournament.notes.note_words import namer, note_text
from tourney.tournament.notes.notes import Note, is_recorded
from tourney.tournament.state import TournamentState


def said(state: TournamentState, note: Note) -> str:
    """`note` in the current language (an old one of unknown shape: as recorded, marked)."""
    text = note_text(note, namer(state))
    return _("{text} [as recorded]").format(text=text) if is_recorded(note) else text
