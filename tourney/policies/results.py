"""The result policy: a tournament table's result follows the table's own stream.

When a table's match stream finishes, the result it replays to is posted to its tournament
(`MatchResultRecorded`); when it no longer finishes (its deciding event was undone) the
posted result is withdrawn; when it finishes again, differently, the new result replaces
it. The director's rulings (adjudicated, forfeit, no-show, void) are never replaced.

It runs in the projector's catch-up after the match read model (whose row says whether the
stream is finished, and how), in the same transaction as its checkpoint. Each posting's
command id names the table's stream version it reflects, so running again after a crash,
or from an older checkpoint, posts nothing twice. A scorer process killed between the last
placement and the posting leaves the placement stored, and the next catch-up, by any
command, posts it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tourney.streams.matches import STREAM_ONLY, STREAM_PREFIX, UNDONE, table_of

if TYPE_CHECKING:
    from tourney.store.eventstore import StoredEvent
    from tourney.store.projector import Batch
    from tourney.tournament.state import TournamentState


class ResultPolicy:
    """Posts, replaces and withdraws tournament results as tables' streams say."""

    name = "result_policy"
    revision = 1  # a policy is never rebuilt: kept for the checkpoint row only
    policy = True

    def __init__(self) -> None:
        self._tables: dict[str, tuple[str, str] | None] = {}
        self._tournaments: dict[str, tuple[TournamentState, int]] = {}

    def tables(self) -> Sequence[str]:
        return []

    def wants(self, stream_id: str) -> bool:
        return stream_id.startswith(STREAM_PREFIX)

    def reset(self) -> None:
        self._tables.clear()
        self._tournaments.clear()

    def apply(self, batch: Batch) -> None:
        changes: dict[str, bool] = {}
        for event in batch.events:
            # Only a match event (which may finish the stream) or an undo (which may make it
            # unfinished) can change a table's result; confirmations and closings cannot.
            if event.type == UNDONE or event.type not in STREAM_ONLY:
                changes[event.stream_id] = True
        for stream_id in changes:
            self._reconcile(batch, stream_id)

    def _reconcile(self, batch: Batch, stream_id: str) -> None:
        cursor, mark = batch.cursor, batch.mark
        cursor.execute(
            f"SELECT version, status, scores, winners FROM match_views WHERE stream_id = {mark}",
            (stream_id,),
        )
        row = cursor.fetchone()
        if row is None or row[1] == "invalid":
            return
        version, status = int(row[0]), str(row[1])
        table = self._table(batch, stream_id)
        if table is None:
            return
        slug, match_id = table
        state, _ = self._tournament(batch, slug)
        record = state.matches.get(match_id)
        if record is None:
            return
        outcome = record.outcome
        if outcome is not None and outcome.kind != "played":
            return  # the director's ruling stands
        if status == "finished":
            scores, winners = _ints(row[2]), _ints(row[3])
            if outcome is not None and (outcome.scores, outcome.winners) == (scores, winners):
                return
            self._post(batch, slug, f"result:{stream_id}:v{version}", match_id, scores, winners)
        elif outcome is not None:
            self._post(batch, slug, f"withdrawn:{stream_id}:v{version}", match_id, None, None)

    def _post(
        self,
        batch: Batch,
        slug: str,
        command_id: str,
        match_id: str,
        scores: tuple[int, ...] | None,
        winners: tuple[int, ...] | None,
    ) -> None:
        from tourney.store.eventstore import NewEvent
        from tourney.tournament.results.rulings import decide_record_result, decide_withdraw_result
        from tourney.tournament.state import evolve
        from tourney.tournament.streams import tournament_stream

        batch.store.lock_for_append(batch.cursor)
        state, version = self._tournament(batch, slug)  # again, under the lock
        if scores is None or winners is None:
            events = decide_withdraw_result(state, match_id)
        else:
            events = decide_record_result(state, match_id, scores, winners)
        if not events:
            return
        new = [NewEvent(e.type, e.to_payload(), recorded_by="result policy") for e in events]
        stored = batch.append(tournament_stream(slug), new, version, command_id)
        if stored and stored[0].command_id == command_id and stored[-1].version > version:
            for event in events:
                state = evolve(state, event)
            self._tournaments[slug] = (state, stored[-1].version)

    def _table(self, batch: Batch, stream_id: str) -> tuple[str, str] | None:
        if stream_id not in self._tables:
            first = batch.store.read_stream_in(batch.cursor, stream_id, 0)[:1]
            self._tables[stream_id] = table_of(first[0] if first else None)
        return self._tables[stream_id]

    def _tournament(self, batch: Batch, slug: str) -> tuple[TournamentState, int]:
        """The tournament's state and version, brought up to date through the batch's
        transaction (which sees what this policy appended in it)."""
        from tourney.tournament.state import TournamentState
        from tourney.tournament.streams import fold_stored, tournament_stream

        state, version = self._tournaments.get(slug, (TournamentState(), 0))
        newer: list[StoredEvent] = batch.store.read_stream_in(
            batch.cursor, tournament_stream(slug), version
        )
        if newer:
            state = fold_stored(newer, state)
            version = newer[-1].version
            self._tournaments[slug] = (state, version)
        return state, version


def _ints(value: Any) -> tuple[int, ...]:
    """A JSON list column as read: text on SQLite, already a list on PostgreSQL."""
    items = json.loads(value) if isinstance(value, str) else value
    return tuple(int(item) for item in items)
