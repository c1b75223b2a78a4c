"""Round 1 by lot: the order a tournament's first round is seeded in, drawn from a seed.

``tournament create --first-round random`` (and the default when no player has a rating)
draws the seed once, in the shell, and records it in the `TournamentCreated` event
(`draw_seed`). Everything here is a pure function of that seed and the entrants' ids: the
lot is each entrant's place when the entrants are sorted by a hash of (seed, id), so

* replaying the events, or pairing round 1 again after a `round repair`, draws the very
  same order (no random state is read, ever: not Python's, not the machine's);
* an entrant added or taken away moves nobody else: the others keep their order.

The order drawn is recorded in round 1's `RoundPaired.seed_order` too, as a rating order
is, so later rounds (a Swiss's ties within a score group, an accelerated group A) read the
draw from the record. How round 1 then seats the order is the format's: a Swiss pairs it
as a score group (top half against bottom half, clubmates kept apart when the director asks,
`--avoid-same-club`); a knockout deals it to the bracket, so the bracket itself is drawn.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tourney.i18n import _
from tourney.tournament.events import AUTO, FIRST_ROUNDS
from tourney.tournament.notes.notes import Note, Who, note
from tourney.tournament.state import TournamentError, TournamentState

SEED_BITS = 63
"""A draw's seed is a whole number below ``2 ** SEED_BITS``: JSON-safe, and on PostgreSQL's
bigint and SQLite's integer alike."""

__all__ = ["AUTO", "FIRST_ROUNDS", "SEED_BITS", "drawn", "lot_key", "round_one_lot"]


def lot_key(seed: int, entrant: str) -> int:
    """An entrant's ticket in the draw of `seed`: the lower, the earlier it is drawn."""
    import hashlib  # loaded by a draw, not by a command that reads rounds (~1 ms: OpenSSL)

    digest = hashlib.sha256(f"{seed}:{entrant}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def drawn(seed: int, entrants: Iterable[str]) -> tuple[str, ...]:
    """`entrants` in the order the lot of `seed` draws them (ids break the tie that two
    equal tickets, one in 2 ** 64, would leave)."""
    return tuple(sorted(entrants, key=lambda e: (lot_key(seed, e), e)))


def resolved(seeding: str, ratings: Mapping[str, int | None]) -> str:
    """The seeding round 1 uses: `AUTO` is ``random`` when no entrant in `ratings` (entrant
    -> the rating entered with them) has one, else ``rating``; any other as it is."""
    if seeding != AUTO:
        return seeding
    return "rating" if any(r is not None for r in ratings.values()) else "random"


def lot_note(seed: int, order: Iterable[str]) -> Note:
    """Round 1's note on the record: the seed and the order it drew (entrant ids)."""
    return note("lot.drawn", seed=str(seed), order=tuple(Who(e) for e in order))


def checked_seed(seeding: str, seed: int | None) -> int | None:
    """The seed a new tournament records: needed by ``random`` and `AUTO` (which may draw),
    none for the others; a whole number below ``2 ** SEED_BITS``."""
    if seeding not in ("random", AUTO):
        return None
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**SEED_BITS:
        raise TournamentError(
            _("round 1 by lot needs the draw's seed, a whole number from 0 to {high}").format(
                high=2**SEED_BITS - 1
            )
        )
    return seed


def seeding_of(state: TournamentState) -> str:
    """The tournament's seeding, `AUTO` resolved by the ratings entered with its players."""
    return resolved(state.created.seeding, {p: e.rating for p, e in state.players.items()})


def entrant_ticket(state: TournamentState, entrant: str, seeding: str | None = None) -> int | None:
    """`entrant`'s ticket in the tournament's lot (None: not seeded by lot); `seeding` is
    `seeding_of(state)` when the caller has it already (it reads every player)."""
    seed = state.created.draw_seed
    if seed is None or (seeding or seeding_of(state)) != "random":
        return None
    return lot_key(seed, entrant)


def round_one_lot(
    state: TournamentState, entrants: Iterable[str]
) -> tuple[tuple[str, ...], Note] | None:
    """Round 1's order drawn by lot and the note saying so, for `RoundPaired.seed_order`
    (None: this tournament's round 1 is not drawn). Asked by the formats whose round 1 is
    seeded (Swiss, the knockouts: through `pairing.rating_seeding`), so a new format's
    round 1 is drawn by calling it, with no list of formats here. A round robin, a balanced
    seating and rotating partners meet everyone by a schedule and do not ask; a groups
    tournament deals its pools from the seed order, which the lot's tickets give
    (`seeding_of`), and seeds its knockout by the pools' results."""
    settings = state.created
    seed = settings.draw_seed
    if settings.seed_by != "seeding" or seed is None:
        return None
    if seeding_of(state) != "random":
        return None
    order = drawn(seed, entrants)
    return order, lot_note(seed, order)
