"""Pairing the next round: the dispatcher that asks the tournament's format
(`tourney.tournament.format`) to pair it, and the parts every format shares (seeding, the
field, match points so far, who met whom, seats, the round's event and its checks). Each
format's own pairing is in its module under `tourney/tournament/formats/`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

from tourney.i18n import _, ngettext
from tourney.tournament.events import PairedTable, RoundPaired, TournamentEvent
from tourney.tournament.format import PairRequest, format_of
from tourney.tournament.matches import match_points
from tourney.tournament.notes.notes import Note, Who, clauses, note
from tourney.tournament.seating import lot
from tourney.tournament.seating.seating import SeatRecord
from tourney.tournament.state import RoundError, TournamentError, TournamentState

# -- pairing ---------------------------------------------------------------------------


def recorded_seed_order(state: TournamentState) -> tuple[str, ...]:
    """The order round 1 was seeded in by the club's ratings (empty: not seeded so)."""
    return state.rounds[0].seed_order if state.rounds else ()


def seed_key(
    state: TournamentState, entrant: str, order: Sequence[str] | None = None
) -> tuple[int, ...]:
    """Sort key for seeding: in `order` (default: the order recorded when round 1 was
    seeded by rating), then by rating entered (highest first), previous rank, or
    registration."""
    return seed_keys(state, (entrant,), order)[entrant]


def seed_keys(
    state: TournamentState, entrants: Iterable[str], order: Sequence[str] | None = None
) -> dict[str, tuple[int, ...]]:
    """`seed_key` of each of `entrants`. What every key reads from the whole field (the
    seeding resolved from everyone's ratings, each place in `order`) is worked out once:
    asked entrant by entrant, a 10,000-player Swiss spent seconds on it."""
    order = recorded_seed_order(state) if order is None else order
    place: dict[str, int] = {}
    for at, seed in enumerate(order):
        place.setdefault(seed, at)
    seeding = lot.seeding_of(state)
    keys: dict[str, tuple[int, ...]] = {}
    for entrant in entrants:
        if entrant in place:
            keys[entrant] = (0, place[entrant])
        elif order:
            keys[entrant] = (1, *_entered_seed_key(state, entrant, seeding))
        else:
            keys[entrant] = _entered_seed_key(state, entrant, seeding)
    return keys


def _entered_seed_key(state: TournamentState, entrant: str, seeding: str) -> tuple[int, int, int]:
    """The key from what was entered; `seeding` is `lot.seeding_of(state)`."""
    settings = state.created
    if entrant in state.teams:
        team = state.teams[entrant]
        members = [state.players[m] for m in team.members]
        order = team.order
    else:
        members = [state.players[entrant]]
        order = members[0].order
    ratings = [p.rating for p in members]
    seeds = [p.seed for p in members if p.seed is not None]
    ticket = lot.entrant_ticket(state, entrant, seeding)
    if ticket is not None:  # seeded by lot: the draw's ticket (`tourney.tournament.seating.lot`)
        return (0, ticket, order)
    if seeding == "rating":
        if any(r is None for r in ratings):
            return (1, 0, order)
        return (0, -sum(r for r in ratings if r is not None), order)
    if settings.seeding == "previous":
        return (0, min(seeds), order) if seeds else (1, 0, order)
    return (0, 0, order)


def seeded(
    state: TournamentState, entrants: Iterable[str], order: Sequence[str] | None = None
) -> list[str]:
    entrants = list(entrants)
    keys = seed_keys(state, entrants, order)
    return sorted(entrants, key=keys.__getitem__)


