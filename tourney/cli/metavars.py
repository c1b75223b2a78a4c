"""What each option and argument holds, as one word on a help page (its metavar): ``--round
ROUND``, ``clock set MINUTES``, in the reader's language (``ТУР``, ``MINUTI``).

Typer would show the value's Python type instead (``<str>``, ``<int range>``, ``<bool>``),
English in every language and telling a director nothing. A flag holds no value and shows
none; an option with choices shows its choices (codes the director types). Every other
value is named here once, by the parameter's name, unless its declaration names it
(``metavar="TILE [on TILE]"``); each capitalised word is a msgid with the context
``metavar`` (`tourney.cli.catalog` adds them to the catalog), so a translator sees it is a
placeholder's name, not a heading. A test draws every command's help in Italian and Russian
and fails on a type name or an English word there.
"""

from __future__ import annotations

import re
from typing import Any

from tourney import i18n

CONTEXT = "metavar"

VALUES: dict[str, str] = {
    "tournament": "TOURNAMENT",
    "source": "TOURNAMENT",
    "series": "SERIES",
    "name": "NAME",
    "night": "NAME",
    "names": "NAME",
    "player": "PLAYER",
    "players": "PLAYER",
    "first": "PLAYER",
    "second": "PLAYER",
    "dealer": "PLAYER",
    "opener": "PLAYER",
    "forbid": "PLAYERS",
    "person": "PERSON",
    "who": "PERSON",
    "keep": "PERSON",
    "merged": "DUPLICATE",
    "sides": "WHO",
    "winners": "WHO",
    "club": "CLUB",
    "game": "GAME",
    "played": "GAME",
    "bot": "BOT",
    # the night's things
    "match": "TABLE",
    "table": "TABLE",
    "round": "ROUND",
    "round_": "ROUND",
    "number": "ROUND",
    "version": "VERSION",
    "at": "VERSION",
    "tile": "TILE",
    "tiles": "TILES",
    "card": "CARD",
    "cards": "CARDS",
    "scores": "SCORES",
    "hand": "POINTS",
    "points": "POINTS",
    "bye_points": "POINTS",
    "start_points": "POINTS",
    "placement_points": "POINTS",
    "target": "POINTS",
    "rating": "RATING",
    "entry_fee": "AMOUNT",
    "prizes": "PRIZES",
    "reason": "REASON",
    "note": "NOTE",
    "door_code": "CODE",
    "director_password": "PASSWORD",
    # how the tournament runs
    "format": "FORMAT",
    "pool_format": "FORMAT",
    "time_rule": "RULE",
    "last_round": "RULE",
    "seeding": "RULE",
    "seed_by": "RULE",
    "shared_win": "RULE",
    "scoring": "RULE",
    "tie_break": "TIE-BREAK",
    "stage": "STAGE",
    "lang": "LANGUAGE",
    # how many, how long
    "minutes": "MINUTES",
    "round_minutes": "MINUTES",
    "watch_delay": "SECONDS",
    "rounds": "COUNT",
    "accelerated_rounds": "COUNT",
    "pool_rounds": "COUNT",
    "pools": "COUNT",
    "pool_size": "COUNT",
    "advance": "COUNT",
    "table_size": "COUNT",
    "best": "COUNT",
    "min_nights": "COUNT",
    "top": "COUNT",
    "deals": "COUNT",
    "matches": "COUNT",
    "playouts": "COUNT",
    "workers": "COUNT",
    "seed": "NUMBER",
}
"""Who and what a value names, by its parameter's name: the words a game's commands share
with tourney's own (a game's ``--player`` is a ``PLAYER`` too)."""

PLACES: dict[str, str] = {
    "db": "DATABASE",
    "file": "FILE",
    "files": "FILE",
    "out": "FILE",
    "to": "FILE",
    "csv_file": "CSV",
    "secret_file": "FILE",
    "director_password_file": "FILE",
    "site": "FOLDER",
    "templates": "FOLDER",
    "host": "ADDRESS",
    "url": "ADDRESS",
    "port": "PORT",
}
"""Files and the network, by the names tourney's own commands give them (``export --to``):
never a game's value of the same name (a club game's ``--to`` counts deals, `game_cmd`)."""

BY_NAME: dict[str, str] = {**VALUES, **PLACES}
"""A value's word by its parameter's name, where its declaration names none."""

WORD = re.compile(r"[A-Z][A-Z_-]*[A-Z]")
"""A word of a metavar (``TILE`` in ``TILE [on TILE]``); the rest is typed as it is."""


def holds_nothing(param: Any) -> bool:
    """A flag (``--json``, ``-h``): it holds no value, so its help shows none."""
    return bool(getattr(param, "is_flag", False) or getattr(param, "count", False))


def _has_choices(param: Any) -> bool:
    descriptor = getattr(param, "type_descriptor", None)
    return bool(getattr(descriptor, "is_choice", False))


def english(param: Any) -> str | None:
    """``param``'s metavar in English: as declared, else by its name (``...`` after a value
    given many times); None when it shows none of its own (a flag, a choice)."""
    if holds_nothing(param):
        return None
    if param.metavar:
        return str(param.metavar)
    if _has_choices(param):
        return None
    word = BY_NAME.get(param.name or "")
    if word is None:
        return None
    many = getattr(param, "nargs", 1) != 1 and param.param_type_name == "argument"
    return word + "..." if many else word


def words(metavar: str) -> list[str]:
    """The msgids of ``metavar``: its capitalised words."""
    return WORD.findall(metavar)


def said(metavar: str) -> str:
    """``metavar`` in the current language, word by word."""
    return WORD.sub(lambda found: i18n.pgettext(CONTEXT, found[0]), metavar)


def shown(param: Any) -> str | None:
    """What ``param`` shows as its value on a help page, in the current language: ``""`` for
    a flag, None to leave Typer's own (a choice's list of choices)."""
    if holds_nothing(param):
        return ""
    metavar = english(param)
    return None if metavar is None else said(metavar)
