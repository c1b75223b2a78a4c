"""`tourney record T3`: the scorer's console at a table.

Reads one line of short notation at a time (``5-3 on 5-5``, ``53 55``, ``53``, ``d``,
``d 2-4``, ``p``, ``u``, ``r Ann 1-2 3-4``, ``h``, ``s``, ``?``, ``q``), records it through
the desk, and echoes what it did: the placement with the counted ends and the points, the
running totals, the hand's count, the result. Tab completes the tiles and targets legal now
(GNU readline). Every event is committed before the next prompt, so leaving at any moment
(``q``, Ctrl-D, Ctrl-C) loses nothing that was recorded.
"""

from __future__ import annotations

from tourney.games.dominoes import Action, Phase, StartHand, complete, decide, parse, scores_line
from tourney.scorer import view
from tourney.scorer.console_loop import ConsoleLoop, Decision
from tourney.scorer.dealing import shuffled_deal
from tourney.scorer.desk import Recorded

HELP = """\
  5-3 on 5-5   place 5-3 on 5-5 (also: 53 55, 5-3 5-5, [5|3] on [5|5])
  5-3          place 5-3: the opening tile, or where only one table tile takes it
  d / d 2-4    draw (the tile if it was seen)
  p            pass (no placement possible, boneyard empty)
  r Ann 1-2 .. reveal a player's tiles; at a 'reveal NAME>' prompt just type the tiles
  h / h Ann    start the next hand (the opener is needed when a lot decides)
  u / redo     take back the last event / put the last undone event back
  s            show the whole layout      ?  this help      q  quit (Ctrl-D, Ctrl-C too)
  Tab          complete the tiles, targets and names legal now
  Names may have spaces, quoted or not: h Zoë Park, h "Zoë Park", h zoe (a unique start)"""


class Console(ConsoleLoop):
    """The read-record-echo loop over one Horse Race desk."""

    HELP = HELP

    def prompt(self) -> str:
        match = self.desk.match
        name = self.desk.id
        if match.phase is Phase.IN_HAND:
            again = "+" if match.continuation_owed else ""
            return f"{name} {match.to_move}{again}> "
        if match.phase is Phase.AWAITING_REVEALS:
            return f"{name} reveal {match.reveals_needed[0]}> "
        if match.phase is Phase.BETWEEN_HANDS:
            return f"{name} hand> "
        return f"{name} over> "

    def completions(self, line: str) -> list[str]:
        return complete(self.desk.match, line)

    def table(self) -> list[str]:
        return view.text(self.desk)

    def command(self, line: str) -> Decision:
        desk = self.desk
        command = parse(line, desk.match)
        if command is None or isinstance(command, Action):
            return None if command is None else command.name
        if isinstance(command, StartHand) and command.deal is None and desk.known_hands:
            command = StartHand(command.opener, shuffled_deal(desk.match.players, None))
        return lambda: decide(desk.match, command)

    def echo(self, recorded: list[Recorded]) -> None:
        desk = self.desk
        for item in recorded:
            for line in view.recorded_lines(desk, item):
                self.say(line)
        match = desk.match
        if match.phase is Phase.IN_HAND and not match.layout.empty:
            self.say(view.open_line(match))
            self.say(view.ends_line(match))
        if any(r.event is None for r in recorded):
            self.say(f"Scores: {scores_line(match)}")
        if match.phase is not Phase.OVER:
            self.say(view.turn_line(match))
