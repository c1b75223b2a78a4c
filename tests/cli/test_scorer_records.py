"""Known hands dealt or entered, whole matches recorded with one-shot commands, and records
imported and exported."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tests.cli.conftest import Cli, known_match, summary
from tourney.games.horserace import Event, HandStarted, MatchStarted, Passed, TileDrawn, TilePlaced
from tourney.games.horserace.record import write_record


def record_text(events: list[Event]) -> str:
    out = io.StringIO()
    write_record(events, out)
    return out.getvalue()


def as_command(event: Event, match: str = "K3") -> list[str]:
    """The one-shot command a scorer types for ``event``."""
    if isinstance(event, MatchStarted):
        args = ["start", match, "--players", ",".join(event.players), "--known"]
        return [*args, "--target", str(event.target)]
    if isinstance(event, HandStarted):
        assert event.deal is not None
        deal = ";".join(f"{p}={','.join(t.text for t in ts)}" for p, ts in event.deal.items())
        return ["deal", match, "--deal", deal] + (
            ["--opener", event.opener] if event.opener else []
        )
    if isinstance(event, TilePlaced):
        on = ["on", event.on.text] if event.on is not None else []
        return ["place", match, event.tile.text, *on, "--player", event.player]
    if isinstance(event, TileDrawn):
        assert event.tile is not None
        return ["draw", match, event.tile.text, "--player", event.player]
    assert isinstance(event, Passed)
    return ["pass", match, "--player", event.player]


@pytest.mark.slow
def test_a_whole_known_match_recorded_with_one_shot_commands(cli: Cli) -> None:
    events = known_match(seed=5, target=21)
    for event in events:
        cli.ok(*as_command(event))
    assert cli.version() == len(events)
    state = json.loads(cli.ok("show", "K3", "--json").stdout)
    expected = summary(events)
    assert state["status"] == "over"
    assert state["sides"] == expected["sides"] and state["winners"] == expected["winners"]
    exported = cli.ok("export", "K3").stdout
    lines = [json.loads(line) for line in exported.splitlines()]
    assert lines[0]["hands"] == "known"  # the scorer's choice, kept as an extra field
    assert summary_of(exported) == summary_of(record_text(events))


def summary_of(text: str) -> dict[str, object]:
    from tourney.games.horserace.record import replay_lines, split_lines

    return replay_lines(split_lines(text)).match.summary()


def test_deal_at_random_or_as_entered(cli: Cli) -> None:
    cli.refused("deal", "K3", "--seed", "1", message="match K3 has not started")
    cli.ok("start", "K3", "--players", "Ann,Bo", "--known")
    cli.refused("hand", "K3", "--opener", "Ann", message="match K3 has known hands: deal them")
    cli.refused("deal", "K3", "--seed", "1", "--deal", "Ann=1-1", message="not both")
    cli.refused("deal", "K3", "--deal", "Ann:1-1", message="'Ann:1-1' is not NAME=TILE")
    cli.refused(
        "deal", "K3", "--opener", "Ann", "--deal", "Ann=0-0,0-1;Bo=0-2",
        message="'deal': Ann is dealt 2 tiles, not 7",
    )  # fmt: skip
    seven = "0-0,0-1,0-2,0-3,0-4,0-5,0-6"
    cli.refused(
        "deal", "K3", "--opener", "Ann", "--deal", f"Ann={seven};Bo={seven}",
        message="'deal': 0-0 is dealt twice",
    )  # fmt: skip
    state = json.loads(cli.ok("deal", "K3", "--seed", "7", "--opener", "Bo", "--json").stdout)
    deal = state["recorded"][0]["deal"]
    assert sorted(deal) == ["Ann", "Bo"] and all(len(t) == 7 for t in deal.values())
    assert state["to_move"] == "Bo" and state["hand"]["known"] is True
    again = Cli(cli.db)
    again.ok("start", "K4", "--players", "Ann,Bo", "--known")
    entered = ";".join(f"{p}={','.join(ts)}" for p, ts in deal.items())
    state = json.loads(again.ok("deal", "K4", "--opener", "Bo", "--deal", entered, "--json").stdout)
    assert state["recorded"][0]["deal"] == deal  # the same seed, the same deal
    bo_tiles = deal["Bo"]
    absent = next(t for t in deal["Ann"])
    cli.refused("place", "K3", absent, message=f"Bo does not hold {absent} (Ann holds it)")
    cli.ok("place", "K3", bo_tiles[0])


def test_import_checks_everything_and_export_gives_it_back(cli: Cli, tmp_path: Path) -> None:
    events = known_match(seed=9)
    text = record_text(events)
    path = tmp_path / "k7.jsonl"
    path.write_text("# a comment line\n" + text, encoding="utf-8")
    out = cli.ok("import", str(path)).stdout
    assert f"imported {path} as K7: {len(events)} events" in out
    assert cli.version("K7") == len(events)
    assert cli.ok("export", "K7").stdout == text
    written = tmp_path / "out.jsonl"
    cli.ok("export", "k7", "-o", str(written))
    assert written.read_text(encoding="utf-8") == text
    cli.refused("import", str(path), message="match K7 already has", match="K7")
    cli.refused("export", "K8", message="match K8 has no events", match="K8")
    cli.refused("export", "K7", "-o", str(tmp_path / "no" / "x"), message="cannot write")


def test_import_writes_nothing_when_a_line_is_illegal(cli: Cli, tmp_path: Path) -> None:
    lines = record_text(known_match(seed=9)).splitlines()
    bad = json.loads(lines[5])
    bad["player"] = "Zed"
    lines[5] = json.dumps(bad)
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    cli.refused(
        "import", str(path), "--id", "K5",
        message=f"{path}: line 6: 'player': Zed is not a player in this match", match="K5",
    )  # fmt: skip
    assert cli.version("K5") == 0
    cli.refused("import", str(tmp_path / "missing.jsonl"), message="no such file", match="X")
    cli.refused("import", str(path), "--id", "no way", message="is not a match ID", match="X")
