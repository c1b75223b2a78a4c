"""Notes as stored: their JSON, or the English sentences recorded before notes were data,
whose upcaster (`old_notes`: its shapes and patterns) is imported by the first such
sentence read, not by a tournament whose notes are all data."""

from __future__ import annotations

from typing import Any

from tourney.tournament.notes.notes import Note, note_from_payload


def stored(item: Any) -> Note:
    """A stored note: its JSON (`note_from_payload`), or an English sentence recorded
    before notes were data (`old_notes.upcast`, imported only when such a sentence is read:
    its shapes and patterns cost every command that reads a tournament ~4 ms to load)."""
    if isinstance(item, str):
        from tourney.tournament.notes.old_notes import upcast

        return upcast(item)
    return note_from_payload(item)


def stored_why(item: Any) -> Note | None:
    """A table's why as stored: none (``""`` or missing), its JSON, or an old sentence."""
    return None if item in (None, "") else stored(item)
