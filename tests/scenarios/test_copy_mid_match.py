"""A scorer records a match one command at a time while the director copies `tourney.db`
after every move (a backup, a laptop handing over): each copy, the file alone, holds every
move so far, and `show` on the copy says what `show` on the original says. Each command
closes its database before it leaves, so no write-ahead log is left beside the file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.factories.tablesim import hidden_match
from tests.scenarios.conftest import Folder
from tourney.games.horserace.face import one_shot_args


@pytest.mark.slow
def test_every_copy_of_the_file_holds_every_move(tmp_path: Path) -> None:
    folder = Folder(tmp_path)
    events = hidden_match(seed=7, target=21)[:10]
    for number, event in enumerate(events, start=1):
        folder.ok(*one_shot_args(event, "K1"))
        assert not list(tmp_path.glob("tourney.db-*")), number
        shutil.copyfile(tmp_path / "tourney.db", tmp_path / f"copy-{number}.db")
    copied = folder.ok("show", "K1", "--json", "--db", f"copy-{len(events)}.db").stdout
    assert copied == folder.ok("show", "K1", "--json").stdout
    assert f'"version": {len(events)}' in copied
    earlier = folder.ok("show", "K1", "--json", "--db", "copy-5.db").stdout
    assert '"version": 5' in earlier
