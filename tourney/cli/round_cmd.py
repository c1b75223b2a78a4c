"""`tourney pair` and `tourney pairings`: pair the next round, show who sits where and why.

Without ``from __future__ import annotations``: Typer reads a command's parameters' types,
and a string annotation costs it a compile each (~0.7 M instructions per parameter, for a
command that runs in ~470 M); names only for type checking are quoted."""

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tourney import limits
from tourney.cli.director_options import (
    AvoidSameClub,
    Forbid,
    Override,
    TournamentOpt,
    Why,
    open_director,
)
from tourney.cli.options import Db, json_flag, within
from tourney.cli.scorer_io import echo
from tourney.i18n import _, in_english

if TYPE_CHECKING:
    from tourney.store.eventstore import EventStore
    from tourney.tournament.events import TournamentEvent
    from tourney.tournament.state import TournamentState

NOT_PLAYED = "not played yet"
RULES = frozenset(("elimination.rule", "double_elimination.rule"))
"""The notes that state a knockout's rule for a tie: said by `pair` even without --why."""


def _tables(
    state: "TournamentState", number: int, store: "EventStore | None" = None
) -> list[dict[str, Any]]:
    """Round ``number``'s tables as the published pairings page shows them (one source:
    `reports.rounds.round_view`); with ``store``, a table with moves recorded and no
    result yet is "in progress" (with the score the match read model holds)."""
    from tourney.cli.notes_text import said
    from tourney.reports.rounds import round_view

    tables = [
        {
            "table": table.number,
            "match": table.match_id,
            "seats": [seat.name for seat in table.seats],
            "why": "" if table.why_note is None else said(state, table.why_note),
            "result": table.result,
            **({"bracket": table.bracket} if table.bracket else {}),
        }
        for table in round_view(state, number).tables
    ]
    if store is not None:
        for table in tables:
            if table["result"] == NOT_PLAYED:
                table["result"] = _progress(store, str(table["match"]))
    return tables


def _progress(store: "EventStore", match: str) -> str:
    """``in progress (40-12)`` for a match with moves recorded after the pairing opened
    it, else ``not played yet``."""
    from tourney.streams.matches import match_stream
    from tourney.tournament.results.winners import scores_text

    stream = match_stream(match)
    version = store.stream_version(stream)
    if version <= 1:  # its match_started alone
        return NOT_PLAYED
    rows = store.fetch_rows(
        f"SELECT version, scores FROM match_views WHERE stream_id = {store.mark}", (stream,)
    )
    if rows and int(rows[0][0]) == version:
        scores = rows[0][1]
        values = json.loads(scores) if isinstance(scores, str) else scores
        if isinstance(values, list) and values:
            return f"in progress ({scores_text(values)})"
    return "in progress"


@in_english  # JSON is for programs: its words are the same in every language
def _round_json(
    state: "TournamentState", number: int, store: "EventStore | None" = None
) -> dict[str, Any]:
    from tourney.cli.notes_text import said

    paired = state.rounds[number - 1]
    payload: dict[str, Any] = {
        "round": number,
        "tables": _tables(state, number, store),
        "byes": [state.entrant_name(e) for e in paired.byes],
        "notes": [said(state, note) for note in paired.notes],
    }
    from tourney.tournament.format import format_of

    stage = format_of(state).round_stage(state, number)  # a groups tournament's: "pools"...
    if stage is not None:
        payload["stage"] = stage
    return payload


def _print_round(
    state: "TournamentState",
    number: int,
    why: bool,
    store: "EventStore | None" = None,
    said: frozenset[str] = frozenset(),
) -> None:
    paired = state.rounds[number - 1]
    from tourney.tournament.format import format_of

    fmt = format_of(state)
    title = fmt.round_name(state, number)  # its own name: "Round 2 (semi-finals)"
    if paired.overridden:
        title = _("{title} (paired by the director's override)").format(title=title)
    echo(title)
    for table in _tables(state, number, store):
        echo(
            _("  table {table:<3} {match:<28} {seats}   [{result}]").format(
                table=table["table"],
                match=table["match"],
                seats=" · ".join(table["seats"]),
                result=table["result"],
            )
            + (f"  {table['bracket']}" if table.get("bracket") else "")
        )
        if why and table["why"]:
            echo(_("      why: {why}").format(why=table["why"]))
    brackets = fmt.bye_brackets(state, number)
    for entrant in paired.byes:
        where = f"  {brackets[entrant]}" if entrant in brackets else ""
        echo(_("  bye: {entrant_name}").format(entrant_name=state.entrant_name(entrant)) + where)
    from tourney.cli.notes_text import said as note_said
    from tourney.tournament.notes.notes import mentions

    for note in paired.notes:
        # How a knockout's shared win was settled is said always: the rule it applied.
        text = note_said(state, note)
        if (why or mentions(note, RULES)) and text not in said:
            echo(_("  note: {note}").format(note=text))


