"""Disputes, penalties and warnings as the CLI, the director's page and a player's page
read them: plain rows of names and words, from the tournament's state."""

from __future__ import annotations

from typing import Any

from tourney.i18n import page_mark
from tourney.tournament.matches import points_text
from tourney.tournament.results.story import result_text
from tourney.tournament.state import TournamentState

DISPUTE_STATUS = {
    "open": page_mark("open"),
    "upheld": page_mark("upheld"),
    "replaced": page_mark("replaced"),
}
"""A dispute's status in the pages' words."""


def dispute_rows(state: TournamentState) -> list[dict[str, Any]]:
    """Every dispute, open ones first, then in the order raised: the table (number), the
    match id, who disputed (a name), why, the status (``open``, ``upheld``, ``replaced``),
    the round, the director's note, the dispute's number, and the table's result as it
    stands now (`result_text`: the table's story)."""
    rows = []
    for dispute in sorted(
        state.disputes.raised.values(), key=lambda d: (d.status != "open", d.number)
    ):
        record = state.matches.get(dispute.match_id)
        player = state.players.get(dispute.player_id)
        rows.append(
            {
                "table": record.table if record is not None else None,
                "match": dispute.match_id,
                "by": player.name if player is not None else dispute.player_id,
                "reason": dispute.reason,
                "status": dispute.status,
                "round": record.round if record is not None else None,
                "note": dispute.note,
                "number": dispute.number,
                "result": result_text(state, record) if record is not None else "",
            }
        )
    return rows


def sanction_rows(state: TournamentState, player_id: str | None = None) -> list[dict[str, Any]]:
    """Every penalty and warning (one player's with ``player_id``), in the order given:
    number, kind, name, points off (``"1/2"``; ``"0"`` for a warning), why, the round, and
    whether it was lifted (and why)."""
    given = (
        state.sanctions.of_player(player_id)
        if player_id is not None
        else tuple(state.sanctions.given.values())
    )
    return [
        {
            "number": s.number,
            "kind": s.kind,
            "name": state.players[s.player_id].name if s.player_id in state.players else "",
            "player_id": s.player_id,
            "points": str(s.points),
            "points_text": points_text(s.points),
            "reason": s.reason,
            "round": s.round,
            "lifted": s.lifted,
            "lifted_reason": s.lifted_reason,
        }
        for s in given
    ]
