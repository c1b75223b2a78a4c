"""A third game plays the shared one-shot commands with no help from the two shipped games:
`tourney start` opens an ad-hoc match of it (its own options only), and `tourney replay`
reads its exported record through the game its `match_started` names."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.conftest import Cli, checksum
from tourney.cli.app import app


def test_start_opens_a_third_games_match(highcard: str, adhoc_db: Path) -> None:
    cli = Cli(str(adhoc_db))
    cli.ok("start", "K9", "--game", highcard, "--players", "Ann,Bo")
    shown = json.loads(cli.ok("show", "K9", "--json").stdout)
    assert shown["players"] == ["Ann", "Bo"] and shown["to_move"] == "Ann"


def test_start_refuses_another_games_option(highcard: str, adhoc_db: Path) -> None:
    before = checksum(adhoc_db)
    result = Cli(str(adhoc_db))(
        "start", "K9", "--game", highcard, "--players", "Ann,Bo", "--deals", "3"
    )
    assert result.exit_code != 0 and "Traceback" not in result.stdout + result.stderr
    assert checksum(adhoc_db) == before


def test_replay_reads_a_third_games_record(highcard: str, tmp_path: Path, adhoc_db: Path) -> None:
    cli = Cli(str(adhoc_db))
    cli.ok("start", "K9", "--game", highcard, "--players", "Ann,Bo")
    record = tmp_path / "k9.jsonl"
    cli.ok("export", "K9", "-o", str(record))
    with record.open("a", encoding="utf-8") as out:
        for player, rank in [("Ann", 13), ("Bo", 2)] * 5:
            out.write(json.dumps({"type": "card_shown", "player": player, "rank": rank}) + "\n")
    replay = cli.runner.invoke(app, ["replay", str(record), "--json"])
    assert replay.exit_code == 0, replay.stdout + replay.stderr
    assert json.loads(replay.stdout)["winners"] == ["Ann"]
