"""The upcaster of a Swiss table's why as the old pairing wrote it (`search._explain`,
clauses joined by "; "): each clause read back into its code and values
(`tourney.tournament.notes.old_notes` does every other old note)."""

from __future__ import annotations

import re
from fractions import Fraction

from tourney.tournament.matches import VULGAR
from tourney.tournament.notes.notes import Note, Value, clauses, note

_GLYPHS = {glyph: value for value, glyph in VULGAR.items()}


def number(text: str) -> int:
    """``"80,000"`` -> 80000."""
    return int(text.replace(",", ""))


def points(text: str) -> Value:
    """Match points as the old notes wrote them (``2``, ``1½``, ``1 5/12``) as a fraction,
    or the text itself when it is not one."""
    found = re.fullmatch(r"(-?)(\d*)(?: ?(\d+/\d+)|([^\d\s/]))?", text)
    if found is None or not (found[2] or found[3] or found[4]):
        return text
    sign, whole, part, glyph = found.groups()
    value = Fraction(int(whole or 0))
    if part:
        value += Fraction(part)
    if glyph:
        if glyph not in _GLYPHS:
            return text
        value += _GLYPHS[glyph]
    return -value if sign else value


_SCORED = re.compile(r"(.+?) \(([^()]*)\)")


def split_clauses(text: str) -> list[str]:
    """`text` cut at each "; " outside parentheses."""
    parts: list[str] = []
    depth, start = 0, 0
    for i, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif char == ";" and depth == 0 and text.startswith("; ", i):
            parts.append(text[start:i])
            start = i + 2
    parts.append(text[start:])
    return parts


def score(text: str) -> Value:
    """``"2"`` or ``"2, 1 of it virtual"`` (an accelerated round's points)."""
    virtual = re.fullmatch(r"(\S+), (\S+) of it virtual", text)
    if virtual is None:
        return points(text)
    return note("swiss.virtual_score", points=points(virtual[1]), virtual=points(virtual[2]))


def scored_list(text: str) -> tuple[Value, ...] | None:
    """``"Ann (0), Bo (1, 1 of it virtual)"`` as the entrants and their scores."""
    items = re.findall(r"(.+?) \(([^()]*)\)(?:, |$)", text)
    if ", ".join(f"{w} ({s})" for w, s in items) != text:
        return None
    return tuple(note("swiss.scored", who=w, score=score(s)) for w, s in items)


def reason(text: str) -> Note | None:
    """Why two entrants should not meet (``Ann and Bo have met``)."""
    for pattern, code in (
        (r"(.+) and (.+) are a forbidden pairing", "swiss.forbidden_pair"),
        (r"(.+) and (.+) have met", "swiss.met"),
    ):
        found = re.fullmatch(pattern, text)
        if found is not None:
            return note(code, first=found[1], second=found[2])
    found = re.fullmatch(r"(.+) and (.+) are both from (.+)", text)
    if found is not None:
        return note("swiss.clubmates", first=found[1], second=found[2], club=found[3])
    return None


def clause(text: str) -> Note | None:
    """One clause of an old Swiss why (not a verdict's reasons)."""
    found = re.fullmatch(r"(.+) \(([^()]*)\) is the highest-ranked entrant not yet seated", text)
    if found is not None:
        return note("swiss.head", who=found[1], score=score(found[2]))
    found = re.fullmatch(r"joined by (.+)", text)
    if found is not None:
        entrants = scored_list(found[1])
        return None if entrants is None else note("swiss.joined", entrants=entrants)
    found = re.fullmatch(r"from a lower score group: (.+)", text)
    if found is not None:
        return note("swiss.floats", entrants=found[1])
    found = re.fullmatch(r"passed over (.+) to leave a pairing below", text)
    if found is not None:
        return note("swiss.passed_over_below", who=found[1])
    found = re.fullmatch(r"and (\d+) more passed over", text)
    if found is not None:
        return note("swiss.more_passed", n=int(found[1]))
    found = re.fullmatch(r"passed over (.+?): (.+)", text)
    if found is not None:
        why = reason(found[2])
        return None if why is None else note("swiss.passed_over", who=found[1], reason=why)
    if text == "no repeat or forbidden pairing":
        return note("swiss.clean")
    found = re.fullmatch(
        r"seat 1 to (.+) \(seat 1 (\d+) of (\d+) times before; seats go where each tablemate "
        r"has sat least over the event\)",
        text,
    )
    if found is not None:
        return note("swiss.seat_one", who=found[1], first=int(found[2]), n=int(found[3]))
    found = re.fullmatch(r"a table of (\d+) so the field divides", text)
    if found is not None:
        return note("swiss.small_table", n=int(found[1]))
    return None


_VERDICT = re.compile(r"(unavoidable|not avoided \(search budget ran out\)): (.+)")


def swiss_why(text: str) -> Note | None:
    """An old Swiss table's why as its clauses; None when a clause is of no known shape."""
    parts: list[Note] = []
    verdict: tuple[str, list[Note]] | None = None
    for piece in split_clauses(text):
        found = _VERDICT.fullmatch(piece)
        if verdict is not None and found is None:
            more = reason(piece)
            if more is not None:
                verdict[1].append(more)
                continue
        if verdict is not None:
            parts.append(_verdict(*verdict))
            verdict = None
        if found is not None:
            first = reason(found[2])
            if first is None:
                return None
            verdict = (found[1], [first])
            continue
        said = clause(piece)
        if said is None:
            return None
        parts.append(said)
    if verdict is not None:
        parts.append(_verdict(*verdict))
    if not parts or parts[0].code != "swiss.head":
        return None
    return clauses(*parts)


def _verdict(kind: str, reasons: list[Note]) -> Note:
    code = "swiss.unavoidable" if kind == "unavoidable" else "swiss.not_avoided"
    return note(code, reasons=clauses(*reasons))
