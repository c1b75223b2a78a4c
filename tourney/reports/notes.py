"""Pairing notes on a page: each note in the page's words (`note_words.page_note`), with the
entrants named as the page names them, and whether it is an old note of a shape tourney no
longer knows, kept as it was recorded (the page marks it ``data-recorded``)."""

from typing import NamedTuple

from tourney.tournament.notes.note_words import namer, page_note
from tourney.tournament.notes.notes import Note, is_recorded
from tourney.tournament.state import TournamentState


class ShownNote(NamedTuple):
    text: str
    recorded: bool = False
    """Shown as recorded (English, of a shape no longer known): marked on the page."""

    def __str__(self) -> str:
        return self.text


def shown(state: TournamentState, note: Note | None) -> ShownNote:
    """`note` as a page shows it (none: an empty text)."""
    if note is None:
        return ShownNote("")
    return ShownNote(page_note(note, namer(state)), is_recorded(note))


def shown_all(state: TournamentState, notes: tuple[Note, ...]) -> tuple[ShownNote, ...]:
    return tuple(shown(state, n) for n in notes)
