"""Issue 32 item 17: `player add "Anna Rosi"` on a later night, when the club roster knows
Anna Rossi, is refused in one line naming her and the two ways on (--same 'Anna Rossi' or
--new), writing nothing; either choice then registers."""

from __future__ import annotations

import pytest

from tests.cli.conftest import Build, Cli, refused
from tourney.names import near


@pytest.fixture
def club(build: Build) -> Cli:
    nights = [
        (("tournament", "create", f"Night {n}"), ("player", "add", "Anna Rossi"),
         ("player", "add", "Bo Chen"))
        for n in (1, 2, 3)
    ]  # fmt: skip
    commands = [command for night in nights for command in night]
    return build(*commands, ("tournament", "create", "Night 4"))


def test_a_near_name_is_refused_naming_the_club_member(club: Cli) -> None:
    line = refused(
        club, "player", "add", "Anna Rosi", message="looks like Anna Rossi (P1, 3 nights)"
    )
    assert "--same 'Anna Rossi'" in line and "--new" in line


def test_same_links_the_entry_to_the_club_member(club: Cli) -> None:
    done = club.ok("player", "add", "Anna Rosi", "--same", "Anna Rossi")
    assert "is the club's Anna Rossi (P1, 3 nights before)" in done.stdout


def test_new_registers_someone_new(club: Cli) -> None:
    done = club.ok("player", "add", "Anna Rosi", "--new")
    assert "Anna Rosi joins the club roster as P3" in done.stdout


def test_a_name_the_roster_has_or_nothing_like_asks_nothing(club: Cli) -> None:
    assert "is the club's Anna Rossi" in club.ok("player", "add", "anna rossi").stdout
    assert "joins the club roster" in club.ok("player", "add", "Cy Diaz").stdout


def test_look_alikes_of_one_night_are_warned_of_not_refused(cli: Cli) -> None:
    cli.ok("tournament", "create", "Night 1")
    cli.ok("player", "add", "Ann Lee")
    done = cli.ok("player", "add", "Anna Lee")
    assert "joins the club roster" in done.stdout


@pytest.mark.parametrize(
    ("first", "second", "close"),
    [
        ("Anna Rossi", "Anna Rosi", True),
        ("Ann Lee", "Anna Lee", True),
        ("Zoë Park", "zoe parks", True),
        ("Mary-Kate Lee", "Marykate Lee", True),
        ("Park Zoë", "Zoë Park", True),
        ("Anna Rossi", "Anna Bianchi", False),
        ("Bo", "Jo", False),
        ("Bo Chen", "Cy Diaz", False),
    ],
)
def test_near_names(first: str, second: str, close: bool) -> None:
    assert near(first, second) is close
