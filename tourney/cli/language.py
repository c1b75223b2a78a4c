"""The CLI's language: the root ``--lang`` option, and ``--help`` read in it.

The language is chosen once per command, at the edge (`tourney.i18n.choose`: ``--lang``,
else `TOURNEY_LANG`, else the system locale, else English). ``--help`` texts stay English
in the code (Typer reads them from docstrings and ``help=``); they are msgids of the
``messages`` catalog, looked up only while a help page is drawn: `translated_help` puts the
translations on the command tree for that time and takes them off again (the tree is built
once and may be reused, as the tests' runner does). `tourney.cli.catalog` lists them for
the catalog.
"""

from __future__ import annotations

import contextlib
import inspect
from collections.abc import Callable, Iterator
from typing import Any

import typer
import typer.core

from tourney import i18n
from tourney.cli import metavars

META_KEY = "tourney.language"

# Typer's own words on a help page (its panels' titles and notes).
RICH_WORDS = (
    "ARGUMENTS_PANEL_TITLE",
    "OPTIONS_PANEL_TITLE",
    "COMMANDS_PANEL_TITLE",
    "DEFAULT_STRING",
    "REQUIRED_LONG_STRING",
    "ENVVAR_STRING",
)
_ACTIVE = "_tourney_help_language"
LAZY = "_tourney_lazy_help"
USAGE = "Usage:"
"""The word before a usage line (a msgid: tourney.cli.catalog lists it)."""
METAVARS = ("options_metavar", "subcommand_metavar")
"""Click's words in a usage line ("[OPTIONS]", "COMMAND [ARGS]..."): attributes of each
command, put in the language as its help texts are."""


def choose_language(ctx: Any, _param: Any, value: str | None) -> str | None:
    """The root ``--lang`` option's callback (eager: before any command's ``-h`` is read):
    choose the language and read it from now on. An unknown language is refused in one line
    (`tourney.i18n.LanguageError`, reported at the edge)."""
    language = i18n.choose(value)
    i18n.set_language(language)
    ctx.meta[META_KEY] = language
    return value


LANG_OPTION: Any = typer.Option(
    None,
    "--lang",
    metavar="LANGUAGE",
    help="The language tourney speaks: en, it or ru (else TOURNEY_LANG, else the system's "
    "language, else English).",
    is_eager=True,
    expose_value=False,
    callback=choose_language,
)


def _commands(command: Any) -> Iterator[Any]:
    yield command
    for sub in getattr(command, "commands", {}).values():
        yield from _commands(sub)


def _params(cmd: Any, ctx: Any | None) -> list[Any]:
    """``cmd``'s own options and arguments, with its help option."""
    params = list(cmd.params)
    if ctx is not None and hasattr(cmd, "get_help_option"):
        option = cmd.get_help_option(ctx)  # made once and kept: the one -h will use
        if option is not None:
            params.append(option)
    return params


def params(command: Any, ctx: Any | None) -> Iterator[Any]:
    """Every option and argument of the tree under ``command``."""
    for cmd in _commands(command):
        yield from _params(cmd, ctx)


def texts(command: Any, ctx: Any | None) -> Iterator[tuple[Any, str, str]]:
    """(object, attribute, English text) for every help text of the tree under ``command``."""
    for cmd in _commands(command):
        for attribute in (*METAVARS, "help", "short_help", "epilog", "rich_help_panel"):
            text = getattr(cmd, attribute, None)
            if isinstance(text, str) and text.strip():
                yield cmd, attribute, text
        for param in _params(cmd, ctx):
            if getattr(param, LAZY, False):
                continue
            for attribute in ("help", "rich_help_panel"):
                text = getattr(param, attribute, None)
                if isinstance(text, str) and text.strip():
                    yield param, attribute, text


def lazy_help(param: Any, build: Callable[[], str]) -> None:
    """Draw ``param``'s help from ``build()`` each time a help page reads it, in the language
    of that moment: a help assembled from parts each translated on its own (``--format``:
    one line per format), so that adding a part leaves the other parts' translations
    valid. `texts` skips it (its parts are in the catalog, not the whole)."""
    cls = type(param)
    param.__class__ = type(
        f"Lazy{cls.__name__}",
        (cls,),
        {"help": property(lambda _self: build(), lambda _self, _value: None), LAZY: True},
    )


def msgid(text: str) -> str:
    """The catalog's key for a help text: the text as Typer shows it (docstrings dedented)."""
    return inspect.cleandoc(text)


