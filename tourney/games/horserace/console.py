"""What a scorer types at a Horse Race table and what they see: `tourney record T3`'s
console, and the text and JSON of `tourney show` and the one-shot commands.

Reads one line of short notation at a time (``5-3 on 5-5``, ``53 55``, ``53``, ``d``,
``d 2-4``, ``p``, ``u``, ``r Ann 1-2 3-4``, ``h``, ``s``, ``?``, ``q``), and echoes what it
did: the placement with the counted ends and the points, the running totals, the hand's
count, the result. Tab completes the tiles and targets legal now. The loop itself (readline,
recording through the desk, leaving at any moment) is the scorer's, whatever the game.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from tourney.games.horserace import view
from tourney.games.horserace.account import scores_line
from tourney.games.horserace.match import Match, Phase
from tourney.i18n import N_, _

if TYPE_CHECKING:
    from tourney.gamekit import Decide, GameEvent, GameMatch, Recorded, Table

HELP = N_("""\
  5-3 on 5-5   place 5-3 on 5-5 (also: 53 55, 5-3 5-5, [5|3] on [5|5])
  5-3          place 5-3: the opening tile, or where only one table tile takes it
  d / d 2-4    draw (the tile if it was seen)
  p            pass (no placement possible, boneyard empty)
  r Ann 1-2 .. reveal a player's tiles; at a 'reveal NAME>' prompt just type the tiles
  h / h Ann    start the next hand (the opener is needed when a lot decides)
  u / redo     take back the last event / put the last undone event back
  s            show the whole layout      ?  this help      q  quit (Ctrl-D, Ctrl-C too)
  Tab          complete the tiles, targets and names legal now
  Names may have spaces, quoted or not: h Zoë Park, h "Zoë Park", h zoe (a unique start)""")


class HorseRaceConsole:
    """The notation and the views of a Horse Race table (`tourney.gamekit.Console`)."""

    help = HELP

    def prompt(self, table: Table) -> str:
        match = view.match_of(table)
        name = table.id
        if match.phase is Phase.IN_HAND:
            again = "+" if match.continuation_owed else ""
            return f"{name} {match.to_move}{again}> "
        if match.phase is Phase.AWAITING_REVEALS:
            return _("{name} reveal {player}> ").format(name=name, player=match.reveals_needed[0])
        if match.phase is Phase.BETWEEN_HANDS:
            return _("{name} hand> ").format(name=name)
        return _("{name} over> ").format(name=name)

    def complete(self, match: GameMatch, line: str) -> list[str]:
        from tourney.games.horserace.commands import complete

        assert isinstance(match, Match)
        return complete(match, line)

    def read(self, table: Table, line: str) -> str | Decide | None:
        # The notation's rules, here: `tourney show` and the views never import them.
        from tourney.games.horserace.commands import Action, StartHand, decide, parse
        from tourney.games.horserace.dealing import shuffled_deal

        command = parse(line, view.match_of(table))
        if command is None or isinstance(command, Action):
            return None if command is None else command.name
        if isinstance(command, StartHand) and command.deal is None and table.known_hands:
            command = StartHand(command.opener, shuffled_deal(table.match.players, None))
        chosen = command

        def decided(match: GameMatch) -> Sequence[GameEvent]:
            assert isinstance(match, Match)
            return decide(match, chosen)

        return decided

    def show(self, table: Table, console: bool = False) -> list[str]:
        return view.text(table)

    def state(self, table: Table) -> dict[str, Any]:
        return view.state(table)

    def recorded(self, table: Table, item: Recorded) -> list[str]:
        return view.recorded_lines(table, item)

    def recorded_dict(self, table: Table, item: Recorded) -> dict[str, Any]:
        return view.recorded_dict(table, item)

    def after(
        self, table: Table, recorded: Sequence[Recorded], said: Collection[str], console: bool
    ) -> list[str]:
        if not console:  # the final result is said once, not again
            return [line for line in view.brief(table) if line.strip() not in said]
        match = view.match_of(table)
        lines = []
        if match.phase is Phase.IN_HAND and not match.layout.empty:
            lines += [view.open_line(match), view.ends_line(match)]
        if any(r.event is None for r in recorded):
            lines.append(_("Scores: {scores}").format(scores=scores_line(match)))
        if match.phase is not Phase.OVER:
            lines.append(view.turn_line(match))
        return lines


CONSOLE = HorseRaceConsole()
