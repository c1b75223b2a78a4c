"""The server's results policy: a table whose match finished has its result recorded in the
tournament stream by the server's catch-up (`Feed.step`), not by the move that finished it.

Idempotent (the director's desk records a result once per match version), so several
server processes, or a process restarted after a crash between the last move and the
posting, post each result exactly once; a posting that loses a race with another is tried
again at the next catch-up.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from tourney.errors import TourneyError
from tourney.match_streams import match_id
from tourney.web.reads import match_lines

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from tourney.web.night import Night

log = logging.getLogger("tourney.serve")


def post_results(night: Night, engine: Engine) -> int:
    """Record the result of every finished table of the latest round that has none yet;
    returns how many were recorded."""
    loaded = night.loaded()
    if loaded is None:
        return 0
    state = loaded.state
    tables = night.tables(loaded)
    lines = match_lines(engine, [match_id(t.match_id) for t in tables])
    posted = 0
    for table in tables:
        record = state.matches.get(table.match_id)
        line = lines.get(match_id(table.match_id))
        if record is None or record.outcome is not None:
            continue
        if line is None or line.status != "finished":
            continue
        match, _events, version = night.director.replay_match(table.match_id)
        if not match.finished:
            continue
        try:
            night.director.record_result(loaded.slug, table.match_id, match, version)
        except TourneyError as exc:  # another process got in first: the next step sees it
            log.info("result of %s not posted yet: %s", table.match_id, exc)
            continue
        posted += 1
    return posted
