"""Signed values: HMAC-SHA256 over a short text, in a form that fits a URL or a cookie.

One server secret signs the table tokens, the director's session and every CSRF token, each
under its own purpose so that no signed value of one kind passes for another.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
import time
from pathlib import Path

from tourney.errors import TourneyError
from tourney.i18n import _

SECRET_BYTES = 32
DIGEST_BYTES = 16  # 128 bits: unguessable, and short enough for a QR code


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes | None:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, TypeError):
        return None


class Signer:
    """Signs and checks texts with one secret."""

    def __init__(self, secret: bytes) -> None:
        if len(secret) < 16:
            raise ValueError("a signing secret needs at least 16 bytes")
        self._secret = secret

    def digest(self, purpose: str, text: str) -> str:
        mac = hmac.new(self._secret, f"{purpose}\n{text}".encode(), hashlib.sha256)
        return _b64(mac.digest()[:DIGEST_BYTES])

    def sign(self, purpose: str, text: str) -> str:
        """``text`` (any characters) and its signature, as one URL-safe string."""
        return f"{_b64(text.encode())}.{self.digest(purpose, text)}"

    def unsign(self, purpose: str, signed: str) -> str | None:
        """The text ``signed`` carries, or None when it was not signed here for ``purpose``."""
        body, dot, mac = signed.partition(".")
        if not dot or len(signed) > 512:
            return None
        raw = _unb64(body)
        if raw is None:
            return None
        try:
            text = raw.decode()
        except UnicodeDecodeError:
            return None
        if not hmac.compare_digest(mac, self.digest(purpose, text)):
            return None
        return text


def load_secret(path: Path) -> bytes:
    """The server secret kept in ``path`` (made, readable by its owner only, when missing).

    Every server process started on the same database from the same folder shares it, so a
    QR code works whichever process the phone reaches. Raises TourneyError for a file that
    holds something else."""
    fresh = secrets.token_hex(SECRET_BYTES)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass  # made earlier, or by another server process just now: use that one
    else:
        with os.fdopen(fd, "w", encoding="ascii") as out:
            out.write(fresh + "\n")
    text = ""
    for _attempt in range(50):  # another process may have made it and not yet written it
        text = path.read_text(encoding="ascii", errors="replace").strip()
        if text:
            break
        time.sleep(0.02)
    try:
        secret = bytes.fromhex(text)
    except ValueError:
        secret = b""
    if len(secret) < SECRET_BYTES:
        raise TourneyError(
            _(
                "{path} does not hold a server secret ({digits} hex digits): "
                "remove it and a new one is made (printed QR codes then need reprinting)"
            ).format(path=path, digits=2 * SECRET_BYTES)
        )
    return secret


def new_nonce() -> str:
    return secrets.token_urlsafe(16)
