"""The hash chain of a stream: each event's hash covers its content and the hash before it.

The first event of a stream chains from `GENESIS`. The content hashed is a JSON array of the
previous hash and every stored field except the global position (positions are the log's
order, not the stream's; a reordering shows as a broken chain through `version`). The
payload is hashed as the exact text stored, so any edit to it shows.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import orjson

GENESIS = "0" * 64
# Every hash starts as a copy of this empty one: OpenSSL 3 looks the digest up again for
# each new hash object, and copying a ready one skips that (cheaper cold, right after a
# commit's fsync, and no slower warm: bench/FINDINGS.md).
_EMPTY_SHA256 = hashlib.sha256()


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
    payload, recorded_at, recorded_by, command_id], ensure_ascii=False, separators=(",", ":"))`
    in UTF-8; every append computes one per event.
    """
    fields = [
        previous,
        stream_id,
        version,
        type,
        schema_version,
        payload,
        recorded_at,
        recorded_by,
        command_id,
    ]
    digest = _EMPTY_SHA256.copy()
    digest.update(compact_json(fields))
    return digest.hexdigest()


def compact_json(value: Any) -> bytes:
    """`json.dumps(value, ensure_ascii=False, separators=(",", ":"))` in UTF-8: the form of
    stored payloads and of hash contents.

    orjson writes exactly that for strings, integers, null, booleans, lists and string-keyed
    objects (a property test holds it to that), several times faster; json writes what
    orjson refuses (keys that are not strings, integers past 64 bits, a lone surrogate).
    """
    try:
        return orjson.dumps(value)
    except (TypeError, orjson.JSONEncodeError):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()
