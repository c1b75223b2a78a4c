"""Pairing notes in words: each note's code names a sentence (`Sentence`), filled with its
values when the note is shown, in the reader's language.

The sentences are English msgids marked with `sentence_` / `nsentence_` (extracted into
both catalogs: `make catalogs`). Those the tournament core shares are `SENTENCES` in
`tourney.tournament.notes.note_sentences`; each format's are its `Format.sentences`, the codes
it writes starting with its name (``swiss.``, ``elimination.``...). One function per
catalog writes a note: `note_text` (the CLI's ``messages``: `pairings --why`, `pair`) and
`page_note` (the pages' ``site``: the published site, `serve`, the director's page). An
entrant (`Who`) is shown by `name`: the name the reader sees for that id.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING

from tourney.i18n import _, format_number, local_decimal, ngettext, npage_, page_
from tourney.tournament.matches import points_text
from tourney.tournament.notes.notes import CLAUSES, RECORDED, Note, Value, Who
from tourney.tournament.notes.sentence import Sentence

if TYPE_CHECKING:
    from tourney.tournament.state import TournamentState

Namer = Callable[[str], str]


def namer(state: TournamentState) -> Namer:
    """Entrant ids to the names `state` knows them by (an id it does not know, as it is)."""

    def name(entrant: str) -> str:
        if entrant in state.teams:
            return state.teams[entrant].name
        player = state.players.get(entrant)
        return entrant if player is None else player.name

    return name


def sentence_of(code: str) -> Sentence | None:
    """The sentence of `code`: the core's, or that of the format the code starts with."""
    from tourney.tournament.format import find
    from tourney.tournament.notes.note_sentences import SENTENCES

    if code in SENTENCES:
        return SENTENCES[code]
    fmt = find(code.partition(".")[0])
    return None if fmt is None else fmt.sentences.get(code)


def _count(value: Value) -> int:
    """The number that chooses a counted sentence's form: a fraction of a point reads as
    'few' (``1½ points``, ``1,5 очка``) unless whole."""
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else 2
    return value if isinstance(value, int) else 2


def render(
    item: Value,
    name: Namer,
    lookup: Callable[[str], str],
    nlookup: Callable[[str, str, int], str],
) -> str:
    """`item` in words, its sentences looked up with `lookup`/`nlookup`."""
    if isinstance(item, Note):
        if item.code == RECORDED:
            return str(item.values.get("text", ""))
        if item.code == CLAUSES:
            return "; ".join(render(p, name, lookup, nlookup) for p in _items(item, "parts"))
        words = {k: render(v, name, lookup, nlookup) for k, v in item.values.items()}
        sentence = sentence_of(item.code)
        if sentence is None:  # a code this tourney does not know (a format not installed)
            return "; ".join([item.code, *(f"{k}: {v}" for k, v in words.items())])
        if sentence.plural is None:
            return lookup(sentence.text).format(**words)
        count = _count(item.values.get(sentence.count, 2))
        return nlookup(sentence.text, sentence.plural, count).format(**words)
    if isinstance(item, Who):
        return name(item.id)
    if isinstance(item, tuple):
        return ", ".join(render(v, name, lookup, nlookup) for v in item)
    if isinstance(item, Fraction):
        return points_text(item)
    if isinstance(item, Decimal):
        return local_decimal(str(item))
    if isinstance(item, int):
        return format_number(item)
    return item


def _items(item: Note, key: str) -> tuple[Value, ...]:
    found = item.values.get(key, ())
    return found if isinstance(found, tuple) else (found,)


def note_text(item: Note, name: Namer) -> str:
    """A note in the CLI's words (``messages``), in the current language."""
    return render(item, name, _, ngettext)


def page_note(item: Note, name: Namer) -> str:
    """A note in a page's words (``site``), in the current language."""
    return render(item, name, page_, npage_)
