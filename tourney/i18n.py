"""The language a person reads: English, Italian or Russian.

Every string a person reads is written in English in the code and looked up, when it is
shown, in a gettext catalog (`tourney/locale/<lang>/LC_MESSAGES/<domain>.po`, compiled to
`.mo` beside it and shipped in the package). Two domains, one per owner:

- ``messages``: what the CLI prints (its refusals, `--help`, the scorer's console) and the
  refusals the web pages show — ``_()`` and ``ngettext()`` below;
- ``site``: the pages (the published site, scoresheets, table cards, every page of
  `tourney serve`) — the Jinja environment's ``gettext``/``ngettext`` (`jinja_translations`).

The language is chosen once, at the edge (a command's ``--lang``, a tournament's stored
language, a phone's ``Accept-Language``), and set for the work that follows with `using`.
The pure core calls ``_()`` like everyone else; it never chooses.
"""

from __future__ import annotations

import contextlib
import functools
import gettext
import locale
import os
import re
from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from datetime import date, datetime, time
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tourney.errors import TourneyError, quote

if TYPE_CHECKING:
    from typing import ParamSpec, TypeVar

    from jinja2 import Environment

    P = ParamSpec("P")
    R = TypeVar("R")

LANGUAGES: tuple[str, ...] = ("en", "it", "ru")
DEFAULT = "en"
LOCALE_DIR = Path(__file__).parent / "locale"
ENVIRONMENT_VARIABLE = "TOURNEY_LANG"

_current: ContextVar[str] = ContextVar("tourney_language", default=DEFAULT)


class LanguageError(TourneyError):
    """A language tourney does not speak."""


def normalize(tag: str) -> str | None:
    """``"ru_RU.UTF-8"``, ``"ru-RU"``, ``"RU"`` -> ``"ru"``; None when not one of ours."""
    base = tag.strip().replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    return base if base in LANGUAGES else None


def choose(explicit: str | None = None) -> str:
    """The language to use: ``explicit`` (``--lang``) when given, else `TOURNEY_LANG`, else
    the system's locale, else English. An explicit or `TOURNEY_LANG` value that is not one
    of `LANGUAGES` is refused; a system locale we do not speak falls back to English."""
    for source, value in (
        ("--lang", explicit),
        (ENVIRONMENT_VARIABLE, os.environ.get(ENVIRONMENT_VARIABLE)),
    ):
        if value:
            language = normalize(value)
            if language is None:
                choices = ", ".join(LANGUAGES)
                raise LanguageError(
                    _("{source}: unknown language {value}: choose one of {choices}").format(
                        source=source, value=quote(value), choices=choices
                    )
                )
            return language
    return system_language() or DEFAULT


