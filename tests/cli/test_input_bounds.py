"""Every value is checked at the edge, before anything is written (issue 11 items 4, 10,
11): a value that once passed validation was stored for good and bricked the database."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.conftest import Build, Cli, checksum


def refused(cli: Cli, *args: str, message: str) -> str:
    """The command fails with one line containing ``message`` and the database file is
    byte-for-byte what it was."""
    before = checksum(cli.db)
    result = cli(*args)
    assert result.exit_code == 1, (args, result.stdout, result.stderr)
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr, result.stderr
    assert message in result.stderr, result.stderr
    assert checksum(cli.db) == before, args
    return result.stderr


@pytest.fixture
def club(build: Build) -> Cli:
    return build(
        ("tournament", "create", "Club Night", "--table-size", "2"),
        *(("player", "add", name) for name in ("Ann", "Bo", "Cy", "Di")),
    )


def still_works(cli: Cli) -> None:
    """What every later command needs: the tournament folds, the read models rebuild."""
    cli.ok("tournament", "list")
    cli.ok("standings")
    cli.ok("rebuild")
    cli.ok("verify")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rounds", "99999999999999999999"], "must be at most 100"),
        (["--rounds", "2147483648"], "must be at most 100"),  # wedged PostgreSQL
        (["--rounds", "1" + "0" * 5000], "is not a whole number"),
        (["--target", str(10**28)], "must be at most 1000"),
        (["--table-size", "9"], "must be at most 8"),
        (["--table-size", "5"], "Horse Race tables seat 2 to 4"),
    ],
)
def test_numbers_out_of_bounds_are_refused_before_anything_is_written(
    club: Cli, args: list[str], message: str
) -> None:
    refused(club, "tournament", "create", "Second", *args, message=message)
    still_works(club)


@pytest.mark.parametrize(
    ("points", "message"),
    [
        ("1e999", "write a number like 1, 0.5 or 1/3"),
        ("nan", "write a number like 1, 0.5 or 1/3"),
        ("inf", "write a number like 1, 0.5 or 1/3"),
        ("-1", "write a number like 1, 0.5 or 1/3"),
        ("10**28", "write a number like 1, 0.5 or 1/3"),
        ("101", "must be 0 to 100"),
        ("1/7000", "denominator of at most 12"),
    ],
)
def test_bye_points_that_would_brick_pairing_are_refused(
    club: Cli, points: str, message: str
) -> None:
    refused(club, "tournament", "create", "Second", "--bye-points", points, message=message)
    club.ok("tournament", "create", "Third", "--bye-points", "1/2", "--table-size", "2")
    for name in ("Ann", "Bo", "Cy"):
        club.ok("player", "add", name, "-t", "third")
    club.ok("pair", "-t", "third")  # a bye of 1/2 is paired and scored
    still_works(club)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["Eve", "--rating", "99999999999"], "must be at most 10000"),
        (["Eve", "--rating", "-1"], "must be at least 0"),
        (["Eve", "--seed", "0"], "must be at least 1"),
        (["x" * 81], "is 81 characters long: at most 80"),
        (["\x1b\x07\u200b"], "player name '\\x1b\\x07\\u200b' is empty"),
        (["zoe  ANN"], "names are compared ignoring case and accents"),
    ],
)
def test_bad_registrations_are_refused(club: Cli, args: list[str], message: str) -> None:
    club.ok("player", "add", "Zoë Ann")
    refused(club, "player", "add", *args, message=message)
    still_works(club)


def test_a_csv_with_a_huge_rating_or_an_unreadable_name_writes_nothing(
    club: Cli, tmp_path: Path
) -> None:
    for text, message in [
        ("name,rating\nEve,1500\nFay,100000000000000000000\n", "row 3: rating"),
        ("name,rating\nEve,1500\nFay,1e3\n", "row 3: rating '1e3' is not a whole number"),
        ("name\nEve\n\x1b\u200b\n", "row 3: empty name"),
        ("name\nEve\nzoë\nZOE\n", "row 4: duplicate name 'ZOE' (first on row 3)"),
    ]:
        path = tmp_path / "players.csv"
        path.write_text(text, encoding="utf-8")
        refused(club, "player", "import", str(path), message=message)
    still_works(club)


def test_names_are_stored_cleaned_wherever_they_enter(club: Cli, tmp_path: Path) -> None:
    club.ok("tournament", "create", "Spring\x1b[2J  Open\n", "--table-size", "2")
    club.ok("player", "add", "Eve\x07 \u202eLee", "--club", "North\x00side", "-t", "spring-2j-open")
    path = tmp_path / "players.csv"
    path.write_text("name,club\nFay\x1b[31m,\x1b\nGus\u200b Hill , West\n", encoding="utf-8")
    club.ok("player", "import", str(path), "-t", "spring-2j-open")
    shown = json.loads(club.ok("tournament", "show", "-t", "spring-2j-open", "--json").stdout)
    assert shown["name"] == "Spring[2J Open"
    assert [(p["name"], p["club"]) for p in shown["players"]] == [
        ("Eve Lee", "Northside"),
        ("Fay[31m", None),
        ("Gus Hill", "West"),
    ]
    club.ok("start", "Z1", "--players", "Ann\x1b[31m,\u200bBo\n")
    state = json.loads(club.ok("show", "Z1", "--json").stdout)
    assert [p for side in state["sides"] for p in side["players"]] == ["Ann[31m", "Bo"]


def test_a_match_id_with_a_stray_character_is_not_a_stream_of_its_own(club: Cli) -> None:
    club.ok("start", "K3", "--players", "Ann,Bo")
    for typed in ("K3\n", "K3 ", "\u200bK3", "K3\x1b"):
        message = refused(club, "start", typed, "--players", "Cy,Di", message="is not a match ID")
        assert typed.isprintable() or "\\" in message  # a control character is escaped
        refused(club, "show", typed, message="is not a match ID")
    assert club.ok("show", "k3").stdout  # case is not a stray character


def test_a_huge_match_target_is_refused_and_the_match_store_stays_readable(club: Cli) -> None:
    refused(
        club,
        "start",
        "Z1",
        "--target",
        str(10**28),
        "--players",
        "A,B",
        message="must be at most 1000",
    )
    club.ok("start", "Z2", "--target", "1000", "--players", "A,B")
    club.ok("show", "Z2")
    assert json.loads(club.ok("show", "Z2", "--json").stdout)["target"] == 1000
    club.ok("export", "Z2")
    still_works(club)


def test_what_a_user_typed_is_printed_as_text_never_obeyed(club: Cli) -> None:
    club.ok("player", "add", "[red]Eve[/red]")
    club.ok("player", "add", "[link=http://x]Fay")
    out = club.ok("standings").stdout
    assert "[red]Eve[/red]" in out and "[link=http://x]Fay" in out
    assert "\x1b" not in out


def test_names_are_looked_up_the_same_way_everywhere(cli: Cli) -> None:
    cli.ok("tournament", "create", "Café Crème", "--table-size", "2")
    for name in ("Zoë Park", "Ngozi Okafor", "Tom", "Tomás Ruiz"):
        cli.ok("player", "add", name, "-t", "cafe creme")
    assert (
        "Withdrew Ngozi Okafor" in cli.ok("player", "withdraw", "ngozi", "-t", "CAFÉ-CRÈME").stdout
    )
    refused(cli, "player", "withdraw", "to", "-t", "café crème", message="could be Tom, Tomás")
    cli.ok("player", "withdraw", "tomas", "-t", "café crème")
    cli.ok("pair", "-t", "Café Crème")
    cli.ok("start", "Z9", "--players", "Zoë Park,Tom")
    recorded = cli.ok("hand", "Z9", "--opener", "zoe").stdout
    assert "Zoë Park" in recorded


def test_a_match_is_shown_by_one_id_however_it_is_typed(club: Cli) -> None:
    club.ok("pair")
    paired = json.loads(club.ok("pairings", "--json").stdout)["tables"][0]["match"]
    assert paired == "club-night-r1-t1"
    for typed in (paired, paired.upper(), "T1"):
        assert json.loads(club.ok("show", typed, "--json").stdout)["match"] == paired
        assert club.ok("show", typed).stdout.startswith(f"{paired}: ")
    club.ok("start", "k7", "--players", "Ann,Bo")
    assert json.loads(club.ok("show", "k7", "--json").stdout)["match"] == "K7"


@pytest.mark.postgres
def test_what_wedged_postgresql_is_refused_or_cleaned_there(
    postgres_url: str, tmp_path: Path
) -> None:
    """On PostgreSQL `--rounds 2147483648` (past its 32-bit integers) and a CSV name with a
    NUL (which its text columns refuse) were stored, then every command failed."""
    cli = Cli(postgres_url)
    cli.ok("tournament", "create", "Club Night", "--table-size", "2")
    result = cli("tournament", "create", "Second", "--rounds", "2147483648")
    assert result.exit_code == 1 and "must be at most 100" in result.stderr
    path = tmp_path / "players.csv"
    path.write_text("name,club\nAnn\x00,North\x00\nBo,\n", encoding="utf-8")
    cli.ok("player", "import", str(path))
    shown = json.loads(cli.ok("tournament", "show", "--json").stdout)
    assert [(p["name"], p["club"]) for p in shown["players"]] == [("Ann", "North"), ("Bo", None)]
    cli.ok("pair")
    cli.ok("standings")
    cli.ok("rebuild")
    cli.ok("verify")
