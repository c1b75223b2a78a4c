"""The match read model: one `match_views` row per `match-<id>` stream, computed only by
replaying the stream through the rules engine. Undone events (and the `undone` events that
take them back, see `tourney.streams.matches`) are left out, as in the export.

An event the engine refuses (which a command would never append, but a hand-edited
database might hold) marks the match `invalid`, with the engine's message and the version;
later events of that stream are not applied.

Live `Match` objects are kept for the most recently touched streams, each with the version
it has applied, and reused only when the next event is the very next version; otherwise
the stream is replayed from its first event. Both give the same state, the cache only saves
the replay.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from typing import Any

from tourney.errors import TourneyError
from tourney.gamekit import Game, game, game_of
from tourney.store.decoding import SHARED_PAYLOADS, SHARED_TEXT, Row, decode
from tourney.store.eventstore import NewEvent, StoredEvent
from tourney.store.projector import Batch
from tourney.store.upcasting import UpcasterRegistry
from tourney.streams.matches import STREAM_ONLY, STREAM_PREFIX, UNDONE, in_force, match_stream

CACHE_SIZE = 256
# Engine events kept (see `Made`): room for every payload a replay's decode shares
# (`SHARED_PAYLOADS`) and as many unshared ones (a deal) before it is emptied.
MADE_SIZE = 2 * SHARED_PAYLOADS
TABLE = "match_views"
# The columns of `match_views` in the order `_row` gives them; the JSON ones are written as
# JSON text (PostgreSQL casts it to its `json` columns, SQLite stores the text).
COLUMNS = (
    "match_id",
    "stream_id",
    "version",
    "status",
    "players",
    "sides",
    "scores",
    "winners",
    "hands",
    "to_move",
    "layout",
    "error",
)

__all__ = ["STREAM_PREFIX", "MatchProjection", "match_stream"]


def new_events(
    events: Iterable[Any], recorded_by: str | None = None, game_name: str | None = None
) -> list[NewEvent]:
    """Engine events of ``game_name`` (default: the game of a stream that names none) as
    events to append: the payload is the record form less its `type`, so a stored match
    stream exports as its record line for line."""
    payload = (game(game_name) if game_name else game_of(None)).payload
    return [NewEvent(*payload(event), recorded_by) for event in events]


def _unnamed() -> Game:
    """The game of a stream whose ``match_started`` names none (the record format's rule)."""
    return game_of(None)


class _Replay:
    """A match replayed up to `version`, or stopped at the event the engine refused. The
    stream's first event, its ``match_started``, says which game replays it. (A plain
    class: every command that opens a store defines it, and a dataclass costs ~2 M
    instructions to define.)"""

    __slots__ = ("error", "game", "match", "version")

    def __init__(self) -> None:
        self.game: Game = _unnamed()
        self.match: Any = None
        self.version = 0
        self.error: str | None = None

    def feed(self, events: Sequence[StoredEvent], made: Made) -> None:
        """Apply `events`, the next versions of the stream in order (no ``undone`` among
        them: see `MatchProjection.apply`), each engine event made once per payload object
        with `made`. A rebuild gives a whole stream at once: one loop over local names."""
        if not events:
            return
        self.version = events[-1].version
        if self.error is not None:
            return
        match, game = self.match, self.game
        apply: Any = None if match is None else match.apply
        known = made.get
        event = events[0]
        try:
            for event in events:
                type_ = event.type
                if type_ in STREAM_ONLY:  # a confirmation: the match itself is unchanged
                    continue
                if match is None:
                    if type_ == "match_started":
                        game = self.game = game_of(event.payload)
                    match = self.match = game.new_match()
                    apply = match.apply
                payload = event.payload
                kept = known(id(payload))
                if (
                    kept is None
                    or kept[0] is not payload
                    or kept[1] is not game
                    or (kept[2] != type_)
                ):
                    if len(made) >= MADE_SIZE:
                        made.clear()
                    kept = made[id(payload)] = (payload, game, type_, game.event(type_, payload))
                apply(kept[3])
        except TourneyError as exc:
            self.error = f"version {event.version} ({event.type}): {exc}"

    def feed_rows(self, rows: Sequence[Row], engined: Engined, registry: UpcasterRegistry) -> bool:
        """`feed` for a whole stream from its stored rows (`STREAM_COLUMNS`: row i is
        version i + 1; not decoded: see `MatchProjection.replay_stream`), each engine event
        made once per payload text with `engined`; False, with this replay unusable, when
        an ``undone`` is among them (what is in force is the stream's `apply` to decide)."""
        self.version = len(rows)
        match, game = self.match, self.game
        apply: Any = None if match is None else match.apply
        known: dict[tuple[str, int, Any], Any] = {}
        version, type_ = 1, rows[0][0]
        try:
            for version, (type_, schema, text) in enumerate(rows, 1):  # noqa: B007 (named below)
                if type_ in STREAM_ONLY:  # a confirmation: the match itself is unchanged
                    if type_ == UNDONE:
                        return False
                    continue
                if match is None:
                    if type_ == "match_started":
                        game = self.game = game_of(_payload(registry, type_, schema, text))
                    match = self.match = game.new_match()
                    apply = match.apply
                    known = engined.setdefault(game, {})
                key = (type_, schema, text)
                event = known.get(key)
                if event is None:
                    event = game.event(type_, _payload(registry, type_, schema, text))
                    if len(text) <= SHARED_TEXT:
                        if len(known) >= SHARED_PAYLOADS:
                            known.clear()
                        known[key] = event
                apply(event)
        except TourneyError as exc:
            self.error = f"version {version} ({type_}): {exc}"
        return True


class _Undecodable(Exception):
    """A stored payload that `decoding.decode` refuses: not the engine's refusal (a rebuild
    decodes the stream as a whole again, and fails as it would have)."""


def _payload(registry: UpcasterRegistry, type_: str, schema: int, text: Any) -> dict[str, Any]:
    """The payload of one stored row, lifted to its type's current schema version."""
    try:
        return decode(registry, [(0, "", 0, type_, schema, text, "", None, None, "")])[0].payload
    except Exception as exc:
        raise _Undecodable(f"{type_}: {exc}") from exc


# Engine events made from payload texts, by game and then (type, schema version, text): a
# rebuild's `replay_stream` makes each once (an engine event is immutable and depends on
# its game, type and payload alone); short texts only (`SHARED_TEXT`), at most
# `SHARED_PAYLOADS` a game.
Engined = dict[Game, dict[tuple[str, int, Any], Any]]

# The engine events made from payloads, by payload object: a rebuild's worker gives events
# with the same payload text one shared payload (`decoding.decode_for_replay`), and an
# engine event is immutable and depends on its game, type and payload alone, so it is made
# once for each. Kept by id with the payload itself, so that the id is not reused while
# kept; at most `MADE_SIZE`.
Made = dict[int, tuple[Any, Game, str, Any]]


class MatchProjection:
    """Status, sides, scores, hands, winners, player to move and layout of every match."""

    name = "match_views"
    revision = 2  # raise when the rows this code writes change (see `Projection.revision`)
    policy = False
    per_stream = True  # a row per stream, from that stream alone: a rebuild may split it

    def __init__(self, cache_size: int = CACHE_SIZE) -> None:
        self._cache: OrderedDict[str, _Replay] = OrderedDict()
        self._cache_size = cache_size
        self._made: Made = {}
        self._engined: Engined = {}

    def tables(self) -> Sequence[str]:
        return [TABLE]

    def wants(self, stream_id: str) -> bool:
        return stream_id.startswith(STREAM_PREFIX)

    def reset(self) -> None:
        self._cache.clear()
        self._made = {}
        self._engined = {}

    def apply(self, batch: Batch) -> None:
        touched: dict[str, _Replay] = {}
        made = self._made
        events = batch.events
        # Runs of the next versions of one stream, each fed at once (a rebuild's batch is
        # one whole stream); an ``undone`` replays what is still in force.
        start = 0
        run: str | None = None  # the stream of the run from `start`
        replay = _Replay()
        for index, event in enumerate(events):
            stream_id, version, type_ = event.stream_id, event.version, event.type
            if (
                stream_id == run
                and version == replay.version + index - start + 1
                and type_ != UNDONE
            ):
                continue
            replay.feed(events[start:index], made)
            start, run = index, stream_id
            if type_ == UNDONE:  # what is in force changed: replay what still is
                touched[stream_id] = replay = self._replay(batch, stream_id, version)
                start, run = index + 1, None
                continue
            found = touched.get(stream_id)
            if found is None or found.version != version - 1:
                found = touched[stream_id] = self._resume(batch, stream_id, version - 1)
            replay = found
        replay.feed(events[start:], made)
        rows = [_row(stream_id, replay) for stream_id, replay in touched.items()]
        cursor, mark = batch.cursor, batch.mark
        cursor.executemany(f"DELETE FROM {TABLE} WHERE match_id = {mark}", [r[:1] for r in rows])
        cursor.executemany(
            f"INSERT INTO {TABLE} ({', '.join(COLUMNS)}) VALUES ({batch.marks(len(COLUMNS))})",
            rows,
        )
        for stream_id, replay in touched.items():
            self._remember(stream_id, replay)

    def replay_stream(self, batch: Batch, stream_id: str, rows: Sequence[Row]) -> bool:
        """`apply` for the whole stream `stream_id` from its stored rows, decoding each
        repeated payload text not at all (see `Projection`: the table holds no row of the
        stream yet, and `rows` are its versions from 1); False, writing nothing, for a
        stream with an ``undone``."""
        if not rows:
            return False
        replay = _Replay()
        if not replay.feed_rows(rows, self._engined, batch.store.registry):
            return False
        batch.cursor.execute(
            f"INSERT INTO {TABLE} ({', '.join(COLUMNS)}) VALUES ({batch.marks(len(COLUMNS))})",
            _row(stream_id, replay),
        )
        self._remember(stream_id, replay)
        return True

    def _resume(self, batch: Batch, stream_id: str, version: int) -> _Replay:
        cached = self._cache.pop(stream_id, None)
        if cached is not None and cached.version == version:
            return cached
        return self._replay(batch, stream_id, version)

    def _replay(self, batch: Batch, stream_id: str, version: int) -> _Replay:
        """The stream replayed up to `version`, leaving out undone events and the `undone`
        events themselves (see tourney.streams.matches)."""
        replay = _Replay()
        if version > 0:
            events = list(batch.store.read_stream(stream_id, 0, version))
            kept = in_force(events)
            replay.feed([e for e in events if e.version in kept], self._made)
            replay.version = version
        return replay

    def _remember(self, stream_id: str, replay: _Replay) -> None:
        self._cache[stream_id] = replay
        self._cache.move_to_end(stream_id)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)