def parts(owner: Any, attribute: str, text: str) -> tuple[str, ...]:
    """The msgids of a help text: its paragraphs, one per game, for a command the games
    provide or an option two games declare (`tourney.cli.game_cmd`); else the whole text."""
    if attribute == "help" and hasattr(owner, "opts"):  # a parameter: one paragraph a game
        return tuple(msgid(paragraph) for paragraph in text.split("\n\n"))
    callback = getattr(owner, "callback", None)
    given = getattr(callback, "tourney_help_parts", None) if attribute == "help" else None
    return tuple(given) if given else (msgid(text),)


def _translated(owner: Any, attribute: str, text: str) -> str:
    return "\n\n".join(i18n._(part) for part in parts(owner, attribute, text))


_INHERITED = object()
"""A method the class does not define itself (taken off again, not set back)."""


def _usage_in(language: str) -> Any:
    """A command's ``format_usage`` that begins its line with ``Usage:`` in ``language``.

    Typer vendors Click without its gettext (its formatter writes a literal "Usage: "), so
    Click's own way of translating its words cannot reach a help page; what Click's
    formatter does offer is the line's prefix (``write_usage(..., prefix=)``), used here."""

    def format_usage(self: Any, ctx: Any, formatter: Any) -> None:
        with i18n.using(language):
            prefix = i18n._(USAGE) + " "
        formatter.write_usage(ctx.command_path, " ".join(self.collect_usage_pieces(ctx)), prefix)

    return format_usage


def _in_language(format_help: Any, language: str) -> Any:
    """``format_help`` drawing Typer's own words (panel titles, ``[required]``...) in
    ``language``, its options' names never cut (`help_layout`)."""

    def drawn(self: Any, ctx: Any, formatter: Any) -> None:
        import typer.rich_utils as rich_utils

        from tourney.cli.help_layout import keep_option_names_whole

        keep_option_names_whole(rich_utils)
        if language == i18n.DEFAULT:
            format_help(self, ctx, formatter)
            return
        english = {name: getattr(rich_utils, name) for name in RICH_WORDS}
        with i18n.using(language):
            for name, text in english.items():
                setattr(rich_utils, name, i18n._(text))
        try:
            format_help(self, ctx, formatter)
        finally:
            for name, text in english.items():
                setattr(rich_utils, name, text)

    return drawn


def _no_type(_self: Any, ctx: Any) -> None:
    return None


@contextlib.contextmanager
def translated_help(command: Any, ctx: Any) -> Iterator[None]:
    """Every help text under ``command`` in the chosen language until the block ends (English:
    only the layout, `help_layout`). Re-entrant: an inner block inside an outer one changes
    nothing."""
    language = ctx.meta.get(META_KEY) or i18n.choose()
    if getattr(command, _ACTIVE, False):
        yield
        return
    saved: list[tuple[Any, str, Any]] = []
    with i18n.using(language):
        if language != i18n.DEFAULT:
            for owner, attribute, text in list(texts(command, ctx)):
                saved.append((owner, attribute, text))
                setattr(owner, attribute, _translated(owner, attribute, text))
        for param in list(params(command, ctx)):  # in every language: no Python type names
            word = metavars.shown(param)
            if word is not None and word != param.metavar:
                saved.append((param, "metavar", param.metavar))
                param.metavar = word
    # An argument's help row shows its metavar as its name: not its Python type beside it.
    argument = typer.core.TyperArgument
    saved.append(
        (argument, "display_type_rich", argument.__dict__.get("display_type_rich", _INHERITED))
    )
    argument.display_type_rich = _no_type  # type: ignore[method-assign, assignment]
    # Typer's own words are Rich's, imported only when a help page is drawn (a command that
    # draws none does not pay for Rich): its pages are drawn in the language too.
    for cls in (typer.core.TyperCommand, typer.core.TyperGroup):
        saved.append((cls, "format_help", cls.__dict__["format_help"]))
        cls.format_help = _in_language(cls.__dict__["format_help"], language)  # type: ignore[method-assign]
        saved.append((cls, "format_usage", cls.__dict__.get("format_usage", _INHERITED)))
        cls.format_usage = _usage_in(language)  # type: ignore[method-assign]
    setattr(command, _ACTIVE, True)
    try:
        yield
    finally:
        setattr(command, _ACTIVE, False)
        for owner, attribute, text in reversed(saved):
            if text is _INHERITED:
                delattr(owner, attribute)
            else:
                setattr(owner, attribute, text)
