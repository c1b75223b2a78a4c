"""Table tokens: the link in a table's QR code, authorising that table of that round only.

A token is the signed text ``slug:round:table:generation`` (``:pairing`` added once the
round was paired again). It is honoured while its round is the tournament's latest (pairing
the next round expires it), while its pairing is that round's current one (`round repair`
or `round remove` then `pair` seat the round anew: a link or a page of the seating before
can never record on the new one), and while its generation is the table's current one.
The director revokes a table's link by reissuing it: a ``table_token_reissued`` event in
the stream ``table-tokens-<slug>`` raises that table's generation, so every server process
on the database refuses the old link at once, and the revocation is kept and audited like
every other decision of the night (a rotated key in one process's memory would be neither
shared nor kept).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from tourney.errors import TourneyError
from tourney.i18n import _
from tourney.web.signing import Signer

PURPOSE = "table"
STREAM_PREFIX = "table-tokens-"
REISSUED = "table_token_reissued"


class TokenRefused(TourneyError):
    """A table link that does not (or no longer) authorise anything; says why."""


def tokens_stream(slug: str) -> str:
    return f"{STREAM_PREFIX}{slug}"


@dataclass(frozen=True, slots=True)
class TableToken:
    slug: str
    round: int
    table: int
    generation: int = 0
    pairing: int = 0
    """How often its round had been removed when the link was made (0: its first seating)."""

    def text(self) -> str:
        text = f"{self.slug}:{self.round}:{self.table}:{self.generation}"
        return f"{text}:{self.pairing}" if self.pairing else text  # first seatings' as before

    @classmethod
    def parse(cls, text: str) -> TableToken | None:
        parts = text.split(":")
        if len(parts) not in (4, 5) or not all(p.isdigit() for p in parts[1:]):
            return None
        return cls(parts[0], *(int(p) for p in parts[1:]))

    def sign(self, signer: Signer) -> str:
        return signer.sign(PURPOSE, self.text())


class _Stored(Protocol):
    @property
    def type(self) -> str: ...
    @property
    def payload(self) -> dict[str, Any]: ...


def generations(stored: Iterable[_Stored]) -> dict[tuple[int, int], int]:
    """Each (round, table)'s current generation: how often its link was reissued."""
    counts: dict[tuple[int, int], int] = {}
    for event in stored:
        if event.type == REISSUED:
            key = (int(event.payload["round"]), int(event.payload["table"]))
            counts[key] = counts.get(key, 0) + 1
    return counts


def read_token(signer: Signer, signed: str) -> TableToken:
    """The token ``signed`` carries; TokenRefused when it was not signed by this server."""
    text = signer.unsign(PURPOSE, signed)
    token = None if text is None else TableToken.parse(text)
    if token is None:
        raise TokenRefused(_("this table link is not valid here: scan the table's QR code again"))
    return token


def check_current(
    token: TableToken,
    slug: str | None,
    latest_round: int,
    tables: Iterable[int],
    generation: int,
    pairing: int = 0,
) -> None:
    """Refuse a token that is not for the newest tournament's latest round, was made for a
    seating of its round since removed (``pairing``: how often the token's round has been
    removed), names no table of it, or was revoked (its generation is not the table's
    current one)."""
    if slug != token.slug:
        raise TokenRefused(
            _("this table link is for tournament {slug!r}, not running now").format(slug=token.slug)
        )
    if token.pairing != pairing:
        raise TokenRefused(_("this table was paired again: scan the new card"))
    if token.round != latest_round:
        raise TokenRefused(
            _(
                "this link was for round {round}; round {latest} is paired now: scan the new QR "
                "code at your table"
            ).format(round=token.round, latest=latest_round)
        )
    if token.table not in set(tables):
        raise TokenRefused(
            _("round {number} has no table {table}").format(number=token.round, table=token.table)
        )
    if token.generation != generation:
        raise TokenRefused(
            _("the director has reissued table {table}'s link: ask for the new QR code").format(
                table=token.table
            )
        )
