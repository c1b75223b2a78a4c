"""Pairing notes as data: why a table was formed, what a round's pairing did.

A note is a code and its values (`Note`), never a sentence: the words come when it is
read, in the reader's language (`tourney.tournament.notes.note_words`). A value is a text kept
as it is (a club's name, a reason the director typed, a name read from an old note), an
entrant by id (`Who`: shown as the reader sees that entrant's name), a whole number, a
fraction of a point, a decimal (a rating), a nested note (a clause of a longer
explanation), or a tuple of them (a list). `clauses` joins notes into one explanation.

Stored notes are JSON (`note_payload`, `note_from_payload`). A note recorded before notes
were data is an English sentence: the events read their notes through
`stored.stored`, whose upcaster (`old_notes`) maps every sentence the old code wrote
to its code; one it does not know stays the text it was (`RECORDED`), shown as recorded and
marked.
No pairing decision reads a note: they are for people only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any, TypeAlias

RECORDED = "recorded"
"""The code of a note kept as the text it was recorded in (an old note of unknown shape)."""

CLAUSES = "clauses"
"""The code of an explanation made of clauses (its ``parts``), one after another."""


@dataclass(frozen=True)
class Who:
    """An entrant (player or partnership) by id, named when the note is read."""

    id: str


Value: TypeAlias = "str | int | Fraction | Decimal | Who | Note | tuple[Value, ...]"


@dataclass(frozen=True)
class Note:
    """A note's code (which sentence) and its values (what fills it)."""

    code: str
    values: Mapping[str, Value] = field(default_factory=dict)

    def __hash__(self) -> int:
        return hash((self.code, tuple(sorted(self.values))))


def note(code: str, **values: Value) -> Note:
    return Note(code, values)


def clauses(*parts: Note) -> Note:
    """One explanation of `parts`, in order (a table's why)."""
    return Note(CLAUSES, {"parts": tuple(parts)})


def recorded(text: str) -> Note:
    """A note kept as the `text` it was recorded in."""
    return Note(RECORDED, {"text": text})


def is_recorded(item: Value) -> bool:
    """Whether `item` is, or holds, a note kept as recorded text (shown marked)."""
    if isinstance(item, Note):
        return item.code == RECORDED or any(is_recorded(v) for v in item.values.values())
    if isinstance(item, tuple):
        return any(is_recorded(v) for v in item)
    return False


def mentions(item: Value, codes: frozenset[str]) -> bool:
    """Whether `item` is, or holds, a note of one of `codes`."""
    if isinstance(item, Note):
        return item.code in codes or any(mentions(v, codes) for v in item.values.values())
    if isinstance(item, tuple):
        return any(mentions(v, codes) for v in item)
    return False


# -- payloads --------------------------------------------------------------------------


def value_payload(item: Value) -> Any:
    if isinstance(item, Note):
        return note_payload(item)
    if isinstance(item, Who):
        return {"who": item.id}
    if isinstance(item, bool):
        raise TypeError("a note's value is never a bool")
    if isinstance(item, Fraction):
        return {"fraction": f"{item.numerator}/{item.denominator}"}
    if isinstance(item, Decimal):
        return {"decimal": str(item)}
    if isinstance(item, tuple):
        return [value_payload(v) for v in item]
    return item


def note_payload(item: Note) -> dict[str, Any]:
    """The JSON of a note: ``{"code": ..., "values": {...}}``."""
    return {"code": item.code, "values": {k: value_payload(v) for k, v in item.values.items()}}


def value_from_payload(item: Any) -> Value:
    if isinstance(item, list):
        return tuple(value_from_payload(v) for v in item)
    if isinstance(item, dict):
        if "code" in item:
            return note_from_payload(item)
        if "who" in item:
            return Who(str(item["who"]))
        if "fraction" in item:
            return Fraction(str(item["fraction"]))
        if "decimal" in item:
            return Decimal(str(item["decimal"]))
        raise ValueError(f"not a note's value: {item!r}")
    if isinstance(item, bool) or not isinstance(item, str | int):
        raise ValueError(f"not a note's value: {item!r}")
    return item


def note_from_payload(item: Any) -> Note:
    """A note from its JSON (a stored payload is read by `stored.stored`, which also reads the
    English sentences recorded before notes were data)."""
    values = item.get("values", {})
    return Note(str(item["code"]), {str(k): value_from_payload(v) for k, v in values.items()})
