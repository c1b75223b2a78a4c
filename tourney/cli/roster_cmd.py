"""`tourney roster`: the people the club knows across nights; rename and merge them."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Annotated, Any

import typer

from tourney.cli.director_options import open_director
from tourney.cli.options import Db, json_flag
from tourney.cli.scorer_io import echo
from tourney.i18n import (
    DEFAULT,
    _,
    current,
    format_number,
    local_decimal,
    ngettext,
    sort_key,
    using,
)

app = typer.Typer(
    name="roster",
    help="The club roster: people known across nights (list, show, rename, merge).",
    invoke_without_command=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)

Who = Annotated[str, typer.Argument(help="A person: their name (any case or accents) or id.")]


@app.callback(invoke_without_command=True)
def roster(
    ctx: typer.Context,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print CSV.")] = False,
    db: Db = None,
    as_json: Annotated[bool, json_flag("the roster")] = False,
) -> None:
    """List the club's people: everyone who played in any tournament of the database.

    An entry is the person its registration was linked to (`player add` links it); entries
    from before the roster, never linked, are joined by name (same name, compared as
    everywhere: case, accents, spacing) and the joins are reported under the list.

    Example: tourney roster --csv > roster.csv
    """
    if ctx.invoked_subcommand is not None:
        return
    from tourney.cli.season_io import print_rows
    from tourney.director.season import load_season
    from tourney.reports.season import join_lines, roster_csv, roster_json, roster_rows

    with open_director(db) as director:
        season = load_season(director.store, entries_only=True)
    club = season.club
    if as_json:
        typer.echo(roster_json(club), nl=False)
        return
    if as_csv:
        typer.echo(roster_csv(club), nl=False)
        return
    rows = [
        (r["id"] or "-", r["name"], str(r["nights"]), str(r["entries"])) for r in roster_rows(club)
    ]
    by_name = sort_key()
    rows.sort(key=lambda row: by_name(row[1]))  # alphabetical, in the reader's language
    print_rows(
        _("Club roster — {counted}").format(
            counted=ngettext("{n} person", "{n} people", len(rows)).format(n=len(rows))
        ),
        ("id", _("Name"), _("Nights"), _("Entries")),
        rows,
    )
    for line in join_lines(club):
        echo(line)


@app.command()
def rename(
    who: Who,
    name: Annotated[str, typer.Argument(help="Their new name, as the club prints it.")],
    db: Db = None,
) -> None:
    """Rename a person (their entries in past tournaments keep the names they played under).

    Example: tourney roster rename "Zoe Park" "Zoë Park"
    """
    from tourney.director.season import append, load_season, roster_append
    from tourney.names import clean_name
    from tourney.season.roster import PersonRenamed, decide_rename

    with open_director(db) as director:
        season = load_season(director.store, entries_only=True)
        events = decide_rename(season.club, who, clean_name(name))
        append(director.store, roster_append(season, events, director.recorded_by))
    renamed = next(e for e in events if isinstance(e, PersonRenamed))
    echo(_("Renamed {person_id} to {name}.").format(person_id=renamed.person_id, name=renamed.name))


@app.command()
def merge(
    keep: Annotated[str, typer.Argument(help="The person who stays (name or id).")],
    merged: Annotated[str, typer.Argument(help="The duplicate: counted as PERSON from now on.")],
    db: Db = None,
) -> None:
    """Two identities were one person: everything of DUPLICATE counts for PERSON from now on
    (nights, series points, ratings: they are worked out again with them as one).

    Example: tourney roster merge "Zoë Park" "Zoe Parks"
    """
    from tourney.director.season import append, load_season, roster_append
    from tourney.season.roster import PersonsMerged, decide_merge

    with open_director(db) as director:
        season = load_season(director.store, entries_only=True)
        events = decide_merge(season.club, keep, merged)
        append(director.store, roster_append(season, events, director.recorded_by))
        after = load_season(director.store, entries_only=True).club
    event = next(e for e in events if isinstance(e, PersonsMerged))
    kept = after.people[event.person_id]
    echo(
        _("Merged {merged} into {name} ({person_id}): {count} nights, {count2} entries.").format(
            merged=event.merged,
            name=kept.name,
            person_id=event.person_id,
            count=len(kept.nights),
            count2=len(kept.entries),
        )
    )


@app.command()
def show(
    who: Who, db: Db = None, as_json: Annotated[bool, json_flag("the person")] = False
) -> None:
    """A person: the nights they played (place and match points), their matches' results,
    and their rating with its history.

    Example: tourney roster show "Zoë Park"
    """
    from tourney.director.season import load_season
    from tourney.reports.results import result_text
    from tourney.season.ratings import rate, rated_matches
    from tourney.tournament.matches import points_text
    from tourney.tournament.standings.standings import standings_of

    with open_director(db) as director:
        season = load_season(director.store)
    club = season.club
    key = club.one(who)
    person = club.people[key]
    ratings = rate(rated_matches(season.nights, club.person_of))
    nights: list[dict[str, Any]] = []
    for entry in person.entries:
        night = season.night(entry.tournament)
        state = night.state
        entrant = state.players[entry.player_id].team or entry.player_id
        row = next((r for r in standings_of(state) if r.entrant_id == entrant), None)
        with using(DEFAULT if as_json else current()):  # JSON is for programs: English
            results = [
                {"match": m.match_id, "round": m.round, "result": result_text(state, m)}
                for m in state.matches.values()
                if entry.player_id in m.seats
            ]
        nights.append(
            {
                "tournament": entry.tournament,
                "name": state.created.name,
                "entered_as": entry.name,
                "place": None if row is None else row.rank_text,
                "match_points": None if row is None else str(row.match_points),
                "matches": results,
            }
        )
    history = [
        {
            "match": u.match.match,
            "tournament": u.match.tournament,
            "mu": after[0],
            "sigma": after[1],
        }
        for u in ratings.updates
        for team_key, after in zip(
            [p for team in u.match.teams for p in team], u.after, strict=True
        )
        if team_key == key
    ]
    rating = ratings.players.get(key)
    document = {
        "id": key if person.registered else None,
        "name": person.name,
        "nights": nights,
        "rating": None
        if rating is None
        else {
            "mu": rating.mu,
            "sigma": rating.sigma,
            "ordinal": rating.ordinal,
            "matches": rating.matches,
        },
        "history": history,
    }
    if as_json:
        typer.echo(json.dumps(document, ensure_ascii=False, indent=2))
        return
    label = person.key if person.registered else _("joined by name, not yet registered")
    echo(
        _("{name} ({label}): {count} nights").format(
            name=person.name, label=label, count=len(person.nights)
        )
    )
    for played in nights:
        points = played["match_points"]
        echo(
            _("  {name}: place {place}, match points: {points}").format(
                name=played["name"],
                place=played["place"] or "-",
                points=local_decimal(points_text(Fraction(points))) if points else "0",
            )
            + (
                _(" (as {name})").format(name=played["entered_as"])
                if played["entered_as"] != person.name
                else ""
            )
        )
        for match in played["matches"]:
            echo(
                _("    round {round} {match}: {result}").format(
                    round=match["round"], match=match["match"], result=match["result"]
                )
            )
    if rating is None:
        echo(_("  not rated yet"))
    else:
        echo(
            _("  rating: {ordinal} (mu {mu}, sigma {sigma}), {counted}; mu by match: {mus}").format(
                ordinal=format_number(rating.ordinal, 2),
                mu=format_number(rating.mu, 2),
                sigma=format_number(rating.sigma, 2),
                counted=ngettext("{n} match", "{n} matches", rating.matches).format(
                    n=rating.matches
                ),
                mus=" ".join(format_number(float(str(h["mu"])), 1) for h in history),
            )
        )


def register(root: typer.Typer) -> None:
    root.add_typer(app, rich_help_panel="Season")
