"""Every scorer command, and every way it refuses: exit code 1, one line naming the rule and
quoting the input, and the stream version unchanged (nothing appended)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tourney.store.eventstore import EventStore


def opened(cli: Cli, *players: str) -> None:
    cli.ok("start", "K3", "--players", ",".join(players or ("Ann", "Bo")))
    cli.ok("hand", "K3", "--opener", "Ann")


def test_start_shows_the_match_and_refuses_bad_players(cli: Cli) -> None:
    out = cli.ok("start", "k3", "--players", "Ann,Bo,Cy,Di", "--partnerships").stdout
    assert "partnerships Ann & Cy vs Bo & Di" in out
    assert cli.version("K3") == 1
    cli.refused("start", "K3", "--players", "Ann,Bo", message="match_started appears twice")
    cli.refused("start", "K4", "--players", "Ann,Ann", message="Ann is listed twice", match="K4")
    cli.refused(
        "start", "K4", "--players", "Ann,Bo,Cy", "--partnerships",
        message="partnerships need 4 players, not 3", match="K4",
    )  # fmt: skip
    cli.refused("start", "K4", "--players", "Ann", message="2, 3 or 4 players", match="K4")
    cli.refused(
        "start", "K4", "--players", "A,B", "--target", "0", message="'--target'", match="K4"
    )


def test_a_bad_match_id_is_refused_before_the_database(tmp_path: Path) -> None:
    result = Cli(str(tmp_path / "new.db"))("show", "T 3")
    assert result.exit_code == 1
    assert (
        result.stderr == "error: 'T 3' is not a match ID: letters, digits, '-' and '_', "
        "at most 64, e.g. T3\n"
    )
    assert not (tmp_path / "new.db").exists()


def test_moves_at_a_match_never_started_say_how_to_start_it(cli: Cli) -> None:
    """A mistyped or unstarted match id: each move names the match and the command that
    starts it (they answered with the engine's "no match has started: expected
    match_started", which names neither)."""
    for command in (("pass", "K9"), ("draw", "K9"), ("place", "K9", "6-6"),
                    ("reveal", "K9", "Ann", "1-1"), ("hand", "K9", "--opener", "Ann"),
                    ("deal", "K9", "--seed", "1")):  # fmt: skip
        cli.refused(*command, message="match K9 has not started: tourney start K9 --players")


def test_hand_needs_an_opener_only_when_a_lot_decides(cli: Cli) -> None:
    cli.ok("start", "K3", "--players", "Ann,Bo")
    cli.refused("hand", "K3", message="'opener' is missing: the first hand")
    cli.refused("hand", "K3", "--opener", "Zed", message="Zed is not a player")
    out = cli.ok("hand", "K3", "--opener", "ann").stdout
    assert "Ann opens (hidden hands)" in out
    cli.refused("hand", "K3", "--opener", "Ann", message="hand_started before the current hand")


def test_place_resolves_the_target_and_the_player(cli: Cli) -> None:
    opened(cli)
    cli.refused("place", "K3", "5-5", "on", "6-6", message="the opening tile 5-5 is placed on")
    out = cli.ok("place", "K3", "55").stdout
    assert "places 5-5 (opening)" in out and "+2" in out and "continuation owed" in out
    out = cli.ok("place", "K3", "5-3").stdout  # only 5-5 takes it
    assert "places 3-5 on 5-5" in out and "To move: Bo" in out
    cli.refused("place", "K3", "3-5", message="3-5 is already on the table")
    cli.refused("place", "K3", "2-5", "--player", "Ann", message="it is Bo's turn, not Ann's")
    cli.refused("place", "K3", "1-2", message="1-2 fits no free attach point")
    cli.refused("place", "K3", "4-6", "on", "5-5", message="4-6 does not match 5-5")
    cli.refused("place", "K3", "7-1", message='"7-1" is not a tile of the double-six set')
    cli.refused("place", "K3", "5-3", "under", "5-5", message="not a placement")
    cli.ok("place", "K3", "2-5", "on", "5-5", "--player", "Bo")
    out = cli.ok("place", "K3", "[4|2]").stdout  # Bo scored 5: plays again; 2-5 takes it
    assert "places 2-4 on 2-5" in out and "To move: Ann" in out
    cli.refused("place", "K3", "3-6", "on", "2-4", message="3-6 does not match 2-4")


def test_place_asks_which_target_when_two_fit(cli: Cli) -> None:
    opened(cli)
    for tile in ("5-5", "4-5", "4-4", "3-5"):
        cli.ok("place", "K3", tile)
    cli.refused("place", "K3", "3-4", message="3-4 fits on 3-5 and 4-4: say which")
    out = cli.ok("place", "K3", "3-4", "on", "4-4").stdout
    assert "places 3-4 on 4-4" in out and "ends   6\n" in out


def test_draw_pass_and_reveal_in_a_hidden_hand(cli: Cli) -> None:
    opened(cli)
    cli.refused("draw", "K3", message="Ann opens the hand and must place a tile, not draw")
    cli.refused("pass", "K3", message="Ann opens the hand and must place a tile, not pass")
    cli.ok("place", "K3", "6-6")
    cli.ok("place", "K3", "1-6")
    cli.refused("draw", "K3", "1-6", message="1-6 is already on the table")
    cli.refused("draw", "K3", "2-6", "--player", "Ann", message="it is Bo's turn, not Ann's")
    cli.refused("pass", "K3", message="the boneyard is not empty (14 tiles): Bo must draw")
    cli.refused("reveal", "K3", "Ann", "1-2", message="tiles_revealed before the hand ended")
    out = cli.ok("draw", "K3", "2-6").stdout
    assert "Bo         draws 2-6" in out and "must place 2-6, just drawn" in out
    cli.refused("place", "K3", "3-6", "on", "6-6", message="Bo must place 2-6")
    cli.refused("draw", "K3", message="Bo must place 2-6, the playable tile just drawn")
    cli.refused("reveal", "K3", "Bo", "x", message='"x" is not a tile')
    out = cli.ok("draw", "K3", "--help").stdout
    assert "Example: tourney draw T3 2-4" in out


def test_a_hidden_hand_ends_with_reveals_and_a_count(cli: Cli) -> None:
    cli.ok("start", "K3", "--players", "Ann,Bo", "--target", "200")
    cli.ok("hand", "K3", "--opener", "Ann")
    cli.ok("place", "K3", "0-0")
    cli.ok("place", "K3", "0-1")
    for _ in range(14):  # Bo cannot place anything: he draws the whole boneyard
        cli.ok("draw", "K3")
    cli.refused("draw", "K3", message="the boneyard is empty")
    cli.ok("pass", "K3")
    for tiles in (("1-1", "1-2"), ("2-2", "2-3"), ("3-3",)):
        for tile in tiles:
            cli.ok("place", "K3", tile, "--player", "Ann")
        if len(tiles) == 2:
            cli.ok("pass", "K3", "--player", "Bo")
    state = json.loads(cli.ok("show", "K3", "--json").stdout)
    assert state["status"] == "awaiting reveals" and state["reveals_needed"] == ["Bo"]
    rest = [f"{a}-{b}" for a in range(7) for b in range(a, 7) if b - a > 1]
    assert len(rest) == 15
    rest += ["4-4", "4-5", "5-5", "5-6", "6-6", "3-4"]
    cli.refused("reveal", "K3", "Ann", "4-4", message="Ann's tiles are not needed")
    cli.refused("reveal", "K3", "Bo", "4-4", message="Bo holds 21 tiles, not 1")
    cli.refused("reveal", "K3", "Bo", "0-0", *rest[1:], message="0-0 is on the table")
    out = cli.ok("reveal", "K3", "Bo", *rest).stdout
    assert "Hand 1 ends: domino; credits: Ann +29" in out  # 147 pips -> 145 -> 29
    state = json.loads(cli.ok("show", "K3", "--json").stdout)
    assert state["status"] == "between hands" and state["next_opener"] == "Ann"
    assert state["hand"]["credits"] == [29, 0]
    cli.refused("reveal", "K3", "Bo", *rest, message="tiles_revealed after the count was made")


def test_show_text_and_json(cli: Cli) -> None:
    opened(cli, "Ann", "Bo", "Cy")
    cli.ok("place", "K3", "5-5")
    text = cli.ok("show", "K3").stdout
    assert "5-5  opening    open: 2 linear sides 5" in text and "counts 10" in text
    assert "Counted ends: 10 = 10 -> 2 points" in text
    assert "To move: Ann (continuation owed" in text
    state = json.loads(cli.ok("show", "K3", "--json").stdout)
    assert state["layout"] == [
        {
            "tile": "5-5",
            "on": None,
            "open": [{"kind": "linear", "value": 5, "counted": True}] * 2,
            "counts": 10,
        }
    ]
    assert state["ends"] == 10 and state["ends_points"] == 2
    assert state["to_move"] == "Ann" and state["continuation_owed"] is True
    assert state["version"] == 3 and len(state["head"]) == 12
    assert state["sides"] == [
        {"players": ["Ann"], "score": 2},
        {"players": ["Bo"], "score": 0},
        {"players": ["Cy"], "score": 0},
    ]
    empty = json.loads(cli.ok("show", "K9", "--json").stdout)
    assert empty["status"] == "not started" and empty["version"] == 0


def test_every_state_printing_command_takes_json(cli: Cli) -> None:
    state = json.loads(cli.ok("start", "K3", "--players", "Ann,Bo", "--json").stdout)
    assert state["recorded"] == [
        {
            "stream_version": 1,
            "type": "match_started",
            "version": 1,
            "players": ["Ann", "Bo"],
            "partnerships": False,
            "target": 61,
        }
    ]
    state = json.loads(cli.ok("hand", "K3", "--opener", "Ann", "--json").stdout)
    assert state["recorded"] == [{"stream_version": 2, "type": "hand_started", "opener": "Ann"}]
    state = json.loads(cli.ok("place", "K3", "5-5", "--json").stdout)
    assert state["recorded"][0]["points"] == 2 and state["recorded"][0]["ends"] == 10
    cli.ok("place", "K3", "1-5", "--json")
    state = json.loads(cli.ok("draw", "K3", "--json").stdout)
    assert state["recorded"] == [{"stream_version": 5, "type": "tile_drawn", "player": "Bo"}]
    assert state["boneyard"] == 13
    state = json.loads(cli.ok("undo", "K3", "--json").stdout)
    assert state["recorded"] == [{"stream_version": 6, "type": "undone", "version": 5}]
    assert state["boneyard"] == 14 and state["to_move"] == "Bo"


def test_undo_appends_and_can_be_undone(cli: Cli) -> None:
    cli.refused("undo", "K3", message="nothing to undo: K3 has no events in force")
    opened(cli)
    cli.ok("place", "K3", "5-5")
    out = cli.ok("undo", "K3").stdout
    assert "v4: undid v3 tile_placed Ann 5-5" in out and cli.version() == 4
    assert json.loads(cli.ok("show", "K3", "--json").stdout)["layout"] == []
    cli.refused("undo", "K3", "3", message="cannot undo v3 tile_placed Ann 5-5: already undone")
    cli.refused("undo", "K3", "9", message="cannot undo v9: match-K3 has versions 1 to 4")
    out = cli.ok("undo", "K3", "--redo").stdout
    assert "v5: redid v3 tile_placed Ann 5-5" in out  # issue 12 item 10: not "undid v4 undo of v3"
    assert json.loads(cli.ok("show", "K3", "--json").stdout)["layout"][0]["tile"] == "5-5"
    cli.refused("undo", "K3", "--redo", message="nothing to redo")
    cli.ok("place", "K3", "5-0")
    cli.refused("undo", "K3", "3", message="cannot undo v3 tile_placed Ann 5-5: v6 would")
    lines = cli.ok("export", "K3").stdout.splitlines()
    assert [json.loads(line)["type"] for line in lines] == [
        "match_started",
        "hand_started",
        "tile_placed",
        "tile_placed",
    ]


SCORER_COMMANDS = [
    "start", "hand", "deal", "place", "draw", "pass", "reveal", "undo", "show", "import",
    "export", "record",
]  # fmt: skip


@pytest.mark.parametrize("command", SCORER_COMMANDS)
def test_every_command_has_help_ending_with_an_example(cli: Cli, command: str) -> None:
    out = cli.ok(command, "--help").stdout
    assert "--db" in out
    lines = [line.strip(" │") for line in out.splitlines() if line.strip(" │")]
    assert any(line.startswith(f"Example: tourney {command}") for line in lines), out


def test_an_unusable_database_is_one_line(tmp_path: Path) -> None:
    cli = Cli(str(tmp_path / "no" / "such.db"))
    result = cli("start", "K3", "--players", "Ann,Bo")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: cannot create database") and "Traceback" not in (
        result.stderr
    )
    assert result.stderr.count("\n") == 1
    result = cli("show", "T3")  # only reads: looks for a database, makes none
    assert result.exit_code == 1
    assert result.stderr.startswith("error: no tourney database here (looked for ")
    assert result.stderr.count("\n") == 1


def test_a_one_shot_command_on_a_current_database_never_loads_sqlalchemy(cli: Cli) -> None:
    opened(cli)
    code = (  # read at exit: the console script leaves after the atexit callbacks
        "import atexit, sys\n"
        "from tourney.cli.app import main\n"
        f"sys.argv = ['tourney', 'place', 'K3', '5-5', '--db', {cli.db!r}]\n"
        "atexit.register(lambda: print(sorted(\n"
        "    m for m in sys.modules if m.split('.')[0] in ('sqlalchemy', 'alembic'))))\n"
        "main()\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "[]"
    assert cli.version() == 3
    with EventStore.from_url(cli.db) as store:  # ... and the read model caught up all the same
        assert store.fetch_rows("SELECT version FROM match_views WHERE match_id = 'K3'", ()) == [
            (3,)
        ]