def rating_order(
    state: TournamentState, ratings: Mapping[str, float]
) -> tuple[tuple[str, ...], Note]:
    """The active entrants seeded by `ratings` (player id -> rating, higher better; a
    partnership counts its two members' sum), and a note saying so: those with a rating
    first, best first, then those without (a player who has no rated match yet), by the
    tournament's `seeding`. The ratings are the caller's: the core never rates."""

    def members(entrant: str) -> tuple[str, ...]:
        return state.teams[entrant].members if entrant in state.teams else (entrant,)

    def rating(entrant: str) -> float | None:
        values = [ratings.get(m) for m in members(entrant)]
        return None if any(v is None for v in values) else sum(v for v in values if v is not None)

    active = state.active_entrants()
    rated = {e: r for e in active if (r := rating(e)) is not None}
    keys = seed_keys(state, rated, order=())
    order = sorted(rated, key=lambda e: (-rated[e], keys[e]))
    order += seeded(state, (e for e in active if e not in rated), order=())
    shown = tuple(
        note("seed.rated", who=Who(e), rating=Decimal(f"{rated[e]:.2f}"))
        for e in order
        if e in rated
    )
    unrated = tuple(Who(e) for e in order if e not in rated)
    said = note("seed.ratings", rated=shown) if shown else note("seed.ratings_none")
    if not unrated:
        return tuple(order), said
    by = note(f"seed.unrated_{state.created.seeding}", entrants=unrated)
    return tuple(order), clauses(said, by)


def points_by_entrant(state: TournamentState) -> dict[str, Fraction]:
    """Current match points of every entrant (a late entry's start, matches and byes)."""
    settings = state.created
    points = {e: state.entrant_start_points(e) for e in state.entrant_ids()}
    for match in state.matches.values():
        if match.outcome is not None:
            for side, entrant in enumerate(match.sides):
                points[entrant] += match_points(
                    match.outcome, side, settings.shared_win, settings.placement_points
                )
    for entrant in state.byes():
        points[entrant] += settings.bye_points
    return points


def meetings(state: TournamentState) -> dict[str, frozenset[str]]:
    """Everyone each entrant has shared a table with (voided and unfinished matches too)."""
    met: dict[str, set[str]] = {e: set() for e in state.entrant_ids()}
    for match in state.matches.values():
        for entrant in match.sides:
            met[entrant].update(o for o in match.sides if o != entrant)
    return {e: frozenset(others) for e, others in met.items()}


def seat_records(state: TournamentState) -> dict[str, SeatRecord]:
    """Each entrant's turns in each side position (side 0 opens), from all matches."""
    records: dict[str, SeatRecord] = {}
    for match in sorted(state.matches.values(), key=lambda m: (m.round, m.table)):
        for side, entrant in enumerate(match.sides):
            records[entrant] = records.get(entrant, SeatRecord()).seated(side, match.round)
    return records


def missing_tables(state: TournamentState, number: int) -> list[int]:
    """Tables of round `number` whose match (or deciding match) still has no result."""
    return sorted({m.table for m in state.round_matches(number) if m.outcome is None})


TABLES_NAMED = 20
"""The most table numbers a message names (a 10,000-player round has 5,000 tables)."""


def tables_text(numbers: Sequence[int]) -> str:
    """``"table 3"``, ``"tables 1, 2 and 4"``: table numbers in words, one or many (beyond
    `TABLES_NAMED`, the first of them and how many more)."""
    words = [str(n) for n in numbers]
    if len(words) > TABLES_NAMED:
        return _("tables {numbers} and {count} more").format(
            numbers=", ".join(words[:TABLES_NAMED]), count=len(words) - TABLES_NAMED
        )
    if len(words) == 1:
        return _("table {number}").format(number=words[0])
    return _("tables {numbers} and {last}").format(numbers=", ".join(words[:-1]), last=words[-1])


def bracket_field(state: TournamentState, order: Sequence[str] | None = None) -> list[str]:
    """The entrants fixed by round 1 (round robin, elimination), in seeding order
    (`order`: round 1's order by rating, while it is being paired)."""
    if not state.rounds:
        return seeded(state, state.active_entrants(), order)
    first = state.rounds[0]
    present = {e for m in state.round_matches(1) for e in m.sides} | set(first.byes)
    return seeded(state, present)


def decide_pair_round(
    state: TournamentState,
    *,
    override: bool = False,
    forbidden: frozenset[frozenset[str]] = frozenset(),
    avoid_same_club: bool = False,
    ratings: Mapping[str, float] | None = None,
) -> list[TournamentEvent]:
    """Pair the next round by the tournament's format (`tourney.tournament.format`).

    Refuses while results of the previous round are missing, unless `override` (not in a
    format whose round needs every winner: a bracket's). `forbidden` holds entrant id pairs
    kept apart where possible; `avoid_same_club` keeps clubmates apart likewise. `ratings`
    (player id -> the club's rating now) seeds round 1 of a tournament created with
    ``seed_by="rating"``; the order they give is recorded in the `RoundPaired`.
    """
    fmt = format_of(state)
    request = PairRequest(override, forbidden, avoid_same_club, ratings)
    if fmt.checks_previous_round:
        check_previous_round(state, override, every_winner=bool(fmt.bracket))
    return fmt.pair(state, request)


