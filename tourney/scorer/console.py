"""`tourney record T3`: the scorer's console at a table, whatever the game. GNU readline
with Tab completion, the read-record-echo loop, the actions that record no move (undo, redo,
show, help, quit), what other scorers recorded meanwhile, and leaving at any moment (``q``,
Ctrl-D, Ctrl-C) with everything recorded kept: each event is committed before the next
prompt.

The table's game (`Game.console`, a `tourney.gamekit.Console`) says how a line is read and
recorded, what completes, and what to echo.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from tourney.errors import TourneyError
from tourney.i18n import _
from tourney.streams.matches import describe

if TYPE_CHECKING:
    from tourney.scorer.desk import Desk, Recorded
    from tourney.store.eventstore import StoredEvent


Decision = str | Callable[[], Sequence[Any]] | None
"""What a console line asks: nothing (None), an action by name, or the decision of events."""


class Console:
    """The read-record-echo loop over one desk, in the words of its game's console."""

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

    # -- what the game's console says ------------------------------------------------------

    def prompt(self) -> str:
        return self.desk.game.console.prompt(self.desk)

    def completions(self, line: str) -> list[str]:
        """The words that complete the last word of ``line``, legal now."""
        return self.desk.game.console.complete(self.desk.match, line)

    def table(self) -> list[str]:
        """The whole table, shown on opening and by ``s``."""
        desk = self.desk
        return desk.as_ruled(desk.game.console.show(desk, console=True), not desk.match.finished)

    def command(self, line: str) -> Decision:
        """What ``line`` asks: None (an empty line), an action's name, or what decides the
        events to record (raising the engine's one-line refusal). Raises TourneyError
        quoting a line that cannot be read."""
        desk = self.desk
        read = desk.game.console.read(desk, line)
        if read is None or isinstance(read, str):
            return read
        decide = read
        return lambda: decide(desk.match)

    def echo(self, recorded: list[Recorded]) -> None:
        """What was just recorded, then the table's state as it now is."""
        said: set[str] = set()
        for item in recorded:
            for line in self.desk.recorded_lines(item):
                self.say(line)
                said.add(line.strip())
        for line in self.desk.game.console.after(self.desk, recorded, said, console=True):
            self.say(line)

    # -- the loop --------------------------------------------------------------------------

    def say(self, line: str) -> None:
        self.out.write(line + "\n")

    def complete(self, text: str, state: int) -> str | None:
        """readline's completer: the ``state``-th completion of the word being typed."""
        import readline

        if state == 0:
            line = readline.get_line_buffer()[: readline.get_endidx()]
            # Python's readline appends nothing to a completed word: the space is ours.
            self._matches = [word + " " for word in self.completions(line)]
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
        for line in self.table():
            self.say(line)
        self.say(_("Type ? for the notation."))
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
        self.say(
            _("Left {id} at v{version}: everything recorded is kept.").format(
                id=self.desk.id, version=self.desk.version
            )
        )

    def handle(self, line: str) -> bool:
        """Record or answer one line; False to leave. A refusal is said in one line, and
        nothing is recorded."""
        desk = self.desk
        try:
            command = self.command(line)
            if command is None:  # Enter alone: catch up with any other scorer
                self.others(desk.refresh())
                return True
            if isinstance(command, str):
                return self.action(command)
            recorded = desk.append_events(command)
        except TourneyError as exc:
            self.others(desk.caught_up)
            self.say(_("error: {exc}").format(exc=exc))
            return True
        self.others(desk.caught_up)
        self.echo(recorded)
        return True

    def others(self, events: list[StoredEvent]) -> None:
        """Say what other scorers recorded (read when an append found the stream moved)."""
        for event in events:
            self.say(
                _("  another scorer recorded {describe}").format(
                    describe=describe(self.desk.stored, event.version)
                )
            )
        if events:
            self.desk.caught_up = []

    def action(self, name: str) -> bool:
        """``quit`` (False: leave), ``help``, ``show``, ``undo`` or ``redo``."""
        if name == "quit":
            return False
        if name == "help":
            self.say(_(self.desk.game.console.help))  # a msgid: N_ where it is written
        elif name == "show":
            for line in self.table():
                self.say(line)
        else:
            self.echo(self.desk.undo(redo=name == "redo"))
        return True
