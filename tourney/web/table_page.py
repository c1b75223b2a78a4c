"""The table page's context: what every table page shows (the undo on offer, the events
just recorded, the players who confirm the result), and what the table's game shows
(`Game.page`: the scorer's state and the engine's legal moves, arranged for buttons).
Display only: which moves exist is the engine's answer, never worked out here."""

from __future__ import annotations

from typing import Any

from tourney.scorer.desk import Desk
from tourney.streams.matches import describe, undo_target

RECENT = 4  # events shown under the layout


def table_undo(desk: Desk) -> int | None:
    """The version the table's undo takes back: the newest match event in force, but never
    the match's ``match_started`` (the director opened the table; the table cannot close it)."""
    target = undo_target(desk.stored)
    if target is None or any(
        e.version == target and e.type == "match_started" for e in desk.stored
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
        "undo": None
        if undo is None
        else words.possessive(_event(desk, undo), words.cards(desk.stored), desk.game),
        "redo": words.redo_offer(desk.stored, desk.game),
        "history": words.history(desk.stored, game=desk.game),
        "recent": [describe(desk.stored, v) for v in range(desk.version, first - 1, -1)],
        "players": list(enumerate(desk.match.players)),
        "confirmed": desk.confirmed,
        "ruled": desk.director_result(),
    }


def table_context(desk: Desk, title: str) -> dict[str, Any]:
    """Everything the table page shows of ``desk``'s match: what every table page shows,
    and what its game's page shows (`Game.page`)."""
    return {**common_context(desk, title), **desk.game.page.context(desk)}
