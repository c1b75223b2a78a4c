"""`tourney record T3` at a Racehorse table: the scorer's console for the card game.

Hidden hands: cards are typed as they are played. One line of short notation at a time
(``d``, ``b 3`` / ``3``, ``b s`` / ``smudge``, ``p``, ``QH`` / ``play QH`` / ``10h`` /
``th``, ``u``, ``redo``, ``s``, ``?``, ``q``) is read by the engine's notation, checked by
the engine and recorded through the desk; the console then echoes what it did (a trick and
its winner, a deal's points and payments, the result) and the table: the auction so far,
the pitcher and bid, trump, the trick on the table, the tricks won, the net units, whose
turn. Tab completes the bids and cards legal now.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tourney.games.cards import Action, Phase, complete, parse
from tourney.scorer import cards_view
from tourney.scorer.console_loop import ConsoleLoop, Decision

if TYPE_CHECKING:
    from tourney.scorer.desk import Recorded

HELP = """\
  d / deal          deal the next deal (the rules name the dealer; hands stay hidden)
  b 3 / bid 3 / 3   bid 2, 3 or 4 for the player to speak (the dealer may steal: bid the same)
  b s / smudge      bid smudge (5)
  p / pass          pass in the auction
  QH / play QH      the card played: 10h, th, 10♥ and T♥ are the ten of hearts (any case)
  u / redo          take back the last event / put the last undone event back
  s                 show the table      ?  this help      q  quit (Ctrl-D, Ctrl-C too)
  Tab               complete the bids and cards legal now"""


class CardsConsole(ConsoleLoop):
    """The read-record-echo loop over one Racehorse desk."""

    HELP = HELP

    def prompt(self) -> str:
        match = self.desk.match
        name = self.desk.id
        if match.phase is Phase.AUCTION:
            return f"{name} {match.to_move} bids> "
        if match.phase is Phase.PLAY:
            return f"{name} {match.to_move} plays> "
        if match.phase is Phase.BETWEEN_DEALS:
            return f"{name} deal> "
        return f"{name} over> "

    def completions(self, line: str) -> list[str]:
        return complete(self.desk.match, line)

    def table(self) -> list[str]:
        return cards_view.text(self.desk, deal="d (deal)")

    def command(self, line: str) -> Decision:
        event = parse(line, self.desk.match)
        if event is None or isinstance(event, Action):
            return None if event is None else event.name
        return lambda: [event]

    def echo(self, recorded: list[Recorded]) -> None:
        said: set[str] = set()
        for item in recorded:
            for line in cards_view.recorded_lines(self.desk, item):
                self.say(line)
                said.add(line.strip())
        for line in cards_view.text(self.desk, deal="d (deal)", brief=True):
            if line.strip() not in said:
                self.say(line)
