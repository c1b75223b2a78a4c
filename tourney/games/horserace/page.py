"""The table page at a Horse Race table (`tourney.gamekit.TablePage`): the scorer's state
(`tourney.games.horserace.view.state`, the JSON the CLI prints) and the engine's legal moves
(`legal_moves`), arranged for buttons, and the buttons' values read back into the scorer's
commands. Display only: which moves exist is the engine's answer, never worked out here.
Its template is ``web/table.html``.

Buttons: ``place|5-3|5-5``, ``draw|`` (``draw|2-4``: the tile seen), ``pass``,
``reveal|1`` (with the ticked tiles), ``hand|0`` (the opener's seat, or none).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tourney.gamekit.errors import NotAMove
from tourney.games.horserace import view
from tourney.games.horserace.account import result_line
from tourney.games.horserace.commands import (
    Command,
    Draw,
    Pass,
    Place,
    Reveal,
    StartHand,
    decide,
    legal_moves,
)
from tourney.games.horserace.dealing import shuffled_deal
from tourney.games.horserace.events import (
    HandStarted,
    Passed,
    TileDrawn,
    TilePlaced,
    TilesRevealed,
)
from tourney.games.horserace.match import Match, Phase
from tourney.games.horserace.tiles import Tile
from tourney.i18n import page_, page_mark
from tourney.limits import VERSION, LimitError, parse_whole

if TYPE_CHECKING:
    from tourney.gamekit import Decide, GameEvent, GameMatch, Table


POINT_WORDS = {
    "end": page_mark("end {value}"),
    "linear": page_mark("linear side {value}"),
    "branch": page_mark("branch {value}"),
}
"""A free attach point of the layout in a player's words (its kind is a code)."""


def _point(point: dict[str, Any]) -> str:
    return page_(POINT_WORDS.get(str(point["kind"]), POINT_WORDS["branch"])).format(
        value=point["value"]
    )


class HorseRacePage:
    """The table page of a Horse Race table."""

    template = "web/table.html"

    def context(self, table: Table) -> dict[str, Any]:
        return table_context(table)

    def read(self, table: Table, move: str, ticked: Sequence[str]) -> Decide:
        """The scorer's command the button value ``move`` stands for, decided against the
        match as it is when the desk records it."""
        command = _command(table, move, ticked)

        def decided(match: GameMatch) -> Sequence[GameEvent]:
            assert isinstance(match, Match)
            return decide(match, command)

        return decided

    def move_value(self, event: GameEvent, players: Sequence[str]) -> tuple[str, list[str]]:
        """The button value (and ticked tiles) that records ``event`` at a table seating
        ``players``: what `read` reads back. For scripts, tests and the load test."""
        seat = {name: str(n) for n, name in enumerate(players)}
        if isinstance(event, TilePlaced):
            return f"place|{event.tile}|{event.on or ''}", []
        if isinstance(event, TileDrawn):
            return f"draw|{event.tile or ''}", []
        if isinstance(event, Passed):
            return "pass", []
        if isinstance(event, TilesRevealed):
            return f"reveal|{seat[event.player]}", [t.text for t in event.tiles]
        if isinstance(event, HandStarted):
            return f"hand|{seat[event.opener] if event.opener else ''}", []
        raise NotAMove(f"{event.type} is not recorded at a table")

    def canonical(self, field: str) -> str:
        """In capitals, a tile's two halves in either order (``5-3`` is ``3-5``)."""
        halves = field.upper().split("-")
        return "-".join(sorted(halves)) if len(halves) == 2 else field.upper()


PAGE = HorseRacePage()


def table_context(desk: Table) -> dict[str, Any]:
    """What the table page shows of ``desk``'s Horse Race match, beyond what every table
    page shows (`tourney.web.table_page.common_context`)."""
    match = view.match_of(desk)
    state = view.state(desk)
    moves = legal_moves(match)
    seats = {name: seat for seat, name in enumerate(match.players)}
    by_target: dict[str | None, list[str]] = {}
    for tile, ons in moves.places:
        for on in ons:
            by_target.setdefault(None if on is None else on.text, []).append(tile.text)
    order = [None, *(row["tile"] for row in state["layout"])]
    open_of = {row["tile"]: row["open"] for row in state["layout"]}
    targets = [
        {
            "on": on,
            "open": [_point(p) for p in open_of.get(on, [])] if on else [],
            "tiles": by_target[on],
        }
        for on in order
        if on in by_target
    ]
    from tourney.games.horserace.drawing import layout_drawing, tile_svg

    shown = {t for target in targets for t in target["tiles"]}
    shown.update(row["tile"] for row in state["layout"])
    shown.update(t.text for t in (*moves.draw_tiles, *moves.reveal_tiles))
    drawing = layout_drawing(match) if match.hands else None
    return {
        "game": "horse-race",
        "state": state,
        "tiles": {text: tile_svg(text) for text in shown},
        "drawing": "" if drawing is None or match.layout.empty else drawing.svg(),
        "phase": match.phase.name.lower(),
        "turn": view.turn_line(match),
        "ends": view.ends_line(match) if match.phase is Phase.IN_HAND else None,
        "count": view.count_line(match),
        "result": result_line(match) if match.finished else None,
        "mover": moves.player,
        "mover_seat": seats.get(moves.player or "", -1),
        "targets": targets,
        "draw": moves.draw,
        "draw_tiles": [t.text for t in moves.draw_tiles],
        "known": match.known,
        "pass_": moves.pass_,
        "reveal_tiles": [t.text for t in moves.reveal_tiles],
        "reveal_count": moves.reveal_count,
        "openers": [(seats[name], name) for name in moves.openers],
        "next_hand": len(match.hands) + 1,
    }


def _tile(text: str) -> Tile | None:
    return Tile.parse(text) if text else None


def _seat(table: Table, text: str) -> str:
    players: tuple[str, ...] = table.match.players
    seat = _whole(text)
    if seat is None or seat >= len(players):
        raise NotAMove(f"no seat {text!r} at this table")
    return players[seat]


def _whole(text: str) -> int | None:
    """A seat number as a form sends it: ASCII digits within the store's bounds; None for
    anything else (``²`` passes str.isdigit but not int, a 40-digit number passes both)."""
    try:
        return parse_whole(text, VERSION) if text.isascii() and text.isdigit() else None
    except LimitError:
        return None


def _command(table: Table, move: str, tiles: Sequence[str]) -> Command:
    """The scorer's command a button of a Horse Race table stands for (``place|5-3|5-5``,
    ``draw|``, ``pass``, ``reveal|1`` with the ticked tiles, ``hand|0``)."""
    kind, _, rest = move.partition("|")
    first, _, second = rest.partition("|")
    if kind == "place" and first:
        tile = _tile(first)
        assert tile is not None
        return Place(tile, _tile(second))
    if kind == "draw":
        return Draw(_tile(first))
    if kind == "pass":
        return Pass()
    if kind == "reveal":
        return Reveal(_seat(table, first), tuple(Tile.parse(t) for t in tiles))
    if kind == "hand":
        opener = _seat(table, first) if first else None
        deal = shuffled_deal(table.match.players, None) if table.known_hands else None
        return StartHand(opener, deal)
    raise NotAMove(f"{move!r} is not a move")
