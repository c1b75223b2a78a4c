"""The root command's class: Typer's group, with every failure reported at the edge
(`tourney.cli.edge`), whose commands are built only when asked for (Click's documented
"lazily loading subcommands" group): a one-shot command imports its own module and no
other, and builds itself alone, once.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Mapping, Sequence
from difflib import get_close_matches
from typing import Any

import typer
from typer.core import TyperGroup
from typer.main import get_command_name, get_group
from typer.models import DefaultPlaceholder

from tourney import i18n
from tourney.cli.edge import REFUSED, say, translate
from tourney.cli.language import META_KEY, translated_help
from tourney.cli.plain_values import plain
from tourney.i18n import _

Mount = Callable[[typer.Typer], None]
"""What puts a command on a Typer app (a module's `register`)."""

_LONG_QUOTED = r"'([^']{41,})'"  # compiled on first use (`re`'s cache)


def _usage(exc: Any) -> str:
    """A Click usage error as one line: the message (a long value it quotes cut short) and
    where to look for help."""
    from tourney.cli.click_words import in_language  # its patterns: for a refusal only

    context = getattr(exc, "ctx", None)
    message = re.sub(_LONG_QUOTED, lambda m: f"'{m.group(1)[:39]}…'", exc.format_message())
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


def _name(info: Any) -> str | None:
    """The name a command or a group of commands is mounted under."""
    for name in (info.name, getattr(getattr(info, "typer_instance", None), "info", info).name):
        if name is not None and not isinstance(name, DefaultPlaceholder):
            return str(name)
    callback = getattr(info, "callback", None)
    return None if callback is None else get_command_name(callback.__name__)


def built(mount: Mount, name: str, markup: Any, help_names: Sequence[str]) -> Any:
    """The command ``name`` that ``mount`` puts on an app, built alone (its module's other
    commands are left unbuilt), its values converted without pydantic."""
    one = typer.Typer(rich_markup_mode=markup, add_completion=False)
    mount(one)
    one.registered_commands = [c for c in one.registered_commands if _name(c) == name]
    one.registered_groups = [g for g in one.registered_groups if _name(g) == name]
    return plain(get_group(one).commands[name], help_names)


class EdgeGroup(TyperGroup):
    """The root command: parses, runs the command, and turns every failure into one line."""

    def mounts(self, helping: bool = False) -> Mapping[str, Mount]:
        """Each command's name and what mounts it, in the help's order (a subclass's);
        ``helping``: for the help, which builds them all anyway."""
        return {}

    _mounted: Mapping[str, Mount] | None = None

    def list_commands(self, ctx: Any) -> list[str]:
        if self._mounted is None:
            self._mounted = self.mounts()
        return [*self.commands, *(name for name in self._mounted if name not in self.commands)]

    def mount(self, name: str) -> Mount | None:
        """What mounts the command ``name`` (None: there is none). A subclass may answer
        without listing every command (`mounts`)."""
        if self._mounted is None:
            self._mounted = self.mounts()
        return self._mounted.get(name)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in self.commands:
            mount = self.mount(cmd_name)
            if mount is not None:
                self.commands[cmd_name] = built(
                    mount, cmd_name, self.rich_markup_mode, self._help_names()
                )
        return self.commands.get(cmd_name)

    def _help_names(self) -> list[str]:
        return list(self.context_settings.get("help_option_names", ["--help"]))

    def build_all(self, helping: bool = True) -> None:
        """Build every command (the help shows them all)."""
        self._mounted = self.mounts(helping=helping)
        for name in self.list_commands(None):
            self.get_command(None, name)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        try:
            name, command, rest = super().resolve_command(ctx, args)
        except typer.TyperException as exc:  # Typer suggests only among built commands
            message = getattr(exc, "message", "")
            close = get_close_matches(args[0], self.list_commands(ctx)) if args else []
            if close and "Did you mean" not in message:
                suggested = ", ".join(repr(name) for name in close)
                exc.message = f"{message.rstrip('.')}. Did you mean {suggested}?"
            raise
        if command is not None:  # its -h, read as it is parsed, in the chosen language
            ctx.with_resource(translated_help(command, ctx))
        return name, command, rest

    def invoke(self, ctx: Any) -> Any:
        # Click would turn Ctrl-C into a silent exit 130: say what happened first.
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt as exc:
            raise typer.Exit(translate(exc, [])) from None

    _arguments: Sequence[str] = ()

    def format_help(self, ctx: Any, formatter: Any) -> None:
        if META_KEY not in ctx.meta:  # `tourney -h --lang ru`: -h is read before --lang
            ctx.meta[META_KEY] = i18n.choose(_lang_argument(self._arguments))
        self.build_all()  # the help shows every command
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
        # The root's own options, read before any command: each command is made plain when
        # it is built (`built`), so the commands this root built already are not walked
        # again (a process that runs command after command, the tests' runner, keeps one).
        plain(self, self._help_names(), under=False)
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
                from tourney.cli.click_words import in_language

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
