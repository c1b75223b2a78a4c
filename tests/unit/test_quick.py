"""The scorer's one-shot path without Typer (`tourney.cli.quick`) reads a command line the
way Typer does, or leaves it to Typer.

Its table of commands is checked against the parameters Typer makes of each command's
function (a parameter added, renamed or re-bounded there fails here), and generated command
lines check the reading itself: whatever `quick.parse` accepts, Click parses to the same
values."""

from __future__ import annotations

from typing import Any

import pytest
import typer.main
from hypothesis import given, settings
from hypothesis import strategies as st

from tourney.cli import app as app_module
from tourney.cli import quick
from tourney.limits import Bound

NAMES = sorted(quick.COMMANDS)


def _click_command(name: str) -> Any:
    root = typer.main.get_command(app_module.__getattr__("app"))
    return root.commands[name]  # type: ignore[attr-defined]


def _bound(param: Any) -> tuple[int, int] | None:
    kind = param.type
    if getattr(kind, "name", "") in ("integer range", "integer"):
        return (kind.min, kind.max) if hasattr(kind, "min") else None
    return None


def _pair(bound: Bound | None) -> tuple[int, int] | None:
    return None if bound is None else (bound.low, bound.high)


def test_every_scorer_command_of_the_match_and_turn_modules_is_in_the_table() -> None:
    """The match and turn commands are what a scorer types between moves: all of them."""
    typed = {
        name for name, module in app_module.MODULES.items() if module in ("match_cmd", "turn_cmd")
    }
    assert set(quick.COMMANDS) == typed


@pytest.mark.parametrize("name", NAMES)
def test_the_table_matches_the_parameters_typer_makes(name: str) -> None:
    command = quick.COMMANDS[name]
    click_command = _click_command(name)
    assert click_command.callback.__wrapped__ is command.target()
    arguments = [p for p in click_command.params if p.param_type_name == "argument"]
    options = [p for p in click_command.params if p.param_type_name == "option"]

    names = [*command.arguments, *([command.rest] if command.rest else [])]
    assert [p.name for p in arguments] == names
    for param in arguments:
        rest = param.name == command.rest
        optional = param.name in command.arguments[len(command.arguments) - command.optional :]
        assert param.nargs == (-1 if rest else 1), param.name
        assert param.required is (not optional), param.name
        assert _bound(param) == _pair(command.numbers.get(param.name)), param.name
        assert param.envvar is None

    assert {opt for p in options for opt in (*p.opts, *p.secondary_opts)} - {"-h", "--help"} == (
        set(command.options)
    )
    for param in options:
        if "--help" in param.opts:
            continue
        (opt,) = param.opts
        spec = command.options[opt]
        assert spec.parameter == param.name
        assert spec.flag is bool(param.is_flag), opt
        assert spec.required is param.required, opt
        assert not param.multiple and param.nargs == 1 and param.envvar is None, opt
        assert _bound(param) == _pair(spec.number), opt


# Words a command line may hold: the commands' own options (alone, with `=`, with a value),
# values of every kind the parser must refuse or keep, help, `--`, digits in and out of
# range. Generated lines mix them freely.
OPTION_NAMES = sorted({opt for c in quick.COMMANDS.values() for opt in c.options})
WORDS = st.one_of(
    st.sampled_from(
        [
            *OPTION_NAMES,
            "-h",
            "--help",
            "--",
            "-",
            "-1",
            "--no-json",
            "--jso",
            "0",
            "1",
            "007",
            "61",
            "65",
            "1000",
            "1001",
            "99999999999999999999999",
            "٣",
            " 5",
            "+5",
            "5-3",
            "on",
            "T3",
            "K1",
            "Ann",
            "",
            "x=y",
        ]
    ),
    st.builds(
        lambda o, v: f"{o}={v}",
        st.sampled_from(OPTION_NAMES),
        st.sampled_from(["", "3", "a", "-x"]),
    ),
    st.text(max_size=6),
)


def _click_values(name: str, words: list[str]) -> dict[str, Any]:
    command = _click_command(name)
    context = command.make_context(name, list(words))
    return {key: list(v) if isinstance(v, tuple) else v for key, v in context.params.items()}


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=400, deadline=None)
@given(words=st.lists(WORDS, max_size=6))
def test_whatever_the_quick_path_reads_click_reads_the_same(name: str, words: list[str]) -> None:
    read = quick.parse(quick.COMMANDS[name], words)
    if read is None:
        return
    click_values = _click_values(name, words)
    defaults = {key: value for key, value in click_values.items() if key not in read}
    assert {**defaults, **read} == click_values
    function = quick.COMMANDS[name].target()
    assert set(read) <= set(function.__code__.co_varnames[: function.__code__.co_argcount])


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("place T3 5-3 on 5-5", {"match": "T3", "words": ["5-3", "on", "5-5"]}),
        ("place T3 5-3 --json --at=7", {"match": "T3", "words": ["5-3"], "as_json": True, "at": 7}),
        ("draw T3", {"match": "T3"}),
        ("draw T3 2-4 --player Ann", {"match": "T3", "tile": "2-4", "player": "Ann"}),
        ("undo T3 4 --redo", {"match": "T3", "version": 4, "redo": True}),
        ("reveal T3 Ann 1-2 3-4", {"match": "T3", "player": "Ann", "tiles": ["1-2", "3-4"]}),
        (
            "start K1 --players Ann,Bo --target 21",
            {"match": "K1", "players": "Ann,Bo", "target": 21},
        ),
    ],
)
def test_plain_lines_are_read(line: str, expected: dict[str, Any]) -> None:
    name, *words = line.split()
    assert quick.parse(quick.COMMANDS[name], words) == expected


@pytest.mark.parametrize(
    "line",
    [
        "place T3",  # the tile missing: Typer says so
        "place T3 5-3 -h",
        "show T3 --help",
        "show T3 -- --json",
        "show T3 --json --json",
        "show T3 T4",
        "show T3 --bogus",
        "show T3 --db",
        "show T3 --db -x",
        "show T3 --json=1",
        "undo T3 0",
        "undo T3 x",
        "hand T3 --at -1",
        "hand T3 --at 2147483648",
        "start K1 --target 0",
        "start K1 --target ٣",
        "reveal T3 Ann",
        "start K1 --target 21",  # --players missing
    ],
)
def test_anything_else_is_left_to_typer(line: str) -> None:
    name, *words = line.split()
    assert quick.parse(quick.COMMANDS[name], words) is None


def test_unknown_commands_and_shell_completion_are_left_to_typer() -> None:
    assert quick.run([]) is None
    assert quick.run(["standings"]) is None
    assert quick.run(["show", "T3"], environ={quick.COMPLETION_VARIABLE: "bash_complete"}) is None
