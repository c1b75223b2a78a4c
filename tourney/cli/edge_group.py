"""The root command's class: Typer's group, with every failure reported at the edge
(`tourney.cli.edge`)."""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from typing import Any

import typer
from typer.core import TyperGroup

from tourney import i18n
from tourney.cli.click_words import in_language
from tourney.cli.edge import REFUSED, say, translate
from tourney.cli.language import META_KEY, translated_help
from tourney.i18n import _

_LONG_QUOTED = re.compile(r"'([^']{41,})'")


def _usage(exc: Any) -> str:
    """A Click usage error as one line: the message (a long value it quotes cut short) and
    where to look for help."""
    context = getattr(exc, "ctx", None)
    message = _LONG_QUOTED.sub(lambda m: f"'{m.group(1)[:39]}…'", exc.format_message())
    message = in_language(message)
    if context is None:
        return _("error: {message}").format(message=message)
    return _("error: {message} (see `{command} -h`)").format(
        message=message, command=context.command_path
    )


def _lang_argument(arguments: Sequence[str]) -> str | None:
    """The root's ``--lang`` value among the arguments before the command's name."""
    for i, argument in enumerate(arguments):
        if argument == "--lang":
            return arguments[i + 1] if i + 1 < len(arguments) else None
        if argument.startswith("--lang="):
            return argument.partition("=")[2]
        if not argument.startswith("-"):
            return None  # the command's name: what follows is the command's
    return None


class EdgeGroup(TyperGroup):
    """The root command: parses, runs the command, and turns every failure into one line."""

    def invoke(self, ctx: Any) -> Any:
        # Click would turn Ctrl-C into a silent exit 130: say what happened first.
        try:
            with translated_help(self, ctx):  # a command's -h is read in the chosen language
                return super().invoke(ctx)
        except KeyboardInterrupt as exc:
            raise typer.Exit(translate(exc, [])) from None

    _arguments: Sequence[str] = ()

    def format_help(self, ctx: Any, formatter: Any) -> None:
        if META_KEY not in ctx.meta:  # `tourney -h --lang ru`: -h is read before --lang
            ctx.meta[META_KEY] = i18n.choose(_lang_argument(self._arguments))
        with translated_help(self, ctx):  # `tourney -h`, read in the chosen language
            super().format_help(ctx, formatter)

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        arguments = list(sys.argv[1:] if args is None else args)
        self._arguments = arguments
        # The language `--lang` chooses lasts for this command only (the tests' runner calls
        # main again and again in one process).
        with i18n.using(i18n.current()):
            code = self._run(arguments, prog_name, complete_var, windows_expand_args, **extra)
        if standalone_mode:
            sys.exit(code)
        return code

    def _run(
        self,
        arguments: list[str],
        prog_name: str | None,
        complete_var: str | None,
        windows_expand_args: bool,
        **extra: Any,
    ) -> int:
        try:
            result = super().main(
                args=arguments,
                prog_name=prog_name,
                complete_var=complete_var,
                standalone_mode=False,
                windows_expand_args=windows_expand_args,
                **extra,
            )
            code = result if isinstance(result, int) and not isinstance(result, bool) else 0
        except typer.TyperException as exc:  # Click's exceptions, as Typer carries them
            if type(exc).__name__ == "NoArgsIsHelpError":  # as Typer's own rich_utils tells it
                typer.echo(exc.format_message())  # no arguments at all: the help, as asked
                code = exc.exit_code
            else:  # a usage error carries its context; any other, its message
                say(
                    _usage(exc)
                    if hasattr(exc, "ctx")
                    else _("error: {message}").format(message=in_language(exc.message))
                )
                code = REFUSED
        except typer.Abort:
            say(_("error: aborted"))
            code = REFUSED
        except (Exception, KeyboardInterrupt) as exc:
            code = translate(exc, arguments)
        return code