def decide_pair_deciding_matches(state: TournamentState) -> list[TournamentEvent]:
    """Pair a deciding match for every table of the latest round left tied (a
    knockout's; other formats refuse)."""
    return format_of(state).pair_deciding_matches(state)


def check_previous_round(state: TournamentState, override: bool, *, every_winner: bool) -> None:
    """Refuse to pair the next round while results of the previous one are missing, unless
    `override` (never when `every_winner`: a knockout round needs every winner)."""
    number = len(state.rounds) + 1
    if number == 1:
        return
    missing = missing_tables(state, number - 1)
    if missing and (not override or every_winner):
        hint = (
            _("a knockout round needs every winner")
            if every_winner
            else _("add --override to pair it anyway")
        )
        raise RoundError(
            _(
                "cannot pair round {number} of {title}: results of round {value} "
                "are missing at {tables_text} ({hint})"
            ),
            rounds=("number", "value"),
            number=number,
            title=state.title,
            value=number - 1,
            tables_text=tables_text(missing),
            hint=hint,
        )


def rating_seeding(
    state: TournamentState, ratings: Mapping[str, float] | None
) -> tuple[tuple[str, ...], Note] | None:
    """Round 1's order on the record and the note saying so: the order `ratings` give, for
    a tournament seeded by the club's ratings (refused without them), or the order drawn by
    lot (`tourney.tournament.seating.lot`); None: not round 1, or neither."""
    if state.rounds:
        return None
    if state.created.seed_by != "rating":
        return lot.round_one_lot(state, state.active_entrants())
    if ratings is None:
        raise TournamentError(
            _(
                "cannot pair round 1 of {title}: it is seeded by rating, and no ratings were given"
            ).format(title=state.title)
        )
    active_field(state)
    return rating_order(state, ratings)


def seeded_round(paired: RoundPaired, seeding: tuple[tuple[str, ...], Note] | None) -> RoundPaired:
    """Round 1 seeded by rating or drawn by lot: the order used and the note saying so, on
    the record."""
    if seeding is None:
        return paired
    order, said = seeding
    return replace(paired, seed_order=order, notes=(said, *paired.notes))


def active_field(state: TournamentState) -> tuple[str, ...]:
    active = state.active_entrants()
    if state.created.partnerships:
        loose = [p.name for p in state.players.values() if p.team is None and not p.withdrawn]
        if loose:
            raise TournamentError(
                _("cannot pair {title}: players without a partner: {loose}").format(
                    title=state.title, loose=", ".join(loose)
                )
            )
    if len(active) < 2:
        raise TournamentError(
            ngettext(
                "cannot pair {title}: {n} active entrant",
                "cannot pair {title}: {n} active entrants",
                len(active),
            ).format(title=state.title, n=len(active))
        )
    return active


def seats_of(state: TournamentState, sides: Sequence[str], number: int) -> tuple[str, ...]:
    if not state.created.partnerships:
        return tuple(sides)
    first, second = (state.teams[s].members for s in sides)
    if number % 2 == 0:
        first, second = (first[1], first[0]), (second[1], second[0])
    return (first[0], second[0], first[1], second[1])


def round_event(
    state: TournamentState,
    number: int,
    tables: Sequence[tuple[Sequence[str], Note]],
    byes: Sequence[str],
    notes: Sequence[Note],
    override: bool,
) -> RoundPaired:
    return RoundPaired(
        round=number,
        tables=tuple(
            PairedTable(index, seats_of(state, sides, number), state.match_id(number, index), why)
            for index, (sides, why) in enumerate(tables, start=1)
        ),
        byes=tuple(byes),
        notes=tuple(notes),
        overridden=override and number > 1 and bool(missing_tables(state, number - 1)),
    )


def withdrawn_clause(why: Note, gone: int) -> Note:
    """A scheduled table's why, saying how many of its entrants have withdrawn (if any)."""
    return clauses(why, note("table.withdrawn", n=gone)) if gone else why
