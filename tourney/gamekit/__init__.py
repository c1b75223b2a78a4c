"""What every game is built on, and how tourney finds and asks the games it plays (the games
themselves are packages of their own: tourney's two under `tourney.games`, a club's in its
own distribution, all found through the ``tourney.games`` entry points).

- `tourney.gamekit.protocol`: the `Game` interface, what the code outside a game asks of it
  (its rules and record, its console, scoresheets, table page and words, its verbs);
- `tourney.gamekit.base`: `BaseGame`, all of it with defaults: a game writes its rules, its
  record and its words, and overrides what differs (as python-chess's variants do);
- `tourney.gamekit.verbs`: what a game adds to the `tourney` command, as plain data;
- `tourney.gamekit.registry`: the installed games (the entry-point group ``tourney.games``,
  tourney's own two included), by name; `tourney.gamekit.records`: a record's game;
- `tourney.gamekit.stored`: the facts about stored data that name a game (a payload without
  ``game`` is Horse Race's).

Nothing here names a game, and nothing outside a game's package imports it (import-linter).

>>> from tourney.gamekit import game_of
>>> game_of({"players": ["Ann", "Bo"]}).title
'Horse Race'
>>> g = game_of({"game": "racehorse"})
>>> m = g.new_match()
>>> for kind, payload in [
...     ("match_started", {"game": "racehorse", "players": ["A", "B", "C", "D", "E"],
...                        "dealer": "A", "deals": 1}),
...     ("deal_started", {}), ("bid", {"player": "B", "bid": 2}),
... ]:
...     _ = m.apply(g.event(kind, payload))
>>> m.to_move, m.finished
('C', False)
>>> [g.payload(e) for e in g.legal_moves(m)][:2]
[('passed', {'player': 'C'}), ('bid', {'player': 'C', 'bid': 3})]
"""

from tourney.gamekit.protocol import (
    Console,
    Decide,
    Desk,
    Display,
    Game,
    GameEvent,
    GameMatch,
    Payload,
    Recorded,
    Replayed,
    Sheets,
    Table,
    TablePage,
    Upcaster,
)
from tourney.gamekit.records import record_game
from tourney.gamekit.registry import game, game_of, names, register, unregister, upcasters
from tourney.gamekit.result import Result

__all__ = [
    "Console",
    "Decide",
    "Desk",
    "Display",
    "Game",
    "GameEvent",
    "GameMatch",
    "Payload",
    "Recorded",
    "Replayed",
    "Result",
    "Sheets",
    "Table",
    "TablePage",
    "Upcaster",
    "game",
    "game_of",
    "names",
    "record_game",
    "register",
    "unregister",
    "upcasters",
]
