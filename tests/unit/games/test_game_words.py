"""A shipped game's words are read without its engine: the module its entry point names
(`game.py`) and its `display` import no match, events or record, so that `tourney
standings` (what a game scores, its table sizes, how its tables are played) loads none of
them. Each game is read in a fresh interpreter, through the registry, as a command does."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

READ = """
import json, sys
from tourney.gamekit import game
played = game(sys.argv[1])
display = played.display
words = [
    played.name, played.title, list(played.table_sizes), played.scored, played.partnerships,
    played.deals, played.scored_first, display.net_units, display.table_sizes_text,
    display.play_label({"table_size": 6, "target": 61, "deals": None, "partnerships": False}),
    display.length_text({"table_size": 6, "target": 61, "deals": None}),
]
print(json.dumps([words, sorted(sys.modules)]))
"""

ENGINES = {
    "horse-race": ("tourney.games.horserace", "Horse Race", [2, 4]),
    "racehorse": ("tourney.games.racehorse", "Racehorse", [5, 8]),
}


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_a_games_words_load_no_engine(name: str) -> None:
    package, title, sizes = ENGINES[name]
    done = subprocess.run(
        [sys.executable, "-c", READ, name], capture_output=True, text=True, check=True
    )
    words, loaded = json.loads(done.stdout)
    assert words[:3] == [name, title, sizes]
    engine = {f"{package}.{module}" for module in ("match", "events", "record")}
    assert f"{package}.game" in loaded
    assert not engine & set(loaded), sorted(engine & set(loaded))
