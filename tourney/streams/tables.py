"""Table codes: ``T3`` names table 3 of the current round, for scorers and director alike.

A code resolves to the match at that table in the latest round of a tournament (a deciding
match of that round at that table counts too): the newest tournament unless one is named.
Ad-hoc matches cannot take a table code, nor an id of the shape the director's desk gives
tournament tables (``<slug>-r<round>-t<table>``): such ids are reserved, so no stream can
ever shadow a table.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tourney.errors import TourneyError
from tourney.i18n import _

if TYPE_CHECKING:
    from tourney.store.eventstore import EventStore
    from tourney.tournament.state import TournamentState

TABLE_CODE = re.compile(r"^[Tt]([0-9]{1,4})$")
"""``T3``: table 3 of the current round."""

_TOURNAMENT_MATCH = re.compile(r"-[Rr][0-9]+-[Tt][0-9]+(-[Pp][0-9]+)?(-[Dd][0-9]+)*$")
"""``SLUG-r3-t2``, a round paired again ``SLUG-r3-t2-p2``, a deciding match ``...-d1``."""


def table_number(code: str) -> int | None:
    """3 for ``T3`` (any case), None for anything that is not a table code."""
    found = TABLE_CODE.match(code)
    return int(found.group(1)) if found else None


def reserved(match_id: str) -> str | None:
    """Why `match_id` cannot name an ad-hoc match, or None if it can."""
    if table_number(match_id) is not None:
        return (
            f"{match_id} is a table code (table {table_number(match_id)} of the current "
            "round); give an ad-hoc match another id, e.g. K1"
        )
    if _TOURNAMENT_MATCH.search(match_id):
        return (
            f"{match_id} has the shape of a tournament table's id (SLUG-rN-tN): those are "
            "opened by `tourney pair`; give an ad-hoc match another id, e.g. K1"
        )
    return None


def table_in(state: TournamentState, table: int) -> str | None:
    """The match id at `table` in the latest round of `state` (its deciding match there, if
    one was paired), or None."""
    if not state.rounds:
        return None
    latest = state.rounds[-1]
    found = [t.match_id for t in latest.tables if t.number == table]
    found += [
        d.table.match_id
        for d in state.deciding
        if d.round == latest.round and d.table.number == table
    ]
    return found[-1] if found else None


def tables_in(state: TournamentState) -> list[int]:
    """The table numbers of the latest round of `state`."""
    if not state.rounds:
        return []
    latest = state.rounds[-1]
    numbers = {t.number for t in latest.tables}
    numbers |= {d.table.number for d in state.deciding if d.round == latest.round}
    return sorted(numbers)


def table_match(store: EventStore, table: int) -> str | None:
    """The match id of table `table` in the newest tournament's latest round, or None."""
    state = newest_tournament(store)
    return None if state is None else table_in(state, table)


def no_such_table(code: str, state: TournamentState | None) -> TourneyError:
    """The refusal for a table code that names no table: which tables there are."""
    if state is None:
        return TourneyError(
            _("no table {code}: no round has been paired yet (tourney pair)").format(code=code)
        )
    if not state.rounds:
        return TourneyError(
            _("no table {code}: no round of {title} has been paired yet (tourney pair)").format(
                code=code, title=state.title
            )
        )
    numbers = tables_in(state)
    listing = ", ".join(f"T{n}" for n in numbers)
    return TourneyError(
        _("no table {code} in round {round} of {title}: its tables are {listing}").format(
            code=code, round=state.rounds[-1].round, title=state.title, listing=listing
        )
    )


def newest_tournament(store: EventStore) -> TournamentState | None:
    """The state of the newest tournament in the store, or None when there is none."""
    from tourney.streams.tournaments import newest, played

    slug = newest(store)
    found = None if slug is None else played(store, slug)
    return None if found is None else found[0]


def match_id_of(state: TournamentState, text: str) -> str:
    """The match id a director means by ``text``, whatever the edge (the CLI's argument, a
    web form's field): a table code (``T3``, table 3 of the latest round) or a match id of
    the tournament, any case. TourneyError naming it otherwise."""
    from tourney.errors import quote
    from tourney.limits import check_text

    check_text(text, _("match"))
    number = table_number(text.strip())
    if number is not None:
        found = table_in(state, number)
        if found is None:
            raise no_such_table(text.strip().upper(), state)
        return found
    for match_id in state.matches:
        if match_id.casefold() == text.casefold():
            return match_id
    raise TourneyError(_("no match {text} in {title}").format(text=quote(text), title=state.title))


def match_and_sides(state: TournamentState, match: str, text: str) -> tuple[str, list[int]]:
    """The match id, and the sides named (``"Bo"``, ``"Bo,Cy"``) or numbered from 1
    (``"2"``, ``"1,3"``) as indexes from 0, checked against that match
    (`tourney.tournament.results.sides`)."""
    from tourney.limits import check_text
    from tourney.tournament.results.sides import sides_named

    match_id = match_id_of(state, match)
    check_text(text, _("sides"))
    return match_id, sides_named(state, state.matches[match_id], text)


def scores_of(state: TournamentState, match_id: str, text: str) -> list[int]:
    """Final scores per side as the director types them, whatever the edge (the CLI's
    ``--scores``/``--hand``, the web's score boxes): by name, ``"Ann=10,Bo=61"`` (any
    order), or in seat order, ``"61,40"``; Racehorse: net units, ``"+8,-2,-6"`` (the ruling
    checks them against the game: `winners.check_scores`)."""
    from tourney.errors import quote
    from tourney.limits import SIGNED_SCORE, LimitError, check_text
    from tourney.tournament.results.sides import scores_named

    check_text(text, _("scores"))
    try:
        values = scores_named(state, state.matches[match_id], text, SIGNED_SCORE)
    except LimitError as exc:
        raise TourneyError(
            _(
                "scores are whole numbers per side, by name like 'Ann=61,Bo=40' "
                "or in seat order like '61,40' (Racehorse: net units, "
                "'+8,-2,-6'), not {text} ({exc})"
            ).format(text=quote(text), exc=exc)
        ) from None
    if not values:
        raise TourneyError(
            _("no scores in {text}: give one per side, like 'Ann=61,Bo=40'").format(
                text=quote(text)
            )
        )
    return values
