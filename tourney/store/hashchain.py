"""The hash chain of a stream: each event's hash covers its content and the hash before it.

The first event of a stream chains from `GENESIS`. The content hashed is a JSON array of the
previous hash and every stored field except the global position (positions are the log's
order, not the stream's; a reordering shows as a broken chain through `version`). The
payload is hashed as the exact text stored, so any edit to it shows.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from typing import Any

import orjson

GENESIS = "0" * 64

Sha256 = Callable[[bytes], Any]
"""A SHA-256 of bytes: an object whose ``hexdigest()`` is the hex digest."""


def _builtin_sha256() -> Sha256:
    """CPython's own SHA-256 (``_sha256`` on 3.11, ``_sha2`` from 3.12), as `random` loads
    it: `hashlib` loads OpenSSL, ~11 M instructions, a tenth of what a one-shot command that
    appends (`tourney place`) spends beyond Typer and the entry points (bench/FINDINGS.md,
    "place12"). hashlib's where an interpreter is built without it. The same digest."""
    for name in ("_sha256", "_sha2"):
        try:
            found: Sha256 = importlib.import_module(name).sha256
            return found
        except (ImportError, AttributeError):
            continue
    from hashlib import sha256

    return sha256


_SHA256 = _builtin_sha256()


def openssl_sha256() -> Sha256:
    """OpenSSL's SHA-256 (`hashlib`), for hashing a whole log (`tourney verify`): twice as
    fast per event as the builtin once loaded. Each hash starts as a copy of an empty one:
    OpenSSL 3 looks the digest up again for each new hash object, and copying a ready one
    skips that."""
    import hashlib

    empty = hashlib.sha256()

    def sha256(data: bytes) -> Any:
        digest = empty.copy()
        digest.update(data)
        return digest

    return sha256


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
    *,
    sha256: Sha256 = _SHA256,
) -> str:
    """The hex SHA-256 of one event chained to `previous`.

    The content is exactly `json.dumps([previous, stream_id, version, type, schema_version,
    payload, recorded_at, recorded_by, command_id], ensure_ascii=False, separators=(",", ":"))`
    in UTF-8; every append computes one per event. ``sha256``: the builtin one, or
    `openssl_sha256()` for a whole log.
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
    digest: str = sha256(compact_json(fields)).hexdigest()
    return digest


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
