"""Each player confirms a finished match's result with a tap (issue 14): a `result_confirmed`
event in the match stream, once per player, only when the match is over. The engine, the
match read model and the export never see it, as they never see `undone`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.conftest import Cli, hidden_match
from tests.cli.test_scorer_read_models import match_view
from tourney.errors import TourneyError
from tourney.games.horserace.record import write_record
from tourney.scorer.desk import Desk


def _finished(cli: Cli, tmp_path: Path) -> Desk:
    events = hidden_match(seed=4)
    record = tmp_path / "k3.jsonl"
    with record.open("w", encoding="utf-8") as out:
        write_record(events, out)
    cli.ok("import", str(record), "--id", "K3")
    desk = Desk.open(cli.db, "K3")
    assert desk.match.finished
    return desk


def test_every_player_confirms_once_and_the_match_is_untouched(cli: Cli, tmp_path: Path) -> None:
    desk = _finished(cli, tmp_path)
    before = desk.match.summary()
    version = desk.version
    (first,) = desk.confirm("ann", at=version, command_id="c1")
    assert first.type == "result_confirmed"
    assert desk.confirmed == [desk.match.players[0]]
    with pytest.raises(TourneyError, match="has already confirmed"):
        desk.confirm(desk.match.players[0])
    desk.confirm(desk.match.players[1], at=desk.version)
    assert desk.confirmed == list(desk.match.players)
    assert desk.version == version + 2
    assert desk.match.summary() == before
    again = Desk.open(cli.db, "K3")
    assert again.confirmed == list(desk.match.players)
    assert again.match.summary() == before
    view = match_view(cli.db, "K3")
    assert (view["status"], view["version"]) == ("finished", version + 2)
    exported = cli.ok("export", "K3").stdout.splitlines()
    assert all(json.loads(line)["type"] != "result_confirmed" for line in exported)
    assert len(exported) == version


def test_a_retried_confirmation_records_once(cli: Cli, tmp_path: Path) -> None:
    desk = _finished(cli, tmp_path)
    seen = desk.version
    desk.confirm(desk.match.players[0], at=seen, command_id="tap-1")
    again = desk.confirm(desk.match.players[0], at=seen, command_id="tap-1")
    assert [r.version for r in again] == [seen + 1]
    assert cli.version() == seen + 1


def test_no_confirmation_before_the_end_or_by_a_stranger(cli: Cli) -> None:
    cli.ok("start", "K3", "--players", "Ann,Bo")
    desk = Desk.open(cli.db, "K3")
    with pytest.raises(TourneyError, match="not finished"):
        desk.confirm("Ann")
    assert cli.version() == 1


def test_an_undo_that_changes_the_result_voids_the_confirmations(cli: Cli, tmp_path: Path) -> None:
    desk = _finished(cli, tmp_path)
    desk.confirm(desk.match.players[0])
    with pytest.raises(TourneyError, match="not a player"):
        desk.confirm("Nobody")
    desk.undo()  # the default undo takes back the last match event, not the confirmation
    assert not desk.match.finished
    assert desk.confirmed == []
    desk.undo(redo=True)
    assert desk.match.finished
    assert desk.confirmed == [desk.match.players[0]]
