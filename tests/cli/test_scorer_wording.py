"""Issue 12 item 10, the scorer's side: the final reveal says the result once."""

from __future__ import annotations

import io
from pathlib import Path

from tests.cli.conftest import Cli
from tests.factories.tablesim import hidden_match
from tourney.games.horserace import Match, TilesRevealed
from tourney.games.horserace.account import scores_line
from tourney.games.horserace.record import write_record


def test_the_final_reveal_says_the_scores_once(cli: Cli, tmp_path: Path) -> None:
    events = hidden_match(3, 2, target=21)
    last = events[-1]
    assert isinstance(last, TilesRevealed)  # the match ends on the count after a reveal
    record = io.StringIO()
    write_record(events[:-1], record)
    (tmp_path / "k3.jsonl").write_text(record.getvalue(), encoding="utf-8")
    cli.ok("import", str(tmp_path / "k3.jsonl"), "--id", "K3")
    said = cli.ok("reveal", "K3", last.player, *(t.text for t in last.tiles)).stdout
    final = Match()
    for event in events:
        final.apply(event)
    assert said.count(scores_line(final)) == 1, said
    assert said.count("Result: ") == 1, said
