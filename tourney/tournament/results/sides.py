"""Who a director means at a table: a side or a seat by its number, or by a name.

Seat order changes every round, so every director command takes names (`tourney.names.find`:
case and accents ignored, a unique beginning is enough), looked up among the people at that
table only; numbers from 1 are still accepted. Scores may be given by name, ``Ann=10,Bo=61``,
in any order, or by side in seat order, ``10,61``.
"""

from __future__ import annotations

from collections.abc import Sequence

from tourney import names
from tourney.errors import quote
from tourney.i18n import N_, _
from tourney.limits import Bound, LimitError, parse_whole
from tourney.tournament.matches import MatchRecord
from tourney.tournament.state import TournamentError, TournamentState

SAID = {"seat": N_("seat"), "side": N_("side")}
"""A seat or a side as a refusal names it."""


def _where(match: MatchRecord) -> str:
    return _("table {table} ({id})").format(table=match.table, id=match.match_id)


def _people(state: TournamentState, match: MatchRecord) -> list[str]:
    return [state.players[p].name for p in match.seats if p in state.players]


def _number(text: str, count: int, what: str, match: MatchRecord) -> int | None:
    """``text`` as a number from 1 to ``count`` (as an index from 0), None if not a number."""
    if not text.strip().lstrip("+-").isdigit():
        return None
    try:
        return parse_whole(text, Bound(SAID[what], 1, count)) - 1
    except LimitError:
        said = (
            _("{where} has seats 1 to {count}, not {strip}")
            if what == "seat"
            else _("{where} has sides 1 to {count}, not {strip}")
        )
        raise TournamentError(
            said.format(where=_where(match), count=count, strip=quote(text.strip()))
        ) from None


def seat_of(state: TournamentState, match: MatchRecord, who: str) -> str:
    """The player id of a seat at ``match``'s table: its number from 1, or a player's name."""
    index = _number(who, len(match.seats), "seat", match)
    if index is not None:
        return match.seats[index]
    by_name = {state.players[p].name: p for p in match.seats if p in state.players}
    found = names.find(who.strip(), by_name)
    if len(found) == 1:
        return by_name[found[0]]
    people = ", ".join(_people(state, match))
    if found:
        raise TournamentError(
            _("{who} could be {found} at {where}: give more of the name").format(
                who=quote(who), found=", ".join(found), where=_where(match)
            )
        )
    raise TournamentError(
        _(
            "{who} does not sit at {where} ({people}): seats are names or numbers from 1 to {count}"
        ).format(who=quote(who), where=_where(match), people=people, count=len(match.seats))
    )


def side_of(state: TournamentState, match: MatchRecord, who: str) -> int:
    """A side of ``match`` (from 0): its number from 1, or the name of the entrant holding
    it (a player, a partnership) or of a player seated on it."""
    index = _number(who, len(match.sides), "side", match)
    if index is not None:
        return index
    labels: dict[str, int] = {}
    for side, entrant in enumerate(match.sides):
        labels.setdefault(state.entrant_name(entrant), side)
        team = state.teams.get(entrant)
        for member in team.members if team is not None else ():
            labels.setdefault(state.players[member].name, side)
    found = names.find(who.strip(), labels)
    sides = sorted({labels[name] for name in found})
    if len(sides) == 1:
        return sides[0]
    if found:
        raise TournamentError(
            _("{who} could be {found} at {where}: give more of the name").format(
                who=quote(who), found=", ".join(found), where=_where(match)
            )
        )
    raise TournamentError(
        _(
            "{who} does not sit at {where} ({people}): sides are names or numbers from 1 to {count}"
        ).format(
            who=quote(who),
            where=_where(match),
            people=", ".join(_people(state, match)),
            count=len(match.sides),
        )
    )


def sides_named(state: TournamentState, match: MatchRecord, text: str) -> list[int]:
    """Comma-separated sides, by name or number (``"Bo"``, ``"2,Cy"``), as indexes from 0."""
    parts = [part for part in text.split(",") if part.strip()]
    if not parts:
        raise TournamentError(
            _("say which side at {where}: a name, like 'Bo', or 2").format(where=_where(match))
        )
    return [side_of(state, match, part) for part in parts]


def scores_named(state: TournamentState, match: MatchRecord, text: str, bound: Bound) -> list[int]:
    """Scores per side from ``"Ann=10,Bo=61"`` (by name or side number, any order, every
    side once; a side out by forfeit or no-show while the others play on may be left out,
    and scores 0) or ``"10,61"`` (by side, in seat order)."""
    parts = [part for part in text.split(",") if part.strip()]
    if not any("=" in part for part in parts):
        return [parse_whole(part, bound) for part in parts]
    scores: dict[int, int] = {}
    typed: dict[int, str] = {}
    for part in parts:
        who, equals, value = part.partition("=")
        if not equals:
            raise TournamentError(
                _(
                    "scores by name are name=score for every side, like 'Ann=10,Bo=61', not {strip}"
                ).format(strip=quote(part.strip()))
            )
        side = side_of(state, match, who)
        if side in scores and _different(state, match, typed[side], who):
            raise TournamentError(
                _("{first} and {second} are partners at {where}: one score per partnership").format(
                    first=quote(typed[side].strip()), second=quote(who.strip()), where=_where(match)
                )
            )
        typed[side] = who
        if side in scores:
            raise TournamentError(
                _("{strip} is given a score twice at {where}").format(
                    strip=quote(who.strip()), where=_where(match)
                )
            )
        scores[side] = parse_whole(value, bound)
    if match.outcome is None:  # sides out by forfeit or no-show, the others playing on,
        for side in match.forfeited:  # played nothing: 0 unless the sheet says otherwise
            scores.setdefault(side, 0)
    missing = [
        state.entrant_name(match.sides[s]) for s in range(len(match.sides)) if s not in scores
    ]
    if missing:
        raise TournamentError(
            _("no score for {missing} at {where}").format(
                missing=", ".join(missing), where=_where(match)
            )
        )
    return [scores[side] for side in range(len(match.sides))]


def _different(state: TournamentState, match: MatchRecord, first: str, second: str) -> bool:
    """Whether two names typed for one side name two people (partners), not one twice."""
    from tourney.names import fold

    if not state.created.partnerships:
        return False
    return fold(first.strip()) != fold(second.strip()) and not (
        first.strip().isdigit() or second.strip().isdigit()
    )


def side_names(state: TournamentState, match: MatchRecord) -> Sequence[str]:
    """Each side's entrant, in side order (the labels of the web page's boxes)."""
    return [state.entrant_name(entrant) for entrant in match.sides]
