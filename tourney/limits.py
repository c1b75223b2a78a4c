"""Every bound on a value a user can give, written once.

The event log is tourney's one source of truth and nothing in it is ever rewritten, so a
value that should never have been accepted — 10**28 rounds, a bye worth 1e999 points, a
rating past PostgreSQL's 32-bit integers — would be stored for good and could wedge every
read model built from it. The pure `decide_*` functions check their values here (so every
path, command line, web or import, is protected); the CLI shows the same bounds in its help
(`min`/`max` on its options).

Numbers typed as text are read with `parse_whole` and `parse_points`, which look at the text
before converting it: ``1e999``, ``nan``, ``10**28`` and a 5,000-digit integer are refused
with one line instead of being computed.
"""

import re
from collections.abc import Iterable
from decimal import Decimal
from typing import TYPE_CHECKING, NamedTuple

from tourney.errors import TourneyError, quote
from tourney.i18n import N_, _

if TYPE_CHECKING:
    from fractions import Fraction  # imported where a value is made: a scorer never needs it


class LimitError(TourneyError):
    """A value outside its bounds or not a number; the message quotes it and the bounds."""


class Bound(NamedTuple):
    """An inclusive range of whole numbers for one kind of value."""

    what: str
    low: int
    high: int

    def check(self, value: object, where: str = "") -> int:
        """``value`` when it is a whole number in range; LimitError naming it otherwise."""
        place = _(" for {where}").format(where=where) if where else ""
        if isinstance(value, bool) or not isinstance(value, int):
            raise LimitError(
                _("{what} {value}{place} is not a whole number").format(
                    what=_(self.what), value=quote(value), place=place
                )
            )
        if not self.low <= value <= self.high:
            raise LimitError(
                _("{what} {value}{place} must be {low} to {high}").format(
                    what=_(self.what),
                    value=quote(value),
                    place=place,
                    low=self.low,
                    high=self.high,
                )
            )
        return value

    def __contains__(self, value: object) -> bool:
        return (
            isinstance(value, int)
            and not isinstance(value, bool)
            and (self.low <= value <= self.high)
        )


# -- tournaments -------------------------------------------------------------------------

ROUNDS = Bound(N_("rounds"), 1, 100)
"""Rounds of a Swiss (a round robin of the largest field needs fewer)."""

DEALS = Bound(N_("deals"), 1, 64)
"""Deals in a match of a game played in deals (Racehorse: twice the players by default)."""

TARGET = Bound(N_("target"), 1, 1000)
"""Points to win a match (RULES.md: 61; the engine takes any positive score, tourney stores
at most this)."""

TABLE_SIZE = Bound(N_("table size"), 2, 8)  # 2-4 for Horse Race, 5-8 for Racehorse
PLAYERS = Bound(N_("players"), 1, 10_000)
"""Players registered in one tournament (the largest card-game opens reach 7,500; a Swiss
round of 10,000 pairs within seconds: bench/swiss_scale_bench.py)."""

TABLE = Bound(N_("table"), 1, 5000)
"""A table number, as in the table code ``T3``."""

ROUND_MINUTES = Bound(N_("round minutes"), 1, 600)
"""A round's time on the clock (`tournament create --round-minutes`, `clock set`)."""
EXTEND_MINUTES = Bound(N_("minutes"), 1, 120)
"""Time added to a running round at once (`clock extend`)."""

RATING = Bound(N_("rating"), 0, 10_000)
SEED = Bound(N_("seed"), 1, 10_000)
SIGNED_SCORE = Bound(N_("score"), -10_000, 10_000)  # Racehorse nets; points are 0+ by the rulings
"""A side's final score in a result the director enters (a match ends within a hand of the
target)."""

VERSION = Bound(N_("version"), 0, 2**31 - 1)
"""A stream version, as in ``--at`` or ``undo N`` (the database keeps them as 32-bit)."""

RANDOM_SEED = Bound(N_("random seed"), 0, 2**32 - 1)
SIMULATED_MATCHES = Bound(N_("matches"), 1, 100_000)
PLAYOUTS = Bound(N_("playouts"), 1, 1_000_000)
"""How many matches `tourney chances` plays out from a position."""

PLACES = Bound(N_("places"), 1, 100)
"""Most places a series' ``places:`` scoring gives points to."""
PLACE_POINTS_HIGH = 1000
"""Most points one place in a night is worth in a series (``places:25,18,15``)."""

PRIZE_PLACES = Bound(N_("prize places"), 1, 100)

# -- decimals ---------------------------------------------------------------------------


def decimal_point(text: str) -> str:
    """A decimal as tourney keeps it: ``"4,50"`` -> ``"4.50"``, stripped.

    Italian and Russian write a decimal comma, and a director types what the language
    writes; the comma is read as the decimal sign in every language, because no value
    tourney takes can hold a thousands separator (money has at most two decimals, points are
    at most 100 or 1000 a place: ``4,50`` and ``0,5`` cannot mean 450 or 5). A text with a
    dot, or more than one comma, is left as it is (and refused by its parser)."""
    written = text.strip()
    if written.count(",") == 1 and "." not in written:
        return written.replace(",", ".")
    return written