def system_language() -> str | None:
    """The system locale's language when it is one of ours (LC_ALL, LC_MESSAGES, LANG, or
    what the platform reports: Windows and macOS set no environment variable)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            return normalize(value)
    try:
        tag = locale.getlocale()[0]
    except ValueError:
        return None
    return normalize(tag) if tag else None


def current() -> str:
    """The language chosen for the work under way."""
    return _current.get()


@contextlib.contextmanager
def using(language: str) -> Iterator[str]:
    """Read ``language`` (one of `LANGUAGES`) until the block ends."""
    token = _current.set(language)
    try:
        yield language
    finally:
        _current.reset(token)


def in_english(function: Callable[P, R]) -> Callable[P, R]:
    """``function`` run in English whatever the language chosen: what is a public contract
    (`tourney replay`'s output, a record's lines) reads the same in every language."""

    @functools.wraps(function)
    def english(*args: P.args, **kwargs: P.kwargs) -> R:
        with using(DEFAULT):
            return function(*args, **kwargs)

    return english


def set_language(language: str) -> None:
    """Read ``language`` from now on in this context (the CLI's edge, once per command)."""
    _current.set(language)


@functools.cache
def translations(language: str, domain: str) -> gettext.NullTranslations:
    """The compiled catalog of ``domain`` in ``language`` (English: the msgids themselves),
    falling back, for a message it lacks, to the installed club games' own catalogs
    (`ClubWords`)."""
    if language == DEFAULT:
        return gettext.NullTranslations()
    found = gettext.translation(domain, LOCALE_DIR, languages=[language], fallback=True)
    found.add_fallback(ClubWords(language))
    return found


class ClubWords(gettext.NullTranslations):
    """The words of the games installed from other distributions, each in its own catalog:
    ``<its top package>/locale/<language>/LC_MESSAGES/<its top package>.mo``
    (``tourney_morra/locale/it/LC_MESSAGES/tourney_morra.mo``). Asked only for a message
    that tourney's catalog lacks, so that a game's help, scores' name, commands' help,
    account and templates are translated where tourney translates its own games' (when
    drawn: the CLI's help, `page_`, the templates' ``_``), and its code says its words with
    `_` as tourney's games do. A package is looked at once it is imported (a game's words
    are asked for once its game is loaded): no metadata is read, nothing is imported."""

    def __init__(self, language: str) -> None:
        super().__init__()
        self.language = language
        self.looked: set[str] = {"tourney"}
        self.found: list[gettext.NullTranslations] = []

    @property
    def catalogs(self) -> list[gettext.NullTranslations]:
        import sys

        for top in [name for name in list(sys.modules) if "." not in name]:
            if top in self.looked:
                continue
            self.looked.add(top)
            for folder in getattr(sys.modules[top], "__path__", None) or ():
                catalog = Path(folder, "locale", self.language, "LC_MESSAGES", f"{top}.mo")
                if catalog.is_file():
                    with catalog.open("rb") as read:
                        self.found.append(gettext.GNUTranslations(read))
        return self.found

    def gettext(self, message: str) -> str:
        for catalog in self.catalogs:
            said = catalog.gettext(message)
            if said != message:
                return said
        return message

    def pgettext(self, context: str, message: str) -> str:
        for catalog in self.catalogs:
            said = catalog.pgettext(context, message)
            if said != message:
                return said
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        english = msgid1 if n == 1 else msgid2
        for catalog in self.catalogs:
            said = catalog.ngettext(msgid1, msgid2, n)
            if said != english:
                return said
        return english


def _lookup(domain: str, message: str) -> str:
    """``message`` (English, the msgid) in the current language, from ``domain``'s catalog.
    An empty message stays empty (gettext would answer it with the catalog's header)."""
    if not message:
        return message
    return translations(current(), domain).gettext(message)


def _lookup_in(domain: str, context: str, message: str) -> str:
    """``message`` as ``context`` means it (its msgctxt), from ``domain``'s catalog."""
    if not message:
        return message
    return translations(current(), domain).pgettext(context, message)


def _(message: str) -> str:
    """``message`` (English, the msgid) in the current language (domain ``messages``)."""
    return _lookup("messages", message)


def pgettext(context: str, message: str) -> str:
    """``message`` where one English word means two things (a domino "Pass" and an auction
    "Pass"): the ``context`` (msgctxt) tells the translator which (domain ``messages``)."""
    return _lookup_in("messages", context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    """`ngettext` with a context (msgctxt), domain ``messages``."""
    return kept_together(
        translations(current(), "messages").npgettext(context, singular, plural, count)
    )


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a counted message for ``count`` in the current language (Russian has
    three): ``ngettext("{n} round", "{n} rounds", n).format(n=n)``."""
    return kept_together(translations(current(), "messages").ngettext(singular, plural, count))


_COUNT_AND_WORD = (
    r"(\{(?:n|num|count\d?|number|points|minutes|seconds|wait|deals|round|paired|most|"
    r"target|left|done|sides)\}|%\((?:num|n|count|points|minutes|round|paired)\)[ds]) "
    r"(?=[^\W\d_])"
)
"""A count's placeholder and the space before the word it counts (compiled on first use,
by `re`'s own cache, not by every command that imports this)."""
NBSP = "\u00a0"


def kept_together(template: str) -> str:
    """A counted message (``"{n} туров"``) with its number and the word it counts joined by
    a non-breaking space, so that a phone never shows "61" at the end of one line and
    "очко" at the start of the next: Italian and Russian typography. Every counted message
    passes here (the ``ngettext`` family), so a translator types a plain space. English
    is left as written."""
    if current() == DEFAULT:
        return template
    return _joined(template)


@functools.lru_cache(maxsize=4096)
def _joined(template: str) -> str:
    return re.sub(_COUNT_AND_WORD, lambda found: found[1] + NBSP, template)


def N_(message: str) -> str:
    """Marks ``message`` for extraction where it is translated later (a constant)."""
    return message


@functools.cache
def _collator() -> Any:
    import pyuca  # here, not at the top: only a command that sorts names pays (~0.7 s)

    return pyuca.Collator()


def _cyrillic(name: str) -> bool:
    return any("\u0400" <= char <= "\u052f" for char in name[:1])


def sort_key(language: str | None = None) -> Callable[[str], tuple[Any, ...]]:
    """The key that puts names in alphabetical order for ``language`` (default: the current
    one): the Unicode Collation Algorithm (`pyuca`, pure Python, so it is the same on every
    laptop), letters first and accents and case only to break ties (``Ábel`` beside
    ``abel``, before ``Andrés``); Latin before Cyrillic in English and Italian, Cyrillic
    first in Russian (as the Russian locale's collation reorders it)."""
    collator = _collator()
    cyrillic_first = (language or current()) == "ru"

    def key(name: str) -> tuple[Any, ...]:
        group = 0 if not cyrillic_first or _cyrillic(name) else 1
        return (group, collator.sort_key(name), name)

    return key


def collate(names: Iterable[str], language: str | None = None) -> list[str]:
    """``names`` in alphabetical order for ``language`` (`sort_key`)."""
    return sorted(names, key=sort_key(language))


def jinja_translations(language: str) -> gettext.NullTranslations:
    """The ``site`` catalog for a Jinja environment's ``install_gettext_translations``."""
    return translations(language, "site")


def page_(message: str) -> str:
    """``message`` (English, the msgid) in the current language, domain ``site``: the words
    of a page built in Python (a label, a heading) rather than in a template."""
    return _lookup("site", message)


def npage_(singular: str, plural: str, count: int) -> str:
    """The form of a counted page message for ``count`` (domain ``site``; Russian has three):
    ``npage_("{n} round", "{n} rounds", n).format(n=n)``."""
    return kept_together(translations(current(), "site").ngettext(singular, plural, count))


def page_p(context: str, message: str) -> str:
    """A page's ``message`` as ``context`` means it (msgctxt), domain ``site``: templates
    call it as ``pgettext("auction", "Pass")``."""
    return _lookup_in("site", context, message)


def npage_p(context: str, singular: str, plural: str, count: int) -> str:
    """`npage_` with a context (msgctxt), domain ``site``."""
    return kept_together(
        translations(current(), "site").npgettext(context, singular, plural, count)
    )


def page_mark(message: str) -> str:
    """Marks a page's ``message`` for extraction where it is translated later (a constant,
    looked up with `page_` where it is shown)."""
    return message


def install(environment: Environment) -> None:
    """Give a Jinja environment (with ``jinja2.ext.i18n``) the ``site`` catalog of the
    language current *when it renders*: one environment serves every language, each render
    reads its own (`using`), so pages of two languages can render at the same moment."""
    environment.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=page_, ngettext=npage_, newstyle=True, pgettext=page_p, npgettext=npage_p
    )
    environment.globals["language"] = current
    environment.globals["languages"] = LANGUAGES


def from_accept_language(header: str | None) -> str | None:
    """The first of our languages a browser's ``Accept-Language`` asks for, by its weights
    (``"uk, ru;q=0.8, en;q=0.5"`` -> ``"ru"``); None when it asks for none of them."""
    wanted: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")):
        tag, _sep, rest = part.strip().partition(";")
        weight = 1.0
        if rest.strip().startswith("q="):
            try:
                weight = float(rest.strip()[2:])
            except ValueError:
                continue
        language = normalize(tag) if tag and tag != "*" else None
        if language is not None and weight > 0:
            wanted.append((-weight, index, language))
    return min(wanted)[2] if wanted else None


def babel_locale(language: str | None = None) -> str:
    """The Babel locale name of ``language`` (default: the current one)."""
    return {"en": "en_GB", "it": "it_IT", "ru": "ru_RU"}[language or current()]


def format_number(value: float | int | Decimal, places: int | None = None) -> str:
    """A number as the current language writes it (``2.5`` -> ``2,5`` in Italian), with
    exactly ``places`` decimals when given (``format_number(1.5, 2)`` -> ``1.50``)."""
    if type(value) is int and places is None and -1000 < value < 1000:
        # Written alike in English, Italian and Russian (no group sign below a thousand,
        # the same minus): a table, round or rank number does not load Babel's locale
        # data (~30 ms of a one-shot command).
        return str(value)
    from babel.numbers import format_decimal

    pattern = None if places is None else "#,##0." + "0" * places if places else "#,##0"
    return format_decimal(value, format=pattern, locale=babel_locale())


def local_decimal(text: str) -> str:
    """A decimal already written to its places (``"12.34"``) with the current language's
    decimal sign (``"12,34"`` in Italian and Russian): the digits stay exactly as they were."""
    from babel.numbers import get_decimal_symbol

    return text.replace(".", get_decimal_symbol(babel_locale()))


def format_date(value: date) -> str:
    """A date in the current language's medium form (``1 dic 2026``, ``1 дек. 2026 г.``)."""
    from babel.dates import format_date as babel_date

    return babel_date(value, format="medium", locale=babel_locale())


def format_time(value: datetime | time) -> str:
    """A time of day in the current language (``19:05``)."""
    from babel.dates import format_time as babel_time

    return babel_time(value, format="short", locale=babel_locale())
