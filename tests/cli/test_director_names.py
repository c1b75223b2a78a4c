"""Issue 23 items 2-4 at the CLI: every director command takes names (seat numbers still
accepted), scores by name; a no-show says its note once, lets the others play on, and keeps
its note through the result; a knockout's shared win states its rule; with several
tournaments each command says which it acted on."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.cli.conftest import Build, Cli, refused
from tourney.tournament.formats.elimination.bracket import SHARED_WIN_RULE
from tourney.web.app import Server, create_app

NAMES = ["Zoë Park", "José Ruiz", "Ann Lee", "Bo Chen", "Cy Diaz", "Di Eze", "Ed Fox", "Flo Gray"]


@pytest.fixture
def night(build: Build) -> Cli:
    return build(
        ("tournament", "create", "Night", "--table-size", "4", "--rounds", "2"),
        *(("player", "add", name) for name in NAMES),
        ("pair",),
    )


def tables(cli: Cli, *extra: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = json.loads(cli.ok("pairings", "--json", *extra).stdout)["tables"]
    return found


def points(cli: Cli) -> dict[str, str]:
    rows = json.loads(cli.ok("standings", "--json").stdout)["standings"]
    return {row["name"]: row["match_points"] for row in rows}


def test_the_director_names_sides_and_scores_by_name_in_any_seat_order(night: Cli) -> None:
    a, b, c, d = tables(night)[0]["seats"]

    def first(name: str) -> str:
        """A first name, lower case: folded, a unique beginning is enough."""
        return str(name.split()[0].lower())

    done = night.ok("director", "forfeit", "T1", "--sides", first(b), "--reason", "left the hall")
    assert f"{b} forfeited; the others play on" in done.stdout
    assert f"--scores '{a}=...,{c}=...,{d}=...'" in done.stdout
    scores = f"{first(d)}=61,{first(a)}=20,{first(c)}=3,{first(b)}=0"
    done = night.ok("director", "result", "T1", "--scores", scores)
    assert f"{d} won (20-0-3-61) [paper scoresheet; {b} forfeited]" in done.stdout
    e, f, g, h = tables(night)[1]["seats"]
    scores = f"{first(g)}=61,{first(h)}=61,{first(e)}=2,{first(f)}=1"
    winners = f"{first(h)},3"
    night.ok("director", "adjudicate", "T2", "--scores", scores, "--winners", winners,
             "--reason", "sheet")  # fmt: skip
    assert points(night)[g] == "1/2" and points(night)[h] == "1/2"
    refused(night, "director", "forfeit", "T2", "--sides", "Nobody",
            message="'Nobody' does not sit at table 2")  # fmt: skip
    refused(night, "director", "result", "T2", "--scores", f"{first(e)}=61",
            message="no score for")  # fmt: skip


def test_a_no_show_is_said_once_lets_the_others_play_on_and_keeps_its_note(night: Cli) -> None:
    a, b, c, d = tables(night)[0]["seats"]
    done = night.ok("director", "no-show", "T1", "2")  # a seat number, still accepted
    assert "no-show: no-show" not in done.stdout
    assert f"no-show: {b}; the others play on" in done.stdout
    assert all(value == "0" for value in points(night).values())
    refused(night, "director", "result", "T1", "--scores", f"{b}=61,{a}=2,{c}=3,{d}=4",
            message=f"{b} forfeited while the others played on")  # fmt: skip
    done = night.ok("director", "result", "T1", "--scores", f"{a}=61,{b}=0,{c}=3,{d}=4")
    assert f"{a} won (61-0-3-4) [paper scoresheet; no-show: {b}]" in done.stdout
    assert tables(night)[0]["result"].endswith(f"[paper scoresheet; no-show: {b}]")
    e, f, g, h = tables(night)[1]["seats"]
    done = night.ok("director", "no-show", "T2", f, "--others", "share")
    assert f"shared win: {e}, {g}, {h} (0-0-0-0) [no-show: {f}]" in done.stdout


def knockout(cli: Cli) -> Cli:
    cli.ok("tournament", "create", "Cup", "--format", "elimination", "--table-size", "2",
           "--rounds", "2", "--seeding", "registration")  # fmt: skip
    for name in ("Ann", "Bo", "Cy", "Di"):
        cli.ok("player", "add", name)
    cli.ok("pair")
    return cli


def test_a_knockout_shared_win_is_settled_by_a_stated_rule(cli: Cli, tmp_path: Path) -> None:
    knockout(cli)
    first, second = tables(cli)
    a, b = first["seats"]
    cli.ok("director", "adjudicate", "T1", "--scores", f"{a}=64,{b}=61", "--reason", "sheet")
    c, d = second["seats"]
    cli.ok("director", "adjudicate", "T2", "--scores", f"{c}=70,{d}=10", "--reason", "sheet")
    error = cli("pair", "--deciding")
    assert error.exit_code == 1
    assert "no tie to decide" in error.stderr
    assert f"{a} and {b} shared the win in T{first['table']}" in error.stderr
    assert f"{a} advances on the higher final score (64 to 61)" in error.stderr
    assert "only equal scores play a deciding match" in error.stderr
    paired = cli.ok("pair")
    assert f"{a} advances on the higher final score (64 to 61)" in paired.stdout
    cli.ok("publish", str(tmp_path / "site"))
    bracket = (tmp_path / "site" / "bracket.html").read_text(encoding="utf-8")
    assert "advances on the higher final score (64 to 61); in a knockout a shared win" in bracket
    server = Server.open(cli.db, b"s" * 32, director_password="a director's password")
    with TestClient(create_app(server)) as client:
        token = re.search(r'name="csrf" value="([^"]+)"', client.get("/director/login").text)
        assert token is not None
        client.post(
            "/director/login",
            data={"password": "a director's password", "csrf": token.group(1)},
        )
        page = client.get("/director").text
    assert f"Knockout rule: {SHARED_WIN_RULE}." in page


def test_with_several_tournaments_each_command_says_which_it_acted_on(night: Cli) -> None:
    night.ok("tournament", "create", "Later", "--table-size", "2", "--rounds", "1")
    acted = night.ok("standings")
    assert "tournament: later (the newest of 2; also night" in acted.stderr
    chosen = night.ok("pairings", "--tournament", "night")
    assert "tournament: night (as asked of 2" in chosen.stderr
    ruled = night.ok("director", "void", "night-r1-t1", "--tournament", "Night")
    assert ruled.stderr.count("\n") == 1 and "tournament: night" in ruled.stderr
    refused(night, "director", "void", "T1", message="no round of 'Later' has been paired")
    help_text = night.ok("serve", "--help").stdout
    assert "--tournament" in help_text
    for name in ("Uma", "Vic"):
        night.ok("player", "add", name, "-t", "later")
    night.ok("pair", "-t", "later")
    shown = night.ok("show", "T1")
    assert "T1 is later-r1-t1, in later (the newest of 2 tournaments" in shown.stderr
    assert "by its match id" in shown.stderr
    assert night.ok("show", "night-r1-t1").stderr == ""


def test_a_single_tournament_says_nothing_more(night: Cli) -> None:
    assert night.ok("standings").stderr == ""


def test_show_at_a_table_whose_others_play_on_says_the_result_is_to_come(night: Cli) -> None:
    _, b, _, _ = tables(night)[0]["seats"]
    night.ok("director", "forfeit", "T1", "--sides", b)
    shown = night.ok("show", "T1").stdout
    assert shown.startswith(f"The director's ruling: {b} forfeited; the others play on; the result")