# -- money ------------------------------------------------------------------------------

# The patterns are compiled on first use (`re`'s own cache), not when a command imports this.
_AMOUNT = r"[0-9]{1,6}(?:\.[0-9]{1,2})?"


def parse_amount(text: str, what: str, where: str = "") -> Decimal:
    """An amount of money or a percentage typed as ``20``, ``12.5``, ``4.50`` or ``4,50``
    (`decimal_point`): at most six digits and two decimals, never negative (``1e9``,
    ``nan``, ``-5`` are refused as written)."""
    written = decimal_point(text) if isinstance(text, str) else ""
    if not re.fullmatch(_AMOUNT, written):
        raise LimitError(
            _("{what} {text}{value}: write an amount like 20 or 12.50").format(
                what=what,
                text=quote(text),
                value=_(" for {where}").format(where=where) if where else "",
            )
        )
    return Decimal(written)


_FEE = r"[0-9]{1,4}(?:\.[0-9]{1,2})?"


def parse_fee(text: str) -> Decimal:
    """An entry fee typed as ``5``, ``4.50`` or ``4,50`` (`decimal_point`): up to 9999.99."""
    written = decimal_point(text) if isinstance(text, str) else ""
    if not re.fullmatch(_FEE, written):
        raise LimitError(_("entry fee {text}: an amount like 5 or 4.50").format(text=quote(text)))
    return Decimal(written)


# -- match points ------------------------------------------------------------------------

POINTS_HIGH = 100
"""Most match points one result or bye may be worth."""
POINTS_DENOMINATOR = 12
"""Largest denominator of a match-point value: halves, thirds, quarters, sixths, twelfths
(and tenths) — what sharing among 2, 3 or 4 players gives."""


def check_points(
    value: "Fraction", what: str, where: str = "", high: int = POINTS_HIGH
) -> "Fraction":
    """``value`` when it is a match-point value tourney can keep: 0 to ``high``, with a
    denominator of at most 12. LimitError naming it otherwise."""
    place = _(" for {where}").format(where=where) if where else ""
    shown = (
        f"{quote(value.numerator)}/{quote(value.denominator)}"
        if value.denominator != 1
        else quote(value.numerator)
    )
    if not 0 <= value <= high:
        raise LimitError(
            _("{what} {shown}{place} must be 0 to {high}").format(
                what=what, shown=shown, place=place, high=high
            )
        )
    if value.denominator > POINTS_DENOMINATOR:
        raise LimitError(
            _(
                "{what} {shown}{place}: use a fraction with a denominator of at "
                "most {points_denominator}, like 1/2 or 2/3"
            ).format(what=what, shown=shown, place=place, points_denominator=POINTS_DENOMINATOR)
        )
    return value


_DECIMAL = r"[0-9]{1,6}(?:\.[0-9]{1,6})?"
_FRACTION = r"[0-9]{1,6}/[0-9]{1,6}"


def parse_points(text: str, what: str, where: str = "", high: int = POINTS_HIGH) -> "Fraction":
    """Match points typed as ``2``, ``0.5``, ``0,5`` (`decimal_point`) or ``1/3``, bounded
    as `check_points` says.

    Only those forms are read (at most six digits a part): ``1e999``, ``nan``, ``inf`` and
    ``-1`` are refused as written, before any arithmetic.
    """
    written = decimal_point(text)
    if not (re.fullmatch(_DECIMAL, written) or re.fullmatch(_FRACTION, written)):
        raise LimitError(
            _("{what} {text}{value}: write a number like 1, 0.5 or 1/3").format(
                what=what,
                text=quote(text),
                value=_(" for {where}").format(where=where) if where else "",
            )
        )
    from fractions import Fraction

    numerator, _slash, denominator = written.partition("/")
    if denominator and int(denominator) == 0:
        raise LimitError(
            _("{what} {text}: a fraction cannot divide by zero").format(what=what, text=quote(text))
        )
    value = Fraction(numerator) / Fraction(denominator or "1")
    return check_points(value, what, where, high)


PENALTY_HIGH = 10
"""Most match points one penalty may take off (a night's win is worth 1 by default; a
placement scale's first place is rarely worth more than 10). More is several penalties,
each with its reason."""


SANCTION = Bound("penalty or warning", 1, 100_000)
"""A penalty's or warning's number, as the director's page sends it back."""