# `json.dumps(value, ensure_ascii=False, separators=(",", ":"))` without making an encoder
# for each of a row's six columns (a rebuild writes a row per match).
_json = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def _row(stream_id: str, replay: _Replay) -> tuple[Any, ...]:
    """The `match_views` row of a replayed stream, in the order of `COLUMNS`: per side
    (Horse Race: a player or a partnership; Racehorse: a seat) its players and its score
    (Racehorse: net units), the winning sides once over, the hands (deals) so far, and what
    lies on the table (the domino layout, the trick being played)."""
    game, match = replay.game, replay.match
    if match is None:
        match = replay.match = game.new_match()
    if replay.error is not None:
        status = "invalid"
    elif match.finished:
        status = "finished"
    elif match.started:
        status = "in_progress"
    else:
        status = "not_started"
    result = game.result(match)
    sides = [
        {"players": players, "score": score}
        for players, score in zip(game.sides(match), result.scores, strict=True)
    ]
    return (
        stream_id[len(STREAM_PREFIX) :],
        stream_id,
        replay.version,
        status,
        _json(list(match.players)),
        _json(sides),
        _json(list(result.scores)),
        _json(list(result.winners)),
        _json(game.progress(match)),
        None if replay.error is not None else match.to_move,
        _json(game.table_view(match)),
        replay.error,
    )
