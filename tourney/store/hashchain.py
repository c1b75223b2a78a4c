"""The hash chain of a stream: each event's hash covers its content and the hash before it.

The first event of a stream chains from `GENESIS`. The content hashed is a JSON array of the
previous hash and every stored field except the global position (positions are the log's
order, not the stream's; a reordering shows as a broken chain through `version`). The
payload is hashed as the exact text stored, so any edit to it shows.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import json
from collections.abc import Callable
from typing import Protocol, cast


class _Digest(Protocol):
    def hexdigest(self) -> str: ...


def _fastest_sha256() -> Callable[[bytes], _Digest]:
    """CPython's own SHA-256 (HACL*: `_sha2` from 3.12, `_sha256` before) where the build has
    it, else hashlib's (OpenSSL). The digests are the same; the builtin one skips OpenSSL's
    provider lookup on every hash, 3 us less per append when run cold right after a commit's
    fsync (measured with bench/store_bench.py's workload)."""
    for name in ("_sha2", "_sha256"):
        with contextlib.suppress(ImportError, AttributeError):
            return cast(Callable[[bytes], _Digest], importlib.import_module(name).sha256)
    return hashlib.sha256


sha256 = _fastest_sha256()

GENESIS = "0" * 64
SHORT_LENGTH = 12
# json.dumps(..., ensure_ascii=False, separators=(",", ":")) as one C call returning the
# chunks; None where json has no C accelerator.
_C_ENCODER = json.encoder.c_make_encoder  # type: ignore[attr-defined]
_ENCODE = (
    None
    if _C_ENCODER is None
    else _C_ENCODER(None, None, json.encoder.encode_basestring, None, ":", ",", False, False, True)
)


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
    built by json's C encoder without its Python wrappers: every append computes one per event
    (a test checks they agree).
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
    if _ENCODE is None:
        content = json.dumps(fields, ensure_ascii=False, separators=(",", ":"))
    else:
        content = "".join(_ENCODE(fields, 0))
    return sha256(content.encode()).hexdigest()


def short(hash_: str) -> str:
    """The printable form of a head hash: its first 12 hex digits (48 bits), enough to tell
    two histories of one match apart on a scoresheet."""
    return hash_[:SHORT_LENGTH]
