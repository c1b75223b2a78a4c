"""Entries: registering players (one, many, or carried over from a finished tournament
in its standings order), withdrawals and partnerships."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import TypeVar

from tourney import limits, names
from tourney.errors import quote
from tourney.i18n import N_, _
from tourney.names import clean_name, clean_optional
from tourney.tournament.events import PlayerRegistered, TournamentEvent
from tourney.tournament.format import format_of
from tourney.tournament.state import Player, TournamentError, TournamentState, evolve

_T = TypeVar("_T")


# -- entries ---------------------------------------------------------------------------


def last_round(state: TournamentState) -> int:
    """How many rounds this tournament has (for a bracket: as the field stands)."""
    return format_of(state).last_round(state)


def _registration_closed(state: TournamentState) -> str | None:
    settings = state.created
    fmt = format_of(state)
    if fmt.late_entries and len(state.rounds) >= settings.rounds:
        return _("the last round ({rounds}) of {title} is already paired").format(
            rounds=settings.rounds, title=state.title
        )
    if not fmt.late_entries and state.rounds:
        return _("the {kind} of {title} was fixed when round 1 was paired").format(
            kind=_(fmt.fixed_at_round_1), title=state.title
        )
    return None


def next_player_number(state: TournamentState) -> int:
    """The number of the next player id (``p<number>``): past every id given so far,
    removed registrations included, so that an id always means one person."""
    given = [*state.players, *state.removed]
    numbers = [int(p[1:]) for p in given if p[:1] == "p" and p[1:].isdigit()]
    return max(numbers, default=0) + 1


def look_alike(state: TournamentState, player_id: str) -> list[Player]:
    """The other players whose names look like ``player_id``'s (`tourney.names.alike`):
    likely the same person registered twice, worth a warning (not a refusal: two people
    may be called Mary Kate Lee and Mary-Kate Lee)."""
    name = state.players[player_id].name
    return [
        p for p in state.players.values() if p.player_id != player_id and names.alike(p.name, name)
    ]


def look_alikes(state: TournamentState, player_ids: Iterable[str]) -> dict[str, list[Player]]:
    """`look_alike` for each of `player_ids` at once, every name's `names.alike_keys`
    indexed once: an import of 10,000 is one pass, not 10,000 x 10,000 comparisons."""
    index: dict[object, list[Player]] = {}
    for player in state.players.values():
        for key in enumerate(names.alike_keys(player.name)):
            index.setdefault(key, []).append(player)
    found: dict[str, list[Player]] = {}
    for player_id in player_ids:
        keys = enumerate(names.alike_keys(state.players[player_id].name))
        others = {p.player_id: p for key in keys for p in index.get(key, ())}
        others.pop(player_id, None)
        found[player_id] = sorted(others.values(), key=lambda p: p.order)
    return found


def decide_register(
    state: TournamentState,
    player_id: str,
    name: str,
    *,
    club: str | None = None,
    rating: int | None = None,
    seed: int | None = None,
    start_points: Fraction = Fraction(0),
    by_folded_name: Mapping[str, Player] | None = None,
) -> list[TournamentEvent]:
    """Register a player; late entries are accepted until registration closes, and may
    start with ``start_points`` match points (the director's choice, e.g. a bye's worth
    for each round missed: they count in the standings and in Swiss pairing).

    The name and club are cleaned (`tourney.names.clean_name`) and the rating and seed
    checked against `tourney.limits`. Raises when the name (ignoring case, accents and
    spacing: `tourney.names.fold`) or the id is taken, when the field is full, or when the
    last round (Swiss) or round 1 (round robin, elimination) has been paired.
    """
    if not isinstance(name, str) or not name.strip():
        raise TournamentError(_("player {player_id!r} needs a name").format(player_id=player_id))
    name = clean_name(name, _("player name"))
    club = clean_optional(club, _("club of {name!r}").format(name=name))
    if rating is not None:
        limits.RATING.check(rating, repr(name))
    if seed is not None:
        limits.SEED.check(seed, repr(name))
    limits.check_points(start_points, _("start points"), repr(name))
    closed = _registration_closed(state)
    if closed:
        raise TournamentError(
            _("cannot register {name!r}: {closed}").format(name=name, closed=closed)
        )
    if len(state.players) >= limits.PLAYERS.high:
        raise TournamentError(
            _(
                "cannot register {name!r}: {title} has {count} players, the most "
                "one tournament takes"
            ).format(name=name, title=state.title, count=len(state.players))
        )
    if player_id in state.players or player_id in state.removed:
        raise TournamentError(
            _("cannot register {name!r}: player id {player_id!r} is taken").format(
                name=name, player_id=player_id
            )
        )
    key = names.fold(name)
    if by_folded_name is not None:  # the caller's index of the same players (an import)
        others = [by_folded_name[key]] if key in by_folded_name else []
    else:
        others = [p for p in state.players.values() if names.fold(p.name) == key]
    for other in others:
        raise TournamentError(
            _(
                "cannot register {name!r}: {name2!r} is already registered in "
                "{title} (as {player_id}; names are compared ignoring case and "
                "accents)"
            ).format(name=name, name2=other.name, title=state.title, player_id=other.player_id)
        )
    return [PlayerRegistered(player_id, name, club, rating, seed, start_points)]


def decide_register_all(
    state: TournamentState, registrations: Iterable[PlayerRegistered]
) -> list[TournamentEvent]:
    """Register many players at once (a CSV import): all of them or, on any error, none."""
    events: list[TournamentEvent] = []
    current = state
    # The names taken, kept up to date: 10,000 rows are checked in one pass, not 10,000.
    taken = {names.fold(p.name): p for p in state.players.values()}
    for entry in registrations:
        for event in decide_register(
            current,
            entry.player_id,
            entry.name,
            club=entry.club,
            rating=entry.rating,
            seed=entry.seed,
            start_points=entry.start_points,
            by_folded_name=taken,
        ):
            current = evolve(current, event)
            events.append(event)
            if isinstance(event, PlayerRegistered):
                taken[names.fold(event.name)] = current.players[event.player_id]
    return events


def decide_register_from(
    state: TournamentState, previous: TournamentState, top: int | None = None
) -> list[TournamentEvent]:
    """Register the players of a finished (or running) tournament in their standings order,
    each with their rank as seed: with ``seeding="previous"`` the bracket is seeded from it.

    ``top`` keeps the first ``top`` ranked entrants (withdrawn entrants are left out; a
    partnership's members come in together). All of them or, on any error, none.
    """
    # The standings: loaded to carry a tournament over, not by every reader of its entries.
    from tourney.tournament.standings.standings import standings_of

    rows = [row for row in standings_of(previous) if not row.withdrawn]
    if top is not None:
        if top < 1:
            raise TournamentError(_("--top must be at least 1, not {top}").format(top=top))
        rows = rows[:top]
    if not rows:
        raise TournamentError(
            _("{title} has no standings to carry over").format(title=previous.title)
        )
    first = next_player_number(state)
    entries: list[PlayerRegistered] = []
    for row in rows:
        members = (
            previous.teams[row.entrant_id].members
            if row.entrant_id in previous.teams
            else (row.entrant_id,)
        )
        for member in members:
            player = previous.players[member]
            entries.append(
                PlayerRegistered(
                    f"p{first + len(entries)}", player.name, player.club, player.rating, row.rank
                )
            )
    return decide_register_all(state, entries)


def lookup(state: TournamentState, table: Mapping[str, _T], key: str, missing: str) -> _T:
    """``table[key]``; refused with ``missing`` (a msgid naming {key!r} and {title}) when
    the tournament has no such key."""
    try:
        return table[key]
    except KeyError:
        raise TournamentError(_(missing).format(key=key, title=state.title)) from None


def _player(state: TournamentState, player_id: str) -> Player:
    return lookup(state, state.players, player_id, N_("no player {key!r} in {title}"))


def decide_withdraw(
    state: TournamentState, player_id: str, reason: str = ""
) -> list[TournamentEvent]:
    """Withdraw a player: they keep their results and are never paired again."""
    reason = clean_optional(reason, _("reason"), limits.REASON_LENGTH) or ""
    player = _player(state, player_id)
    if player.withdrawn:
        raise TournamentError(
            _("{name!r} has already withdrawn from {title}").format(
                name=player.name, title=state.title
            )
        )
    # The entries' events load with a decision that makes one, not with every reader.
    from tourney.tournament.entry_events import PlayerWithdrawn

    return [PlayerWithdrawn(player_id, reason)]


def decide_remove(
    state: TournamentState, player_id: str, reason: str = ""
) -> list[TournamentEvent]:
    """Take back a registration made by mistake (a duplicate, the wrong tournament): only
    before the player has been paired, had a bye or joined a partnership. Once they have
    played, a player is withdrawn instead (`decide_withdraw`): results are never erased."""
    reason = clean_optional(reason, _("reason"), limits.REASON_LENGTH) or ""
    player = _player(state, player_id)
    paired = [m for m in state.matches.values() if player_id in m.seats]
    if paired:
        first = min(paired, key=lambda m: (m.round, m.table))
        raise TournamentError(
            _(
                "cannot remove {name!r}: they were paired in round {round} "
                "(table {table}); withdraw them instead: tourney player withdraw "
                "{player_id}"
            ).format(name=player.name, round=first.round, table=first.table, player_id=player_id)
        )
    byes = [n for n, paired_round in enumerate(state.rounds, 1) if player_id in paired_round.byes]
    if byes:
        raise TournamentError(
            _(
                "cannot remove {name!r}: they had a bye in round {byes}; "
                "withdraw them instead: tourney player withdraw {player_id}"
            ).format(name=player.name, byes=byes[0], player_id=player_id)
        )
    if player.team is not None:
        raise TournamentError(
            _("cannot remove {name!r}: they play in partnership {name2!r}").format(
                name=player.name, name2=state.teams[player.team].name
            )
        )
    # The entries' events load with a decision that makes one, not with every reader.
    from tourney.tournament.entry_events import PlayerRemoved

    return [PlayerRemoved(player_id, reason)]


def decide_form_partnership(
    state: TournamentState, team_id: str, members: tuple[str, str], name: str | None = None
) -> list[TournamentEvent]:
    """Pair two registered players into a fixed partnership (before round 1)."""
    if not state.created.partnerships:
        raise TournamentError(
            _("{title} is not a partnership tournament").format(title=state.title)
        )
    if state.rotating:
        raise TournamentError(
            _(
                "partners of {title} are drawn anew each round (rotating partners): "
                "register the players one by one"
            ).format(title=state.title)
        )
    if state.rounds:
        raise TournamentError(
            _("partnerships of {title} were fixed when round 1 was paired").format(
                title=state.title
            )
        )
    first, second = (_player(state, m) for m in members)
    if first.player_id == second.player_id:
        raise TournamentError(_("{name!r} cannot partner themselves").format(name=first.name))
    for player in (first, second):
        if player.team is not None:
            raise TournamentError(
                _("{name!r} already plays in partnership {name2!r}").format(
                    name=player.name, name2=state.teams[player.team].name
                )
            )
    if team_id in state.teams:
        raise TournamentError(
            _("partnership id {team_id!r} is taken in {title}").format(
                team_id=team_id, title=state.title
            )
        )
    name = clean_optional(name, _("partnership name"))
    # The entries' events load with a decision that makes one, not with every reader.
    from tourney.tournament.entry_events import PartnershipFormed

    return [PartnershipFormed(team_id, name or f"{first.name} & {second.name}", members)]


def player_id(state: TournamentState, who: str) -> str:
    """A player's id from their id or name, looked up as everywhere (`tourney.names.find`:
    case and accents ignored, a unique beginning is enough); TournamentError when nobody or
    several players match. Text that is not UTF-8 is refused as every edge refuses it."""
    limits.check_text(who, _("player"))
    if who in state.players:
        return who
    ids = {player.name: player.player_id for player in state.players.values()}
    found = names.find(who, ids)
    if len(found) == 1:
        return ids[found[0]]
    if found:
        raise TournamentError(
            _("{who} could be {found} in {title}: give more of the name").format(
                who=quote(who), found=", ".join(found[:5]), title=state.title
            )
        )
    raise TournamentError(_("no player {who} in {title}").format(who=quote(who), title=state.title))
