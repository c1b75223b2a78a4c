"""A match's result for one side in a letter or two, as the wall chart's cells show it
(``W``, ``L F``; Italian ``V``, ``P F``; Russian ``В``, ``П Т``), and the legend that says
each letter's meaning under the chart.

The result is worked out as codes (`result_codes`: ``win``, ``loss``, ``forfeit``...); each
code's letter is a ``site`` entry with its own context ("wall chart letter: a win"), so a
translator sees what the single letter stands for and gives the club's own abbreviation.
"""

from __future__ import annotations

from tourney.i18n import page_, page_p
from tourney.tournament.matches import MatchRecord

CODES = ("win", "shared", "loss", "void", "forfeit", "adjudicated", "paper", "time", "replaced")
"""Every code a mark is made of: the result, then how it came about, then ``replaced``."""


def result_codes(record: MatchRecord, side: int) -> tuple[str, ...]:
    """``side``'s result in codes: ``win`` (alone), ``shared`` (a shared win), ``loss`` or
    ``void``; then ``forfeit`` (a forfeit or no-show, or a side that forfeited while the
    others played on), ``adjudicated``, ``paper`` (from a paper scoresheet) or ``time``
    (stopped by the clock); ``replaced`` when that result replaced play recorded at the
    table. Empty for a match not played yet."""
    outcome = record.outcome
    if outcome is None:
        return ()
    replaced = ("replaced",) if record.replaced is not None or record.earlier else ()
    if outcome.kind == "void":
        return ("void", *replaced)
    codes = ["loss"]
    if side in outcome.winners:
        codes = ["win" if len(outcome.winners) == 1 else "shared"]
    if outcome.kind in ("forfeit", "no_show") or side in outcome.forfeited:
        codes.append("forfeit")
    elif outcome.kind in ("adjudicated", "paper", "time"):
        codes.append(outcome.kind)
    return (*codes, *replaced)


def letters() -> dict[str, str]:
    """Each code's letter in the current language."""
    return {
        "win": page_p("wall chart letter: a win", "W"),
        "shared": page_p("wall chart letter: a shared win", "W="),
        "loss": page_p("wall chart letter: a loss", "L"),
        "void": page_p("wall chart letter: a void match", "V"),
        "forfeit": page_p("wall chart letter: a forfeit or a no-show", "F"),
        "adjudicated": page_p("wall chart letter: a result the director decided", "A"),
        "paper": page_p("wall chart letter: a result from a paper scoresheet", "P"),
        "time": page_p("wall chart letter: a match stopped by the clock", "Tm"),
        "replaced": page_p("wall chart letter: a result replacing the play recorded", "R"),
    }


def meanings() -> dict[str, str]:
    """What each code's letter means, for the legend, in the current language."""
    return {
        "win": page_("win"),
        "shared": page_("shared win"),
        "loss": page_("loss"),
        "void": page_("void"),
        "forfeit": page_("forfeit or no-show"),
        "adjudicated": page_("decided by the director"),
        "paper": page_("from a paper scoresheet"),
        "time": page_("stopped by time"),
        "replaced": page_(
            "a result the director set over the play recorded at the table, which its "
            "scoresheet shows as played"
        ),
    }


def result_mark(record: MatchRecord, side: int) -> str:
    """``side``'s mark in the current language: its codes' letters (``W``, ``W= P R``,
    ``L F``); ``""`` for a match not played yet."""
    said = letters()
    return " ".join(said[code] for code in result_codes(record, side))


def legend() -> tuple[tuple[str, str], ...]:
    """Every letter and its meaning, in the current language, in the order of `CODES`."""
    said, meant = letters(), meanings()
    return tuple((said[code], meant[code]) for code in CODES)
