"""The table page's context: the scorer's state (`tourney.scorer.view.state`, the JSON the
CLI prints) and the engine's legal moves (`legal_moves`), arranged for buttons. Display
only: which moves exist is the engine's answer, never worked out here."""

from __future__ import annotations

from typing import Any

from tourney.games import RACEHORSE
from tourney.games.dominoes import MatchStarted, Phase, legal_moves, result_line
from tourney.match_streams import describe, undo_target
from tourney.scorer import view
from tourney.scorer.desk import Desk

RECENT = 4  # events shown under the layout


def table_undo(desk: Desk) -> int | None:
    """The version the table's undo takes back: the newest match event in force, but never
    the match's ``match_started`` (the director opened the table; the table cannot close it)."""
    target = undo_target(desk.stored)
    if target is None or any(
        e.version == target and e.type == MatchStarted.type for e in desk.stored
    ):
        return None
    return target


def _event(desk: Desk, version: int) -> Any:
    return next(e for e in desk.stored if e.version == version)


def common_context(desk: Desk, title: str) -> dict[str, Any]:
    """What every table page shows, whatever the game: the undo on offer, the events just
    recorded, the players (each confirms the result) and who has confirmed."""
    from tourney.web import words

    undo = table_undo(desk)
    first = max(1, desk.version - RECENT + 1)
    return {
        "title": title,
        "undo": None if undo is None else words.possessive(_event(desk, undo)),
        "redo": words.redo_offer(desk.stored),
        "history": words.history(desk.stored),
        "recent": [describe(desk.stored, v) for v in range(desk.version, first - 1, -1)],
        "players": list(enumerate(desk.match.players)),
        "confirmed": desk.confirmed,
    }


def table_context(desk: Desk, title: str) -> dict[str, Any]:
    """Everything the table page shows of ``desk``'s match: a Racehorse table's
    (`tourney.web.card_table`), or a Horse Race table's."""
    if desk.game.name == RACEHORSE:
        from tourney.web.card_table import card_context

        return {**common_context(desk, title), **card_context(desk)}
    match = desk.match
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
        {"on": on, "open": open_of.get(on, []) if on else [], "tiles": by_target[on]}
        for on in order
        if on in by_target
    ]
    return {
        **common_context(desk, title),
        "game": "horse-race",
        "state": state,
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
