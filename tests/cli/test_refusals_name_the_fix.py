"""Every refusal of a director's action names what would make it go through (issue 32, item
19): the option (``--replace``, ``--override``, ``--discard-results``, ``--reason``,
``--same``/``--new``) or the command (``draft publish``, ``player withdraw``). Each case is
refused first (one line, exit 1, the database unchanged), then the action with the fix
named is accepted, so the line cannot name an option that does not help.

The class, not the examples: every flag of every command in the help's Director panel is
either a fix some refusal here names, or a choice of what to do (`CHOICES`, with why). A
flag added to a director's command fails `test_every_director_flag_is_a_fix_or_a_choice`
until a case proves its refusal names it, or it is said to be a choice."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest

from tests.cli.conftest import Build, Cli, refused


@dataclass(frozen=True)
class Case:
    refused: tuple[str, ...]  # the action, refused as the night stands
    names: tuple[str, ...]  # what its one line must name
    fixed: tuple[str, ...]  # the action with that fix: accepted
    before: Callable[[Cli], object] = lambda _cli: None  # where the night must be first


def seats(cli: Cli, table: int) -> list[str]:
    tables = json.loads(cli.ok("pairings", "--json").stdout)["tables"]
    return list(next(t for t in tables if t["table"] == table)["seats"])


def drafted(cli: Cli) -> None:
    cli.ok("draft", "make", "--override")


def round_two(cli: Cli) -> None:
    cli.ok("pair", "--override")


def second_night(cli: Cli) -> None:
    cli.ok("tournament", "create", "Night 2", "--table-size", "2")


def table_two_played(cli: Cli) -> None:
    cli.ok("director", "result", "T2", "--scores", "61,20")


CASES: dict[str, Case] = {
    "pair --override": Case(("pair",), ("--override",), ("pair", "--override")),
    "draft make --override": Case(
        ("draft", "make"), ("--override",), ("draft", "make", "--override")
    ),
    "round repair --override": Case(
        ("round", "repair"), ("--override",), ("round", "repair", "--override"), round_two
    ),
    "director result --replace": Case(
        ("director", "result", "T1", "--scores", "61,30"),
        ("--replace",),
        ("director", "result", "T1", "--scores", "61,30", "--replace"),
    ),
    "director adjudicate --replace": Case(
        ("director", "adjudicate", "T1", "--scores", "40,30", "--reason", "lights out"),
        ("--replace",),
        (
            "director",
            "adjudicate",
            "T1",
            "--scores",
            "40,30",
            "--reason",
            "lights out",
            "--replace",
        ),
    ),
    "director forfeit --replace": Case(
        ("director", "forfeit", "T1", "--sides", "2"),
        ("--replace",),
        ("director", "forfeit", "T1", "--sides", "2", "--replace"),
    ),
    "director no-show --replace": Case(
        ("director", "no-show", "T1", "2"),
        ("--replace",),
        ("director", "no-show", "T1", "2", "--replace"),
    ),
    "round remove --discard-results": Case(
        ("round", "remove", "1"),
        ("--discard-results",),
        ("round", "remove", "1", "--discard-results"),
    ),
    "draft swap --reason": Case(
        ("draft", "swap", "Ann", "Bo"),
        ("--reason",),
        ("draft", "swap", "Ann", "Bo", "--reason", "they came together"),
        drafted,
    ),
    "pair: the draft under review": Case(
        ("pair", "--override"),
        ("draft show", "draft publish", "draft drop"),
        ("draft", "publish"),
        drafted,
    ),
    "round remove: the draft under review": Case(
        ("round", "remove", "1", "--discard-results"),
        ("draft drop",),
        ("draft", "drop"),
        drafted,
    ),
    "clock stop: a result already": Case(
        ("clock", "stop", "T1"),
        ("director adjudicate", "--replace"),
        ("director", "adjudicate", "T1", "--scores", "40,30", "--reason", "time", "--replace"),
    ),
    "penalty --reason": Case(
        ("penalty", "Ann", "--points", "1"),
        ("--reason",),
        ("penalty", "Ann", "--points", "1", "--reason", "slow play"),
    ),
    "warning --reason": Case(
        ("warning", "Ann"), ("--reason",), ("warning", "Ann", "--reason", "phone")
    ),
    "disputes uphold: no dispute open": Case(
        ("disputes", "uphold", "T1", "--note", "the sheet agrees"),
        ("tourney disputes",),
        ("disputes",),
    ),
    "player remove: played": Case(
        ("player", "remove", "Ann"), ("player withdraw",), ("player", "withdraw", "Ann")
    ),
    "player add --same / --new": Case(
        ("player", "add", "Annx", "-t", "night-2"),
        ("--same Ann", "--new"),
        ("player", "add", "Annx", "--new", "-t", "night-2"),
        second_night,
    ),
    "director adjudicate --reason": Case(
        ("director", "adjudicate", "T2", "--scores", "40,30"),
        ("--reason",),
        ("director", "adjudicate", "T2", "--scores", "40,30", "--reason", "lights out"),
    ),
    "director adjudicate --reason ''": Case(
        ("director", "adjudicate", "T2", "--scores", "40,30", "--reason", " "),
        ("--reason",),
        ("director", "adjudicate", "T2", "--scores", "40,30", "--reason", "lights out"),
    ),
    "pair --override after a ruling": Case(
        ("pair",), ("--override",), ("pair", "--override"), table_two_played
    ),
}

# Flags of the Director panel's commands that choose what is done, not let a refused action
# through (why each is not a fix).
CHOICES = {
    "--json": "another form of the output",
    "--why": "explains the pairing",
    "--csv": "another form of the output",
    "--avoid-same-club": "a pairing preference, never a refusal's way out",
    "--deciding": "pairs deciding matches instead of a round",
    "--draft": "pairs a draft instead of the round",
    "--publish": "opens the draft (named by the draft's refusal as draft publish)",
    "--undo": "takes a check-in back",
    "--paid": "records a fee",
    "--allow": "lets a player check in on their own again: the door's refusal asks the "
    "director, who uses it",
    "--new-door-code": "a new code for the door",
    "--ask-password": "how serve starts",
    "--behind-proxy": "how serve starts",
    "--qr": "how serve starts",
    "--chances": "how serve starts",
    "--partnerships": "a tournament's format",
    "--third-place": "a tournament's format",
    "--grand-final-reset": "a tournament's format",
    "--check-in": "a tournament's setting",
    "--accelerated": "a tournament's pairing",
    "--gibson": "a tournament's pairing",
    "--fixed": "what --prizes mean (named by the prizes' refusal)",
    "--lift": "lifts a penalty or warning instead of giving one",
}


def director_flags() -> Iterator[tuple[str, str]]:
    """(command, flag) for every boolean option of the help's Director panel."""
    from tourney.cli.app import every_command

    def walk(command: object, path: str, panel: object) -> Iterator[tuple[str, str]]:
        panel = getattr(command, "rich_help_panel", None) or panel
        subs = getattr(command, "commands", {})
        for name, sub in subs.items():
            yield from walk(sub, f"{path} {name}".strip(), panel)
        if not subs and panel == "Director":
            for param in getattr(command, "params", []):
                if getattr(param, "is_flag", False) and param.opts[0] != "--help":
                    yield path, param.opts[0]

    yield from walk(every_command(), "", None)


def test_every_director_flag_is_a_fix_or_a_choice() -> None:
    fixes = {name for case in CASES.values() for name in case.names if name.startswith("--")}
    flags = set(director_flags())
    assert {"pair", "director result", "round remove"} <= {command for command, _ in flags}
    unknown = sorted((c, f) for c, f in flags if f not in fixes and f not in CHOICES)
    assert not unknown, f"no refusal is shown naming these, nor are they choices: {unknown}"
    assert not fixes & set(CHOICES)


@pytest.fixture
def night(build: Build) -> Cli:
    """Six players, round 1 paired, table 1's result entered from its scoresheet."""
    return build(
        ("tournament", "create", "Night", "--table-size", "2", "--rounds", "3"),
        *(("player", "add", name) for name in ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")),
        ("pair",),
        ("director", "result", "T1", "--scores", "61,20"),
    )


@pytest.mark.parametrize("name", list(CASES))
def test_a_refused_director_action_names_its_fix(night: Cli, name: str) -> None:
    case = CASES[name]
    case.before(night)
    line = refused(night, *case.refused, message="")
    for fix in case.names:
        assert fix in line, (name, line)
    night.ok(*case.fixed)