def check_penalty(value: "Fraction", where: str = "") -> "Fraction":
    """A penalty's points: more than 0 (a penalty of nothing is a warning: `tourney
    warning`), at most `PENALTY_HIGH`, a denominator of at most 12, as `check_points`."""
    check_points(value, _("penalty points"), where, PENALTY_HIGH)
    if value <= 0:
        raise LimitError(
            _(
                "penalty points 0{place}: a penalty takes at least 1/12 of a point; "
                "a warning costs nothing: tourney warning NAME --reason TEXT"
            ).format(place=_(" for {where}").format(where=where) if where else "")
        )
    return value


def parse_penalty(text: str, where: str = "") -> "Fraction":
    """A penalty's points typed as ``1``, ``0.5`` or ``1/2`` (`parse_points`), bounded as
    `check_penalty` says. Text that is not UTF-8 is refused as every edge refuses it (the
    web's form reads the field ``points``)."""
    check_text(text, _("points"))
    return check_penalty(parse_points(text, _("penalty points"), where, PENALTY_HIGH), where)


_WHOLE = r"[+-]?[0-9]{1,18}"


def parse_whole(text: str, bound: Bound, where: str = "") -> int:
    """A whole number typed as text (a CSV cell, a comma-separated list), within ``bound``.

    At most 18 digits are read: longer text is refused as written, before converting.
    """
    written = text.strip()
    if not re.fullmatch(_WHOLE, written):
        place = _(" for {where}").format(where=where) if where else ""
        raise LimitError(
            _("{what} {text}{place} is not a whole number").format(
                what=_(bound.what), text=quote(text), place=place
            )
        )
    return bound.check(int(written), where)


def parse_wholes(parts: Iterable[object], bound: Bound) -> list[int]:
    """The whole numbers among ``parts`` (a comma list split, or a form's boxes), each
    within ``bound``; blank or non-text parts are skipped (a box left empty)."""
    return [parse_whole(p, bound) for p in parts if isinstance(p, str) and p.strip()]


def check_text(text: str, what: str) -> str:
    """``text`` when it is valid text; LimitError naming ``what`` when it holds a lone
    surrogate: bytes that were not UTF-8, as a terminal passes them through (Python's
    surrogateescape) and as the web's forms read them (`tourney.web.respond.read_form`),
    so that both edges refuse them in the same words."""
    if any("\ud800" <= c <= "\udfff" for c in text):
        raise LimitError(
            _("{what} {text} is not valid text (bytes that are not UTF-8)").format(
                what=what, text=quote(text)
            )
        )
    return text


def parse_numbers(text: str, bound: Bound) -> list[int]:
    """Comma-separated whole numbers within ``bound`` (``"1,3"``); LimitError when a part
    is not one, or there are none."""
    values = parse_wholes(text.split(","), bound)
    if not values:
        raise LimitError(_("no {what} in {text}").format(what=bound.what, text=quote(text)))
    return values


def parse_scores(text: str) -> list[int]:
    """Final scores per side, ``"61,40"``, or net units, ``"+8,-2,-6"``, as the director
    types them (the CLI's ``--scores``, the web's score box); the ruling checks them
    against the game."""
    check_text(text, _("scores"))
    try:
        return parse_numbers(text, SIGNED_SCORE)
    except LimitError as exc:
        raise LimitError(
            _(
                "scores are whole numbers per side, like '61,40' (Racehorse: net "
                "units, '+8,-2,-6'), not {text} ({exc})"
            ).format(text=quote(text), exc=exc)
        ) from None


NAME_LENGTH = 80
"""Most characters in a name: a player, a tournament, a club, a partnership."""
REASON_LENGTH = 300
"""Most characters in a reason the director gives (forfeit, withdrawal, adjudication)."""
MATCH_ID_LENGTH = 64
DOOR_CODE_LENGTH = (4, 12)
"""Fewest and most characters of the door's code (letters and digits): 4 typed at the door,
12 at most."""


URL_LENGTH = 300
"""Most characters in an address the server's links start with (`serve --url`)."""


def parse_url(text: str, what: str = "--url") -> str:
    """An http:// or https:// address with a host and nothing that is not an address
    (no spaces or control characters, no user or password, no query or fragment), without
    its trailing slash; LimitError naming ``what`` otherwise. (The links on the QR codes
    and table cards start with it: ``javascript:`` or ``data:`` would run in a phone.)"""
    from urllib.parse import urlsplit

    written = text.strip()
    try:
        parts = urlsplit(written)
        port = parts.port  # ValueError for a port that is not one
    except ValueError:
        parts, port = None, None
    good = (
        parts is not None
        and len(written) <= URL_LENGTH
        and written.isprintable()
        and not any(c.isspace() for c in written)
        and parts.scheme.lower() in ("http", "https")
        and bool(parts.hostname)
        and parts.username is None
        and not parts.query
        and not parts.fragment
        and (port is None or 0 < port < 65536)
    )
    if not good:
        raise LimitError(
            _(
                "{what} {text}: an http:// or https:// address, like http://192.168.1.20:8000"
            ).format(what=what, text=quote(text))
        )
    return written.rstrip("/")
