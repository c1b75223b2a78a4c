"""`tourney record T3`: the scorer's console at a table.

Reads one line of short notation at a time (``5-3 on 5-5``, ``53 55``, ``53``, ``d``,
``d 2-4``, ``p``, ``u``, ``r Ann 1-2 3-4``, ``h``, ``s``, ``?``, ``q``), records it through
the desk, and echoes what it did: the placement with the counted ends and the points, the
running totals, the hand's count, the result. Tab completes the tiles and targets legal now
(GNU readline). Every event is committed before the next prompt, so leaving at any moment
(``q``, Ctrl-D, Ctrl-C) loses nothing that was recorded.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

from tourney.errors import TourneyError
from tourney.games.dominoes import Action, Phase, StartHand, complete, decide, parse, scores_line
from tourney.match_streams import describe
from tourney.scorer import view
from tourney.scorer.dealing import shuffled_deal
from tourney.scorer.desk import Desk, Recorded

if TYPE_CHECKING:
    from tourney.store.eventstore import StoredEvent

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


class Console:
    """The read-record-echo loop over one desk."""

    def __init__(
        self,
        desk: Desk,
        out: TextIO | None = None,
        read: Callable[[str], str] = input,
    ) -> None:
        self.desk = desk
        # sys.stdout as it is now, not as it was when this module was imported (a test
        # runner or a server swaps it per command).
        self.out = out if out is not None else sys.stdout
        self.read = read
        self._matches: list[str] = []

    def say(self, line: str) -> None:
        self.out.write(line + "\n")

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

    def complete(self, text: str, state: int) -> str | None:
        """readline's completer: the ``state``-th completion of the word being typed."""
        import readline

        if state == 0:
            line = readline.get_line_buffer()[: readline.get_endidx()]
            # Python's readline appends nothing to a completed word: the space is ours.
            self._matches = [word + " " for word in complete(self.desk.match, line)]
        return self._matches[state] if state < len(self._matches) else None

    def run(self) -> None:
        """Show the table, then read and record lines until q, Ctrl-D or Ctrl-C."""
        if sys.stdin.isatty():
            import readline

            readline.set_completer(self.complete)
            readline.set_completer_delims(" ")
            if "libedit" in (readline.__doc__ or ""):
                readline.parse_and_bind("bind ^I rl_complete")
            else:
                readline.parse_and_bind("tab: complete")
        for line in view.text(self.desk):
            self.say(line)
        self.say("Type ? for the notation.")
        while True:
            try:
                line = self.read(self.prompt())
            except (EOFError, KeyboardInterrupt):
                self.say("")
                break
            try:
                if not self.handle(line):
                    break
            except KeyboardInterrupt:  # mid-append: the store kept the event whole or not at all
                self.say("")
                break
            self.out.flush()
        self.say(f"Left {self.desk.id} at v{self.desk.version}: everything recorded is kept.")

    def handle(self, line: str) -> bool:
        """Record or answer one line; False to leave."""
        desk = self.desk
        try:
            command = parse(line, desk.match)
            if command is None:  # Enter alone: catch up with any other scorer
                self._others(desk.refresh())
                return True
            if isinstance(command, Action):
                return self._action(command.name)
            if isinstance(command, StartHand) and command.deal is None and desk.known_hands:
                command = StartHand(command.opener, shuffled_deal(desk.match.players, None))
            recorded = desk.append_events(lambda: decide(desk.match, command))
        except TourneyError as exc:
            self._others(desk.caught_up)
            self.say(f"error: {exc}")
            return True
        self._others(desk.caught_up)
        self._echo(recorded)
        return True

    def _others(self, events: list[StoredEvent]) -> None:
        for event in events:
            self.say(f"  another scorer recorded {describe(self.desk.stored, event.version)}")
        if events:
            self.desk.caught_up = []

    def _action(self, name: str) -> bool:
        if name == "quit":
            return False
        if name == "help":
            self.say(HELP)
        elif name == "show":
            for line in view.text(self.desk):
                self.say(line)
        else:
            self._echo(self.desk.undo(redo=name == "redo"))
        return True

    def _echo(self, recorded: list[Recorded]) -> None:
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
