"""What a scorer types at a Racehorse table and what they see: `tourney record K1`'s
console, and the text and JSON of `tourney show` and the one-shot commands.

Hidden hands: cards are typed as they are played. One line of short notation at a time
(``d``, ``b 3`` / ``3``, ``b s`` / ``smudge``, ``p``, ``QH`` / ``play QH`` / ``10h`` /
``th``, ``u``, ``redo``, ``s``, ``?``, ``q``) is read by the engine's notation and checked by
the engine; the console then echoes what it did (a trick and its winner, a deal's points and
payments, the result) and the table: the auction so far, the pitcher and bid, trump, the
trick on the table, the tricks won, the net units, whose turn. Tab completes the bids and
cards legal now.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from tourney.games.racehorse import view
from tourney.games.racehorse.match import Match, Phase
from tourney.games.racehorse.notation import Action, complete, parse
from tourney.i18n import N_, _

if TYPE_CHECKING:
    from tourney.gamekit import Decide, GameEvent, GameMatch, Recorded, Table

HELP = N_("""\
  d / deal          deal the next deal (the rules name the dealer; hands stay hidden)
  b 3 / bid 3 / 3   bid 2, 3 or 4 for the player to speak (the dealer may steal: bid the same)
  b s / smudge      bid smudge (5)
  p / pass          pass in the auction
  QH / play QH      the card played: 10h, th, 10♥ and T♥ are the ten of hearts (any case)
  u / redo          take back the last event / put the last undone event back
  s                 show the table      ?  this help      q  quit (Ctrl-D, Ctrl-C too)
  Tab               complete the bids and cards legal now""")

DEAL_HINT = "d (deal)"
"""How the console says to deal the next deal."""


class RacehorseConsole:
    """The notation and the views of a Racehorse table (`tourney.gamekit.Console`)."""

    help = HELP

    def prompt(self, table: Table) -> str:
        match = view.match_of(table)
        name = table.id
        if match.phase is Phase.AUCTION:
            return _("{name} {player} bids> ").format(name=name, player=match.to_move)
        if match.phase is Phase.PLAY:
            return _("{name} {player} plays> ").format(name=name, player=match.to_move)
        if match.phase is Phase.BETWEEN_DEALS:
            return _("{name} deal> ").format(name=name)
        return _("{name} over> ").format(name=name)

    def complete(self, match: GameMatch, line: str) -> list[str]:
        assert isinstance(match, Match)
        return complete(match, line)

    def read(self, table: Table, line: str) -> str | Decide | None:
        event = parse(line, view.match_of(table))
        if event is None or isinstance(event, Action):
            return None if event is None else event.name
        chosen: GameEvent = event
        return lambda _match: [chosen]

    def show(self, table: Table, console: bool = False) -> list[str]:
        return view.text(table, deal=DEAL_HINT if console else None)

    def state(self, table: Table) -> dict[str, Any]:
        return view.state(table)

    def recorded(self, table: Table, item: Recorded) -> list[str]:
        return view.recorded_lines(table, item)

    def recorded_dict(self, table: Table, item: Recorded) -> dict[str, Any]:
        return view.recorded_dict(item)

    def after(
        self, table: Table, recorded: Sequence[Recorded], said: Collection[str], console: bool
    ) -> list[str]:
        if not console:
            return view.text(table)
        lines = view.text(table, deal=DEAL_HINT, brief=True)
        return [line for line in lines if line.strip() not in said]


CONSOLE = RacehorseConsole()
