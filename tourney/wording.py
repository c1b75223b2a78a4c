"""Words for counts: ``counted(1, "round")`` is "1 round", ``counted(2, "round")`` "2 rounds".

English only: what the CLI says is counted with `tourney.i18n.ngettext` instead
(``ngettext("{n} round", "{n} rounds", n).format(n=n)``), in each language's plural forms
(Russian has three). Nouns whose plural is not the noun plus "s" give it
(``counted(2, "match", "matches")``).
"""

from __future__ import annotations


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """``noun`` when ``count`` is 1 (or -1), else ``nouns`` (default ``noun + "s"``)."""
    if abs(count) == 1:
        return noun
    return nouns if nouns is not None else noun + "s"


def counted(count: int, noun: str, nouns: str | None = None) -> str:
    """``"1 round"``, ``"0 rounds"``, ``"2 matches"`` (with ``nouns="matches"``)."""
    return f"{count} {plural(count, noun, nouns)}"
