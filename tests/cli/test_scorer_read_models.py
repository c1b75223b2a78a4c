"""The scorer's one-shot commands leave the read models current when they return, on both
backends: `tourney place` and then the `match_views` row says what the engine says."""

from __future__ import annotations

import json
from typing import Any

from tests.cli.conftest import Cli
from tourney.store.eventstore import EventStore


def match_view(url: str, match: str) -> dict[str, Any]:
    with EventStore.from_url(url) as store:
        rows = store.fetch_rows(
            "SELECT version, status, to_move, scores, layout FROM match_views "
            f"WHERE match_id = {store.mark}",
            (match,),
        )
    assert len(rows) == 1, rows
    version, status, to_move, scores, layout = rows[0]
    # JSON text on SQLite; psycopg hands PostgreSQL's json columns back decoded.
    return {
        "version": version,
        "status": status,
        "to_move": to_move,
        "scores": json.loads(scores) if isinstance(scores, str) else scores,
        "layout": json.loads(layout) if isinstance(layout, str) else layout,
    }


def test_one_shot_commands_leave_the_match_view_current(database_url: str) -> None:
    cli = Cli(database_url)
    cli.ok("start", "K3", "--players", "Ann,Bo")
    assert match_view(database_url, "K3")["version"] == 1
    cli.ok("hand", "K3", "--opener", "Ann")
    cli.ok("place", "K3", "5-5")
    shown = match_view(database_url, "K3")
    assert (shown["version"], shown["status"], shown["scores"]) == (3, "in_progress", [2, 0])
    assert "5-5" in json.dumps(shown["layout"]) and shown["to_move"] == "Ann"  # continuation
    cli.ok("place", "K3", "5-3")
    shown = match_view(database_url, "K3")
    assert shown["version"] == 4 and shown["to_move"] == "Bo"
    cli.ok("undo", "K3")
    assert match_view(database_url, "K3")["version"] == 5
    assert match_view(database_url, "K3")["to_move"] == "Ann"
