"""A scorer's one-shot command without Typer: `tourney place T3 5-3 on 5-5`.

Importing Typer (and the copy of Click it carries) takes about 50 ms, a third of such a
command's whole process. The scorer types one between every two moves, so `run` reads the
command lines of the match and turn commands itself (`COMMANDS`) and calls the same
functions Typer would, through the same error edge (`tourney.cli.edge`).

It reads only plain command lines: the command's positional arguments and its own options,
each option at most once, as `--name VALUE` or `--name=VALUE`, whole numbers written as
digits within their option's range. For anything else (help, a token it does not know, a
required option missing, `--`, an option given twice, a value starting with `-`, a number
out of range or not written plainly, a wrong number of arguments, shell completion) it
returns None and the console script hands the command line to Typer as ever, so every help
page and every usage error is still Typer's own. The tests (`tests/unit/test_quick.py`)
check each command's table against the parameters Typer makes of its function, and that
whatever `run` reads, Click reads the same way.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tourney import limits

# Click's shell completion is asked through this variable (`_{PROG}_COMPLETE`).
COMPLETION_VARIABLE = "_TOURNEY_COMPLETE"


@dataclass(frozen=True)
class Option:
    """A `--name` option of a command: the parameter it fills, and what it takes."""

    parameter: str
    flag: bool = False  # takes no value: True when given
    number: limits.Bound | None = None  # a whole number within this range; else text
    required: bool = False  # a line without it is left to Typer (which says so)


@dataclass(frozen=True)
class Command:
    """How to read one command's line and which function runs it."""

    module: str  # of tourney.cli
    function: str
    arguments: tuple[str, ...]  # the positional parameters, in order
    optional: int = 0  # how many of the last arguments may be left out
    rest: str | None = None  # takes every further positional argument (one at least)
    numbers: Mapping[str, limits.Bound] = field(default_factory=dict)  # positional numbers
    options: Mapping[str, Option] = field(default_factory=dict)

    def target(self) -> Callable[..., Any]:
        module = importlib.import_module(f"tourney.cli.{self.module}")
        function: Callable[..., Any] = getattr(module, self.function)
        return function


# The options every match and turn command takes (`tourney.cli.options`).
AT = {"--at": Option("at", number=limits.VERSION)}
DB_JSON = {"--db": Option("db"), "--json": Option("as_json", flag=True)}
PLAYER = {"--player": Option("player")}
OPENER = {"--opener": Option("opener")}


def _turn(function: str, *arguments: str, rest: str | None = None, optional: int = 0) -> Command:
    return Command(
        "turn_cmd", function, arguments, optional, rest, options={**PLAYER, **AT, **DB_JSON}
    )


COMMANDS: dict[str, Command] = {
    "start": Command(
        "match_cmd",
        "start",
        ("match",),
        options={
            "--players": Option("players", required=True),
            "--game": Option("game"),
            "--partnerships": Option("partnerships", flag=True),
            "--target": Option("target", number=limits.TARGET),
            "--known": Option("known", flag=True),
            "--deals": Option("deals", number=limits.DEALS),
            "--dealer": Option("dealer"),
            **DB_JSON,
        },
    ),
    "hand": Command("match_cmd", "hand", ("match",), options={**OPENER, **AT, **DB_JSON}),
    "deal": Command(
        "match_cmd",
        "deal",
        ("match",),
        options={
            **OPENER,
            "--seed": Option("seed", number=limits.RANDOM_SEED),
            "--deal": Option("tiles"),
            "--hands": Option("cards"),
            **AT,
            **DB_JSON,
        },
    ),
    "show": Command("match_cmd", "show", ("match",), options=DB_JSON),
    "undo": Command(
        "match_cmd",
        "undo",
        ("match", "version"),
        optional=1,
        numbers={"version": limits.Bound("version", 1, limits.VERSION.high)},
        options={"--redo": Option("redo", flag=True), **AT, **DB_JSON},
    ),
    "place": _turn("place", "match", rest="words"),
    "draw": _turn("draw", "match", "tile", optional=1),
    "pass": _turn("pass_", "match"),
    "reveal": Command(
        "turn_cmd", "reveal", ("match", "player"), rest="tiles", options={**AT, **DB_JSON}
    ),
    "bid": _turn("bid", "match", "amount"),
    "play": _turn("play", "match", "card"),
}


def _number(text: str, bound: limits.Bound) -> int | None:
    """``text`` as a whole number within ``bound`` when written as plain digits, else None."""
    if not (text.isascii() and text.isdigit()) or len(text) > 20:
        return None
    value = int(text)
    return value if bound.low <= value <= bound.high else None


def parse(command: Command, words: Sequence[str]) -> dict[str, Any] | None:
    """The keyword arguments of ``command``'s function for the command line ``words`` (what
    follows the command's name), or None when it is not a plain one (see the module
    docstring)."""
    given: dict[str, Any] = {}
    positional: list[str] = []
    seen: set[str] = set()
    index = 0
    while index < len(words):
        word = words[index]
        index += 1
        if not word.startswith("-"):
            positional.append(word)
            continue
        name, equals, value = word.partition("=")
        option = command.options.get(name)
        if option is None or name in seen:
            return None
        seen.add(name)
        if option.flag:
            if equals:
                return None
            given[option.parameter] = True
            continue
        if not equals:
            if index == len(words):
                return None
            value = words[index]
            index += 1
        if value.startswith("-"):
            return None
        if option.number is not None:
            number = _number(value, option.number)
            if number is None:
                return None
            given[option.parameter] = number
        else:
            given[option.parameter] = value
    if any(o.required and o.parameter not in given for o in command.options.values()):
        return None
    names = command.arguments
    if len(positional) < len(names) - command.optional + (command.rest is not None):
        return None
    if command.rest is None and len(positional) > len(names):
        return None
    for name, value in zip(names, positional, strict=False):
        bound = command.numbers.get(name)
        if bound is not None:
            number = _number(value, bound)
            if number is None:
                return None
            given[name] = number
        else:
            given[name] = value
    if command.rest is not None:
        given[command.rest] = positional[len(names) :]
    return given


def run(argv: Sequence[str], environ: Mapping[str, str] = os.environ) -> int | None:
    """Run ``tourney ARGV`` without Typer if it is a plain line of a command in `COMMANDS`:
    its exit code, every failure reported at the edge; None to leave it to Typer."""
    if not argv or COMPLETION_VARIABLE in environ:
        return None
    command = COMMANDS.get(argv[0])
    if command is None:
        return None
    arguments = parse(command, argv[1:])
    if arguments is None:
        return None
    from tourney.cli.edge import translate

    try:
        command.target()(**arguments)
    except (Exception, KeyboardInterrupt) as exc:
        return translate(exc, list(argv))
    return 0
