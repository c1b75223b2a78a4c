"""The hash chain of a stream: each event's hash covers its content and the hash before it.

The first event of a stream chains from `GENESIS`. The content hashed is a JSON array of the
previous hash and every stored field except the global position (positions are the log's
order, not the stream's; a reordering shows as a broken chain through `version`). The
payload is hashed as the exact text stored, so any edit to it shows.
"""

from __future__ import annotations

from hashlib import sha256
from json.encoder import encode_basestring as _text

GENESIS = "0" * 64
SHORT_LENGTH = 12


def event_hash(
    previous: str,
    stream_id: str,
    version: int,
    type: str,
    schema_version: int,
    payload: str,
    recorded_at: str,
    recorded_by: str | None,
    command_id: str | None,
) -> str:
    """The hex SHA-256 of one event chained to `previous`.

    The content is exactly `json.dumps([previous, stream_id, version, type, schema_version,
    payload, recorded_at, recorded_by, command_id], ensure_ascii=False, separators=(",", ":"))`,
    built by hand because appends compute one per event (a test checks they agree).
    """
    return BatchHasher(stream_id, recorded_at, command_id)(
        previous, version, type, schema_version, payload, recorded_by
    )


class BatchHasher:
    """`event_hash` for the events of one append, which share stream, time and command:
    those fields are encoded once."""

    __slots__ = ("_command", "_middle", "_stream")

    def __init__(self, stream_id: str, recorded_at: str, command_id: str | None) -> None:
        self._stream = _text(stream_id)
        self._middle = _text(recorded_at)
        self._command = _optional(command_id)

    def __call__(
        self,
        previous: str,
        version: int,
        type: str,
        schema_version: int,
        payload: str,
        recorded_by: str | None,
    ) -> str:
        content = (
            f"[{_text(previous)},{self._stream},{int(version)},{_text(type)},"
            f"{int(schema_version)},{_text(payload)},{self._middle},"
            f"{_optional(recorded_by)},{self._command}]"
        )
        return sha256(content.encode()).hexdigest()


def _optional(value: str | None) -> str:
    return "null" if value is None else _text(value)


def short(hash_: str) -> str:
    """The printable form of a head hash: its first 12 hex digits (48 bits), enough to tell
    two histories of one match apart on a scoresheet."""
    return hash_[:SHORT_LENGTH]
