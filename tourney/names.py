"""Names: cleaned once where they enter, folded wherever they are compared.

`clean_name` is applied to every name a person types or a file supplies — players,
tournaments, clubs, partnerships, reasons, CSV cells — before it is decided on and stored:
Unicode NFC, control (Cc) and format (Cf) characters removed (newlines, tabs and other
control whitespace count as spaces), whitespace collapsed, ends stripped, length bounded,
emptiness refused. A name with a lone surrogate (bytes that were not UTF-8, passed through
by the terminal) is refused: there is no text to keep.

`fold` is how two names are compared: case and accents ignored (``"Zoë Park"`` and
``"zoe  park"`` fold alike). `find` looks a typed name up among names the same way
everywhere — the console's ``h zoe``, ``player withdraw ngozi``, ``--opener tom``, a
tournament by name — so they all agree.

The opposite direction — text that came from a user on its way to a terminal — is
`tourney.errors.printable`: any control or format character shown as an escape.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from tourney.errors import TourneyError, quote
from tourney.i18n import _
from tourney.limits import NAME_LENGTH, REASON_LENGTH, LimitError, check_text

_REMOVED = frozenset(("Cc", "Cf"))


class BadNameError(TourneyError):
    """A name that cannot be used (empty, too long, not text); the message quotes it."""


class EmptyNameError(BadNameError):
    """Nothing is left of the name once cleaned."""


def clean_name(text: str, what: str = "name", limit: int = NAME_LENGTH) -> str:
    """``text`` as a name to store: NFC, without control or format characters, single
    spaces, no leading or trailing space, at most ``limit`` characters.

    Raises BadNameError (a TourneyError) naming ``what`` when nothing is left, when the name
    is longer than ``limit``, or when it holds a lone surrogate.
    """
    if not isinstance(text, str):
        raise BadNameError(_("{what}: {text} is not text").format(what=what, text=quote(text)))
    try:
        check_text(text, what)
    except LimitError as exc:
        raise BadNameError(str(exc)) from None
    normal = unicodedata.normalize("NFC", text)
    kept = []
    for char in normal:
        if unicodedata.category(char) in _REMOVED:
            kept.append(" " if char.isspace() else "")
        else:
            kept.append(char)
    name = " ".join("".join(kept).split())
    if not name:
        raise EmptyNameError(
            _("{what} {text} is empty").format(what=what, text=quote(text))
            if text
            else _("{what} is empty").format(what=what)
        )
    if len(name) > limit:
        raise BadNameError(
            _("{what} {name} is {count} characters long: at most {limit}").format(
                what=what, name=quote(name), count=len(name), limit=limit
            )
        )
    return name


def is_clean(text: object, limit: int = NAME_LENGTH) -> bool:
    """Whether ``text`` is already a clean name (`clean_name` would return it unchanged)."""
    if not isinstance(text, str):
        return False
    try:
        return clean_name(text, limit=limit) == text
    except BadNameError:
        return False


def clean_optional(text: str | None, what: str, limit: int = NAME_LENGTH) -> str | None:
    """`clean_name` for an optional field (a club, a reason): None or blank gives None."""
    if text is None:
        return None
    try:
        return clean_name(text, what, limit)
    except EmptyNameError:
        return None


def clean_reason(text: str, what: str = "reason") -> str:
    """A reason or note the director gives, as it is stored whatever the edge (the CLI's
    ``--reason``, the director's web forms): cleaned like a name, at most
    `REASON_LENGTH` characters, blank as ``""``."""
    return clean_optional(text, what, REASON_LENGTH) or ""


def fold(text: str) -> str:
    """``text`` for comparison: accents dropped (NFKD, combining marks removed), case
    folded, control and format characters ignored, whitespace collapsed:
    ``fold("Zoë  PARK") == fold("zoe park")``."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    kept = (
        (" " if c.isspace() else "") if unicodedata.category(c) in _REMOVED else c
        for c in decomposed
        if not unicodedata.combining(c)
    )
    return " ".join("".join(kept).casefold().split())


def _letters(text: str) -> str:
    return "".join(c for c in text if c.isalnum())


def alike_keys(name: str) -> tuple[str, tuple[str, ...]]:
    """Two keys of a name: two names are `alike` exactly when either key is the same (so
    many names are compared through a dict, not each with every other)."""
    folded = fold(name)
    return _letters(folded), tuple(sorted(_letters(w) for w in folded.split()))


def alike(first: str, second: str) -> bool:
    """Whether two names look like one person's: the same letters once spaces, hyphens and
    apostrophes are dropped (``Mary-Kate Lee``, ``Mary Kate Lee``, ``Marykate Lee``), or the
    same words in another order (``Park Zoë``, ``Zoë Park``) — compared as `fold` does."""
    a, b = fold(first), fold(second)
    if _letters(a) == _letters(b):
        return True
    return sorted(_letters(w) for w in a.split()) == sorted(_letters(w) for w in b.split())


NEAR = 0.85
"""How alike two folded names must be (difflib's ratio: twice the matching characters over
both lengths) to look like one person's typed twice: ``Anna Rosi`` and ``Anna Rossi``
(0.95), ``Ann Lee`` and ``Anna Lee`` (0.93); not ``Anna Rossi`` and ``Anna Bianchi``."""


def near(first: str, second: str) -> bool:
    """Whether two names look like one person's, a letter or two apart or `alike`."""
    import difflib

    a, b = fold(first), fold(second)
    return alike(a, b) or difflib.SequenceMatcher(None, a, b).ratio() >= NEAR


def find(wanted: str, names: Iterable[str]) -> list[str]:
    """The names ``wanted`` can mean, best kind of match first: the exact name; else every
    name that folds alike; else every name whose folded form starts with it.

    One result is an answer; several are ambiguous (the caller says which); none, not found.
    """
    candidates = list(dict.fromkeys(names))
    if wanted in candidates:
        return [wanted]
    key = fold(wanted)
    if not key:
        return []
    same = [n for n in candidates if fold(n) == key]
    if same:
        return same
    return [n for n in candidates if fold(n).startswith(key)]
