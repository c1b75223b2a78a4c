"""What `BaseGame` shows by default, built from its words (``notation``, ``describe``,
``status``): the scorer's console, the scoresheets, the table page and the board's words.
Their templates are tourney's generic ones (``game_sheet.html``, ``game_scoresheets.html``,
``web/game_table.html``); a game with its own sets their names on its `Sheets` or
`TablePage`, and ships them in its ``templates`` folder."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from tourney.errors import TourneyError, quote
from tourney.gamekit.errors import NotAMove
from tourney.i18n import _, npage_, page_

if TYPE_CHECKING:
    from tourney.gamekit.protocol import Decide, Game, GameEvent, GameMatch, Recorded, Table

    class ShownGame(Game, Protocol):
        """What these faces read of their game: the interface, and the words and names
        `tourney.gamekit.base.BaseGame` adds to it (a protocol, so that this module does not
        import the base that builds these faces: no circle of imports)."""

        moves: tuple[type, ...]
        sheet_templates: tuple[str, str]
        page_template: str

        def notation(self, event: GameEvent) -> str: ...
        def status(self, match: GameMatch) -> list[str]: ...


_ACTIONS = {"u": "undo", "undo": "undo", "redo": "redo", "s": "show", "?": "help", "q": "quit"}


def _move(game: ShownGame, match: GameMatch, text: str) -> GameEvent | None:
    """The legal move whose notation is ``text`` (any case), if one is."""
    wanted = text.strip().casefold()
    for event in game.legal_moves(match):
        if game.notation(event).casefold() == wanted:
            return event
    return None


class BaseConsole:
    """A console where a move is typed as its notation (Tab completes the legal ones)."""

    def __init__(self, game: ShownGame) -> None:
        self.game = game

    @property
    def help(self) -> str:
        return _(
            "  a move, as Tab completes it (the legal moves now)\n"
            "  u undo · redo · s show · ? help · q quit"
        )

    def prompt(self, table: Table) -> str:
        to_move = table.match.to_move
        return f"{table.id} {to_move}> " if to_move else f"{table.id} ·> "

    def complete(self, match: GameMatch, line: str) -> list[str]:
        word = line.rsplit(" ", 1)[-1].casefold()
        moves = (self.game.notation(e) for e in self.game.legal_moves(match))
        return [m for m in dict.fromkeys(moves) if m.casefold().startswith(word)]

    def read(self, table: Table, line: str) -> str | Decide | None:
        text = line.strip()
        if not text:
            return None
        if text.casefold() in _ACTIONS:
            return _ACTIONS[text.casefold()]
        event = _move(self.game, table.match, text)
        if event is None:
            raise TourneyError(
                _("cannot read {line}: not a legal move now (Tab lists them, ? for help)")
                .format(line=quote(text))
            )  # fmt: skip
        return lambda _match: [event]

    def show(self, table: Table, console: bool = False) -> list[str]:
        return [f"{table.id}: {self.game.title} · v{table.version}", *self.game.status(table.match)]

    def state(self, table: Table) -> dict[str, Any]:
        match = table.match
        return {
            "match": table.id,
            "version": table.version,
            "head": table.head_hash,
            **match.summary(),
            "to_move": match.to_move,
            "finished": match.finished,
        }

    def recorded(self, table: Table, item: Recorded) -> list[str]:
        if item.event is None:
            return [f"v{item.version}: {item.type}"]
        first, *rest = self.game.describe(item.event, item.outcome) or [item.type]
        return [f"v{item.version}: {first}", *rest]

    def recorded_dict(self, table: Table, item: Recorded) -> dict[str, Any]:
        return {"stream_version": item.version, "type": item.type, **table.payload(item.version)}

    def after(
        self, table: Table, recorded: Sequence[Recorded], said: Collection[str], console: bool
    ) -> list[str]:
        return [line for line in self.game.status(table.match) if line.strip() not in said]


class BaseSheets:
    """A blank sheet with a column per player, a played one with the scores and the account."""

    rows = 20

    def __init__(self, game: ShownGame) -> None:
        self.game = game
        self.played_template, self.blank_template = game.sheet_templates

    def blank(self, players: Sequence[str], settings: Mapping[str, Any]) -> dict[str, Any]:
        return {"players": tuple(players), "rows": tuple(range(1, self.rows + 1))}

    def played(
        self,
        match: GameMatch,
        events: Sequence[tuple[int, GameEvent]] | None,
        settings: Mapping[str, Any],
    ) -> dict[str, Any]:
        result = self.game.result(match)
        sides = [" & ".join(side) for side in self.game.sides(match)]
        lines = [] if events is None else list(self.game.account(e for _, e in events))
        return {
            "players": tuple(match.players),
            "scores": tuple(zip(sides, result.scores, strict=False)),
            "lines": lines,
            "finished": match.finished,
            "winners": tuple(sides[w] for w in result.winners),
        }


class BasePage:
    """A table page with a button per legal move, named by its notation."""

    def __init__(self, game: ShownGame) -> None:
        self.game = game
        self.template = game.page_template

    def context(self, table: Table) -> dict[str, Any]:
        match, status = table.match, self.game.status(table.match)
        return {
            "game": self.game.name,
            "state": self.game.console.state(table),
            "phase": "over" if match.finished else "play",
            "to_move": match.to_move,
            "moves": list(
                dict.fromkeys(self.game.notation(e) for e in self.game.legal_moves(match))
            ),
            "status": status[:-1] if match.finished else status,
            "result": status[-1] if match.finished else None,
        }

    def read(self, table: Table, move: str, ticked: Sequence[str]) -> Decide:
        event = _move(self.game, table.match, move)
        if event is None:
            raise NotAMove(
                _("{move} is not a move at a {title} table now").format(
                    move=quote(move), title=self.game.title
                )
            )
        return lambda _match: [event]

    def move_value(self, event: GameEvent, players: Sequence[str]) -> tuple[str, list[str]]:
        if type(event) not in self.game.moves:
            raise NotAMove(f"{event.type} is not recorded at a {self.game.title} table")
        return self.game.notation(event), []

    def canonical(self, field: str) -> str:
        return field


class BaseDisplay:
    """Its words on headings, standings and the wall display."""

    net_units = False

    def __init__(self, game: ShownGame) -> None:
        self.game = game

    @property
    def table_sizes_text(self) -> str:
        fewest, most = self.game.table_sizes
        if fewest == most:  # "tables of 4", not "tables of 4 to 4"
            return str(fewest)
        return page_("{fewest} to {most}").format(fewest=fewest, most=most)

    def play_label(self, settings: Mapping[str, Any]) -> str:
        label = page_("{game}, tables of {size}").format(
            game=self.game.title, size=settings["table_size"]
        )
        length = self.length_text(settings)
        return f"{label}, {length}" if length else label

    def length_text(self, settings: Mapping[str, Any]) -> str:
        deals = settings.get("deals")
        if self.game.deals and deals:  # a tournament of so many deals a match
            return npage_("{n} deal a match", "{n} deals a match", deals).format(n=deals)
        target = self.game.target(settings)
        if target is None:
            return ""
        return npage_("first to {target}", "first to {target}", target).format(target=target)

    def progress_text(self, done: int, settings: Mapping[str, Any], seats: int) -> str:
        if not self.game.deals:
            return page_("hand {number}").format(number=done)
        deals = settings.get("deals")
        if deals:
            return page_("deal {number} of {count}").format(number=done, count=deals)
        return page_("deal {number}").format(number=done)

    def board(self, scores: Sequence[int], seats: Sequence[str]) -> tuple[str, str]:
        return "–".join(str(score) for score in scores), " · ".join(seats)
