"""A pairing note's sentence: the English msgid a note's code names, marked for both
catalogs (`sentence_`, `nsentence_`: `make catalogs` extracts them into ``messages`` and
``site``), looked up when the note is shown (`tourney.tournament.notes.note_words`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Sentence:
    """A note's words: its English msgid, and for a counted note its plural and the value
    that counts (``n`` unless said)."""

    text: str
    plural: str | None = None
    count: str = "n"


def sentence_(text: str) -> Sentence:
    """Marks a note's sentence for both catalogs (looked up when the note is shown)."""
    return Sentence(text)


def nsentence_(singular: str, plural: str, count: str = "n") -> Sentence:
    """Marks a counted note's sentence, its forms chosen by the value `count`."""
    return Sentence(singular, plural, count)
