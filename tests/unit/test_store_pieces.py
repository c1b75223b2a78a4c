"""The store's pure pieces: hash content, upcasters, URL handling. No database."""

from __future__ import annotations

import hashlib
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tourney.store.database import parse_url, resolve_url
from tourney.store.errors import DatabaseUrlError, SchemaError
from tourney.store.hashchain import GENESIS, event_hash, openssl_sha256
from tourney.store.reading import short
from tourney.store.upcasting import UpcasterRegistry
from tourney.streams.matches import upcasters

text = st.text(max_size=30)


@given(
    previous=st.sampled_from([GENESIS, "ab" * 32]),
    stream=text,
    version=st.integers(1, 10**6),
    type_=text,
    schema=st.integers(0, 5),
    payload=text,
    at=text,
    by=st.none() | text,
    command=st.none() | text,
)
def test_hash_content_is_the_documented_json(
    previous: str,
    stream: str,
    version: int,
    type_: str,
    schema: int,
    payload: str,
    at: str,
    by: str | None,
    command: str | None,
) -> None:
    content = json.dumps(
        [previous, stream, version, type_, schema, payload, at, by, command],
        ensure_ascii=False,
        separators=(",", ":"),
    )
    expected = hashlib.sha256(content.encode()).hexdigest()
    assert event_hash(previous, stream, version, type_, schema, payload, at, by, command) == (
        expected
    )
    # `verify`'s (OpenSSL's, where an append uses CPython's own): the same hash
    fields = (previous, stream, version, type_, schema, payload, at, by, command)
    assert event_hash(*fields, sha256=openssl_sha256()) == expected


def test_short_hash_is_twelve_hex_digits() -> None:
    assert short("0123456789abcdef" * 4) == "0123456789ab"


def test_v0_tiles_are_lifted_to_strings() -> None:
    registry = upcasters()  # Horse Race's, through the game interface
    assert registry.upcast("tile_placed", 0, {"player": "A", "tile": [5, 3], "on": [5, 5]}) == {
        "player": "A",
        "tile": "3-5",
        "on": "5-5",
    }
    assert registry.upcast("tile_drawn", 0, {"player": "A", "tile": None}) == {
        "player": "A",
        "tile": None,
    }
    assert registry.upcast("tiles_revealed", 0, {"player": "A", "tiles": [[6, 1], "2-2"]}) == {
        "player": "A",
        "tiles": ["1-6", "2-2"],
    }
    deal = registry.upcast("hand_started", 0, {"opener": "A", "deal": {"A": [[0, 0]]}})
    assert deal == {"opener": "A", "deal": {"A": ["0-0"]}}
    current = {"player": "A", "tile": "3-5"}
    assert registry.upcast("tile_placed", 1, current) is current


def test_upcasters_chain_and_refuse_gaps() -> None:
    registry = UpcasterRegistry()

    @registry.register("renamed", 1)
    def _v1(payload: dict[str, object]) -> dict[str, object]:
        return {"name": payload["nom"]}

    @registry.register("renamed", 2)
    def _v2(payload: dict[str, object]) -> dict[str, object]:
        return {**payload, "seen": True}

    assert registry.current("renamed") == 3
    assert registry.upcast("renamed", 1, {"nom": "x"}) == {"name": "x", "seen": True}
    with pytest.raises(SchemaError, match="no upcaster for renamed events of schema version 0"):
        registry.upcast("renamed", 0, {})
    with pytest.raises(SchemaError, match="newer"):
        registry.upcast("renamed", 4, {})
    with pytest.raises(ValueError):
        registry.register("renamed", 1)(_v1)


def test_urls(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TOURNEY_DATABASE_URL", raising=False)
    assert resolve_url(None) == "sqlite:///tourney.db"
    assert resolve_url("x/y.db") == "sqlite:///x/y.db"
    monkeypatch.setenv("TOURNEY_DATABASE_URL", "postgresql://u@h/d")
    assert resolve_url(None) == "postgresql://u@h/d"
    assert resolve_url("other.db") == "sqlite:///other.db"
    assert parse_url("postgresql://u:secret@h/d").drivername == "postgresql+psycopg"
    with pytest.raises(DatabaseUrlError, match="psycopg 3"):
        parse_url("postgresql+psycopg2://u@h/d")
    with pytest.raises(DatabaseUrlError) as caught:
        parse_url("oracle://u:secret@h/d")
    assert "secret" not in str(caught.value)


def test_recorded_at_is_an_iso_utc_timestamp() -> None:
    from datetime import UTC, datetime

    from tourney.store.appending import now as _now

    before = datetime.now(UTC)
    stamp = _now()
    after = datetime.now(UTC)
    assert len(stamp) == len(before.isoformat(timespec="microseconds"))
    assert before <= datetime.fromisoformat(stamp) <= after


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


@given(value=json_values)
def test_orjson_writes_what_json_dumps_writes(value: object) -> None:
    # The store writes payloads and hash contents with orjson, which must give exactly the
    # bytes of the compact json.dumps form the hash chain is defined by.
    import orjson

    assert orjson.dumps(value) == json.dumps(
        value, ensure_ascii=False, separators=(",", ":")
    ).encode("utf-8")


def test_deferred_upcasters_load_for_any_stream_but_a_tournament_s() -> None:
    """A registry with deferred upcasters (the games', from their entry points) reads them
    the first time it decodes or appends an event outside the tournaments' streams, or is
    asked directly; a tournament's events alone (`tourney pairings`) never read them."""
    from tourney.store.appending import chain
    from tourney.store.appends import NewEvent
    from tourney.store.decoding import decode

    loaded: list[int] = []

    def deferred(registry: UpcasterRegistry) -> None:
        loaded.append(1)
        registry.register("renamed", 1)(lambda payload: {"name": payload["nom"]})

    registry = UpcasterRegistry(deferred, own="tournament-")
    row = (1, "tournament-night", 1, "player_registered", 1, '{"name":"A"}', "", None, None, "")
    assert decode(registry, [row])[0].payload == {"name": "A"}
    chain(registry, "tournament-night", [NewEvent("renamed", {"nom": "x"})], 1, "", "t", None)
    assert loaded == []
    match = (2, "match-K1", 1, "renamed", 1, '{"nom":"x"}', "", None, None, "")
    assert decode(registry, [row, match])[1].payload == {"name": "x"}
    assert loaded == [1]
    registry.ready()
    assert loaded == [1]  # once
    again = UpcasterRegistry(deferred, own="tournament-")
    assert again.current("renamed") == 2  # asked directly: loaded
    fresh = UpcasterRegistry(deferred, own="tournament-")
    rows, _stored = chain(fresh, "match-K1", [NewEvent("renamed", {"nom": "y"})], 0, "", "t", None)
    assert rows[0][3] == 2  # appended at the current schema version the games declare


def test_no_game_lifts_a_tournament_s_events() -> None:
    """What lets a command that reads only tournaments skip the games' upcasters
    (`streams.matches.upcasters`): no installed game's upcaster is for a tournament event
    type, and the registry's idea of a tournament's stream is the tournament core's."""
    from tourney.gamekit import upcasters as game_upcasters
    from tourney.streams.matches import TOURNAMENT_STREAMS
    from tourney.tournament.events import EVENT_MODULES, EVENT_TYPES
    from tourney.tournament.streams import PREFIX

    assert TOURNAMENT_STREAMS == PREFIX
    lifted = {type_ for type_, _version in game_upcasters()}
    assert lifted, "Horse Race has upcasters"
    assert not lifted & {*EVENT_TYPES, *EVENT_MODULES}