def _forbidden_pair(state: "TournamentState", text: str) -> frozenset[str]:
    """``"Ann,Bo"`` as the pair of player ids that must not meet."""
    from tourney.errors import TourneyError
    from tourney.tournament.entries.entries import player_id

    names = [name.strip() for name in text.split(",")]
    if len(names) != 2 or not all(names):
        raise TourneyError(
            _("--forbid takes two players, like 'Ann,Bo', not {text!r}").format(text=text)
        )
    pair = frozenset(player_id(state, name) for name in names)
    if len(pair) != 2:
        raise TourneyError(_("--forbid {text!r} names the same player twice").format(text=text))
    return pair


def pair(
    tournament: TournamentOpt = None,
    override: Override = False,
    avoid_same_club: AvoidSameClub = False,
    forbid: Forbid = None,
    deciding: Annotated[
        bool, typer.Option(help="Elimination: pair deciding matches for tied knockout tables.")
    ] = False,
    why: Why = False,
    draft: Annotated[
        bool,
        typer.Option(
            "--draft",
            help="Pair the next Swiss round as a draft to review (no table opens): "
            "tourney draft swap, then pair --publish.",
        ),
    ] = False,
    publish: Annotated[
        bool, typer.Option("--publish", help="Publish the draft: it becomes the round.")
    ] = False,
    db: Db = None,
    as_json: Annotated[bool, json_flag("the round's tables")] = False,
) -> None:
    """Pair the next round, seat every table and open its match for the scorers.

    Refused while results of the previous round are missing, unless --override. With
    --draft the round is a draft to review first (`tourney draft`), opened by --publish.

    Example: tourney pair --avoid-same-club --forbid "Ann Lee,Bo Lee" --why
    """
    from tourney.cli import draft_cmd
    from tourney.director.season import pairing_ratings
    from tourney.errors import TourneyError

    if draft or publish:
        pairing_options = draft or bool(forbid) or deciding or as_json or why
        if publish and (pairing_options or override or avoid_same_club):
            raise TourneyError(
                _("pair --publish takes no other option: it opens the draft as made")
            )
        if draft and (forbid or deciding or as_json):
            raise TourneyError(
                _(
                    "pair --draft takes --avoid-same-club and --override only (a "
                    "draft is a Swiss round, reviewed with tourney draft)"
                )
            )
        if draft:
            draft_cmd.make(avoid_same_club, override, tournament, db)
        else:
            draft_cmd.publish(tournament, db)
        return
    from tourney.tournament.seating.next_round import decide_deciding_matches, decide_next_round

    with open_director(db) as director:
        slug = director.resolve(tournament)
        ratings = None if deciding else pairing_ratings(director, slug)

        def decide(state: "TournamentState") -> "list[TournamentEvent]":
            if deciding:
                return decide_deciding_matches(state)
            pairs = frozenset(_forbidden_pair(state, item) for item in forbid or ())
            return decide_next_round(
                state,
                override=override,
                forbidden=pairs,
                avoid_same_club=avoid_same_club,
                ratings=ratings,
            )

        loaded, _paired = director.pair(slug, decide)
        number = len(loaded.state.rounds)
        if as_json:
            typer.echo(json.dumps(_round_json(loaded.state, number), ensure_ascii=False))
            return
        from tourney.tournament.format import format_of

        said = format_of(loaded.state).announcement(loaded.state, number)
        for line in said:
            echo(line)
        _print_round(loaded.state, number, why, said=frozenset(said))
        from tourney.cli.next_steps import record_line

        line = record_line(_paired)
        if line:
            echo(line)


def pairings(
    round: Annotated[
        int | None,
        within(limits.ROUNDS, "--round", "-r", help="The round (default: the latest).", low=1),
    ] = None,
    why: Why = False,
    tournament: TournamentOpt = None,
    db: Db = None,
    as_json: Annotated[bool, json_flag("the round's tables")] = False,
) -> None:
    """Show the pairings and seating of a round, with each table's result so far.

    Example: tourney pairings --round 2 --why
    """
    from tourney.errors import TourneyError

    with open_director(db, reads=True) as director:
        slug = director.resolve(tournament)
        state = director.load(slug).state
        if not state.rounds:
            raise TourneyError(
                _("no round of {slug} is paired yet: tourney pair -t {slug}").format(slug=slug)
            )
        number = round or len(state.rounds)
        if not 1 <= number <= len(state.rounds):
            raise TourneyError(
                _("round {number} is not paired: {slug} has rounds 1 to {count}").format(
                    number=number, slug=slug, count=len(state.rounds)
                )
            )
        if as_json:
            typer.echo(json.dumps(_round_json(state, number, director.store), ensure_ascii=False))
            return
        _print_round(state, number, why, director.store)


def register(root: typer.Typer) -> None:
    root.command(rich_help_panel="Director")(pair)
    root.command(rich_help_panel="Director")(pairings)
